"""What every game's ``Game`` class shares: settings, new games, positions, records.

A game package's ``game.py`` is its composition root. It declares the :class:`GameSpec`
(pure data) and a frozen ``Game`` class that inherits from :class:`BaseGame` and binds,
as class attributes, the game's typed variant table, its phase table
(:class:`~rulespec.core.kernel.PhaseTable`), its views
(:class:`~rulespec.core.kernel.Views`) and its action reader. Everything else on this page
is derived from those, once for every game (one level of inheritance, no hooks).

The binding is written once, here: a game's class names its package, and :meth:`Parts.of`
binds the modules every game package has (:data:`PACKAGE`):
``class MandalaGame(BaseGame[State], parts=Parts.of("rulespec.mandala", ...))``. Every
setting beyond the variant table (a White Lotus ``board``, Oriente's ``first_stone``) is one typed
:class:`Setting` in it, which ``make``, ``settings``, the command line
(:mod:`rulespec.cli_settings`), sessions and records all read.
"""

from __future__ import annotations

import importlib
import random
import threading
import typing
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar, Generic, Self, TypeVar

import attrs

from rulespec.core import history as histories
from rulespec.core import tensor
from rulespec.core.action_ids import ActionIds, Listing
from rulespec.core.api import Action, GameSpec
from rulespec.core.bounds import Bounds
from rulespec.core.convert import Converter, Reader
from rulespec.core.kernel import PhaseTable, Step, Views
from rulespec.core.play import advance
from rulespec.core.positions import oversized
from rulespec.core.record import Record
from rulespec.core.seeds import check_seed
from rulespec.core.variants import TypedTable
from rulespec.errors import (
    InvalidArgument,
    MalformedAction,
    MalformedPosition,
    UnknownVariant,
    bounded,
    suggestions,
)

S = TypeVar("S")
"""The game's state class."""
T = TypeVar("T")
"""The value a setting gives the game."""


@attrs.frozen
class Setting(Generic[T]):
    """A keyword of :func:`rulespec.game` beyond the variant table, declared once: the
    game's ``make`` reads it, its ``settings`` writes it back (so records and sessions
    replay it), and the command line and the docs list it. The game class has a field of
    the same name holding what ``read`` gives."""

    name: str
    """The keyword and the game's field (``board``)."""
    title: str
    """What it means, for ``rulespec play --help`` and the docs."""
    default: object
    """The setting's value when it is not given (``"schematic"``)."""
    read: Callable[[object, Any], T]
    """``read(value, variant)``: the field's value, or an :class:`~rulespec.UnknownVariant`
    naming the setting (the variant, for a range that depends on it: seats)."""
    write: Callable[[T], object]
    """The setting's value that gives the field back (a name, or data: never a file)."""
    choices: tuple[object, ...] | None = None
    """The values a command line may name; ``None``: any text, which ``read`` parses."""
    beyond_cli: str = ""
    """What :func:`rulespec.game` takes besides, which a command line cannot pass (``or a
    board object``): the docs add it to ``title``; ``rulespec play --help`` does not."""


PACKAGE: Mapping[str, tuple[str, ...]] = {
    "actions": ("numbering",),
    "bounds": ("bounds",),
    "notation": ("format", "parse"),
    "observation": ("observe",),
    "position": ("load", "invariant_problems"),
    "render": ("render", "narrate"),
    "resample": ("resample",),
    "secrecy": ("seen_by", "reveals"),
    "codec": ("CODEC",),
    "phases": ("TABLE",),
    "variant": ("TYPED",),
}
"""The modules every game package has, each with the names :meth:`Parts.of` binds from it:
the contract a new game's package fulfils (``tests/test_games_complete.py`` names each
piece missing). ``rulespec.<game>.phases.TABLE`` is the phase table, ``variant.TYPED`` the
typed variant table, ``codec.CODEC`` the JSON converter; the functions are those
:class:`Parts` lists."""


