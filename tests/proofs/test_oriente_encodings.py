"""Every z3 encoding in ``proofs/oriente.py`` agrees with the code it encodes, on sampled
inputs and on random games, so the claims are about the code."""

from __future__ import annotations

import random
from typing import Any

import pytest
import z3
from hypothesis import assume, given
from hypothesis import strategies as st

import rulespec
from proofs import oriente as enc
from rulespec.core.play import random_step
from rulespec.oriente import abilities, announcing, scoring
from rulespec.oriente import fight as fight_code
from rulespec.oriente.actions import Pass
from rulespec.oriente.components import BOTTOM, DECK_CARDS, MIDDLE, TOP, VALUE, Card
from rulespec.oriente.deck import weights
from rulespec.oriente.state import ATTACKER, FRESH_DECK, OUT, Phase
from rulespec.oriente.variant import Tie

from ..oriente import position


def value(expr: Any) -> Any:
    simple = z3.simplify(expr)
    if z3.is_bool(simple):
        return z3.is_true(simple)
    return simple.as_long()


RESIDENTS = [c for c in Card if c is not Card.GEISHA and int(c) < 9]


CLAIMS = st.tuples(
    st.sampled_from(RESIDENTS),
    st.sampled_from(RESIDENTS),
    st.integers(0, 4),
    st.integers(0, 4),
    st.booleans(),
    st.integers(0, 6),
)


@given(CLAIMS)
def test_the_privilege_encoding_is_may_claim(case: tuple[Card, Card, int, int, bool, int]) -> None:
    mine, theirs, my_cards, their_cards, revolution, square = case
    assume(not (mine is theirs and DECK_CARDS[mine] < 2))
    if revolution:
        theirs = Card.NOFU
    piles = [{"treasure_2": 1, "nofu": their_cards}, {"treasure_3": 1, "nofu": my_cards}]
    piles += [{"treasure_4": 1}, {"treasure_4": 1}]
    s = position(4, residents=[theirs.label, mine.label, "daimyo", "daimyo"], piles=piles)
    act = "revolution" if revolution else "attack"
    s = s.but(
        act=rulespec.game("oriente", players=4).action_from_json(
            {"type": "announce", "act": act, "target": None if revolution else 2}
        ),
        square=square,
        face_up=(True, False, False, False),
    )
    code = announcing.may_claim(s, 1)
    bar = enc.bar(z3.IntVal(VALUE[theirs]), z3.BoolVal(revolution), z3.IntVal(square))
    expected = enc.key_beats(
        z3.IntVal(VALUE[mine]), z3.IntVal(s.cards(1)), bar, z3.IntVal(s.cards(0))
    )
    assert code == value(expected)


@given(st.sampled_from(RESIDENTS), st.booleans(), st.integers(1, 9))
def test_the_victim_encoding_is_is_victim(card: Card, joined: bool, strength: int) -> None:
    s = position(4, residents=[card.label, "nofu", "nofu", "nofu"])
    s = s.but(sides=(ATTACKER if joined else OUT, OUT, OUT, OUT))
    expected = enc.is_victim(
        z3.IntVal(VALUE[card]), z3.IntVal(int(card)), z3.BoolVal(joined), z3.IntVal(strength)
    )
    assert abilities.is_victim(s, 0, strength) == value(expected)


@pytest.mark.parametrize("players", [4, 8])
def test_the_incitement_encoding_is_incite(players: int) -> None:
    hut_rule = players >= 8
    for hut in (0, 1) if hut_rule else (0,):
        for square in range(7 - hut):
            s = position(players, hut=hut, square=square)
            after = abilities.incite(s)
            h, q = enc.incite(hut_rule, z3.IntVal(hut), z3.IntVal(square))
            assert (after.hut, after.square) == (value(h), value(q))


def test_the_constants_the_encodings_assume() -> None:
    assert enc.VALUES == VALUE
    assert enc.SEGMENTS == (TOP, MIDDLE, BOTTOM) == (32, 5, 4)
    assert weights(FRESH_DECK)[Card.GEISHA] == 0  # not in the top segment
    middle = FRESH_DECK.but(
        top=0,
        pool=tuple(
            0 if c in (Card.SHOGUN, Card.NINJA) else n
            for c, n in zip(Card, FRESH_DECK.pool, strict=True)
        ),
    )
    assert weights(middle)[Card.GEISHA] > 0
    bottom = middle.but(
        middle=0,
        pool=tuple(0 if c is Card.GEISHA else n for c, n in zip(Card, middle.pool, strict=True)),
    )
    assert weights(bottom)[Card.GEISHA] == 0


