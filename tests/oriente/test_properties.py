"""Random play of every player count and option, with the invariants the rules keep;
what each seat may see (leaks); JSON round trips; bad input; the resampler's odds."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any
from unittest import mock

import pytest

import rulespec
from rulespec.core import resample as core_resample
from rulespec.core.play import random_step
from rulespec.oriente import Announce, Card, Pass, Phase, State, Support
from rulespec.oriente import announcing as offers
from rulespec.oriente.actions import announcements_of
from rulespec.oriente.components import DECK_CARDS, WORKERS
from tests.sampling import fits, within

from . import game, position

VARIANTS = [
    *(dict(s) for s in rulespec.spec("oriente").variants()),
    # user-defined lost abilities (ruling oriente.abilities.lost, setting abilities)
    {"players": 6, "abilities": {"soryo": "akindo", "maho_tsukai": "ninja"}},
    {"players": 4, "abilities": {"maho_tsukai": "daimyo"}, "payments": "payments"},
    {"players": 5, "abilities": {"soryo": "daimyo", "maho_tsukai": "nofu"}},
]


def games(settings: dict[str, Any], seeds: range) -> list[list[State]]:
    """Every state of seeded random games."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        s = rulespec.game("oriente", **settings).initial_state()
        seen = [s]
        while not s.is_terminal:
            s = random_step(s, rng)
            seen.append(s)
        out.append(seen)
    return out


@pytest.mark.rule("oriente.privilege.rank", "oriente.fight.capture", "oriente.nofu.incite")
@pytest.mark.parametrize("settings", VARIANTS, ids=str)
def test_random_play_keeps_every_invariant(settings: dict[str, Any]) -> None:
    for seen in games(settings, range(2)):
        g = seen[0].game
        assert len(seen) - 1 <= g.bounds().max_game_length
        chain: list[int] = []
        for before, after in itertools.pairwise(seen):
            assert after.problems() == ()
            # cards are conserved: 41 deck cards (the Geisha once drawn ends it) and n treasures
            assert after.hut + after.square <= WORKERS
            if not g.variant.hut:
                assert after.hut == 0
            action = after.history()[-1]
            if before.phase is Phase.ANNOUNCE and isinstance(action, Announce):
                chain = [before.seat]
            elif before.phase is Phase.PRIVILEGE and isinstance(action, Announce):
                assert before.seat not in chain  # a chain repeats nobody
                chain.append(before.seat)
                assert len(chain) <= g.players
            if before.phase is Phase.SUPPORT and isinstance(action, Support):
                seat = before.seat
                assert after.residents[seat] == before.residents[seat]
                assert after.piles[seat] == before.piles[seat]
            if not before.is_chance and before.phase in (Phase.ANNOUNCE, Phase.PRIVILEGE):
                legal = set(before.legal_actions())
                may = before.phase is Phase.ANNOUNCE or offers.may_claim(before, before.seat)
                every = announcements_of(g.players)
                want = {a for a in every if may and offers.problem(before, before.seat, a) is None}
                assert {a for a in legal if isinstance(a, Announce)} == want
        result = seen[-1].outcome()
        assert result.winners
        assert sum(DECK_CARDS) == 41


