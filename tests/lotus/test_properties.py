"""Properties of whole White Lotus games: seeded random play of every edition and player count
(and each option once) to the end with the invariants checked after every step; the two
editions reaching the same result where the variant table says "same result" in different
words, both as pure functions (hypothesis) and over whole games played in lockstep."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec.lotus import Building, IncomeReveal, Phase, State, TakeExtra
from rulespec.lotus import rules as steps
from rulespec.lotus.components import (
    COMBAT_POINTS,
    DRAGON_BONUS,
    INFLUENCE_POINTS,
    NEUTRAL_CHIPS,
    SCORE,
    TERRITORY_BONUS,
)
from rulespec.lotus.variant import CardSupply, EmperorAfterRebellion, LoserRefund, RewardTie

from . import game

SEEDS = range(20)
MAX_STEPS = 20_000
"""Random games take 250-600 steps (3000 with the negotiation variant); none may go on."""
EDITIONS = ("de", "fr")
DEFAULTS = [pytest.param(e, n, {}, id=f"{e}-{n}") for e in EDITIONS for n in (3, 4, 5, 6)]
OPTIONS = [
    pytest.param("de", 6, {"card_supply": "limited"}, id="de-6-card_supply"),
    pytest.param("fr", 4, {"card_supply": "pro_rata"}, id="fr-4-card_supply-pro_rata"),
    pytest.param("fr", 4, {"vp_chips": "limited"}, id="fr-4-vp_chips"),
    pytest.param("de", 5, {"chip_supply": "unlimited"}, id="de-5-chip_supply"),
    pytest.param("fr", 6, {"reward_choice": "player_choice"}, id="fr-6-reward_choice"),
    pytest.param("de", 3, {"negotiation": "on"}, id="de-3-negotiation"),
    pytest.param("fr", 5, {"negotiation": "on"}, id="fr-5-negotiation"),
]


def unowned(state: State) -> int:
    """Areas in play without a player's chip (neutral or empty)."""
    return sum(1 for i in state.game.in_play if (c := state.chips[i]) is None or c.owner is None)


def groups(state: State, seat: int) -> int:
    """The size of ``seat``'s largest connected group, by a search written here."""
    adjacency = state.game.index_adjacency
    mine = set(state.owned(seat))
    best = 0
    while mine:
        frontier = [mine.pop()]
        size = 0
        while frontier:
            a = frontier.pop()
            size += 1
            for n in adjacency[a]:
                if n in mine:
                    mine.remove(n)
                    frontier.append(n)
        best = max(best, size)
    return best


def expected_scores(state: State) -> tuple[int, ...]:
    """Scores computed from the scoring rules directly (lotus.score.*)."""
    n = state.players
    sizes = [groups(state, s) for s in range(n)]
    out = []
    for s in range(n):
        held = state.held(s)
        points = sum(SCORE[b] * held[b] for b in Building)
        points += DRAGON_BONUS * sum(1 for i in state.owned(s) if state.game.board.areas[i].dragon)
        points += state.vp[s]
        if sizes[s] > 0 and sizes.count(sizes[s]) == 1 and sizes[s] == max(sizes):
            points += TERRITORY_BONUS
        out.append(points)
    return tuple(out)


