"""z3 proofs of Oriente's rules.

The first half encodes rule functions of :mod:`rulespec.oriente` as z3 expressions: the
privilege test (:func:`rulespec.oriente.announcing.may_claim`), the victims of a revolution
(:func:`rulespec.oriente.abilities.is_victim`), the incitement
(:func:`rulespec.oriente.abilities.incite`), the deck's segments
(:mod:`rulespec.oriente.deck`), the deal of a revolution's pool and the tie readings
(:mod:`rulespec.oriente.scoring`). ``tests/proofs/test_oriente_encodings.py`` checks each
encoding against the code on sampled inputs, so the claims in the second half are about
the code, not about a retelling of it. The pure arithmetic of these steps is
:mod:`rulespec.oriente.rules`, whose doctests show each at work.
"""

from __future__ import annotations

from typing import Any

import z3

from rulespec.oriente.components import BOTTOM, MIDDLE, TOP, VALUE, WORKERS, Card

from .harness import Built, Claim, Expect

Z = Any

PLAYER_COUNTS = range(4, 13)


def key_beats(rank: Z, cards: Z, bar_rank: Z, bar_cards: Z) -> Z:
    """:func:`rulespec.oriente.announcing.may_claim` (:func:`rulespec.oriente.rules.outranks`):
    a higher rank, or the same rank and fewer victory cards, than the announcement's bar."""
    return z3.Or(rank > bar_rank, z3.And(rank == bar_rank, cards < bar_cards))


def bar(rank: Z, revolution: Z, square: Z) -> Z:
    """:func:`rulespec.oriente.rules.claim_to_beat`: the announcer's rank, or 1 plus the
    square's workers for a revolution, never below the announcer's own rank (a character
    using the Nōfu's abilities under the setting abilities)."""
    return z3.If(revolution, z3.If(rank > 1 + square, rank, 1 + square), rank)


def is_victim(value: Z, kind: Z, joined: Z, strength: Z) -> Z:
    """:func:`rulespec.oriente.rules.revolution_victim`, which
    :func:`rulespec.oriente.abilities.is_victim` calls (``kind`` a card's index)."""
    return z3.And(
        z3.Not(joined),
        kind != int(Card.NINJA),
        kind != int(Card.NOFU),
        value <= strength,
    )


def incite(hut_rule: bool, hut: Z, square: Z) -> tuple[Z, Z]:
    """:func:`rulespec.oriente.abilities.incite`: the hut and square after it."""
    beside = WORKERS - hut - square
    if hut_rule:
        return (
            z3.If(hut > 0, 0, z3.If(beside > 0, 1, hut)),
            z3.If(hut > 0, square + 1, square),
        )
    return hut, z3.If(beside > 0, square + 1, square)


def _workers(hut_rule: bool) -> Built:
    hut, square = z3.Ints("hut square")
    pre = [hut >= 0, hut <= 1, square >= 0, hut + square <= WORKERS]
    if not hut_rule:
        pre.append(hut == 0)
    h2, s2 = incite(hut_rule, hut, square)
    post = z3.And(h2 >= 0, h2 <= 1, s2 >= square, h2 + s2 <= WORKERS, s2 - square <= 1)
    return pre, post if hut_rule else z3.And(post, h2 == 0)


def _claims_strict() -> Built:
    """A successful claim raises the bar: the claimant's key beats the old bar, and his own
    bar is at least his key (a revolution ranks at 1 + square or the announcer's own rank,
    whichever is higher, so also when a character using the Nōfu's abilities revolts)."""
    rank, cards, old_rank, old_cards, square = z3.Ints("rank cards old_rank old_cards square")
    revolution = z3.Bool("revolution")
    pre = [
        rank >= 0,
        rank <= 7,
        square >= 0,
        square <= WORKERS,
        key_beats(rank, cards, old_rank, old_cards),
    ]
    new_bar = bar(rank, revolution, square)
    strictly_higher = z3.Or(new_bar > old_rank, z3.And(new_bar == old_rank, cards < old_cards))
    return pre, strictly_higher


def _no_repeat() -> Built:
    """A seat cannot claim against a chain that it started or claimed in before: the bars
    only rise, and its key lies at or below its own earlier bar."""
    rank, cards, first_bar, later_bar, later_cards = z3.Ints("rank cards first later lcards")
    square = z3.Int("square")
    revolution = z3.Bool("revolution")
    pre = [
        rank >= 0,
        square >= 0,
        first_bar == bar(rank, revolution, square),
        # the chain's bar since then has risen strictly above the seat's own bar
        z3.Or(later_bar > first_bar, z3.And(later_bar == first_bar, later_cards < cards)),
    ]
    return pre, z3.Not(key_beats(rank, cards, later_bar, later_cards))


