"""One or more tests per rule of rulespec/castle/rulebook.toml, each naming its rule ids.

States are reached by seeded play of the default data, then set up for the case with
``state.but(...)`` (a frozen record's copy with fields replaced); agendas are written as
effects, so the tests do not depend on which card shows what. The marker
``@pytest.mark.rule(...)`` records which rules a test checks.
"""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest

import rulespec
from rulespec.castle import (
    CastleGame,
    Exchange,
    Pick,
    PlaceDie,
    Resolve,
    Skip,
    State,
    effects,
    fields,
    rival,
    rounds,
    rules,
    scoring,
    setup,
    turn,
)
from rulespec.castle.actions import End, Pile, TakeDie, rolls
from rulespec.castle.components import Colour, Effect, Symbol
from rulespec.castle.state import Family, Phase, Stage
from rulespec.core import trace
from rulespec.errors import IllegalAction, UnknownVariant

RED, BLACK, WHITE = Colour.RED, Colour.BLACK, Colour.WHITE
WELL, COURTIERS, GARDENERS, WARRIORS = 7, 8, 9, 10


def game(players: int = 2, **kw: Any) -> CastleGame:
    if players == 1:
        kw.setdefault("difficulty", "medium")
    return rulespec.game("castle", players=players, **kw)


def advance(s: State, rng: random.Random, until: Phase = Phase.TAKE) -> State:
    """Play on (chance at random, picks first, agendas skipped where they may be) until
    phase ``until``."""
    for _ in range(2000):
        if s.phase is until:
            return s
        if s.is_chance:
            s = s.apply(s.sample_chance(rng))
        elif s.phase is Phase.RESOLVE and Skip(0) in s.legal_actions():
            s = s.apply(Skip(0))
        else:
            s = s.apply(s.legal_actions()[0])
    raise AssertionError(f"never reached {until}")


def first_turn(players: int = 2, seed: int = 0, **kw: Any) -> State:
    return advance(game(players, **kw).initial_state(), random.Random(seed))


def with_tasks(s: State, *tasks: tuple[Effect, ...], **family: Any) -> State:
    """``s`` at the acting seat's agenda holding ``tasks`` (one frame), family changed;
    at a turn's start its die is taken first (the white right one), so turns still count
    the dice taken."""
    if s.phase is Phase.TAKE:
        s = turn.take(s, Colour.WHITE, False).but(held=(0, 0, 0))
    fam = s.family(s.actor).but(**family)
    # the die taken lies on its field by now: nothing is held while an agenda is resolved
    return s.with_family(s.actor, fam).but(
        phase=Phase.RESOLVE, agenda=(tuple(tasks),), held=(0, 0, 0)
    )


def fx(symbol: Symbol, amount: int = 1, *options: Symbol) -> Effect:
    return Effect(symbol, amount, tuple(options))


def options(s: State) -> list[Any]:
    return [a for a in s.legal_actions() if isinstance(a, Resolve) and a.task == 0]


# --- components and setup ----------------------------------------------------------------


@pytest.mark.rule(
    "castle.components.counts", "castle.components.data", "castle.components.dropped_cards"
)
def test_the_default_data_has_the_books_counts_and_provenance() -> None:
    d = game().data
    assert (len(d.level1), len(d.level2), len(d.level3)) == (15, 12, 9)
    assert len(d.gardens) == 10
    assert len(d.die_tiles) == 15
    assert len(d.training) == 8
    assert (len(d.actions), len(d.resources), len(d.bonuses), len(d.solo)) == (6, 9, 3, 9)
    assert all(
        c.source.value in ("rulebook", "transcription", "secondary", "stand-in") for c in d.level1
    )


@pytest.mark.rule("castle.components.dropped_cards", "castle.setup.gardens")
@pytest.mark.parametrize(("data", "per_kind"), [("default", 5), ("all_gardens", 6)])
def test_the_default_drops_a_garden_per_kind_all_gardens_keeps_twelve(
    data: str, per_kind: int
) -> None:
    g = game(data=data)
    kinds = [x.kind.label for x in g.data.gardens]
    assert (kinds.count("plant"), kinds.count("stone")) == (per_kind, per_kind)
    cost4 = [x.id for x in g.data.gardens if x.kind.label == "plant" and x.cost == 4]
    assert len(cost4) == per_kind - 3  # plant-1, plant-4 (and plant-6): castle.de:351
    assert g.settings()["data"] == data
    again = rulespec.game("castle", **g.settings())
    assert again.data == g.data
    # setup still lays one garden of each kind below each bridge (castle.de:114)
    s = first_turn(2, data=data)
    laid = [g.data.gardens[i].kind.label for i in s.gardens]
    assert laid == ["plant", "stone"] * 3


@pytest.mark.rule("castle.setup.two_player_cards", "castle.setup.room_cards")
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_diamond_cards_only_with_three_or_four(players: int) -> None:
    g = game(players)
    s = g.initial_state()
    cards = g.tables.cards
    diamonds = {i for i, c in enumerate(cards) if c.min_players > 2}
    in_decks = set(s.deck1) | set(s.deck2)
    assert bool(in_decks & diamonds) == (players >= 3)
    s = advance(s, random.Random(players))
    assert all(g.tables.level_of[c] == g.tables.room_level[r] for r, c in enumerate(s.rooms))


@pytest.mark.rule("castle.setup.redraw")
def test_five_equal_dark_actions_deal_the_rooms_again() -> None:
    g = game(3)
    # a copy of the game whose cards all share one dark action: every deal must redraw
    same = CastleGame(g.variant, g.options, g.data)
    tables = attrs.evolve(g.tables, dark_action=(g.tables.dark_action[0],) * len(g.tables.cards))
    object.__setattr__(same, "tables", tables)
    s = same.initial_state()
    rng = random.Random(0)
    for _ in range(4):
        s = s.apply(s.sample_chance(rng))
    assert s.rooms.count(None) == 1
    after = s.apply(s.sample_chance(rng))
    assert after == same.initial_state()  # a restart: the deal is drawn again from scratch
    assert sorted(after.deck1 + after.deck2) == sorted(
        g.initial_state().deck1 + g.initial_state().deck2
    )
    # with the real cards, dealt rooms never all match
    for seed in range(5):
        dealt = first_turn(3, seed=seed)
        assert len({g.tables.dark_action[c] for c in dealt.rooms}) > 1


