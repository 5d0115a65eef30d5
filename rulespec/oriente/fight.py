"""Attacking another resident: the defender reveals, supporters join, Samurai reinforce,
the sums decide, the winner captures (oriente.fight.*)."""

from __future__ import annotations

from rulespec.core import trace
from rulespec.core.immutable import put
from rulespec.core.trace import decided
from rulespec.oriente import deck as decks
from rulespec.oriente import rules, season
from rulespec.oriente.actions import Draw, Invite, Pass, Pick, Support
from rulespec.oriente.components import NAMES, NO_CARDS, VALUE, Card, Pile, add, describe
from rulespec.oriente.state import ATTACKER, DEFENDER, OUT, Phase, State
from rulespec.oriente.variant import GeishaExit, SupportOrder


def defender(s: State) -> int:
    """The attacked seat."""
    a = s.act
    assert a is not None
    assert a.target is not None
    return a.target


def start(s: State) -> State:
    """The defender reveals (ruling oriente.fight.reveal); support is asked for."""
    target = defender(s)
    if trace.TRACING:
        card = s.residents[target]
        decided(
            "oriente.fight.reveal",
            f"seat {s.stone} attacks seat {target}, whose resident is turned up: "
            + ("none" if card is None else f"the {NAMES[card]}"),
        )
        decided(
            "oriente.fight.support_order",
            "the fighters invite supporters"
            if invitations(s)
            else "support is asked for clockwise from the attacker's left",
        )
    sides = put(put((OUT,) * s.players, s.stone, ATTACKER), target, DEFENDER)
    s = s.but(face_up=put(s.face_up, target, True), sides=sides)
    if invitations(s):
        if may_invite(s):
            return s.but(phase=Phase.INVITE, seat=s.stone)
        return reinforce_next(s, s.stone, first=True)
    first = season.next_asked(s, s.stone, target)
    if first is None:
        return reinforce_next(s, s.stone, first=True)
    return s.but(phase=Phase.SUPPORT, seat=first)


def invitations(s: State) -> bool:
    """Whether support goes by invitation (option support_order = invited)."""
    return s.game.options.support_order is SupportOrder.INVITED


def _bit(s: State, seat: int) -> int:
    """The invitation bit of fighter ``seat``: 1 the attacker, 2 the defender."""
    return 1 if seat == s.stone else 2


def invitable(s: State, inviter: int) -> list[int]:
    """The disc holders, fighters aside, that ``inviter`` has not invited yet."""
    bit, target = _bit(s, inviter), defender(s)
    return [
        seat
        for seat in range(s.players)
        if s.discs[seat] and seat not in (s.stone, target) and not s.invited[seat] & bit
    ]


def may_invite(s: State) -> bool:
    """Whether anybody could be invited at all."""
    return bool(invitable(s, s.stone))


def invite(s: State, a: Invite) -> State:
    """The fighter to act invites one more seat; he may go on inviting."""
    if trace.TRACING:
        decided(
            "oriente.fight.support_order", f"seat {s.seat} invites seat {a.seat} to support him"
        )
    bit = _bit(s, s.seat)
    return s.but(invited=put(s.invited, a.seat, s.invited[a.seat] | bit))


def done_inviting(s: State, a: Pass) -> State:
    """The attacker's invitations are done: the defender's turn; then the answers."""
    if s.seat == s.stone:
        return s.but(seat=defender(s))
    return _next_invited(s, s.stone)


def _next_invited(s: State, after: int) -> State:
    """The next invited seat clockwise (before the attacker again), or the Samurai."""
    n, stone = s.players, s.stone
    seat = (after + 1) % n
    while seat != stone:
        if s.invited[seat] and s.discs[seat]:
            return s.but(phase=Phase.SUPPORT, seat=seat)
        seat = (seat + 1) % n
    return reinforce_next(s.but(invited=(0,) * n), stone, first=True)


def support(s: State, a: Support) -> State:
    """Seat ``seat`` gives up its disc, reveals and joins a side (ruling oriente.fight.support)."""
    if trace.TRACING:
        card = s.residents[s.seat]
        value = 0 if card is None else VALUE[card]
        decided(
            "oriente.fight.support",
            f"seat {s.seat} supports seat {a.side}: lays his disc down, turns up his "
            f"{'resident' if card is None else NAMES[card]} and adds {value}",
        )
    seat = s.seat
    side = ATTACKER if a.side == s.stone else DEFENDER
    s = s.but(
        sides=put(s.sides, seat, side),
        discs=put(s.discs, seat, False),
        face_up=put(s.face_up, seat, True),
    )
    return stay_out(s, None)


def stay_out(s: State, a: object) -> State:
    """The next seat is asked, or the Samurai reinforce (ruling oriente.fight.support_order)."""
    if invitations(s):
        return _next_invited(s, s.seat)
    following = season.next_asked(s, s.seat, defender(s))
    if following is None:
        return reinforce_next(s, s.stone, first=True)
    return s.but(seat=following)


