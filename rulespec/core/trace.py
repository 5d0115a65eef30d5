"""The rule-coverage hook: game code calls :func:`decided` with a rule id at the point
where that rule or ruling decides something (an effect applies its consequence, a branch
runs because of a ruling's option, a tie rule breaks a tie, a supply limit bites, an end
condition fires, a score component counts).

Off by default, and nearly free when off: :func:`decided` reads one module global and
returns. Calls sit on the branches a rule decides, not in code every step runs; where a
hot path would still pay for the call, the caller guards it with ``if trace.TRACING:``.
The calls change nothing in the game: they only count.

A call may also say, in the game's words, what the rule decided there (``decided(
"mandala.majority.tie_keeps", "seat 0 and seat 1 both have 3 cards there, a tie: the
marker stays with seat 0")``). The words are kept beside the counts; the witnesses
(:mod:`rulespec.witnesses`) show them under each rule, and prefer a step where the rule
said them: a call gives words on the branch that shows the rule's point (a card going face
down, a tie broken), so that is the situation a reader sees. Words that take work to
build are built only while tracing (``if trace.TRACING: decided(...)``).

:func:`tracing` turns counting on for a ``with`` block (one game or a chunk of games;
:mod:`rulespec.scale.coverage` uses it); the counts are per process, and one block at a
time (blocks nest: an inner block counts apart and the outer one resumes after it).

>>> with tracing() as counts:
...     decided("mandala.draw.reshuffle")
...     decided("mandala.draw.reshuffle", "the discard pile becomes the draw pile")
>>> counts
Decisions({'mandala.draw.reshuffle': 2})
>>> counts.words
{'mandala.draw.reshuffle': ['the discard pile becomes the draw pile']}
>>> decided("mandala.draw.reshuffle")  # off again: nothing counted, nothing kept
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

TRACING = False
"""True inside :func:`tracing`; callers on hot paths test it before calling."""


class Decisions(Counter[str]):
    """The rules that decided in a block, counted, and the words each said (in order)."""

    def __init__(self) -> None:
        super().__init__()
        self.words: dict[str, list[str]] = {}


_counts = Decisions()


def decided(rule_id: str, words: str = "") -> None:
    """Count one decision of ``rule_id`` while tracing is on, with what it decided in
    words if given; nothing otherwise. Pass the id as a string literal: a test finds
    every hooked rule by reading the calls."""
    if TRACING:
        _counts[rule_id] += 1
        if words:
            _counts.words.setdefault(rule_id, []).append(words)


@contextmanager
def tracing() -> Iterator[Decisions]:
    """Count :func:`decided` calls into new :class:`Decisions` for the block."""
    global TRACING, _counts
    saved = TRACING, _counts
    counts = Decisions()
    TRACING, _counts = True, counts
    try:
        yield counts
    finally:
        TRACING, _counts = saved