def _standard(package: str, name: str) -> ModuleType:
    """``package``'s standard module ``name``, with every name :data:`PACKAGE` asks of it."""
    contract = f"a game package has the modules {', '.join(PACKAGE)} (rulespec.core.game.PACKAGE)"
    try:
        module = importlib.import_module(f"{package}.{name}")
    except ModuleNotFoundError as missing:
        wanted = f"{package}.{name}"
        if missing.name is None or not (wanted + ".").startswith(missing.name + "."):
            raise  # a module the game's own module imports is missing: not the contract
        raise ImportError(f"{package} has no module {name}: {contract}") from missing
    lacking = [n for n in PACKAGE[name] if not hasattr(module, n)]
    if lacking:
        raise ImportError(f"{package}.{name} defines no {', '.join(lacking)}: {contract}")
    return module


@attrs.frozen
class Schema:
    """A JSON form a game reads beyond its position, action and observation (the White
    Castle's short position): ``game.json_schema(kind)``."""

    kind: str
    """The name ``json_schema`` takes (``"short_position"``)."""
    what: str
    """What the form is, for the docs (``what a person writes …``)."""
    body: Callable[[Any], dict[str, Any]]
    """``body(game)``: the schema for that game's variant, or with None for every variant
    (seat and area bounds left open)."""
    write: Callable[[Any], dict[str, Any]] | None = None
    """``write(state)``: the state in this form, where ``state_from_json`` reads the form
    (an :class:`~rulespec.InvalidArgument` for a state the form cannot describe)."""
    kept: Callable[[Any], Any] = attrs.field(default=lambda state: state.to_json())
    """``kept(state)``: what of a state the form keeps; ``state_from_json(write(s))``
    agrees with ``s`` on it (the tests check this over random play of every variant)."""


@attrs.frozen
class Parts:
    """What a game's ``Game`` class binds: its records, and the modules whose functions
    the kernel calls (each by the name every game gives it: ``actions.numbering``,
    ``bounds.bounds``, ``secrecy.seen_by``/``reveals``, ``resample.resample``,
    ``notation.format``/``parse``; the views' modules as
    :meth:`~rulespec.core.kernel.Views.of` reads them)."""

    spec: GameSpec
    typed: TypedTable[Any, Any]
    table: PhaseTable[Any, Any]
    codec: Converter
    observation: ModuleType
    position: ModuleType
    render: ModuleType
    actions: ModuleType
    bounds: ModuleType
    secrecy: ModuleType
    resample: ModuleType
    notation: ModuleType
    draw: Callable[[Any], str]
    """The picture of a state or an observation (``picture.svg``)."""
    extra: tuple[Setting[Any], ...] = ()
    """The settings beyond the variant table, in the order ``settings()`` gives them."""
    implied: tuple[str, ...] = ()
    """Axes the other axes may settle: left out, such an axis takes the one value the
    columns matching the others leave (the White Castle's ``difficulty`` is ``"none"``
    with 2-4 players); where they leave several it is needed."""
    passes: tuple[type, ...] = ()
    """The action types that answer a question without doing anything (a pass): see
    :attr:`BaseGame.passes`."""
    score: Callable[[Any], Any] | None = None
    """``score(state)``: the outcome of a finished game, bound in the composition root so
    a game's state record need not import the scoring that reads it (Oriente)."""
    schemas: tuple[Schema, ...] = ()
    """The game's further JSON forms: see :attr:`BaseGame.schemas`."""

    @classmethod
    def of(
        cls,
        package: str,
        *,
        spec: GameSpec,
        draw: Callable[[Any], str],
        extra: tuple[Setting[Any], ...] = (),
        implied: tuple[str, ...] = (),
        passes: tuple[type, ...] = (),
        score: Callable[[Any], Any] | None = None,
        schemas: tuple[Schema, ...] = (),
    ) -> Parts:
        """The parts of the game package ``package`` (``"rulespec.mandala"``): its standard
        modules (:data:`PACKAGE`) by their names, so no game repeats the list; the rest
        as :class:`Parts` takes them. :class:`ImportError` names a module or name the
        package lacks."""
        m = {name: _standard(package, name) for name in PACKAGE}
        return cls(
            spec=spec,
            typed=m["variant"].TYPED,
            table=m["phases"].TABLE,
            codec=m["codec"].CODEC,
            observation=m["observation"],
            position=m["position"],
            render=m["render"],
            actions=m["actions"],
            bounds=m["bounds"],
            secrecy=m["secrecy"],
            resample=m["resample"],
            notation=m["notation"],
            draw=draw,
            extra=extra,
            implied=implied,
            passes=passes,
            score=score,
            schemas=schemas,
        )

    def bind(self, cls: type[BaseGame[Any]]) -> None:
        """Set ``cls``'s class attributes from these parts."""
        bound: dict[str, object] = {
            "spec": self.spec,
            "typed": self.typed,
            "table": self.table,
            "codec": self.codec,
            "views": Views.of(self.observation, self.position, self.render),
            "numbering": staticmethod(self.actions.numbering),
            "bounds_of": staticmethod(self.bounds.bounds),
            "seen_by": staticmethod(self.secrecy.seen_by),
            "reveals": staticmethod(self.secrecy.reveals),
            "resampler": staticmethod(self.resample.resample),
            "notate": staticmethod(self.notation.format),
            "denote": staticmethod(self.notation.parse),
            "draw": staticmethod(self.draw),
            "extra": self.extra,
            "implied": self.implied,
            "passes": self.passes,
            "schemas": self.schemas,
        }
        if self.score is not None:
            bound["score"] = staticmethod(self.score)
        for name, value in bound.items():
            setattr(cls, name, value)


