"""The short position format (issue 22): components by id, counters derived, a pending
turn described, contradictions refused naming the field and the rule, and the form
written back by ``position.short`` reading back to the same position."""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from rulespec.castle.actions import End, PlaceDie, Resolve, Skip, TakeDie
from rulespec.castle.codec import CODEC
from rulespec.castle.components import Colour, Effect, Symbol
from rulespec.castle.position import short
from rulespec.castle.short import kept
from rulespec.castle.state import Phase, Stage, State
from rulespec.core.convert import Reader
from rulespec.errors import InvalidArgument, MalformedPosition
from tests.fuzz import (
    FAMILIES,
    apply_mutations,
    attempt,
    check_accepted_state,
    mutations,
    show,
    vocabulary,
)

HEADER = {"game": "castle", "settings": {"players": 2}}
BRIDGES = {"red": [2, 2, 4], "black": [0, 0, 6], "white": [0, 0, 6]}
"""Four of the nine dice taken: the fourth turn is seat 1's, order [0, 1]."""


def load(players: int = 2, **fields: Any) -> State:
    game = rulespec.game("castle", players=players)
    state: State = game.state_from_json({"game": "castle", "settings": {"players": players},
                                         **fields})  # fmt: skip
    return state


def refused(match: str, **fields: Any) -> str:
    with pytest.raises(MalformedPosition) as info:
        load(**fields)
    text = str(info.value)
    assert match in text, text
    return text


# --- each part of a round ----------------------------------------------------------------


@pytest.mark.rule("castle.setup.dice", "castle.round.reroll")
def test_a_round_starts_with_the_dice_to_roll() -> None:
    s = load(round=2, order=[1, 0], families=[{"coins": 3}, {"track": 2}])
    assert (s.phase, s.stage, s.round, s.turns) == (Phase.ROLL, Stage.TURN, 2, 0)
    assert s.dice_left() == 0
    rolled = s
    while rolled.is_chance:  # the first in order plays first once every bridge is rolled
        rolled = rolled.apply(rolled.chance_outcomes()[0][0])
    assert (rolled.phase, rolled.actor) == (Phase.TAKE, 1)


@pytest.mark.rule("castle.round.order")
def test_after_round_one_the_order_left_out_follows_the_seasons_track() -> None:
    fams = [{"track": 1}, {"track": 4}, {"track": 4}]
    assert load(3, round=2, families=fams).order == (1, 2, 0)
    assert load(3, round=2, families=fams, stack=[2, 0, 1]).order == (2, 1, 0)
    assert load(3, round=1).order == (0, 1, 2)


@pytest.mark.rule("castle.turn.rounds")
def test_the_seat_to_play_follows_from_the_dice_taken() -> None:
    s = load(order=[1, 0], bridges=BRIDGES)
    # four dice taken, one a turn: turns 0-3 done, the fifth is order[4 % 2]
    assert (s.phase, s.turns, s.actor) == (Phase.TAKE, 4, 1)
    assert TakeDie(Colour.RED, End.LEFT) in s.legal_actions()


@pytest.mark.rule("castle.actions.training", "castle.turn.optional_actions")
def test_a_training_action_pending_mid_turn() -> None:
    s = load(
        round=2,
        bridges=BRIDGES,
        fields={"room 2": 5, "outside 6": 5},
        families=[{"iron": 3}, {"iron": 6, "warriors": [0, 1, 0]}],
        pending={"seat": 1, "resolve": "training"},
    )
    assert (s.phase, s.actor, s.turns, s.agenda) == (Phase.RESOLVE, 1, 3, (((_e("training"),),),))
    words = [s.describe(a) for a in s.legal_actions()]
    assert words[0].startswith("train a warrior on training ground 0")
    assert "5 iron" in words[0]
    assert words[-1] == "skip: train a warrior"


