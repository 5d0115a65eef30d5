"""The special abilities: Daimyō, Akindo, Nōfu (with the revolution) and Ninja
(oriente.daimyo.*, oriente.akindo.*, oriente.nofu.*, oriente.ninja.*)."""

from __future__ import annotations

from rulespec.core.immutable import put
from rulespec.core.trace import decided
from rulespec.oriente import deck as decks
from rulespec.oriente import season
from rulespec.oriente.actions import Act, Draw, Join, Pass
from rulespec.oriente.components import NO_CARDS, Card, add, plus
from rulespec.oriente.state import ATTACKER, DEFENDER, OUT, Phase, State
from rulespec.oriente.variant import EmptyTrade


def start(s: State, act: Act) -> State:
    """Carry out the announced ability of the stone holder."""
    a = s.act
    assert a is not None
    stone, t = s.stone, a.target
    if act is Act.INCOME:
        decided("oriente.daimyo.income")
        return season.to_draw(s, Phase.INCOME, stone)
    if act is Act.INCITE:
        return season.finish(incite(s))
    if act is Act.REVOLUTION:
        return revolution(s)
    assert t is not None
    if act is Act.SUCCESSION:
        return season.finish(succession(s, t))
    if act is Act.CREDIT:
        decided("oriente.akindo.credit")
        nofu = s.piles[t][Card.NOFU]
        piles = put(s.piles, t, add(s.piles[t], Card.NOFU, -nofu))
        return season.finish(s.but(piles=put(piles, stone, add(s.piles[stone], Card.NOFU, nofu))))
    if act is Act.TRADE:
        if not any(s.piles[t]):
            return season.finish(empty_trade(s, t, a.gift))
        return s.but(phase=Phase.TRADE, seat=stone)
    decided("oriente.ninja.assassinate")
    victim = s.residents[t]
    assert victim is not None
    s = s.but(
        piles=put(s.piles, stone, add(s.piles[stone], victim)),
        residents=put(s.residents, t, None),
        face_up=put(s.face_up, t, False),
    )
    return season.to_draw(s, Phase.REDRAW, t)


def income(s: State, d: Draw) -> State:
    """The top card of the deck to the Daimyō's victory cards."""
    ended = season.geisha_ends(s, d, True)
    if ended is not None:
        return ended
    stone = s.stone
    return season.finish(
        s.but(
            deck=decks.take(s.deck, d.card),
            piles=put(s.piles, stone, add(s.piles[stone], d.card)),
        )
    )


def succession(s: State, t: int) -> State:
    """The stone holder's resident swaps places with seat ``t``'s Shōgun, revealed resident
    or victory card. The card laid down is the holder's own: a Daimyō, or a lost character
    defined to use the Daimyō's abilities (ruling oriente.abilities.lost), so every kind of
    card keeps its count."""
    decided("oriente.daimyo.succession")
    stone = s.stone
    own = s.residents[stone]
    assert own is not None
    if s.residents[t] is Card.SHOGUN and s.face_up[t]:
        residents = put(put(s.residents, t, own), stone, Card.SHOGUN)
        return s.but(residents=residents)
    pile = add(add(s.piles[t], Card.SHOGUN, -1), own)
    return s.but(piles=put(s.piles, t, pile), residents=put(s.residents, stone, Card.SHOGUN))


def empty_trade(s: State, t: int, gift: Card | None) -> State:
    """A trade against seat ``t``, who has no victory card: nothing is drawn; the Akindo's
    named card goes over or stays with him (ruling oriente.akindo.empty_target)."""
    decided("oriente.akindo.empty_target")
    if gift is None or s.game.options.empty_trade is EmptyTrade.NOTHING:
        return s
    stone = s.stone
    piles = put(s.piles, stone, add(s.piles[stone], gift, -1))
    return s.but(piles=put(piles, t, add(s.piles[t], gift)))


def trade(s: State, d: Draw) -> State:
    """The Akindo's random card from the target, and his gift back (oriente.akindo.trade)."""
    decided("oriente.akindo.trade")
    decided("oriente.akindo.gift_first")
    a = s.act
    assert a is not None
    assert a.target is not None
    t, stone = a.target, s.stone
    mine = add(s.piles[stone], d.card)
    theirs = add(s.piles[t], d.card, -1)
    if a.gift is not None:
        mine, theirs = add(mine, a.gift, -1), add(theirs, a.gift)
    piles = put(put(s.piles, stone, mine), t, theirs)
    return season.finish(s.but(piles=piles))


def incite(s: State) -> State:
    """A worker into the hut or onto the square (oriente.nofu.incite)."""
    decided("oriente.nofu.incite")
    if s.game.variant.hut:
        if s.hut:
            return s.but(hut=0, square=s.square + 1)
        if s.beside():
            return s.but(hut=1)
        decided("oriente.abilities.no_effect")
        return s
    if s.beside():
        return s.but(square=s.square + 1)
    decided("oriente.abilities.no_effect")
    return s


