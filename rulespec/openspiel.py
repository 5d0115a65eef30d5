"""Every rulespec game as an OpenSpiel game (``pip install "rulespec[openspiel]"``).

>>> import pyspiel, rulespec.openspiel
>>> game = rulespec.openspiel.game("mandala", players=2)
>>> game.get_type().short_name, game.num_players()
('rulespec_mandala', 2)
>>> rulespec.openspiel.register()  # load_game strings: one short name per game
>>> pyspiel.load_game("rulespec_mandala(players=3)").num_players()
3

One module for every game of :data:`rulespec.GAMES`, with no code of its own per game:
everything is read from the game's spec, its variant table, its bounds and its action
ids. An OpenSpiel state wraps an immutable rulespec state; ``apply_action`` replaces the
wrapped state by the next one, so a clone shares it (nothing is copied) and keeps its
history, which the information state is built from.

* Actions are the rulespec action ids (``game.action(i)``), chance outcomes the chance
  ids (``game.chance_outcome(i)``); ``max_chance_outcomes`` is the size of the chance id
  space, not the widest chance node.
* Observations (``perfect_recall=False``) are ``state.observation(p)``: its tensor and
  its JSON as the string; the public or the private part alone when OpenSpiel asks for
  it. Information states (``perfect_recall=True``) are ``state.information_state(p)``:
  its tensor and ``str()``.
* Serialisation writes the history as action ids and reads it back by replaying them.
* ``resample_from_infostate(p, sampler)`` calls ``state.resample(p, rng)`` with
  ``rng = random.Random(int(sampler() * 2**53))``; OpenSpiel's Python IS-MCTS uses it.
* ``undo_action(player, action)`` takes back the last action (from Python).

Importing this module needs ``open_spiel`` (the ``openspiel`` extra); importing
:mod:`rulespec` alone never imports it, and nothing is registered until :func:`register`
(or :func:`game`) is called.
"""

from __future__ import annotations

import functools
import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # pragma: no cover (the extra is part of dev)
    raise ImportError(
        "rulespec.openspiel needs OpenSpiel, which is not installed; install the extra: "
        "pip install 'rulespec[openspiel]'"
    ) from exc

import rulespec
from rulespec.core import history as histories
from rulespec.core.play import playout
from rulespec.core.seats import NO_SEAT, Unchecked, check_seat
from rulespec.errors import InvalidArgument

__all__ = [
    "PREFIX",
    "RulespecGame",
    "RulespecObserver",
    "RulespecState",
    "bench",
    "game",
    "game_class",
    "measure_overhead",
    "parameters",
    "register",
    "short_name",
]

PREFIX = "rulespec_"
"""OpenSpiel short names are this prefix and the game id (``rulespec_lotus``)."""

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_SEQUENTIAL = pyspiel.GameType.Dynamics.SEQUENTIAL
_PARAMETER_TYPES = (bool, int, float, str)


def short_name(game_id: str) -> str:
    """The OpenSpiel short name of a rulespec game id: ``rulespec_<id>``."""
    return PREFIX + game_id


def parameters(game_id: str) -> dict[str, object]:
    """A game's OpenSpiel parameters with their defaults: every setting of the game
    (``game.settings()``: the variant axes and options of its variant table), valued as
    for ``spec.variants()[0]`` (the first column, default options)."""
    first = rulespec.spec(game_id).variants()[0]
    defaults = dict(rulespec.game(game_id, **first).settings())  # with any derived setting
    odd = {k: v for k, v in defaults.items() if not isinstance(v, _PARAMETER_TYPES)}
    if odd:  # pragma: no cover (every table holds text and numbers)
        raise TypeError(f"{game_id}: settings {odd} are not OpenSpiel parameter values")
    return dict(defaults)


