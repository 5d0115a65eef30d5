"""What one Mandala player may see (ruling mandala.info.public).

Hidden: the other players' hands (only their sizes show), the draw pile (only its size)
and the tile stacks (only their sizes). Everything else lies on the table: every mandala
with its face-down cards' colours (shown to all when played), the discard pile (cards
arrive face up) and every player's tiles and flowers.
"""

from __future__ import annotations

import attrs

from rulespec.core.api import JSON, Node
from rulespec.core.convert import Seat
from rulespec.mandala.codec import CODEC
from rulespec.mandala.components import Counts
from rulespec.mandala.scoring import Holdings
from rulespec.mandala.state import Area, Phase, State


@attrs.frozen
class MandalaObservation:
    """One player's view of a state; equal views mean the player cannot tell them apart.

    Its JSON uses the vocabulary of a position (``hand`` and ``discard`` like ``hands``,
    ``mandalas`` and ``tiles`` as in a position)."""

    player: Seat
    phase: Phase
    to_act: Seat | Node
    turn: int
    hand: Counts
    """This player's own cards."""
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: Counts
    mandalas: tuple[Area, ...]
    dark_left: int = attrs.field(metadata={"json": "stack_sizes.dark"})
    """Tiles left in the stack with a dark back."""
    light_left: int = attrs.field(metadata={"json": "stack_sizes.light"})
    """Tiles left in the stack with a light back."""
    holdings: tuple[Holdings, ...] = attrs.field(metadata={"json": "tiles"})
    pending: int = attrs.field()
    played: int | None = attrs.field()
    resolving: int | None = attrs.field()
    final: tuple[int, ...] | None = attrs.field()

    def to_json(self) -> JSON:
        """The view as JSON, in the same vocabulary as a position."""
        return CODEC.to_json(self)


def observe(state: State, player: int) -> MandalaObservation:
    """The view of ``state`` for seat ``player`` (a seat: ``state.observation`` checks)."""
    return MandalaObservation(
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
