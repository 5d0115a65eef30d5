"""``rulespec bench --sessions``: what a server pays per view and per submit.

A table is played as a server plays it: at every step each seat fetches its view as JSON
text once (as clients poll after each move), then a random seat owing a decision sends a
random legal action as JSON with the step it saw. The same play is timed twice: through
a :class:`~rulespec.Session` (compact legal actions, views built once per step and seat,
chance per (seed, step)), and through a naive server built from the state's primitives
(``observation(seat).to_json()``, every legal action enumerated, ``action_from_json``,
``apply(..., player=, expect_step=)``). Both draw chance as a session does, so both play
the same games move for move (one seeded generator instead costs the same, within
0.5 µs). Reported, never asserted: speed is this command's business, not the tests'.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import attrs

from rulespec.catalog import game
from rulespec.core.record import settle
from rulespec.host.session import session


@attrs.frozen
class Timing:
    """One way of serving, over the same tables."""

    views: int
    view_seconds: float
    view_bytes: int
    largest_view: int
    submits: int
    submit_seconds: float

    @property
    def us_per_view(self) -> float:
        """Microseconds per view (built and serialised)."""
        return self.view_seconds / self.views * 1e6

    @property
    def us_per_submit(self) -> float:
        """Microseconds per submit (read, applied, chance resolved)."""
        return self.submit_seconds / self.submits * 1e6


def naive_view(state: Any, seat: int) -> str:
    """The view as a server writes it from today's primitives: every legal action listed."""
    legal = state.legal_actions(player=seat)
    return json.dumps(
        {
            "seat": seat,
            "step": state.step,
            "to_act": sorted(state.to_act),
            "observation": state.observation(seat).to_json(),
            "legal_actions": [a.to_json() for a in legal],
            "outcome": state.outcome().to_json() if state.is_terminal else None,
        },
        allow_nan=False,
    )


def measure(
    game_id: str, settings: dict[str, object], seconds: float, seed: int
) -> tuple[Timing, Timing]:
    """Whole tables for about ``seconds`` each way: (naive, session)."""
    return _naive(game_id, settings, seconds, seed), _session(game_id, settings, seconds, seed)


def _session(game_id: str, settings: dict[str, object], seconds: float, seed: int) -> Timing:
    clock = time.perf_counter
    totals = _Totals()
    started = clock()
    table_seed = seed
    while clock() - started < seconds:
        table = session(game_id, seed=table_seed, settings=settings)
        choices = random.Random(table_seed)
        table_seed += 1
        players = table.game.players
        while True:
            t0 = clock()
            texts = [table.view_json(p) for p in range(players)]
            totals.view(clock() - t0, texts)
            if table.is_over:
                break
            seat, action = _choose(table.state, choices)
            t0 = clock()
            table.submit(seat, action, expect_step=table.step)
            totals.submit(clock() - t0)
    return totals.timing()


def _naive(game_id: str, settings: dict[str, object], seconds: float, seed: int) -> Timing:
    clock = time.perf_counter
    totals = _Totals()
    g = game(game_id, **settings)
    started = clock()
    table_seed = seed
    while clock() - started < seconds:
        choices = random.Random(table_seed)
        state: Any = settle(g.initial_state(), table_seed)
        while True:
            t0 = clock()
            texts = [naive_view(state, p) for p in range(g.players)]
            totals.view(clock() - t0, texts)
            if state.is_terminal:
                break
            seat, action = _choose(state, choices)
            t0 = clock()
            decision = g.action_from_json(action)
            state = state.apply(decision, player=seat, expect_step=state.step)
            state = settle(state, table_seed)
            totals.submit(clock() - t0)
        table_seed += 1
    return totals.timing()


def _choose(state: Any, rng: random.Random) -> tuple[int, dict[str, Any]]:
    seat = rng.choice(sorted(state.to_act))
    action: dict[str, Any] = rng.choice(state.legal_actions(player=seat)).to_json()
    return seat, action


@attrs.define
class _Totals:
    views: int = 0
    view_seconds: float = 0.0
    view_bytes: int = 0
    largest_view: int = 0
    submits: int = 0
    submit_seconds: float = 0.0

    def view(self, elapsed: float, texts: list[str]) -> None:
        self.views += len(texts)
        self.view_seconds += elapsed
        self.view_bytes += sum(map(len, texts))
        self.largest_view = max(self.largest_view, *map(len, texts))

    def submit(self, elapsed: float) -> None:
        self.submits += 1
        self.submit_seconds += elapsed

    def timing(self) -> Timing:
        return Timing(
            self.views,
            self.view_seconds,
            self.view_bytes,
            self.largest_view,
            self.submits,
            self.submit_seconds,
        )


def report(
    variants: list[tuple[str, str, dict[str, object]]],
    seconds: float,
    seed: int,
    out: Callable[[str], None] = print,
) -> None:
    """Print one line per (game, label, settings): µs per view and per submit and the
    average and largest view, naive and through a session."""
    out(
        f"{'game':<9} {'variant':<22} {'view us':>15} {'submit us':>15} "
        f"{'view bytes':>15} {'largest view':>15}"
    )
    for game_id, label, settings in variants:
        naive, through = measure(game_id, settings, seconds / 2, seed)
        out(
            f"{game_id:<9} {label:<22} "
            f"{naive.us_per_view:>7.1f}{through.us_per_view:>8.1f} "
            f"{naive.us_per_submit:>7.1f}{through.us_per_submit:>8.1f} "
            f"{naive.view_bytes // naive.views:>7}{through.view_bytes // through.views:>8} "
            f"{naive.largest_view:>7}{through.largest_view:>8}"
        )
    out(
        "each pair: naive (observation JSON, every legal action listed), then through"
        " rulespec.Session (compact legal actions, JSON reused across seats and steps);"
        "\nview: one seat's view as JSON text, every seat once per step; submit: an action"
        " read from JSON, applied for its seat with the step, chance resolved"
    )
