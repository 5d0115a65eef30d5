"""The course of a season: asking, privilege, fulfilment, payments, the season's end, and
the draws of the deck with the end they may bring (oriente.season.*, oriente.privilege.*,
oriente.fulfil.*, oriente.end.*)."""

from __future__ import annotations

from rulespec.core.trace import decided
from rulespec.oriente import abilities, fight
from rulespec.oriente import deck as decks
from rulespec.oriente.actions import Act, Announce, Draw, Give, Pass
from rulespec.oriente.components import NO_CARDS, TREASURES, Card, add, plus
from rulespec.oriente.state import OUT, Phase, State
from rulespec.oriente.variant import GeishaExit, Payments, UnclaimedBonus


def _set(values: tuple[object, ...], i: int, v: object) -> tuple[object, ...]:
    return (*values[:i], v, *values[i + 1 :])


def put(values: tuple[object, ...], i: int, v: object) -> tuple[object, ...]:
    """``values`` with entry ``i`` replaced (a per-seat tuple)."""
    return _set(values, i, v)


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
            decided("oriente.privilege.not_target")
        seat = (seat + 1) % n
    return None


# --- setup draws -------------------------------------------------------------------------


def treasures_left(s: State) -> tuple[int, ...]:
    """Treasures not yet dealt (oriente.setup.discs): the twelve less those in the piles."""
    held = NO_CARDS
    for pile in s.piles:
        held = plus(held, pile)
    return tuple([t - h if t else 0 for t, h in zip(TREASURES, held, strict=True)])


def deal_treasure(s: State, d: Draw) -> State:
    """A treasure face up for seat ``seat``; then the next seat, then the residents."""
    decided("oriente.setup.discs")
    piles = put(s.piles, s.seat, add(s.piles[s.seat], d.card))
    if s.seat + 1 < s.players:
        return s.but(piles=piles, seat=s.seat + 1)
    return s.but(piles=piles, seat=0, phase=Phase.RESIDENTS)


def _geisha(s: State, d: Draw, by_player: bool) -> State | None:
    """The end if ``d`` is the Geisha and ends the game here (oriente.end.geisha)."""
    if d.card is not Card.GEISHA:
        return None
    if by_player or s.game.options.geisha is GeishaExit.ANY_EXIT:
        decided("oriente.end.geisha")
        if not by_player:
            decided("oriente.end.geisha_exit")
        return end_game(s.but(deck=decks.take(s.deck, d.card)))
    decided("oriente.end.geisha_exit")
    return None


def first_resident(s: State, d: Draw) -> State:
    """Seat ``seat``'s face-down resident (oriente.setup.resident); then the bonus card."""
    decided("oriente.setup.resident")
    decided("oriente.setup.deck")
    ended = _geisha(s, d, True)
    if ended is not None:
        return ended
    s = s.but(
        deck=decks.take(s.deck, d.card),
        residents=put(s.residents, s.seat, d.card),
        face_up=put(s.face_up, s.seat, False),
    )
    if s.seat + 1 < s.players:
        return s.but(seat=s.seat + 1)
    return to_draw(s.but(seat=s.stone), Phase.BONUS)


def draw_bonus(s: State, d: Draw) -> State:
    """The face-down bonus card (oriente.setup.bonus); then the asking begins."""
    decided("oriente.setup.bonus")
    ended = _geisha(s, d, False)
    if ended is not None:
        return ended
    return s.but(
        deck=decks.take(s.deck, d.card),
        bonus=add(s.bonus, d.card),
        phase=Phase.ANNOUNCE,
        seat=s.stone,
        count=0,
    )


def to_draw(s: State, phase: Phase, seat: int | None = None) -> State:
    """Go to a draw from the deck, or end the game if the deck is empty
    (oriente.end.empty_deck)."""
    if not s.deck.size():
        decided("oriente.end.empty_deck")
        return end_game(s)
    return s.but(phase=phase, seat=s.seat if seat is None else seat)


