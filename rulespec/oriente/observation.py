"""What one Oriente player may see (ruling oriente.info.public).

Hidden: the other players' face-down residents (a seat sees its own), the bonus card(s),
beside the deck or under the stone, and the deck (only the sizes of its segments show).
Everything else lies face up: victory cards, revealed residents, discs, workers, the stone,
the announcement, the fight's sides and reinforcement cards, the revolution's pool.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import attrs

from rulespec.core.api import JSON, Node
from rulespec.core.convert import PER_SEAT, Range, Reuse, Seat
from rulespec.core.tensor import ObservationParts
from rulespec.oriente.actions import Act
from rulespec.oriente.codec import CODEC
from rulespec.oriente.components import WORKERS, Card, Pile
from rulespec.oriente.state import Invitations, Phase, Side, State

if TYPE_CHECKING:
    from rulespec.oriente.game import OrienteGame


@attrs.frozen
class OrienteObservation(ObservationParts):
    """One player's view of a state; equal views mean the player cannot tell them apart.

    Private (this seat's alone): ``player`` and ``resident``; everything else every seat
    sees alike (a face-down resident shows as null in ``residents``)."""

    game: OrienteGame = attrs.field(repr=False, eq=False, metadata={"json": None})
    player: Seat = attrs.field(metadata={"private": True})
    resident: Card | None = attrs.field(metadata={"private": True})
    """This player's own resident, face up or down."""
    phase: Phase
    to_act: Seat | Node
    seat: Seat
    stone: Seat
    count: Annotated[int, Range(0, 10**4)]
    act: Act | None
    target: Seat | None
    gift: Card | None
    discs: Annotated[tuple[bool, ...], PER_SEAT]
    residents: Annotated[tuple[Card | None, ...], PER_SEAT]
    """Face-up residents; null for a face-down one (or none)."""
    face_up: Annotated[tuple[bool, ...], PER_SEAT]
    piles: Annotated[tuple[Pile, ...], PER_SEAT]
    top: Annotated[int, Range(0, 32)] = attrs.field(metadata={"json": "deck.top"})
    middle: Annotated[int, Range(0, 5)] = attrs.field(metadata={"json": "deck.middle"})
    bottom: Annotated[int, Range(0, 4)] = attrs.field(metadata={"json": "deck.bottom"})
    under: Annotated[int, Range(0, 41)] = attrs.field(metadata={"json": "deck.under"})
    """Cards put under the deck, all piles together."""
    bonus: Annotated[int, Range(0, 41)] = attrs.field()
    """Face-down bonus cards beside the deck."""
    parked: Annotated[int, Range(0, 41)] = attrs.field()
    """Face-down bonus cards under the stone."""
    won_bonus: bool = attrs.field()
    acted: bool = attrs.field()
    hut: Annotated[int, Range(0, 1)] = attrs.field()
    square: Annotated[int, Range(0, WORKERS)] = attrs.field()
    sides: Annotated[tuple[Side, ...], PER_SEAT] = attrs.field()
    boosts: Annotated[tuple[Card | None, ...], PER_SEAT] = attrs.field()
    invited: Annotated[tuple[Invitations, ...], PER_SEAT] = attrs.field()
    haul: Pile = attrs.field()
    winner: Seat | None = attrs.field()

    def to_json(self) -> JSON:
        """The view as JSON, in the same vocabulary as a position."""
        return self.stepped(CODEC.to_json(self))

    def to_json_reusing(self, memo: Reuse) -> JSON:
        """:meth:`to_json`, reusing the JSON of fields dumped before."""
        return self.stepped(CODEC.to_json_reusing(self, None, memo))


def observe(state: State, player: int) -> OrienteObservation:
    """The view of ``state`` for seat ``player``."""
    up = state.face_up
    a = state.act
    deck = state.deck
    return OrienteObservation(
        game=state.game,
        player=player,
        resident=state.residents[player],
        phase=state.phase,
        to_act=state.current_player,
        seat=state.seat,
        stone=state.stone,
        count=state.count,
        act=None if a is None else a.act,
        target=None if a is None else a.target,
        gift=None if a is None else a.gift,
        discs=state.discs,
        residents=tuple([r if u else None for r, u in zip(state.residents, up, strict=True)]),
        face_up=up,
        piles=state.piles,
        top=deck.top,
        middle=deck.middle,
        bottom=deck.bottom,
        under=sum([sum(u) for u in deck.under]),
        bonus=sum(state.bonus),
        parked=sum(state.parked),
        won_bonus=state.won_bonus,
        acted=state.acted,
        hut=state.hut,
        square=state.square,
        sides=state.sides,
        boosts=state.boosts,
        invited=state.invited,
        haul=state.haul,
        winner=state.winner,
    )
