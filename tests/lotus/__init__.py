"""Tests of the White Lotus model, and small helpers to write positions by hand.

Positions use the JSON format documented in :mod:`rulespec.lotus.position`; anything left
out (cards, bank, unseen chips, claims, step in progress) takes its default. Areas are the
ids of the schematic stand-in board (``rulespec/lotus/boards/schematic.json``), a 7 x 6
hexagonal grid; the facts the tests rely on are collected here so a reader can check an
adjacency claim without opening the board file.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

import rulespec
from rulespec.lotus import (
    ChooseSide,
    CommitCombat,
    Lead,
    LotusGame,
    Phase,
    Side,
    State,
)
from rulespec.lotus.actions import Action, Bid

BROWN = ("a01", "a02", "a03", "a06", "a07", "a08", "a13", "a14")
"""The eight brown areas (in play with six players only), in the north-west."""
LIGHT_LOTUS = ("a09", "a11", "a17", "a22", "a25", "a28", "a30")
"""The seven light start areas."""
BROWN_LOTUS = "a07"
"""The one brown start area."""
DRAGONS = ("a33", "a38", "a39")
"""The three dragon areas, all light, in the south-east."""
ALL_AREAS = tuple(f"a{i:02d}" for i in range(1, 40))
LIGHT = tuple(a for a in ALL_AREAS if a not in BROWN)

ChipSpec = str | tuple[str, int]
"""A chip in :func:`position`: ``"temple"`` (neutral) or ``("temple", 2)`` (seat 2's)."""


def game(edition: str = "de", players: int = 3, **options: Any) -> LotusGame:
    """A White Lotus game on the schematic board."""
    made = rulespec.game("lotus", edition=edition, players=players, **options)
    assert isinstance(made, LotusGame)
    return made


def chips(spec: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The ``chips`` object of a position from the short :data:`ChipSpec` form."""
    out: dict[str, dict[str, Any]] = {}
    for area, value in spec.items():
        if isinstance(value, str):
            out[area] = {"building": value}
        else:
            out[area] = {"building": value[0], "owner": value[1]}
    return out


def position(
    players: int,
    board: Mapping[str, Any],
    *,
    edition: str = "de",
    year: int = 2,
    **fields: Any,
) -> dict[str, Any]:
    """A hand-written position: the chips on the board (short form), anything else as given
    (``claims`` may use plain lists)."""
    return {
        "game": "lotus",
        "settings": {"edition": edition, "players": players},
        "year": year,
        "chips": chips(board),
        **fields,
    }


def load(data: Mapping[str, Any], **options: Any) -> State:
    """Load a hand-written position for its edition and player count (and options)."""
    settings = data["settings"]
    made = game(settings["edition"], settings["players"], **options)
    state = made.state_from_json(data)
    assert isinstance(state, State)
    assert state.problems() == ()
    return state


def claim_cursor(players: int, emperor: int, seat: int, rnd: int = 1) -> int:
    """The phase-1 cursor of ``seat``'s placement in round ``rnd`` (1-based)."""
    return (rnd - 1) * players + (seat - emperor) % players


def settle(state: State, seed: int = 0) -> State:
    """Resolve chance nodes until someone must decide."""
    return rulespec.advance(state, random.Random(seed))


def run(state: State, *actions: Action) -> State:
    """Apply ``actions`` in order, each by the player to act."""
    for action in actions:
        state = state.apply(action)
    return state


def illegal(state: State, action: Any) -> rulespec.IllegalAction:
    """``action`` is refused, explained as refused by the same rule, and changes nothing."""
    before = state.to_json()
    with pytest.raises(rulespec.IllegalAction) as caught:
        state.apply(action)
    assert state.to_json() == before
    verdict = state.explain(action)
    assert not verdict.legal
    assert verdict.rule == caught.value.rule
    assert action not in state.legal_actions()
    return caught.value


def refused_by(state: State, action: Any) -> str:
    """The id of the rule that refuses ``action`` here."""
    return illegal(state, action).rule.id


def bids(state: State, plan: Mapping[int, tuple[int, int] | tuple[int, int, bool]]) -> State:
    """Play one conflict round: ``plan`` maps each claimant to (target, points[, 0-card])."""
    assert state.phase is Phase.BID
    assert state.conflict is not None
    assert set(plan) == state.claims[state.conflict.area]
    for _ in plan:
        entry = plan[state.seat]
        zero = bool(entry[2]) if len(entry) == 3 else False
        state = state.apply(Bid(entry[0], entry[1], zero))
    return state


def rebellion(
    state: State, sides: Mapping[int, Side], combat: Mapping[int, int], *, lead: bool = True
) -> State:
    """From a LEAD step: the seat to act accepts, the other players take ``sides`` and
    everyone commits ``combat``; returns the state after the reveal."""
    if lead:
        assert state.phase is Phase.LEAD
        state = state.apply(Lead(True))
    while state.phase is Phase.SIDE:
        state = state.apply(ChooseSide(sides[state.seat]))
    while state.phase is Phase.COMBAT:
        state = state.apply(CommitCombat(combat[state.seat]))
    return state


E, R = Side.EMPEROR, Side.REBELS


def in_order(players: int, emperor: int, seats: list[int] | tuple[int, ...]) -> list[int]:
    """``seats`` in turn order starting with the emperor."""
    return sorted(seats, key=lambda s: (s - emperor) % players)


def conflict(
    players: int,
    board: Mapping[str, Any],
    area: str,
    claimants: list[int],
    *,
    emperor: int = 0,
    **fields: Any,
) -> dict[str, Any]:
    """A position at the first bid of a conflict round over ``area`` (a neutral chip in
    ``board``), claimants committing in turn order from the emperor."""
    order = in_order(players, emperor, claimants)
    return position(
        players,
        board,
        phase="bid",
        area=area,
        claims={area: sorted(claimants), **fields.pop("claims", {})},
        emperor=emperor,
        seat=order[0],
        queue=order[1:],
        **fields,
    )


def claiming(
    players: int,
    board: Mapping[str, Any],
    *,
    emperor: int = 0,
    seat: int | None = None,
    rnd: int = 1,
    **fields: Any,
) -> dict[str, Any]:
    """A position in phase 1 with ``seat`` (default: the emperor) to place in round ``rnd``."""
    seat = emperor if seat is None else seat
    return position(
        players,
        board,
        phase="claim",
        emperor=emperor,
        seat=seat,
        cursor=claim_cursor(players, emperor, seat, rnd),
        **fields,
    )


def owner(state: State, area: str) -> int | None:
    """The seat owning ``area`` (None: neutral); fails on an empty area."""
    chip = state.chips[state.game.area_index[area]]
    assert chip is not None, f"{area} is empty"
    return chip.owner


def building(state: State, area: str) -> str:
    """The building on ``area``."""
    chip = state.chips[state.game.area_index[area]]
    assert chip is not None, f"{area} is empty"
    return chip.building.label


def claimants(state: State, area: str) -> frozenset[int]:
    """Seats with a marker on ``area``."""
    return state.claims[state.game.area_index[area]]


def bids_of(state: State) -> tuple[tuple[int, Bid], ...]:
    """The secret bids of the conflict round under way (none outside a conflict)."""
    return () if state.conflict is None else state.conflict.bids


def sides_of(state: State) -> tuple[tuple[int, Side], ...]:
    """The secret sides chosen in the rebellion under way (none outside a rebellion)."""
    return () if state.rebellion is None else state.rebellion.sides


def commits_of(state: State) -> tuple[tuple[int, int], ...]:
    """The secret combat committed in the rebellion under way (none outside one)."""
    return () if state.rebellion is None else state.rebellion.commits


def leader_of(state: State) -> int | None:
    """The rebel leader, None when no rebellion is under way."""
    return None if state.rebellion is None else state.rebellion.leader


def area_of(state: State) -> int | None:
    """The index of the area being fought over, None outside a conflict."""
    return None if state.conflict is None else state.conflict.area
