"""The game kernel: one engine that runs every game from the game's phase table.

A game declares, for each value of its ``Phase`` enum, a :class:`Step`: who acts (a seat
chosen by the state, chance, or nobody at the end), what may be done (legal decisions or
weighted chance outcomes), and for each action type a :class:`Move`, a *check* naming the
rule an illegal action breaks and an *effect* building the next state. :class:`Kernel`
derives the whole :class:`~rulespec.core.api.State` contract from that table once for
every game: ``current_player``, ``is_chance``, ``is_terminal``, ``legal_actions``,
``chance_outcomes``, ``sample_chance``, ``apply`` and ``explain``.

The table is reached through the state's ``game`` (``state.game.steps``), and so are the
views (observation, JSON, invariants, text): the game module is the composition root, and
a state never imports the modules that look at it.

Like OpenSpiel's ``DoApplyAction`` switching on the phase to ``Apply<Phase>Action``, but as
data: the table can be listed, documented and checked for completeness.
"""

from __future__ import annotations

import enum
import random
import sys
import typing
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any, Generic, Self, TypeVar

import attrs

from rulespec.core import history as histories
from rulespec.core import svg
from rulespec.core.action_ids import ActionIds
from rulespec.core.api import CHANCE, TERMINAL, Explanation, Node
from rulespec.core.chance import pick_weighted, weighted
from rulespec.core.rules import Rule
from rulespec.core.seats import NO_SEAT, Unchecked, check_seat
from rulespec.errors import (
    IllegalAction,
    InvalidArgument,
    NotYourTurn,
    StaleAction,
    bounded,
    shown,
)

S = TypeVar("S")
A = TypeVar("A")

Problem = tuple[Rule, str] | None
"""What a check returns: ``None`` if the action is legal, else the rule and the reason."""


def allowed(state: object, action: object) -> Problem:
    """The check of a move that is always legal once its phase is right (a pass, a side)."""
    return None


class PhaseEnum(enum.Enum):
    """The base of a game's ``Phase`` enum. The kernel looks the phase up in the phase table
    on every call, so members hash by identity (in C: members are singletons) rather than
    by ``Enum``'s Python-level hash of the name."""

    __hash__ = object.__hash__


@attrs.frozen
class Move(Generic[S, A]):
    """One action type in one phase: the rule check, and the effect on a legal action."""

    check: Callable[[S, A], Problem]
    effect: Callable[[S, A], S]


@attrs.frozen
class Step(Generic[S, A]):
    """One phase of a game: who acts, what is possible, what each action type does.

    Build one with :meth:`decision`, :meth:`chance` or :meth:`end`.
    """

    rule: Rule
    """The rule named when an action does not belong to this phase, or when a seat other
    than the one to act submits an action."""
    node: Node | None
    """:data:`~rulespec.CHANCE`, :data:`~rulespec.TERMINAL`, or ``None`` for a decision."""
    moves: Mapping[type, Move[S, Any]]
    """Per action type (each with its own check and effect)."""
    actor: Callable[[S], int] | None = None
    """The seat to act, for a decision."""
    legal: Callable[[S], tuple[A, ...]] | None = None
    """Every legal decision in a fixed order."""
    outcomes: Callable[[S], Sequence[tuple[A, int]]] | None = None
    """Every chance outcome with a whole-number weight (zero weights are skipped)."""
    expects: Callable[[S], str] | None = None
    """What the phase asks for, in words (``seat 1 must play cards``), for messages."""
    turn: Rule | None = None
    """The rule that says who acts here, named when a seat that owes nothing submits
    (:class:`~rulespec.NotYourTurn`); ``rule`` if not given."""
    owing: Callable[[S], frozenset[int]] | None = None
    """For secret choices made at the same time: the seats that still owe theirs
    (:attr:`Kernel.to_act`); any of them may commit, in any order."""
    as_seat: Callable[[S, int], S] | None = None
    """``as_seat(state, p)``: the same state with ``p`` (one of ``owing``) as the seat to
    act and the others still owing in their fixed order: how a seat commits before its
    turn in the serialised order. The state after every commitment must not depend on
    the order they came in."""

    @classmethod
    def decision(
        cls,
        rule: Rule,
        actor: Callable[[S], int],
        legal: Callable[[S], tuple[A, ...]],
        moves: Mapping[type, Move[S, Any]],
        expects: Callable[[S], str] | None = None,
        *,
        turn: Rule | None = None,
        owing: Callable[[S], frozenset[int]] | None = None,
        as_seat: Callable[[S, int], S] | None = None,
    ) -> Step[S, A]:
        """A phase in which the seat ``actor(state)`` decides among ``legal(state)``;
        with ``owing`` and ``as_seat``, a round of secret choices that the seats owing one
        may commit in any order (``actor`` gives the fixed order adapters serialise them
        in)."""
        if (owing is None) != (as_seat is None):
            raise ValueError("a step of simultaneous choices needs both owing and as_seat")
        return cls(rule, None, moves, actor, legal, None, expects, turn, owing, as_seat)

    @classmethod
    def chance(
        cls,
        rule: Rule,
        outcomes: Callable[[S], Sequence[tuple[A, int]]],
        moves: Mapping[type, Move[S, Any]],
        expects: Callable[[S], str] | None = None,
    ) -> Step[S, A]:
        """A chance node whose outcomes are weighted by ``outcomes(state)``."""
        return cls(rule, CHANCE, moves, None, None, outcomes, expects)

    @classmethod
    def end(cls, rule: Rule) -> Step[S, A]:
        """The terminal phase: nothing can be applied; ``rule`` says why the game ended."""
        return cls(rule, TERMINAL, {})


