"""Random play of every variant: invariants at every step, the JSON round trip of every
visited position, what each seat sees, bounded legal-action lists, bad positions."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rulespec
from rulespec.castle.actions import MAX_OPTIONS, MAX_TASKS, Resolve
from rulespec.castle.state import Phase
from rulespec.errors import IllegalAction, MalformedPosition

VARIANTS: list[dict[str, Any]] = [
    {"players": 1, "difficulty": "easy"},
    {"players": 1, "difficulty": "medium"},
    {"players": 1, "difficulty": "hard"},
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 3, "exchange": "anytime", "final_exchange": "none"},
    {"players": 1, "difficulty": "hard", "rival_choices": "first"},
    {"players": 1, "difficulty": "easy", "rival_action_order": "row_by_row"},
    {"players": 1, "difficulty": "hard", "rival_ascent": "undone"},
    {"players": 2, "family_row": "action_only"},
    {"players": 4, "refill_timing": "before_section"},
    {"players": 3, "data": "all_gardens"},
]


@pytest.mark.rule("castle.turn.rounds", "castle.info.decks")
@pytest.mark.parametrize("settings", VARIANTS, ids=str)
def test_random_play_keeps_every_invariant_and_round_trips(settings: dict[str, Any]) -> None:
    game = rulespec.game("castle", **settings)
    rng = random.Random(11)
    s = game.initial_state()
    steps = 0
    while not s.is_terminal:
        assert s.problems() == ()
        data = json.loads(json.dumps(s.to_json()))
        assert game.state_from_json(data) == s
        views = [s.observation(p) for p in range(s.players)]
        for view in views:
            assert view.families == s.families  # nothing but the solo top card is hidden
            assert view.bridges == s.bridges
            assert view.to_act == s.current_player
        if s.is_chance:
            outcomes = s.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            action = s.sample_chance(rng)
        else:
            legal = s.legal_actions()
            assert 0 < len(legal) <= MAX_TASKS * (MAX_OPTIONS + 1) + 4
            for a in legal:
                if isinstance(a, Resolve):
                    assert a.task < MAX_TASKS
                    assert a.option < MAX_OPTIONS
            action = rng.choice(legal)
        before = s.to_json()
        s = s.apply(action)
        steps += 1
        assert steps < game.bounds().max_game_length
        del before
    assert s.dice_left() == 3
    assert s.round == 3


@pytest.mark.rule("castle.turn.place")
def test_an_illegal_action_leaves_the_state_unchanged() -> None:
    game = rulespec.game("castle", players=2)
    rng = random.Random(3)
    s = game.initial_state()
    while s.phase is not Phase.PLACE:
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(rulespec.castle.PlaceDie(99))
    assert err.value.rule is not None
    assert s.to_json() == before


@pytest.mark.rule("castle.components.data")
def test_a_bad_position_lists_every_problem() -> None:
    game = rulespec.game("castle", players=2)
    s = game.new_game(1)
    data = json.loads(json.dumps(s.to_json()))
    data["round"] = 9
    data["families"][0]["coins"] = -4
    data["bridges"] = [[1, 2], [3], "x"]
    with pytest.raises(MalformedPosition) as err:
        game.state_from_json(data)
    assert len(err.value.problems) >= 3


@pytest.mark.rule("castle.components.data")
def test_data_beyond_the_action_numbering_is_refused() -> None:
    import attrs  # noqa: PLC0415 (this test alone)

    from rulespec.castle import CastleGame  # noqa: PLC0415
    from rulespec.castle.components import Effect, Symbol  # noqa: PLC0415
    from rulespec.castle.data import MalformedCastleData  # noqa: PLC0415

    base = rulespec.game("castle", players=2)
    card = base.data.bonuses[0]
    wide = attrs.evolve(card, lantern=(Effect(Symbol.ANY_RESOURCE, 9),))
    data = attrs.evolve(base.data, bonuses=(wide, *base.data.bonuses[1:]))
    with pytest.raises(MalformedCastleData) as err:
        CastleGame(base.variant, base.options, data)
    assert "any_resource 9" in str(err.value)


NONE_KEYS = {
    "": {"rooms", "level3", "daimyo", "tiles", "gardens", "training", "display", "refill"},
    "families": {"card"},
    "rival": {"card"},
    "solo": {"top"},
}
"""The JSON keys whose null means an empty place or no card, by the record holding them
(the state, a family, the rival, the solo deck); a null anywhere else is a value missing,
and the old sentinel -1 is wrong everywhere (Python would read it as the last item)."""


def stray_empties(value: Any, record: str = "", key: str = "", empty_ok: bool = False) -> list[str]:
    """Where ``value`` (a position's JSON) holds null outside :data:`NONE_KEYS`, or -1."""
    if isinstance(value, dict):
        return [
            found
            for k, v in value.items()
            for found in stray_empties(
                v, record if record else k, k, k in NONE_KEYS.get(record, set())
            )
        ]
    if isinstance(value, list):
        return [found for v in value for found in stray_empties(v, record, key, empty_ok)]
    if value is None:
        return [] if empty_ok else [f"{record}.{key}"]
    return [f"{record}.{key}"] if value == -1 and not isinstance(value, bool) else []


@pytest.mark.rule("castle.solo.reveal", "castle.turn.rounds", "castle.round.end")
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_in_solo_play_each_side_takes_three_dice_a_round(difficulty: str) -> None:
    """Issue 18: the rival's turn ended without a die when the card drawn next named a
    missing die. Here each side's dice are counted from the bridges: the player's are
    his takes, the rival's the rest; and no -1 is ever read as a solo card."""
    game = rulespec.game("castle", players=1, difficulty=difficulty)
    for seed in range(100):
        rng = random.Random(seed)
        s = game.new_game(seed)
        taken: dict[tuple[int, str], int] = {}
        while not s.is_terminal:
            assert stray_empties(s.to_json()) == [], seed
            player = s.phase is Phase.TAKE
            before, round_ = s.dice_left(), s.round
            s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
            gone = before - (s.dice_left() if s.round == round_ else 3)
            if gone <= 0:
                continue  # nothing taken, or the dice rolled
            for side, n in (("player", int(player)), ("rival", gone - int(player))):
                if n:
                    taken[(round_, side)] = taken.get((round_, side), 0) + n
        assert taken == {(r, side): 3 for r in (1, 2, 3) for side in ("player", "rival")}, seed


def test_the_stray_empty_walk_finds_a_solo_card_missing() -> None:
    """The walk above can fail: a null in the solo row is found, a null room is not; the
    old -1 is found even where null is allowed."""
    assert stray_empties({"rooms": [None], "solo": {"top": None, "row": [3, None]}}) == ["solo.row"]
    assert stray_empties({"families": [{"card": None, "gardens": [None]}]}) == ["families.gardens"]
    assert stray_empties({"rooms": [-1]}) == ["rooms.rooms"]


@pytest.mark.rule("castle.turn.rounds", "castle.solo.reveal")
def test_a_position_with_a_turn_without_its_die_or_a_stray_minus_one_is_refused() -> None:
    """The invariants that catch issue 18 in ``rulespec verify`` also guard the loader."""
    game = rulespec.game("castle", players=1, difficulty="easy")
    rng = random.Random(5)
    s = game.new_game(5)
    while s.phase is not Phase.TAKE or s.turns < 2:
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    good = json.loads(json.dumps(s.to_json()))
    assert game.state_from_json(good) == s
    skipped = {**good, "turns": good["turns"] + 1}
    with pytest.raises(MalformedPosition, match=r"castle\.turn\.rounds"):
        game.state_from_json(skipped)
    phantom = {**good, "solo": {**good["solo"], "bottom": [*good["solo"]["bottom"], -1]}}
    # the shape check (no solo card -1) or the stray -1 check speaks
    with pytest.raises(MalformedPosition, match=r"solo(\.bottom\[\d+\])?: .*-1"):
        game.state_from_json(phantom)


def _as_before_issue_21(value: Any, record: str = "", empty: bool = False) -> Any:
    """A position's JSON as written before issue 21: -1 in each empty place."""
    if isinstance(value, dict):
        return {
            k: _as_before_issue_21(v, record or k, k in NONE_KEYS.get(record, set()))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_as_before_issue_21(v, record, empty) for v in value]
    return -1 if value is None and empty else value


@pytest.mark.parametrize(("players", "steps"), [(1, 3), (2, 30), (1, 60)])
def test_a_position_with_the_old_minus_one_for_an_empty_place_still_loads(
    players: int, steps: int
) -> None:
    """Positions written before issue 21 put -1 where a place is empty (now null): they
    load as the same state; a -1 anywhere else is still refused."""
    game = rulespec.game("castle", players=players, difficulty="easy" if players == 1 else "none")
    rng = random.Random(steps)
    s = game.new_game(steps)
    for _ in range(steps):
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    doc = json.loads(json.dumps(s.to_json()))
    old = _as_before_issue_21(doc)
    assert old != doc  # some place is empty at this step
    assert game.state_from_json(old) == s
    with pytest.raises(MalformedPosition):
        game.state_from_json({**doc, "beside": [-1] * len(doc["beside"])})


# --- the seasons track: the next round's order (issue 27) -----------------------------------

COLUMNS: tuple[dict[str, Any], ...] = rulespec.spec("castle").variants(options=False)
"""Every column of the variant table (each player count, each solo difficulty)."""
ORDER_SEEDS = 40


def _book_order(tracks: list[int], arrivals: list[int]) -> tuple[int, ...]:
    """The new order as castle.de:449 states it: the furthest marker first; of markers on
    one space the higher first, and castle.de:439 sets an arriving marker on top, so the
    latest arrival is the highest."""
    return tuple(sorted(range(len(tracks)), key=lambda p: (-tracks[p], -arrivals[p])))


@pytest.mark.rule(
    "castle.round.order",
    "castle.round.order_stack",
    "castle.track.influence",
    "castle.setup.influence",
    "castle.solo.round_end",
)
@pytest.mark.parametrize("settings", COLUMNS, ids=lambda c: f"{c['players']}-{c['difficulty']}")
def test_the_next_rounds_order_is_the_track_read_with_its_piles(settings: dict[str, Any]) -> None:
    """At every round's end of seeded random play the new order is the track read with its
    piles, derived here from the book and the tracks alone, never from the heights the
    state keeps: the first order is the setup pile, top first (castle.de:128); a marker
    that moves lands on top of its new space (castle.de:439), so each space's pile is the
    order of arrival, replayed step by step from the tracks (within one step the seat that
    decided moves before the solo rival's turn that follows); the new order is fixed once,
    as the round's first closing step, and the gardeners act in it (castle.de:449-459);
    the solo rival then gives back coins in groups of 3 if it plays before the player,
    else of 5, so fewer than a group stay with it (castle.de:559-562)."""
    game = rulespec.game("castle", **settings)
    ties = 0
    for seed in range(ORDER_SEEDS):
        rng = random.Random(seed)
        s = game.initial_state()
        arrivals: list[int] | None = None
        clock = 0
        fixed: tuple[int, ...] | None = None
        while not s.is_terminal:
            before, s = s, rulespec.random_step(s, rng)
            if s.stage.value in ("setup", "picks"):
                continue
            seats = len(s.order)
            tracks = [s.family(p).track for p in range(seats)]
            if arrivals is None:  # the setup pile: the first in order lies on top
                arrivals = [-s.order.index(p) for p in range(seats)]
                continue
            moved = [p for p in range(seats) if tracks[p] != before.family(p).track]
            moved.sort(key=lambda p: p != before.current_player)
            for p in moved:
                clock += 1
                arrivals[p] = clock
            ended = before.stage.value == "turn" and (
                s.round > before.round or s.stage.value in ("gardeners", "over")
            )
            if ended:
                want = _book_order(tracks, arrivals)
                assert s.order == want, (seed, s.round, tracks, arrivals, s.order)
                ties += len(set(tracks)) < seats
                fixed = s.order
                if game.variant.solo:
                    group = 3 if s.order[0] == 1 else 5
                    assert s.family(1).coins < group, (seed, s.round)
            elif fixed is not None:
                # the gardeners (and the roll after) leave the order alone, though they
                # may move markers: it is the order of the next round
                assert s.order == fixed, (seed, s.round)
            if s.stage.value == "turn" and s.phase.value == "take":
                fixed = None
    if settings["players"] > 1 or settings["difficulty"] != "hard":
        assert ties, "no tie on the track at a round's end: the check would not see the pile"