@pytest.mark.rule("castle.setup.redraw", "castle.setup.redraw_price")
def test_five_castle_actions_redraw_though_level1_asks_a_seal() -> None:
    # the second reader's repro: three level 1 and two level 2 cards, all with the castle
    # action in the dark section (a seal in front of it on level 1)
    g = game(2)
    ids = {c.id: i for i, c in enumerate(g.tables.cards)}
    deals = [
        (Pile.LEVEL1, "l1-01"),
        (Pile.LEVEL1, "l1-03"),
        (Pile.LEVEL1, "l1-05"),
        (Pile.LEVEL2, "l2-02"),
        (Pile.LEVEL2, "l2-06"),
    ]
    s = g.initial_state()
    for pile, card in deals:
        assert g.tables.dark_action[ids[card]] == (fx(Symbol.CASTLE),)
        s = s.apply(setup.deal_of(pile, ids[card]))
    assert s == g.initial_state()  # dealt again
    # four castle actions and a garden: the rooms stay
    s = g.initial_state()
    for pile, card in [*deals[:4], (Pile.LEVEL2, "l2-01")]:
        s = s.apply(setup.deal_of(pile, ids[card]))
    assert None not in s.rooms


@pytest.mark.rule("castle.setup.level3", "castle.setup.gardens", "castle.setup.training")
def test_level3_gardens_and_training_tiles_are_dealt() -> None:
    s = first_turn(4, seed=3)
    d = s.game.data
    assert s.level3 is not None
    assert len(s.daimyo) == len(d.level3[s.level3].spaces)
    kinds = [int(d.gardens[g].kind) for g in s.gardens]
    assert kinds == [0, 1, 0, 1, 0, 1]
    assert len(set(s.training)) == 4
    assert None not in s.training


@pytest.mark.rule(
    "castle.setup.die_tiles", "castle.setup.tile_swap_edge", "castle.setup.diamond_tiles"
)
@pytest.mark.parametrize("seed", range(12))
def test_every_room_shows_two_colours(seed: int) -> None:
    s = first_turn(2, seed=seed)
    for room in range(5):
        assert len(set(s.room_tiles(room))) >= 2
    assert len(set(s.tiles) | set(s.diamond)) == 15


@pytest.mark.rule("castle.setup.dice")
@pytest.mark.parametrize(("k", "n"), [(3, 56), (4, 126), (5, 252)])
def test_a_colour_roll_is_one_node_over_sorted_dice(k: int, n: int) -> None:
    table = rolls(k)
    assert len(table) == n
    assert sum(w for _, w in table) == 6**k
    s = first_turn(k - 1)
    assert all(len(b) == k for b in s.bridges)
    assert all(list(b) == sorted(b) for b in s.bridges)


@pytest.mark.rule("castle.setup.family", "castle.setup.influence")
def test_families_start_empty_and_the_stack_is_the_order() -> None:
    s = first_turn(4, seed=5)
    assert sorted(s.order) == [0, 1, 2, 3]
    heights = [s.family(p).height for p in s.order]
    assert heights == sorted(heights, reverse=True)
    for f in s.families:
        assert f.left == (5, 5, 5)
        assert f.court == (0, 0, 0, 0)
        assert f.track == 0


@pytest.mark.rule("castle.setup.pairs")
def test_pairs_are_picked_in_reverse_order() -> None:
    s = game(3).new_game(4)
    assert s.phase is Phase.PICK
    assert s.actor == s.order[-1]
    assert len(s.legal_actions()) == 4
    after = s.apply(Pick(1))
    assert after.display[1] == (None, None)
    assert after.family(s.actor).card == s.display[1][1]
    with pytest.raises(IllegalAction):
        advance(after, random.Random(0), Phase.PICK).apply(Pick(1))


@pytest.mark.rule("castle.setup.pairs", "castle.turn.optional_actions")
def test_the_starting_goods_cannot_be_declined() -> None:
    # the second reader's repro: 2 players, seed 3, the first pair picked
    s = game(2).new_game(3).apply(Pick(0))
    seat = s.actor
    assert s.phase is Phase.RESOLVE
    assert not any(isinstance(a, Skip) for a in s.legal_actions())
    with pytest.raises(IllegalAction) as err:
        s.apply(Skip(0))
    assert err.value.rule is not None
    assert err.value.rule.id == "castle.setup.pairs"
    fam = s.family(seat)
    while s.phase is Phase.RESOLVE and s.stage is Stage.PICKS:
        s = s.apply(s.legal_actions()[0])
    got = s.family(seat)
    assert sum(got.resources) > sum(fam.resources) or got.seals > fam.seals


# --- the turn ------------------------------------------------------------------------------


@pytest.mark.rule("castle.turn.rounds", "castle.round.end")
def test_three_rounds_of_three_turns_leave_three_dice() -> None:
    g = game(3)
    rng = random.Random(2)
    s = g.initial_state()
    takes = [0, 0, 0]
    while not s.is_terminal:
        if s.phase is Phase.TAKE:
            assert s.dice_left() > 3
            takes[s.actor] += 1
        a = s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions())
        s = s.apply(a)
    assert takes == [9, 9, 9]
    assert s.dice_left() == 3
    assert s.round == 3


@pytest.mark.rule("castle.turn.points_tiles")
def test_scores_pass_forty_without_tiles() -> None:
    s = first_turn()
    s = s.with_family(0, s.family(0).but(points=85))
    assert scoring.total(s, 0) >= 85


@pytest.mark.rule("castle.turn.take")
def test_only_ends_are_taken_and_the_middle_closes_up() -> None:
    s = first_turn(4)
    s = s.but(bridges=((1, 2, 3, 4, 5), s.bridges[1], s.bridges[2]))
    after = s.apply(TakeDie(RED, End.LEFT))
    assert after.bridges[0] == (2, 0, 3, 4, 5)
    assert after.held == (0, 1, 1)
    after = s.apply(TakeDie(RED, End.RIGHT))
    assert after.bridges[0] == (1, 2, 3, 0, 4)
    assert after.held[2] == 0


@pytest.mark.rule("castle.turn.place", "castle.turn.coins_short")
def test_placing_pays_or_earns_the_difference() -> None:
    s = first_turn(2).but(held=(int(RED), 6, 0), phase=Phase.PLACE)
    s = s.with_family(s.actor, s.family(s.actor).but(coins=0))
    after = s.apply(PlaceDie(COURTIERS))  # printed 6
    assert after.family(s.actor).coins == 0
    low = s.but(held=(int(RED), 1, 0))
    with pytest.raises(IllegalAction) as err:
        low.apply(PlaceDie(COURTIERS))
    assert err.value.rule.id == "castle.turn.coins_short"
    rich = low.with_family(s.actor, low.family(s.actor).but(coins=5))
    assert rich.apply(PlaceDie(COURTIERS)).family(s.actor).coins == 0
    well = s.apply(PlaceDie(WELL))
    assert well.family(s.actor).coins == 5