@pytest.mark.rule("castle.fields.rooms", "castle.turn.lantern_left")
def test_a_die_just_placed_puts_its_sections_and_the_lantern_on_the_agenda() -> None:
    s = load(bridges=BRIDGES, fields={"room 0": 2},
             pending={"on": "room 0", "die": "red", "left": True})  # fmt: skip
    game = s.game
    card = game.tables.cards[s.rooms[0] or 0]
    reds = [k for k, c in enumerate(s.room_tiles(0)) if c is Colour.RED]
    assert s.agenda[0] == tuple(card.sections[k].effects for k in reds)
    lantern = tuple(game.tables.lantern[x] for x in s.families[1].lantern)
    assert s.agenda[-1] == lantern  # the lantern bonus on top (castle.turn.lantern_left)


@pytest.mark.rule("castle.turn.take")
def test_a_held_die_waits_to_be_placed() -> None:
    s = load(bridges=BRIDGES, pending={"held": "white 6 right"})
    assert (s.phase, s.held, s.actor) == (Phase.PLACE, (2, 6, 0), 1)
    assert all(isinstance(a, PlaceDie) for a in s.legal_actions())


@pytest.mark.rule("castle.round.end", "castle.score.winner")
def test_three_dice_left_in_round_three_is_the_final_scoring() -> None:
    s = load(round=3, bridges={"red": [0, 0, 0], "black": [0, 0, 6], "white": [3, 0, 6]},
             families=[{"points": 20, "court": [0, 1, 1, 0]}, {"points": 24}])  # fmt: skip
    assert s.is_terminal
    assert s.stage is Stage.OVER
    assert s.outcome().scores == s.scores()


@pytest.mark.rule("castle.round.gardeners")
def test_three_dice_left_in_round_one_activates_the_gardeners() -> None:
    s = load(
        bridges={"red": [0, 0, 0], "black": [0, 0, 6], "white": [3, 0, 6]},
        families=[{}, {"gardeners": ["plant-3"]}],  # the white bridge's plant garden
    )
    assert (s.stage, s.phase, s.actor) == (Stage.GARDENERS, Phase.RESOLVE, 1)
    assert s.agenda == ((s.game.data.gardens[2].action,),)
    again = s.game.state_from_json(short(s))
    assert again == s.but(stamp=again.stamp)


def test_no_gardener_to_activate_rolls_the_next_round() -> None:
    s = load(bridges={"red": [0, 0, 0], "black": [0, 0, 6], "white": [3, 0, 6]},
             fields={"room 1": 3})  # fmt: skip
    assert (s.round, s.phase, s.fields) == (2, Phase.ROLL, (0,) * 7)


def _e(text: str) -> Any:
    return CODEC.load(text, Effect, Reader(None))


# --- refusals ------------------------------------------------------------------------------


