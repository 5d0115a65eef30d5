"""The frame every action runs in: who is asked next, how an action ends and the asking
resumes, the season's end, and the game's end by the Geisha or an empty deck
(oriente.season.*, oriente.end.*).

The announcements (:mod:`rulespec.oriente.flow`), the fight (:mod:`rulespec.oriente.fight`)
and the abilities (:mod:`rulespec.oriente.abilities`) all end here, so this module sits
below them and imports none of them.
"""

from __future__ import annotations

from rulespec.core import trace
from rulespec.core.immutable import put
from rulespec.core.trace import decided
from rulespec.oriente import deck as decks
from rulespec.oriente.actions import Draw
from rulespec.oriente.components import NO_CARDS, Card, plus
from rulespec.oriente.state import OUT, Phase, State
from rulespec.oriente.variant import GeishaExit, Payments, UnclaimedBonus


def next_holder(s: State, after: int) -> int | None:
    """The first seat clockwise after ``after`` (``after`` itself last) that holds a disc."""
    n = s.players
    discs = s.discs
    for k in range(1, n + 1):
        seat = (after + k) % n
        if discs[seat]:
            return seat
    return None


def next_asked(s: State, after: int, skip: int | None) -> int | None:
    """The next seat clockwise after ``after``, before coming back to the stone holder,
    that holds a disc and is not ``skip`` (the target): the next one asked."""
    n, stone, discs = s.players, s.stone, s.discs
    seat = (after + 1) % n
    while seat != stone:
        if discs[seat]:
            if seat != skip:
                return seat
            if trace.TRACING:
                decided(
                    "oriente.privilege.not_target",
                    f"seat {seat} is the target of the announced action and is not asked",
                )
        seat = (seat + 1) % n
    return None


def geisha_ends(s: State, d: Draw, by_player: bool) -> State | None:
    """The end if ``d`` is the Geisha and ends the game here (oriente.end.geisha)."""
    if d.card is not Card.GEISHA:
        return None
    if by_player or s.game.options.geisha is GeishaExit.ANY_EXIT:
        decided("oriente.end.geisha", "the Geisha is drawn: the game ends at once")
        if not by_player:
            decided(
                "oriente.end.geisha_exit",
                "she left the deck without a player drawing her, and ends the game all the same",
            )
        return end_game(s.but(deck=decks.take(s.deck, d.card)))
    decided(
        "oriente.end.geisha_exit",
        "the Geisha left the deck without a player drawing her: the game goes on",
    )
    return None


def to_draw(s: State, phase: Phase, seat: int | None = None) -> State:
    """Go to a draw from the deck, or end the game if the deck is empty
    (oriente.end.empty_deck)."""
    if not s.deck.size():
        return empty_deck(s)
    return s.but(phase=phase, seat=s.seat if seat is None else seat)


def empty_deck(s: State) -> State:
    """A card is due from an empty deck: the game ends (ruling oriente.end.empty_deck)."""
    decided("oriente.end.empty_deck", "a card must be drawn and the deck is empty: the game ends")
    return end_game(s)


def finish(s: State) -> State:
    """The action is over: the parked bonus joins the fulfiller's victory cards, then the
    payments, then the asking resumes (oriente.season.resume)."""
    n = s.players
    stone = s.stone
    s = s.but(
        act=None,
        piles=put(s.piles, stone, plus(s.piles[stone], s.parked)),
        parked=NO_CARDS,
        sides=(OUT,) * n,
        boosts=(None,) * n,
        invited=(0,) * n,
    )
    if s.game.options.payments is Payments.PAYMENTS:
        return s.but(phase=Phase.PAY, seat=stone, count=0)
    decided(
        "oriente.deals.payments", "payments are off: no victory card changes hands after the action"
    )
    return resume(s)


def resume(s: State) -> State:
    """Asking resumes to the left of the fulfiller (oriente.season.resume)."""
    following = next_holder(s, s.stone)
    if following is None:
        return season_end(s)
    if trace.TRACING:
        decided(
            "oriente.season.resume",
            f"the asking resumes with seat {following}, to the left of the fulfiller",
        )
    return s.but(phase=Phase.ANNOUNCE, seat=following, count=0)


def season_end(s: State) -> State:
    """Three Ninjas win; otherwise discs back, an unclaimed bonus card stays or goes under
    the deck, and a new bonus card (oriente.season.end, oriente.end.ninjas, rulings
    oriente.season.renewal, oriente.season.unclaimed_bonus). Only under under_deck with
    player_draws, where idle seasons could cycle the deck for ever, does a season in which
    nobody acted end the game (ruling oriente.end.idle_season)."""
    decided("oriente.season.end", "every disc holder has passed in a row: the season ends")
    for seat, pile in enumerate(s.piles):
        if pile[Card.NINJA] == 3:
            return end_game(s.but(winner=seat))
    options = s.game.options
    under = options.unclaimed_bonus is UnclaimedBonus.UNDER_DECK
    if under and not s.acted and options.geisha is GeishaExit.PLAYER_DRAWS:
        decided(
            "oriente.end.idle_season",
            "nobody acted this season (bonus cards go under the deck, only a draw ends the "
            "game): the game ends",
        )
        return end_game(s)
    decided(
        "oriente.season.renewal",
        "a new season: every disc comes back and a new bonus card is drawn; revealed "
        "residents stay face up",
    )
    n = s.players
    s = s.but(discs=(True,) * n, won_bonus=False, acted=False, count=0)
    if any(s.bonus):
        if trace.TRACING:
            decided(
                "oriente.season.unclaimed_bonus",
                "nobody won the bonus card: it "
                + ("goes under the deck" if under else "stays, and the next joins it"),
            )
        if under:
            s = s.but(deck=decks.put_under(s.deck, s.bonus), bonus=NO_CARDS)
    return to_draw(s.but(seat=s.stone), Phase.BONUS)


def end_game(s: State) -> State:
    """The end: a bonus card under the stone still goes to the fulfiller (ruling
    oriente.end.geisha_exit), and every resident is turned up, since it counts with its
    owner's victory cards (oriente.end.score): every seat sees the final scores."""
    if any(s.parked):
        stone = s.stone
        s = s.but(piles=put(s.piles, stone, plus(s.piles[stone], s.parked)), parked=NO_CARDS)
    shown = tuple([r is not None for r in s.residents])
    return s.but(phase=Phase.OVER, act=None, face_up=shown)