_MADE: dict[tuple[Any, ...], Any] = {}
"""The games :meth:`BaseGame.make` made, by their variant, options and the very setting
objects (a board, component data) they hold: equal settings give the same game object.
Issue 28's watch found every new game object of equal settings kept alive by the
memos keyed by a game's identity (up to 256 of them, 64 KB each in White Lotus), and
each made anew (0.4 ms); a game is immutable, so one object serves every table."""
_MADE_KEPT = 64
"""Games kept in :data:`_MADE` (the oldest is dropped first): far more variants than a
server plays at once."""
_MADE_LOCK = threading.Lock()


class BaseGame(Generic[S]):
    """Shared behaviour of a game's frozen ``Game`` class (fields ``variant`` and
    ``options``, at least), generic in its state class: ``class MandalaGame(BaseGame[State])``
    gives type checkers the real state (and, through it, action) types."""

    spec: ClassVar[GameSpec]
    """The game's declarative record."""
    typed: ClassVar[TypedTable[Any, Any]]
    """The variant table with its typed variant and options classes."""
    table: ClassVar[PhaseTable[Any, Any]]
    """The phases, each with who acts, what is legal and what each action does."""
    steps: ClassVar[Mapping[Any, Step[Any, Any]]]
    """``table.steps``, where the kernel looks it up on every call."""
    views: ClassVar[Views]
    """The functions that look at a state: observation, JSON, invariants, text."""
    codec: ClassVar[Converter]
    """Reads and writes the game's records as JSON (positions, actions, observations)."""

    # The game's own functions, bound as static methods by its ``game.py`` from the module
    # named in each comment (the composition root: core never imports a game).
    numbering: ClassVar[staticmethod[[Any], tuple[Sequence[Listing], Sequence[Listing]]]]
    """``numbering(game)`` (``actions``): every decision and chance outcome, in id order."""
    bounds_of: ClassVar[staticmethod[[Any], Bounds]]
    """``bounds_of(game)`` (``bounds``): the variant's bounds, each with its argument."""
    seen_by: ClassVar[staticmethod[[Any, Any], frozenset[int] | None]]
    """``seen_by(before, action)`` (``secrecy``): the seats that see ``action`` applied
    at ``before``; ``None``: every seat."""
    reveals: ClassVar[staticmethod[[Any, Any], bool]]
    """``reveals(before, after)`` (``secrecy``): whether the step shows every seat the
    actions it could not see so far."""
    resampler: ClassVar[staticmethod[[Any, int, random.Random], Any]]
    """``resampler(state, player, rng)`` (``resample``): ``state.resample`` once the
    seat is checked."""
    notate: ClassVar[staticmethod[[Any], str]]
    """``notate(action)`` (``notation.format``): the action's short notation."""
    denote: ClassVar[staticmethod[[str, Any], Any]]
    """``denote(text, state_or_game)`` (``notation.parse``): the action a notation names."""
    draw: ClassVar[staticmethod[[Any], str]]
    """``draw(state_or_observation)`` (``picture.svg``): an SVG picture of it."""
    extra: ClassVar[tuple[Setting[Any], ...]] = ()
    """The settings beyond the variant table (:attr:`~rulespec.core.game.Parts.extra`)."""
    implied: ClassVar[tuple[str, ...]] = ()
    """The axes the other axes may settle (:attr:`~rulespec.core.game.Parts.implied`)."""
    passes: ClassVar[tuple[type, ...]] = ()
    """The action types that answer a question without doing anything (a pass, staying
    out): :func:`~rulespec.core.play.advance_until` answers other seats' questions with
    them. Empty: the game has none, and only forced single actions are taken."""
    schemas: ClassVar[tuple[Schema, ...]] = ()
    """JSON forms the game reads beyond its position, action and observation, each with
    its schema (``game.json_schema(kind)``): the White Castle's short position."""

    variant: Any
    options: Any
    _memo: dict[str, Any]

    __slots__ = ("_memo",)

    def __init_subclass__(cls, parts: Parts | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if parts is not None:
            parts.bind(cls)
        table = cls.__dict__.get("table")
        if table is not None:
            cls.steps = table.steps

    @classmethod
    def make(cls, **settings: Any) -> Self:
        """The game for ``settings`` (``rulespec.game(id, **settings)`` ends up here):
        the variant table's axes pick the column (an implied axis left out takes the one
        value the others leave), each :class:`~rulespec.core.game.Setting` of ``extra``
        reads its own, every other name is an option. A name that is none of these is
        refused first, with the closest setting suggested."""
        extra = {s.name: s for s in cls.extra}
        given = {k: v for k, v in settings.items() if k not in extra}
        try:
            variant, options = cls.typed.split(
                cls.typed.settle(given, cls.implied), also=tuple(extra)
            )
            made = {}
            for s in cls.extra:
                try:
                    made[s.name] = s.read(settings.get(s.name, s.default), variant)
                except UnknownVariant as refused:
                    refused.complete(setting=s.name)
                    raise
        except UnknownVariant as refused:  # every refusal names the game's settings alike
            refused.complete(names=cls.setting_names())
            raise
        key = (cls, variant, options, *(id(v) for v in made.values()))
        found: Self | None = _MADE.get(key)
        if found is None:
            found = cls(variant, options, **made)  # type: ignore[call-arg]
            with _MADE_LOCK:  # tables are made in many threads at once
                found = _MADE.setdefault(key, found)
                while len(_MADE) > _MADE_KEPT:
                    del _MADE[next(iter(_MADE))]
        return found

    @classmethod
    def setting_names(cls) -> list[str]:
        """Every keyword :func:`rulespec.game` takes for this game: the variant axes, the
        settings beyond the table (:attr:`extra`), the options."""
        table = cls.typed.table()
        return [*table.axes, *(s.name for s in cls.extra), *(o.key for o in table.options)]

    def __repr__(self) -> str:
        """``rulespec.game('lotus', edition='de', players=3)``: the call that makes this
        game, with the settings that differ from their defaults (a game class is
        ``@attrs.frozen(repr=False)`` to keep it)."""
        defaults = {o.key: o.default for o in self.spec.table().options}
        defaults.update({s.name: s.default for s in self.extra})
        shown = [repr(self.spec.id)]
        for key, value in self.settings().items():
            if key in defaults and defaults[key] == value:
                continue
            plain = isinstance(value, str | int | float | bool) or value is None
            shown.append(f"{key}={value!r}" if plain else f"{key}={bounded(value, 30)}")
        return f"rulespec.game({', '.join(shown)})"

    @property
    def players(self) -> int:
        """Number of seats, numbered 0 … players-1 in turn order."""
        players: int = self.variant.players
        return players

    def bounds(self) -> Bounds:
        """This variant's bounds (:class:`~rulespec.core.bounds.Bounds`): the longest game,
        the widest chance node, the returns, each with the argument that proves it."""
        found: Bounds = self._memoised("bounds", lambda: type(self).bounds_of(self))
        return found

    def observation_shape(self) -> tuple[int]:
        """The length of ``state.observation(p).tensor()`` in this variant, as a shape."""
        return tensor.observation_shape(self)

    def observation_layout(self) -> tensor.Layout:
        """Each entry of the observation tensor: path, offset, size, range, encoding."""
        return tensor.observation_layout(self)

    def information_state_shape(self) -> tuple[int]:
        """The length of ``state.information_state(p).tensor()`` in this variant, as a
        shape: the observation's, the share of the game played and a slot for each of
        the latest steps (:func:`rulespec.core.history.tensor_layout`)."""
        return (histories.tensor_size(self),)

    def facts(self) -> dict[str, Any]:
        """Everything a game framework sizes itself by, for this variant, as JSON: the
        spec's kinds of dynamics, chance, information and utility, the seats, the
        numbers of action and chance-outcome ids, the bounds, and the tensor shapes
        (``information_state_shape``: every variant offers one now; ``None`` is kept for
        a variant that would not)."""
        spec, b = self.spec, self.bounds()
        try:
            info: int | None = self.information_state_shape()[0]
        except InvalidArgument:
            info = None
        return {
            "game": spec.id,
            "settings": dict(self.settings()),
            "players": self.players,
            "dynamics": spec.dynamics.value,
            "chance": spec.chance.value,
            "information": spec.information.value,
            "utility": spec.utility.value,
            "num_distinct_actions": self.num_distinct_actions,
            "num_chance_outcomes": self.num_chance_outcomes,
            "max_chance_outcomes": b.max_chance_outcomes,
            "max_game_length": b.max_game_length,
            "min_utility": b.min_utility,
            "max_utility": b.max_utility,
            "utility_sum": b.utility_sum,
            "observation_shape": self.observation_shape()[0],
            "information_state_shape": info,
        }

    def _memoised(self, key: str, build: Callable[[], Any]) -> Any:
        """A value derived from the game once and kept on it (not part of equality,
        pickles or copies: it is rebuilt on first use)."""
        try:
            memo = self._memo
        except AttributeError:
            memo = {}
            object.__setattr__(self, "_memo", memo)
        found = memo.get(key)
        if found is None:
            found = memo[key] = build()
        return found

    def action_ids(self) -> ActionIds:
        """The numbering of this variant's decisions and chance outcomes
        (:mod:`rulespec.core.action_ids`)."""
        ids: ActionIds = self._memoised("ids", lambda: ActionIds(*type(self).numbering(self)))
        return ids

    @property
    def num_distinct_actions(self) -> int:
        """How many decisions this variant numbers (ids 0 … n-1)."""
        return len(self.action_ids().decisions)

    @property
    def num_chance_outcomes(self) -> int:
        """How many chance outcomes this variant numbers (ids 0 … n-1)."""
        return len(self.action_ids().chance)

    def action_id(self, action: object) -> int:
        """The id of a decision, or of a chance outcome (numbered apart, each from 0);
        :class:`~rulespec.InvalidArgument` for anything else."""
        return self.action_ids().id(action)

    def action(self, i: int) -> Action:
        """The decision with id ``i``; :class:`~rulespec.InvalidArgument` if out of range."""
        found: Action = self.action_ids().decision(i)
        return found

    def chance_outcome(self, i: int) -> Action:
        """The chance outcome with id ``i``."""
        found: Action = self.action_ids().outcome(i)
        return found

    def settings(self) -> Mapping[str, object]:
        """The keyword arguments of :func:`rulespec.game` that rebuild this game: the
        variant axes, each setting of ``extra`` (by name, or as data, so a record
        replays anywhere), then the options."""
        out = self.typed.settings(self.variant, self.options)
        axes = {a: out.pop(a) for a in self.typed.table().axes}
        written: dict[str, object] = self._memoised(
            "extra", lambda: {s.name: s.write(getattr(self, s.name)) for s in self.extra}
        )
        return {**axes, **written, **out}

    def initial_state(self) -> S:
        """The state before any chance: setup is still to be dealt."""
        state: S = self.table.state.initial(self)
        return state

    def new_game(self, seed: int | None = None, *, rng: random.Random | None = None) -> S:
        """The first decision state, setup chance sampled with ``random.Random(seed)``
        (or with ``rng``). A seed is a whole number from 0 to 2**63 - 1
        (:mod:`rulespec.core.seeds`; :class:`~rulespec.InvalidArgument` otherwise);
        ``None`` draws fresh chance."""
        if rng is None:
            rng = random.Random(None if seed is None else check_seed(seed))
        state: S = advance(self.initial_state(), rng)  # type: ignore[type-var]
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """Load a position; :class:`~rulespec.MalformedPosition` lists every problem. Its
        ``"step"`` (actions applied since setup; 0 if absent) becomes the state's
        :attr:`~rulespec.core.kernel.Kernel.step`."""
        if isinstance(data, Mapping) and _oversized_position(data):
            # refused unread (issue 28): no reader below need scale to huge input
            raise MalformedPosition(
                [
                    f"more than {MAX_POSITION:,} characters' worth of JSON besides the settings; "
                    "a position of any game holds a few thousand"
                ]
            )
        if not isinstance(data, Mapping) or "step" not in data:
            loaded: S = self.views.load(self, data)
            return loaded
        step = data["step"]
        problems = []
        if type(step) is not int or not 0 <= step <= MAX_STEP:
            problems.append(
                f"step: expected a whole number from 0 to {MAX_STEP}, got {bounded(step)}"
            )
        try:
            state: S = self.views.load(self, {k: v for k, v in data.items() if k != "step"})
        except MalformedPosition as bad:
            raise MalformedPosition([*problems, *bad.problems]) from None
        if problems:
            raise MalformedPosition(problems)
        if step:
            object.__setattr__(state, "_step", step)
        return state

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Read one action; :class:`~rulespec.MalformedAction` lists every problem, each
        with its JSON path."""
        kind = data.get("type") if isinstance(data, Mapping) else None
        if isinstance(data, Mapping) and not (isinstance(kind, str) and kind in _kinds(self.table)):
            # what a client may send: the decisions (chance outcomes are read, not offered)
            raise MalformedAction([f"type: {_unknown_kind(self.table, kind)}"])
        reader = Reader(self)
        action = self.codec.tagged(self.table.action_types()).load(data, reader)
        if reader.problems or action is None:
            raise MalformedAction(reader.problems or ["not an action"])
        found: Action = action
        return found

    def json_schema(self, of: str = "position") -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) of this game's ``"position"`` (as
        ``state.to_json()`` writes it), ``"action"`` or ``"observation"``, derived from
        the types, or of a further form the game reads (:attr:`schemas`: the White
        Castle's ``"short_position"``); seats and board areas are those of this game.
        Any other ``of`` is an :class:`~rulespec.InvalidArgument` naming the forms."""
        return schema_of(self.codec, type(self), of, self)

    def record(self, played: tuple[Action, ...], seed: int | None = None) -> Record:
        """A replayable record of ``played`` (decisions only when ``seed`` is given)."""
        return Record.of(self, played, seed)

    def narrate(self, before: Any, action: Action, after: Any) -> str:
        """One readable log entry: what ``action`` did between ``before`` and ``after``."""
        return self.views.narrate(before, action, after)

    def format_action(self, action: Action) -> str:
        """``action`` in the game's short notation (:doc:`/notation`): ``2R@1``, ``3>1``."""
        return type(self).notate(action)

    def parse_action(self, text: str, state: Any = None) -> Action:
        """The action a notation names (the inverse of :meth:`format_action`);
        :class:`~rulespec.MalformedNotation` says what is wrong with text that names none.
        Given the ``state`` it is meant for, the error suggests that state's closest legal
        actions (the text itself names the same action in every position)."""
        found: Action = type(self).denote(text, self if state is None else state)
        return found

    def svg(self, view: Any) -> str:
        """An SVG picture (a standalone document) of a state of this game, or of one
        player's observation, which shows only what that player sees (:doc:`/pictures`)."""
        return type(self).draw(view)


MAX_STEP = 10**9
"""The largest ``step`` a position may carry (a bound on client data, far above any game)."""

MAX_POSITION = 100_000
"""A position longer than this as JSON text, its settings aside (which hold a custom
board or component data), is refused unread: the longest of any game's positions in
play is about 3,000 characters (issue 28)."""


def _oversized_position(data: Mapping[str, Any]) -> bool:
    """Whether a position is longer than :data:`MAX_POSITION` as JSON, its settings aside
    (copied in one C call, so a position of a million keys costs no loop of its own)."""
    if len(data) > MAX_POSITION:
        return True
    rest = dict(data)
    rest.pop("settings", None)
    return oversized(rest, MAX_POSITION)


_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

_STEP_SCHEMA = {
    "type": "integer",
    "minimum": 0,
    "description": "Actions (decisions and chance outcomes) applied since setup.",
}
_OUTCOME_SCHEMA = {
    "type": ["object", "null"],
    "description": "null until the game is over; then its outcome (Outcome.to_json): "
    "the final scores, tie-breaks and winners, and what the game's outcome adds.",
    "properties": {
        "scores": {"type": "array", "items": {"type": "integer"}},
        "tiebreaks": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
        "winners": {"type": "array", "items": {"type": "integer", "minimum": 0}},
    },
    "required": ["scores", "tiebreaks", "winners"],
}


def _unknown_kind(table: PhaseTable[Any, Any], kind: object) -> str:
    """What to say of an action ``type`` that names no action: the closest decision type,
    or the first few (all of them in ``game.json_schema("action")``)."""
    offered = sorted(_kinds(table, decisions=True))
    close = suggestions(kind, offered)
    if close:
        return f"expected an action type such as {close[0]!s}, got {bounded(kind)}"
    shown = ", ".join(offered[:6]) + (f", ... ({len(offered)} in all)" if len(offered) > 6 else "")
    return f"expected one of {shown}, got {bounded(kind)}"


_KINDS: dict[tuple[int, bool], frozenset[str]] = {}


def _kinds(table: PhaseTable[Any, Any], decisions: bool = False) -> frozenset[str]:
    """The JSON ``type`` of every action type of a phase table (only those some seat
    decides, with ``decisions``); worked out once per table."""
    key = (id(table), decisions)
    found = _KINDS.get(key)
    if found is None:
        found = _KINDS[key] = frozenset(
            str(typing.cast(Any, cls).KIND)
            for step in table.steps.values()
            if not decisions or step.node is None
            for cls in step.moves
        )
    return found


def schema_of(
    codec: Converter, game_type: type[BaseGame[Any]], of: str, game: Any
) -> dict[str, Any]:
    """The JSON Schema of a game's positions, actions or observations. With ``game``
    None it holds for every variant (seat and area bounds left open)."""
    spec = game_type.spec
    if of == "position":
        body = codec.schema(game_type.table.state, game)
        body["properties"] = {
            "game": {"const": spec.id},
            "settings": {"type": "object"},
            **body["properties"],
        }
        body["properties"]["step"] = _STEP_SCHEMA
        body["required"] = ["game", "settings", *body.get("required", [])]
        body["description"] = (
            "A position as state.to_json() writes it, every key present. One written by "
            "hand may leave out the keys that have defaults, which rulespec."
            f"{spec.id}.position lists; reading also checks what a schema cannot (each "
            "component in one place, the invariants the rules keep)."
        )
    elif of == "action":
        body = codec.tagged(game_type.table.action_types()).schema(game)
    elif of == "observation":
        body = codec.schema(game_type.views.observation, game)
        body["properties"]["step"] = _STEP_SCHEMA
        body["properties"]["outcome"] = _OUTCOME_SCHEMA
        body["required"] = [*body.get("required", []), "step", "outcome"]
    else:
        extra = next((x for x in game_type.schemas if x.kind == of), None)
        if extra is None:
            kinds = ("position", "action", "observation", *(x.kind for x in game_type.schemas))
            raise InvalidArgument(
                f"json_schema: no schema of {bounded(of)}; ask for {', '.join(map(repr, kinds))}"
            )
        body = extra.body(game)
    title = f"{spec.title}: {of}"
    return {"$schema": _SCHEMA_DIALECT, "title": title, **body}