@attrs.frozen
class PhaseTable(Generic[S, A]):
    """A game's phases, each with its :class:`Step`; complete for the ``Phase`` enum.

    The table carries the seams between a game's parts (:attr:`enter`), but not the setup
    or the final scoring: ``state.initial(game)`` is reached through :attr:`state`, and the
    score is bound by the composition root (:attr:`rulespec.core.game.Parts.score`), so
    neither pulls a rules module into the state record; a second place for either would
    only be a second way to bind the same function."""

    state: type[S]
    """The game's state class; ``state.initial(game)`` is the state before any chance."""
    phases: type[enum.Enum]
    steps: Mapping[Any, Step[S, A]]
    enter: Mapping[Any, Callable[[S], S]] = attrs.field(factory=dict)
    """What runs when play enters a phase from another part of the game (:func:`enter`):
    who acts first, and whatever the rules settle on their own before anyone decides (a
    White Lotus year's uncontested claims), passing on when nothing is left to decide.
    With it a phase module names the phase that follows instead of importing the module
    that begins it, so the modules of a game need not import each other in a circle."""

    def __attrs_post_init__(self) -> None:
        missing = [p.name for p in self.phases if p not in self.steps]
        extra = [p for p in (*self.steps, *self.enter) if not isinstance(p, self.phases)]
        if missing or extra:
            raise ValueError(
                f"phase table of {self.phases.__qualname__}: "
                f"no step for {missing or 'none'}, steps or entries for unknown phases "
                f"{extra or 'none'}"
            )

    def action_types(self) -> frozenset[type]:
        """Every action type some phase accepts (decisions and chance outcomes); worked
        out once per table (reading each action asks)."""
        known = _ACTION_TYPES.get(id(self))
        if known is not None and known[0] is self:
            return known[1]
        found = frozenset(t for step in self.steps.values() for t in step.moves)
        _ACTION_TYPES[id(self)] = (self, found)
        return found


_ACTION_TYPES: dict[int, tuple[PhaseTable[Any, Any], frozenset[type]]] = {}
"""Per table (by identity, the table kept alive with its answer): its action types."""


def enter(state: S, phase: enum.Enum) -> S:
    """``state`` entering ``phase``: the state after the phase table's entry for ``phase``
    (:attr:`PhaseTable.enter`) ran on it. An effect ends its part of the game with
    ``return enter(state, Phase.NEXT)``; the kernel finds the entry through the state's
    game, as it finds the steps, so the effect's module never imports the next part's.

    The entry runs inside the effect, at once: the rules it applies are counted in the
    same order as if the effect had called it, and the state it returns is the effect's.
    (Running it after the effect, on a phase the effect set, could not tell a phase
    entered from another part from one re-set within its own part, as a White Lotus
    draw is after every placement.)"""
    entered: S = typing.cast(Any, state).game.table.enter[phase](state)
    return entered


def _who(actor: int | Node) -> str:
    return f"seat {actor}" if isinstance(actor, int) else actor.name.lower()


