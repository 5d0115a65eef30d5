"""The rule-coverage hook: game code calls :func:`decided` with a rule id at the point
where that rule or ruling decides something (an effect applies its consequence, a branch
runs because of a ruling's option, a tie rule breaks a tie, a supply limit bites, an end
condition fires, a score component counts).

Off by default, and nearly free when off: :func:`decided` reads one module global and
returns. Calls sit on the branches a rule decides, not in code every step runs; where a
hot path would still pay for the call, the caller guards it with ``if trace.TRACING:``.
The calls change nothing in the game: they only count.

:func:`tracing` turns counting on for a ``with`` block (one game or a chunk of games;
:mod:`rulespec.scale.coverage` uses it); the counts are per process, and one block at a
time (blocks nest: an inner block counts apart and the outer one resumes after it).

>>> with tracing() as counts:
...     decided("mandala.draw.reshuffle")
>>> counts
Counter({'mandala.draw.reshuffle': 1})
>>> decided("mandala.draw.reshuffle")  # off again: nothing counted, nothing kept
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

TRACING = False
"""True inside :func:`tracing`; callers on hot paths test it before calling."""

_counts: Counter[str] = Counter()


def decided(rule_id: str) -> None:
    """Count one decision of ``rule_id`` while tracing is on; nothing otherwise. Pass the
    id as a string literal: a test finds every hooked rule by reading the calls."""
    if TRACING:
        _counts[rule_id] += 1


@contextmanager
def tracing() -> Iterator[Counter[str]]:
    """Count :func:`decided` calls into a new :class:`~collections.Counter` for the block."""
    global TRACING, _counts
    saved = TRACING, _counts
    counts: Counter[str] = Counter()
    TRACING, _counts = True, counts
    try:
        yield counts
    finally:
        TRACING, _counts = saved