FIGHTERS = 4
"""Seats in the encoded fight: attacker 0, defender 1, two others (supporters or not)."""


def fight(values: list[Z], boosts: list[Z], sides: list[Z]) -> tuple[Z, Z, Z]:
    """:func:`rulespec.oriente.fight.strengths` and :func:`~rulespec.oriente.fight.resolve`:
    the two sums and whether the attacker wins (the defender wins ties). ``sides`` are 0
    (out), 1 (with the attacker) or 2 (with the defender)."""
    attack = z3.Sum(
        [z3.If(side == 1, v + b, 0) for v, b, side in zip(values, boosts, sides, strict=True)]
    )
    defence = z3.Sum(
        [z3.If(side == 2, v + b, 0) for v, b, side in zip(values, boosts, sides, strict=True)]
    )
    return attack, defence, attack > defence


def _fight_flow() -> Built:
    """The fight's card flow: the winner's pile gains the loser's resident, the loser's
    resident is gone (a new one comes from the deck or the reinforcements), every other seat
    keeps its resident and pile, and nothing else moves."""
    values = z3.Ints(" ".join(f"v{i}" for i in range(FIGHTERS)))
    boosts = z3.Ints(" ".join(f"b{i}" for i in range(FIGHTERS)))
    sides = z3.Ints(" ".join(f"side{i}" for i in range(FIGHTERS)))
    piles = z3.Ints(" ".join(f"p{i}" for i in range(FIGHTERS)))
    pre = [sides[0] == 1, sides[1] == 2]
    for i in range(FIGHTERS):
        pre += [values[i] >= 0, values[i] <= 7, boosts[i] >= 0, boosts[i] <= 7, piles[i] >= 0]
        if i >= 2:
            pre += [sides[i] >= 0, sides[i] <= 2]
    _, _, attacker_wins = fight(values, boosts, sides)
    winner = z3.If(attacker_wins, 0, 1)
    loser = z3.If(attacker_wins, 1, 0)
    after = [z3.If(winner == i, piles[i] + 1, piles[i]) for i in range(FIGHTERS)]
    residents = [z3.If(loser == i, 0, 1) for i in range(FIGHTERS)]
    conserved = z3.Sum(after) + z3.Sum(residents) == z3.Sum(piles) + FIGHTERS
    supporters_untouched = z3.And(
        *[z3.And(after[i] == piles[i], residents[i] == 1) for i in range(2, FIGHTERS)]
    )
    return pre, z3.And(conserved, supporters_untouched)


def _defender_ties() -> Built:
    values = z3.Ints("v0 v1 v2 v3")
    boosts = z3.Ints("b0 b1 b2 b3")
    sides = z3.Ints("s0 s1 s2 s3")
    pre = [sides[0] == 1, sides[1] == 2, *[x >= 0 for x in (*values, *boosts)]]
    attack, defence, attacker_wins = fight(values, boosts, sides)
    return pre, z3.Implies(attack == defence, z3.Not(attacker_wins))


PLACES = ("box", "deck", "bonus", "parked", "residents", "boosts", "piles", "haul", "gone")
"""Where a card can be, summed over seats: the treasures still boxed, the deck (its
segments and the piles put under it), the bonus card(s) beside the deck and under the
stone, the residents, the reinforcement cards turned up, the victory cards, a revolution's
pool, and "gone" (the Geisha once her draw ended the game). :func:`places` reads them from
a state."""

TRANSFERS = (
    ("box", "piles"),  # a treasure dealt
    ("deck", "residents"),  # a first resident, a redraw after a lost fight or an assassination
    ("deck", "bonus"),  # the season's bonus card
    ("deck", "boosts"),  # a Samurai's reinforcement card
    ("deck", "piles"),  # the Daimyō's income
    ("deck", "gone"),  # the Geisha drawn: the game is over
    ("bonus", "parked"),  # the first fulfiller slides it under the stone
    ("parked", "piles"),  # ... and takes it after his action
    ("bonus", "deck"),  # an unclaimed bonus card under the deck (under_deck)
    ("residents", "piles"),  # a captured, assassinated or swapped resident
    ("piles", "residents"),  # the Shōgun taken by succession
    ("boosts", "residents"),  # the loser's pick
    ("boosts", "piles"),  # Ninjas among the reinforcements to the winner
    ("boosts", "deck"),  # the other reinforcements under the deck
    ("piles", "haul"),  # a victim's card, a revolutionary's pooled card
    ("haul", "piles"),  # the pooled deal
)
"""Every way a move of :mod:`rulespec.oriente` moves a card between places (moves between
two seats' piles or residents leave the sums as they are). ``tests/proofs`` checks that
every step of random play is a sum of these."""