REFUSALS: list[tuple[str, dict[str, Any]]] = [
    ("pending.seat: it is seat 1's turn", {"bridges": BRIDGES,
                                           "pending": {"seat": 0, "resolve": "training"}}),
    ("(castle.setup.dice)", {"pending": {"held": "red 3 left"}}),
    ("families[0].court: 6 courtiers placed, a family has 5 (castle.components.counts)",
     {"families": [{"court": [3, 3, 0, 0]}, {}]}),
    ("rooms[0]: card l2-01 is not of level 1 (castle.setup.room_cards)",
     {"rooms": ["l2-01", "l1-02", "l1-03", "l2-03", "l2-02"]}),
    ("diamond[0]: die tile black-1 is not red", {"diamond": ["black-1", "black-2", "white-1"]}),
    ("gardens[0]: garden stone-1 is of the other kind",
     {"gardens": ["stone-1", "plant-1", "plant-2", "stone-2", "plant-3", "stone-3"]}),
    ("bridges: 8 dice taken, but each of the 2 seats takes three a round (castle.round.end)",
     {"bridges": {"red": [0, 0, 0], "black": [0, 0, 0], "white": [0, 0, 6]}}),
    ("bridges[0]: dice lie sorted from left to right (castle.setup.dice)",
     {"bridges": {"red": [4, 2, 2], "black": [0, 0, 6], "white": [0, 0, 6]}}),
    ("pending.on: no die lies on room 0 (castle.turn.place)",
     {"bridges": BRIDGES, "pending": {"on": "room 0", "die": "white"}}),
    ("pending.die: room 0 has no white die tile (castle.fields.rooms)",
     {"bridges": BRIDGES, "fields": {"room 0": 3}, "pending": {"on": "room 0", "die": "white"}}),
    ("pending.resolve[0]: coins and points at a task's head are taken at once "
     "(castle.coins.unlimited)", {"bridges": BRIDGES, "pending": {"resolve": "vp 3, training"}}),
    ("pending.resolve[0]: no action of the game ends with these effects "
     "(castle.symbols.meanings)", {"bridges": BRIDGES, "pending": {"resolve": "training 7"}}),
    ("pending.under[0][1]: no action of the game ends with these effects",
     {"bridges": BRIDGES, "pending": {"resolve": "training", "under": [["iron 2", "castle 3"]]}}),
    ("families[0].seals: more than five seals are exchanged at once (castle.seals.cap)",
     {"bridges": BRIDGES, "families": [{"seals": 7}, {}]}),
    ("families[0]: 0 courtiers on level 3 but 1 on Daimyo spaces or beside the card "
     "(castle.actions.level3)",
     {"daimyo": [0, None, None]}),
    ("families[0].gardeners[0]: this garden lies on no garden slot (castle.setup.gardens)",
     {"families": [{"gardeners": ["plant-5"]}, {}]}),
    ("families[1].lantern[0]: the card also lies at families[0].lantern[0]; each card is in one "
     "place (castle.components.counts)", {"families": [{"lantern": ["r1"]}, {"lantern": ["r1"]}]}),
    ("families[1].card: the card also lies at families[0].card",
     {"families": [{"card": "a1"}, {"card": "a1"}]}),
    ("families[0].card: castle card l1-01 also lies in rooms[0]; a family takes a room's card, "
     "which a deck replaces (castle.actions.card_swap)", {"families": [{"card": "l1-01"}, {}]}),
    ("families[1].card: the card also lies at display[0]; each card is in one place "
     "(castle.components.counts)", {"display": [["r9", "a6"]], "families": [{}, {"card": "a6"}]}),
    ("rooms[0]: a ♦ castle card, used with three or four families only "
     "(castle.setup.two_player_cards)", {"rooms": ["l1-10", "l1-02", "l1-03", "l2-01", "l2-02"]}),
    ("pending: nothing is pending", {"bridges": BRIDGES, "pending": {}}),
    ("pending.gardeners: gardeners are activated at a round's end, three dice left "
     "(castle.round.gardeners)",
     {"bridges": BRIDGES, "pending": {"gardeners": [1], "seat": 0, "resolve": "food"}}),
    ("rooms: a room waits for a refill only during a turn (castle.actions.card_swap)",
     {"bridges": BRIDGES, "rooms": [None, "l1-02", "l1-03", "l2-01", "l2-02"]}),
    ("rival: only in solo play (castle.solo.setup)", {"rival": {}}),
    ("discarded: only the solo rival's ascent removes room cards (castle.solo.symbols)",
     {"discarded": ["l1-09"]}),
    ("rooms[1]: expected the id of a castle card", {"rooms": ["l1-01", 3, "l1-03", "l2-01",
                                                               "l2-02"]}),
    ("foo: unknown key", {"foo": 1}),
    ("fields: 3 dice on fields, family boards or in hand, but 2 dice off the bridges "
     "this round (castle.turn.place)",
     {"bridges": {"red": [2, 0, 4], "black": [1, 3, 6], "white": [1, 0, 5]},
      "fields": {"room 0": 2, "outside 5": 3}, "families": [{"dice": {"warriors": 6}}, {}]}),
    ("fields: the dice of the round before are cleared before the roll (castle.round.reroll)",
     {"round": 2, "fields": {"room 0": 2}}),
]  # fmt: skip