@given(st.integers(0, 30), st.integers(1, 12))
def test_the_deal_encoding_is_the_round_robin_of_share(m: int, r: int) -> None:
    shares = [0] * r
    for k in range(m):
        shares[k % r] += 1
    for i in range(r):
        share = m // r + (1 if i < m % r else 0)
        assert shares[i] == share


@given(
    st.lists(st.integers(0, 3), min_size=4, max_size=4),
    st.lists(st.integers(0, 3), min_size=4, max_size=4),
)
def test_the_tie_encoding_is_the_code(a: list[int], b: list[int]) -> None:
    def pile(counts: list[int]) -> tuple[int, ...]:
        out = [0] * 12
        out[Card.SHOGUN], out[Card.SORYO], out[Card.MAHO_TSUKAI], out[Card.DAIMYO] = counts
        return tuple(out)

    piles = (pile(a), pile(b))
    top = scoring.tiebreak(piles, [0, 1], Tie.TOP_VALUE)  # type: ignore[arg-type]
    down = scoring.tiebreak(piles, [0, 1], Tie.DESCENDING)  # type: ignore[arg-type]
    values = [z3.IntVal(x) for x in (*a, *b)]
    exprs = z3.Ints("a7 a6 a5 a4 b7 b6 b5 b4")
    pre, statement = enc._tie_readings()
    sub = list(zip(exprs, values, strict=True))
    del pre
    # the encoding's two readings, on these counts: top tied == descending tied
    agrees = value(z3.substitute(statement, *sub))
    assert agrees == ((top[0] == top[1]) == (down[0] == down[1]))


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"unclaimed_bonus": "under_deck"},
        {"unclaimed_bonus": "under_deck", "geisha": "player_draws"},
    ],
    ids=str,
)
def test_every_season_takes_a_card_in_random_play(options: dict[str, str]) -> None:
    """The encoding's measure at each season's bonus draw falls from season to season, in
    random play and in play where every seat always passes (idle seasons)."""
    under = options.get("unclaimed_bonus") == "under_deck"
    any_exit = options.get("geisha", "any_exit") == "any_exit"
    for players, idle in ((4, False), (9, False), (5, True)):
        g = rulespec.game("oriente", players=players, **options)
        rng = random.Random(players)
        s = g.initial_state()
        sizes = []
        while not s.is_terminal:
            if s.phase is Phase.BONUS:
                d = s.deck
                orig = d.top + d.middle + d.bottom
                measure = enc.season_measure(
                    z3.BoolVal(under), z3.BoolVal(any_exit), z3.IntVal(d.size()), z3.IntVal(orig)
                )
                sizes.append(value(measure))
            s = s.apply(Pass()) if idle and not s.is_chance else random_step(s, rng)
        assert sizes == sorted(sizes, reverse=True)
        assert len(set(sizes)) == len(sizes)
        assert len(sizes) <= 41 - players


FIGHTS = st.tuples(
    st.lists(st.sampled_from(RESIDENTS), min_size=4, max_size=4),
    st.lists(st.sampled_from([None, *RESIDENTS]), min_size=4, max_size=4),
    st.lists(st.integers(0, 2), min_size=2, max_size=2),
)


@given(FIGHTS)
def test_the_fight_encoding_is_the_code(
    case: tuple[list[Card], list[Card | None], list[int]],
) -> None:
    residents, boosts, others = case
    s = position(4, residents=["nofu"] * 4).but(
        residents=tuple(residents),
        boosts=tuple(boosts),
        sides=(ATTACKER, 2, *others),
        act=rulespec.game("oriente", players=4).action_from_json(
            {"type": "announce", "act": "attack", "target": 1}
        ),
    )
    attack, defence = fight_code.strengths(s)
    values = [z3.IntVal(VALUE[c]) for c in residents]
    extra = [z3.IntVal(0 if b is None else VALUE[b]) for b in boosts]
    sides = [z3.IntVal(x) for x in (1, 2, *others)]
    a, d, wins = enc.fight(values, extra, sides)
    assert (attack, defence) == (value(a), value(d))
    after = fight_code.resolve(s)
    assert (after.piles[0] != s.piles[0]) == value(wins)
    for seat in (2, 3):
        assert after.piles[seat] == s.piles[seat]
        assert after.residents[seat] == s.residents[seat]


_SUMS: dict[tuple[int, ...], bool] = {}


