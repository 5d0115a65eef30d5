"""``rulespec bench --views``: what a learner or a search player asks at every step, per
variant column, beside the step itself.

Per column, two seeded random games are played once for their actions, then replayed
from the initial state once per measure, each on fresh states (so every pass builds its
own memos, as play does): a raw decision (``legal_actions`` and ``apply`` of the chosen
action, as the other benches time it), and at every
decision, for the seat to act, its observation tensor, its information-state string, its
information-state tensor (each in a pass of its own, so neither finds the other's work
done), and, at every fourth decision, one ``resample`` (the first call at that state, as
a loop asking at every step pays it; ``bench --adapters`` times the further calls a
search makes at one state). PettingZoo's ``last()`` (which
builds the observation tensor) and ``step`` are timed on the same games through the
adapter when PettingZoo is installed. Each is CPU time per call, as µs and as a multiple
of the raw decision: on a shared machine read the ratios. Reported, never asserted.
"""

from __future__ import annotations

import gc
import importlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rulespec.catalog import game as make_game
from rulespec.catalog import spec as game_spec

GAMES = 2
"""Seeded random games per column."""
RESAMPLE_EVERY = 4
"""A resample at every fourth decision (the others cost the same; this keeps it short)."""


@attrs.frozen
class ViewCosts:
    """One column's costs, µs per call (``None``: not measured)."""

    step: float
    observation_tensor: float
    information_string: float
    information_tensor: float
    resample: float
    pettingzoo: float | None

    def ratios(self) -> tuple[float | None, ...]:
        """Each cost over the raw step."""
        parts = (
            self.observation_tensor,
            self.information_string,
            self.information_tensor,
            self.resample,
            self.pettingzoo,
        )
        return tuple(None if x is None else x / self.step for x in parts)


def _games(game: Any, seed: int, games: int = GAMES) -> list[list[Any]]:
    """The actions of ``games`` seeded random games."""
    out = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = game.initial_state()
        actions = []
        while not state.is_terminal:
            a = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
            actions.append(a)
            state = state.apply(a)
        out.append(actions)
    return out


def _pass(game: Any, games: list[list[Any]], ask: Callable[[Any, int], object] | None) -> float:
    """CPU seconds per call: of ``ask(state, seat)`` at every decision (at every
    :data:`RESAMPLE_EVERY`-th with ``resample``), or of the decision's ``apply`` when
    ``ask`` is None."""
    clock = time.process_time
    spent = 0.0
    calls = 0
    every = RESAMPLE_EVERY if ask is _resample else 1
    for actions in games:
        state = game.initial_state()
        decisions = 0
        for a in actions:
            if not state.is_chance:
                decisions += 1
                seat = state.current_player
                if ask is None:
                    t0 = clock()
                    state.legal_actions()
                    state = state.apply(a)
                    spent += clock() - t0
                    calls += 1
                    continue
                if decisions % every == 0:
                    t0 = clock()
                    ask(state, seat)
                    spent += clock() - t0
                    calls += 1
            state = state.apply(a)
    return spent / max(calls, 1)


def _observation_tensor(state: Any, seat: int) -> object:
    return state.observation(seat).tensor()


def _information_string(state: Any, seat: int) -> object:
    return str(state.information_state(seat))


def _information_tensor(state: Any, seat: int) -> object:
    return state.information_state(seat).tensor()


_RNG = random.Random(0)


def _resample(state: Any, seat: int) -> object:
    return state.resample(seat, _RNG)


def _pettingzoo(game_id: str, settings: dict[str, object], games: list[list[Any]]) -> float | None:
    """CPU seconds per ``last()`` + ``step`` through the PettingZoo adapter, on the
    decisions of ``games`` (chance resolved by the adapter's own generator, so the games
    differ after the first chance node; the cost per call is what is measured)."""
    try:
        adapter = importlib.import_module("rulespec.pettingzoo")
    except ImportError:
        return None
    env = adapter.RulespecEnv(game_id, **settings)
    pick = random.Random(0)
    clock = time.process_time
    spent = 0.0
    calls = 0
    for g in range(len(games)):
        env.reset(seed=g)
        while True:
            t0 = clock()
            _, _, done, _, info = env.last()
            if done:
                break
            env.step(pick.choice(info["legal_action_ids"]))
            spent += clock() - t0
            calls += 1
    return spent / max(calls, 1)


def measure(
    game_id: str, settings: dict[str, object], seed: int = 0, games: int = GAMES
) -> ViewCosts:
    """One column's :class:`ViewCosts` over ``games`` seeded random games (the raw step: the
    fastest of three passes)."""
    game = make_game(game_id, **settings)
    played = _games(game, seed, games)
    enabled = gc.isenabled()
    gc.disable()
    try:
        step = min(_pass(game, played, None) for _ in range(3))
        views = [
            _pass(game, played, ask)
            for ask in (_observation_tensor, _information_string, _information_tensor, _resample)
        ]
        pz = _pettingzoo(game_id, settings, played)
    finally:
        if enabled:
            gc.enable()
    obs, text, tensor, resample = (x * 1e6 for x in views)
    return ViewCosts(step * 1e6, obs, text, tensor, resample, None if pz is None else pz * 1e6)


def report(game_ids: Sequence[str], seed: int = 0, games: int = GAMES) -> None:
    """Print :func:`measure` for every variant column of ``game_ids``: µs, then (x) the
    multiple of a raw step."""
    names = ("obs tensor", "info str", "info tensor", "resample", "pz last+step")
    print(f"{'game':<8} {'variant':<14} {'step us':>7} " + " ".join(f"{n:>17}" for n in names))
    for game_id in game_ids:
        spec = game_spec(game_id)
        axes = spec.table().axes
        for settings in spec.variants(options=False):
            v = measure(game_id, dict(settings), seed, games)
            label = ",".join(f"{settings[k]}" for k in axes if k in settings)
            costs = (
                v.observation_tensor,
                v.information_string,
                v.information_tensor,
                v.resample,
                v.pettingzoo,
            )
            cells = [
                "-" if c is None or r is None else f"{c:.0f} ({r:.1f}x)"
                for c, r in zip(costs, v.ratios(), strict=True)
            ]
            print(f"{game_id:<8} {label:<14} {v.step:>7.1f} " + " ".join(f"{c:>17}" for c in cells))
    print(
        f"per call for the seat to act at every decision of {games} seeded random games, CPU µs "
        f"and (x) over a raw decision; resample at every {RESAMPLE_EVERY}th decision; "
        "pz: PettingZoo last() (the observation tensor) + step"
    )
