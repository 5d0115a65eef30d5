"""The position lab (:mod:`rulespec.host.lab`): the JSON face the docs' "Try it" runs.

What the page shows must be what the library says: every check here compares the lab's
replies with the library called directly, for every game of :data:`rulespec.GAMES`
(every column of its variant table), and client data never makes :func:`lab.call`
raise (a request is whatever a reader pasted or a page sent).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulespec
from rulespec.castle import position as castle_position
from rulespec.host import lab

CASES = [
    pytest.param(spec.id, variant, id=f"{spec.id}-{i}")
    for spec in rulespec.GAMES
    for i, variant in enumerate(spec.variants(options=False))
]
STEPS = 40
"""Moves played through the lab per variant (chance outcomes included)."""


def ask(**request: Any) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(lab.call(json.dumps(request)))
    assert isinstance(reply["ok"], bool)
    return reply


def test_the_games_request_offers_every_game_with_its_variants_and_options() -> None:
    reply = ask(op="games")
    assert [g["id"] for g in reply["games"]] == list(rulespec.GAMES.ids)
    for entry in reply["games"]:
        spec = rulespec.spec(entry["id"])
        assert entry["variants"] == spec.offered()["variants"]
        assert entry["options"] == spec.offered()["options"]
        assert tuple(entry["players"]) == spec.players


@pytest.mark.parametrize(("game_id", "variant"), CASES)
def test_the_lab_plays_as_the_library_does(game_id: str, variant: dict[str, Any]) -> None:
    """Seeded play through the lab: each view lists the library's legal moves (or chance
    outcomes with their probabilities) in notation, and each move the lab plays leads to
    the position the library's own ``apply`` reaches."""
    game = rulespec.game(game_id, **variant)
    state = game.new_game(seed=3)
    shown = ask(op="open", game=game_id, settings=variant, seed=3)["view"]
    rng = random.Random(3)
    for _ in range(STEPS):
        assert shown["position"] == state.to_json()
        assert shown["settings"] == game.settings()
        assert shown["picture"].startswith("<svg")
        if state.is_terminal:
            assert shown["to_move"] == "over"
            assert shown["outcome"] == state.outcome().to_json()
            assert shown["moves"] == []
            break
        if state.is_chance:
            outcomes = state.chance_outcomes()
            assert shown["to_move"] == "chance"
            assert [m["move"] for m in shown["moves"]] == [
                game.format_action(a) for a, _ in outcomes
            ]
            assert sum(Fraction(m["p"]) for m in shown["moves"]) == 1
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            assert shown["to_move"] == state.current_player
            assert [m["move"] for m in shown["moves"]] == [game.format_action(a) for a in legal]
            assert [m["text"] for m in shown["moves"]] == [state.describe(a) for a in legal]
            action = rng.choice(legal)
        move = game.format_action(action)
        reply = ask(op="play", position=shown["position"], move=move)
        assert reply["ok"], reply
        assert reply["move"] == move
        state = state.apply(action)
        shown = reply["view"]
        assert shown["said"]


@pytest.mark.parametrize("game_id", rulespec.GAMES.ids)
def test_why_not_answers_as_explain_does_with_the_rule_and_its_citations(game_id: str) -> None:
    """A move that is legal later in the game but not now: the lab refuses it with the
    rule, reason and citations of ``rulespec.explain``, and its ``play`` changes nothing."""
    game = rulespec.game(game_id, **rulespec.spec(game_id).variants(options=False)[0])
    state = game.new_game(seed=5)
    later, rng = state, random.Random(5)
    asked = 0
    for _ in range(300):
        if later.is_terminal:
            break
        if not later.is_chance:
            for action in later.legal_actions():
                move = game.format_action(action)
                verdict = rulespec.explain(state, move)
                if verdict.legal:
                    continue
                assert verdict.rule is not None
                reply = ask(op="why", position=state.to_json(), move=move)
                assert reply["why"]["legal"] is False
                assert reply["why"]["reason"] == verdict.reason
                assert reply["why"]["rule"]["id"] == verdict.rule.id
                assert [c["ref"] for c in reply["why"]["rule"]["cites"]] == [
                    c.ref for c in verdict.rule.cites
                ]
                assert [c["text"] for c in reply["why"]["rule"]["cites"]] == [
                    str(c) for c in verdict.rule.cites
                ]
                refused = ask(op="play", position=state.to_json(), move=move)
                assert not refused["ok"]
                assert refused["error"]["code"] == "illegal_action"
                assert refused["why"] == reply["why"]
                asked += 1
                break
        if asked >= 3:
            break
        later = rulespec.random_step(later, rng)
    assert asked, f"no move of later positions was illegal at {game_id}'s first decision"


