"""The special abilities: Daimyō, Akindo, Nōfu (with the revolution) and Ninja
(oriente.daimyo.*, oriente.akindo.*, oriente.nofu.*, oriente.ninja.*)."""

from __future__ import annotations

from rulespec.core import trace
from rulespec.core.immutable import put
from rulespec.core.trace import decided
from rulespec.core.words import count
from rulespec.oriente import deck as decks
from rulespec.oriente import rules, season
from rulespec.oriente.actions import Act, Draw, Join, Pass, a_card
from rulespec.oriente.components import NAMES, NO_CARDS, Card, add, plus
from rulespec.oriente.state import ATTACKER, DEFENDER, OUT, Phase, State
from rulespec.oriente.variant import EmptyTrade


def start(s: State, act: Act) -> State:
    """Carry out the announced ability of the stone holder."""
    a = s.act
    assert a is not None
    stone, t = s.stone, a.target
    if act is Act.INCOME:
        if trace.TRACING:
            decided(
                "oriente.daimyo.income",
                f"seat {stone}'s Daimyō takes the top card of the deck into his victory cards",
            )
        return season.to_draw(s, Phase.INCOME, stone)
    if act is Act.INCITE:
        return season.finish(incite(s))
    if act is Act.REVOLUTION:
        return revolution(s)
    assert t is not None
    if act is Act.SUCCESSION:
        return season.finish(succession(s, t))
    if act is Act.CREDIT:
        nofu = s.piles[t][Card.NOFU]
        if nofu:  # the rule's point: the Nōfu change hands
            if trace.TRACING:
                decided(
                    "oriente.akindo.credit",
                    f"seat {stone}'s Akindo takes every Nōfu among seat {t}'s victory cards: "
                    f"{count(nofu, 'Nōfu', 'Nōfu')}",
                )
        else:
            decided("oriente.akindo.credit")
        piles = put(s.piles, t, add(s.piles[t], Card.NOFU, -nofu))
        return season.finish(s.but(piles=put(piles, stone, add(s.piles[stone], Card.NOFU, nofu))))
    if act is Act.TRADE:
        if not any(s.piles[t]):
            return season.finish(empty_trade(s, t, a.gift))
        return s.but(phase=Phase.TRADE, seat=stone)
    victim = s.residents[t]
    assert victim is not None
    if trace.TRACING:
        decided(
            "oriente.ninja.assassinate",
            f"seat {stone}'s Ninja puts seat {t}'s resident, the {NAMES[victim]}, into his victory "
            f"cards; seat {t} draws a new resident",
        )
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
    if trace.TRACING:
        decided(
            "oriente.daimyo.succession",
            f"seat {s.stone}'s Daimyō is swapped for seat {t}'s Shōgun",
        )
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
    nothing = gift is None or s.game.options.empty_trade is EmptyTrade.NOTHING
    if trace.TRACING:
        decided(
            "oriente.akindo.empty_target",
            f"seat {t} has no victory card to trade: "
            + ("nothing changes hands" if nothing else "the Akindo's named card goes over anyway"),
        )
    if gift is None or nothing:
        return s
    stone = s.stone
    piles = put(s.piles, stone, add(s.piles[stone], gift, -1))
    return s.but(piles=put(piles, t, add(s.piles[t], gift)))


def trade(s: State, d: Draw) -> State:
    """The Akindo's random card from the target, and his gift back (oriente.akindo.trade)."""
    if trace.TRACING and s.act is not None:
        gift = "no card" if s.act.gift is None else f"{a_card(s.act.gift)}"
        decided(
            "oriente.akindo.trade",
            f"the Akindo draws {a_card(d.card)} at random from seat {s.act.target}'s victory "
            f"cards and gives {gift} of his own",
        )
        decided(
            "oriente.akindo.gift_first",
            f"the card he gives, {gift}, was named with the announcement, before the draw",
        )
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
    if s.game.variant.hut:
        if s.hut:
            decided("oriente.nofu.incite", "the Nōfu moves the worker from the hut to the square")
            return s.but(hut=0, square=s.square + 1)
        if s.beside():
            decided("oriente.nofu.incite", "the Nōfu puts a worker into the hut")
            return s.but(hut=1)
        decided("oriente.nofu.incite")
        decided(
            "oriente.abilities.no_effect", "no worker is left to move: the incitement does nothing"
        )
        return s
    if s.beside():
        decided("oriente.nofu.incite", "the Nōfu puts a worker onto the square")
        return s.but(square=s.square + 1)
    decided("oriente.nofu.incite")
    decided("oriente.abilities.no_effect", "no worker is left to move: the incitement does nothing")
    return s


