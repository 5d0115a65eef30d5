"""Positions play cannot reach are refused at load, each problem naming its rule (issue
18: who may be asked or act in a phase; issue 19: r09, r11 and the chance nodes that
cannot come up)."""

from __future__ import annotations

from typing import Any

import pytest

import rulespec
from rulespec.core import trace
from rulespec.oriente import Pass, Support

from . import position
from .test_rules import short_deck


def refused(
    match: str, players: int = 4, options: dict[str, Any] | None = None, **fields: Any
) -> str:
    """The position is refused with a problem containing ``match``; the message."""
    with pytest.raises(rulespec.MalformedPosition) as info:
        position(players, options, **fields)
    text = str(info.value)
    assert match in text, text
    return text


def fight(**changes: Any) -> dict[str, Any]:
    """Seat 0 attacks seat 1; seat 2 is asked to support (support_order open)."""
    return {
        "phase": "support",
        "seat": 2,
        "stone": 0,
        "act": {"type": "announce", "act": "attack", "target": 1},
        "discs": [False, True, True, True],
        "face_up": [True, True, False, False],
        "sides": [1, 2, 0, 0],
        **changes,
    }


def test_the_fight_base_loads() -> None:
    s = position(4, **fight())
    assert Support(0) in s.legal_actions()


# --- issue 19 -------------------------------------------------------------------------------


@pytest.mark.rule("oriente.fight.support_order")
def test_r09_no_invitations_while_support_is_open() -> None:
    refused("oriente.fight.support_order", **fight(invited=[0, 0, 0, 1]))
    refused("oriente.fight.support_order", **fight(phase="invite", seat=0))
    invited = {"support_order": "invited"}
    assert position(4, invited, **fight(invited=[0, 0, 1, 0])).legal_actions() == (
        Pass(),
        Support(0),
    )
    refused("oriente.fight.support_order", 4, invited, **fight(invited=[0, 0, 0, 1]))


@pytest.mark.rule("oriente.season.announce")
def test_r11_an_attack_names_a_seat_of_the_game() -> None:
    five = fight(discs=[False, True, True, True, True], face_up=[True, True] + [False] * 3)
    five["sides"] = [1, 2, 0, 0, 0]
    position(5, **five)
    refused("act.target", 5, **{**five, "act": {"type": "announce", "act": "attack", "target": 7}})
    refused("act.target", **fight(act={"type": "announce", "act": "attack"}))
    refused("act.target", **fight(act={"type": "announce", "act": "attack", "target": 0}))
    privilege = {
        "phase": "privilege",
        "seat": 2,
        "act": {"type": "announce", "act": "attack"},
        "face_up": [True, False, False, False],
    }
    refused("act.target", **privilege)
    refused(
        "act.target", **{**privilege, "act": {"type": "announce", "act": "income", "target": 1}}
    )


@pytest.mark.rule("oriente.end.empty_deck", "oriente.fight.capture")
def test_a_redraw_from_an_empty_deck_loads_and_ends_the_game() -> None:
    """The situation ruling oriente.end.empty_deck decides, a card due from an empty deck,
    is a position a rules lawyer can write (issue 27): it loads and the ruling ends the
    game there, as play does; the same state built by hand is a problem."""
    fields = fight(phase="redraw", seat=1, discs=[False, False, True, True])
    fields["residents"] = ["samurai", None, "nofu", "nofu"]
    fields["face_up"] = [True, False, False, False]
    # the Geisha left the deck as a bonus card without ending the game (player_draws)
    fields.update(options={"geisha": "player_draws"}, bonus={"geisha": 1})
    drawing = short_deck({"nofu": 1}, 0, 0, 1, **fields)  # a card to draw: a chance node
    assert drawing.is_chance
    with trace.tracing() as counts:
        ended = short_deck({}, 0, 0, 0, **fields)
    assert counts["oriente.end.empty_deck"] == 1
    assert ended.is_terminal
    assert ended.problems() == ()
    unsettled = ended.but(phase=drawing.phase, seat=1, act=drawing.act)
    assert any("oriente.end.empty_deck" in p for p in unsettled.problems())


