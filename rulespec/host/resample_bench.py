"""``rulespec bench --adapters``, resampling: µs per ``state.resample`` per variant column.

Per column, seeded random games are stopped at a quarter, a half and three quarters of
their length; at each point the seat to act (or, at a chance node, the seat the step
number picks) resamples the state as an information-set search does: its information
state already worked out (the search keys its tree by it), then one call that builds the
sampler (``first``: the counting, for Mandala) and ``calls`` further calls of the same
state (``further``: what each simulation pays). Each is timed in CPU time beside a raw
step of the same games (``legal_actions``, a choice, ``apply``: whole random games), and
``further`` is also given as a multiple of that step. ``changed`` counts the further
draws that differ from the state: what a resample can change in that column. With
OpenSpiel installed, ``openspiel`` times ``resample_from_infostate`` with the seat's
information-state string asked of the result, as OpenSpiel's IS-MCTS does. Reported,
never asserted: speed is this command's business, not the tests'.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

from rulespec.catalog import game as make_game
from rulespec.catalog import spec as game_spec
from rulespec.core import resample as core
from rulespec.core.play import playout

POINTS = (0.25, 0.5, 0.75)
"""Where in each game the resamples are asked for (shares of its length)."""


@attrs.frozen
class Timing:
    """One column's resampling, over every point of its games."""

    raw_us: float
    """A raw step, µs."""
    first_us: float
    """The first call at a point (the sampler built), µs: the largest."""
    further_us: float
    """A further call, µs: the mean."""
    openspiel_us: float | None
    """A further ``resample_from_infostate`` and information-state string, µs: the mean
    (None without OpenSpiel)."""
    changed: int
    draws: int

    @property
    def ratio(self) -> float:
        """A further call over a raw step."""
        return self.further_us / self.raw_us


def measure(
    game_id: str, settings: dict[str, object], seconds: float = 1.0, seed: int = 0, calls: int = 20
) -> Timing:
    """One column: random games for about ``seconds`` of raw play, then the resamples at
    :data:`POINTS` of two seeded games."""
    game = make_game(game_id, **settings)
    clock = time.process_time
    raw = _raw(game, seconds, seed)
    first = further = spiel = 0.0
    points = changed = 0
    os_game = _openspiel_game(game_id, settings)
    for g in range(2):
        states = _states(game, seed + g)
        for share in POINTS:
            state = states[int(share * (len(states) - 1))]
            seat = state.current_player
            if type(seat) is not int:
                seat = state.step % game.players
            state.information_state(seat)
            core.cache_clear()
            t0 = clock()
            state.resample(seat, random.Random(0))
            first = max(first, clock() - t0)
            t0 = clock()
            for k in range(calls):
                changed += state.resample(seat, random.Random(k + 1)) != state
            further += clock() - t0
            points += 1
            if os_game is not None:
                spiel += _through_openspiel(os_game, state, seat, calls)
    draws = points * calls
    return Timing(
        raw * 1e6,
        first * 1e6,
        further / draws * 1e6,
        None if os_game is None else spiel / draws * 1e6,
        changed,
        draws,
    )


def report(game_ids: Sequence[str], seconds: float = 1.0, seed: int = 0, calls: int = 20) -> None:
    """Print :func:`measure` for every variant column of ``game_ids`` (one line each)."""
    print(
        f"{'game':<9} {'variant':<28} {'raw us':>7} {'first us':>9} {'further us':>10} "
        f"{'x step':>7} {'openspiel us':>12} {'changed':>8}"
    )
    for game_id in game_ids:
        spec = game_spec(game_id)
        axes = spec.table().axes
        for settings in spec.variants(options=False):
            t = measure(game_id, dict(settings), seconds, seed, calls)
            label = ",".join(f"{k}={v}" for k, v in settings.items() if k in axes)
            through = "-" if t.openspiel_us is None else f"{t.openspiel_us:.0f}"
            print(
                f"{game_id:<9} {label:<28} {t.raw_us:>7.1f} {t.first_us:>9.0f} "
                f"{t.further_us:>10.0f} {t.ratio:>7.1f} {through:>12} "
                f"{f'{t.changed}/{t.draws}':>8}"
            )
    print(
        "resample: the seat to act, at 1/4, 1/2, 3/4 of two seeded games, its information "
        "state known; first: the largest first call (sampler built); further: the mean of "
        "the next calls, and as a multiple of a raw step; CPU time"
    )


def _raw(game: Any, seconds: float, seed: int) -> float:
    """Seconds per raw step of whole random games: the fastest of three slices."""
    clock = time.process_time
    best = float("inf")
    rng = random.Random(seed)
    for _ in range(3):
        steps = 0
        started = clock()
        while clock() - started < seconds / 3:
            steps += playout(game.initial_state(), rng)[1]
        best = min(best, (clock() - started) / steps)
    return best


def _states(game: Any, seed: int) -> list[Any]:
    """Every state of one seeded random game but the last."""
    rng = random.Random(seed)
    state = game.initial_state()
    out = []
    while not state.is_terminal:
        out.append(state)
        choice = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        state = state.apply(choice)
    return out


def _openspiel_game(game_id: str, settings: dict[str, object]) -> Any:
    try:
        adapter = importlib.import_module("rulespec.openspiel")
    except ImportError:
        return None
    return adapter.game(game_id, **settings)


def _through_openspiel(os_game: Any, state: Any, seat: int, calls: int) -> float:
    """CPU seconds for ``calls`` resamples of ``state`` through OpenSpiel, each followed
    by the seat's information-state string of the result."""
    held = os_game.new_initial_state()
    for action in state.history():  # the same history, played through OpenSpiel
        held.apply_action(state.game.action_id(action))
    rng = random.Random(0)
    held.information_state_string(seat)
    held.resample_from_infostate(seat, rng.random)  # the sampler is kept from here on
    clock = time.process_time
    t0 = clock()
    for _ in range(calls):
        held.resample_from_infostate(seat, rng.random).information_state_string(seat)
    return clock() - t0