@pytest.mark.rule("castle.turn.stacking", "castle.fields.well", "castle.turn.solo_two_banner")
@pytest.mark.parametrize("players", [2, 3])
def test_stacking_depends_on_the_player_count(players: int) -> None:
    s = first_turn(players).but(held=(int(RED), 6, 0), phase=Phase.PLACE)
    stacked = list(s.stacked)
    stacked[5] = 1
    s = s.but(stacked=tuple(stacked))
    legal = s.legal_actions()
    assert (PlaceDie(5) in legal) == (players >= 3)
    full = s.but(stacked=(0, 0, 0, 0, 0, 2, 0))
    assert PlaceDie(5) not in full.legal_actions()
    assert PlaceDie(WELL) in full.legal_actions()
    fam = s.family(s.actor).but(dice=(3, 0, 0))
    assert PlaceDie(COURTIERS) not in s.with_family(s.actor, fam).legal_actions()


@pytest.mark.rule("castle.turn.lantern_left", "castle.lantern.bonus", "castle.turn.field_actions")
def test_a_left_die_puts_the_lantern_on_top_of_the_field() -> None:
    s = first_turn(2).but(held=(int(RED), 1, 1), phase=Phase.PLACE)
    after = s.apply(PlaceDie(WELL))
    lantern = fields.lantern_frame(s, s.actor)
    assert after.agenda[-1] == lantern
    right = s.but(held=(int(RED), 1, 0)).apply(PlaceDie(WELL))
    assert right.agenda[-1] != lantern or not lantern


@pytest.mark.rule("castle.turn.lone_die_right")
def test_a_lone_right_die_is_taken_from_the_right() -> None:
    s = first_turn(2).but(bridges=((0, 0, 4), (1, 2, 3), (1, 2, 3)))
    legal = s.legal_actions()
    assert TakeDie(RED, End.RIGHT) in legal
    assert TakeDie(RED, End.LEFT) not in legal
    assert s.apply(TakeDie(RED, End.RIGHT)).held == (0, 4, 0)


@pytest.mark.rule("castle.turn.optional_actions", "castle.coins.costs")
def test_a_skipped_cost_drops_what_it_gates() -> None:
    s = with_tasks(first_turn(), (fx(Symbol.PAY_COINS, 3), fx(Symbol.SEALS, 2)), coins=5, seals=0)
    assert s.apply(Skip(0)).family(s.actor).seals == 0
    paid = s.apply(Resolve(0, 0))
    assert paid.family(s.actor).coins == 2
    poor = with_tasks(first_turn(), (fx(Symbol.PAY_COINS, 3), fx(Symbol.SEALS, 2)), coins=1)
    with pytest.raises(IllegalAction):
        poor.apply(Resolve(0, 0))


@pytest.mark.rule("castle.coins.unlimited", "castle.resources.cap")
def test_coins_unbounded_resources_capped_at_seven() -> None:
    s = with_tasks(
        first_turn(), (fx(Symbol.COINS, 50),), (fx(Symbol.IRON, 3),), coins=40, resources=(6, 0, 0)
    )
    after = s.apply(Resolve(0, 0)).apply(Resolve(0, 0))
    fam = after.family(s.actor)
    assert fam.coins == 90
    assert fam.resources[0] == 7


@pytest.mark.rule("castle.seals.cap", "castle.seals.exchange")
def test_a_sixth_seal_must_be_exchanged() -> None:
    s = with_tasks(
        first_turn(), (fx(Symbol.SEALS, 2),), (fx(Symbol.FOOD),), seals=4, resources=(0, 0, 0)
    )
    after = s.apply(Resolve(0, 0))
    assert after.phase is Phase.EXCHANGE
    assert set(after.legal_actions()) == {Exchange(i) for i in range(4)}
    fam = after.apply(Exchange(2)).family(s.actor)
    assert fam.seals == 4
    assert fam.resources[1] == 1


@pytest.mark.rule("castle.seals.window")
def test_exchanges_are_offered_when_a_payment_is_short() -> None:
    base = first_turn()
    rich = with_tasks(base, (fx(Symbol.PAY_COINS, 2), fx(Symbol.VP)), coins=5, seals=3)
    assert not any(isinstance(a, Exchange) for a in rich.legal_actions())
    short = with_tasks(base, (fx(Symbol.PAY_COINS, 2), fx(Symbol.VP)), coins=1, seals=3)
    assert Exchange(0) in short.legal_actions()
    anytime = game(2, exchange="anytime")
    s = with_tasks(first_turn(exchange="anytime"), (fx(Symbol.VP),), seals=3)
    assert s.game == anytime
    assert Exchange(0) in s.legal_actions()


@pytest.mark.rule("castle.track.influence", "castle.track.trees", "castle.track.blocked_lost")
def test_trees_cost_seals_or_stop_the_marker() -> None:
    s = first_turn()
    trees = s.game.data.board.track.trees
    first = trees[0].after
    start = with_tasks(s, (fx(Symbol.INFLUENCE, 3),), track=first - 1, seals=0)
    stops = options(start)
    assert len(stops) == 1  # only stopping before the tree is affordable
    assert start.apply(stops[0]).family(s.actor).track == first
    paid = with_tasks(s, (fx(Symbol.INFLUENCE, 3),), track=first - 1, seals=trees[0].seals)
    assert paid.apply(options(paid)[-1]).family(s.actor).track == first + 2
    last = s.game.data.board.track.last
    end = with_tasks(s, (fx(Symbol.INFLUENCE, 5),), track=last - 1)
    assert end.apply(options(end)[-1]).family(s.actor).track == last
    other = (s.actor + 1) % 2
    on = end.with_family(other, end.family(other).but(track=last, height=1))
    moved = on.apply(options(on)[-1])
    assert moved.family(s.actor).height > moved.family(other).height


# --- fields ----------------------------------------------------------------------------------


@pytest.mark.rule("castle.fields.rooms")
def test_a_room_takes_only_colours_of_its_tiles() -> None:
    s = first_turn(2, seed=1)
    for room in range(5):
        tiles = s.room_tiles(room)
        for c in (RED, BLACK, WHITE):
            held = s.but(held=(int(c), 6, 0), phase=Phase.PLACE)
            assert (PlaceDie(room) in held.legal_actions()) == (c in tiles)
        c = tiles[0]
        after = s.but(held=(int(c), 6, 0), phase=Phase.PLACE).apply(PlaceDie(room))
        card = s.game.tables.cards[s.rooms[room]]
        want = [card.sections[k].effects for k, t in enumerate(tiles) if t is c]
        pushed = after.agenda[0] if after.agenda else ()
        assert len(pushed) <= len(want)
        assert all(any(w[len(w) - len(task) :] == task for w in want) for task in pushed)


