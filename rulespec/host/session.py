"""Sessions: one table of a game as a server runs it, with its chance, views and record.

A :class:`Session` owns a state and the chance that drives it. Clients send decisions
(:meth:`Session.submit`, as JSON or notation, with the step of the view they decided on);
the session applies them for the seat the server authenticated if nothing that seat sees
has changed since (its guard, :meth:`Session.guard`), then resolves every chance node
itself. Each seat gets one strict-JSON object to look at (:meth:`Session.view`), and a
spectator the public part (:meth:`Session.spectator_view`). A crash costs nothing that
was saved: :func:`resume` rebuilds the session from a :meth:`Session.checkpoint` (the
position, the seed, the record and the guards) or from its :meth:`Session.record`, and
the future chance is the one the uninterrupted session would have drawn.

Decision (issue 20): the stale guard is per seat, the step at which what the seat sees
last changed, not the table's step: in a round of secret choices every seat decides on
the view it had when the round began, and another seat's commitment (all it shows is
that the seat has committed) must not make those choices stale. A digest of each seat's
observation was the other way; it would have to leave out the commitment flags (game by
game), and a view that changes and changes back would look unchanged. The guard is a
step, so a client that echoes its view's ``step`` (as before) needs no change.

Decision (issue 13): chance is drawn from (seed, step), not from a generator carried
along. The chance node reached at step ``n`` is sampled with its own generator keyed by
the seed and ``n`` (:func:`rulespec.core.chance.at_step`), so no generator state exists:
a checkpoint is ``{game, settings, seed, position}`` (and since issue 20 the record and
the guards). The other way, a checkpoint of the
position and the state of one ``random.Random`` (``getstate()``: 625 numbers), was
measured on this project's machine (2 shared cores, Python 3.11): its generator state is
7.3 KB of JSON beside a 1.5 KB position; restoring it costs 35 µs on top of reading the
position (0.43 to 0.53 ms), and saving it after each move 36 µs on top of the position's
45 to 75 µs. A generator per chance node costs 1.4 µs (BLAKE2b,
:class:`~rulespec.core.chance.StepRandom`; seeding a Mersenne Twister would cost 3.9 µs):
per decision, 2 µs in Mandala (1.4 chance nodes follow one) and 0.1 µs in White Lotus
(0.08). Both restore without a replay; (seed, step) keeps the checkpoint small, costs less
per move than saving a generator would, and makes a session a function of its position
and seed alone (any process holding them goes on identically). What it costs: a session
seeded with ``s`` deals another game than ``game.new_game(seed=s)``, and its record says
so (``draws="step"``, :class:`~rulespec.Record`). The measurements are in the docs'
"Serving games" page.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Iterable, Mapping
from typing import Any

from rulespec.catalog import game, load_record
from rulespec.core.api import JSON, Action, Game
from rulespec.core.chance import at_step
from rulespec.core.compact import compact
from rulespec.core.convert import Reuse
from rulespec.core.record import Record, settings_from_json, settle
from rulespec.core.seats import check_seat
from rulespec.core.seeds import SEED_MAX, check_seed, seed_or_new, seed_problem
from rulespec.errors import (
    InvalidArgument,
    MalformedAction,
    MalformedRecord,
    RulespecError,
    StaleAction,
    bounded,
)

CHECKPOINT_KEYS = frozenset({"game", "settings", "seed", "position"})
"""The keys every checkpoint has."""

CHECKPOINT_HISTORY_KEYS = frozenset({"actions", "seats", "guards"})
"""The keys a checkpoint written since issue 20 adds: the decisions since setup and the
seat of each (the table's record, absent when the table's history is unknown) and each
seat's guard. A checkpoint without them still resumes (its guards then start at its step)."""

_MISSING: Any = object()


