"""The typed White Lotus variant (one field per row of ``variants/lotus.toml``) and options.

Two axes: the edition (German original, French translation) and the player count (3–5
play on the light areas, 6 on the whole board). Rows where the editions reach the same
result in different words keep both values; the proofs show they agree.
"""

from __future__ import annotations

import enum

import attrs

from rulespec.core.variants import TypedTable
from rulespec.lotus.components import Building, Edition
from rulespec.lotus.rulebook import RULEBOOK


class LoserRefund(enum.Enum):
    """How each book words the influence a conflict's loser keeps (lotus.conflict.loser_refund)."""

    DISCARD_HALF_ROUND_DOWN = "discard_half_round_down"
    KEEP_HALF_ROUND_UP = "keep_half_round_up"


class LeaderTie(enum.Enum):
    """Order among candidates with equal villages (lotus.rebellion.candidate_tie)."""

    CLOCKWISE_FROM_EMPEROR = "clockwise_from_emperor"


class SideReveal(enum.Enum):
    """When the rebellion's side cards are revealed (lotus.rebellion.side_reveal)."""

    WITH_COMBAT = "with_combat"
    BEFORE_COMBAT = "before_combat"


class RewardTie(enum.Enum):
    """How each book words the order of winners tied on combat points
    (lotus.rebellion.reward_tie)."""

    FIRST_LEFT_OF_LEADER = "first_left_of_leader"
    CLOSEST_IN_TURN_ORDER = "closest_in_turn_order"


class EmperorAfterRebellion(enum.Enum):
    """Each book's rule for the emperor after a rebellion (lotus.rebellion.new_emperor)."""

    MOST_PALACES_WITH_ERRATUM = "most_palaces_with_erratum"
    MORE_THAN_EMPEROR = "more_than_emperor"


class TempleExtra(enum.Enum):
    """Whether temple owners may or must place their extra chips (lotus.expand.temple_extra)."""

    MAY = "may"
    MUST = "must"


class TerritoryMeasure(enum.Enum):
    """How the largest connected territory is measured (lotus.score.territory_measure)."""

    AREAS = "areas"


class AreasInPlay(enum.Enum):
    """Light areas only (3–5 players) or the whole board (6) (lotus.board.brown_areas)."""

    LIGHT = "light"
    ALL = "all"


class CardSupply(enum.Enum):
    """Option: the card bank never runs out (default), or it is limited and a short bank
    pays in turn order from the emperor, or shares what it holds pro rata
    (lotus.income.supply_limit)."""

    LIMITED = "limited"
    PRO_RATA = "pro_rata"
    UNLIMITED = "unlimited"

    @property
    def limited(self) -> bool:
        """Whether the bank holds only the components' points and can run short."""
        return self is not CardSupply.UNLIMITED

    def shown(self, bank: tuple[int, int]) -> tuple[int, int]:
        """The bank as every form shows it (``str(state)``, JSON, views, tensors): with the
        unlimited supply the piles hold at least nothing, though the state's balance, which
        keeps the points adding up to the components', may go below 0; a limited bank as
        it is (lotus.income.supply_limit)."""
        if self is CardSupply.UNLIMITED and min(bank) < 0:
            return max(bank[0], 0), max(bank[1], 0)
        return bank


class VpChips(enum.Enum):
    """Option: victory-point chips unlimited (default) or 18 (lotus.components.vp_supply)."""

    UNLIMITED = "unlimited"
    LIMITED = "limited"


class ChipSupply(enum.Enum):
    """Option: each colour's 16 chips limit what it can claim and take (default), limit
    only what it can take, an area won without a chip to show staying neutral, or limit
    nothing (lotus.claim.chip_supply)."""

    LIMITED = "limited"
    LIMITED_AT_AWARD = "limited_at_award"
    UNLIMITED = "unlimited"

    @property
    def limited(self) -> bool:
        """Whether a player's holding must stay showable with his colour's chips."""
        return self is not ChipSupply.UNLIMITED


class SideRevealChoice(enum.Enum):
    """Option: when the rebellion's side cards are revealed; ``BOOK`` (default) follows the
    edition's reading, the variant row ``side_reveal`` (lotus.rebellion.side_reveal)."""

    BOOK = "book"
    WITH_COMBAT = "with_combat"
    BEFORE_COMBAT = "before_combat"


class RiceExtras(enum.Enum):
    """Option: declining a rice-field extra marker ends that player's extras for the year
    (default), or each extra is declined on its own (lotus.claim.extra_rounds)."""

    DECLINE_ENDS = "decline_ends"
    EACH_SEPARATE = "each_separate"


class ConflictTie(enum.Enum):
    """Option: on a tie for most influence the emperor removes one of the tied players
    (default), or any player in the conflict, as the German words it
    (lotus.conflict.tie_scope)."""

    TIED = "tied"
    ANY_PARTICIPANT = "any_participant"


class RewardChoice(enum.Enum):
    """Option: a winner must take an area if one is legal (default), or may take a VP chip
    instead (lotus.rebellion.reward_vp_by_choice)."""

    AREA_FIRST = "area_first"
    PLAYER_CHOICE = "player_choice"


class Negotiation(enum.Enum):
    """Option: the negotiation variant (lotus.variant.negotiation)."""

    OFF = "off"
    ON = "on"


@attrs.frozen
class LotusVariant:
    """The rule points that depend on the edition or the player count."""

    edition: Edition
    players: int
    zero_cards: bool
    rice_extra_from_year: int
    max_markers: int
    loser_refund: LoserRefund
    leader_candidate_tie: LeaderTie
    side_reveal: SideReveal
    reward_tie: RewardTie
    emperor_after_rebellion: EmperorAfterRebellion
    temple_extra: TempleExtra
    territory_measure: TerritoryMeasure
    areas_in_play: AreasInPlay
    start_chips: tuple[Building, ...]


@attrs.frozen
class LotusOptions:
    """Choices the players make; each is a recorded ruling with its alternatives."""

    card_supply: CardSupply = CardSupply.UNLIMITED
    vp_chips: VpChips = VpChips.UNLIMITED
    chip_supply: ChipSupply = ChipSupply.LIMITED
    reward_choice: RewardChoice = RewardChoice.AREA_FIRST
    negotiation: Negotiation = Negotiation.OFF
    side_reveal: SideRevealChoice = SideRevealChoice.BOOK
    rice_extras: RiceExtras = RiceExtras.DECLINE_ENDS
    conflict_tie: ConflictTie = ConflictTie.TIED


TYPED: TypedTable[LotusVariant, LotusOptions] = TypedTable(
    "lotus", lambda: RULEBOOK, LotusVariant, LotusOptions
)
"""The variant table bound to :class:`LotusVariant` and :class:`LotusOptions`."""