def redraw(s: State, d: Draw) -> State:
    """A new face-down resident for seat ``seat`` (fight loser, assassinated)."""
    ended = _geisha(s, d, True)
    if ended is not None:
        return ended
    return finish(
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
    decided("oriente.season.announce")
    seat = s.seat
    s = s.but(stone=seat, act=a, face_up=put(s.face_up, seat, True))
    first = next_asked(s, seat, a.target)
    if first is None:
        return fulfil(s)
    return s.but(phase=Phase.PRIVILEGE, seat=first)


def claim(s: State, a: Announce) -> State:
    """A privilege claimed: the claimant announces in his turn (the displaced announcer
    keeps his disc, oriente.privilege.displaced)."""
    decided("oriente.privilege.displaced")
    return announce(s, a)


def pass_announce(s: State, a: Pass) -> State:
    """A pass; when every disc holder has passed in a row the season ends."""
    decided("oriente.season.asking")
    count = s.count + 1
    if count >= sum(s.discs):
        return season_end(s)
    following = next_holder(s, s.seat)
    assert following is not None
    return s.but(count=count, seat=following)


def decline(s: State, a: Pass) -> State:
    """No claim from seat ``seat``: the next is asked, or the announcer fulfils."""
    decided("oriente.privilege.ask")
    assert s.act is not None
    following = next_asked(s, s.seat, s.act.target)
    if following is None:
        return fulfil(s)
    return s.but(seat=following)


def fulfil(s: State) -> State:
    """The stone holder gives up his disc and acts; the season's first fulfiller parks the
    bonus card under the stone (oriente.fulfil.disc, oriente.fulfil.bonus)."""
    decided("oriente.fulfil.disc")
    stone = s.stone
    s = s.but(discs=put(s.discs, stone, False), acted=True)
    if not s.won_bonus:
        decided("oriente.fulfil.bonus")
        s = s.but(parked=s.bonus, bonus=NO_CARDS, won_bonus=True)
    a = s.act
    assert a is not None
    act = a.act
    if act is Act.ATTACK:
        return fight.start(s)
    return abilities.start(s, act)


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
    decided("oriente.deals.payments")  # off: no payments follow the fulfilment
    return resume(s)


def resume(s: State) -> State:
    """Asking resumes to the left of the fulfiller (oriente.season.resume)."""
    following = next_holder(s, s.stone)
    if following is None:
        return season_end(s)
    decided("oriente.season.resume")
    return s.but(phase=Phase.ANNOUNCE, seat=following, count=0)


# --- payments ---------------------------------------------------------------------------------


def give(s: State, g: Give) -> State:
    """One victory card to another seat (ruling oriente.deals.payments)."""
    decided("oriente.deals.payments")
    piles = put(s.piles, s.seat, add(s.piles[s.seat], g.card, -1))
    return s.but(piles=put(piles, g.to, add(s.piles[g.to], g.card)))


def done_paying(s: State, a: Pass) -> State:
    """Seat ``seat`` pays no more; the next seat clockwise, or the asking resumes."""
    count = s.count + 1
    if count >= s.players:
        return resume(s)
    return s.but(seat=(s.seat + 1) % s.players, count=count)


# --- the season's end and the game's ---------------------------------------------------------


def season_end(s: State) -> State:
    """Three Ninjas win; otherwise discs back, an unclaimed bonus card stays or goes under
    the deck, and a new bonus card (oriente.season.end, oriente.end.ninjas, rulings
    oriente.season.renewal, oriente.season.unclaimed_bonus). Only under under_deck with
    player_draws, where idle seasons could cycle the deck for ever, does a season in which
    nobody acted end the game (ruling oriente.end.idle_season)."""
    decided("oriente.season.end")
    for seat, pile in enumerate(s.piles):
        if pile[Card.NINJA] == 3:
            return end_game(s.but(winner=seat))
    options = s.game.options
    under = options.unclaimed_bonus is UnclaimedBonus.UNDER_DECK
    if under and not s.acted and options.geisha is GeishaExit.PLAYER_DRAWS:
        decided("oriente.end.idle_season")
        return end_game(s)
    decided("oriente.season.renewal")
    n = s.players
    s = s.but(discs=(True,) * n, won_bonus=False, acted=False, count=0)
    if any(s.bonus):
        decided("oriente.season.unclaimed_bonus")
        if under:
            s = s.but(deck=decks.put_under(s.deck, s.bonus), bonus=NO_CARDS)
    return to_draw(s.but(seat=s.stone), Phase.BONUS)


def end_game(s: State) -> State:
    """The end: a bonus card under the stone still goes to the fulfiller (ruling
    oriente.end.geisha_exit)."""
    if any(s.parked):
        stone = s.stone
        s = s.but(piles=put(s.piles, stone, plus(s.piles[stone], s.parked)), parked=NO_CARDS)
    return s.but(phase=Phase.OVER, act=None)