def check(state: State, previous: State | None) -> None:
    """Every property one state of a random game must have."""
    assert state.problems() == ()
    # lotus.cards.points_model: nothing is created or lost
    assert sum(state.influence) + state.bank[0] == INFLUENCE_POINTS
    assert sum(state.combat) + state.bank[1] == COMBAT_POINTS
    assert min(state.influence) >= 0
    assert min(state.combat) >= 0
    if state.game.options.card_supply.limited:
        assert state.bank[0] >= 0
        assert state.bank[1] >= 0
    # lotus.income.supply_limit: the bank never runs out or never pays out more than it
    # holds, so no form shows it below 0 (str, JSON and views; tensors encode the views)
    shown = state.to_json()["bank"]
    assert min(shown.values()) >= 0, shown
    assert min(state.observation(state.emperor).bank) >= 0
    check_income_record(state, previous)
    # lotus.components.neutral_chips: every chip on the board, face down or in hand
    counts = list(state.unseen)
    for chip in state.chips:
        if chip is not None:
            counts[chip.building] += 1
    if state.expansion is not None and state.expansion.drawn is not None:
        counts[state.expansion.drawn] += 1
    if state.phase is Phase.SETUP:
        counts = [c + p for c, p in zip(counts, state.start_pool(), strict=True)]
    assert tuple(counts) == NEUTRAL_CHIPS
    # the emperor has the most palaces (outside a rebellion's rewards)
    if state.phase is not Phase.REWARD:
        palaces = [state.held(s)[Building.PALACE] for s in range(state.players)]
        assert palaces[state.emperor] == max(palaces)
    # G30: the game ends within (areas in play) years; unowned areas never increase
    assert state.year <= len(state.game.in_play)
    if previous is not None:
        assert unowned(state) <= unowned(previous)
        assert state.year >= previous.year
        assert all(v >= w for v, w in zip(state.vp, previous.vp, strict=True))
    if state.is_terminal:
        result = state.outcome()
        assert result.scores == state.scores() == expected_scores(state)
        sizes = [groups(state, s) for s in range(state.players)]
        bonus = steps.territory_winner(sizes)
        for seat in range(state.players):
            dragons = sum(1 for i in state.owned(seat) if state.game.board.areas[i].dragon)
            held = state.held(seat)
            assert result.scores[seat] == steps.score(held, dragons, state.vp[seat], bonus == seat)
        palaces = [state.held(s)[Building.PALACE] for s in range(state.players)]
        assert result.winners == steps.winners(result.scores, state.emperor, palaces)
        assert unowned(state) == 0


def check_income_record(state: State, previous: State | None) -> None:
    """docs/games/lotus.rst: with card_supply = 'pro_rata' phase 5 keeps an IncomeReveal
    every year, short bank or not (empty at first, the palace choices as they are made,
    then what each seat was owed and received, in full when the bank covers it); the other
    options pay as they go and keep none."""
    pro_rata = state.game.options.card_supply is CardSupply.PRO_RATA
    record = state.last
    if not pro_rata:
        assert not isinstance(record, IncomeReveal)
        return
    if state.phase is Phase.PALACE_INCOME:
        assert isinstance(record, IncomeReveal)
        assert not record.owed
        assert not record.paid
    phase6 = (Phase.DRAW, Phase.PLACE, Phase.TEMPLE_EXTRA)
    if previous is not None and state.phase is Phase.DRAW and previous.phase not in phase6:
        # phase 5 was paid in this step; the bank only grew in it before the payout (a
        # rebellion's discards), so one that covered the debts before covered them then
        assert isinstance(record, IncomeReveal)
        assert [s for s, _ in record.choices] == [
            s for s in previous.order_from_emperor() if state.held(s)[Building.PALACE]
        ]
        assert [s for s, _, _ in record.owed] == list(range(state.players))
        owed = [(i, c) for _, i, c in record.owed]
        paid = [(i, c) for _, i, c in record.paid]
        for kind in (0, 1):
            if sum(o[kind] for o in owed) <= previous.bank[kind]:
                assert [p[kind] for p in paid] == [o[kind] for o in owed]


def play_checked(g: Any, seed: int) -> State:
    rng = random.Random(seed)
    state: State = g.initial_state()
    previous = None
    for _ in range(MAX_STEPS):
        check(state, previous)
        if state.is_terminal:
            return state
        previous, state = state, rulespec.random_step(state, rng)
    pytest.fail(f"{g.settings()} seed {seed}: no end after {MAX_STEPS} steps")


@pytest.mark.parametrize(("edition", "players", "options"), DEFAULTS + OPTIONS)
def test_random_games_keep_every_invariant_after_every_step(
    edition: str, players: int, options: dict[str, Any]
) -> None:
    g = game(edition, players, **options)
    seeds = SEEDS if not options else range(3)
    for seed in seeds:
        final = play_checked(g, seed)
        assert sum(final.unseen) == (0 if players == 6 else 8)


# --- the two editions: the same result in different words -------------------------------------