# --- the revolution -------------------------------------------------------------------------


def revolution(s: State) -> State:
    """The Nōfu asks the others, clockwise, to join (oriente.nofu.revolution_join)."""
    decided(
        "oriente.nofu.no_target",
        "a revolution has no target: any player may claim a privilege against it",
    )
    s = s.but(sides=put((OUT,) * s.players, s.stone, ATTACKER))
    first = season.next_asked(s, s.stone, None)
    if first is None:
        return revolt(s)
    return s.but(phase=Phase.JOIN, seat=first)


def join(s: State, a: Join) -> State:
    """Seat ``seat`` reveals its Nōfu and gives up its disc."""
    if trace.TRACING:
        decided(
            "oriente.nofu.revolution_join",
            f"seat {s.seat}, with a Nōfu and a disc, joins the revolution: reveals and lays the "
            "disc down",
        )
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
    return rules.revolution_strength(s.square, sum(side == ATTACKER for side in s.sides))


def is_victim(s: State, seat: int, power: int) -> bool:
    """Whether ``seat`` is a victim: not in the revolution, no Ninja or Nōfu, value up to
    ``power`` (oriente.nofu.revolution_victims, ruling oriente.nofu.joiners_safe)."""
    return rules.revolution_victim(s.residents[seat], s.sides[seat] == ATTACKER, power)


def revolt(s: State) -> State:
    """Everyone reveals; victims are marked and give up half their cards, one at a time."""
    n = s.players
    power = strength(s)
    if trace.TRACING:
        nofu = sum(1 for side in s.sides if side == ATTACKER)
        decided(
            "oriente.nofu.revolution_strength",
            f"the revolution's strength is {power}: {count(s.square, 'worker')} on the square "
            f"and {count(nofu, 'Nōfu', 'Nōfu')}",
        )
        decided(
            "oriente.nofu.joiners_safe",
            f"the revolution's own {count(nofu, 'Nōfu', 'Nōfu')} are never its victims",
        )
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
        half = rules.loot_share(s.cards(seat))
        if s.sides[seat] == DEFENDER and half:
            if trace.TRACING:
                card = s.residents[seat]
                name = "resident" if card is None else f"{NAMES[card]}"
                decided(
                    "oriente.nofu.revolution_victims",
                    f"seat {seat}'s {name} ranks no higher than the revolution's strength: a "
                    f"victim, who gives up {half} of {count(s.cards(seat), 'victory card')}",
                )
            return s.but(phase=Phase.LOOT, seat=seat, count=half)
        seat = (seat + 1) % n
    return pool(s)


def loot(s: State, d: Draw) -> State:
    """One card of the victim's, at random, to the revolution (oriente.nofu.revolution_loot)."""
    if trace.TRACING:
        decided(
            "oriente.nofu.revolution_loot",
            f"{a_card(d.card)} is drawn at random from seat {s.seat}'s victory cards for the "
            "revolution",
        )
    seat = s.seat
    s = s.but(
        piles=put(s.piles, seat, add(s.piles[seat], d.card, -1)),
        haul=add(s.haul, d.card),
        count=s.loot_left - 1,
    )
    if s.loot_left:
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
    if trace.TRACING:
        decided(
            "oriente.nofu.revolution_share",
            f"from the pooled cards, {a_card(d.card)} goes to seat {s.seat}, the next "
            "revolutionary in turn",
        )
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
    decided(
        "oriente.nofu.workers_back",
        "the revolution is over: every worker goes back beside the square",
    )
    return season.finish(s.but(hut=0, square=0, haul=NO_CARDS))