# --- the revolution -------------------------------------------------------------------------


def revolution(s: State) -> State:
    """The Nōfu asks the others, clockwise, to join (oriente.nofu.revolution_join)."""
    decided("oriente.nofu.no_target")
    s = s.but(sides=put((OUT,) * s.players, s.stone, ATTACKER))
    first = season.next_asked(s, s.stone, None)
    if first is None:
        return revolt(s)
    return s.but(phase=Phase.JOIN, seat=first)


def join(s: State, a: Join) -> State:
    """Seat ``seat`` reveals its Nōfu and gives up its disc."""
    decided("oriente.nofu.revolution_join")
    seat = s.seat
    s = s.but(
        sides=put(s.sides, seat, ATTACKER),
        discs=put(s.discs, seat, False),
        face_up=put(s.face_up, seat, True),
    )
    return no_join(s, None)


def no_join(s: State, a: Pass | None) -> State:
    """The next seat is asked, or the revolution breaks out."""
    following = season.next_asked(s, s.seat, None)
    if following is None:
        return revolt(s)
    return s.but(seat=following)


def strength(s: State) -> int:
    """Workers on the square plus the revolution's Nōfu (oriente.nofu.revolution_strength)."""
    return s.square + sum([1 for side in s.sides if side == ATTACKER])


def is_victim(s: State, seat: int, power: int) -> bool:
    """Whether ``seat`` is a victim: not in the revolution, no Ninja or Nōfu, value up to
    ``power`` (oriente.nofu.revolution_victims, ruling oriente.nofu.joiners_safe)."""
    card = s.residents[seat]
    if s.sides[seat] == ATTACKER or card is None or card in (Card.NINJA, Card.NOFU):
        return False
    return s.rank(seat) <= power


def revolt(s: State) -> State:
    """Everyone reveals; victims are marked and give up half their cards, one at a time."""
    decided("oriente.nofu.revolution_strength")
    n = s.players
    power = strength(s)
    decided("oriente.nofu.joiners_safe")
    sides = tuple(
        [DEFENDER if is_victim(s, seat, power) else side for seat, side in enumerate(s.sides)]
    )
    s = s.but(face_up=(True,) * n, sides=sides, haul=NO_CARDS)
    return loot_next(s, s.stone)


def loot_next(s: State, after: int) -> State:
    """The next victim clockwise with cards to give up, or the pooled deal."""
    n, stone = s.players, s.stone
    seat = (after + 1) % n
    while seat != stone:
        half = s.cards(seat) // 2
        if s.sides[seat] == DEFENDER and half:
            decided("oriente.nofu.revolution_victims")
            return s.but(phase=Phase.LOOT, seat=seat, count=half)
        seat = (seat + 1) % n
    return pool(s)


def loot(s: State, d: Draw) -> State:
    """One card of the victim's, at random, to the revolution (oriente.nofu.revolution_loot)."""
    decided("oriente.nofu.revolution_loot")
    seat = s.seat
    s = s.but(
        piles=put(s.piles, seat, add(s.piles[seat], d.card, -1)),
        haul=add(s.haul, d.card),
        count=s.count - 1,
    )
    if s.count:
        return s
    return loot_next(s, seat)


def pool(s: State) -> State:
    """The revolutionaries' own cards join the takings; the deal starts with the Nōfu
    who announced (oriente.nofu.revolution_share)."""
    haul, piles = s.haul, list(s.piles)
    for seat, side in enumerate(s.sides):
        if side == ATTACKER:
            haul = plus(haul, piles[seat])
            piles[seat] = NO_CARDS
    s = s.but(haul=haul, piles=tuple(piles), count=0)
    if not any(haul):
        return end_revolution(s)
    return s.but(phase=Phase.SHARE, seat=s.stone)


def share(s: State, d: Draw) -> State:
    """The next card of the pool to seat ``seat``; the next revolutionary clockwise."""
    decided("oriente.nofu.revolution_share")
    seat, n = s.seat, s.players
    s = s.but(piles=put(s.piles, seat, add(s.piles[seat], d.card)), haul=add(s.haul, d.card, -1))
    if not any(s.haul):
        return end_revolution(s)
    following = (seat + 1) % n
    while s.sides[following] != ATTACKER:
        following = (following + 1) % n
    return s.but(seat=following)


def end_revolution(s: State) -> State:
    """Every worker back beside the square (oriente.nofu.workers_back)."""
    decided("oriente.nofu.workers_back")
    return season.finish(s.but(hut=0, square=0, haul=NO_CARDS))
