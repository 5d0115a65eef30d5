"""A turn's agenda and the families' supplies: what every effect of a turn builds on.

A turn is a chain of small decisions over an *agenda*: a stack of frames, each a tuple of
tasks, each task a tuple of :class:`~rulespec.castle.components.Effect` still to do (its
head first). Costs are paid and gains taken here, so no effect pays twice or caps twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from rulespec.castle import rules
from rulespec.castle.components import Symbol
from rulespec.castle.state import Family, Frame, State
from rulespec.core import trace
from rulespec.core.trace import decided

# Enum members under module names: in Python 3.11 ``Phase.RESOLVE`` passes the enum
# metaclass's ``__getattr__`` hook at each use (0.1 µs; a step names dozens), a module
# global is one dictionary look-up (issue 21 §5).
_COINS = Symbol.COINS
_VP = Symbol.VP


@attrs.frozen
class Cost:
    """What an option of an effect costs: a red number (coins, seals) or the resources a
    figure's placement or ascent takes (castle.coins.costs)."""

    coins: int = 0
    seals: int = 0
    iron: int = 0
    food: int = 0
    pearl: int = 0

    def __str__(self) -> str:
        named = zip(attrs.astuple(self), ("coins", "seals", "iron", "food", "pearl"), strict=True)
        return ", ".join(f"{n} {k}" for n, k in named if n) or "nothing"


FREE = Cost()


Option = tuple[Cost, Callable[[State, int], State]]
"""An option's cost and what it does to the state (for seat)."""


def affords(fam: Family, cost: Cost) -> bool:
    """Whether ``fam`` can pay ``cost``."""
    if cost is FREE:
        return True
    r = fam.resources
    return (
        fam.coins >= cost.coins
        and fam.seals >= cost.seals
        and r[0] >= cost.iron
        and r[1] >= cost.food
        and r[2] >= cost.pearl
    )


def pay(fam: Family, cost: Cost) -> Family:
    """``fam`` after paying ``cost`` (checked affordable)."""
    if cost is FREE:
        return fam
    r = fam.resources
    return fam.but(
        coins=fam.coins - cost.coins,
        seals=fam.seals - cost.seals,
        resources=(r[0] - cost.iron, r[1] - cost.food, r[2] - cost.pearl),
    )


def gain_resources(fam: Family, amounts: Sequence[int]) -> Family:
    """Resources gained, each capped at 7 (:func:`rules.capped_gain`)."""
    return fam.but(resources=rules.capped_gain(fam.resources, amounts))


def update(s: State, seat: int, fn: Callable[[Family], Family]) -> State:
    """``s`` with ``seat``'s family changed by ``fn``."""
    return s.with_family(seat, fn(s.family(seat)))


class Gain:
    """An option that changes nothing but its seat's family (a gain, a figure sent out):
    resolving it pays, takes the head off the agenda and changes the family in one copy
    of the state, where a state-changing option copies it twice."""

    __slots__ = ("family",)

    def __init__(self, family: Callable[[Family], Family]) -> None:
        self.family = family

    def __call__(self, s: State, seat: int) -> State:
        return update(s, seat, self.family)


def move_marker(s: State, seat: int, to: int) -> State:
    """The seat's influence marker to space ``to``, on top of any there."""
    fam = s.family(seat)
    if to == fam.track:
        return s
    if trace.TRACING:
        decided(
            "castle.track.influence",
            f"the influence marker moves from space {fam.track} to {to} of the seasons "
            "track, on top of any there",
        )
    stamp = s.stamp + 1
    return s.but(stamp=stamp).with_family(seat, fam.but(track=to, height=stamp))


def push(s: State, *frames: Frame) -> State:
    """``frames`` pushed on the agenda, the last on top; empty frames are dropped."""
    kept = tuple(f for f in frames if f)
    return s.but(agenda=s.agenda + kept) if kept else s


def pushed(s: State, *frames: Frame) -> tuple[Frame, ...]:
    """The agenda with ``frames`` pushed (:func:`push`), for a copy that changes more."""
    return s.agenda + tuple(f for f in frames if f)


def with_top(s: State, frame: Frame) -> State:
    agenda = s.agenda[:-1] + ((frame,) if frame else ())
    return s.but(agenda=agenda)


def tidy(s: State) -> State:
    """Apply the coin and point gains at the heads of the top frame's tasks (they
    commute with everything), drop emptied tasks and frames."""
    while s.agenda:
        frame = s.agenda[-1]
        for task in frame:  # tasks are never empty: most often no head is a gain
            head = task[0].symbol
            if head is _COINS or head is _VP:
                break
        else:
            return s
        coins = points = 0
        tasks = []
        changed = False
        for task in frame:
            i = 0
            while i < len(task) and task[i].symbol in (_COINS, _VP):
                if task[i].symbol is _COINS:
                    coins += task[i].amount
                else:
                    points += task[i].amount
                i += 1
            if i:
                changed = True
            if i < len(task):
                tasks.append(task[i:] if i else task)
            else:
                changed = True
        if not changed:
            return s
        top = (tuple(tasks),) if tasks else ()
        if coins or points:
            decided("castle.coins.unlimited", "coins come from a supply that never runs out")
            fam = s.family(s.actor)
            fam = fam.but(coins=fam.coins + coins, points=fam.points + points)
            s = s.with_family(s.actor, fam, agenda=s.agenda[:-1] + top)
        else:
            s = s.but(agenda=s.agenda[:-1] + top)
    return s