@pytest.mark.rule(
    "castle.components.counts",
    "castle.setup.room_cards",
    "castle.setup.die_tiles",
    "castle.setup.gardens",
    "castle.seals.cap",
    "castle.actions.level3",
    "castle.actions.card_swap",
    "castle.setup.two_player_cards",
    "castle.coins.unlimited",
    "castle.symbols.meanings",
    "castle.round.reroll",
)
@pytest.mark.parametrize(("match", "fields"), REFUSALS, ids=[m[:40] for m, _ in REFUSALS])
def test_a_position_that_contradicts_itself_is_refused_naming_field_and_rule(
    match: str, fields: dict[str, Any]
) -> None:
    refused(match, **fields)


def test_every_problem_at_once() -> None:
    text = refused("families[0].iron", families=[{"iron": 8, "track": 99}, {"bar": 1}])
    assert "families[0].track" in text
    assert "families[1].bar: unknown key" in text


# --- the full form and the round trip --------------------------------------------------------


def test_the_engine_position_still_loads_and_round_trips() -> None:
    game = rulespec.game("castle", players=3)
    s, rng = game.new_game(5), random.Random(5)
    for _ in range(60):
        s = rulespec.random_step(s, rng)
    data = json.loads(json.dumps(s.to_json()))
    assert game.state_from_json(data) == s


def test_setup_and_the_picks_have_no_short_form() -> None:
    with pytest.raises(InvalidArgument, match="no short form"):
        short(rulespec.game("castle", players=2).initial_state())


def _canonical(data: dict[str, Any]) -> dict[str, Any]:
    """The engine position without what the short form leaves to derivation: the stamp,
    the markers' heights (only their ranking counts), the actor of a finished game. The
    starting pairs left over are kept (issue 28, r17: they were dropped)."""
    out = {k: v for k, v in data.items() if k not in ("stamp", "step")}
    out["families"] = [{k: v for k, v in f.items() if k != "height"} for f in out["families"]]
    if out["rival"] is not None:
        out["rival"] = {k: v for k, v in out["rival"].items() if k != "height"}
    if out["phase"] == "game_over":
        out.pop("actor")
    return out


SETTINGS: list[dict[str, Any]] = [{"players": 2}, {"players": 3}, {"players": 4},
            {"players": 1, "difficulty": "easy"}, {"players": 1, "difficulty": "hard"}]  # fmt: skip


@pytest.mark.rule("castle.turn.rounds")
@given(settings=st.sampled_from(SETTINGS), seed=st.integers(0, 2**32))
def test_short_load_short_is_stable_at_turn_boundaries(settings: dict[str, Any], seed: int) -> None:
    game = rulespec.game("castle", **settings)
    rng = random.Random(seed)
    s = game.initial_state()
    checked = 0
    while not s.is_terminal or checked == 0:
        if s.phase in (Phase.TAKE, Phase.ROLL, Phase.GAME_OVER) and s.stage is not Stage.SETUP:
            written = json.loads(json.dumps(short(s)))
            again = game.state_from_json(written)
            assert short(again) == written
            assert _canonical(again.to_json()) == _canonical(s.to_json())
            assert again.legal_actions() == s.legal_actions()
            checked += 1
        if s.is_terminal:
            break
        s = rulespec.random_step(s, rng)
    assert checked


@pytest.mark.rule("castle.turn.field_actions")
def test_short_load_short_mid_turn() -> None:
    game = rulespec.game("castle", players=3)
    rng = random.Random(7)
    s = game.new_game(7)
    seen = set()
    while not s.is_terminal:
        if (
            s.stage in (Stage.TURN, Stage.GARDENERS)
            and not s.refill_wait
            and (s.phase in (Phase.PLACE, Phase.RESOLVE, Phase.EXCHANGE))
        ):
            written = short(s)
            again = game.state_from_json(written)
            assert _canonical(again.to_json()) == _canonical(s.to_json())
            seen.add(s.phase)
        s = rulespec.random_step(s, rng)
    assert {Phase.PLACE, Phase.RESOLVE} <= seen