def places(state: Any) -> tuple[int, ...]:
    """The count of cards in each of :data:`PLACES` in an Oriente ``state`` (the Geisha
    "gone" when she is nowhere else)."""
    treasures = [c for c in Card if c.label.startswith("treasure")]
    deck = state.deck
    held = {
        "deck": [deck.pool, *deck.under],
        "bonus": [state.bonus],
        "parked": [state.parked],
        "piles": list(state.piles),
        "haul": [state.haul],
    }
    count = {name: sum(sum(p) for p in piles) for name, piles in held.items()}
    count["residents"] = sum(1 for r in state.residents if r is not None)
    count["boosts"] = sum(1 for b in state.boosts if b is not None)
    singles = [*state.residents, *state.boosts]
    dealt = sum(p[c] for piles in held.values() for p in piles for c in treasures)
    count["box"] = 12 - dealt
    geisha = sum(p[Card.GEISHA] for piles in held.values() for p in piles)
    geisha += sum(1 for c in singles if c is Card.GEISHA)
    count["gone"] = 1 - geisha
    return tuple(count[name] for name in PLACES)


def ledger(before: list[Z], counts: list[Z]) -> list[Z]:
    """The places after ``counts[i]`` cards went along ``TRANSFERS[i]``."""
    after = list(before)
    for (source, target), k in zip(TRANSFERS, counts, strict=True):
        after[PLACES.index(source)] = after[PLACES.index(source)] - k
        after[PLACES.index(target)] = after[PLACES.index(target)] + k
    return after


def _cards_conserved() -> Built:
    """Any step, being made of the transfers, keeps the 41 + 12 cards (41 deck cards with
    the Geisha, 12 treasures) where they can be, and never empties a place below zero when
    each transfer takes only what its source holds."""
    before = list(z3.Ints(" ".join(f"before_{p}" for p in PLACES)))
    counts = list(z3.Ints(" ".join(f"k{i}" for i in range(len(TRANSFERS)))))
    after = ledger(before, counts)
    pre = [z3.Sum(before) == 41 + 12, *[b >= 0 for b in before], *[k >= 0 for k in counts]]
    for place, b in zip(PLACES, before, strict=True):
        # what leaves a place is at most what it held
        out = [k for (source, _), k in zip(TRANSFERS, counts, strict=True) if source == place]
        if out:
            pre.append(z3.Sum(out) <= b)
    return pre, z3.And(z3.Sum(after) == 41 + 12, *[a >= 0 for a in after])


def succession_actors() -> tuple[int, ...]:
    """The residents that may make a succession: the Daimyō, and every character an
    ``abilities`` setting accepts defining as one (read through the setting's own
    reader, :func:`rulespec.oriente.game.read_abilities`)."""
    from rulespec.errors import UnknownVariant  # noqa: PLC0415
    from rulespec.oriente.game import LOST, read_abilities  # noqa: PLC0415

    out = [int(Card.DAIMYO)]
    for character in LOST:
        try:
            read_abilities({character.label: Card.DAIMYO.label})
        except UnknownVariant:
            continue
        out.append(int(character))
    return tuple(out)


def succession_kinds(actor: Z, shown: Z, kind: Z) -> tuple[Z, Z]:
    """:func:`rulespec.oriente.abilities.succession`, per card kind: the change in the
    number of residents and of victory cards of kind ``kind`` when the stone holder's
    resident ``actor`` swaps with the Shōgun, another seat's face-up resident if ``shown``,
    else among its victory cards. The holder's own card is what goes where the Shōgun was."""
    shogun = int(Card.SHOGUN)

    def one(card: Z) -> Z:
        return z3.If(kind == card, 1, 0)

    holder = one(shogun) - one(actor)  # the stone holder's resident becomes the Shōgun
    target = one(actor) - one(shogun)  # the Shōgun's place takes the holder's card
    return holder + z3.If(shown, target, 0), z3.If(shown, 0, target)


