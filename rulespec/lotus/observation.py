"""What one White Lotus player may see (ruling lotus.info.hidden).

Hidden from a player: the other players' card points (cards are kept face down), the
other players' secret commitments until they are revealed, and the face-down neutral
chips (only how many are left). Everything else is on the table: the board with every
chip and marker, the emperor, the leader, victory-point chips, the open card piles, who
has already committed in a secret step, the last reveal and, with the negotiation option,
the gifts of the current window (public: ruling lotus.variant.negotiation_window).

A view uses a position's vocabulary: the same keys for the same things (``chips`` and
``claims`` by area id, ``claiming``, ``expansion`` and ``last`` exactly as in a position),
and ``conflict`` and ``rebellion`` as the parts of them this player may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import attrs

from rulespec.core.api import JSON, Node
from rulespec.core.convert import PER_SEAT, Range, Reuse, Seat
from rulespec.core.tensor import Domain, ObservationParts, PerKey, Positions, register_domain
from rulespec.lotus.actions import Bid
from rulespec.lotus.codec import CHIPS_BY_AREA, CLAIMS_BY_AREA, CODEC, AreaIndex, Bank
from rulespec.lotus.components import NEUTRAL, NEUTRAL_CHIPS, OWNED, Chip, Side
from rulespec.lotus.state import (
    GIFT_PAIRS,
    ClaimRound,
    Expansion,
    Gift,
    Phase,
    Points,
    Reveal,
    State,
)
from rulespec.lotus.variant import SideReveal

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame


def _chips(game: LotusGame) -> tuple[Chip, ...]:
    """Every chip of a variant: the neutral ones, then each seat's, building by building."""
    return NEUTRAL + tuple(c for seat in OWNED[: game.players] for c in seat)


def _chip_label(chip: Chip) -> str:
    return chip.building.label + ("" if chip.owner is None else f"/{chip.owner}")


register_domain(Chip, Domain(_chips, _chip_label))

UnseenChips = Annotated[int, Range(0, sum(NEUTRAL_CHIPS))]
"""How many neutral chips may still be face down: at most all of them."""
VictoryPoints = Annotated[int, Range(0, 10_000)]
"""A seat's victory points (as in a state)."""

PRIVATE = {"private": True}
"""Field metadata: this seat's alone (``observation.private()``)."""
ORDERED = {"tensor": Positions()}
"""Field metadata: an ordered tuple of seats; a tensor keeps each seat's place."""


@attrs.frozen
class ConflictView:
    """The conflict under way, as one player sees it: who has bid, not what."""

    area: AreaIndex
    committed: tuple[Seat, ...] = attrs.field(metadata=ORDERED)
    """Seats that have bid in this round (what they bid is hidden), in commit order."""
    own_bid: Bid | None = attrs.field(metadata=PRIVATE)
    """This player's own bid, once made."""
    tied: frozenset[Seat] = attrs.field()


@attrs.frozen
class RebellionView:
    """The rebellion under way, as one player sees it."""

    leader: Seat
    sides: tuple[tuple[Seat, Side], ...] = attrs.field(
        metadata={"tensor": PerKey(), "private": True}
    )
    """The sides this player may see: his own, or everyone's once revealed (private: the
    views differ between seats until the reveal)."""
    committed: tuple[Seat, ...] = attrs.field(metadata=ORDERED)
    """Seats that have chosen in the current secret step (what they chose is hidden), in
    commit order."""
    own_combat: Points | None = attrs.field(metadata=PRIVATE)
    """This player's own combat commitment, once made."""
    winners: Side | None = attrs.field()
    hit: frozenset[Seat] = attrs.field()
    palace_taker: Seat | None = attrs.field()


