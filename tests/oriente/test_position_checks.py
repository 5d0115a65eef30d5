"""Positions play cannot reach are refused at load, each problem naming its rule (issue
18: who may be asked or act in a phase; issue 19: r09, r11 and the chance nodes that
cannot come up)."""

from __future__ import annotations

from typing import Any

import pytest

import rulespec
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
def test_a_redraw_from_an_empty_deck_is_refused() -> None:
    fields = fight(phase="redraw", seat=1, discs=[False, False, True, True])
    fields["residents"] = ["samurai", None, "nofu", "nofu"]
    fields["face_up"] = [True, False, False, False]
    # the Geisha left the deck as a bonus card without ending the game (player_draws)
    fields.update(options={"geisha": "player_draws"}, bonus={"geisha": 1})
    short_deck({"nofu": 1}, 0, 0, 1, **fields)  # a card to draw: it loads
    with pytest.raises(rulespec.MalformedPosition, match=r"oriente\.end\.empty_deck"):
        short_deck({}, 0, 0, 0, **fields)


@pytest.mark.rule("oriente.akindo.empty_target")
def test_an_akindo_trade_against_an_empty_pile_is_refused() -> None:
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
    refused("oriente.akindo.empty_target", piles=piles, **fields)


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
