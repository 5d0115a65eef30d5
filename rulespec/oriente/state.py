"""The Oriente state: the frozen record of a position and the queries the rules ask of it.

What happens in each phase is in :mod:`rulespec.oriente.flow` (asking, privilege,
fulfilment, seasons), :mod:`rulespec.oriente.fight` and :mod:`rulespec.oriente.abilities`,
tied together by the phase table in :mod:`rulespec.oriente.phases`; the contract comes from
:class:`rulespec.core.kernel.Kernel`.

The deck is held as what nobody has seen of it (:class:`Deck`): the cards left in its three
original segments together, each segment's size, and the piles put under it since. A card
is fixed only when it is drawn, with exactly the probability the shuffle of
oriente.setup.deck gives it (:mod:`rulespec.oriente.deck`), so the state holds no order
that nobody knows and cannot leak one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import attrs

from rulespec.core.api import Outcome
from rulespec.core.convert import PER_SEAT, Range, Seat
from rulespec.core.kernel import Evolve, Kernel, PhaseEnum
from rulespec.errors import GameNotOver
from rulespec.oriente.actions import Action, Announce
from rulespec.oriente.components import (
    BOTTOM,
    FULL_DECK,
    MIDDLE,
    NO_CARDS,
    TOP,
    VALUE,
    WORKERS,
    Card,
    Pile,
)

if TYPE_CHECKING:
    from rulespec.oriente.game import OrienteGame


class Phase(PhaseEnum):
    """Where the game stands; the phase decides who acts and what may be applied."""

    TREASURES = "treasures"
    """Chance: seat ``seat`` is dealt its face-up treasure."""
    RESIDENTS = "residents"
    """Chance: seat ``seat`` draws its first, face-down resident."""
    BONUS = "bonus"
    """Chance: the face-down bonus card of a season is drawn."""
    ANNOUNCE = "announce"
    """Seat ``seat`` is asked to announce an action or pass."""
    PRIVILEGE = "privilege"
    """Seat ``seat`` is asked whether it claims a privilege against the stone holder."""
    INVITE = "invite"
    """Fighter ``seat`` may invite supporters (option support_order = invited)."""
    SUPPORT = "support"
    """Seat ``seat`` is asked which side of the fight it supports, if any."""
    REINFORCE = "reinforce"
    """Chance: the Samurai of seat ``seat`` turns up a reinforcement card."""
    PICK = "pick"
    """Seat ``seat``, the loser of a fight, picks a reinforcement card as resident."""
    REDRAW = "redraw"
    """Chance: seat ``seat`` draws a new face-down resident."""
    INCOME = "income"
    """Chance: the Daimyō's income, the top card of the deck."""
    TRADE = "trade"
    """Chance: the card the Akindo draws from the target's victory cards."""
    JOIN = "join"
    """Seat ``seat`` is asked whether it joins the revolution."""
    LOOT = "loot"
    """Chance: one card of victim ``seat``'s victory cards goes to the revolution."""
    SHARE = "share"
    """Chance: the next card of the revolution's pool, dealt to seat ``seat``."""
    PAY = "pay"
    """Seat ``seat`` may hand victory cards to others (ruling oriente.deals.payments)."""
    OVER = "over"
    """Terminal."""


@attrs.frozen
class Deck(Evolve):
    """What is left of the deck, as nobody has seen it.

    ``pool`` holds the cards of the three original segments together (Shōgun and Ninjas
    can only be in the top one, the Geisha only in the middle one, oriente.setup.deck);
    ``top``, ``middle`` and ``bottom`` count the cards left in each. ``under`` lists the
    piles put under the deck since, the first drawn first, each drawn in random order
    (ruling oriente.fight.under_order)."""

    pool: Pile
    top: Annotated[int, Range(0, 32)]
    middle: Annotated[int, Range(0, 5)]
    bottom: Annotated[int, Range(0, 4)]
    under: tuple[Pile, ...] = ()

    def size(self) -> int:
        """Cards left in the deck."""
        return self.top + self.middle + self.bottom + sum([sum(u) for u in self.under])


FRESH_DECK = Deck(FULL_DECK, TOP, MIDDLE, BOTTOM)
"""The deck as oriente.setup.deck builds it, before any card is drawn."""

Side = Annotated[int, Range(0, 2)]
"""0: out of the fight; 1: with the attacker (or in the revolution); 2: with the defender."""
OUT, ATTACKER, DEFENDER = 0, 1, 2
Invitations = Annotated[int, Range(0, 3)]
"""Who invited a seat to support him: 1 the attacker, 2 the defender, 3 both, 0 nobody."""


