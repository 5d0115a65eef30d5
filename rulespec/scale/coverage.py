"""Rule coverage: how often each rule decided something during play.

The kernel finds a game's phase table through ``state.game.steps`` on every call
(:mod:`rulespec.core.kernel`). :func:`covered` returns a copy of a game whose class carries
a wrapped table: every :class:`~rulespec.core.kernel.Move` counts into a
:class:`collections.Counter` as the kernel calls it. States made by the copy point to it,
so a whole game played from ``covered(game, tally).initial_state()`` is counted; the
original game and its states are untouched.

What "decided" means here, per kind of count:

``applied``
    An action was applied in a phase, counted under the rule that phase's
    :class:`~rulespec.core.kernel.Step` names (``Step.rule``). Effects do not report the
    finer rules they follow inside, so this is phase-level.
``rejected``
    A move's check returned ``(rule, reason)``: that rule ruled a candidate illegal. The
    legal-action generators of both games compute legality directly instead of calling
    the checks, so in plain random play this only counts with probing on (each decision
    re-submits what was legal at the previous decision of the same phase; see
    :func:`probe`).
``ended``
    A game ended; counted under the rule of the terminal step.
``decided``
    The game code called :func:`rulespec.core.trace.decided` with the rule's id: an
    effect applied the rule's consequence, a ruling's option chose a branch, a tie rule
    broke a tie, a supply limit bit, an end condition fired, a score component counted,
    or a legality rule removed a candidate from the legal actions. Counted while
    :func:`rulespec.core.trace.tracing` is on, around each chunk of games
    (:func:`rulespec.scale.batch.play_chunk`); the hooks sit outside every cache, so the
    counts are the same whatever the executor or the games a worker played before.

A rule counts as exercised if any kind counted it. :data:`NOT_DECIDING` lists the rule
ids with no decision point in play (component and board facts, setup facts, worked
examples, rules the action encoding makes impossible to break), each with the reason its
rulebook entry gives (``no_decision``);
:meth:`Coverage.unexercised` leaves them out, so the rules it lists could have decided
something and did not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from rulespec import catalog
from rulespec.core.kernel import Move, Step


class _NotDeciding(Mapping[str, str]):
    """The rules with no decision point in play, by id, with the reason: each game's
    rulebook gives it as the rule's ``no_decision`` (read on first use, all games)."""

    def __init__(self) -> None:
        self._found: dict[str, str] | None = None

    def _all(self) -> dict[str, str]:
        if self._found is None:
            self._found = {
                r.id: r.no_decision
                for game_id in catalog.GAMES.ids
                for r in catalog.rules(game_id)
                if r.no_decision
            }
        return self._found

    def __getitem__(self, rule_id: str) -> str:
        return self._all()[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


NOT_DECIDING: Mapping[str, str] = _NotDeciding()
"""The rule ids with no decision point in play (component and board facts, set-up facts,
worked examples, rules the action encoding makes impossible to break), each with its
reason: the rules whose rulebook entry gives ``no_decision``."""
"""Rule ids with no decision point in play, each with the reason: coverage does not
expect them (a test checks every other rule id is hooked in the code)."""

Tally = Counter[tuple[str, str]]
"""Counts keyed by (rule id, kind)."""

KINDS = ("applied", "rejected", "ended", "decided")


@attrs.frozen
class Coverage:
    """Counts per rule id and kind, merged exactly (integer sums, so the order of merging
    never matters)."""

    counts: tuple[tuple[str, str, int], ...] = ()
    """``(rule id, kind, count)`` sorted by rule id then kind: one canonical form, so
    equal coverage compares equal."""

    @classmethod
    def of(cls, tally: Mapping[tuple[str, str], int]) -> Coverage:
        """From a tally keyed by (rule id, kind)."""
        return cls(tuple(sorted((r, k, n) for (r, k), n in tally.items() if n)))

    def __add__(self, other: Coverage) -> Coverage:
        tally: Tally = Counter()
        for part in (self, other):
            for r, k, n in part.counts:
                tally[r, k] += n
        return Coverage.of(tally)

    def by_rule(self) -> dict[str, dict[str, int]]:
        """``{rule id: {kind: count}}``."""
        out: dict[str, dict[str, int]] = {}
        for r, k, n in self.counts:
            out.setdefault(r, {})[k] = n
        return out

    def unexercised(self, rule_ids: Iterable[str]) -> tuple[str, ...]:
        """The ids among ``rule_ids`` that decided nothing, in the order given, leaving out
        those with no decision point in play (:data:`NOT_DECIDING`)."""
        seen = {r for r, _, _ in self.counts}
        return tuple(r for r in rule_ids if r not in seen and r not in NOT_DECIDING)


def covered(game: Any, tally: Tally) -> Any:
    """A copy of ``game`` whose phase table counts into ``tally`` (see the module)."""
    cls = type(game)
    steps = {phase: _wrap_step(step, tally) for phase, step in cls.steps.items()}
    counted = type(f"Covered{cls.__name__}", (cls,), {"__slots__": (), "steps": steps})
    copy: Any = object.__new__(counted)
    for field in attrs.fields(cls):
        object.__setattr__(copy, field.name, getattr(game, field.name))
    return copy


def _wrap_step(step: Step[Any, Any], tally: Tally) -> Step[Any, Any]:
    rule = step.rule.id
    moves = {t: _wrap_move(m, rule, tally) for t, m in step.moves.items()}
    return attrs.evolve(step, moves=moves)


def _wrap_move(move: Move[Any, Any], rule: str, tally: Tally) -> Move[Any, Any]:
    check, effect = move.check, move.effect
    applied = (rule, "applied")

    def counted_check(state: Any, action: Any) -> Any:
        problem = check(state, action)
        if problem is not None:
            tally[problem[0].id, "rejected"] += 1
        return problem

    def counted_effect(state: Any, action: Any) -> Any:
        tally[applied] += 1
        return effect(state, action)

    return Move(counted_check, counted_effect)


def add_decided(tally: Tally, decided: Mapping[str, int]) -> None:
    """Add the counts of :func:`rulespec.core.trace.tracing` to ``tally``."""
    for rule, n in decided.items():
        tally[rule, "decided"] += n


def ended(state: Any, tally: Tally) -> None:
    """Count the end of a game under its terminal step's rule."""
    tally[state.game.steps[state.phase].rule.id, "ended"] += 1


def probe(state: Any, earlier: tuple[Any, ...]) -> None:
    """Ask the rules about each action of ``earlier`` (what was legal at the previous
    decision of this phase) that is not legal now: their checks count the rejections.
    Pure: it consumes no randomness and changes no state."""
    legal = set(state.legal_actions())
    for action in earlier:
        if action not in legal:
            state.explain(action)