class Submitted(int):
    """What :meth:`Session.submit` returns: the new step (it *is* that ``int``, so code
    that used the step goes on working) and the row a store appends to keep the table's
    history without calling :meth:`Session.record` on every move."""

    seat: int
    """The seat that sent the decision."""
    action: Action
    """The decision as the game read it (its canonical form, whatever the client sent)."""
    chance: tuple[Action, ...]
    """The chance outcomes the session drew after it, in order."""
    guards: tuple[int, ...]
    """Each seat's guard after it (:meth:`Session.guard`)."""

    def __new__(
        cls,
        step: int,
        seat: int,
        action: Action,
        chance: tuple[Action, ...],
        guards: tuple[int, ...],
    ) -> Submitted:
        made = super().__new__(cls, step)
        made.seat = seat
        made.action = action
        made.chance = chance
        made.guards = guards
        return made

    def __getnewargs__(self) -> tuple[Any, ...]:
        # copies and pickles rebuild it whole (an int's own would pass the step alone)
        return (int(self), self.seat, self.action, self.chance, self.guards)

    @property
    def step(self) -> int:
        """The table's step after the decision and its chance."""
        return int(self)

    def to_json(self) -> JSON:
        """``{"step", "seat", "action", "chance", "guards"}``: one row for a store;
        :func:`~rulespec.host.session.record_from_rows` rebuilds the table's record from them."""
        return {
            "step": int(self),
            "seat": self.seat,
            "action": self.action.to_json(),
            "chance": [a.to_json() for a in self.chance],
            "guards": list(self.guards),
        }