@pytest.mark.parametrize("game_id", rulespec.GAMES.ids)
def test_a_legal_move_asked_about_is_allowed(game_id: str) -> None:
    state = rulespec.game(game_id, **rulespec.spec(game_id).variants(options=False)[0]).new_game(
        seed=2
    )
    while state.is_chance:
        state = rulespec.random_step(state, random.Random(2))
    move = state.game.format_action(state.legal_actions()[0])
    why = ask(op="why", position=state.to_json(), move=move)["why"]
    assert why == {
        "legal": True,
        "move": move,
        "reason": rulespec.explain(state, move).reason,
        "rule": None,
    }


def test_a_position_names_its_own_settings_and_a_seat_draws_what_it_sees() -> None:
    game = rulespec.game("mandala", players=3, reshuffle="when_empty")
    state = game.new_game(seed=4)
    shown = ask(op="open", position=json.dumps(state.to_json()), seat=1)["view"]
    assert shown["settings"] == game.settings()
    assert shown["picture"] == game.svg(state.observation(1))
    assert ask(op="open", position=state.to_json())["view"]["picture"] == game.svg(state)


def test_the_white_castle_opens_its_short_form() -> None:
    game = rulespec.game("castle", players=2)
    state, rng = game.new_game(seed=6), random.Random(6)
    while True:
        shown = ask(op="open", position=state.to_json())["view"]
        if shown["short"] is not None:
            break
        state = rulespec.random_step(state, rng)
    assert shown["short"] == castle_position.short(state)
    pasted = ask(op="open", position=json.dumps(shown["short"]))["view"]
    assert pasted["position"] == game.state_from_json(shown["short"]).to_json()
    assert ask(op="open", game="lotus", position=state.to_json())["ok"] is False


def test_chance_draws_an_outcome_with_the_seed_given() -> None:
    game = rulespec.game("oriente", players=4)
    state = game.initial_state()
    assert state.is_chance
    reply = ask(op="chance", position=state.to_json(), seed=11)
    drawn = state.sample_chance(random.Random(11))
    assert reply["move"] == game.format_action(drawn)
    assert reply["view"]["position"] == state.apply(drawn).to_json()


NEW = {"game": "mandala", "settings": {"players": 2}}
REFUSED = [
    ("not json", "{", "invalid_argument"),
    ("not an object", "[1, 2]", "invalid_argument"),
    ("unknown op", {"op": "undo"}, "invalid_argument"),
    ("unknown game", {"op": "open", "game": "chess"}, "unknown_game"),
    ("no game", {"op": "open"}, "unknown_game"),
    ("settings not an object", {"op": "open", **NEW, "settings": [2]}, "invalid_argument"),
    ("unknown variant", {"op": "open", **NEW, "settings": {"players": 9}}, "unknown_variant"),
    ("pasted text not JSON", {"op": "open", **NEW, "position": "{'a':"}, "malformed_position"),
    ("position a list", {"op": "open", **NEW, "position": [1]}, "malformed_position"),
    ("position of nothing", {"op": "open", **NEW, "position": {"a": 1}}, "malformed_position"),
    ("seat out of range", {"op": "open", **NEW, "seat": 2}, "invalid_argument"),
    ("seat a bool", {"op": "open", **NEW, "seat": True}, "invalid_argument"),
    ("seed negative", {"op": "open", **NEW, "seed": -1}, "invalid_argument"),
    ("move missing", {"op": "play", **NEW, "seed": 1}, "invalid_argument"),
    ("move not notation", {"op": "why", **NEW, "seed": 1, "move": "zz"}, "malformed_notation"),
    ("chance at a decision", {"op": "chance", **NEW, "seed": 1}, "invalid_argument"),
    ("huge", "x" * (lab.MAX_REQUEST + 1), "invalid_argument"),
]  # fmt: skip


@pytest.mark.parametrize(("what", "request_", "code"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_bad_request_is_refused_with_the_library_error(
    what: str, request_: object, code: str
) -> None:
    text = request_ if isinstance(request_, str) else json.dumps(request_)
    reply = json.loads(lab.call(text))
    assert reply["ok"] is False
    assert reply["error"]["code"] == code, reply
    assert reply["error"]["message"]


_POSITIONS = [
    rulespec.game(spec.id, **spec.variants(options=False)[0]).new_game(seed=1).to_json()
    for spec in rulespec.GAMES
]
_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=60)
@given(
    op=st.sampled_from([*lab.OPS, "x"]),
    base=st.sampled_from(_POSITIONS),
    key=st.sampled_from(["game", "settings", "position", "move", "seat", "seed", "phase"]),
    value=_json,
    move=st.text(max_size=10),
)
def test_client_data_never_makes_the_lab_raise(
    op: str, base: dict[str, Any], key: str, value: object, move: str
) -> None:
    """A request with one field replaced by random JSON (in the request, or in the
    position it carries) gets a reply, never an exception."""
    position = dict(base)
    request: dict[str, Any] = {"op": op, "position": position, "move": move}
    if key in ("game", "settings", "position", "move", "seat", "seed"):
        request[key] = value
    else:
        position[key] = value
    reply = json.loads(lab.call(json.dumps(request)))
    assert isinstance(reply["ok"], bool)
    assert reply["ok"] or reply["error"]["message"]
