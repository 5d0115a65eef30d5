"""One pure function per rule step of Oriente, named after what it decides.

They take plain numbers and cards, not states, so a rules lawyer can settle a fight, a claim
of privilege or a revolution by hand, and the z3 proofs (``proofs/oriente.py``) read the
same arithmetic. The state code (:mod:`rulespec.oriente.fight`,
:mod:`rulespec.oriente.abilities`, :mod:`rulespec.oriente.announcing`,
:mod:`rulespec.oriente.scoring`) calls them.

A fight: the Samurai (3) attacks, helped by a Nōfu (1); the Daimyō (4) defends alone, and a
tie would go to him:

>>> attack, defence = side_strength(Card.SAMURAI, Card.NOFU), side_strength(Card.DAIMYO)
>>> attack, defence, attacker_wins(attack, defence)
(4, 4, False)
>>> attacker_wins(side_strength(Card.SAMURAI, Card.TREASURE_2), defence)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rulespec.oriente.components import KINDS, VALUE, Card, Pile
from rulespec.oriente.variant import Tie


def side_strength(*cards: Card | None) -> int:
    """A side's strength in a fight: the values of its residents and of the cards drawn to
    reinforce them, summed (oriente.fight.result). A seat without a card adds nothing.

    >>> side_strength(Card.SHOGUN, Card.TREASURE_4)
    11
    >>> side_strength(Card.NINJA, None)
    0
    """
    return sum(0 if card is None else VALUE[card] for card in cards)


def attacker_wins(attack: int, defence: int) -> bool:
    """The higher sum wins, and the defender wins a tie (oriente.fight.result).

    >>> attacker_wins(6, 5), attacker_wins(5, 5), attacker_wins(4, 5)
    (True, False, False)
    """
    return attack > defence


def revolution_strength(square: int, joiners: int) -> int:
    """A revolution's strength: the workers on the square plus one for each Nōfu that
    joined it (oriente.nofu.revolution_strength).

    >>> revolution_strength(square=3, joiners=2)
    5
    """
    return square + joiners


def revolution_victim(card: Card | None, joined: bool, power: int) -> bool:
    """Whether a seat whose resident is ``card`` loses half its victory cards to a
    revolution of strength ``power``: its value is at most ``power``, it did not join, and
    it is no Ninja or Nōfu (oriente.nofu.revolution_victims, ruling
    oriente.nofu.joiners_safe).

    >>> revolution_victim(Card.DAIMYO, joined=False, power=4)
    True
    >>> revolution_victim(Card.MAHO_TSUKAI, joined=False, power=4)
    False
    >>> revolution_victim(Card.NINJA, joined=False, power=4)
    False
    >>> revolution_victim(Card.AKINDO, joined=True, power=4)
    False
    """
    if joined or card is None or card in (Card.NINJA, Card.NOFU):
        return False
    return VALUE[card] <= power


def loot_share(cards: int) -> int:
    """How many victory cards a victim of a revolution gives up: half, rounded down
    (oriente.nofu.revolution_loot).

    >>> [loot_share(n) for n in range(6)]
    [0, 0, 1, 1, 2, 2]
    """
    return cards // 2


def claim_to_beat(own: int, square: int, revolution: bool) -> int:
    """The rank a claim of privilege must beat: the announcer's; against a revolution,
    the Nōfu's rank, 1 plus the workers on the square (oriente.privilege.revolution_rank),
    never below the announcer's own (ruling oriente.abilities.lost).

    >>> claim_to_beat(own=3, square=0, revolution=False)
    3
    >>> claim_to_beat(own=1, square=4, revolution=True)
    5
    >>> claim_to_beat(own=6, square=1, revolution=True)
    6
    """
    return max(1 + square, own) if revolution else own


def outranks(mine: int, theirs: int, my_cards: int, their_cards: int) -> bool:
    """Whether a seat of rank ``mine`` may claim a privilege against an announcer of rank
    ``theirs``: a higher rank, or the same rank with fewer victory cards
    (oriente.privilege.rank).

    >>> outranks(5, 4, my_cards=9, their_cards=0)
    True
    >>> outranks(4, 4, my_cards=1, their_cards=2), outranks(4, 4, my_cards=2, their_cards=2)
    (True, False)
    """
    return mine > theirs or (mine == theirs and my_cards < their_cards)


def by_value(pile: Pile) -> tuple[int, ...]:
    """How many cards of each value, 7 down to 0, a pile holds (treasures count at their
    value, a Geisha at none): what a tie is broken by (oriente.end.tie).

    >>> from rulespec.oriente.components import NO_CARDS, add
    >>> by_value(add(add(NO_CARDS, Card.SHOGUN), Card.TREASURE_3, 2))
    (1, 0, 0, 0, 2, 0, 0, 0)
    """
    counts = [0] * 8
    for kind in range(KINDS):
        if pile[kind] and kind != Card.GEISHA:
            counts[7 - VALUE[kind]] += pile[kind]
    return tuple(counts)


def tiebreak(piles: Sequence[Pile], tied: Iterable[int], tie: Tie) -> tuple[tuple[int, ...], ...]:
    """Per seat, what breaks a tie on points (ambiguity oriente.end.tie): the counts of
    cards by value, highest first, compared in turn (``descending``); or only the count of
    the highest value any tied seat holds (``top_value``).

    >>> from rulespec.oriente.components import NO_CARDS, add
    >>> a = add(add(NO_CARDS, Card.SHOGUN), Card.NOFU)
    >>> b = add(add(NO_CARDS, Card.SHOGUN), Card.AKINDO)
    >>> tiebreak([a, b], [0, 1], Tie.DESCENDING)[0] < tiebreak([a, b], [0, 1], Tie.DESCENDING)[1]
    True
    >>> tiebreak([a, b], [0, 1], Tie.TOP_VALUE)
    ((1,), (1,))
    """
    rows = [by_value(p) for p in piles]
    if tie is Tie.DESCENDING:
        return tuple(rows)
    seats = list(tied)
    top = next((i for i in range(8) if any(rows[s][i] for s in seats)), 7)
    return tuple((row[top],) for row in rows)