def _succession_conserves() -> Built:
    """Whoever makes a succession (the Daimyō or a character defined to use his abilities),
    every kind of card keeps its count, and the number of residents stays the same."""
    actor, kind = z3.Ints("actor kind")
    shown = z3.Bool("shown")
    residents, piles = succession_kinds(actor, shown, kind)
    pre = [
        z3.Or(*[actor == a for a in succession_actors()]),
        kind >= 0,
        kind < len(Card),
    ]
    kinds = [succession_kinds(actor, shown, z3.IntVal(k))[0] for k in range(len(Card))]
    return pre, z3.And(residents + piles == 0, z3.Sum(kinds) == 0)


WORKER_MOVES = ((1, 0), (-1, 1), (0, 1))
"""An incitement's moves of (hut, square): beside to hut, hut to square, beside to square;
and a revolution's end sends every worker back (``(-hut, -square)``)."""


def _workers_kept() -> Built:
    """Every workers' move keeps the six workers: none below zero anywhere, none beyond 6
    on the hut and the square together, and the hut never holds two."""
    hut, square, move = z3.Ints("hut square move")
    pre = [hut >= 0, hut <= 1, square >= 0, hut + square <= WORKERS, move >= 0, move <= 3]
    beside = WORKERS - hut - square
    dh = z3.If(move == 0, 1, z3.If(move == 1, -1, z3.If(move == 2, 0, -hut)))
    ds = z3.If(move == 0, 0, z3.If(move == 1, 1, z3.If(move == 2, 1, -square)))
    # each move needs its source: beside for 0 and 2 (and an empty hut for 0), the hut for 1
    pre += [
        z3.Implies(move == 0, z3.And(beside >= 1, hut == 0)),
        z3.Implies(move == 1, hut >= 1),
        z3.Implies(move == 2, beside >= 1),
    ]
    h2, s2 = hut + dh, square + ds
    return pre, z3.And(h2 >= 0, h2 <= 1, s2 >= 0, h2 + s2 <= WORKERS)


def _geisha_place(upper: int) -> Built:
    """The Geisha's place counted from the bottom of the deck: below it the bottom packet,
    within the middle packet any of its places."""
    within = z3.Int("within")
    place = BOTTOM + within
    return [within >= 1, within <= MIDDLE], z3.And(place >= BOTTOM + 1, place <= upper)


def _victims() -> Built:
    """Victims are never Ninjas, Nōfu or revolutionaries, and the revolution's strength
    is at most 6 plus its Nōfu."""
    value, kind, square, nofu, strength = z3.Ints("value kind square nofu strength")
    joined = z3.Bool("joined")
    pre = [
        square >= 0,
        square <= WORKERS,
        nofu >= 1,
        strength == square + nofu,
        kind >= 0,
        kind <= 8,
        value == z3.If(kind <= 7, kind, 0),
    ]
    victim = is_victim(value, kind, joined, strength)
    return pre, z3.And(
        z3.Implies(victim, z3.And(z3.Not(joined), kind != 0, kind != 1)),
        strength <= WORKERS + nofu,
    )


def _halves() -> Built:
    """A victim with k cards gives up k // 2 and keeps ⌈k / 2⌉."""
    k = z3.Int("k")
    given = k / 2
    kept = k - given
    return [k >= 0], z3.And(2 * kept >= k, 2 * kept <= k + 1, given >= 0, given <= kept)


def _deal_even() -> Built:
    """Dealing m cards one at a time around r revolutionaries gives each m // r or one more."""
    m, r, i = z3.Ints("m r i")
    share = m / r + z3.If(i < m % r, 1, 0)
    return [r >= 1, r <= 12, m >= 0, i >= 0, i < r], z3.And(
        share * r >= m - r, share * r <= m + r, share >= m / r, share <= m / r + 1
    )