class Kernel(Generic[A]):
    """The state contract, derived from the phase table of the state's game.

    A game's frozen ``State`` class inherits from this mixin and has a ``game`` field (whose
    class carries ``steps``: the :class:`PhaseTable`'s mapping, and ``views``: the
    :class:`Views`) and a ``phase`` field (a member of the table's enum).
    """

    __slots__ = ("_step", "_trail")

    game: Any
    phase: Any
    _step: int

    @property
    def step(self) -> int:
        """How many actions (decisions and chance outcomes) were applied since setup: the
        number a client echoes as ``expect_step`` so that an old action is refused
        (:class:`~rulespec.StaleAction`). Kept outside the fields, like the history:
        equality and hashing ignore it; positions and observations carry it."""
        try:
            step: int = self._step
        except AttributeError:
            return 0
        return step

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that owe a decision now, each free to make it: one seat in sequential
        play, every seat still owing its secret choice in a round of simultaneous ones
        (White Lotus bids, sides, combat), none at a chance node or the end.
        :attr:`current_player` is one of them: the next in the fixed order the adapters
        serialise the round in."""
        step = self.game.steps[self.phase]
        if step.owing is not None:
            owing: frozenset[int] = step.owing(self)
            return owing
        if step.actor is not None:
            return frozenset((step.actor(self),))
        return frozenset()

    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        # a pickle keeps the fields and the step, not the history (see rulespec.core.history)
        return (_unpickle, (type(self), typing.cast(Any, self).__getstate__(), self.step))

    @property
    def players(self) -> int:
        """Number of seats."""
        players: int = self.game.players
        return players

    @property
    def current_player(self) -> int | Node:
        """The seat to act, :data:`~rulespec.CHANCE` or :data:`~rulespec.TERMINAL`."""
        step = self.game.steps[self.phase]
        if step.actor is not None:
            seat: int = step.actor(self)
            return seat
        node: Node = step.node
        return node

    @property
    def is_chance(self) -> bool:
        """True at a chance node."""
        return self.game.steps[self.phase].node is CHANCE

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.game.steps[self.phase].node is TERMINAL

    def legal_actions(self, player: int | Unchecked = NO_SEAT) -> tuple[A, ...]:
        """Every legal action in a fixed order; the chance outcomes at a chance node.
        With ``player``, what that seat may do now: its legal decisions if it is in
        :attr:`to_act`, else nothing (:class:`~rulespec.InvalidArgument` for anything but
        a seat, ``None`` included)."""
        step = self.game.steps[self.phase]
        if player is not NO_SEAT:
            return self._legal_of(step, self._check_seat(player, "legal_actions"))
        if step.legal is not None:
            legal: tuple[A, ...] = step.legal(self)
            return legal
        if step.outcomes is not None:
            return tuple(a for a, w in step.outcomes(self) if w > 0)
        return ()

    def _legal_of(self, step: Step[Any, Any], player: int) -> tuple[A, ...]:
        if step.actor is None or step.legal is None:
            return ()
        if step.actor(self) == player:
            legal: tuple[A, ...] = step.legal(self)
            return legal
        if step.owing is not None and step.as_seat is not None and player in step.owing(self):
            moved: tuple[A, ...] = step.legal(step.as_seat(self, player))
            return moved
        return ()

    def chance_outcomes(self) -> tuple[tuple[A, Fraction], ...]:
        """Each chance outcome with its exact probability; empty at a decision node."""
        step = self.game.steps[self.phase]
        if step.outcomes is None:
            return ()
        return weighted(step.outcomes(self))

    def legal_action_ids(self) -> tuple[int, ...]:
        """The ids of :meth:`legal_actions` (decision ids, or chance outcome ids at a
        chance node), in the same order."""
        ids: ActionIds = self.game.action_ids()
        if self.is_chance:
            return tuple(map(ids.chance_id, self.legal_actions()))
        return ids.decision_ids(self.legal_actions())

    def chance_outcome_ids(self) -> tuple[tuple[int, Fraction], ...]:
        """Each chance outcome's id with its exact probability; empty at a decision."""
        lookup = self.game.action_ids().chance_id
        return tuple((lookup(a), p) for a, p in self.chance_outcomes())

    def sample_chance(self, rng: random.Random) -> A:
        """Draw one chance outcome with its probability, using ``rng``."""
        step = self.game.steps[self.phase]
        if step.outcomes is None:
            raise InvalidArgument(
                f"sample_chance: not a chance node ({self.phase.value}, "
                f"{_who(self.current_player)} to act)"
            )
        drawn: A = pick_weighted(step.outcomes(self), rng)
        return drawn

    def _check_seat(self, player: object, what: str) -> int:
        """``player`` if it is a seat of this game (:func:`~rulespec.core.seats.check_seat`)."""
        return check_seat(player, self.game.players, what)

    def violation(self, action: object, player: int | Unchecked = NO_SEAT) -> Problem:
        """The rule ``action`` breaks here and why, or ``None`` if it is legal: the one
        check behind both :meth:`apply` and :meth:`explain`. With ``player``, as that
        seat would submit it (the turn rule if it owes nothing now)."""
        step = self.game.steps[self.phase]
        base = self
        if player is not NO_SEAT:
            try:
                base = self._as_player(step, player, action)
            except NotYourTurn as refused:
                return refused.rule, refused.reason
        move = step.moves.get(type(action))
        if move is None:
            self._check_own(action, "explain")
            return step.rule, base._misfit(step, action)
        try:
            problem: Problem = move.check(base, action)
        except ValueError:  # a check named a field too large to print: a client's action
            return step.rule, f"{shown(action)} names a number no rule takes"
        return problem

    def _check_own(self, action: object, what: str) -> None:
        """An action of another game, or no action at all, is no question for this
        game's rules: :class:`~rulespec.InvalidArgument`, not an explanation."""
        game = self.game
        kinds = game.table.action_types()
        if type(action) in kinds:
            return
        names = ", ".join(sorted(k.__name__ for k in kinds))
        title = game.spec.title
        package = sys.modules.get(type(action).__module__.rpartition(".")[0])
        spec = getattr(package, "SPEC", None)  # a game package names its GameSpec SPEC
        if spec is not None:
            other = f"{type(action).__name__} ({shown(action)}) is an action of {spec.title}"
        else:
            other = f"expected an action, got {bounded(action)}"
        raise InvalidArgument(
            f"{what}: {other}; this state takes only actions of {title} ({names})"
        )

    def _misfit(self, step: Step[Any, Any], action: object) -> str:
        if step.node is TERMINAL:
            return f"the game is over; {shown(action)} cannot be applied"
        wanted = (
            step.expects(self)
            if step.expects is not None
            else f"{_who(self.current_player)} must act now"
        )
        return f"{shown(action)} is not an action of the {self.phase.value} step; {wanted}"

    def apply(
        self, action: A | str, *, player: int | Unchecked = NO_SEAT, expect_step: int | None = None
    ) -> Self:
        """The state after ``action``; raises :class:`~rulespec.IllegalAction` (with the
        deciding rule) and leaves this state unchanged if the rules forbid it.

        ``player``, if given, is the seat submitting: it must be in :attr:`to_act`
        (:class:`~rulespec.NotYourTurn` otherwise), and in a round of secret choices any
        seat still owing one may commit, in any order. ``expect_step``, if given, must be
        this state's :attr:`step` (:class:`~rulespec.StaleAction` otherwise): a server
        passes the step its client saw, so an old action is never applied to a newer
        state. Without ``player`` nothing checks who submits (a referee's call); ``None``
        is no seat (:class:`~rulespec.InvalidArgument`), so a failed seat lookup never acts
        for anyone. ``action`` may be text in the game's notation (``state.apply("2R@1")``);
        :class:`~rulespec.MalformedNotation` if it names no action, suggesting only what
        ``player`` may do (:meth:`read_notation`)."""
        if expect_step is not None:
            self._check_step(expect_step)
        if player is not NO_SEAT:
            player = self._check_seat(player, "player")
        if type(action) is str:  # a notation (:doc:`/notation`), read as the game reads it
            action = self.read_notation(action, player)
        step = self.game.steps[self.phase]
        base = self
        if player is not NO_SEAT:
            base = self._as_player(step, player, action)
        move = step.moves.get(type(action))
        if move is None:
            self._check_own(action, "apply")
            raise IllegalAction(step.rule, base._misfit(step, action), action)
        try:
            problem = move.check(base, action)
        except ValueError:  # a check named a field too large to print: a client's action
            problem = step.rule, f"{shown(action)} names a number no rule takes"
        if problem is not None:
            raise IllegalAction(problem[0], problem[1], action)
        new: Self = move.effect(base, action)
        if new is self:  # a state is never changed, not even its history
            new = attrs.evolve(typing.cast(Any, self))
        # the history: a link per step, outside the fields (rulespec.core.history); a
        # secret choice committed before its turn in the fixed order names its seat, or
        # replaying the history would apply it as the seat next in that order
        link: list[Any] = [getattr(self, "_trail", None) or self, action]
        if base is not self:
            link += [{}, player]
        object.__setattr__(new, "_trail", link)
        try:
            object.__setattr__(new, "_step", self._step + 1)
        except AttributeError:
            object.__setattr__(new, "_step", 1)
        return new

    def _check_step(self, expect_step: object) -> None:
        if type(expect_step) is not int or not 0 <= expect_step < 2**63:  # no huge numbers
            raise InvalidArgument(
                "expect_step: expected a step, a whole number from 0 to 2**63 - 1, got "
                f"{bounded(expect_step)}"
            )
        if expect_step != self.step:
            raise StaleAction(expect_step, self.step)

    def _as_player(self, step: Step[Any, Any], player: object, action: object) -> Self:
        """This state as ``player`` acts in it: itself if ``player`` is the seat to act;
        in a round of secret choices, the state with ``player`` to act if it still owes
        one; else :class:`~rulespec.NotYourTurn`."""
        seat = self._check_seat(player, "player")
        actor = self.current_player
        if seat == actor:
            return self
        owing = step.owing(self) if step.owing is not None else frozenset()
        if seat in owing and step.as_seat is not None:
            moved: Self = step.as_seat(self, seat)
            return moved
        to_act = self.to_act
        if owing:
            who = ", ".join(f"seat {p}" for p in sorted(owing))
            reason = (
                f"seat {seat} submitted {shown(action)}, but only {who} still owe a secret choice"
            )
        elif to_act:
            reason = f"seat {seat} submitted {shown(action)}, but {_who(actor)} is to act"
        else:
            reason = f"seat {seat} submitted {shown(action)}, but no seat acts now ({_who(actor)})"
        raise NotYourTurn(step.turn or step.rule, reason, action, player=seat, to_act=to_act)

    def history(self) -> tuple[A, ...]:
        """Every action applied since :meth:`root`, in order."""
        return histories.walk(self)[1]

    def root(self) -> Any:
        """The state this one's history starts at: the game's initial state, or the
        position it was read from (a position, or a pickle, carries no history)."""
        return histories.walk(self)[0]

    def information_state(self, player: int) -> histories.InformationState:
        """Everything ``player`` has seen since :meth:`root` (perfect recall): its view of
        the root, then per step its own action if it acted and what changed in its view."""
        return histories.information_state(self, self._check_seat(player, "information_state"))

    def resample(self, player: int, rng: random.Random) -> Self:
        """A state ``player`` cannot tell from this one (the same information state),
        every component hidden from it redrawn at random among those consistent with
        what it has seen (:mod:`rulespec.core.resample`; what each game conditions on is
        in the docs' "Resampling" section). :class:`~rulespec.InvalidArgument` for a
        seat that does not exist or a game that is over."""
        seat = self._check_seat(player, "resample")
        if self.is_terminal:
            raise InvalidArgument(
                "resample: the game is over; nothing is hidden that play could still use"
            )
        new: Self = self.game.resampler(self, seat, rng)
        return new

    def explain(self, action: A | str, player: int | Unchecked = NO_SEAT) -> Explanation:
        """Whether ``action`` is legal here and, if not, the rule that forbids it; with
        ``player`` (a seat; ``None`` is :class:`~rulespec.InvalidArgument`), as that seat
        would submit it. ``action`` may be given in the game's notation (``"2R@1"``)."""
        if player is not NO_SEAT:
            player = self._check_seat(player, "player")
        if type(action) is str:
            action = self.read_notation(action, player)
        problem = self.violation(action, player)
        return Explanation.of(action, problem, self.describe(action))

    def describe(self, action: A | str) -> str:
        """``action`` (or its notation) in the words a player uses, for this state:
        ``Resolve(2, 1)`` of The White Castle reads "take 1 iron and 1 food" here, where
        its ``str`` can only say "option 1 of pending task 2". Works for an illegal action
        too, as far as this state tells what it would be."""
        if type(action) is str:
            action = self.game.parse_action(action, self)
        views = getattr(self.game, "views", None)  # a game built by hand may have none
        if views is None:
            return shown(action)
        try:
            described: str = views.describe(self, action)
        except ValueError:  # a field too large to print, in an action a client built
            return shown(action)
        return described

    def read_notation(self, text: str, player: int | Unchecked = NO_SEAT) -> A:
        """The action ``text`` names (:meth:`~rulespec.core.game.BaseGame.parse_action`).
        A :class:`~rulespec.MalformedNotation` addressed to ``player`` suggests only that
        seat's own legal actions (none while it owes no decision): the legal actions of
        another seat can reveal what ``player`` may not see (a face-down card behind the
        actions it allows). Without ``player``, the referee's call, it suggests this
        state's legal actions."""
        if player is NO_SEAT:
            where: Any = self
        else:
            where = Offered(self.game, self.legal_actions(player=player))
        found: A = self.game.parse_action(text, where)
        return found

    def observation(self, player: int) -> Any:
        """Exactly what ``player`` may see of this state (its ``step`` included, and at the
        end the game's outcome: ``final_outcome``)."""
        seen = self.game.views.observe(self, self._check_seat(player, "observation"))
        step = self.step
        if step:
            object.__setattr__(seen, "_step", step)
        if self.current_player is TERMINAL:  # the result, which every seat sees at the end
            object.__setattr__(seen, "_outcome", typing.cast(Any, self).outcome())
        return seen

    def to_json(self) -> dict[str, Any]:
        """The whole state as a JSON position (``game.state_from_json`` reads it back),
        its :attr:`step` included."""
        data: dict[str, Any] = self.game.views.dump(self)
        data["step"] = self.step
        return data

    def problems(self) -> tuple[str, ...]:
        """Every rule invariant this state breaks: empty for any state reached by play.

        After the game's own invariants, the kernel checks that play can go on: a decision
        offers its seat at least one legal action and a chance node at least one possible
        outcome (a hand-written position that fails this is no position of the game)."""
        found = list(self.game.views.invariants(self))
        if not found:
            found.extend(self._stuck())
        return tuple(found)

    def _stuck(self) -> list[str]:
        step = self.game.steps[self.phase]
        try:
            if step.outcomes is not None:
                if sum(w for _, w in step.outcomes(self)) <= 0:
                    return [f"phase {self.phase.value}: a chance node with no possible outcome"]
            elif step.legal is not None and not step.legal(self):
                return [
                    f"phase {self.phase.value}: {_who(self.current_player)} is to act but has "
                    "no legal action; play never reaches such a position"
                ]
        except Exception as exc:
            return [
                f"phase {self.phase.value}: what comes next cannot be worked out "
                f"({type(exc).__name__}); the position contradicts itself"
            ]
        return []

    def __str__(self) -> str:
        text: str = self.game.views.render(self)
        return text

    def __repr__(self) -> str:
        """``<State: Mandala, 2 players, turn 1, phase play, to act: seat 0>``: the first
        line of :meth:`__str__`. A state's full record is its JSON position, which
        round-trips: ``state.game.state_from_json(state.to_json()) == state``. (A game's
        ``State`` class is ``@attrs.frozen(repr=False)`` to keep this.)"""
        return f"<State: {str(self).split(chr(10), 1)[0]}>"

    def _repr_svg_(self) -> str:
        """The picture a notebook shows (``game.svg(state)``, :doc:`/pictures`)."""
        picture: str = self.game.svg(self)
        return picture

    def _repr_html_(self) -> str:
        """The picture inline in HTML, for notebooks that prefer HTML to SVG."""
        return svg.inline_html(self._repr_svg_())