@attrs.frozen
class LotusObservation(ObservationParts):
    """One player's view of a state; equal views mean the player cannot tell them apart.

    Private (this seat's alone): ``player``, ``influence``, ``combat``,
    ``conflict.own_bid``, ``rebellion.own_combat`` and ``rebellion.sides``; everything else
    every seat sees alike."""

    game: LotusGame = attrs.field(repr=False, eq=False, metadata={"json": None})
    player: Seat = attrs.field(metadata=PRIVATE)
    phase: Phase
    to_act: Seat | Node
    year: Annotated[int, Range(1, 1000)]
    emperor: Seat
    chips: Annotated[tuple[Chip | None, ...], CHIPS_BY_AREA]
    claims: Annotated[tuple[frozenset[Seat], ...], CLAIMS_BY_AREA]
    influence: Points = attrs.field(metadata=PRIVATE)
    """This player's own influence points."""
    combat: Points = attrs.field(metadata=PRIVATE)
    """This player's own combat points."""
    bank: Bank
    vp: Annotated[tuple[VictoryPoints, ...], PER_SEAT]
    unseen_chips: UnseenChips
    """How many neutral chips are still face down."""
    queue: tuple[Seat, ...] = attrs.field(metadata=ORDERED)
    """Seats still to act in the current step, in order."""
    claiming: ClaimRound | None = attrs.field()
    conflict: ConflictView | None
    rebellion: RebellionView | None
    expansion: Expansion | None
    """The chip just drawn is in view: face up in the German rules; in the French only
    the drawer looks, but nobody acts before it is placed face up."""
    singles_pending: bool
    resume: Phase | None
    final: bool
    last: Reveal | None
    gifts: tuple[Gift, ...] = attrs.field(metadata=GIFT_PAIRS)
    """Negotiation variant: the window's gifts, public (lotus.variant.negotiation_window)."""

    def to_json(self) -> JSON:
        """The view as JSON, in the vocabulary of a position."""
        return self.stepped(CODEC.to_json(self, self.game))

    def to_json_reusing(self, memo: Reuse) -> JSON:
        """:meth:`to_json`, reusing the JSON of fields dumped before (read-only; see
        :meth:`~rulespec.core.convert.Converter.to_json_reusing`)."""
        return self.stepped(CODEC.to_json_reusing(self, self.game, memo))


def observe(state: State, player: int) -> LotusObservation:
    """The view of ``state`` for seat ``player`` (a seat: ``state.observation`` checks)."""
    return LotusObservation(
        game=state.game,
        player=player,
        phase=state.phase,
        to_act=state.current_player,
        year=state.year,
        emperor=state.emperor,
        chips=state.chips,
        claims=state.claims,
        influence=state.influence[player],
        combat=state.combat[player],
        bank=state.game.options.card_supply.shown(state.bank),
        vp=state.vp,
        unseen_chips=sum(state.unseen),
        queue=state.queue,
        claiming=state.claiming,
        conflict=_conflict(state, player),
        rebellion=_rebellion(state, player),
        expansion=state.expansion,
        singles_pending=state.singles_pending,
        resume=state.resume,
        final=state.final,
        last=state.last,
        gifts=state.gifts,
    )


def _conflict(state: State, player: int) -> ConflictView | None:
    c = state.conflict
    if c is None:
        return None
    committed = tuple(s for s, _ in c.bids) if state.phase is Phase.BID else ()
    return ConflictView(c.area, committed, dict(c.bids).get(player), c.tied)


def _rebellion(state: State, player: int) -> RebellionView | None:
    r = state.rebellion
    if r is None:
        return None
    public = state.phase is Phase.REWARD or (
        state.phase is Phase.COMBAT and state.game.side_reveal is SideReveal.BEFORE_COMBAT
    )
    sides = r.sides if public else tuple((s, x) for s, x in r.sides if s == player)
    committed: tuple[int, ...] = ()
    if state.phase is Phase.SIDE:
        committed = tuple(s for s, _ in r.sides)
    elif state.phase is Phase.COMBAT:
        committed = tuple(s for s, _ in r.commits)
    return RebellionView(
        r.leader,
        sides,
        committed,
        dict(r.commits).get(player),
        r.winners,
        r.hit,
        r.palace_taker,
    )
