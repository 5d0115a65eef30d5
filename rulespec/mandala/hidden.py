"""What one seat cannot see in a Mandala history: the other seats' draws, cut into epochs.

A history is read once, from its root, into a :class:`Timeline` for seat ``p``: for each
other seat the order of its hidden draws (the cards of a position's root hand first) and of
its public hand changes (plays, and cards taken back when a mandala is resolved), and the
epochs of the draw pile. Epoch 0 is the pile at the root (for a game's initial state, the
whole deck); each later epoch starts when the pile runs out and the discard pile, whose
colours everyone saw, is shuffled in. What ``p`` cannot see of an epoch's cards is known
as a multiset: the epoch's cards less those ``p`` drew (:attr:`Timeline.epochs`).

Everything else the resampler needs follows from public counts: at the moment of a
reshuffle the draw pile is empty, so the other seats' hands hold every card ``p`` cannot
see; across an epoch, their hands grow by what they drew and by the public changes
(:attr:`Timeline.changes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulespec.core import resample as core
from rulespec.mandala.actions import DrawCard
from rulespec.mandala.components import COLOURS, FULL_DECK, NUM_COLOURS, plus
from rulespec.mandala.state import State

Vector = tuple[int, ...]
"""Six counts, one per colour (a hand, a pile, a change; a change may be negative)."""

Event = tuple[int, int, Vector]
"""One step of a seat's part of a history: ``(epoch, slot, change)``. A hidden draw has
``slot >= 0`` (its index in :attr:`Timeline.slots`) and no change; a public hand change
has ``slot == -1`` and the change per colour (negative for cards played)."""

NO_CHANGE: Vector = (0,) * NUM_COLOURS


def unseen(state: State, player: int) -> list[int]:
    """Per colour, the cards ``player`` cannot see: the other hands and the draw pile."""
    seen = plus(state.hands[player], state.discard)
    for area in state.mandalas:
        for counts in (*area.up, *area.down):
            seen = plus(seen, counts)
    return [full - s for full, s in zip(FULL_DECK, seen, strict=True)]


class Timeline:
    """The hidden draws of a history from ``root`` for seat ``player``, and what the
    public steps say about them."""

    def __init__(
        self,
        player: int,
        root: State,
        actions: Sequence[Any],
        states: Sequence[State] | None = None,
    ) -> None:
        """``states``: the states of the history from ``root`` on, if known (else the
        actions are replayed)."""
        n = root.players
        self.player = player
        self.root = root
        self.seats: list[int] = [s for s in range(n) if s != player]
        """The other seats, in seat order."""
        self.slots: list[tuple[int, int, int]] = []
        """The hidden cards in time order: ``(history index or ROOT, seat, epoch)``."""
        self.original: list[int] = []
        """The colour each slot has in the history."""
        self.events: dict[int, list[Event]] = {s: [] for s in self.seats}
        first = unseen(root, player)
        self.epochs: list[list[int]] = [first]
        """Per epoch, the colours of its cards that ``p`` did not draw."""
        self.changes: list[list[int]] = [[0] * NUM_COLOURS]
        """Per epoch, the other seats' public hand changes, added up."""
        for seat in self.seats:
            for c in COLOURS:
                for _ in range(root.hands[seat][c]):
                    self._draw(core.ROOT, seat, c)
        before = root
        for i, action in enumerate(actions):
            after = before.apply(action) if states is None else states[i + 1]
            drawer = -1
            if isinstance(action, DrawCard):
                drawer = before.seat
                if not any(before.deck):  # a reshuffle: a new epoch, its cards public
                    self.epochs.append(list(before.discard))
                    self.changes.append([0] * NUM_COLOURS)
                if drawer == player:
                    self.epochs[-1][action.colour] -= 1
                else:
                    self._draw(i, drawer, action.colour)
            for seat in self.seats:
                delta = [a - b for a, b in zip(after.hands[seat], before.hands[seat], strict=True)]
                if seat == drawer:
                    delta[action.colour] -= 1
                if any(delta):
                    self.events[seat].append((len(self.epochs) - 1, -1, tuple(delta)))
                    for c in COLOURS:
                        self.changes[-1][c] += delta[c]
            if drawer >= 0 and any(before.deck) and sum(after.deck) != sum(before.deck) - 1:
                # the pile ran out with this card and was replaced at once (option
                # reshuffle = 'when_empty'): the next epoch starts after this draw
                self.epochs.append(list(before.discard))
                self.changes.append([0] * NUM_COLOURS)
            before = after
        self.final = before
        self.remainder = sum(before.deck)
        """Cards still in the last epoch's pile."""

    def _draw(self, index: int, seat: int, colour: int) -> None:
        epoch = len(self.epochs) - 1
        self.events[seat].append((epoch, len(self.slots), NO_CHANGE))
        self.slots.append((index, seat, epoch))
        self.original.append(colour)

    @property
    def last(self) -> int:
        """The last epoch (the one the pile at the end belongs to)."""
        return len(self.epochs) - 1
