"""Position invariants as a table of named checks.

A rule that constrains a state is written once as the transition that keeps it and again,
for hand-written positions, as an :class:`Invariant`: the rule's id and a short check that
yields what a state breaks. A game's ``position.py`` lists its invariants in one table
(``INVARIANTS``) and :func:`check` runs it, so every refused position names the rule it
breaks and a grep for a rule id finds the check. Constraints the books do not state (a
part of the year present in a phase that has none) are the format's own rules, recorded
as rulings (``lotus.position.format``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

import attrs

from rulespec.errors import MAX_PROBLEMS, MORE_PROBLEMS, enough

S = TypeVar("S")


@attrs.frozen
class Invariant(Generic[S]):
    """One rule a state must keep: ``check(state)`` yields a message for each breach."""

    rule: str
    """The registry id of the rule the check enforces; a message that does not name it
    gets it appended, so every refusal names its rule."""
    check: Callable[[S], Iterable[str]]
    """Yields one message per breach (``"area: ..."``), nothing for a sound state."""
    gate: bool = False
    """A shape check: when it finds a problem the table stops, since the checks after it
    read what it checks (list lengths, ranges)."""
    if_sound: bool = False
    """Runs only when no check before it found a problem (a check that asks play what it
    would do, which a broken state cannot answer)."""

    def problems(self, state: S) -> list[str]:
        """The messages of the check, each naming ``rule``."""
        return [m if self.rule in m else f"{m} ({self.rule})" for m in self.check(state)]


def check(state: S, table: Sequence[Invariant[S]]) -> list[str]:
    """Every breach of ``table`` by ``state``, in table order. Stops once there are more
    problems than an error lists (``rulespec.errors.enough``), noting that there are
    more, or after a :attr:`~Invariant.gate` that found one."""
    out: list[str] = []
    for invariant in table:
        if invariant.if_sound and out:
            continue
        found = invariant.problems(state)
        out.extend(found)
        if enough(out):
            return [*out[:MAX_PROBLEMS], MORE_PROBLEMS]
        if invariant.gate and found:
            break
    return out


def rules(table: Iterable[Invariant[S]]) -> tuple[str, ...]:
    """The rule ids ``table`` enforces, in table order, each once."""
    return tuple(dict.fromkeys(i.rule for i in table))