@attrs.frozen
class Views:
    """What a game's composition root binds to its states: the functions that look at a
    state (and read one back), kept out of the state's own module."""

    observation: type
    """The class of one player's view (what ``observe`` returns)."""
    observe: Callable[[Any, int], Any]
    """``observe(state, seat)``: what that seat may see."""
    dump: Callable[[Any], dict[str, Any]]
    """``dump(state)``: the JSON position."""
    load: Callable[[Any, Mapping[str, Any]], Any]
    """``load(game, data)``: a state from a JSON position, every problem at once."""
    invariants: Callable[[Any], Sequence[str]]
    """``invariants(state)``: every rule invariant the state breaks."""
    render: Callable[[Any], str]
    """``render(state)``: a text picture."""
    narrate: Callable[[Any, Any, Any], str]
    """``narrate(before, action, after)``: one log entry for ``rulespec play``."""
    describe: Callable[[Any, Any], str] = attrs.field(default=lambda state, action: str(action))
    """``describe(state, action)``: the action in a player's words, for that state (the
    action's own ``str`` unless the game's render module defines ``describe_action``)."""

    @classmethod
    def of(cls, observation: ModuleType, position: ModuleType, render: ModuleType) -> Views:
        """The views a game's three view modules define under their usual names:
        ``observation.observe``, ``position.load`` and ``position.invariant_problems``,
        ``render.render`` and ``render.narrate`` (and ``render.describe_action``, if the game's
        actions need the state to say what they do). A position is written by the game's
        converter (:func:`dump_position`)."""
        observe = observation.observe
        describe = getattr(render, "describe_action", None)
        return cls(
            observation=typing.get_type_hints(observe)["return"],
            observe=observe,
            dump=dump_position,
            load=position.load,
            invariants=position.invariant_problems,
            render=render.render,
            narrate=render.narrate,
            **({} if describe is None else {"describe": describe}),
        )