@pytest.mark.rule("castle.fields.outside")
def test_outside_any_colour_one_of_two() -> None:
    s = first_turn().but(held=(int(WHITE), 5, 0), phase=Phase.PLACE)
    after = s.apply(PlaceDie(5))
    (task,) = after.agenda[-1]
    assert task[0].symbol is Symbol.CHOICE
    assert len(options(after)) == 2


@pytest.mark.rule("castle.fields.family")
def test_family_rows_take_their_colour_rewards_then_card() -> None:
    s = first_turn()
    for colour, row in ((RED, COURTIERS), (BLACK, GARDENERS), (WHITE, WARRIORS)):
        held = s.but(held=(int(colour), 6, 0), phase=Phase.PLACE)
        legal = held.legal_actions()
        assert PlaceDie(row) in legal
        assert all(PlaceDie(r) not in legal for r in (COURTIERS, GARDENERS, WARRIORS) if r != row)
    fam = s.family(s.actor).but(left=(3, 5, 5))
    s = s.with_family(s.actor, fam).but(held=(int(RED), 6, 0), phase=Phase.PLACE)
    frames = fields.family_frames(s, s.actor, 0)
    assert len(frames[1]) == 2  # two rewards uncovered, on top of the card action


# --- actions -----------------------------------------------------------------------------------


@pytest.mark.rule("castle.actions.training", "castle.actions.no_figure")
def test_training_pays_iron_and_moves_the_leftmost_warrior() -> None:
    s = with_tasks(first_turn(), (fx(Symbol.TRAINING),), resources=(5, 0, 0))
    costs = [g.cost for g in s.game.data.board.grounds]
    assert len(options(s)) == sum(c <= 5 for c in costs)
    after = s.apply(Resolve(0, costs.index(5)))
    fam = after.family(s.actor)
    assert fam.resources[0] == 0
    assert fam.left[2] == 4
    assert fam.grounds[costs.index(5)] == 1
    none = with_tasks(first_turn(), (fx(Symbol.TRAINING),), resources=(7, 0, 0), left=(5, 5, 0))
    assert options(none) == []


@pytest.mark.rule("castle.actions.garden")
def test_a_garden_once_per_family() -> None:
    s = with_tasks(
        first_turn(), (fx(Symbol.GARDEN),), resources=(0, 7, 0), gardens=(0,), left=(5, 4, 5)
    )
    d = s.game.data
    afford = [g for g in range(1, 6) if d.gardens[s.gardens[g]].cost <= 7]
    assert len(options(s)) == len(afford)


@pytest.mark.rule("castle.actions.castle", "castle.actions.order")
def test_the_castle_action_offers_audience_and_ascent() -> None:
    s = with_tasks(first_turn(), (fx(Symbol.CASTLE),), coins=2, resources=(0, 0, 2))
    s = s.apply(Resolve(0, 0))
    assert [t[0].symbol for t in s.agenda[-1]] == [Symbol.AUDIENCE, Symbol.ASCENT]
    after = s.apply(Resolve(0, 0))  # audience first
    fam = after.family(s.actor)
    assert fam.coins == 0
    assert fam.court[0] == 1
    assert fam.left[0] == 4
    ascents = options(after)
    assert ascents  # the same courtier may go on up
    up = after.apply(ascents[0])
    assert up.family(s.actor).court[1] == 1


@pytest.mark.rule("castle.actions.card_swap", "castle.actions.refill_timing")
def test_ending_on_a_level_takes_the_rooms_card() -> None:
    s = with_tasks(
        first_turn(refill_timing="before_section"),
        (fx(Symbol.ASCENT),),
        court=(1, 0, 0, 0),
        left=(4, 5, 5),
        resources=(0, 0, 2),
    )
    fam = s.family(s.actor)
    card = s.rooms[0]
    after = s.apply(Resolve(0, 0))
    assert after.phase is Phase.REFILL
    new = after.family(s.actor)
    assert new.card == len(s.game.data.actions) + card
    assert len(new.lantern) == len(fam.lantern) + 1
    refilled = after.apply(after.legal_actions()[0])
    assert refilled.rooms[0] is not None
    assert refilled.agenda[-1][0][0].symbol is Symbol.SECTION


@pytest.mark.rule("castle.actions.card_swap", "castle.actions.refill_timing")
def test_by_default_the_room_is_refilled_after_the_light_section() -> None:
    """castle.de:383-388: the light section of the card taken comes before the room's new
    card, so a light symbol inside it does not see the room (it is empty meanwhile)."""
    s = with_tasks(
        first_turn(), (fx(Symbol.ASCENT),), court=(1, 0, 0, 0), left=(4, 5, 5), resources=(0, 0, 2)
    )
    assert s.game.options.refill_timing.value == "after_section"
    after = s.apply(Resolve(0, 0))
    assert after.phase is Phase.RESOLVE
    assert after.rooms[0] is None
    assert after.refill == 0
    assert after.agenda[-1][0][0].symbol is Symbol.SECTION
    # a light symbol now offers the light sections of the four other rooms only
    t = s.game.tables
    others = sum(len(t.light_sections(c)) for r, c in enumerate(s.rooms) if r != 0)
    lit = with_tasks(after.but(agenda=after.agenda[:-1]), (fx(Symbol.LIGHT),))
    assert len(options(lit)) == others
    assert not rounds.refill_due(after)
    # a castle action inside the section: the room gets its card before the ascent
    nested = after.but(agenda=(*after.agenda[:-1], ((fx(Symbol.ASCENT),),)))
    assert rounds.refill_due(nested)
    # skipping the section ends the wait: the new card is dealt
    done = after.apply(Skip(0))
    assert done.phase is Phase.REFILL
    refilled = done.apply(done.legal_actions()[0])
    assert refilled.rooms[0] is not None
    assert refilled.refill is None


@pytest.mark.rule("castle.actions.empty_deck", "castle.actions.empty_deck_flip")
def test_an_empty_deck_leaves_the_card_and_your_card() -> None:
    s = with_tasks(
        first_turn(), (fx(Symbol.ASCENT),), court=(1, 0, 0, 0), left=(4, 5, 5), resources=(0, 0, 2)
    )
    s = s.but(deck1=())
    fam = s.family(s.actor)
    after = s.apply(Resolve(0, 0))
    assert after.rooms == s.rooms
    assert after.family(s.actor).card == fam.card
    assert after.agenda[-1][0][0].symbol is Symbol.SECTION


