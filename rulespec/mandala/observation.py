"""What one Mandala player may see (ruling mandala.info.public).

Hidden: the other players' hands (only their sizes show), the draw pile (only its size)
and the tile stacks (only their sizes). Everything else lies on the table: every mandala
with its face-down cards' colours (shown to all when played), the discard pile (cards
arrive face up) and every player's tiles and flowers.
"""

from __future__ import annotations

import attrs

from rulespec.core.api import JSON, Node
from rulespec.mandala.components import Counts
from rulespec.mandala.position import dump_area, dump_counts, dump_holdings
from rulespec.mandala.scoring import Holdings
from rulespec.mandala.state import Area, Phase, State


@attrs.frozen
class MandalaObservation:
    """One player's view of a state; equal views mean the player cannot tell them apart."""

    player: int
    phase: Phase
    to_act: int | Node
    turn: int
    hand: Counts
    """This player's own cards."""
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: Counts
    mandalas: tuple[Area, ...]
    stack_sizes: tuple[int, int]
    """Tiles left with a dark and with a light back."""
    holdings: tuple[Holdings, ...]
    pending: int
    played: int | None
    resolving: int | None
    final: tuple[int, ...] | None

    def to_json(self) -> JSON:
        """The view as JSON, in the same vocabulary as a position."""
        return {
            "player": self.player,
            "phase": self.phase.value,
            "to_act": self.to_act if isinstance(self.to_act, int) else self.to_act.value,
            "turn": self.turn,
            "hand": dump_counts(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "deck_size": self.deck_size,
            "discard": dump_counts(self.discard),
            "mandalas": [dump_area(a) for a in self.mandalas],
            "stack_sizes": {"dark": self.stack_sizes[0], "light": self.stack_sizes[1]},
            "tiles": [dump_holdings(h) for h in self.holdings],
            "pending": self.pending,
            "played": self.played,
            "resolving": self.resolving,
            "final": None if self.final is None else list(self.final),
        }


def observe(state: State, player: int) -> MandalaObservation:
    """The view of ``state`` for seat ``player``."""
    if not 0 <= player < state.players:
        raise ValueError(f"no seat {player}; seats are 0 to {state.players - 1}")
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
        stack_sizes=(len(state.dark), len(state.light)),
        holdings=state.holdings,
        pending=state.pending,
        played=state.played,
        resolving=state.resolving,
        final=state.final,
    )