def test_skip_and_resolve_of_a_loaded_pending_task_play_on() -> None:
    s = load(bridges=BRIDGES, families=[{}, {"iron": 1}], pending={"resolve": "training"})
    after = s.apply(Skip(0))
    assert after.phase is Phase.TAKE  # seat 1's turn is over
    assert after.actor == 0
    paid = s.apply(next(a for a in s.legal_actions() if isinstance(a, Resolve)))
    assert paid.families[1].grounds != s.families[1].grounds
    assert Symbol.TRAINING not in {e.symbol for f in paid.agenda for t in f for e in t}


# --- fuzzing the short form ----------------------------------------------------------------


@st.composite
def _short_positions(draw: st.DrawFn) -> tuple[Any, dict[str, Any]]:
    """A short position of a state reached by seeded random play (a turn's start, a
    decision mid-turn or a round's end)."""
    settings = draw(st.sampled_from(SETTINGS))
    game = rulespec.game("castle", **settings)
    rng = random.Random(draw(st.integers(0, 2**16)))
    s = game.new_game(rng.randrange(2**16))
    for _ in range(draw(st.integers(0, 200))):
        if s.is_terminal:
            break
        s = rulespec.random_step(s, rng)
    while True:
        try:
            return game, short(s)
        except InvalidArgument:  # setup, the picks, the rival's turn: play on
            s = rulespec.random_step(s, rng)


@pytest.mark.parametrize("family", FAMILIES)
@given(found=_short_positions(), data=st.data())
def test_mutated_short_positions_load_or_raise_a_rulespec_error(
    family: str, found: tuple[Any, dict[str, Any]], data: st.DataObject
) -> None:
    game, position = found
    words = vocabulary("castle")
    plan = data.draw(mutations(position, words, family), label="mutations")
    mutated = apply_mutations(position, plan)
    ok, state = attempt("game.state_from_json", game.state_from_json, mutated)
    if ok:
        check_accepted_state(game, state, f"state_from_json({show(mutated)})")


@pytest.mark.rule("castle.round.order", "castle.round.order_stack")
def test_at_a_rounds_end_the_new_order_is_the_tracks_and_the_pile_breaks_a_tie() -> None:
    """Three dice left: the round is over and its order is the new one (castle.de:449):
    left out, it is derived from the track, a shared space ranked by its pile (top first,
    the latest arrival: castle.de:439); given, it must agree."""
    game = rulespec.game("castle", players=3)
    rng = random.Random(5)
    s = game.new_game(5)
    while not s.is_terminal:
        s = rulespec.random_step(s, rng)
    written = short(s)
    for seat, track in enumerate((7, 7, 2)):
        written["families"][seat]["track"] = track
    del written["order"]
    for stack, order in (([1, 0, 2], (1, 0, 2)), ([0, 1, 2], (0, 1, 2)), ([2, 1, 0], (1, 0, 2))):
        loaded = game.state_from_json({**written, "stack": stack})
        assert loaded.order == order, stack
        assert loaded.is_terminal
    bad = {**written, "stack": [1, 0, 2], "order": [0, 1, 2]}
    with pytest.raises(MalformedPosition, match=r"castle\.round\.order_stack"):
        game.state_from_json(bad)


@pytest.mark.rule("castle.setup.pairs")
def test_the_short_form_keeps_the_starting_pairs_left_over_in_their_places() -> None:
    """r17: short() wrote no ``display``, so reading it back dealt other cards into the
    display and every seat's view changed. It writes every pair in its place (null for
    a pair a seat took); the form of the pairs left over alone still loads."""
    game = rulespec.game("castle", players=2)
    rng, s = random.Random(0), game.new_game(seed=0)
    while s.stage is not Stage.TURN:
        s = rulespec.random_step(s, rng)
    written = short(s)
    assert written["display"].count(None) == 2
    assert len(written["display"]) == 3
    again = game.state_from_json(written)
    assert again.display == s.display
    for seat in range(game.players):
        assert again.observation(seat).display == s.observation(seat).display
    left = [pair for pair in written["display"] if pair is not None]
    assert (
        game.state_from_json({**written, "display": left}).display[0]
        == s.display[next(i for i, pair in enumerate(written["display"]) if pair is not None)]
    )