@pytest.mark.rule("oriente.info.public")
def test_no_seat_sees_another_seats_face_down_resident_the_bonus_or_the_deck() -> None:
    """Swapping a face-down resident of seat q with a card of the deck, or the bonus card,
    changes no other seat's view; and who is asked next does not change either."""
    rng = random.Random(5)
    checked = 0
    for seen in games({"players": 6}, range(2)):
        for s in seen[:: max(1, len(seen) // 40)]:
            if s.is_terminal:
                continue
            data = json.loads(json.dumps(s.to_json()))
            hidden = [q for q, up in enumerate(s.face_up) if not up and s.residents[q] is not None]
            pool = data["deck"]["pool"]
            kinds = [k for k in ("nofu", "akindo", "samurai", "daimyo") if pool.get(k)]
            if not hidden or not kinds:
                continue
            q = rng.choice(hidden)
            old, new = data["residents"][q], rng.choice(kinds)
            if old in ("ninja", "shogun") or old == new:
                continue
            data["residents"][q] = new
            pool[new] -= 1
            pool[old] = pool.get(old, 0) + 1
            twin = s.game.state_from_json(data)
            for p in range(s.players):
                if p != q:
                    assert twin.observation(p) == s.observation(p)
            assert twin.current_player == s.current_player
            checked += 1
    assert checked > 10


@pytest.mark.rule("oriente.info.public")
def test_the_bonus_card_and_the_deck_are_seen_by_nobody() -> None:
    s = position(4, bonus={"samurai": 1})
    t = position(4, bonus={"soryo": 1})
    for p in range(4):
        assert s.observation(p) == t.observation(p)
    # a history whose bonus card differs reads the same to every seat
    g = game(4)
    start = g.new_game(seed=3)
    root, history = start.root(), start.history()
    assert start.phase is Phase.ANNOUNCE
    before = root
    for a in history[:-1]:
        before = before.apply(a)
    assert before.phase is Phase.BONUS
    swaps = [a for a in before.legal_actions() if a != history[-1]]
    twin = before.apply(swaps[0])
    for p in range(4):
        assert str(twin.information_state(p)) == str(start.information_state(p))


@pytest.mark.rule("oriente.setup.deck")
def test_resampling_draws_residents_with_the_shuffles_odds() -> None:
    """Seat 0 sees its own resident only: another seat's resident is a Shōgun with
    probability 1/31 and a Ninja 3/31 (top segment of 32, one card seen), and an ordinary
    card of kind k with 27/31 times its share of the 35 ordinary cards left (they lie
    uniformly over every ordinary place of the deck), as resampled: every kind at once,
    by a chi-square test."""
    g = game(4)
    s = g.new_game(seed=3)
    own = s.residents[0]
    assert own is not None
    assert own not in (Card.SHOGUN, Card.NINJA)
    target: dict[Card, Fraction] = {Card.SHOGUN: Fraction(1, 31), Card.NINJA: Fraction(3, 31)}
    for card in Card:
        if card not in target and card is not Card.GEISHA and DECK_CARDS[card]:
            left = DECK_CARDS[card] - (card is own)
            target[card] = Fraction(27, 31) * Fraction(left, 35)
    assert sum(target.values()) == 1
    counts: Counter[Card] = Counter()
    n = 1500
    for k in range(n):
        new = s.resample(0, random.Random(k))
        assert new.residents[1] is not None
        counts[new.residents[1]] += 1
    for card, p in target.items():
        assert within(counts[card], n, p), (card, counts[card], n * p)
    assert fits(counts, target, n)


@pytest.mark.rule("oriente.setup.players")
def test_bad_input_is_refused_with_every_problem_and_the_state_untouched() -> None:
    with pytest.raises(rulespec.UnknownVariant):
        rulespec.game("oriente", players=13)
    with pytest.raises(rulespec.MalformedPosition) as info:
        game(4).state_from_json(
            {"residents": ["nofu", "emperor", "nofu"], "piles": [{}, {}, {}, {}], "hut": 2}
        )
    assert len(info.value.problems) >= 3
    s = position(4)
    before = s.to_json()
    with pytest.raises(rulespec.IllegalAction) as refused:
        s.apply(Support(1))
    assert refused.value.rule.id == "oriente.season.asking"
    assert s.to_json() == before


@pytest.mark.rule("oriente.season.asking")
def test_positions_and_records_round_trip_through_json() -> None:
    for seen in games({"players": 5}, range(1)):
        for s in seen[::50]:
            data = json.loads(json.dumps(s.to_json()))
            again = s.game.state_from_json(data)
            assert again == s
            assert again.legal_actions() == s.legal_actions()
        end = seen[-1]
        record = end.game.record(end.history())
        back = rulespec.load_record(json.loads(json.dumps(record.to_json())))
        assert rulespec.replay(back) == end
        for action in end.history()[:200]:
            assert end.game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
            assert end.game.parse_action(end.game.format_action(action)) == action
    assert Pass().to_json() == {"type": "pass"}


@pytest.mark.rule("oriente.season.unclaimed_bonus", "oriente.end.geisha_exit")
@pytest.mark.parametrize(
    "settings",
    [
        {"players": 6, "unclaimed_bonus": "under_deck"},
        {"players": 5, "geisha": "player_draws", "unclaimed_bonus": "under_deck"},
        {"players": 9, "payments": "off"},
    ],
    ids=str,
)
def test_resampling_keeps_every_seats_information_state(settings: dict[str, Any]) -> None:
    """Under the options that move hidden cards around (an unclaimed bonus card under the
    deck, the Geisha as a bonus card) a resampled state reads the same to its seat."""
    for seen in games(settings, range(2)):
        for s in seen[50::150]:
            if s.is_terminal:
                continue
            for p in range(s.players):
                new = s.resample(p, random.Random(p))
                assert str(new.information_state(p)) == str(s.information_state(p))
                assert new.problems() == ()


@pytest.mark.rule("oriente.info.public")
@pytest.mark.parametrize("players", [4, 5, 6])
def test_a_history_from_a_position_resamples_for_every_seat(players: int) -> None:
    """A position's hidden cards (another seat's face-down resident, the parked bonus
    card) that show during the play from it are known from then on, like any card seen:
    every seat's resample of such a history succeeds with its information state kept.
    (Found after issue 19: those cards were counted among the unseen ones with no place
    left for them, so no proposal ever fitted and resample gave up after a million.)"""
    game = rulespec.game("oriente", players=players)
    shown = 0
    with mock.patch.object(core_resample, "MAX_ATTEMPTS", 2_000):
        for seed in range(30):
            rng = random.Random(seed)
            state = game.initial_state()
            for _ in range(rng.randrange(1, 200)):
                if state.is_terminal:
                    break
                state = random_step(state, rng)
            if state.is_terminal:
                continue
            root = game.state_from_json(state.to_json())
            state = root
            for _ in range(50):
                if state.is_terminal:
                    break
                state = random_step(state, rng)
            if state.is_terminal:
                continue
            shown += any(
                card is not None
                and not root.face_up[s]
                and (state.face_up[s] or state.residents[s] is None)
                for s, card in enumerate(root.residents)
            )
            for p in range(players):
                new = state.resample(p, random.Random(p))
                assert str(new.information_state(p)) == str(state.information_state(p))
                assert new.problems() == ()
    assert shown >= 2, shown
