"""The Oriente picture (issue 22): the table as the players see it, each seat's resident
face up or down from the viewer's seat, and an observation's picture that shows nothing
its seat cannot see."""

from __future__ import annotations

import random
from typing import Any

import rulespec
from rulespec.core.play import random_step


def _states(players: int, seed: int) -> list[Any]:
    game = rulespec.game("oriente", players=players)
    rng = random.Random(seed)
    state, seen = game.initial_state(), list[Any]()
    while not state.is_terminal:
        state = random_step(state, rng)
        seen.append(state)
    return [*seen[:: max(1, len(seen) // 10)], seen[-1]]


def test_an_observation_picture_is_the_same_for_every_state_its_seat_cannot_tell_apart() -> None:
    rng = random.Random(2)
    differ = 0
    for state in _states(6, 2)[:-1]:
        for seat in range(state.players):
            other = state.resample(seat, rng)
            game = state.game
            assert game.svg(other.observation(seat)) == game.svg(state.observation(seat))
            differ += game.svg(other) != game.svg(state)
    assert differ > 0


def test_a_face_down_resident_is_a_card_back_to_the_others() -> None:
    """The whole position names every resident; seat 1's observation names its own and the
    face-up ones, and shows a '?' back for each face-down resident of another seat."""
    game = rulespec.game("oriente", players=4)
    state = game.state_from_json(
        {
            "game": "oriente",
            "settings": {"players": 4},
            "residents": ["soryo", "samurai", "maho_tsukai", "akindo"],
            "face_up": [False, False, True, False],
            "piles": [{"treasure_2": 1}, {"treasure_3": 1}, {"treasure_4": 1}, {"treasure_2": 1}],
        }
    )
    whole = game.svg(state)
    for name in ("Sōryo", "Samurai", "Mahō-Tsukai", "Akindo"):
        assert f">{name}<" in whole
    seen = game.svg(state.observation(1))
    assert ">Samurai<" in seen  # its own, face down
    assert ">Mahō-Tsukai<" in seen  # face up
    assert ">Sōryo<" not in seen
    assert ">Akindo<" not in seen
    assert seen.count(">?<") == 2
    assert "what seat 1 sees" in seen


def test_every_seat_and_the_deck_segments_are_drawn() -> None:
    for players in (4, 8, 12):
        state = _states(players, players)[3]
        picture = state.game.svg(state)
        for seat in range(players):
            assert f">seat {seat}<" in picture
        for segment in ("top", "middle", "bottom", "under"):
            assert f">{segment}<" in picture


def test_a_finished_game_shows_the_final_scores() -> None:
    end = _states(5, 1)[-1]
    picture = end.game.svg(end)
    outcome = end.outcome()
    for seat in range(5):
        if end.winner is None:
            assert f"final score {outcome.scores[seat]} (" in picture
    assert outcome.summary() in picture


def test_every_seat_sees_the_final_scores_of_a_finished_game() -> None:
    """Issue 22: the residents count at the end, so every seat's picture of a finished
    game shows every final score, and no card back (seven players, seed 3: seat 6's
    resident was taken in the fight the Geisha ended, so it has none)."""
    end = _states(7, 3)[-1]
    assert end.residents[6] is None
    outcome = end.outcome()
    for seat in range(7):
        picture = end.game.svg(end.observation(seat))
        for score in outcome.scores:
            assert f"final score {score} (" in picture
        assert ">?<" not in picture
        assert "final score 6 (no resident)" in picture
