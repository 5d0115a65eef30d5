"""The course of a season: the setup draws, asking, privilege, fulfilment and payments
(oriente.setup.*, oriente.season.*, oriente.privilege.*, oriente.fulfil.*).

Fulfilment hands the action to :mod:`rulespec.oriente.fight` or
:mod:`rulespec.oriente.abilities`; they, and this module, end it through
:mod:`rulespec.oriente.season`, which imports none of them (no import cycle)."""

from __future__ import annotations

from rulespec.core import trace
from rulespec.core.immutable import put
from rulespec.core.trace import decided
from rulespec.oriente import abilities, fight, season
from rulespec.oriente import deck as decks
from rulespec.oriente.actions import Act, Announce, Draw, Give, Pass, a_card
from rulespec.oriente.components import NAMES, NO_CARDS, TREASURES, add, plus
from rulespec.oriente.state import Phase, State

# --- setup draws -------------------------------------------------------------------------


def treasures_left(s: State) -> tuple[int, ...]:
    """Treasures not yet dealt (oriente.setup.discs): the twelve less those in the piles."""
    held = NO_CARDS
    for pile in s.piles:
        held = plus(held, pile)
    return tuple([t - h if t else 0 for t, h in zip(TREASURES, held, strict=True)])


def deal_treasure(s: State, d: Draw) -> State:
    """A treasure face up for seat ``seat``; then the next seat, then the residents."""
    if trace.TRACING:
        decided(
            "oriente.setup.discs",
            f"seat {s.seat} gets an action disc and a treasure, face up: {NAMES[d.card]}",
        )
    piles = put(s.piles, s.seat, add(s.piles[s.seat], d.card))
    if s.seat + 1 < s.players:
        return s.but(piles=piles, seat=s.seat + 1)
    return s.but(piles=piles, seat=0, phase=Phase.RESIDENTS)


def first_resident(s: State, d: Draw) -> State:
    """Seat ``seat``'s face-down resident (oriente.setup.resident); then the bonus card."""
    if trace.TRACING:
        decided(
            "oriente.setup.resident",
            f"seat {s.seat} draws a resident face down and may look at it: {a_card(d.card)}",
        )
        decided(
            "oriente.setup.deck",
            "it comes from the top segment of the deck, built with the Geisha low in it",
        )
    ended = season.geisha_ends(s, d, True)
    if ended is not None:
        return ended
    s = s.but(
        deck=decks.take(s.deck, d.card),
        residents=put(s.residents, s.seat, d.card),
        face_up=put(s.face_up, s.seat, False),
    )
    if s.seat + 1 < s.players:
        return s.but(seat=s.seat + 1)
    return season.to_draw(s.but(seat=s.stone), Phase.BONUS)


def draw_bonus(s: State, d: Draw) -> State:
    """The face-down bonus card (oriente.setup.bonus); then the asking begins."""
    if trace.TRACING:
        decided(
            "oriente.setup.bonus",
            f"the next card, {a_card(d.card)}, lies face down as the bonus card",
        )
    ended = season.geisha_ends(s, d, False)
    if ended is not None:
        return ended
    return s.but(
        deck=decks.take(s.deck, d.card),
        bonus=add(s.bonus, d.card),
        phase=Phase.ANNOUNCE,
        seat=s.stone,
        count=0,
    )


def redraw(s: State, d: Draw) -> State:
    """A new face-down resident for seat ``seat`` (fight loser, assassinated)."""
    ended = season.geisha_ends(s, d, True)
    if ended is not None:
        return ended
    return season.finish(
        s.but(
            deck=decks.take(s.deck, d.card),
            residents=put(s.residents, s.seat, d.card),
            face_up=put(s.face_up, s.seat, False),
        )
    )


# --- asking and privilege -------------------------------------------------------------------


def announce(s: State, a: Announce) -> State:
    """Seat ``seat`` announces: it takes the stone, reveals, names its action; the others
    are asked for privileges (oriente.season.announce, oriente.privilege.ask)."""
    if trace.TRACING:
        card = s.residents[s.seat]
        decided(
            "oriente.season.announce",
            f"seat {s.seat} takes the stone, turns up his "
            f"{'resident' if card is None else NAMES[card]} and announces: {a}",
        )
    seat = s.seat
    s = s.but(stone=seat, act=a, face_up=put(s.face_up, seat, True))
    first = season.next_asked(s, seat, a.target)
    if first is None:
        return fulfil(s)
    return s.but(phase=Phase.PRIVILEGE, seat=first)


def claim(s: State, a: Announce) -> State:
    """A privilege claimed: the claimant announces in his turn (the displaced announcer
    keeps his disc, oriente.privilege.displaced)."""
    if trace.TRACING:
        decided(
            "oriente.privilege.displaced",
            f"seat {s.seat} claims the privilege and acts first; the displaced announcer, seat "
            f"{s.stone}, keeps his disc for later",
        )
    return announce(s, a)


def pass_announce(s: State, a: Pass) -> State:
    """A pass; when every disc holder has passed in a row the season ends."""
    if trace.TRACING:
        decided(
            "oriente.season.asking",
            f"seat {s.seat} passes; the next disc holder clockwise is asked",
        )
    count = s.passes + 1
    if count >= sum(s.discs):
        return season.season_end(s)
    following = season.next_holder(s, s.seat)
    assert following is not None
    return s.but(count=count, seat=following)


def decline(s: State, a: Pass) -> State:
    """No claim from seat ``seat``: the next is asked, or the announcer fulfils."""
    if trace.TRACING:
        decided("oriente.privilege.ask", f"seat {s.seat} claims no privilege; the next is asked")
    assert s.act is not None
    following = season.next_asked(s, s.seat, s.act.target)
    if following is None:
        return fulfil(s)
    return s.but(seat=following)


def fulfil(s: State) -> State:
    """The stone holder gives up his disc and acts; the season's first fulfiller parks the
    bonus card under the stone (oriente.fulfil.disc, oriente.fulfil.bonus)."""
    stone = s.stone
    if trace.TRACING:
        decided(
            "oriente.fulfil.disc",
            f"nobody claimed a privilege: seat {stone} lays his disc down and acts",
        )
    s = s.but(discs=put(s.discs, stone, False), acted=True)
    if not s.won_bonus:
        if trace.TRACING:
            decided(
                "oriente.fulfil.bonus",
                f"seat {stone} is the season's first to fulfil his destiny and wins the bonus "
                "card, whatever his action brings",
            )
        s = s.but(parked=s.bonus, bonus=NO_CARDS, won_bonus=True)
    a = s.act
    assert a is not None
    act = a.act
    if act is Act.ATTACK:
        return fight.start(s)
    return abilities.start(s, act)


# --- payments ---------------------------------------------------------------------------------


def give(s: State, g: Give) -> State:
    """One victory card to another seat (ruling oriente.deals.payments)."""
    if trace.TRACING:
        decided("oriente.deals.payments", f"seat {s.seat} pays seat {g.to} {a_card(g.card)}")
    piles = put(s.piles, s.seat, add(s.piles[s.seat], g.card, -1))
    return s.but(piles=put(piles, g.to, add(s.piles[g.to], g.card)))


def done_paying(s: State, a: Pass) -> State:
    """Seat ``seat`` pays no more; the next seat clockwise, or the asking resumes."""
    count = s.payments_done + 1
    if count >= s.players:
        return season.resume(s)
    return s.but(seat=(s.seat + 1) % s.players, count=count)


# --- the season's end and the game's ---------------------------------------------------------
