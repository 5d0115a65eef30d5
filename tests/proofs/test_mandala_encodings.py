"""Every z3 encoding in ``proofs/mandala.py`` agrees with the code it encodes.

The pure rule functions are compared on hypothesis-drawn inputs: the encoding is built
from z3 constants and simplified to a value. The card and tile movements of a turn are
compared with real turns of seeded random games: with the states before and after the
turn (and what was played and drawn) fixed, the encoded relation must be satisfiable.
Without these tests a proof would only be about a retelling of the rules.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction
from typing import Any

import attrs
import pytest
import z3
from hypothesis import given
from hypothesis import strategies as st

import rulespec
from proofs import mandala as enc
from proofs.z3util import seat_code
from rulespec.mandala import rules, scoring
from rulespec.mandala.actions import Action, DrawCard, Play
from rulespec.mandala.components import (
    CARDS_PER_COLOUR,
    COLOURS,
    NO_CARDS,
    NUM_COLOURS,
    TILES,
    Colour,
    Counts,
    Tile,
)
from rulespec.mandala.game import MandalaGame
from rulespec.mandala.state import Area, Phase, State
from rulespec.mandala.variant import TYPED

from . import ints, value, verdicts

PLAYERS = st.integers(2, 4)
SEEDS = st.integers(0, 2**32 - 1)


@st.composite
def seat_numbers(draw: st.DrawFn) -> tuple[int, list[int], list[int]]:
    """A player count, and per seat a total number of cards and how many are face up."""
    players = draw(PLAYERS)
    # small numbers, so that the ties the rules care about are common
    totals = draw(st.lists(st.integers(0, 6), min_size=players, max_size=players))
    ups = [draw(st.integers(0, t)) for t in totals]
    return players, totals, ups


# --- the pure rule functions -----------------------------------------------------------


@given(st.integers(0, 20), st.integers(0, 10), st.integers(0, 100))
def test_draw_count(hand: int, played: int, available: int) -> None:
    expected = rules.draw_count(hand, played, available)
    assert value(enc.draw_count(*ints([hand, played, available]))) == expected


@given(st.integers(0, 20), st.integers(0, 20), st.integers(0, 100))
def test_leaves_hand_empty(hand: int, count: int, available: int) -> None:
    expected = rules.leaves_hand_empty(hand, count, available)
    assert value(enc.leaves_hand_empty(*ints([hand, count, available]))) is expected


@given(seat_numbers(), st.data())
def test_new_holder(seats: tuple[int, list[int], list[int]], data: st.DataObject) -> None:
    players, totals, ups = seats
    active = data.draw(st.integers(0, players - 1))
    holder = data.draw(st.none() | st.integers(0, players - 1))
    expected = rules.new_holder(active, holder, totals, ups)
    got = enc.new_holder(z3.IntVal(active), z3.IntVal(seat_code(holder)), ints(totals), ints(ups))
    assert value(got) == seat_code(expected)


@given(
    seat_numbers(),
    st.data(),
    st.sampled_from([Fraction(0), Fraction(1, 2)]) | st.fractions(0, 2, max_denominator=5),
)
def test_claim(
    seats: tuple[int, list[int], list[int]], data: st.DataObject, share: Fraction
) -> None:
    players, totals, ups = seats
    holder = data.draw(st.none() | st.integers(0, players - 1))
    expected = rules.claim(holder, totals, ups, share)
    h, r = enc.claim(z3.IntVal(seat_code(holder)), ints(totals), ints(ups), share)
    assert (value(h), value(r)) == (
        seat_code(expected.holder),
        seat_code(expected.runner_up),
    )


def test_claim_uses_the_variant_shares() -> None:
    """The claims read the share from the variant table, as the games do."""
    for players, share in ((2, Fraction(1, 2)), (3, 0), (4, 0)):
        game = rulespec.game("mandala", players=players)
        assert isinstance(game, MandalaGame)
        from_table = TYPED.variant(players=players).runner_up_min_share
        assert game.variant.runner_up_min_share == from_table == share


@given(st.sampled_from(TILES))
def test_tile_points(tile: Tile) -> None:
    got = enc.tile_points(z3.IntVal(enc.face_code(tile.face)))
    assert value(got) == scoring.tile_points(tile)
    assert value(enc.is_face(z3.IntVal(enc.face_code(tile.face)))) is True


@given(st.sampled_from(TILES), st.sampled_from(TILES))
def test_flower_points(a: Tile, b: Tile) -> None:
    got = enc.flower_points(z3.IntVal(enc.face_code(a.face)), z3.IntVal(enc.face_code(b.face)))
    assert value(got) == scoring.flower_points(a, b)


def test_face_codes_are_distinct() -> None:
    """Two tiles of one colour differ in face, so their codes must differ too."""
    codes = {enc.face_code(t.face) for t in TILES if t.colour is Colour.RED}
    assert sorted(codes) == sorted(enc.FACES)


@st.composite
def areas(draw: st.DrawFn) -> Area:
    """A mandala with up to two tiles and any face-up and face-down cards."""
    players = draw(PLAYERS)
    tiles = tuple(draw(st.lists(st.sampled_from(TILES), max_size=2, unique=True)))
    counts = st.tuples(*[st.integers(0, 3)] * NUM_COLOURS)
    up = tuple(draw(counts) for _ in range(players))
    down = tuple(draw(counts) for _ in range(players))
    return Area(tiles, None, up, down)


@given(areas(), st.sampled_from(COLOURS))
def test_colours_present_and_completion(area: Area, colour: Colour) -> None:
    present = enc.colours_present([z3.IntVal(int(t.colour)) for t in area.tiles], area.up)
    assert {c for c in COLOURS if value(present[c])} == area.colours()
    assert value(enc.is_complete(present)) is rules.is_complete(area.colours())
    expected = rules.plays_face_up(colour, area.colours())
    assert value(enc.plays_face_up(z3.IntVal(int(colour)), present)) is expected


# --- turns of real games ------------------------------------------------------------------


@attrs.frozen
class TurnSeen:
    """One turn of a random game: the state at step 1, the state at the next step 1 (or
    the end), what was played, and the colours drawn in step 2."""

    before: State
    after: State
    play: Play
    drawn: Counts
    reshuffled: bool

    @property
    def resolved(self) -> bool:
        """Some mandala was resolved: cards left it (they leave a mandala no other way)."""
        for m, (b, a) in enumerate(zip(self.before.mandalas, self.after.mandalas, strict=True)):
            added = self.play.count if m == self.play.mandala else 0
            if sum(a.totals()) < sum(b.totals()) + added:
                return True
        return False


@functools.cache
def game_turns(players: int, seed: int) -> tuple[TurnSeen, ...]:
    """Every turn of the random game with this seed (random choices for every decision)."""
    rng = random.Random(seed)
    state = rulespec.game("mandala", players=players).new_game(seed=seed)
    out: list[TurnSeen] = []
    while not state.is_terminal:
        before = state
        play = rng.choice(state.legal_actions())
        assert isinstance(play, Play)
        state = state.apply(play)
        drawn = list(NO_CARDS)
        reshuffled = False
        while not state.is_terminal and state.phase is not Phase.PLAY:
            action: Action = (
                state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
            )
            if isinstance(action, DrawCard):
                drawn[action.colour] += 1
                reshuffled |= not any(state.deck)
            state = state.apply(action)
        out.append(TurnSeen(before, state, play, tuple(drawn), reshuffled))  # type: ignore[arg-type]
    return tuple(out)


@functools.cache
def turn_template(players: int) -> tuple[enc.Turn, tuple[Any, ...]]:
    """Fresh turn variables and their relation, built once per player count."""
    turn = enc.Turn.fresh("t_", players)
    return turn, tuple(turn.relation())


def cards_fit(seen: TurnSeen, after: enc.CardPiles | None = None) -> bool:
    """Whether the card relation admits this turn, with everything observed fixed."""
    turn, relation = turn_template(seen.before.players)
    move, play = turn.move, seen.play
    face_up = rules.plays_face_up(play.colour, seen.before.mandalas[play.mandala].colours())
    solver = z3.Solver()
    solver.add(*relation)
    solver.add(*turn.before.equal(enc.CardPiles.of(seen.before)))
    solver.add(*turn.after.equal(after or enc.CardPiles.of(seen.after)))
    solver.add(
        move.seat == seen.before.seat,
        move.colour == int(play.colour),
        move.count == play.count,
        move.mandala == play.mandala,
        move.face_up == face_up,
        *[move.from_deck[c] + move.from_discard[c] == seen.drawn[c] for c in COLOURS],
    )
    return bool(solver.check() == z3.sat)


@functools.cache
def tile_template(players: int) -> tuple[enc.TilePlaces, enc.TilePlaces, tuple[Any, ...]]:
    """Fresh tile variables and their relation, built once per player count."""
    before, after = enc.TilePlaces.fresh("b", players), enc.TilePlaces.fresh("a", players)
    return before, after, tuple(enc.tile_relation(before, after, enc.TileMove.fresh("m")))


def tiles_fit(seen: TurnSeen) -> bool:
    """Whether the tile relation admits this (not final) turn, with both states fixed."""
    before, after, relation = tile_template(seen.before.players)
    solver = z3.Solver()
    solver.add(*relation)
    solver.add(*before.equal(enc.TilePlaces.of(seen.before)))
    solver.add(*after.equal(enc.TilePlaces.of(seen.after)))
    return bool(solver.check() == z3.sat)


@given(PLAYERS, SEEDS, st.integers(0, 10_000))
def test_card_relation_admits_random_turns(players: int, seed: int, index: int) -> None:
    turns = game_turns(players, seed)
    assert cards_fit(turns[index % len(turns)])


@given(PLAYERS, SEEDS, st.integers(0, 10_000))
def test_tile_relation_admits_random_turns(players: int, seed: int, index: int) -> None:
    turns = [t for t in game_turns(players, seed) if not t.after.is_terminal]
    seen = turns[index % len(turns)]
    assert tiles_fit(seen)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 1)])
def test_relations_admit_every_eventful_turn(players: int, seed: int) -> None:
    """Every turn of a whole game with a resolution, a reshuffle or the game's end."""
    turns = game_turns(players, seed)
    eventful = [t for t in turns if t.resolved or t.reshuffled or t.after.is_terminal]
    assert any(t.reshuffled for t in eventful)
    assert sum(t.resolved for t in eventful) >= 5
    assert eventful[-1].after.is_terminal
    for seen in eventful:
        assert cards_fit(seen), seen.before.turn
        if not seen.after.is_terminal:
            assert tiles_fit(seen), seen.before.turn


