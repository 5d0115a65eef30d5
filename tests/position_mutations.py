"""Seeded mutations of positions reached in play, for the position tests of each game
(issue 19): a loaded position either is refused with a RulespecError, or gives every
seat a view and a tensor and plays on for 50 random steps with its invariants kept.

A mutation changes one place of a position's JSON the way a hand-written or tampered
position would: an entry of a list listed twice, dropped or swapped with another, a
whole number off by one, negative or far out of range, a flag flipped, a null filled in.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import rulespec
from rulespec.core.invariants import check, rules
from rulespec.core.play import random_step

JSON = Any
Path = tuple[str | int, ...]


def played(game: Any, seeds: range, *, every: int = 1, setup: bool = False) -> tuple[Any, ...]:
    """Every ``every``-th state of seeded random games of ``game`` (5,000 steps at most,
    longer than any game): from the seeded deal, or with ``setup`` from the state before
    it, the deal's chance drawn by the same generator as the moves."""
    out: list[Any] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state() if setup else game.new_game(seed=seed)
        for step in range(5000):
            if state.is_terminal:
                break
            if step % every == 0:
                out.append(state)
            state = random_step(state, rng)
    return tuple(out)


def reached(game: Any, seeds: range, every: int) -> list[dict[str, Any]]:
    """Every ``every``-th position of seeded random games, as JSON."""
    return [state.to_json() for state in played(game, seeds, every=every)]


def _places(value: JSON, path: Path = ()) -> Iterator[tuple[Path, JSON]]:
    yield path, value
    if isinstance(value, dict):
        for key, v in value.items():
            yield from _places(v, (*path, key))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _places(v, (*path, i))


def mutate(doc: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str] | None:
    """``doc`` with one place changed, and what was changed (None: nothing to change at
    the place drawn)."""
    out = copy.deepcopy(doc)
    places = [(p, v) for p, v in _places(out) if p and p[0] not in ("game", "settings")]
    path, value = rng.choice(places)
    parent: Any = out
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if isinstance(value, list) and value:
        kind = rng.choice(["twice", "drop", "swap"])
        if kind == "twice":
            value.append(copy.deepcopy(rng.choice(value)))
        elif kind == "drop":
            value.pop(rng.randrange(len(value)))
        elif len(value) > 1:
            i, j = rng.sample(range(len(value)), 2)
            value[i], value[j] = value[j], value[i]
    elif isinstance(value, bool):
        kind = "flip"
        parent[key] = not value
    elif isinstance(value, int):
        kind = "number"
        parent[key] = rng.choice([-1, 0, value - 1, value + 1, 5, 7, 40, 10**6])
    elif value is None:
        kind = "fill"
        parent[key] = rng.choice([0, 1, 2])
    elif isinstance(parent, list) and len(parent) > 1:
        kind = "swap"
        j = rng.randrange(len(parent))
        parent[key], parent[j] = parent[j], parent[key]
    elif isinstance(parent, dict) and len(parent) > 1:
        kind = "swap"
        other = rng.choice(list(parent))
        parent[key], parent[other] = parent[other], parent[key]
    else:
        return None
    return out, f"{kind} at {'.'.join(map(str, path))}"


def refused_or_playable(game: Any, doc: dict[str, Any], seed: int, steps: int = 50) -> None:
    """Either loading ``doc`` raises a RulespecError, or the state gives every seat its
    view and tensor, prints, and plays ``steps`` random steps keeping every invariant."""
    try:
        state = game.state_from_json(doc)
    except rulespec.RulespecError:
        return
    assert state.problems() == ()
    rng = random.Random(seed)
    for step in range(steps + 1):
        for seat in range(game.players):
            view = state.observation(seat)
            view.tensor()
            str(view)
        str(state)
        state.to_json()
        if step == steps or state.is_terminal:
            return
        state = random_step(state, rng)
        assert state.problems() == (), f"step {step}: {state.problems()}"


# --- named mutations for a game's table of invariants (rulespec.core.invariants) ----------


def unknown_rules(game_id: str, table: Any) -> list[str]:
    """The rule ids ``table`` names that ``game_id``'s registry does not have."""
    ids = {r.id for r in rulespec.rules(game_id)}
    return [r for r in rules(table) if r not in ids]


def unmatched(table: Any, mutations: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The checks of ``table`` with no mutation, and the mutations naming no check."""
    names = {i.check.__name__ for i in table}
    return sorted(names - set(mutations)), sorted(set(mutations) - names)


def trips(invariant: Any, state: Any, table: Any) -> None:
    """``state`` breaks ``invariant``, every message naming its rule, and so the table."""
    found = invariant.problems(state)
    assert found, f"{invariant.check.__name__} not tripped"
    assert all(invariant.rule in m for m in found), found
    assert check(state, table)