@pytest.mark.rule("castle.actions.level3", "castle.actions.no_past_level3")
def test_the_daimyos_hall_gives_the_lantern_then_a_space() -> None:
    s = with_tasks(
        first_turn(), (fx(Symbol.ASCENT),), court=(0, 0, 1, 0), left=(4, 5, 5), resources=(0, 0, 7)
    )
    moves = effects.ascent_moves(s, s.family(s.actor).court)
    assert moves == [(2, 1, None)]
    after = s.apply(Resolve(0, 0))
    assert [e.symbol for e in after.agenda[-1][0]] == [Symbol.LANTERN, Symbol.DAIMYO]
    assert after.family(s.actor).court == (0, 0, 0, 1)


@pytest.mark.rule("castle.actions.level3", "castle.turn.optional_actions")
def test_a_courtier_on_level3_always_takes_a_space() -> None:
    # the second reader's repro: 4 players, a courtier on level 1 and 5 pearls, the castle
    # action, no audience, two levels up, the lantern bonus skipped
    start = first_turn(4)  # with_tasks takes the turn's die first
    s = with_tasks(
        start, (fx(Symbol.CASTLE),), court=(0, 1, 0, 0), left=(4, 5, 5), resources=(0, 0, 5)
    )
    seat = s.actor
    s = s.apply(Resolve(0, 0)).apply(Skip(0))  # no audience
    hall = [
        a for a in options(s) if effects.ascent_moves(s, s.family(seat).court)[a.option][2] is None
    ]
    s = s.apply(hall[0]).apply(Skip(0))  # into the hall; no lantern bonus
    assert [t[0].symbol for t in s.agenda[-1]] == [Symbol.DAIMYO]
    assert Skip(0) not in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.apply(Skip(0))
    assert err.value.rule is not None
    assert err.value.rule.id == "castle.actions.level3"
    free = s.daimyo.count(None)
    s = s.apply(options(s)[0])
    assert s.daimyo.count(seat) == 1
    assert s.daimyo.count(None) == free - 1
    assert Skip(0) in s.legal_actions()  # the space's reward may be skipped
    s = s.apply(Skip(0))
    assert s.family(seat).court == (0, 0, 0, 1)
    assert s.problems() == ()
    # with every space taken the courtier lies beside the card, again not skippable
    full = with_tasks(s.but(actor=seat), (fx(Symbol.DAIMYO),)).but(daimyo=(seat,) * len(s.daimyo))
    assert Skip(0) not in full.legal_actions()
    beside = full.apply(options(full)[0])
    assert beside.beside[seat] == 1


@pytest.mark.rule("castle.actions.level3")
def test_a_courtier_on_level3_without_a_space_is_no_position() -> None:
    s = first_turn(2)
    assert s.problems() == ()
    lost = s.with_family(s.actor, s.family(s.actor).but(court=(0, 0, 0, 1), left=(4, 5, 5)))
    assert any("level 3" in p for p in lost.problems())


@pytest.mark.rule("castle.symbols.meanings", "castle.symbols.in_castle")
def test_tile_and_light_symbols_reach_the_five_rooms() -> None:
    s = first_turn(2, seed=3)
    counts = {c: sum(s.room_tiles(r).count(c) for r in range(5)) for c in (RED, BLACK, WHITE)}
    for symbol, n in (
        (Symbol.ANY_TILE, sum(counts.values())),
        (Symbol.WHITE_TILE, counts[WHITE]),
        (Symbol.BLACK_TILE, counts[BLACK]),
        (Symbol.RED_TILE, counts[RED]),
    ):
        assert len(options(with_tasks(s, (fx(symbol),)))) == n
    light = sum(len(s.game.tables.light_sections(c)) for c in s.rooms)
    assert len(options(with_tasks(s, (fx(Symbol.LIGHT),)))) == light
    assert len(options(with_tasks(s, (fx(Symbol.ANY_RESOURCE, 2),)))) == 6


@pytest.mark.rule("castle.symbols.family_row")
def test_the_family_symbol_ignores_occupancy() -> None:
    s = with_tasks(first_turn(), (fx(Symbol.FAMILY),), dice=(6, 6, 6))
    assert len(options(s)) == 3


@pytest.mark.rule("castle.symbols.family_row", "castle.fields.family")
@pytest.mark.parametrize("reading", ["rewards_and_action", "action_only"])
def test_the_family_symbol_gives_rewards_and_action_or_the_action_only(reading: str) -> None:
    """The warriors' row with two warriors gone uncovers 2 pearls and 2 coins (castle.de
    board): by default they come with the row's card action; 'action_only' gives the action
    alone."""
    s = with_tasks(first_turn(family_row=reading), (fx(Symbol.FAMILY),), left=(5, 5, 3))
    seat = s.actor
    rewards = s.game.data.board.family[2].rewards[:2]
    assert rewards == ((fx(Symbol.PEARL, 2),), (fx(Symbol.COINS, 2),))
    action = s.game.tables.rows_of_card[s.family(seat).card][2]
    after = s.apply(options(s)[2])
    tasks = [task for frame in after.agenda for task in frame]
    if reading == "action_only":
        assert after.family(seat).coins == s.family(seat).coins
        assert (fx(Symbol.PEARL, 2),) not in tasks
    else:
        assert after.family(seat).coins == s.family(seat).coins + 2  # credited at once
        assert (fx(Symbol.PEARL, 2),) in tasks
    assert action in tasks


# --- round end -----------------------------------------------------------------------------------


@pytest.mark.rule("castle.round.order")
def test_new_order_by_track_then_stack() -> None:
    s = first_turn(3)
    fams = (
        s.families[0].but(track=2, height=5),
        s.families[1].but(track=2, height=9),
        s.families[2].but(track=4, height=1),
    )
    assert rounds.new_order(s.but(families=fams)) == (2, 1, 0)