def _deck_shrinks() -> Built:
    """Every season that goes on uses up a card. No action puts back more cards than it
    draws: a fight with k reinforcements puts back at most k - 1 (the loser keeps one), one
    without draws one resident. The season's bonus card leaves the deck for good, except
    under under_deck in a season nobody acts in, when it goes under the deck. Then, under
    any_exit, the Geisha still waits in the middle segment, so the bonus draw came from the
    original segments, which shrink; under player_draws such a season ends the game
    (oriente.end.idle_season). The measure: the original segments under under_deck with
    any_exit, the whole deck otherwise (:func:`season_measure`)."""
    k, ninjas, deck, orig, after, orig_after = z3.Ints("k ninjas deck orig after orig_after")
    under, any_exit, idle = z3.Bools("under any_exit idle")
    action = z3.If(idle, 0, z3.If(k > 0, k - (k - 1 - ninjas), 1))
    pre = [
        k >= 0,
        ninjas >= 0,
        ninjas <= k,
        deck >= 1,
        orig >= 0,
        orig <= deck,
        # under any_exit the game goes on only while the Geisha lies in the middle segment
        z3.Implies(any_exit, orig >= 1),
        # the bonus draw, then the action's draws and returns; an idle season's bonus card
        # goes back under the deck under under_deck
        after == deck - 1 - action + z3.If(z3.And(under, idle), 1, 0),
        after >= 0,
        # draws come from the original segments first; returns go under the deck
        orig_after >= 0,
        orig_after <= orig - z3.If(orig >= 1, 1, 0),
    ]
    ends = z3.And(under, idle, z3.Not(any_exit))
    before_m = season_measure(under, any_exit, deck, orig)
    after_m = season_measure(under, any_exit, after, orig_after)
    return pre, z3.Or(ends, z3.And(after_m <= before_m - 1, after_m >= 0))


def season_measure(under: Z, any_exit: Z, deck: Z, orig: Z) -> Z:
    """What every season uses up: the original segments under under_deck with any_exit,
    else the deck (``tests/proofs`` checks it falls from season to season in play)."""
    return z3.If(z3.And(under, any_exit), orig, deck)


def _empty_deck(any_exit: bool) -> Built:
    """Can the deck run out while the game goes on? The Geisha lies in the middle segment
    and leaves it before the bottom segment is drawn: under any_exit any exit ends the
    game, under player_draws it may leave as a bonus card."""
    middle, bottom, geisha_left, as_bonus = z3.Ints("middle bottom geisha_left as_bonus")
    over = z3.Bool("over")
    pre = [
        middle >= 0,
        middle <= MIDDLE,
        bottom >= 0,
        bottom <= BOTTOM,
        geisha_left >= 0,
        geisha_left <= 1,
        z3.Implies(geisha_left == 1, middle >= 1),
        as_bonus >= 0,
        as_bonus <= 1,
        geisha_left + as_bonus <= 1,
        # the game is over once the Geisha left the deck, unless it left as a bonus card
        # (possible under player_draws only)
        over == z3.And(geisha_left == 0, as_bonus == 0),
    ]
    if any_exit:
        pre.append(as_bonus == 0)
    return pre, z3.Implies(z3.And(middle == 0, bottom == 0), over)


def _tie_readings() -> Built:
    """Descending counts and the top value alone are different readings: some tie is broken
    by one and shared by the other."""
    a = z3.Ints("a7 a6 a5 a4")
    b = z3.Ints("b7 b6 b5 b4")
    pre = [x >= 0 for x in (*a, *b)] + [x <= 3 for x in (*a, *b)]
    pre.append(
        7 * a[0] + 6 * a[1] + 5 * a[2] + 4 * a[3] == 7 * b[0] + 6 * b[1] + 5 * b[2] + 4 * b[3]
    )
    top = z3.If(z3.Or(a[0] > 0, b[0] > 0), 0, z3.If(z3.Or(a[1] > 0, b[1] > 0), 1, 2))
    a_top = z3.If(top == 0, a[0], z3.If(top == 1, a[1], a[2]))
    b_top = z3.If(top == 0, b[0], z3.If(top == 1, b[1], b[2]))
    top_tied = a_top == b_top
    descending_tied = z3.And(*[x == y for x, y in zip(a, b, strict=True)])
    return pre, top_tied == descending_tied


def _canary_attacker_wins_ties() -> Built:
    values = z3.Ints("v0 v1 v2 v3")
    boosts = z3.Ints("b0 b1 b2 b3")
    sides = z3.Ints("s0 s1 s2 s3")
    pre = [sides[0] == 1, sides[1] == 2, *[x >= 0 for x in (*values, *boosts)]]
    attack, defence, attacker_wins = fight(values, boosts, sides)
    return pre, z3.Implies(attack >= defence, attacker_wins)


VALUES = VALUE
"""The values the encodings assume (checked against the code by the tests)."""
SEGMENTS = (TOP, MIDDLE, BOTTOM)

