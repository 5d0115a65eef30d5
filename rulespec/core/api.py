"""The contract every game implements: states, actions, outcomes, explanations.

A frontend written against these protocols works with every game. States are immutable:
``apply`` returns a new state. Chance is explicit: at a chance node ``current_player`` is
:data:`~rulespec.CHANCE` and ``chance_outcomes()`` lists every outcome with its exact probability.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Protocol, Self, TypedDict, TypeVar

import attrs

from rulespec.core.rules import Rule, Rulebook, load_rulebook
from rulespec.core.seats import NO_SEAT, Unchecked
from rulespec.core.variants import VariantTable, load_table
from rulespec.errors import cut, shown


class Node(enum.Enum):
    """What ``state.current_player`` is when no player is to act."""

    CHANCE = "chance"
    """A chance node: apply one of ``state.chance_outcomes()``."""
    TERMINAL = "terminal"
    """The game is over: ask ``state.outcome()``."""

    def __repr__(self) -> str:
        return self.name


CHANCE = Node.CHANCE
TERMINAL = Node.TERMINAL

JSON = dict[str, Any]


class Action(Protocol):
    """A player's decision or a chance outcome; frozen, hashable, JSON-serialisable."""

    def to_json(self) -> JSON:
        """The action as a JSON object (the game's ``action_from_json`` reads it back)."""


class Observation(Protocol):
    """What one player may see of a state."""

    @property
    def player(self) -> int:
        """The seat this view belongs to."""

    def to_json(self) -> JSON:
        """The view as a JSON object."""


@attrs.frozen
class Outcome:
    """The final result of a game, per the rulebook's scoring and tie-breaks."""

    scores: tuple[int, ...]
    """Points per seat."""
    tiebreaks: tuple[tuple[int, ...], ...]
    """Per seat, the tie-break values after the score, in the rulebook's order."""
    winners: frozenset[int]
    """Every seat that shares the win (more than one only on a full tie; none when a solo
    player loses to a rival that is not a seat)."""

    def rank_key(self, seat: int) -> tuple[int, ...]:
        """The comparison key of a seat: score, then the tie-breaks."""
        return (self.scores[seat], *self.tiebreaks[seat])

    def summary(self) -> str:
        """``final scores: seat 0: 31, seat 1: 27; winner: seat 0``."""
        scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(self.scores))
        winners = " and ".join(f"seat {s}" for s in sorted(self.winners))
        return f"final scores: {scores}; winner: {winners}"

    def returns(self) -> tuple[float, ...]:
        """1 for a sole winner, 1/k for each of k sharing the win, 0 otherwise (for RL);
        0 for everyone when nobody wins (a solo game lost to a rival that is no seat)."""
        if not self.winners:
            return (0.0,) * len(self.scores)
        share = 1.0 / len(self.winners)
        return tuple(share if s in self.winners else 0.0 for s in range(len(self.scores)))

    def to_json(self) -> JSON:
        """``{"scores": [...], "tiebreaks": [[...], ...], "winners": [...]}``: per seat,
        the points and the tie-break values; the winning seats in increasing order. A
        game's outcome that holds more (The White Castle's solo ``rival`` score) carries
        every field of its own too, so the JSON says all the Python outcome does."""
        out: dict[str, Any] = {
            "scores": list(self.scores),
            "tiebreaks": [list(t) for t in self.tiebreaks],
            "winners": sorted(self.winners),
        }
        for f in attrs.fields(type(self))[3:]:
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(value: object) -> Any:
    """A field of an outcome as JSON: numbers, text and None as they are, sequences as
    lists, sets sorted."""
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


@attrs.frozen
class Explanation:
    """Whether an action is legal in a state and, if not, the rule that forbids it."""

    action: object
    legal: bool
    rule: Rule | None
    reason: str

    @classmethod
    def of(
        cls, action: object, problem: tuple[Rule, str] | None, described: str | None = None
    ) -> Explanation:
        """From a game's rule check: ``None`` if legal, else (rule, reason). ``described``
        is the action in words for its state (``state.describe``), else its ``str``."""
        plain = shown(action)
        words = plain if described is None else described
        if problem is None:
            return cls(action, True, None, cut(f"{words} is allowed now"))
        if described is not None and described != plain:
            return cls(action, False, problem[0], cut(f"{words}: {problem[1]}"))
        return cls(action, False, problem[0], cut(problem[1]))

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        if self.legal:
            return f"legal: {self.reason}"
        assert self.rule is not None
        return f"illegal: {self.reason} [{self.rule.id}: {self.rule.title}]"