@pytest.mark.rule("castle.round.order", "castle.round.order_stack", "castle.solo.round_end")
def test_a_marker_a_gardener_moves_after_the_order_is_set_counts_at_the_next_round_end() -> None:
    """The outside report of issue 27 (solo medium, seed 23; ../shared/repro/round-4/c01):
    round 2 starts with the rival although both markers then stand on space 2, the
    player's on top. The book fixes the order first (castle.de:449), then the gardeners
    act in it (castle.de:459): at that moment the rival was ahead, on space 2 to the
    player's 1, so it leads round 2 and trades its coins in groups of 3
    (castle.de:559-561); the player's gardener moved the marker up afterwards."""
    game = rulespec.game("castle", players=1, difficulty="medium")
    rng, s = random.Random(23), game.initial_state()
    ended = None
    while not (s.round == 2 and s.phase is Phase.TAKE):
        before, s = (
            s,
            s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions())),
        )
        if ended is None and before.stage is Stage.TURN and s.stage is Stage.GARDENERS:
            ended = s
    assert ended is not None
    assert (ended.family(0).track, ended.family(1).track) == (1, 2)
    assert ended.order == (1, 0)  # the rival, further on, first
    assert ended.family(1).coins < 3  # groups of 3: it plays before the player
    assert (s.family(0).track, s.family(1).track) == (2, 2)
    assert s.family(0).height > s.family(1).height  # the gardener's move: on top
    assert s.order == (1, 0)
    assert rounds.new_order(s) == (0, 1)  # what the next round's end would read now


@pytest.mark.rule("castle.round.gardeners", "castle.round.reroll")
def test_gardeners_beside_a_bridge_with_dice_act() -> None:
    s = first_turn(2)
    fam = s.families[0].but(gardens=(0, 2), left=(5, 3, 5))
    s = s.with_family(0, fam).but(
        bridges=((0, 3, 0), (0, 0, 0), (0, 0, 0)), stage=Stage.GARDENERS, picking=(0, 1)
    )
    s, waiting = rounds.next_gardeners(s)
    assert waiting
    assert len(s.agenda[-1]) <= 1
    rolled = rounds.reroll(s.but(agenda=()))
    assert rolled.phase is Phase.ROLL
    assert rolled.round == 2
    assert rolled.fields == (0,) * 7


# --- scoring ---


@pytest.mark.rule("castle.score.leftovers", "castle.score.final_exchange")
def test_leftovers_and_the_best_exchange() -> None:
    assert rules.leftovers(7, (3, 6, 7)) == 1 + 1 + 1 + 2
    assert rules.best_exchange(4, 1, (2, 2, 0)) == 1  # the seal makes a fifth coin
    assert rules.best_exchange(0, 2, (2, 2, 0)) == 1  # two seals make a third iron


@pytest.mark.rule(
    "castle.score.leftovers",
    "castle.score.track",
    "castle.score.courtiers",
    "castle.score.warriors",
    "castle.score.gardeners",
)
def test_annas_final_score_is_the_rulebooks() -> None:
    """castle.de:503: 8 points in play, 1 for 7 coins, 3 for resources, 6 on the track,
    courtiers 10+10+3+1+1, warriors (2+2+1+1) x 3 courtiers inside, gardeners 5+3+7: 76."""
    leftover = rules.leftovers(7, (3, 4, 5))
    courtiers = rules.courtier_points((2, 1, 0, 2), (1, 3, 6, 10))
    warriors = rules.warrior_points((2, 1, 1), (2, 1, 1), inside=1 + 0 + 2)
    track = rules.track_points(9, (4, 8, 12), (3, 6), (10, 11, 12, 13, 14, 15))
    assert (leftover, courtiers, warriors, track) == (1 + 3, 25, 18, 6)
    total = rules.final_score(
        8,
        leftover=leftover,
        track=track,
        courtiers=courtiers,
        warriors=warriors,
        gardeners=5 + 3 + 7,
    )
    assert total == 76


@pytest.mark.rule(
    "castle.score.track",
    "castle.score.courtiers",
    "castle.score.warriors",
    "castle.score.gardeners",
)
def test_the_final_scoring_parts() -> None:
    s = first_turn()
    trees = [t.after for t in s.game.data.board.track.trees]
    assert scoring.track_points(s, trees[0]) == 0
    assert scoring.track_points(s, trees[0] + 1) == 3
    assert scoring.track_points(s, trees[1] + 1) == 6
    assert 10 <= scoring.track_points(s, trees[2] + 1) <= 15
    fam = Family.start(3).but(court=(2, 1, 1, 1), left=(0, 5, 5), grounds=(2, 1, 0))
    warriors = (2 * s.game.data.board.grounds[0].points + s.game.data.board.grounds[1].points) * 3
    assert scoring.figures(s, fam) == 2 + 3 + 6 + 10 + warriors
    fam = Family.start(3).but(gardens=(0,), left=(5, 4, 5))
    assert scoring.figures(s, fam) == s.game.data.gardens[s.gardens[0]].points


@pytest.mark.rule("castle.score.winner")
def test_ties_go_to_the_earlier_seat() -> None:
    g = game(2)
    rng = random.Random(1)
    s = g.initial_state()
    while not s.is_terminal:
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    out = s.outcome()
    assert len(out.winners) == 1
    best = max(range(2), key=lambda p: (out.scores[p], out.tiebreaks[p]))
    assert out.winners == {best}


# --- solo ---


@pytest.mark.rule("castle.solo.setup", "castle.solo.difficulty", "castle.solo.deck")
@pytest.mark.parametrize(
    ("difficulty", "points", "first", "track"),
    [("easy", 0, 0, 0), ("medium", 3, 1, 1), ("hard", 8, 1, 3)],
)
def test_solo_setup_by_difficulty(difficulty: str, points: int, first: int, track: int) -> None:
    start = game(1, difficulty=difficulty).initial_state()
    assert start.rival is not None
    assert start.rival.points == points
    assert start.rival.track == track
    assert start.order[0] == first
    s = first_turn(1, difficulty=difficulty)
    assert s.solo is not None
    assert s.families[0].card is not None
    assert s.families[0].lantern
    assert s.solo.top is not None
    assert s.solo.top not in s.solo.hidden
    with pytest.raises(UnknownVariant):
        rulespec.game("castle", players=2, difficulty="hard")


@pytest.mark.rule(
    "castle.solo.basics", "castle.solo.reveal", "castle.solo.place", "castle.solo.actions"
)
def test_the_rival_takes_the_top_cards_die() -> None:
    s = first_turn(1, seed=2, difficulty="easy")
    solo = s.solo
    assert solo is not None
    # the player takes a die, places it and skips; then the rival plays
    s = s.apply(s.legal_actions()[0])
    s = s.apply(PlaceDie(WELL))
    s = advance(s, random.Random(0), Phase.TAKE)
    assert s.rival is not None
    assert s.rival.resources == (0, 0, 0)
    assert s.dice_left() == 9 - 2