def _is_sum_of_transfers(delta: tuple[int, ...]) -> bool:
    """Whether some counts of :data:`proofs.oriente.TRANSFERS` move the cards by ``delta``."""
    if delta not in _SUMS:
        counts = list(z3.Ints(" ".join(f"k{i}" for i in range(len(enc.TRANSFERS)))))
        after = enc.ledger([z3.IntVal(0)] * len(enc.PLACES), counts)
        solver = z3.Solver()
        solver.add(*[k >= 0 for k in counts])
        solver.add(*[a == d for a, d in zip(after, delta, strict=True)])
        _SUMS[delta] = solver.check() == z3.sat
    return _SUMS[delta]


@pytest.mark.parametrize("actor", enc.succession_actors())
@pytest.mark.parametrize("shown", [True, False])
def test_the_succession_encoding_matches_the_code(actor: int, shown: bool) -> None:
    """Ties oriente.components.cards:succession_conserves_every_kind to
    :func:`rulespec.oriente.abilities.succession`, for every resident that may make one."""
    card = Card(actor)
    defined = {} if card is Card.DAIMYO else {card.label: "daimyo"}
    piles = [{"treasure_2": 1}, {"treasure_2": 1}, {"treasure_2": 1}, {"treasure_2": 1}]
    if not shown:
        piles[1] = {"treasure_2": 1, "shogun": 1}
    s = position(
        4,
        {"abilities": defined} if defined else None,
        residents=[card.label, "shogun" if shown else "nofu", "nofu", "nofu"],
        face_up=[True, shown, False, False],
        discs=[False, True, True, True],
        seat=1,
        piles=piles,
    )
    after = abilities.succession(s, 1)
    for kind in Card:
        residents = sum(r is kind for r in after.residents) - sum(r is kind for r in s.residents)
        pile = after.piles[1][kind] - s.piles[1][kind]
        want = enc.succession_kinds(z3.IntVal(actor), z3.BoolVal(shown), z3.IntVal(int(kind)))
        assert (residents, pile) == (value(want[0]), value(want[1])), kind


def kinds(state: Any) -> tuple[int, ...]:
    """How many cards of each kind lie anywhere in ``state`` (the deck, the bonus cards,
    the residents, the reinforcements, the piles and a revolution's pool)."""
    total = [0] * len(Card)
    deck = state.deck
    for pile in (deck.pool, *deck.under, state.bonus, state.parked, state.haul, *state.piles):
        for k, n in enumerate(pile):
            total[k] += n
    for card in (*state.residents, *state.boosts):
        if card is not None:
            total[card] += 1
    return tuple(total)


@pytest.mark.parametrize(
    "settings",
    [
        {"players": 4},
        {"players": 8, "unclaimed_bonus": "under_deck", "geisha": "player_draws"},
        {"players": 10, "no_effect": "forbidden"},
        {"players": 6, "abilities": {"soryo": "daimyo", "maho_tsukai": "nofu"}},
        {"players": 4, "abilities": {"soryo": "daimyo", "maho_tsukai": "daimyo"}},
    ],
    ids=str,
)
def test_every_step_of_play_is_a_sum_of_the_encoded_transfers(settings: dict[str, Any]) -> None:
    """Ties oriente.components.cards:every_move_conserves_the_cards and
    oriente.components.workers:every_move_keeps_the_workers to the code: each step's change
    of the places is made of the encoded transfers, and of the workers one encoded move."""
    for seed in range(2):
        rng = random.Random(seed)
        s = rulespec.game("oriente", **settings).initial_state()
        while not s.is_terminal:
            after = random_step(s, rng)
            before_places, after_places = enc.places(s), enc.places(after)
            assert sum(after_places) == 41 + 12
            delta = tuple(a - b for a, b in zip(after_places, before_places, strict=True))
            assert _is_sum_of_transfers(delta), (s.phase, after.history()[-1], delta)
            moved = [a - b for a, b in zip(kinds(after), kinds(s), strict=True)]
            if s.phase is Phase.TREASURES:  # a treasure dealt from the box
                moved = [
                    0 if Card(k).label.startswith("treasure") else m for k, m in enumerate(moved)
                ]
            if after.is_terminal:  # the Geisha drawn: she ended the game
                moved[Card.GEISHA] = 0
            assert not any(moved), (s.phase, after.history()[-1], moved)  # every kind kept
            worker = (after.hut - s.hut, after.square - s.square)
            back = (-s.hut, -s.square)  # a revolution's end
            assert worker == (0, 0) or worker in enc.WORKER_MOVES or worker == back
            s = after
