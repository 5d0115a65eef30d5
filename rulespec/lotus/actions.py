"""White Lotus actions: the decisions of each phase and the two kinds of chance outcome.

Secret commitments (:class:`Bid`, :class:`ChooseSide`, :class:`CommitCombat`) are taken
one player at a time; nobody sees a commitment before the reveal (ruling
lotus.secret.commit_order). Areas are named by their board id (``"a17"``), players by seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from rulespec.core.action_ids import Listing, listing
from rulespec.core.convert import Tagged, checked_fields
from rulespec.lotus.bounds import point_caps
from rulespec.lotus.codec import CODEC
from rulespec.lotus.components import BUILDINGS, CHIP_FRONTS, Building, Side
from rulespec.lotus.variant import Negotiation

if TYPE_CHECKING:
    from rulespec.lotus.game import LotusGame


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class StartChip(Tagged, codec=CODEC):
    """Chance (setup): the next start area gets a neutral ``building``."""

    building: Building

    def __str__(self) -> str:
        return f"start chip: {self.building.label}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class DrawChip(Tagged, codec=CODEC):
    """Chance (phase 6): the neutral chip drawn is a ``building``."""

    building: Building

    def __str__(self) -> str:
        return f"draw a neutral {self.building.label}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class PlaceMarker(Tagged, codec=CODEC):
    """Phase 1: put a claim marker on ``area``."""

    area: str

    def __str__(self) -> str:
        return f"claim {self.area}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class DeclineExtra(Tagged, codec=CODEC):
    """Phase 1 extra marker or phase 6 temple chip (German): do not take it."""

    def __str__(self) -> str:
        return "decline the extra"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class TakeExtra(Tagged, codec=CODEC):
    """Phase 6, German: draw and place the extra chip a temple allows."""

    def __str__(self) -> str:
        return "take the temple's extra chip"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class ChooseConflict(Tagged, codec=CODEC):
    """Phase 2: the emperor names the next contested ``area``."""

    area: str

    def __str__(self) -> str:
        return f"fight over {self.area} next"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Bid(Tagged, codec=CODEC):
    """Phase 2 secret commitment: a dragon card against ``target`` and ``influence`` points
    (plus, German only, the bluffing 0-card)."""

    target: int
    influence: int
    zero_card: bool = False

    def __str__(self) -> str:
        zero = " and the 0-card" if self.zero_card else ""
        return f"bid {self.influence} influence{zero} against seat {self.target}"


_BIDS: dict[tuple[int, int, bool], Bid] = {}


def bid_of(target: int, influence: int, zero_card: bool) -> Bid:
    """The one :class:`Bid` object of these fields (interned: the legal bids and the
    action ids hand out the same objects, which adapters look up by identity)."""
    key = (target, influence, zero_card)
    found = _BIDS.get(key)
    if found is None:
        found = _BIDS[key] = Bid(target, influence, zero_card)
    return found


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Remove(Tagged, codec=CODEC):
    """Phase 2 tie: the emperor names which tied player leaves the area."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} leaves"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Lead(Tagged, codec=CODEC):
    """Phase 4: become the rebel leader (``True``) or decline (``False``)."""

    accept: bool

    def __str__(self) -> str:
        return "lead the rebellion" if self.accept else "decline to lead"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class ChooseSide(Tagged, codec=CODEC):
    """Phase 4 secret commitment: the side this player fights on."""

    side: Side

    def __str__(self) -> str:
        return "join the emperor's side" if self.side is Side.EMPEROR else "join the rebels' side"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class CommitCombat(Tagged, codec=CODEC):
    """Phase 4 secret commitment: ``combat`` points of combat cards."""

    combat: int

    def __str__(self) -> str:
        return f"commit {self.combat} combat"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class TakeArea(Tagged, codec=CODEC):
    """Phase 4 reward: take ``area`` from a player of the losing side."""

    area: str

    def __str__(self) -> str:
        return f"take {self.area}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class TakeVictoryPoint(Tagged, codec=CODEC):
    """Phase 4 reward: a victory-point chip instead of an area (only where allowed)."""

    def __str__(self) -> str:
        return "take a victory-point chip"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class PalaceIncome(Tagged, codec=CODEC):
    """Phase 5: of this player's palaces, ``combat`` pay 1 combat, the rest 2 influence."""

    combat: int

    def __str__(self) -> str:
        return f"take {self.combat} palace(s) as combat"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class PlaceChip(Tagged, codec=CODEC):
    """Phase 6: put the drawn neutral chip on the empty ``area``."""

    area: str

    def __str__(self) -> str:
        return f"place it on {self.area}"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Give(Tagged, codec=CODEC):
    """Negotiation variant: hand ``influence`` or ``combat`` points to seat ``to`` (one
    kind per gift; giving both takes two gifts)."""

    to: int
    influence: int = 0
    combat: int = 0

    def __str__(self) -> str:
        return f"give seat {self.to} {self.influence} influence and {self.combat} combat"