@pytest.mark.rule(
    "castle.solo.undone",
    "castle.solo.ascent_cap",
    "castle.solo.symbols",
    "castle.solo.no_daimyo_reward",
    "castle.solo.trees_free",
)
def test_rival_actions_and_undone_points() -> None:
    s = first_turn(1, difficulty="easy").but(actor=1)
    rv = s.family(1).but(left=(0, 5, 5), court=(0, 0, 5, 0), points=0)
    s = s.with_family(1, rv)
    s = rival.act(s, fx(Symbol.GATE), None)
    assert s.family(1).points == 1  # round 1: no courtier left
    s = rival.act(s, fx(Symbol.ASCEND, 2), None)  # two levels from level 2: the hall
    assert s.family(1).court == (0, 0, 4, 1)
    assert s.daimyo[0] == 1
    before = s.family(1).track
    s = rival.act(s, fx(Symbol.INFLUENCE, 9), None)
    assert s.family(1).track == before + 9
    assert s.family(1).seals == 0


@pytest.mark.rule("castle.solo.ascent_cap", "castle.solo.undone")
@pytest.mark.parametrize("reading", ["stop_at_hall", "undone"])
def test_a_rival_two_level_ascent_from_level_2(reading: str) -> None:
    s = first_turn(1, difficulty="easy", rival_ascent=reading).but(actor=1, round=2)
    s = s.with_family(1, s.family(1).but(left=(4, 5, 5), court=(0, 0, 1, 0), points=0))
    two = fx(Symbol.ASCEND, 2)
    found = rival.candidates(s, two)
    after = rival.act(s, two, found[0] if found else None, possible=bool(found))
    if reading == "stop_at_hall":
        assert found == (None,)  # possible, with no room to choose
        assert after.family(1).court == (0, 0, 0, 1)
        assert after.family(1).points == 0
    else:
        assert found == ()
        assert after.family(1).court == (0, 0, 1, 0)
        assert after.family(1).points == 2  # round 2
    # one level from level 2 reaches the hall either way
    one = rival.candidates(s, fx(Symbol.ASCEND, 1))
    assert one == (None,)


@pytest.mark.rule("castle.solo.empty_deck")
def test_a_rival_courtier_in_a_room_with_an_empty_deck_leaves_the_card() -> None:
    s = first_turn(1, difficulty="easy").but(actor=1)
    s = s.with_family(1, s.family(1).but(left=(4, 5, 5), court=(1, 0, 0, 0)))
    room = s.game.tables.rooms_of_level(1)[0]
    empty = rival.act(s.but(deck1=()), fx(Symbol.ASCEND, 1), room)
    assert empty.family(1).court == (0, 1, 0, 0)
    assert empty.rooms == s.rooms
    assert empty.refill is None
    dealt = rival.act(s, fx(Symbol.ASCEND, 1), room)
    assert dealt.rooms[room] is None
    assert dealt.refill == room


@pytest.mark.rule("castle.solo.track_end", "castle.solo.undone")
def test_rival_influence_at_the_tracks_end_is_undone() -> None:
    s = first_turn(1, difficulty="easy").but(actor=1, round=2)
    last = s.game.data.board.track.last
    at_end = s.with_family(1, s.family(1).but(track=last, points=0))
    after = rival.act(at_end, fx(Symbol.INFLUENCE, 2), None)
    assert after.family(1).track == last
    assert after.family(1).points == 2  # round 2
    near = s.with_family(1, s.family(1).but(track=last - 1, points=0))
    moved = rival.act(near, fx(Symbol.INFLUENCE, 2), None)
    assert moved.family(1).track == last
    assert moved.family(1).points == 0


@pytest.mark.rule("castle.solo.round_end", "castle.solo.gardeners", "castle.solo.reshuffle")
def test_rival_round_end() -> None:
    s = first_turn(1, difficulty="easy").but(round=2)
    s = s.with_family(1, s.family(1).but(coins=11, points=0))
    first = rival.round_coins(s.but(order=(1, 0)))
    assert first.family(1).coins == 2
    assert first.family(1).points == 3 * 2
    second = rival.round_coins(s.but(order=(0, 1)))
    assert second.family(1).coins == 1
    assert second.family(1).points == 2 * 2
    assert rival.gardeners(s, 2).family(1).points == 4
    shuffled = rival.reshuffle(s)
    assert shuffled.solo is not None
    assert len(shuffled.solo.hidden) == 9


@pytest.mark.rule("castle.solo.final", "castle.solo.outcome")
def test_solo_outcome_records_the_rival() -> None:
    g = game(1, difficulty="hard")
    rng = random.Random(4)
    s = g.initial_state()
    while not s.is_terminal:
        s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    out = s.outcome()
    assert isinstance(out, scoring.CastleOutcome)
    assert out.rival is not None
    assert out.beats_rival == (out.scores[0] > out.rival)
    assert out.returns() == ((1.0,) if out.beats_rival else (0.0,))
    assert out.winners == ({0} if out.beats_rival else set())


@pytest.mark.rule("castle.solo.deck_runs_out")
def test_an_exhausted_deck_takes_the_first_die() -> None:
    s = first_turn(1, difficulty="easy").but(actor=1)
    solo = s.solo
    assert solo is not None
    s = s.but(solo=solo.but(hidden=(), bottom=(), top=0, row=(1, 2)))
    after = rival.flip(s)
    assert after.dice_left() == 8
    # the row went under the deck and its first card is the new top, never empty (issue 18)
    assert after.solo is not None
    assert (after.solo.top, after.solo.bottom, after.solo.row) == (1, (2, 0), ())


@pytest.mark.rule("castle.solo.reveal")
def test_the_rival_reveals_on_when_the_drawn_card_names_a_missing_die() -> None:
    """Issue 18: a newly drawn top card naming a missing die does not end the rival's turn
    without a die; the rival flips on until a card names a die that is there."""
    s = first_turn(1, difficulty="easy").but(actor=1)
    solo = s.solo
    assert solo is not None
    cards = s.game.data.solo
    missing = next(c for c, card in enumerate(cards) if card.colour == 0 and card.slot == 1)
    present = next(c for c, card in enumerate(cards) if card.colour == 1 and card.slot == 0)
    red = s.bridges[0]
    s = s.but(bridges=((red[0], 0, red[2]), *s.bridges[1:]))  # no red middle die
    s = s.but(solo=solo.but(top=0, row=(), bottom=(), hidden=tuple(range(1, len(cards)))))
    s = rival.start(s)
    assert s.phase is Phase.SOLO_DRAW
    s = s.apply(setup.deal_of(Pile.SOLO, missing))
    assert s.phase is Phase.SOLO_DRAW  # the turn goes on: another card is drawn
    assert s.solo is not None
    assert s.solo.row == (0, missing)
    before = s.dice_left()
    s = s.apply(setup.deal_of(Pile.SOLO, present))
    assert s.dice_left() == before - 1
    assert s.solo is not None
    assert s.solo.row == ()