@pytest.mark.rule("oriente.akindo.empty_target")
@pytest.mark.parametrize("reading", ["nothing", "gift"])
def test_an_akindo_trade_against_an_empty_pile_loads_and_the_ruling_decides(reading: str) -> None:
    """The situation ruling oriente.akindo.empty_target decides (issue 27): the trade's
    draw is due from a seat without a victory card. It loads, and the trade is over at
    once: nothing moves, or (option empty_trade = 'gift') the named card still goes over."""
    fields: dict[str, Any] = {
        "phase": "trade",
        "seat": 0,
        "residents": ["akindo", "samurai", "nofu", "nofu"],
        "act": {"type": "announce", "act": "trade", "target": 1, "gift": "treasure_2"},
        "discs": [False, True, True, True],
        "face_up": [True, False, False, False],
    }
    assert position(4, **fields).is_chance
    piles = [{"treasure_2": 1}, {}, {"treasure_2": 1}, {"treasure_3": 1, "treasure_4": 1}]
    with trace.tracing() as counts:
        state = position(4, {"empty_trade": reading}, piles=piles, **fields)
    assert counts["oriente.akindo.empty_target"] == 1
    assert state.problems() == ()
    assert state.act is None  # the action is over
    gone = reading == "gift"
    assert sum(state.piles[1]) == int(gone)
    assert sum(state.piles[0]) == 1 - int(gone)


@pytest.mark.rule("oriente.nofu.revolution_share")
def test_a_revolution_share_from_an_empty_pool_is_refused() -> None:
    fields: dict[str, Any] = {
        "phase": "share",
        "seat": 0,
        "act": {"type": "announce", "act": "revolution"},
        "discs": [False, True, True, True],
        "face_up": [True] * 4,
        "sides": [1, 0, 0, 0],
    }
    piles = [{}, {"treasure_2": 1}, {"treasure_2": 1}, {"treasure_2": 1}]
    assert position(4, piles=piles, haul={"treasure_2": 1}, **fields).is_chance
    refused("oriente.nofu.revolution_share", **fields)


@pytest.mark.rule("oriente.setup.discs")
def test_a_treasure_never_lies_under_the_deck() -> None:
    piles = [{"treasure_2": 1}, {"treasure_2": 1}, {"treasure_2": 1}, {}]
    deck = {"pool": {}, "top": 0, "middle": 0, "bottom": 0, "under": [{"treasure_2": 1}]}
    refused("deck.under[0]: treasures never enter the deck", piles=piles, deck=deck)
    refused(
        "residents[1]: a treasure is never drawn", residents=["nofu", "treasure_3"] + ["nofu"] * 2
    )


# --- issue 18: who may be asked -------------------------------------------------------------


@pytest.mark.rule("oriente.privilege.not_target", "oriente.privilege.ask")
def test_a_privilege_question_is_never_put_to_the_target_or_the_announcer() -> None:
    base = {
        "phase": "privilege",
        "stone": 0,
        "act": {"type": "announce", "act": "attack", "target": 2},
        "face_up": [True, False, False, False],
    }
    assert position(4, seat=1, **base).seat == 1
    refused("oriente.privilege.not_target", seat=2, **base)
    refused("oriente.privilege.ask", seat=0, **base)


@pytest.mark.rule("oriente.fight.support", "oriente.fight.samurai")
def test_support_is_asked_of_others_than_the_fighters_and_before_reinforcements() -> None:
    refused("oriente.fight.support", **fight(seat=1))
    refused("oriente.fight.reveal", **fight(sides=[1, 0, 0, 0]))
    refused("oriente.fight.support", **fight(sides=[1, 2, 0, 1]))  # a supporter keeps his disc
    refused("oriente.fight.samurai", **fight(phase="reinforce", seat=2))  # a Nōfu, no Samurai


@pytest.mark.rule("oriente.nofu.revolution_join", "oriente.nofu.revolution_loot")
def test_revolution_questions_go_to_the_others_and_loot_only_to_victims() -> None:
    join: dict[str, Any] = {
        "phase": "join",
        "stone": 0,
        "act": {"type": "announce", "act": "revolution"},
        "discs": [False, True, True, True],
        "face_up": [True, False, False, False],
        "sides": [1, 0, 0, 0],
    }
    assert position(4, seat=1, **join).legal_actions()
    refused("oriente.nofu.revolution_join", seat=0, **join)
    refused("oriente.nofu.revolution_join", seat=1, **{**join, "sides": [0, 0, 0, 0]})
    loot = {**join, "phase": "loot", "face_up": [True] * 4, "count": 1, "sides": [1, 0, 2, 0]}
    assert position(4, seat=2, **loot).is_chance
    refused("oriente.nofu.revolution_loot", seat=1, **loot)


@pytest.mark.rule("oriente.deals.payments", "oriente.daimyo.income")
def test_pay_and_draw_phases_name_the_seat_the_rules_name() -> None:
    refused("oriente.deals.payments", phase="pay")
    income = {
        "phase": "income",
        "residents": ["daimyo", "nofu", "nofu", "nofu"],
        "act": {"type": "announce", "act": "income"},
        "discs": [False, True, True, True],
        "face_up": [True, False, False, False],
    }
    assert position(4, seat=0, **income).is_chance
    refused("oriente.daimyo.income", seat=1, **income)
    refused("oriente.season.announce", seat=0, **{**income, "phase": "trade"})