@attrs.frozen(repr=False)  # Kernel's short repr: the state's header line
class State(Kernel[Action], Evolve):
    """An Oriente position. Build one with ``rulespec.game("oriente", players=n)``.

    Seats are numbered clockwise; the seat of the setting ``first_stone`` (default 0)
    holds the stone of destiny first (ruling oriente.setup.stone)."""

    game: OrienteGame = attrs.field(repr=False, metadata={"json": None})
    phase: Phase
    seat: Seat
    """The seat asked, acting, or being dealt to."""
    stone: Seat
    """The holder of the stone of destiny: the last seat to announce."""
    count: Annotated[int, Range(0, 10**4)]
    """One counter the phase gives its meaning (``"count"`` in a position): read it as
    :attr:`passes`, :attr:`loot_left` or :attr:`payments_done`."""
    act: Announce | None
    """The announcement in force (the stone holder's), None between actions."""
    discs: Annotated[tuple[bool, ...], PER_SEAT]
    residents: Annotated[tuple[Card | None, ...], PER_SEAT]
    """Each seat's resident, None before the first is drawn or while one is being replaced."""
    face_up: Annotated[tuple[bool, ...], PER_SEAT]
    piles: Annotated[tuple[Pile, ...], PER_SEAT]
    """Victory cards, face up."""
    deck: Deck
    bonus: Pile
    """Face-down bonus card(s) beside the deck (several under ruling accumulate)."""
    parked: Pile
    """Bonus card(s) under the stone while the season's first fulfiller acts."""
    won_bonus: bool
    """Someone has fulfilled his destiny this season."""
    acted: bool
    """Someone has fulfilled his destiny this season (for oriente.end.idle_season)."""
    hut: Annotated[int, Range(0, 1)]
    square: Annotated[int, Range(0, WORKERS)]
    sides: Annotated[tuple[Side, ...], PER_SEAT]
    """Who is in the fight, on which side, or in the revolution."""
    boosts: Annotated[tuple[Card | None, ...], PER_SEAT]
    """Reinforcement cards turned up, per Samurai's seat."""
    invited: Annotated[tuple[Invitations, ...], PER_SEAT]
    """Who invited each seat to support him (option support_order = invited)."""
    haul: Pile
    """The revolution's pool."""
    winner: Seat | None
    """Who won outright with three Ninjas (oriente.end.ninjas), or None."""

    @classmethod
    def initial(cls, game: OrienteGame) -> State:
        """Before any chance: the deck built, nothing dealt."""
        n = game.players
        return cls(
            game=game,
            phase=Phase.TREASURES,
            seat=0,
            stone=game.first_stone,
            count=0,
            act=None,
            discs=(True,) * n,
            residents=(None,) * n,
            face_up=(False,) * n,
            piles=(NO_CARDS,) * n,
            deck=FRESH_DECK,
            bonus=NO_CARDS,
            parked=NO_CARDS,
            won_bonus=False,
            acted=False,
            hut=0,
            square=0,
            sides=(OUT,) * n,
            boosts=(None,) * n,
            invited=(0,) * n,
            haul=NO_CARDS,
            winner=None,
        )

    # --- queries -----------------------------------------------------------------------

    def beside(self) -> int:
        """Workers beside the village square."""
        return WORKERS - self.hut - self.square

    def rank(self, seat: int) -> int:
        """The rank of ``seat``'s resident (its value)."""
        card = self.residents[seat]
        return 0 if card is None else VALUE[card]

    @property
    def passes(self) -> int:
        """Phase announce: the disc holders who have passed in a row since the last
        announcement (the season ends when all have, oriente.season.end)."""
        return self.count

    @property
    def loot_left(self) -> int:
        """Phase loot: the cards the looting seat still takes (oriente.nofu.revolution_loot)."""
        return self.count

    @property
    def payments_done(self) -> int:
        """Phase pay: the seats that have had their turn to pay (oriente.deals.payments)."""
        return self.count

    def cards(self, seat: int) -> int:
        """How many victory cards ``seat`` owns."""
        return sum(self.piles[seat])

    def outcome(self) -> Outcome:
        """Final scores and winners (oriente.end.*); only at the end."""
        if not self.is_terminal:
            raise GameNotOver(
                f"the game is not over (phase {self.phase.value}); "
                "[oriente.end.score] decides only at the end"
            )
        return self.game.score(self)