class _Variant:
    """One rulespec game object per variant, shared by every OpenSpiel game, state and
    deserialised state of it (and so its memos: action ids, tensor encoders, bounds).
    Ids are looked up by identity (an ``id()`` hashes faster than an attrs record): the
    chance outcomes here, the decisions by the numbering itself. Keeping ``ids`` keeps
    the listed actions alive, so their ``id()`` stays theirs."""

    __slots__ = (
        "chance",
        "chance_of",
        "decisions",
        "game",
        "ids",
        "initial",
    )

    def __init__(self, rs_game: Any) -> None:
        self.game = rs_game
        self.initial = rs_game.initial_state()
        """The root of every history (immutable, so shared: OpenSpiel makes a new initial
        state for every clone)."""
        self.ids = rs_game.action_ids()
        self.decisions: tuple[Any, ...] = self.ids.decisions
        self.chance: tuple[Any, ...] = self.ids.chance
        self.chance_of = {id(a): i for i, a in enumerate(self.chance)}

    def decision_ids(self, actions: tuple[Any, ...]) -> list[int]:
        """The ids of ``actions`` (decisions), ascending (looked up by identity:
        :meth:`rulespec.core.action_ids.ActionIds.decision_ids`)."""
        ids = list(self.ids.decision_ids(actions))
        ids.sort()
        return ids

    def outcomes(self, weighted: Any) -> list[tuple[int, float]]:
        """(id, probability) of chance outcomes given with whole-number weights, ids
        ascending, zero weights left out."""
        chance_of = self.chance_of
        pairs: list[tuple[int, int]] = []
        total = 0
        for a, w in weighted:
            if w > 0:
                total += w
                i = chance_of.get(id(a))
                pairs.append((self.ids.chance_id(a) if i is None else i, w))
        pairs.sort()
        return [(i, w / total) for i, w in pairs]


_VARIANTS: dict[tuple[str, tuple[tuple[str, object], ...]], _Variant] = {}


@functools.lru_cache(maxsize=256)
def _variant(game_id: str, settings: tuple[tuple[str, object], ...]) -> _Variant:
    """The variant of ``settings`` (some left to their defaults), one per full settings."""
    rs_game = rulespec.game(game_id, **dict(settings))
    key = _key(rs_game)
    found = _VARIANTS.get(key)
    if found is None:
        found = _VARIANTS[key] = _Variant(rs_game)
    return found


def _rulespec_game(game_id: str, settings: tuple[tuple[str, object], ...]) -> Any:
    return _variant(game_id, settings).game


def _key(rs_game: Any) -> tuple[str, tuple[tuple[str, object], ...]]:
    return rs_game.spec.id, tuple(sorted(rs_game.settings().items()))


# --- game type and info ----------------------------------------------------------------


def _utility(utility_sum: float | None) -> Any:
    """OpenSpiel's utility kind from the bounds: zero or constant sum when every game's
    returns add up to the same number, else general sum."""
    kinds = pyspiel.GameType.Utility
    if utility_sum is None:
        return kinds.GENERAL_SUM
    return kinds.ZERO_SUM if utility_sum == 0 else kinds.CONSTANT_SUM


def _information_tensor(rs_game: Any) -> bool:
    """Whether the variant offers information-state tensors (not when too large)."""
    try:
        rs_game.information_state_shape()
    except InvalidArgument:
        return False
    return True


def _game_type(rs_game: Any) -> Any:
    spec = rs_game.spec
    deterministic = spec.chance is rulespec.ChanceMode.DETERMINISTIC
    perfect = rs_game.information is rulespec.Information.PERFECT
    return pyspiel.GameType(
        short_name=short_name(spec.id),
        long_name=f"rulespec {spec.title}",
        dynamics=_SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.DETERMINISTIC
            if deterministic
            else pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=_utility(rs_game.bounds().utility_sum),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.players[1],
        min_num_players=spec.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=_information_tensor(rs_game),
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(spec.id),
    )


def _game_info(rs_game: Any) -> Any:
    b = rs_game.bounds()
    return pyspiel.GameInfo(
        num_distinct_actions=rs_game.num_distinct_actions,
        max_chance_outcomes=rs_game.num_chance_outcomes,
        num_players=rs_game.players,
        min_utility=float(b.min_utility),
        max_utility=float(b.max_utility),
        utility_sum=None if b.utility_sum is None else float(b.utility_sum),
        max_game_length=b.max_game_length,
    )


# --- the game ---------------------------------------------------------------------------


class RulespecGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no stubs
    """One variant of a rulespec game as a ``pyspiel.Game``.

    Build one with :func:`game` or, after :func:`register`, ``pyspiel.load_game``;
    ``rulespec`` is the wrapped rulespec game.
    """

    def __init__(self, game_id: str, params: Mapping[str, object] | None = None) -> None:
        settings = parameters(game_id)
        settings.update(params or {})
        self._variant = _variant(game_id, tuple(sorted(settings.items())))
        self.rulespec = self._variant.game
        full = dict(self.rulespec.settings())
        super().__init__(_game_type(self.rulespec), _game_info(self.rulespec), full)

    def new_initial_state(self) -> RulespecState:
        """The state before any chance: setup is still to be dealt."""
        return RulespecState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None
    ) -> RulespecObserver:
        """The observer OpenSpiel asks for (see :class:`RulespecObserver`)."""
        return RulespecObserver(
            self.rulespec,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


class _Held:
    """The wrapped rulespec state (and its variant's id tables), owned by one OpenSpiel
    state, which replaces :attr:`state` at each step (no allocation per step). A deep
    copy (OpenSpiel clones a Python state by deep-copying its attributes) is a new holder
    of the same immutable rulespec state, history included; a pickle (OpenSpiel
    serialises a Python state as its pickled attributes) writes the history as action
    ids and is read back by replaying them."""

    __slots__ = ("back", "stale", "state", "variant")

    def __init__(self, state: Any, variant: _Variant, stale: bool = False) -> None:
        self.state = state
        self.variant = variant
        self.back: Any = None
        """The state before :attr:`state` when it was made by ``apply_action`` (so one
        undo needs no replay); None after an undo or a copy."""
        self.stale = stale
        """True when OpenSpiel's C++ copy of the history is not :attr:`state`'s, so the
        history is read from :attr:`state`: once an action was undone here (Python
        cannot shorten the C++ copy), and in a resampled state (filling it would mean
        applying every action through OpenSpiel again)."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(self.state, self.variant, self.stale)

    def __copy__(self) -> _Held:
        return _Held(self.state, self.variant, self.stale)

    def __reduce__(self) -> tuple[Callable[..., _Held], tuple[object, ...]]:
        root, actions = histories.walk(self.state)
        rs_game = self.state.game
        start = None if root == self.variant.initial else root.to_json()
        ids = tuple(rs_game.action_id(a) for a in actions)
        return _replay, (*_key(rs_game), start, ids)


def _replay(
    game_id: str,
    settings: tuple[tuple[str, object], ...],
    start: Mapping[str, Any] | None,
    ids: tuple[int, ...],
) -> _Held:
    """A held state rebuilt from its root and the ids of the actions since."""
    variant = _variant(game_id, settings)
    rs_game = variant.game
    state = variant.initial if start is None else rs_game.state_from_json(start)
    for i in ids:
        state = state.apply(rs_game.chance_outcome(i) if state.is_chance else rs_game.action(i))
    return _Held(state, variant)


class RulespecState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no stubs
    """An OpenSpiel state wrapping an immutable rulespec state (:attr:`rulespec`)."""

    def __init__(self, game: RulespecGame) -> None:
        super().__init__(game)
        self._held = _Held(game._variant.initial, game._variant)

    @property
    def rulespec(self) -> Any:
        """The wrapped rulespec state (immutable; replaced by each ``apply_action``)."""
        return self._held.state

    def current_player(self) -> int:
        """The seat to act, or ``PlayerId.CHANCE`` / ``PlayerId.TERMINAL``."""
        player = self._held.state.current_player
        if type(player) is int:
            return player
        return _CHANCE if player is rulespec.CHANCE else _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        """The legal decision ids, ascending (OpenSpiel asks only for the seat to act)."""
        held = self._held
        return held.variant.decision_ids(held.state.legal_actions())

    # Called from Python, these answer without a round trip through OpenSpiel's C++ State
    # (which calls back into Python for the current player, then the legal actions); from
    # C++ they are not used, and the answers are the same.

    def legal_actions(self, player: int | Unchecked = NO_SEAT) -> list[int]:
        """The legal ids of ``player`` (default: the seat to act): decision ids, or at a
        chance node the chance outcome ids; empty for any other seat and at the end.
        ``player`` is a seat or ``PlayerId.CHANCE``; :class:`~rulespec.InvalidArgument`
        for anything else, ``None`` included."""
        held = self._held
        state = held.state
        if player is not NO_SEAT and player != _CHANCE:
            player = check_seat(player, state.players, "player")
        to_act = state.current_player
        if type(to_act) is int:
            if player is not NO_SEAT and player != to_act:
                return []
            return held.variant.decision_ids(state.legal_actions())
        if to_act is rulespec.CHANCE and (player is NO_SEAT or player == _CHANCE):
            return [i for i, _ in self.chance_outcomes()]
        return []

    def is_chance_node(self) -> bool:
        """True at a chance node."""
        chance: bool = self._held.state.is_chance
        return chance

    def is_player_node(self) -> bool:
        """True when a seat is to act."""
        return type(self._held.state.current_player) is int

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome id with its probability, ids ascending: the chance step's
        whole-number weights over their total (``state.chance_outcome_ids()`` gives the
        same probabilities exactly, as fractions)."""
        held = self._held
        state = held.state
        step = state.game.steps[state.phase]
        if step.outcomes is None:
            return []
        return held.variant.outcomes(step.outcomes(state))

    def _apply_action(self, action: int) -> None:
        held = self._held
        state = held.state
        variant = held.variant
        table = variant.chance if state.is_chance else variant.decisions
        if action < 0 or action >= len(table):
            what = "chance outcome" if state.is_chance else "action"
            raise InvalidArgument(
                f"{what} id: expected a whole number from 0 to {len(table) - 1}, got {action!r}"
            )
        held.back = state
        held.state = state.apply(table[action])

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action, which ``player`` (``PlayerId.CHANCE`` for a chance
        outcome) took with id ``action``: the state becomes the one before it (rulespec
        states are immutable, so nothing is recomputed; a second undo in a row replays
        the history from its root). ``InvalidArgument`` if that was not the last action,
        or there is none. A Python method: OpenSpiel's C++ algorithms cannot call it, and
        since Python cannot shorten OpenSpiel's own copy of the history, ``history()``,
        ``full_history()``, ``history_str()`` and ``move_number()`` are read from the
        rulespec history once a state has undone an action."""
        held = self._held
        state = held.state
        link = getattr(state, "_trail", None)
        if link is None:
            raise InvalidArgument(
                f"undo_action({player}, {action}): there is no action to undo in this history"
            )
        before = held.back
        if before is None or (getattr(before, "_trail", None) or before) is not link[0]:
            root, actions = histories.walk(state)
            before = root
            for a in actions[:-1]:
                before = before.apply(a)
        last = link[1]
        actor = self._player_id(before)
        done = before.game.action_id(last)
        if (actor, done) != (player, action):
            raise InvalidArgument(
                f"undo_action({player}, {action}): the last action was {done} by player {actor}"
            )
        held.state = before
        held.back = None
        held.stale = True

    @staticmethod
    def _player_id(state: Any) -> int:
        player = state.current_player
        if type(player) is int:
            return player
        return _CHANCE if player is rulespec.CHANCE else _TERMINAL

    def _played(self) -> list[tuple[int, int]]:
        """(player, id) of every action from the root, replayed from the rulespec history."""
        root, actions = histories.walk(self._held.state)
        out = []
        state = root
        for a in actions:
            out.append((self._player_id(state), state.game.action_id(a)))
            state = state.apply(a)
        return out

    def history(self) -> list[int]:
        """The ids of the actions from the start (OpenSpiel's, until an undo)."""
        if not self._held.stale:
            found: list[int] = super().history()
            return found
        game = self._held.state.game
        return [game.action_id(a) for a in histories.walk(self._held.state)[1]]

    def full_history(self) -> list[Any]:
        """Each action from the start with its player (``.player``, ``.action``)."""
        if not self._held.stale:
            return list(super().full_history())
        return [_PlayerAction(p, a) for p, a in self._played()]

    def history_str(self) -> str:
        """The ids of :meth:`history`, joined by ``", "``."""
        return ", ".join(str(i) for i in self.history())

    def move_number(self) -> int:
        """The number of actions (chance outcomes included) from the start."""
        if not self._held.stale:
            found: int = super().move_number()
            return found
        return len(histories.walk(self._held.state)[1])

    def is_initial_state(self) -> bool:
        """True before any action."""
        return self.move_number() == 0

    def _action_to_string(self, player: int, action: int) -> str:
        rs_game = self._held.state.game
        if player == _CHANCE:
            return str(rs_game.chance_outcome(action))
        return str(rs_game.action(action))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        terminal: bool = self._held.state.is_terminal
        return terminal

    def returns(self) -> list[float]:
        """Per seat, ``outcome().returns()`` at the end; zeros before."""
        state = self._held.state
        if not state.is_terminal:
            return [0.0] * state.players
        return list(state.outcome().returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> RulespecState:
        """A state ``player_id`` cannot tell from this one, drawn by the rulespec state's
        ``resample(player_id, rng)`` with ``rng = random.Random(int(probability_sampler()
        * 2**53))`` (one draw from the sampler seeds the whole resampling). Its history
        is the resampled state's, so the player's information state string is kept."""
        seed = int(probability_sampler() * 2**53)
        drawn = self._held.state.resample(player_id, random.Random(seed))
        return _adopt(self.get_game(), drawn)

    def __str__(self) -> str:
        return str(self._held.state)


class _PlayerAction:
    """One entry of ``full_history()`` after an undo (``pyspiel.PlayerAction`` cannot be
    made from Python)."""

    __slots__ = ("action", "player")

    def __init__(self, player: int, action: int) -> None:
        self.player = player
        self.action = action

    def __eq__(self, other: object) -> bool:
        return (getattr(other, "player", None), getattr(other, "action", None)) == (
            self.player,
            self.action,
        )

    def __hash__(self) -> int:
        return hash((self.player, self.action))

    def __repr__(self) -> str:
        return f"PlayerAction(player={self.player}, action={self.action})"


def _adopt(os_game: RulespecGame, target: Any) -> RulespecState:
    """An OpenSpiel state holding ``target`` (a resampled state, with its own history and
    memos), its history read from ``target`` (``_Held.stale``): nothing replayed."""
    out = os_game.new_initial_state()
    out._held = _Held(target, out._held.variant, stale=True)
    return out


# --- observers --------------------------------------------------------------------------


def _pieces(layout: Any) -> list[tuple[str, int, int]]:
    """The layout's entries grouped by top-level field (``mandalas[0].up`` belongs to
    ``mandalas``), each group contiguous: (name, offset, size)."""
    out: list[tuple[str, int, int]] = []
    for e in layout.entries:
        name = e.path.split(".")[0].split("[")[0] or "observation"
        if out and out[-1][0] == name:
            n, at, size = out[-1]
            out[-1] = (n, at, size + e.size)
        else:
            out.append((name, e.offset, e.size))
    if len({n for n, _, _ in out}) != len(out):  # a field split in two: one flat view
        return [("observation", 0, layout.size)]
    return out


class RulespecObserver:
    """An observer in OpenSpiel's ``make_py_observer`` protocol: ``tensor`` (flat
    ``float32``), ``dict`` (named views of it), ``set_from(state, player)`` and
    ``string_from(state, player)``.

    ========================  ============================  ================================
    ``IIGObservationType``    tensor                        string
    ========================  ============================  ================================
    perfect recall, public    ``information_state(p)``      ``str(information_state(p))``
    and private (one seat)    ``.tensor()`` (``None`` when
                              the variant offers none)
    no recall, public and     ``observation(p).tensor()``   ``observation(p).to_json()``
    private (one seat)
    no recall, public only    ``.public_tensor()``          ``.public()``
    no recall, private only   ``.private_tensor()``         ``.private()``
    ========================  ============================  ================================

    The JSON strings are written with sorted keys. Any other combination (every seat's
    private information, perfect recall of a part) raises ``ValueError``.
    """

    def __init__(self, rs_game: Any, iig_obs_type: Any, params: Mapping[str, object] | None):
        if params:
            raise ValueError(f"rulespec observers take no parameters; got {dict(params)}")
        private = iig_obs_type.private_info
        public = iig_obs_type.public_info
        single = pyspiel.PrivateInfoType.SINGLE_PLAYER
        none = pyspiel.PrivateInfoType.NONE
        self.perfect_recall: bool = iig_obs_type.perfect_recall
        if self.perfect_recall and not (public and private == single):
            raise ValueError(
                "rulespec offers perfect recall (information states) of everything a seat "
                "sees: ask for public_info=True, private_info=SINGLE_PLAYER"
            )
        if private not in (single, none) or not (public or private == single):
            raise ValueError(
                f"rulespec observations are one seat's view, or its public or private part; "
                f"public_info={public}, private_info={private} is not offered"
            )
        self.part: bool | None = None if public and private == single else public
        """None: the whole observation; True: its public part; False: its private part."""
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        self._last: tuple[Any, int, Any] | None = None
        if self.perfect_recall:
            if _information_tensor(rs_game):
                layout = histories.tensor_layout(rs_game)
                base = layout[0][2]
                width = histories.slot_width(rs_game)
                steps = histories.horizon(rs_game)
                self.tensor = np.zeros(base + 1 + width * steps, np.float32)
                self.dict["observation"] = self.tensor[:base]
                self.dict["played"] = self.tensor[base : base + 1]
                self.dict["steps"] = self.tensor[base + 1 :].reshape(steps, width)
            return
        layout = rs_game.observation_layout()
        if self.part is not None:
            layout = layout.part(self.part)
        self.tensor = np.zeros(layout.size, np.float32)
        for name, at, size in _pieces(layout):
            self.dict[name] = self.tensor[at : at + size]

    def _view(self, state: RulespecState, player: int) -> Any:
        """``player``'s observation or information state of ``state``; the last one is
        kept, since OpenSpiel asks one observer for the tensor and then the string."""
        rs = state._held.state
        last = self._last
        if last is not None and last[0] is rs and last[1] == player:
            return last[2]
        view = rs.information_state(player) if self.perfect_recall else rs.observation(player)
        self._last = (rs, player, view)
        return view

    def set_from(self, state: RulespecState, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor` (and so :attr:`dict`)."""
        if self.tensor is None:
            return
        view = self._view(state, player)
        if self.perfect_recall or self.part is None:
            numbers = view.tensor()
        elif self.part:
            numbers = view.public_tensor()
        else:
            numbers = view.private_tensor()
        self.tensor[:] = np.frombuffer(numbers, np.float32)

    def string_from(self, state: RulespecState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        view = self._view(state, player)
        if self.perfect_recall:
            return str(view)
        data = (
            view.to_json() if self.part is None else view.public() if self.part else view.private()
        )
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


# --- registration and loading -----------------------------------------------------------


_CLASSES: dict[str, type[RulespecGame]] = {}


def game_class(game_id: str) -> type[RulespecGame]:
    """The ``RulespecGame`` subclass OpenSpiel builds a game's variants with: ``cls(params)``.

    A class, not a closure: OpenSpiel's registry keeps its creators until the process
    ends, after Python has shut down, and a class outlives that (a closure freed then
    aborts the interpreter on exit)."""
    found = _CLASSES.get(game_id)
    if found is None:
        rulespec.spec(game_id)  # an unknown id: rulespec's error

        def init(self: RulespecGame, params: Mapping[str, object] | None = None) -> None:
            RulespecGame.__init__(self, game_id, params)

        found = _CLASSES[game_id] = type(
            f"Rulespec{game_id.title()}Game",
            (RulespecGame,),
            {"__init__": init, "__module__": __name__, "__doc__": RulespecGame.__doc__},
        )
    return found


def register() -> None:
    """Register every game of :data:`rulespec.GAMES` with OpenSpiel under
    :func:`short_name` (``rulespec_mandala``, ``rulespec_lotus``), its parameters those of
    :func:`parameters`, so that ``pyspiel.load_game("rulespec_lotus(edition=fr,players=6)")``
    works. Calling it again does nothing."""
    known = set(pyspiel.registered_names())
    for game_id in rulespec.GAMES.ids:
        name = short_name(game_id)
        if name not in known:
            default = _rulespec_game(game_id, tuple(sorted(parameters(game_id).items())))
            pyspiel.register_game(_game_type(default), game_class(game_id))


def game(game_id: str, **settings: object) -> Any:
    """The ``pyspiel.Game`` of a rulespec game and variant, e.g.
    ``game("lotus", edition="fr", players=6)``; settings left out take the defaults of
    :func:`parameters`. Registers the games first (:func:`register`), so that OpenSpiel
    can load the game again by name (it does so to deserialise a state)."""
    params = parameters(game_id)
    params.update(settings)
    _rulespec_game(game_id, tuple(sorted(params.items())))  # unknown values: rulespec's error
    register()
    return pyspiel.load_game(short_name(game_id), params)


# --- speed ------------------------------------------------------------------------------


def random_playout(state: Any, rng: random.Random) -> int:
    """Play a pyspiel state to the end, uniformly at random (chance by its probabilities,
    drawn with ``rng``); returns the number of steps. Used to time any OpenSpiel game."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            r = rng.random()
            action = outcomes[-1][0]
            for outcome, p in outcomes:
                r -= p
                if r < 0:
                    action = outcome
                    break
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        steps += 1
    return steps


def measure_overhead(
    game_id: str,
    settings: Mapping[str, object],
    seconds: float = 1.0,
    seed: int = 0,
    rounds: int = 4,
) -> tuple[float, float]:
    """Random play for about ``seconds`` in all, in µs per step: raw rulespec
    (``legal_actions``, ``sample_chance``, ``apply``) and through OpenSpiel
    (``legal_actions`` ids, ``chance_outcomes``, ``apply_action``): whole games, CPU time,
    in ``rounds`` interleaved slices each way; each side's fastest slice counts (as
    ``timeit`` advises: slower ones measure other load on the machine)."""
    os_game = game(game_id, **settings)
    rs_game = os_game.rulespec
    clock = time.process_time

    def raw(rng: random.Random) -> int:
        return playout(rs_game.initial_state(), rng)[1]

    def wrapped(rng: random.Random) -> int:
        return random_playout(os_game.new_initial_state(), rng)

    piece = seconds / (2 * max(rounds, 1))
    best = [math.inf, math.inf]
    rng = random.Random(seed)
    for r in range(max(rounds, 1)):
        order = ((0, raw), (1, wrapped)) if r % 2 == 0 else ((1, wrapped), (0, raw))
        for k, play in order:
            steps = 0
            started = clock()
            while clock() - started < piece:
                steps += play(rng)
            best[k] = min(best[k], (clock() - started) / steps * 1e6)
    return best[0], best[1]


def bench(game_ids: Sequence[str], seconds: float = 2.0, seed: int = 0) -> int:
    """Print, per variant column, random play's µs/step raw and through OpenSpiel and the
    adapter's overhead (``rulespec bench --adapters``); returns 0."""
    print(f"{'game':<9} {'variant':<40} {'raw us':>7} {'openspiel us':>12} {'overhead':>8}")
    for game_id in game_ids:
        for settings in rulespec.spec(game_id).variants(options=False):
            raw, wrapped = measure_overhead(game_id, settings, seconds, seed)
            axes = ",".join(f"{k}={v}" for k, v in settings.items() if k in _axes(game_id))
            print(
                f"{game_id:<9} {axes:<40} {raw:>7.1f} {wrapped:>12.1f} "
                f"{(wrapped / raw - 1) * 100:>7.0f}%"
            )
    print(
        "step: a decision or a chance outcome, whole random games, CPU time; openspiel: "
        "pyspiel's legal_actions/chance_outcomes/apply_action on rulespec.openspiel's game"
    )
    return 0


def _axes(game_id: str) -> tuple[str, ...]:
    axes: tuple[str, ...] = rulespec.spec(game_id).table().axes
    return axes