def test_card_relation_rejects_a_lost_card() -> None:
    """A card moved from a waiting player's hand to the discard pile is no turn."""
    seen = game_turns(3, 1)[0]
    other = (seen.before.seat + 1) % 3
    hand = seen.after.hands[other]
    colour = next(c for c in COLOURS if hand[c])
    after = enc.CardPiles.of(seen.after)
    hands = list(after.hands)
    hands[other] = tuple(n - (c == colour) for c, n in enumerate(hand))
    discard = tuple(n + (c == colour) for c, n in enumerate(after.discard))
    tampered = attrs.evolve(after, hands=tuple(hands), discard=discard)
    assert cards_fit(seen)
    assert not cards_fit(seen, tampered)


def test_tile_relation_rejects_a_moved_tile() -> None:
    """A tile that jumps from a mandala to a player without a resolution is no turn."""
    seen = next(t for t in game_turns(3, 1) if not t.resolved)
    tile = seen.after.mandalas[0].tiles[0]
    area = seen.after.mandalas[0]
    moved_area = attrs.evolve(area, tiles=area.tiles[1:])
    holdings = list(seen.after.holdings)
    holdings[0] = holdings[0].receive(tile)
    after = attrs.evolve(
        seen.after,
        mandalas=(moved_area, *seen.after.mandalas[1:]),
        holdings=tuple(holdings),
    )
    assert tiles_fit(seen)
    assert not tiles_fit(attrs.evolve(seen, after=after))