@attrs.frozen(cache_hash=True, field_transformer=checked_fields)
class Pass(Tagged, codec=CODEC):
    """Negotiation variant: end this player's turn in the negotiation window."""

    def __str__(self) -> str:
        return "pass"


Action = (
    StartChip
    | DrawChip
    | PlaceMarker
    | DeclineExtra
    | TakeExtra
    | ChooseConflict
    | Bid
    | Remove
    | Lead
    | ChooseSide
    | CommitCombat
    | TakeArea
    | TakeVictoryPoint
    | PalaceIncome
    | PlaceChip
    | Give
    | Pass
)
"""Any White Lotus action or chance outcome."""


def numbering(game: LotusGame) -> tuple[tuple[Listing, ...], tuple[Listing, ...]]:
    """Every decision and every chance outcome of one White Lotus variant, in id order.

    Areas run in board order (every area of the board, in play or not), seats from 0.
    Amounts of points run from 0 to the most a seat can ever hold in this variant
    (:func:`rulespec.lotus.bounds.point_caps`). The negotiation variant's gifts and pass
    come last, and only when it is on (every other id is the same with it on or off); a
    gift is of one kind, so gifts list the influence amounts, then the combat amounts."""
    areas = game.area_ids
    seats = range(game.players)
    influence, combat = point_caps(game)
    zero = (False, True) if game.variant.zero_cards else (False,)
    # a seat owns at most the palace fronts of its colour's chips, or, with an unlimited
    # chip supply, every area in play
    limited = game.options.chip_supply.limited
    palaces = CHIP_FRONTS[Building.PALACE] if limited else len(game.in_play)
    decisions: tuple[Listing, ...] = (
        listing((PlaceMarker(a) for a in areas), "area, in board order"),
        listing([DeclineExtra()], "one action"),
        listing([TakeExtra()], "one action"),
        listing((ChooseConflict(a) for a in areas), "area"),
        listing(
            (bid_of(t, k, z) for t in seats for k in range(influence + 1) for z in zero),
            f"target seat, then influence 0-{influence}"
            + (", then without and with the 0-card" if len(zero) == 2 else ""),
        ),
        listing((Remove(p) for p in seats), "seat"),
        listing((Lead(False), Lead(True)), "decline, then accept"),
        listing((ChooseSide(side) for side in Side), "emperor, then rebels"),
        listing((CommitCombat(k) for k in range(combat + 1)), f"combat 0-{combat}"),
        listing((TakeArea(a) for a in areas), "area"),
        listing([TakeVictoryPoint()], "one action"),
        listing(
            (PalaceIncome(k) for k in range(palaces + 1)),
            f"palaces taken as combat, 0-{palaces}",
        ),
        listing((PlaceChip(a) for a in areas), "area"),
    )
    if game.options.negotiation is Negotiation.ON:
        decisions += (
            listing(
                [
                    *(Give(to, k, 0) for to in seats for k in range(1, influence + 1)),
                    *(Give(to, 0, k) for to in seats for k in range(1, combat + 1)),
                ],
                f"influence gifts (seat, then 1-{influence}), then combat gifts "
                f"(seat, then 1-{combat})",
            ),
            listing([Pass()], "one action"),
        )
    chance = (
        listing((StartChip(b) for b in BUILDINGS), "building"),
        listing((DrawChip(b) for b in BUILDINGS), "building"),
    )
    return decisions, chance


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read an action from its JSON form; :class:`~rulespec.MalformedAction` lists what is
    wrong, each problem with its JSON path (``LotusGame.action_from_json`` also checks the
    kind against the game's phases)."""
    found: Action = CODEC.action(data, Action)
    return found
