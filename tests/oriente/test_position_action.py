"""A position inside an action, written by hand (issue 22): the announcement in force may
be given in the notation (``"act": "attack>4"``), and what the action settles need not be
written: the fighters' sides, the discs laid down and the residents shown follow from it.
Whatever a position does give is kept, so history from earlier in the season (a disc laid
down by an earlier action, a resident revealed) is written as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rulespec
from rulespec.oriente import Announce
from rulespec.oriente.actions import Act

RESIDENTS = ["nofu", "samurai", "daimyo", "akindo", "maho_tsukai", "nofu"]


def load(**fields: Any) -> Any:
    data = {
        "game": "oriente",
        "settings": {"players": 6},
        "residents": RESIDENTS,
        "piles": [{"treasure_2": 1}, {"treasure_3": 1}, {"treasure_4": 1}] * 2,
        **fields,
    }
    return rulespec.game("oriente", players=6).state_from_json(data)


@pytest.mark.rule("oriente.season.announce", "oriente.fight.reveal", "oriente.fight.support")
def test_a_fight_needs_only_the_announcement_and_the_supporters() -> None:
    """Seat 2 attacks seat 4; seat 3 backs the attacker, seat 5 the defender. The announcer
    has laid down his disc and shows his resident, the defender shows his, each supporter
    has laid down his disc and shows his resident (oriente.fight.support)."""
    state = load(phase="support", seat=0, stone=2, act="attack>4", sides=[0, 0, 1, 1, 2, 2])
    assert state.act == Announce(Act.ATTACK, 4)
    assert state.discs == (True, True, False, False, True, False)
    assert state.face_up == (False, False, True, True, True, True)


@pytest.mark.rule("oriente.fight.reveal")
def test_the_fighters_sides_follow_from_the_attack() -> None:
    state = load(phase="support", seat=3, stone=2, act="attack>4")
    assert state.sides == (0, 0, 1, 0, 2, 0)
    assert state.discs == (True, True, False, True, True, True)
    assert state.face_up == (False, False, True, False, True, False)


@pytest.mark.rule("oriente.privilege.ask")
def test_while_privileges_are_asked_the_announcer_keeps_his_disc() -> None:
    state = load(phase="privilege", seat=3, stone=2, act="attack>4")
    assert state.discs == (True,) * 6
    assert state.face_up == (False, False, True, False, False, False)
    assert state.sides == (0,) * 6


def test_the_announcement_as_an_object_may_leave_out_its_type() -> None:
    short = load(phase="support", seat=3, stone=2, act={"act": "attack", "target": 4})
    full = load(
        phase="support",
        seat=3,
        stone=2,
        act={"type": "announce", "act": "attack", "target": 4, "gift": None},
    )
    assert short == full


@pytest.mark.parametrize(
    ("act", "said"),
    [
        ("-", 'act: "-" is no announcement'),
        ("support>1", 'act: "support>1" is no announcement'),
        ("atack>4", 'act: "atack>4": "atack" at character 1: expected an Oriente action'),
    ],
)
def test_an_act_that_names_no_announcement_is_refused_at_its_field(act: str, said: str) -> None:
    with pytest.raises(rulespec.MalformedPosition) as caught:
        load(phase="support", seat=3, stone=2, act=act)
    assert said in str(caught.value)


def test_what_is_given_is_kept_even_where_it_could_be_derived() -> None:
    """Seat 0 laid down its disc earlier in the season: written, it stays laid down."""
    state = load(
        phase="support",
        seat=1,
        stone=2,
        act="attack>4",
        discs=[False, True, False, True, True, True],
    )
    assert state.discs[0] is False
    assert state.current_player == 1


@pytest.mark.parametrize("players", [4, 8])
def test_leaving_out_discs_faces_and_sides_never_contradicts_what_the_action_settles(
    players: int,
) -> None:
    """Every position of seeded random play inside an action, with its discs or its faces
    left out (or its sides, while nobody has joined a side), still loads; what is derived
    is the least the action settles, so it is contained in what play had (play adds
    history from earlier in the season)."""
    game = rulespec.game("oriente", players=players)
    rng = random.Random(players)
    state, seen = game.initial_state(), 0
    while not state.is_terminal:
        data = state.to_json()
        if data["act"] is not None:
            seen += 1
            joined = sum(1 for side in state.sides if side) > (
                2 if data["act"]["act"] == "attack" else 1
            )  # supporters or joiners: sides that are history, to be written
            for left_out in ("discs", "face_up") if joined else ("discs", "face_up", "sides"):
                derived = game.state_from_json({k: v for k, v in data.items() if k != left_out})
                if left_out == "discs":
                    laid = {k for k, d in enumerate(derived.discs) if not d}
                    assert laid <= {k for k, d in enumerate(state.discs) if not d}
                elif left_out == "face_up":
                    shown = {k for k, f in enumerate(derived.face_up) if f}
                    assert shown <= {k for k, f in enumerate(state.face_up) if f}
                else:
                    assert all(d in (0, p) for d, p in zip(derived.sides, state.sides, strict=True))
        state = rulespec.random_step(state, rng)
    assert seen > 50