A = TypeVar("A", bound=Action)


class State(Protocol[A]):
    """One immutable game state (the protocol every game's ``State`` class follows)."""

    @property
    def current_player(self) -> int | Node:
        """The seat to act, :data:`~rulespec.CHANCE` or :data:`~rulespec.TERMINAL`."""

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""

    @property
    def is_chance(self) -> bool:
        """True at a chance node."""

    def legal_actions(self) -> tuple[A, ...]:
        """Every legal action in a fixed order (the chance outcomes at a chance node)."""

    def apply(self, action: A | str, *, player: int | Unchecked = NO_SEAT) -> Self:
        """The state after ``action`` (or its notation, :doc:`/notation`); raises
        :class:`~rulespec.IllegalAction` unchanged. ``player``, if given, is the seat
        submitting it: a seat, never ``None`` (:class:`~rulespec.InvalidArgument`)."""

    def chance_outcomes(self) -> tuple[tuple[A, Fraction], ...]:
        """At a chance node, each outcome with its exact probability (summing to 1)."""

    def sample_chance(self, rng: random.Random) -> A:
        """Draw one chance outcome with its probability, using ``rng``."""

    def explain(self, action: A | str) -> Explanation:
        """Whether ``action`` (or its notation) is legal here, and the rule that decides it."""

    def describe(self, action: A | str) -> str:
        """``action`` (or its notation) in the words a player uses, for this state."""

    def observation(self, player: int) -> Observation:
        """Exactly what ``player`` may see of this state."""

    def outcome(self) -> Outcome:
        """The final scores and winners; :class:`~rulespec.GameNotOver` before the end."""

    def to_json(self) -> JSON:
        """The whole state as a JSON position (the game's ``state_from_json`` reads it)."""

    def problems(self) -> tuple[str, ...]:
        """Every rule invariant this state breaks: empty for any state reached by play."""


S_co = TypeVar("S_co", bound="State[Any]", covariant=True)


class Game(Protocol[S_co]):
    """One variant of one game, with its options: the factory of states."""

    @property
    def spec(self) -> GameSpec:
        """The game's declarative record."""

    @property
    def players(self) -> int:
        """Number of seats, numbered 0 … players-1 in turn order."""

    def settings(self) -> Mapping[str, object]:
        """The variant axes and options as keyword arguments for :func:`rulespec.game`."""

    def initial_state(self) -> S_co:
        """The state before any chance: setup is still to be dealt."""

    def new_game(self, seed: int | None = None, *, rng: random.Random | None = None) -> S_co:
        """The first decision state, setup chance sampled with ``random.Random(seed)``."""

    def state_from_json(self, data: Mapping[str, Any]) -> S_co:
        """Load a position; :class:`~rulespec.MalformedPosition` lists every problem."""

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Read one action; :class:`~rulespec.MalformedAction` if it names none."""

    def narrate(self, before: Any, action: Any, after: Any) -> str:
        """One readable log entry: what ``action`` did between ``before`` and ``after``."""

    def format_action(self, action: Any) -> str:
        """``action`` in the game's short notation (:doc:`/notation`)."""

    def parse_action(self, text: str, state: Any = None) -> Action:
        """The action a notation names; :class:`~rulespec.MalformedNotation` if none."""

    def svg(self, view: Any) -> str:
        """An SVG picture of a state or of one player's observation (:doc:`/pictures`)."""


class OfferedVariant(TypedDict):
    """One variant a lobby offers (:meth:`GameSpec.offered`)."""

    id: str
    title: str
    settings: dict[str, object]
    """Its axis values, as keyword arguments for :func:`rulespec.game` (``{"players": 3}``)."""


class OfferedChoice(TypedDict):
    """One value of an option, with what it means."""

    value: object
    meaning: str


class OfferedOption(TypedDict):
    """An option players choose on any variant (a house rule or a reading)."""

    key: str
    title: str
    rule: str
    """The rule or ruling id the option is about."""
    default: object
    choices: list[OfferedChoice]
    columns: list[str]
    """The ids of the variants where the option can change play (issue 34)."""


class Offered(TypedDict):
    """The settings a game offers: one variant, then any value of each option."""

    variants: list[OfferedVariant]
    options: list[OfferedOption]


class Dynamics(enum.Enum):
    """How players take turns (OpenSpiel's ``GameType.Dynamics``)."""

    SEQUENTIAL = "sequential"
    """One seat acts at a time. Secret simultaneous choices are taken one seat at a time
    in a fixed order, and nobody sees a commitment before the reveal."""