def _unpickle(cls: type, fields: Any, step: int) -> Any:
    """A state from its pickle: the fields as attrs restores them, and the step."""
    state: Any = object.__new__(cls)
    state.__setstate__(fields)
    if step:
        object.__setattr__(state, "_step", step)
    return state


def dump_position(state: Any) -> dict[str, Any]:
    """A state as a JSON position: its game and settings, then every field as the game's
    converter writes it."""
    game = state.game
    return {
        "game": game.spec.id,
        "settings": dict(game.settings()),
        **game.codec.to_json(state, game),
    }


class Evolve:
    """A cheap ``attrs.evolve`` for frozen records on the hot path: ``record.but(x=1)``.

    ``attrs.evolve`` inspects the class on every call. On first use this compiles, once per
    class, a function with one keyword per field (what attrs itself does for ``__init__``),
    and installs it on the class; an unknown field name is a ``TypeError``, never dropped.
    """

    __slots__ = ()

    def but(self, **changes: Any) -> Self:
        """A copy with some fields replaced."""
        fn = _compile_but(type(self))
        new: Self = fn(self, **changes)
        return new


_UNSET = object()


def _plain_slots(cls: type) -> bool:
    """True if building ``cls`` is nothing but storing each field in its slot: slotted, every
    field set by ``__init__`` as given (no validator or converter to run),
    no init hooks and no cached hash to reset."""
    fields = attrs.fields(cls)
    slots = {name for c in cls.__mro__ for name in c.__dict__.get("__slots__", ())}
    return (
        all(
            a.name in slots and a.init and a.validator is None and a.converter is None
            for a in fields
        )
        and not any(hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__"))
        and not any("cached_hash" in name for name in slots)
    )


def _compile_but(cls: type) -> Callable[..., Any]:
    names = [a.name for a in attrs.fields(cls)]
    params = ", ".join(f"{n}=_UNSET" for n in names)
    namespace: dict[str, Any] = {"_UNSET": _UNSET, "_cls": cls, "_new": object.__new__}
    if _plain_slots(cls):
        # a frozen attrs __init__ stores each field through object.__setattr__; storing it
        # straight into its slot descriptor builds the same object about a quarter faster
        body = "".join(f"    _set_{n}(new, self.{n} if {n} is _UNSET else {n})\n" for n in names)
        source = f"def but(self, *, {params}):\n    new = _new(_cls)\n{body}    return new\n"
        for n in names:
            namespace[f"_set_{n}"] = _slot(cls, n).__set__
    else:
        args = ", ".join(f"self.{n} if {n} is _UNSET else {n}" for n in names)
        source = f"def but(self, *, {params}):\n    return _cls({args})\n"
    exec(compile(source, f"<{cls.__qualname__}.but>", "exec"), namespace)
    fn: Callable[..., Any] = namespace["but"]
    fn.__doc__ = Evolve.but.__doc__
    type.__setattr__(cls, "but", fn)
    return fn


def _slot(cls: type, name: str) -> Any:
    """The slot descriptor of field ``name`` (on ``cls`` or the base that declares it)."""
    for c in cls.__mro__:
        if name in c.__dict__.get("__slots__", ()):
            return c.__dict__[name]
    raise AssertionError(f"{cls.__qualname__}.{name} is not a slot")


@attrs.frozen
class Offered:
    """What a notation error may suggest (:meth:`Kernel.read_notation`): the actions of
    the seat it is addressed to, with the game the notation is read for."""

    game: Any
    actions: tuple[Any, ...]

    is_terminal = False

    def legal_actions(self) -> tuple[Any, ...]:
        """The actions the error may suggest."""
        return self.actions