def reinforce_next(s: State, after: int, *, first: bool = False) -> State:
    """The next Samurai in the fight turns up a card (oriente.fight.samurai), clockwise
    from the attacker; when none is left, the fight is decided."""
    n, stone = s.players, s.stone
    seat = stone if first else (after + 1) % n
    while first or seat != stone:
        first = False
        if s.sides[seat] != OUT and s.residents[seat] is Card.SAMURAI:
            if trace.TRACING:
                decided(
                    "oriente.fight.samurai",
                    f"seat {seat}'s Samurai is in the fight and turns up a reinforcement card",
                )
            return season.to_draw(s, Phase.REINFORCE, seat)
        seat = (seat + 1) % n
    return resolve(s)


def reinforce(s: State, d: Draw) -> State:
    """The reinforcement card is turned up for seat ``seat``'s Samurai."""
    if d.card is Card.GEISHA and s.game.options.geisha is GeishaExit.ANY_EXIT:
        decided("oriente.end.geisha", "the Geisha comes off the deck: the game ends at once")
        decided(
            "oriente.end.geisha_exit",
            "she came out as a Samurai's reinforcement, not a player's draw, and ends it all "
            "the same",
        )
        return season.end_game(s.but(deck=decks.take(s.deck, d.card)))
    s = s.but(deck=decks.take(s.deck, d.card), boosts=put(s.boosts, s.seat, d.card))
    return reinforce_next(s, s.seat)


def strengths(s: State) -> tuple[int, int]:
    """The two sides' sums: residents and reinforcements (oriente.fight.result)."""
    sums = [0, 0, 0]
    for seat, side in enumerate(s.sides):
        if side != OUT:
            sums[side] += rules.side_strength(s.residents[seat], s.boosts[seat])
    return sums[ATTACKER], sums[DEFENDER]


def pickable(s: State) -> list[Card]:
    """The reinforcement kinds the loser may take (a Geisha may not, under player_draws)."""
    return sorted({b for b in s.boosts if b is not None and b is not Card.GEISHA})


def resolve(s: State) -> State:
    """The higher sum wins, the defender ties; the winner captures the loser's resident
    (oriente.fight.result, oriente.fight.capture)."""
    attack, defence = strengths(s)
    target = defender(s)
    loser, winner = (target, s.stone) if rules.attacker_wins(attack, defence) else (s.stone, target)
    captured = s.residents[loser]
    assert captured is not None
    if trace.TRACING:
        won = (
            "a tie, which the defender wins"
            if attack == defence
            else "the attacker wins"
            if attack > defence
            else "the defender wins"
        )
        decided(
            "oriente.fight.result", f"the attack adds up to {attack}, the defence {defence}: {won}"
        )
        decided(
            "oriente.fight.capture",
            f"seat {winner} captures seat {loser}'s {NAMES[captured]} as a victory card; seat "
            f"{loser} gets a new resident at once",
        )
    s = s.but(
        piles=put(s.piles, winner, add(s.piles[winner], captured)),
        residents=put(s.residents, loser, None),
        face_up=put(s.face_up, loser, False),
    )
    kinds = pickable(s)
    if len(kinds) > 1:
        return s.but(phase=Phase.PICK, seat=loser)
    if len(kinds) == 1:
        return take_reinforcement(s.but(seat=loser), kinds[0])
    s = dispose(s, winner)
    return season.to_draw(s, Phase.REDRAW, loser)


def winner_of(s: State) -> int:
    """The winner, once the loser (seat ``seat``) is replacing his resident."""
    return defender(s) if s.seat == s.stone else s.stone


def pick(s: State, a: Pick) -> State:
    """The loser's choice among the reinforcement cards."""
    return take_reinforcement(s, a.card)


def take_reinforcement(s: State, card: Card) -> State:
    """The loser takes ``card`` face up (oriente.fight.reinforcement_pick, ruling
    oriente.fight.reinforcement_face_up); Ninjas left go to the winner, the rest under
    the deck."""
    if trace.TRACING:
        decided(
            "oriente.fight.reinforcement_pick",
            f"seat {s.seat}, who lost, takes the reinforcement {NAMES[card]} as his new resident",
        )
    if trace.TRACING:
        decided("oriente.fight.reinforcement_face_up", f"the {NAMES[card]} lies face up")
    loser = s.seat
    boosts = list(s.boosts)
    boosts[boosts.index(card)] = None
    s = s.but(
        boosts=tuple(boosts),
        residents=put(s.residents, loser, card),
        face_up=put(s.face_up, loser, True),
    )
    return season.finish(dispose(s, winner_of(s)))


def dispose(s: State, winner: int) -> State:
    """Reinforcement cards left: Ninjas to the winner, the rest under the deck."""
    rest: Pile = NO_CARDS
    pile = s.piles[winner]
    for b in s.boosts:
        if b is Card.NINJA:
            pile = add(pile, b)
        elif b is not None:
            rest = add(rest, b)
    if any(rest) and trace.TRACING:
        decided(
            "oriente.fight.under_order",
            f"the other reinforcements, {describe(rest)}, go under the deck in random order",
        )
    return s.but(
        piles=put(s.piles, winner, pile),
        deck=decks.put_under(s.deck, rest),
        boosts=(None,) * s.players,
    )