@pytest.mark.rule("castle.solo.free_choices", "castle.solo.garden_icon")
def test_the_player_picks_among_the_rivals_equal_gardens() -> None:
    s = first_turn(1, difficulty="easy").but(actor=1)
    d = s.game.data
    plants = [g for g in range(6) if g % 2 == 0]
    low = min(d.gardens[s.gardens[g]].points for g in plants)
    found = rival.candidates(s, Effect(Symbol.GARDEN, 1, (), (d.gardens[0].kind.__class__(0),)))
    assert all(d.gardens[s.gardens[g]].points == low for g in found)
    assert set(found) <= set(plants)


@pytest.mark.rule("castle.info.decks")
def test_deals_are_uniform_over_what_is_left() -> None:
    s = game(2).initial_state()
    outs = s.chance_outcomes()
    assert len(outs) == len(s.deck1)
    assert all(p == Fraction(1, len(s.deck1)) for _, p in outs)
    assert setup.current_pile(s) is Pile.LEVEL1


@pytest.mark.rule("castle.solo.action_order")
def test_the_rival_does_the_last_two_cards_card_by_card() -> None:
    s = first_turn(1, difficulty="easy").but(actor=1)
    solo = s.solo
    assert solo is not None
    cards = s.game.data.solo
    s = s.but(solo=solo.but(row=(3, 5, 7)))
    after = rival.place(s, 0, 0, WELL)
    assert after.solo is not None
    assert after.solo.tasks == (*cards[5].actions, *cards[7].actions)
    assert after.solo.bottom[-3:] == (3, 5, 7)
    assert after.bridges[0][0] != 0  # the middle die closed the gap


@pytest.mark.rule("castle.solo.action_order")
def test_row_by_row_the_rival_does_both_top_actions_first() -> None:
    s = first_turn(1, difficulty="easy", rival_action_order="row_by_row").but(actor=1)
    solo = s.solo
    assert solo is not None
    cards = s.game.data.solo
    s = s.but(solo=solo.but(row=(3, 8)))
    after = rival.place(s, 0, 0, WELL)
    assert after.solo is not None
    top = (cards[3].actions[0], cards[8].actions[0])
    bottom = (cards[3].actions[1], cards[8].actions[1])
    assert after.solo.tasks == (*top, *bottom)
    # the training symbols of s4 (cost 1) and s9 (cost 5) meet the last warrior in the
    # other order than card by card
    assert after.solo.tasks.index(cards[3].actions[0]) < after.solo.tasks.index(cards[8].actions[1])


# --- the records behind the speed (issue 21 §5) ---


def test_record_copies_change_only_what_they_name() -> None:
    """State and Family copy their instance dicts: a copy changes the named fields, keeps
    the original, refuses a name that is no field, and pickles without the history."""
    s = first_turn()
    t = s.but(turns=2)
    assert (s.turns, t.turns) == (0, 2)
    assert t.but(turns=0) == s
    with pytest.raises(TypeError, match="no fields"):
        s.but(turn=1)
    with pytest.raises(TypeError, match="no fields"):
        s.family(0).but(coin=1)
    back = pickle.loads(pickle.dumps(s))
    assert back == s
    assert back.step == s.step
    assert back.legal_actions() == s.legal_actions()


@pytest.mark.rule("castle.symbols.meanings")
def test_options_are_the_same_asked_again_or_while_traced() -> None:
    """The options of an effect are kept for the last state asked about: asking again, or
    with the rule coverage on (which bypasses the memo), gives the same options."""
    s = with_tasks(first_turn(), (Effect(Symbol.ANY_RESOURCE, 2),))
    head = s.agenda[-1][0][0]
    first = [cost for cost, _ in effects.options(s, s.actor, head)]
    with trace.tracing() as counts:
        traced = [cost for cost, _ in effects.options(s, s.actor, head)]
    assert counts["castle.symbols.meanings"] == 1
    assert first == traced == [cost for cost, _ in effects.options(s, s.actor, head)]
    assert len(first) == len(rules.resource_splits(2))


@pytest.mark.rule("castle.turn.place")
@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_fields_offered_are_those_no_rule_refuses(players: int) -> None:
    """The legal placements (found in one pass for speed) are exactly the fields
    ``place_problem`` lets the die go on, at every placement of seeded games."""
    g = game(players)
    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = g.new_game(seed)
        while not s.is_terminal:
            if s.phase is Phase.PLACE:
                seen += 1
                every = [f for f in range(11) if turn.place_problem(s, f) is None]
                assert turn.placeable(s) == every
            s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    assert seen > 20


@pytest.mark.rule("castle.seals.window")
@pytest.mark.parametrize("players", [1, 2, 4])
def test_placing_opens_the_exchange_only_when_the_coins_alone_refuse_a_field(
    players: int,
) -> None:
    """While placing, seals may be exchanged for coins exactly when some field refuses the
    held die for the coins it costs and for nothing else (the same pass finds both)."""
    g = game(players)
    short_seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = g.new_game(seed)
        while not s.is_terminal:
            if s.phase is Phase.PLACE:
                s.legal_actions()  # the pass the shortfall may reuse
                refusals = [turn.place_problem(s, f) for f in range(11)]
                short = any(
                    r is not None and r[0].id == "castle.turn.coins_short" for r in refusals
                )
                want = frozenset({0}) if short else frozenset()
                assert turn.shortfalls(s) == want
                short_seen += bool(want)
            s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    assert short_seen > 0


@pytest.mark.rule("castle.seals.window")
@pytest.mark.parametrize(
    ("players", "exchange"), [(1, "just_in_time"), (2, "just_in_time"), (2, "anytime")]
)
def test_resolving_offers_the_exchanges_the_window_opens(players: int, exchange: str) -> None:
    """While resolving, the exchanges offered are those of :func:`turn.shortfalls` (worked
    out by the legal moves in their own pass over the options), at every such decision of
    seeded games."""
    g = game(players, exchange=exchange)
    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = g.new_game(seed)
        while not s.is_terminal:
            if s.phase is Phase.RESOLVE and s.family(s.actor).seals:
                offered = [a for a in s.legal_actions() if isinstance(a, Exchange)]
                fam = s.family(s.actor)
                short = range(4) if exchange == "anytime" else turn.shortfalls(s)
                want = [i for i in short if fam.seals >= (1 if i == 0 else 2)]
                assert [a.into for a in offered] == sorted(want)
                seen += bool(want)
            s = s.apply(s.sample_chance(rng) if s.is_chance else rng.choice(s.legal_actions()))
    assert seen > 0