@given(st.integers(min_value=0, max_value=10**9))
def test_loser_keeps_both_wordings(bid: int) -> None:
    """D13: discards half rounded down in his favour = keeps half rounded up."""
    de = steps.loser_keeps(bid, LoserRefund.DISCARD_HALF_ROUND_DOWN)
    fr = steps.loser_keeps(bid, LoserRefund.KEEP_HALF_ROUND_UP)
    assert de == fr
    assert 0 <= bid - de <= de


@given(
    players=st.integers(3, 6),
    data=st.data(),
)
def test_reward_order_both_tie_wordings(players: int, data: Any) -> None:
    """D23: first to the left of the victorious leader = closest in turn order."""
    leader = data.draw(st.integers(0, players - 1), label="leader")
    rest = [s for s in range(players) if s != leader]
    allies = data.draw(st.lists(st.sampled_from(rest), unique=True), label="allies")
    combat = {s: data.draw(st.integers(0, 4), label=f"combat {s}") for s in allies}
    de = steps.reward_order(leader, allies, combat, players, RewardTie.FIRST_LEFT_OF_LEADER)
    fr = steps.reward_order(leader, allies, combat, players, RewardTie.CLOSEST_IN_TURN_ORDER)
    assert de == fr
    assert de[0] == leader
    assert sorted(de[1:]) == sorted(allies)
    assert [combat[s] for s in de[1:]] == sorted((combat[s] for s in allies), reverse=True)


@given(players=st.integers(3, 6), data=st.data())
def test_new_emperor_both_readings(players: int, data: Any) -> None:
    """D26 with ruling lotus.rebellion.new_emperor_ties: the German (most palaces, erratum)
    and the French (more than the emperor) name the same emperor, who has the most."""
    palaces = data.draw(st.lists(st.integers(0, 3), min_size=players, max_size=players))
    old = data.draw(st.integers(0, players - 1), label="old emperor")
    takers = [s for s in range(players) if s != old and palaces[s] > 0]
    taker = data.draw(st.one_of(st.none(), st.sampled_from(takers)) if takers else st.none())
    de = steps.new_emperor(palaces, old, taker, EmperorAfterRebellion.MOST_PALACES_WITH_ERRATUM)
    fr = steps.new_emperor(palaces, old, taker, EmperorAfterRebellion.MORE_THAN_EMPEROR)
    assert de == fr
    assert palaces[de] == max(palaces)
    if palaces[old] == max(palaces):
        assert de == old


@given(rice=st.integers(0, 6), year=st.integers(1, 30))
def test_markers_allowed_both_wordings(rice: int, year: int) -> None:
    """D7: 3 + min(r, 2) (German, from year 2) = min(3 + r, 5) (French), in every year a
    player can own a rice field (not in year 1's claims)."""
    de = game("de").variant
    fr = game("fr").variant
    allowed_de = steps.markers_allowed(rice, year, de.rice_extra_from_year, de.max_markers)
    allowed_fr = steps.markers_allowed(rice, year, fr.rice_extra_from_year, fr.max_markers)
    if year >= 2 or rice == 0:
        assert allowed_de == allowed_fr == min(3 + rice, 5)


COMPARED = ("chips", "influence", "combat", "bank", "vp", "emperor", "year", "phase", "claims")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_both_editions_play_the_same_game(players: int) -> None:
    """Whole games in lockstep: the French random choices (no 0-card exists there) are
    applied to the German game too, which takes every optional temple extra (the French
    ones are compulsory). Every difference in wording must leave the states equal."""
    de_game, fr_game = game("de", players), game("fr", players)
    for seed in range(3):
        rng = random.Random(seed)
        de, fr = de_game.initial_state(), fr_game.initial_state()
        for _ in range(MAX_STEPS):
            if de.phase is Phase.TEMPLE_EXTRA:
                de = de.apply(TakeExtra())
                continue
            for name in COMPARED:
                assert getattr(de, name) == getattr(fr, name), (seed, name)
            if fr.is_terminal:
                break
            action = fr.sample_chance(rng) if fr.is_chance else rng.choice(fr.legal_actions())
            de, fr = de.apply(action), fr.apply(action)
        assert de.is_terminal
        assert de.outcome() == fr.outcome()
