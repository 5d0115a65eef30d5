"""What one Mandala player may see (ruling mandala.info.public).

Hidden: the other players' hands (only their sizes show), the draw pile (only its size)
and the tile stacks (only their sizes). Everything else lies on the table: every mandala
with its face-down cards' colours (shown to all when played), the discard pile (cards
arrive face up) and every player's tiles and flowers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import attrs

from rulespec.core.api import JSON, Node
from rulespec.core.convert import PER_SEAT, Length, Range, Reuse, Seat
from rulespec.core.tensor import Domain, ObservationParts, Positions, register_domain
from rulespec.mandala.codec import CODEC
from rulespec.mandala.components import (
    CARDS_PER_COLOUR,
    DARK_TILES,
    MAX_HAND_FOR_DRAW,
    NUM_COLOURS,
    NUM_MANDALAS,
    TILES,
    Counts,
    Tile,
)
from rulespec.mandala.scoring import Holdings
from rulespec.mandala.state import Area, MandalaNumber, Phase, State

if TYPE_CHECKING:
    from rulespec.mandala.game import MandalaGame

register_domain(Tile, Domain(lambda game: TILES, lambda t: t.label))

CARD_COUNT = Range(0, CARDS_PER_COLOUR * NUM_COLOURS)
"""A number of cards: at most the whole deck."""
TURNS = Range(0, 10**6)
"""Turns begun (as in a state)."""
StackSize = Annotated[int, Range(0, len(DARK_TILES))]
"""Tiles left in one of the two stacks (18 tiles each)."""


@attrs.frozen
class MandalaObservation(ObservationParts):
    """One player's view of a state; equal views mean the player cannot tell them apart.

    Its JSON uses the vocabulary of a position (``hand`` and ``discard`` like ``hands``,
    ``mandalas`` and ``tiles`` as in a position). Private (this seat's alone): ``player``
    and ``hand``; everything else every seat sees alike."""

    game: MandalaGame = attrs.field(repr=False, eq=False, metadata={"json": None})
    player: Seat = attrs.field(metadata={"private": True})
    phase: Phase
    to_act: Seat | Node
    turn: Annotated[int, TURNS]
    hand: Counts = attrs.field(metadata={"private": True})
    """This player's own cards."""
    hand_sizes: Annotated[tuple[Annotated[int, CARD_COUNT], ...], PER_SEAT]
    deck_size: Annotated[int, CARD_COUNT]
    discard: Counts
    mandalas: Annotated[tuple[Area, ...], Length(lambda game: NUM_MANDALAS, "mandala")]
    dark_left: StackSize = attrs.field(metadata={"json": "stack_sizes.dark"})
    """Tiles left in the stack with a dark back."""
    light_left: StackSize = attrs.field(metadata={"json": "stack_sizes.light"})
    """Tiles left in the stack with a light back."""
    holdings: Annotated[tuple[Holdings, ...], PER_SEAT] = attrs.field(metadata={"json": "tiles"})
    pending: Annotated[int, Range(0, 2 * NUM_MANDALAS + MAX_HAND_FOR_DRAW)] = attrs.field()
    """As in a state: cards or tiles still to come in the current chance step."""
    played: MandalaNumber | None = attrs.field()
    resolving: MandalaNumber | None = attrs.field()
    final: tuple[MandalaNumber, ...] | None = attrs.field(metadata={"tensor": Positions()})
    """The mandalas still to resolve at the end, in order (a tensor keeps the order)."""

    def to_json(self) -> JSON:
        """The view as JSON, in the same vocabulary as a position."""
        return self.stepped(CODEC.to_json(self))

    def to_json_reusing(self, memo: Reuse) -> JSON:
        """:meth:`to_json`, reusing the JSON of fields dumped before (read-only; see
        :meth:`~rulespec.core.convert.Converter.to_json_reusing`)."""
        return self.stepped(CODEC.to_json_reusing(self, None, memo))


def observe(state: State, player: int) -> MandalaObservation:
    """The view of ``state`` for seat ``player`` (a seat: ``state.observation`` checks)."""
    return MandalaObservation(
        game=state.game,
        player=player,
        phase=state.phase,
        to_act=state.current_player,
        turn=state.turn,
        hand=state.hands[player],
        hand_sizes=tuple(sum(h) for h in state.hands),
        deck_size=sum(state.deck),
        discard=state.discard,
        mandalas=state.mandalas,
        dark_left=len(state.dark),
        light_left=len(state.light),
        holdings=state.holdings,
        pending=state.pending,
        played=state.played,
        resolving=state.resolving,
        final=state.final,
    )