class ChanceMode(enum.Enum):
    """How chance enters (OpenSpiel's ``GameType.ChanceMode``)."""

    DETERMINISTIC = "deterministic"
    """No chance at all."""
    EXPLICIT = "explicit"
    """Chance nodes list every outcome with its exact probability."""


class Information(enum.Enum):
    """What players know (OpenSpiel's ``GameType.Information``)."""

    PERFECT = "perfect"
    """Everything is visible to everyone."""
    IMPERFECT = "imperfect"
    """Some of the state is hidden from some players (hands, face-down pieces, secret
    choices): ``state.observation(seat)`` shows what a seat may see."""


class Utility(enum.Enum):
    """What the players' returns add up to (OpenSpiel's ``GameType.Utility``)."""

    WIN_SHARE = "win_share"
    """Constant sum 1: a sole winner gets 1, k tied winners 1/k each, everyone else 0
    (:meth:`Outcome.returns`). The scores themselves are general sum."""


@attrs.frozen
class GameSpec:
    """The declarative record of a game (like OpenSpiel's ``GameType``): pure data.

    What a game *does* lives in its package (``rulespec.<id>``); the spec only describes
    it, so listing the games (:data:`rulespec.GAMES`) loads none of them. The variant table
    and the rulebook are data files read on first use.
    """

    id: str
    title: str
    names: tuple[tuple[str, str], ...]
    """(language, title) pairs as printed on the boxes."""
    designers: tuple[str, ...]
    year: int
    players: tuple[int, int]
    """Smallest and largest player count."""
    dynamics: Dynamics
    chance: ChanceMode
    information: Information
    utility: Utility
    chance_note: str
    """Where chance enters, in words."""
    information_note: str
    """What is hidden, in words."""

    def __repr__(self) -> str:
        """``<GameSpec mandala: Mandala (2024), 2–4 players>``."""
        low, high = self.players
        return f"<GameSpec {self.id}: {self.title} ({self.year}), {low}–{high} players>"

    def rulebook(self) -> Rulebook:
        """The game's rules, rulings and books (loaded on first use)."""
        return load_rulebook(self.id)

    def table(self) -> VariantTable:
        """The game's variant table (``variants/<id>.toml``), checked against its rulebook."""
        return load_table(self.id, self.rulebook())

    def offered(self) -> Offered:
        """The settings a lobby offers, as JSON data: every variant (``{"id", "title",
        "settings"}``) and every option with its default and its choices (``{"value",
        "meaning"}``) and the variants where it can change play (``"columns"``, the ids
        of ``"variants"``: every one but for the White Castle's solo rival options). Any
        variant goes with any value of each option (elsewhere a value other than the
        default changes nothing, and :class:`~rulespec.errors.SettingIgnored` warns of it):
        ``rulespec.game(id, **variant["settings"], **{option["key"]: value, ...})``.
        Settings that carry data (a White Lotus ``board``, White Castle ``data``, Oriente
        ``abilities``) are not listed: each game's page documents them."""
        table = self.table()
        return {
            "variants": [
                {"id": c.id, "title": c.title, "settings": dict(c.axes)} for c in table.columns
            ],
            "options": [
                {
                    "key": o.key,
                    "title": o.title,
                    "rule": o.rule,
                    "default": o.default,
                    "choices": [{"value": v, "meaning": m} for v, m in o.choices],
                    "columns": list(o.columns) or [c.id for c in table.columns],
                }
                for o in table.options
            ],
        }

    def variants(self, *, options: bool = True) -> tuple[dict[str, object], ...]:
        """Settings to exercise (tests, ``verify``, a lobby's menu): every column of the variant
        table with the default options, then every other value of each option on every
        column (one option changed at a time, so the count grows by addition, not
        multiplication). ``options=False`` gives the columns alone."""
        table = self.table()
        out: list[dict[str, object]] = []
        for column in table.columns:
            base: dict[str, object] = dict(column.axes)
            base.update({o.key: o.default for o in table.options})
            out.append(base)
        if not options:
            return tuple(out)
        for option in table.options:
            for value in option.values:
                if value == option.default:
                    continue
                for column in table.columns:
                    settings: dict[str, object] = dict(column.axes)
                    settings.update({o.key: o.default for o in table.options})
                    settings[option.key] = value
                    out.append(settings)
        return tuple(out)