CLAIMS: tuple[Claim, ...] = (
    Claim(
        "oriente.setup.deck:geisha_fifth_to_ninth",
        "oriente.setup.deck",
        "The setup puts the Geisha 5th to 9th from the bottom of the deck",
        lambda: _geisha_place(BOTTOM + MIDDLE),
    ),
    Claim(
        "oriente.setup.deck:not_fifth_to_eighth",
        "oriente.setup.deck",
        "The Italian summary's '5th to 8th' is refuted: the Geisha may lie 9th from the bottom",
        lambda: _geisha_place(BOTTOM + MIDDLE - 1),
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "oriente.privilege.rank:claims_strictly_increase",
        "oriente.privilege.rank",
        "Each claim raises the announcement's bar strictly (rank, then fewer cards), so a "
        "chain of announcements has at most one per seat",
        _claims_strict,
    ),
    Claim(
        "oriente.privilege.rank:chain_repeats_nobody",
        "oriente.privilege.rank",
        "A seat that announced in a chain cannot claim again later in the same chain",
        _no_repeat,
    ),
    Claim(
        "oriente.fight.support:supporters_lose_nothing",
        "oriente.fight.support",
        "A fight moves one card, the loser's resident to the winner's pile; supporters keep "
        "their residents and piles, and the cards are conserved",
        _fight_flow,
    ),
    Claim(
        "oriente.fight.result:defender_wins_ties",
        "oriente.fight.result",
        "Equal sums: the defender wins",
        _defender_ties,
    ),
    Claim(
        "oriente.nofu.incite:workers_conserved_with_hut",
        "oriente.nofu.incite",
        "With the hut (8-12 players) an incitement keeps 6 workers, at most 1 in the hut, "
        "and moves at most one onto the square",
        lambda: _workers(True),
    ),
    Claim(
        "oriente.nofu.incite:workers_conserved_without_hut",
        "oriente.nofu.incite",
        "Without the hut (4-7 players) the hut stays empty and at most one worker moves",
        lambda: _workers(False),
    ),
    Claim(
        "oriente.nofu.revolution_victims:victims_and_strength",
        "oriente.nofu.revolution_victims",
        "No Ninja, Nōfu or revolutionary is a victim; the strength is at most 6 + its Nōfu",
        _victims,
    ),
    Claim(
        "oriente.nofu.revolution_loot:victims_keep_half_rounded_up",
        "oriente.nofu.revolution_loot",
        "A victim who gives up half his cards rounded down keeps half rounded up",
        _halves,
    ),
    Claim(
        "oriente.nofu.revolution_share:dealt_shares_differ_by_one",
        "oriente.nofu.revolution_share",
        "The pooled deal gives every revolutionary m // r cards or one more",
        _deal_even,
    ),
    Claim(
        "oriente.end.geisha:every_season_takes_a_card",
        "oriente.end.geisha",
        "Every season that goes on uses up a card of the deck (or, under under_deck with "
        "any_exit, of its original segments), so there are at most 41 - n seasons",
        _deck_shrinks,
    ),
    Claim(
        "oriente.components.cards:every_move_conserves_the_cards",
        "oriente.components.cards",
        "Every move, a sum of the encoded transfers, keeps all 41 + 12 cards, none below zero",
        _cards_conserved,
    ),
    Claim(
        "oriente.components.cards:succession_conserves_every_kind",
        "oriente.components.cards",
        "A succession, by the Daimyō or by any character an accepted abilities setting "
        "defines as one, keeps the count of every kind of card",
        _succession_conserves,
    ),
    Claim(
        "oriente.components.workers:every_move_keeps_the_workers",
        "oriente.components.workers",
        "Every workers' move keeps the six workers, at most one in the hut",
        _workers_kept,
    ),
    Claim(
        "oriente.end.empty_deck:never_empty_under_any_exit",
        "oriente.end.empty_deck",
        "Under any_exit the deck cannot run out while the game goes on",
        lambda: _empty_deck(True),
    ),
    Claim(
        "oriente.end.empty_deck:may_empty_under_player_draws",
        "oriente.end.empty_deck",
        "Under player_draws it can (the Geisha gone as a bonus card): a witness",
        lambda: _empty_deck(False),
        Expect.COUNTEREXAMPLE,
    ),
    Claim(
        "oriente.end.tie:readings_differ",
        "oriente.end.tie",
        "The two tie readings differ: some tie one breaks, the other leaves shared",
        _tie_readings,
        Expect.COUNTEREXAMPLE,
    ),
    # a canary: false on purpose; a proof here means the encodings or the harness broke
    Claim(
        "oriente.fight.result:canary_attacker_wins_ties",
        "oriente.fight.result",
        "Canary (false): the attacker wins whenever his sum is at least the defender's",
        _canary_attacker_wins_ties,
        Expect.COUNTEREXAMPLE,
    ),
)
"""Every claim about Oriente's rules."""
