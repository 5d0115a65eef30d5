"""Every worked example of the Mandala rulebook (shared/rulebooks/mandala.de.txt), replayed.

Seats follow the book's names where it has them: Anika is seat 0, Britta seat 1, Cyrill
seat 2. Each test cites the lines of its example.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import rulespec
from rulespec.mandala import Colour, Phase, Play, Tile
from rulespec.mandala.rules import draw_count
from rulespec.mandala.scoring import flower_points, tile_points

from . import area, load, position, settle

ANIKA, BRITTA, CYRILL = 0, 1, 2
BLACK_TILE_MANDALA = ("black-2", "green-5")


# mandala.de:38: the first player draws 5, the others 6, 7 and 8 clockwise.
@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_hands_are_5_6_7_8(players: int) -> None:
    state = rulespec.game("mandala", players=players).new_game(seed=players)
    assert tuple(sum(h) for h in state.hands) == (5, 6, 7, 8)[:players]
    assert sum(state.deck) == 90 - sum((5, 6, 7, 8)[:players])
    assert state.current_player == 0


# mandala.de:62: Cyrill adds 3 black cards to a mandala where black is already present,
# so they go face down.
@pytest.mark.parametrize("black_from", ["tile", "britta"])
def test_l62_cyrill_plays_three_black_cards_face_down(black_from: str) -> None:
    if black_from == "tile":
        mandala = area(BLACK_TILE_MANDALA, 3)
    else:  # black lies face up in front of Britta, who therefore holds the marker
        mandala = area(("purple-3", "orange-4"), 3, up={BRITTA: {"black": 2}}, marker=BRITTA)
    hands = [{"red": 5}, {"green": 6}, {"black": 4, "yellow": 3}]
    before = load(
        position(
            hands,
            [mandala, area(("red-2", "yellow-2"), 3), area(("purple-2", "orange-2"), 3)],
            seat=CYRILL,
        )
    )
    after = before.apply(Play(0, Colour.BLACK, 3))
    cards = after.mandalas[0]
    assert cards.down[CYRILL][Colour.BLACK] == 3
    assert sum(cards.up[CYRILL]) == 0
    assert cards.marker == before.mandalas[0].marker  # all his cards there are face down


# mandala.de:76: after playing 1 card you hold 6, so you draw 2.
def test_l76_one_card_played_with_six_left_draws_two() -> None:
    assert draw_count(hand_after_play=6, played=1, available=60) == 2
    hands = [{"red": 4, "green": 3}, {"black": 6}, {"yellow": 7}]
    state = load(position(hands)).apply(Play(0, Colour.RED, 1))
    assert sum(state.hands[0]) == 6
    assert state.phase is Phase.DRAW
    assert state.is_chance
    assert state.pending == 2
    state = settle(state)
    assert sum(state.hands[0]) == 8
    assert state.current_player == 1


# mandala.de:90: Cyrill has played 3 face-down cards, so the marker stayed in the centre;
# Anika plays the first face-up card there and takes the marker.
def test_l90_majority_example_1_first_face_up_card_takes_the_marker() -> None:
    mandala = area(BLACK_TILE_MANDALA, 3, down={CYRILL: {"black": 3}})
    hands = [{"red": 1, "yellow": 7}, {"green": 6}, {"orange": 4}]
    state = load(
        position(
            hands, [mandala, area(("red-2", "yellow-2"), 3), area(("purple-2", "orange-2"), 3)]
        )
    )
    assert state.mandalas[0].marker is None
    state = settle(state.apply(Play(0, Colour.RED, 1)))
    m = state.mandalas[0]
    assert m.up[ANIKA][Colour.RED] == 1
    assert m.totals()[CYRILL] == 3 > m.totals()[ANIKA]
    assert m.marker == ANIKA


# mandala.de:94: Britta took the marker from Anika with 2 face-up cards; Cyrill, who had
# only face-down cards there, adds one face-up card: now all his cards count, he has more
# than everyone with a face-up card, and takes the marker.
def test_l94_majority_example_2_a_face_up_card_makes_all_cards_count() -> None:
    mandala = area(
        BLACK_TILE_MANDALA, 3, up={ANIKA: {"red": 1}}, down={CYRILL: {"black": 2}}, marker=ANIKA
    )
    hands = [{"yellow": 7}, {"purple": 4, "green": 5}, {"orange": 3, "black": 6}]
    state = load(
        position(
            hands,
            [mandala, area(("red-2", "yellow-2"), 3), area(("purple-2", "orange-2"), 3)],
            seat=BRITTA,
        )
    )
    state = settle(state.apply(Play(0, Colour.PURPLE, 2)))
    assert state.mandalas[0].marker == BRITTA  # 2 face-up cards beat Anika's 1
    assert state.current_player == CYRILL
    state = settle(state.apply(Play(0, Colour.ORANGE, 1)))
    m = state.mandalas[0]
    assert m.totals() == (1, 2, 3)
    assert m.ups() == (1, 2, 1)
    assert m.marker == CYRILL


def test_l94_counter_example_face_down_cards_alone_never_take_the_marker() -> None:
    mandala = area(BLACK_TILE_MANDALA, 3, up={BRITTA: {"purple": 2}}, marker=BRITTA)
    hands = [{"yellow": 7}, {"green": 5}, {"black": 9}]
    state = load(
        position(
            hands,
            [mandala, area(("red-2", "yellow-2"), 3), area(("purple-2", "orange-2"), 3)],
            seat=CYRILL,
        )
    )
    state = settle(state.apply(Play(0, Colour.BLACK, 5)))
    assert state.mandalas[0].totals()[CYRILL] == 5
    assert state.mandalas[0].marker == BRITTA


# mandala.de:146-154: a loose tile scores its value, a loose ×3 nothing, a flower with the
# ×3 three times the other tile, any other flower twice the lower plus the higher.
@pytest.mark.parametrize(
    ("tiles", "points"),
    [
        (["red-7"], 7),
        (["green-2"], 2),
        (["yellow-x3"], 0),
        (["purple-x3", "purple-7"], 21),
        (["orange-5", "orange-x3"], 15),
        (["black-2", "black-5"], 9),
        (["green-7", "green-4"], 15),
        (["red-3", "red-3"], None),  # not a pair of tiles: one tile exists once
    ],
)
def test_l146_scoring_of_tiles_and_flowers(tiles: list[str], points: int | None) -> None:
    parsed = [Tile.parse(t) for t in tiles]
    if points is None:
        assert parsed[0] == parsed[1]
        return
    if len(parsed) == 1:
        assert tile_points(parsed[0]) == points
    else:
        assert flower_points(*parsed) == points
        assert flower_points(*reversed(parsed)) == points


# mandala.de:146-158 in a finished game: each seat's holdings scored, then the winner.
def test_l146_to_l158_a_finished_game_is_scored_and_won() -> None:
    tiles = [
        {  # 7 + 0 + 21 + 11 = 39
            "loose": ["red-7", "green-x3"],
            "flowers": [["purple-x3", "purple-7"], ["orange-3", "orange-5"]],
        },
        {"loose": ["black-5"], "flowers": [["yellow-3", "yellow-4"]]},  # 5 + 10 = 15
        {"loose": ["black-x3"]},  # 0
    ]
    hands = [{"red": 1}, {"red": 4}, {"green": 2}]
    state = load(position(hands, tiles=tiles, phase="game_over", final=[]))
    result = state.outcome()
    assert result.scores == (39, 15, 0)
    assert result.tiebreaks == ((1,), (4,), (2,))
    assert result.winners == {0}


# mandala.de:158: equal points go to the most cards left in hand; then the win is shared.
@pytest.mark.parametrize(
    ("hands", "winners"),
    [
        ([{"red": 1}, {"red": 4}, {"green": 9}], {1}),
        ([{"red": 4}, {"green": 4}, {"green": 9}], {0, 1}),
    ],
)
def test_l158_ties_on_points_go_to_cards_in_hand(
    hands: list[dict[str, int]], winners: set[int]
) -> None:
    tiles = [
        {"flowers": [["yellow-3", "yellow-4"]]},  # 10
        {"loose": ["red-7", "green-3"]},  # 10
        {"loose": ["black-4", "red-4"]},  # 8
    ]
    state = load(position(hands, tiles=tiles, phase="game_over", final=[]))
    result = state.outcome()
    assert result.scores == (10, 10, 8)
    assert result.winners == winners
    assert result.returns()[0] == (Fraction(1, len(winners)) if 0 in winners else 0)
