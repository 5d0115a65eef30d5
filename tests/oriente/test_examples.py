"""The rulebook's three worked examples, played with the book's chance outcomes.

Seats: player A is seat 0, B seat 1, and so on clockwise.
"""

from __future__ import annotations

import pytest

from rulespec.oriente import Act, Announce, Card, Give, Join, Pass, Phase, Support
from rulespec.oriente.components import points

from . import draw, position

A, B, C, D, E, F, G = range(7)


@pytest.mark.rule(
    "oriente.season.announce", "oriente.privilege.ask", "oriente.privilege.not_target"
)
def test_l172_a_daimyo_announces_an_attack_and_the_others_are_asked() -> None:
    """L172: A reveals his Daimyō and attacks D; the others are asked, D never (the target)."""
    s = position(4, residents=["daimyo", "samurai", "akindo", "nofu"])
    s = s.apply(Announce(Act.ATTACK, D))
    assert s.face_up[A]
    assert s.residents[A] is Card.DAIMYO
    assert s.stone == A
    asked = []
    while s.phase is Phase.PRIVILEGE:
        asked.append(s.seat)
        s = s.apply(Pass())
    assert asked == [B, C]
    assert s.phase is Phase.SUPPORT  # fulfilled: the fight begins


@pytest.mark.rule(
    "oriente.fight.result",
    "oriente.fight.capture",
    "oriente.fight.support",
    "oriente.fulfil.bonus",
    "oriente.deals.payments",
)
def test_l100_l123_the_defender_wins_the_tie_and_the_loser_still_takes_the_bonus() -> None:
    """L100 + L123-125: A's Shōgun attacks B's Mahō-Tsukai; C (Nōfu) and D (a face-down
    Nōfu) support B: 7 against 5 + 1 + 1, and the defender wins ties. A still wins the bonus
    card, a Daimyō; B captures the Shōgun; A redraws face down. B pays D a Samurai and D
    pays C a Nōfu, as agreed."""
    s = position(
        4,
        residents=["shogun", "maho_tsukai", "nofu", "nofu"],
        face_up=[False, False, True, False],
        piles=[
            {"treasure_2": 1},
            {"treasure_3": 1, "samurai": 1},
            {"treasure_4": 1},
            {"treasure_2": 1, "nofu": 1},
        ],
        bonus={"daimyo": 1},
        options={"payments": "payments"},
    )
    s = s.apply(Announce(Act.ATTACK, B))
    for _ in (C, D):  # nobody claims: nobody outranks the Shōgun
        assert s.legal_actions() == (Pass(),)
        s = s.apply(Pass())
    assert s.phase is Phase.SUPPORT
    assert s.parked[Card.DAIMYO] == 1  # under the stone while A acts
    assert s.face_up[B]
    assert s.seat == C
    s = s.apply(Support(B))
    assert s.seat == D
    s = s.apply(Support(B))
    assert s.face_up[D]
    assert not s.discs[C]
    assert not s.discs[D]
    assert s.phase is Phase.REDRAW  # B won 7 to 7; A draws a new resident
    assert s.seat == A
    assert s.piles[B][Card.SHOGUN] == 1
    s = s.apply(draw(Card.AKINDO))
    assert not s.face_up[A]
    assert s.piles[A][Card.DAIMYO] == 1  # the bonus, although A lost
    assert s.residents[C] is Card.NOFU  # supporters lose nothing
    assert s.residents[D] is Card.NOFU
    assert s.phase is Phase.PAY
    assert s.seat == A
    s = s.apply(Pass())
    s = s.apply(Give(D, Card.SAMURAI)).apply(Pass())
    s = s.apply(Pass())
    s = s.apply(Give(C, Card.NOFU)).apply(Pass())
    assert s.piles[D][Card.SAMURAI] == 1
    assert s.piles[C][Card.NOFU] == 1
    assert s.phase is Phase.ANNOUNCE
    assert s.seat == B  # asking resumes to the left of A


@pytest.mark.rule(
    "oriente.privilege.revolution_rank",
    "oriente.nofu.revolution_join",
    "oriente.nofu.revolution_strength",
    "oriente.nofu.revolution_victims",
    "oriente.nofu.revolution_loot",
    "oriente.nofu.revolution_share",
    "oriente.nofu.workers_back",
    "oriente.nofu.joiners_safe",
    "oriente.nofu.no_target",
)
def test_l76_l102_a_revolution_of_two_nofu_and_a_worker() -> None:
    """L76-80 + L102-104: C's Nōfu, backed by the worker on the square, announces a
    revolution; E's Akindo cannot claim (rank 2 against 1 + 1, and more cards); G joins.
    Strength 3: E's Akindo and F's Samurai are victims; B's Ninja, D's Nōfu and A's Sōryo
    are not. C takes two of E's four cards and one of F's three; the five cards are dealt
    C, G, C, G, C. G had no victory card."""
    s = position(
        7,
        residents=["soryo", "ninja", "nofu", "nofu", "akindo", "samurai", "nofu"],
        piles=[
            {"treasure_2": 1},
            {"treasure_4": 1},
            {"soryo": 1, "nofu": 1},
            {"treasure_3": 1},
            {"nofu": 1, "treasure_3": 1, "ninja": 1, "treasure_2": 1},
            {"treasure_4": 1, "shogun": 1, "treasure_3": 1},
            {},
        ],
        square=1,
    )
    s = s.apply(Pass()).apply(Pass())  # A and B pass
    s = s.apply(Announce(Act.REVOLUTION))
    assert s.stone == C
    order = []
    while s.phase is Phase.PRIVILEGE:
        order.append(s.seat)
        if s.seat == E:
            assert s.legal_actions() == (Pass(),)
            assert s.explain(Announce(Act.ATTACK, A)).rule.id == "oriente.privilege.revolution_rank"
        s = s.apply(Pass())
    assert order == [D, E, F, G, A, B]  # a revolution has no target
    joins = []
    while s.phase is Phase.JOIN:
        joins.append(s.seat)
        s = s.apply(Join() if s.seat == G else Pass())
    assert joins == [D, E, F, G, A, B]
    assert all(s.face_up)
    assert s.phase is Phase.LOOT
    assert (s.seat, s.count) == (E, 2)
    s = s.apply(draw(Card.NINJA)).apply(draw(Card.TREASURE_2))
    assert (s.seat, s.count) == (F, 1)
    s = s.apply(draw(Card.TREASURE_3))
    assert s.phase is Phase.SHARE
    dealt = []
    for card in (Card.NINJA, Card.NOFU, Card.TREASURE_2, Card.SORYO, Card.TREASURE_3):
        dealt.append(s.seat)
        s = s.apply(draw(card))
    assert dealt == [C, G, C, G, C]
    assert {k for k in Card if s.piles[E][k]} == {Card.NOFU, Card.TREASURE_3}
    assert {k for k in Card if s.piles[F][k]} == {Card.TREASURE_4, Card.SHOGUN}
    assert {k for k in Card if s.piles[C][k]} == {Card.NINJA, Card.TREASURE_2, Card.TREASURE_3}
    assert {k for k in Card if s.piles[G][k]} == {Card.NOFU, Card.SORYO}
    assert points(s.piles[G]) == 7
    assert points(s.piles[C]) == 5  # C lost points (7 before) but won a Ninja
    assert (s.hut, s.square) == (0, 0)