@pytest.mark.rule("castle.setup.pairs")
def test_a_display_of_every_pair_needs_one_null_per_seat() -> None:
    game = rulespec.game("castle", players=2)
    with pytest.raises(MalformedPosition, match="null for each of the 2"):
        game.state_from_json(
            {"game": "castle", "settings": {"players": 2}, "display": [None, None, None]}
        )


@pytest.mark.rule("castle.setup.pairs")
@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_short_load_is_the_same_position_but_for_the_stamp_numbers(
    settings: dict[str, Any],
) -> None:
    """The round trip of the short form, over random play of every column: the state read
    back is the state written (``short.kept``: all but the numbers of the markers' stamps,
    renumbered in their order, and a finished game's last actor), the starting pairs left
    over among it (issue 33: they had drifted), every seat sees the same but for those
    numbers, and the schema derived from the same declaration takes each form written."""
    game = rulespec.game("castle", **settings)
    schema = jsonschema.Draft202012Validator(game.json_schema("short_position"))
    rng, s = random.Random(3), game.new_game(seed=3)
    checked = 0
    while not s.is_terminal:
        s = rulespec.random_step(s, rng)
        try:
            written = json.loads(json.dumps(short(s)))
        except InvalidArgument:
            continue
        assert not [e.message for e in schema.iter_errors(written)], (s.step, written)
        again = game.state_from_json(written)
        assert kept(again) == kept(s)
        assert again.display == s.display
        assert again.legal_actions() == s.legal_actions()
        checked += 1
    assert checked > 20


def _problems(game: Any, data: dict[str, Any]) -> list[str]:
    """The problems of the MalformedPosition refusing ``data`` (none: it loads)."""
    try:
        game.state_from_json(data)
    except MalformedPosition as err:
        return list(err.problems)
    return []


WRONG_KIND: tuple[Any, ...] = ("x", {"a": 1}, [["x"]], -1, True, None)
"""Values of the wrong kind for some key or other of the short form."""


def _keys(written: dict[str, Any]) -> list[tuple[str, tuple[str | int, ...]]]:
    """Each key of a written short form and of its first family and pending turn: the
    path as a problem names it, and the path into the JSON."""
    out = [(k, (k,)) for k in written if k not in ("game", "settings")]
    out += [(f"families[0].{k}", ("families", 0, k)) for k in written["families"][0]]
    out += [(f"pending.{k}", ("pending", k)) for k in written.get("pending", {})]
    return out


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_every_refusal_of_a_malformed_short_form_names_the_field(
    settings: dict[str, Any],
) -> None:
    """Issue 33: a value of the wrong kind for any key (or an unknown key) is a
    MalformedPosition whose problems begin with that key's path."""
    game = rulespec.game("castle", **settings)
    rng, s = random.Random(11), game.new_game(seed=11)
    seen: set[str] = set()
    forms = []
    while not s.is_terminal:
        s = rulespec.random_step(s, rng)
        try:
            forms.append(json.loads(json.dumps(short(s))))
        except InvalidArgument:
            continue
    mid_turn = next(f for f in forms if "pending" in f)
    for written in [mid_turn, *forms[:: max(1, len(forms) // 2)]]:  # and two or three more
        for name, path in _keys(written):
            for value in WRONG_KIND:
                mutated = json.loads(json.dumps(written))
                target = mutated
                for part in path[:-1]:
                    target = target[part]
                if target[path[-1]] == value:
                    continue
                target[path[-1]] = value
                problems = _problems(game, mutated)
                assert not problems or problems[0].startswith(name), (name, problems)
                seen.update([name] if problems else [])
        with pytest.raises(MalformedPosition) as err:
            game.state_from_json({**written, "familes": []})
        assert err.value.problems[0].startswith("familes: unknown key")
    assert {"order", "rooms", "families", "families[0].coins", "pending.seat"} <= seen