class Session:
    """One table: a game's state, the seed all its chance comes from, and what was sent.

    Not thread-safe: a server serialises the calls on one session (a lock per table).
    The seed is a secret: whoever knows it can work out every hidden card and chip to
    come, so it stays on the server, in checkpoints and records the server keeps.
    """

    __slots__ = (
        "_actions", "_fields", "_from_setup", "_guards", "_json", "_memo", "_seats", "_state",
        "game", "seed",
    )  # fmt: skip

    def __init__(
        self,
        game: Game[Any],
        state: Any,
        seed: int,
        actions: tuple[Action, ...] = (),
        seats: tuple[int | None, ...] = (),
        *,
        from_setup: bool = True,
        guards: tuple[int, ...] | None = None,
        actions_json: list[JSON] | None = None,
    ) -> None:
        self.game = game
        """The game (variant and options) played at this table."""
        self.seed = check_seed(seed)
        """The seed of all the chance: keep it secret (see the class docstring)."""
        self._state = settle(state, seed)
        # the decisions and their JSON; one resumed from a checkpoint reads its actions'
        # JSON only when record() asks (None until then): resuming costs no parsing
        self._actions: list[Action | None] = list(actions)
        self._json: list[JSON] = [a.to_json() for a in actions]
        if actions_json is not None:
            self._actions = [None] * len(actions_json)
            self._json = list(actions_json)
        self._seats = list(seats)
        self._from_setup = from_setup
        step = self._state.step
        self._guards = [step] * game.players if guards is None else list(guards)
        self._memo: dict[Any, Any] = {}
        self._fields = _Generations()

    def __repr__(self) -> str:
        return f"<Session {self.game.spec.id}, step {self.step}, to act: {sorted(self.to_act)}>"

    @property
    def state(self) -> Any:
        """The current state: a decision or the end, never a chance node (the session
        resolves those). The whole state: never send it to a client."""
        return self._state

    @property
    def step(self) -> int:
        """The current state's :attr:`~rulespec.core.kernel.Kernel.step`: what a client
        echoes as ``expect_step``."""
        step: int = self._state.step
        return step

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that owe a decision now (any order, in a round of secret choices)."""
        to_act: frozenset[int] = self._state.to_act
        return to_act

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        over: bool = self._state.is_terminal
        return over

    def guard(self, seat: int) -> int:
        """The step at which what ``seat`` sees last changed: any ``expect_step`` from it
        to :attr:`step` is a choice made on the seat's current view, and is accepted.

        It moves to the new step after every accepted decision, for every seat, except
        one: in a round of secret choices, when another seat commits and this seat still
        owes its own choice in the same round (no chance drawn in between), this seat's
        guard stays. All it could learn is that the other seat has committed, and a
        choice made at the same time as the others cannot depend on theirs."""
        return self._guards[check_seat(seat, self.game.players)]

    def submit(
        self,
        seat: int,
        action: object,
        *,
        expect_step: int = _MISSING,
        unguarded: bool = False,
    ) -> Submitted:
        """Apply ``action`` for ``seat`` and resolve the chance that follows; returns the
        new step, as a :class:`Submitted` that also holds the row a store appends (the
        decision as read, the chance drawn, the guards).

        ``seat`` is the seat the server authenticated, never one the client names: a
        whole number from 0 to ``players - 1`` (``None`` is an
        :class:`~rulespec.InvalidArgument`, never "whoever is to act"). ``action`` is the
        client's action as a JSON object (``{"type": "bid", ...}``) or in the game's
        notation (``"b1:3"``). ``expect_step`` is required: the ``step`` (or ``guard``)
        of the view the client decided on. It is accepted from the seat's
        :meth:`guard` to the current step, else the action is stale
        (:class:`~rulespec.StaleAction`): something the seat sees has changed since.
        ``None`` is no step (:class:`~rulespec.InvalidArgument`); code without clients
        that wants no guard says ``unguarded=True`` instead of ``expect_step``.
        Errors: :class:`~rulespec.MalformedAction` (or
        :class:`~rulespec.MalformedNotation`), :class:`~rulespec.StaleAction`,
        :class:`~rulespec.NotYourTurn` (also after the end: nobody is to act),
        :class:`~rulespec.IllegalAction`, :class:`~rulespec.InvalidArgument`; each with a
        ``code`` and ``to_json()``, and nothing applied."""
        seat = check_seat(seat, self.game.players)
        if unguarded is not False and unguarded is not True:
            raise InvalidArgument(f"unguarded: expected true or false, got {bounded(unguarded)}")
        if unguarded:
            if expect_step is not _MISSING:
                raise InvalidArgument("submit: give expect_step or unguarded=True, not both")
        elif expect_step is _MISSING:
            raise InvalidArgument(
                "submit: expect_step is required (the step of the view the client decided "
                "on); code without clients passes unguarded=True"
            )
        else:
            self._check_guard(seat, expect_step)
        decision = self._read(action)
        before = self._state
        state = before.apply(decision, player=seat)
        drawn: list[Action] = []
        while state.is_chance:
            outcome = state.sample_chance(at_step(self.seed, state.step))
            drawn.append(outcome)
            state = state.apply(outcome)
        self._state = state
        self._actions.append(decision)
        self._json.append(decision.to_json())
        self._seats.append(seat)
        _move_guards(self._guards, before, seat, state)
        self._memo.clear()
        self._fields.age()
        return Submitted(state.step, seat, decision, tuple(drawn), tuple(self._guards))

    def _check_guard(self, seat: int, expect_step: object) -> None:
        if expect_step is None:  # a JSON null from a client must not switch the guard off
            raise InvalidArgument(
                "expect_step: null is no step; send the step of the view decided on (code "
                "without clients passes unguarded=True)"
            )
        if type(expect_step) is not int or not 0 <= expect_step <= SEED_MAX:
            raise InvalidArgument(
                "expect_step: expected a step, a whole number from 0 to 2**63 - 1, got "
                f"{bounded(expect_step)}"
            )
        if not self._guards[seat] <= expect_step <= self.step:
            raise StaleAction(expect_step, self.step, since=self._guards[seat])

    def _read(self, action: object) -> Action:
        if isinstance(action, Mapping):
            return self.game.action_from_json(action)
        if isinstance(action, str):
            # no state: a notation error then suggests nothing, where the closest legal
            # actions of the state could be another seat's secret
            return self.game.parse_action(action)
        if type(action) in self.game.table.action_types():  # type: ignore[attr-defined]
            found: Action = action  # type: ignore[assignment]
            return found
        raise MalformedAction(
            [
                'expected an action: a JSON object with its "type", or the action\'s '
                f"notation as text, got {bounded(action)}"
            ]
        )

    def view(self, seat: int) -> JSON:
        """What ``seat`` may see now, as one strict-JSON object::

            {"seat": 1, "step": 17, "guard": 16, "to_act": [0, 1],
             "observation": {...}, "legal_actions": [...], "outcome": null}

        ``observation`` is the seat's observation; ``guard`` the step at which it last
        changed (:meth:`guard`; a client echoes ``step`` or ``guard`` as
        ``expect_step``); ``to_act`` every seat that owes a decision; ``legal_actions``
        what this seat may send now in compact form (:mod:`rulespec.core.compact`; empty
        if it owes nothing); ``outcome`` the final result once the game is over
        (:meth:`~rulespec.Outcome.to_json`), else ``null``. Built once per step and
        seat: the nested values are shared with the session's memo, so treat them as
        read-only (or use :meth:`view_json`). ``seat`` must be a seat
        (:class:`~rulespec.InvalidArgument` otherwise, ``None`` included): a spectator
        asks for :meth:`spectator_view`."""
        key = check_seat(seat, self.game.players, "view")
        found = self._memo.get(key)
        if found is None:
            found = view_of(self._state, key, self._fields)
            found["guard"] = self._guards[key]
            self._memo[key] = found
        return dict(found)

    def view_json(self, seat: int) -> str:
        """:meth:`view` as JSON text, ready to send (built once per step and seat)."""
        key = ("json", check_seat(seat, self.game.players, "view_json"))
        text = self._memo.get(key)
        if text is None:
            text = self._memo[key] = json.dumps(self.view(seat), allow_nan=False)
        found: str = text
        return found

    def spectator_view(self) -> JSON:
        """What anyone may see, seated or not: public information only, as one
        strict-JSON object::

            {"seat": null, "step": 17, "to_act": [0, 1], "observation": {...},
             "legal_actions": [], "outcome": null}

        ``observation`` is the part of an observation every seat sees alike
        (:meth:`~rulespec.core.tensor.ObservationParts.public`): no hand, no face-down
        chip, no pending secret choice. Built once per step."""
        found = self._memo.get("spectator")
        if found is None:
            state = self._state
            found = self._memo["spectator"] = {
                "seat": None,
                "step": state.step,
                "to_act": sorted(state.to_act),
                "observation": state.observation(0).public(),
                "legal_actions": [],
                "outcome": state.outcome().to_json() if state.is_terminal else None,
            }
        return dict(found)

    def spectator_view_json(self) -> str:
        """:meth:`spectator_view` as JSON text (built once per step)."""
        text = self._memo.get("spectator_json")
        if text is None:
            text = self._memo["spectator_json"] = json.dumps(self.spectator_view(), allow_nan=False)
        found: str = text
        return found

    def checkpoint(self) -> JSON:
        """``{"game", "settings", "seed", "position", "actions", "seats", "guards"}``: all
        :func:`resume` needs to go on exactly as this session would, its record and its
        guards included (``actions`` and ``seats`` only when the table knows its history:
        one resumed from an older checkpoint does not). Contains the seed and the whole
        state: it stays on the server."""
        found = self._memo.get("checkpoint")
        if found is None:
            found = {
                "game": self.game.spec.id,
                "settings": dict(self.game.settings()),
                "seed": self.seed,
                "position": self._state.to_json(),
            }
            if self._from_setup:
                found["actions"] = list(self._json)
                found["seats"] = list(self._seats)
            found["guards"] = list(self._guards)
            self._memo["checkpoint"] = found
        return dict(found)

    def record(self) -> Record:
        """Every decision sent since setup, with the seat that sent it and the seed
        (``draws="step"``): :func:`rulespec.replay` and :func:`resume` read it. A table
        resumed from a checkpoint keeps the record the checkpoint holds; only one resumed
        from a checkpoint written before checkpoints held records has none
        (:class:`~rulespec.InvalidArgument`)."""
        if not self._from_setup:
            raise InvalidArgument(
                "record: this session was resumed from a checkpoint without its record "
                "(written before checkpoints kept one), which holds the position but not the "
                "actions that led to it"
            )
        problems: list[str] = []
        for i, action in enumerate(self._actions):
            if action is None:
                try:
                    self._actions[i] = self.game.action_from_json(self._json[i])
                except MalformedAction as exc:
                    problems.extend(f"actions[{i}]: {p}" for p in exc.problems)
        if problems:
            raise MalformedRecord(problems)
        return Record.of(
            self.game,
            tuple(a for a in self._actions if a is not None),
            self.seed,
            draws="step",
            seats=tuple(self._seats),
        )


def _move_guards(guards: list[int], before: Any, seat: int, after: Any) -> None:
    """Each seat's guard after ``seat``'s decision took ``before`` to ``after`` (chance
    included): the new step, except for a seat still owing its secret choice in the same
    round (see :meth:`Session.guard`)."""
    step = after.step
    same_round = (
        step == before.step + 1
        and getattr(before, "phase", None) == getattr(after, "phase", None)
        and len(before.to_act) > 1
    )
    owing = after.to_act if same_round else frozenset()
    for p in range(len(guards)):
        if p == seat or p not in owing or p not in before.to_act:
            guards[p] = step


def record_from_rows(
    game: Game[Any], seed: int, rows: Iterable[Submitted | Mapping[str, Any]]
) -> Record:
    """The record of a table from the rows a store appended (each a :class:`Submitted`
    or its JSON), equal to what :meth:`Session.record` returns for it."""
    seed = check_seed(seed)
    actions: list[Action] = []
    seats: list[int | None] = []
    problems: list[str] = []
    for i, item in enumerate(rows):
        row: object = item  # a store's data: checked, whatever the annotation says
        if isinstance(row, Submitted):
            actions.append(row.action)
            seats.append(row.seat)
            continue
        if not isinstance(row, Mapping):
            problems.append(f"rows[{i}]: expected a row object, got {bounded(row)}")
            continue
        try:
            sent: Any = row.get("action")
            actions.append(game.action_from_json(sent))
            seats.append(check_seat(row.get("seat"), game.players, f"rows[{i}].seat"))
        except RulespecError as exc:
            problems.append(f"rows[{i}]: {exc}")
        if len(problems) >= 100:
            break
    if problems:
        raise MalformedRecord(problems)
    return Record.of(game, tuple(actions), seed, draws="step", seats=tuple(seats))


def view_of(state: Any, seat: int, reuse: Reuse | None = None) -> JSON:
    """The view of ``state`` for ``seat`` that :meth:`Session.view` returns. With
    ``reuse``, the observation's fields that are the very objects dumped before take
    their JSON from it (:meth:`~rulespec.core.convert.Converter.to_json_reusing`): the
    view then shares nested values with ``reuse``."""
    legal = state.legal_actions(player=seat)
    seen = state.observation(seat)
    reusing = getattr(seen, "to_json_reusing", None)
    return {
        "seat": seat,
        "step": state.step,
        "to_act": sorted(state.to_act),
        "observation": seen.to_json() if reuse is None or reusing is None else reusing(reuse),
        "legal_actions": _compact(legal, reuse),
        "outcome": state.outcome().to_json() if state.is_terminal else None,
    }


def _compact(legal: tuple[Any, ...], reuse: Reuse | None) -> list[JSON]:
    """The compact form of ``legal``; with ``reuse``, worked out once per list of the very
    same action objects (games build most of their actions once and hand them out again:
    94% of the actions a seat was offered in a measured game of each)."""
    if not legal:
        return []
    if reuse is None:
        return compact([a.to_json() for a in legal])
    key = ("legal", hash(tuple(map(id, legal))))
    hit = reuse.get(key)
    if hit is not None and len(hit[0]) == len(legal) and all(map(operator.is_, hit[0], legal)):
        found: list[JSON] = hit[1]
        return found
    made = compact([a.to_json() for a in legal])
    reuse[key] = (legal, made)
    return made


class _Generations:
    """The JSON of observation fields dumped at this step and the one before: what a
    view reuses (the board, the banks), and no more (older entries are dropped)."""

    __slots__ = ("before", "now")

    def __init__(self) -> None:
        self.now: dict[tuple[str, int], tuple[Any, Any]] = {}
        self.before: dict[tuple[str, int], tuple[Any, Any]] = {}

    def get(self, key: tuple[str, int]) -> tuple[Any, Any] | None:
        found = self.now.get(key)
        if found is None:
            found = self.before.get(key)
            if found is not None:
                self.now[key] = found
        return found

    def __setitem__(self, key: tuple[str, int], entry: tuple[Any, Any]) -> None:
        self.now[key] = entry

    def age(self) -> None:
        """A step was made: what was not used since the one before is dropped."""
        self.before, self.now = self.now, {}


def session(
    game_id: str,
    /,
    seed: int | None = None,
    *,
    settings: Mapping[str, Any] | None = None,
    **options: Any,
) -> Session:
    """A new table of ``game_id``, setup dealt. Settings (as for :func:`rulespec.game`)
    come either as one mapping, ``settings={"edition": "de", "players": 4}`` (the form
    for settings a client sent: the seed is never one of them, and a ``"seed"`` in it is
    an :class:`~rulespec.InvalidArgument`), or as keywords of your own code,
    ``session("lotus", seed=..., edition="de", players=4)``; not both. ``seed`` is a
    whole number from 0 to 2**63 - 1 (:mod:`rulespec.core.seeds`); without one, one is
    drawn from ``secrets`` (read it back from :attr:`Session.seed` to save it)."""
    if settings is not None:
        if options:
            raise InvalidArgument(
                "session: give the settings as settings={...} or as keywords, not both"
            )
        if not isinstance(settings, Mapping):
            raise InvalidArgument(f"settings: expected an object, got {bounded(settings)}")
        if "seed" in settings:
            raise InvalidArgument(
                "settings: the seed is not a setting (whoever picks it knows every hidden "
                "card to come); the server passes seed= itself"
            )
        odd = [k for k in settings if not isinstance(k, str)]
        if odd:
            raise InvalidArgument(f"settings: names must be text, got {bounded(odd)}")
        options = dict(settings)
    seed = seed_or_new(seed)
    g = game(game_id, **options)
    return Session(g, g.initial_state(), seed)


def resume(source: Record | Mapping[str, Any]) -> Session:
    """The session a checkpoint (:meth:`Session.checkpoint`) or a record
    (:meth:`Session.record`, or its JSON) describes, whose future chance is the one the
    session that wrote it would have drawn, with the same guards and the same record.

    A checkpoint is read in the time it takes to read its position; its actions (trusted
    to be the ones that led to it: a checkpoint is the server's own data) are read when
    :meth:`Session.record` asks for them. A record is replayed from setup. Client data is
    safe here: any problem is a :class:`~rulespec.MalformedRecord` (or
    :class:`~rulespec.MalformedPosition` for the position, :class:`~rulespec.UnknownGame`
    / :class:`~rulespec.UnknownVariant` for the settings), and nothing names a file: text
    is refused, not opened or parsed."""
    if isinstance(source, Record):
        return _from_record(source)
    if not isinstance(source, Mapping):
        raise InvalidArgument(
            "resume: expected a checkpoint or a record (a Record, or a JSON object: parse "
            f"the text yourself; rulespec reads no file), got {bounded(source)}"
        )
    if "position" in source:
        return _from_checkpoint(source)
    return _from_record(load_record(source))


def _from_record(record: Record) -> Session:
    problem = seed_problem(record.seed)
    if problem is not None or record.draws != "step":
        raise MalformedRecord(
            [
                'a session resumes from a session\'s record: a seed and "draws": "step" '
                f"(got seed {bounded(record.seed)}, draws {bounded(record.draws)})"
            ]
        )
    seed: int = record.seed  # type: ignore[assignment]
    g = game(record.game, **dict(record.settings))
    actions = record.actions
    seats = record.seats if record.seats is not None else (None,) * len(actions)
    if len(seats) != len(actions):
        raise MalformedRecord(
            [f"seats: {len(seats)} seats for {len(actions)} actions (one per action)"]
        )
    state: Any = settle(g.initial_state(), seed)
    guards = [state.step] * g.players
    sent: list[int | None] = []
    for i, action in enumerate(actions):
        seat = seats[i]
        if seat is None:  # a record without seats: the seat in turn sent it
            seat = state.current_player if type(state.current_player) is int else None
        try:
            after = settle(state.apply(action, player=seat), seed)
        except RulespecError as exc:
            raise MalformedRecord([f"action {i} ({action}): {exc}"]) from exc
        if seat is not None:
            _move_guards(guards, state, seat, after)
        sent.append(seat)
        state = after
    return Session(g, state, seed, actions, tuple(sent), guards=tuple(guards))


def _from_checkpoint(data: Mapping[str, Any]) -> Session:
    problems = []
    keys = set(data)
    if not CHECKPOINT_KEYS <= keys <= CHECKPOINT_KEYS | CHECKPOINT_HISTORY_KEYS:
        allowed = CHECKPOINT_KEYS | CHECKPOINT_HISTORY_KEYS
        unknown = sorted(str(k)[:40] for k in keys - allowed)[:12]
        missing = sorted(CHECKPOINT_KEYS - keys)
        problems.append(
            f"a checkpoint has the keys {sorted(CHECKPOINT_KEYS)} (and may have "
            f"{sorted(CHECKPOINT_HISTORY_KEYS)}); unknown: {unknown or 'none'}, "
            f"missing: {missing or 'none'}"
        )
        raise MalformedRecord(problems)
    seed = data["seed"]
    problem = seed_problem(seed)
    if problem is not None:
        problems.append(problem)
    position = data["position"]
    if not isinstance(position, Mapping):
        problems.append(f"position: expected an object, got {bounded(position)}")
    elif position.get("game", data["game"]) != data["game"]:
        problems.append(
            f"position.game: {bounded(position.get('game'))} is not the checkpoint's game"
        )
    if ("actions" in data) != ("seats" in data):
        problems.append('"actions" and "seats" come together (the record of the table)')
    if problems:
        raise MalformedRecord(problems)
    g = game(data["game"], **settings_from_json(data))
    if "settings" in position and position["settings"] != dict(g.settings()):
        raise MalformedRecord(["position.settings: not the checkpoint's settings"])
    state = g.state_from_json(position)
    actions = data.get("actions", [])
    seats = data.get("seats", [])
    if (
        not isinstance(actions, list)
        or not isinstance(seats, list)
        or len(actions) != len(seats)
        or not all(isinstance(a, Mapping) for a in actions)
    ):
        raise MalformedRecord(
            ["actions, seats: expected a list of action objects and a seat for each"]
        )
    for i, seat in enumerate(seats):
        if type(seat) is not int or not 0 <= seat < g.players:
            raise MalformedRecord([f"seats[{i}]: expected a seat, got {bounded(seat)}"])
    guards = _guards(data.get("guards"), g.players, state.step)
    return Session(
        g,
        state,
        seed,
        (),
        tuple(seats),
        from_setup="actions" in data,
        guards=guards,
        actions_json=actions,
    )


def _guards(raw: object, players: int, step: int) -> tuple[int, ...] | None:
    if raw is None:
        return None
    if (
        not isinstance(raw, list)
        or len(raw) != players
        or any(type(g) is not int or not 0 <= g <= step for g in raw)
    ):
        raise MalformedRecord(
            [f"guards: expected one step from 0 to {step} per seat, got {bounded(raw)}"]
        )
    return tuple(raw)