# --- the invariants the inductive claims assume, on reachable states ----------------------


@given(PLAYERS, SEEDS, st.integers(0, 10_000))
def test_majority_invariant_holds_between_turns(players: int, seed: int, index: int) -> None:
    """The invariant that claim mandala.majority.take_marker:holder_has_face_up_majority
    assumes, checked on every mandala before and after a turn of a random game."""
    turns = game_turns(players, seed)
    seen = turns[index % len(turns)]
    for state in (seen.before, seen.after):
        for area in state.mandalas:
            inv = enc.majority_invariant(
                z3.IntVal(seat_code(area.marker)), ints(area.totals()), ints(area.ups())
            )
            assert value(inv) is True, area


@given(PLAYERS, SEEDS)
def test_stacks_start_at_15_and_lose_one_each_per_resolution(players: int, seed: int) -> None:
    """The base case and the step of mandala.end.no_tiles_immediate:stacks_deplete_together,
    and the cards' total (mandala.components.cards), on every step 1 of a random game."""
    turns = game_turns(players, seed)
    restarts = 0
    for seen in turns:
        state = seen.before
        assert len(state.dark) == len(state.light) == enc.TILES_PER_BACK - 3 - restarts
        piles = enc.CardPiles.of(state).cells()
        for c in range(NUM_COLOURS):
            assert sum(piles[c::NUM_COLOURS]) == CARDS_PER_COLOUR
        if not seen.after.is_terminal and len(seen.after.dark) < len(state.dark):
            restarts += 1


# --- the verdicts ---------------------------------------------------------------------------


@pytest.mark.slow
def test_known_mandala_witnesses() -> None:
    """Expected counterexamples that are facts about the rules, not canaries (that every
    claim comes out as expected is checked for every game in test_harness.py)."""
    by_id = {v.claim_id: v for v in verdicts("mandala")}
    assert by_id["mandala.end.stalled:some_play_always_legal"].detail == "available = 0, hand = 1"
    assert (
        "face_a = 2, face_b = 0" in by_id["mandala.scoring.flower_triple:flower_at_least_7"].detail
    )
