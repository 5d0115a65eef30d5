"""``rulespec verify``, the main job: the z3 proofs, then random games of every variant.

By default it checks every claim of the proofs, then plays random games of every
variant, one per variant per round, until every phase of each game and every kind of move
its phase table accepts has been played (at most :data:`MAX_ROUNDS` rounds). ``games``
asks for that many games per variant instead, ``seconds`` for rounds until that much time
has gone on random play. After every step of every game the state
must satisfy every rule invariant (``state.problems()``) and survive its JSON round trip.

The report says what each verdict means (:data:`LEGEND`), each claim in words (its
title), how far the games reached, and the totals at the end; columns are as wide as
their longest entry, so long variant labels keep them aligned.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
import textwrap
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import attrs

import rulespec
from rulespec.core.api import GameSpec
from rulespec.core.variants import stored_settings
from rulespec.errors import RulespecError
from rulespec.scale.executors import Runner

MAX_ROUNDS = 10
"""Rounds of one game per variant that the default run plays at most while some phase or
move of a game is still unplayed (with seed 0, The White Castle needs four and Oriente
three)."""

LEGEND = """\
Verdicts: "ok" means the check came out as expected, "FAIL" that it did not (then the
exit status is 1). A proof's z3 result is "proved" (the claim holds for every input the
encoding allows) or "counterexample" (z3 found an input that breaks it, which the claims
written as canaries or as a witness of a fact of the rules expect: their words say so);
"unknown", "vacuous", "resource limit" and "timeout" are never ok. A random game is ok
when every state it reaches keeps every rule invariant and reads back from its JSON."""
"""What the report's verdicts mean, printed before the checks."""


def load_proofs() -> ModuleType | None:
    """The proofs package: ``rulespec.proofs`` in the wheel, ``proofs`` in a checkout
    (``None`` if neither is there); ModuleNotFoundError if z3 is missing."""
    for name in ("rulespec.proofs", "proofs"):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == "z3":
                raise
            continue
    return None


def default_runner() -> Runner:
    """Every core this process may use, one worker process each (the proofs of the four
    games and the games of each round run side by side); in this process on one core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return Runner("processes", cores) if (cores or 1) > 1 else Runner()


def prove(game_id: str, timeout_ms: int) -> list[Any]:
    """The verdicts of one game's claims (a task for a worker; z3 loads there)."""
    module = load_proofs()
    return [] if module is None else list(module.run(game_id, timeout_ms=timeout_ms))


def label(settings: dict[str, object], spec: GameSpec | None = None) -> str:
    """``players=3 final_mandalas=two_others``: the axes, and options only where they
    differ from their default (so a table of variants stays readable)."""
    defaults = {} if spec is None else {o.key: o.default for o in spec.table().options}
    return " ".join(
        f"{k}={v}" for k, v in settings.items() if k not in defaults or defaults[k] != v
    )


@attrs.frozen
class Played:
    """What some games of one variant did: counts, the first problem found (play stops
    there), and the phases and moves (phase, action type) they went through."""

    games: int = 0
    steps: int = 0
    seconds: float = 0.0
    """The time the games took, where they were played."""
    problems: tuple[str, ...] = ()
    phases: frozenset[str] = frozenset()
    moves: frozenset[tuple[str, str]] = frozenset()

    def __add__(self, other: Played) -> Played:
        return Played(
            self.games + other.games,
            self.steps + other.steps,
            self.seconds + other.seconds,
            self.problems or other.problems,
            self.phases | other.phases,
            self.moves | other.moves,
        )


def play_games(game_id: str, settings: dict[str, object], seeds: tuple[int, ...]) -> Played:
    """Seeded random games of one variant with every check after every step, stopping at
    the first problem (a worker's task: module-level, so it pickles)."""
    started = time.perf_counter()
    with stored_settings():  # the cross of options and variants: no SettingIgnored
        game = rulespec.game(game_id, **settings)
    games = steps = 0
    phases: set[str] = set()
    moves: set[tuple[str, str]] = set()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state()
        phases.add(state.phase.value)
        try:
            while not state.is_terminal:
                action = (
                    state.sample_chance(rng)
                    if state.is_chance
                    else rng.choice(state.legal_actions())
                )
                moves.add((state.phase.value, type(action).__name__))
                state = state.apply(action)
                steps += 1
                phases.add(state.phase.value)
                found = list(state.problems())
                if game.state_from_json(state.to_json()) != state:
                    found.append("the JSON round trip changed the state")
                if found:
                    where = f"game {seed}, step {steps}"
                    problems = tuple(f"{where}: {p}" for p in found)
                    return Played(games, steps, time.perf_counter() - started, problems)
        except (RulespecError, RuntimeError) as exc:
            problem = f"game {seed}: {type(exc).__name__}: {exc}"
            return Played(games, steps, time.perf_counter() - started, (problem,))
        games += 1
    elapsed = time.perf_counter() - started
    return Played(games, steps, elapsed, (), frozenset(phases), frozenset(moves))


def _everything(game_id: str) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """Every phase of a game and every (phase, action type) its phase table accepts."""
    game: Any = rulespec.game(game_id, **rulespec.spec(game_id).variants()[0])
    table = game.table
    phases = frozenset(p.value for p in table.phases)
    moves = frozenset(
        (p.value, kind.__name__) for p, step in table.steps.items() for kind in step.moves
    )
    return phases, moves


@attrs.define
class _Report:
    """Counts for the totals at the end."""

    claims: int = 0
    proved: int = 0
    witnessed: int = 0
    failed_claims: int = 0
    proof_seconds: float = 0.0
    variants: int = 0
    games: int = 0
    steps: int = 0
    failed_variants: int = 0
    play_seconds: float = 0.0
    reach: list[str] = attrs.Factory(list)
    shown: list[str] = attrs.Factory(list)
    stale_witnesses: int = 0


def verify(
    specs: Sequence[GameSpec],
    *,
    games: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    proofs: bool = True,
    timeout: float = 300.0,
    runner: Runner | None = None,
) -> int:
    """Run the proofs and the random games; print the report; return the exit status
    (0 all passed, 1 a check failed, 2 the proofs could not run)."""
    started = time.perf_counter()
    report = _Report()
    print(
        "rulespec verify: the z3 proofs of the rules, then random games of every variant\n"
        "with every rule invariant checked after every step.\n"
    )
    print(LEGEND)
    with runner or default_runner() as workers:
        if proofs:
            status = _proofs(specs, timeout, report, workers)
            if status:
                return status
        _Play(games, seconds, seed, workers, report).run(specs)
    _witnesses(specs, report)
    _totals(report, games, seconds, time.perf_counter() - started)
    return 1 if report.failed_claims or report.failed_variants or report.stale_witnesses else 0


def _witnesses(specs: Sequence[GameSpec], report: _Report) -> None:
    """Replay every witness (:mod:`rulespec.witnesses`), from the setup or from its
    hand-written position: its rule must still decide there. Counts what share of each
    game's rules and rulings is shown at work."""
    from rulespec import witnesses  # noqa: PLC0415 (loaded for this step only)

    print("\n== witnesses: every rule and ruling shown at work in seeded play ==")
    for spec in specs:
        shown = witnesses.witnesses(spec.id)
        stale = [w.key for w in shown.found.values() if not witnesses.holds(w)]
        report.stale_witnesses += len(stale)
        with_one, total = witnesses.counts()[spec.id]
        hand = witnesses.by_hand()[spec.id]
        line = (
            f"{spec.id}: {with_one} of {total} rules and rulings have a witness, {hand} from "
            f"a position written by hand ({len(shown.found)} witnesses replayed, "
            f"{len(stale)} stale; "
            f"{len(shown.without)} listed without one, with the reason)"
        )
        report.shown.append(line)
        print(f"  {line}")
        for key in stale:
            print(f"    FAIL {key}: the rule no longer decides at its witness (make witnesses)")


def _proofs(specs: Sequence[GameSpec], timeout: float, report: _Report, runner: Runner) -> int:
    try:
        module = load_proofs()
    except ModuleNotFoundError:
        print(
            "proofs: z3 is not installed; install it with pip install 'rulespec[proofs]', "
            "or pass --no-proofs",
            file=sys.stderr,
        )
        return 2
    if module is None:
        print("proofs: the proofs package is not in this installation", file=sys.stderr)
        return 2
    wrap = textwrap.TextWrapper(width=92, initial_indent=" " * 11, subsequent_indent=" " * 11)
    started = time.perf_counter()
    tasks = [(spec.id, round(timeout * 1000)) for spec in specs]
    found = dict(runner.map(prove, tasks))
    report.proof_seconds += time.perf_counter() - started
    for k, spec in enumerate(specs):
        verdicts = found[k]
        if not verdicts:
            continue
        print(f"\n== proofs: {len(verdicts)} claims about {spec.title}, each checked by z3 ==")
        print(f"  {'verdict':<8} {'z3 result':<15} {'time':>6}  claim, and what it says")
        for v in verdicts:
            mark = "ok" if v.ok else "FAIL"
            print(f"  {mark:<8} {v.status.value:<15} {v.seconds:>5.2f}s  {v.claim_id}")
            print(wrap.fill(v.title))
            report.claims += 1
            report.failed_claims += not v.ok
            if v.ok:
                report.proved += v.status.value == "proved"
                report.witnessed += v.status.value == "counterexample"
    return 0


@attrs.define
class _Play:
    """The random-play part of one run: its mode and where its counts go."""

    games: int | None
    """Games per variant; ``None``: rounds of one game per variant."""
    seconds: float | None
    """Time to spend on rounds (after everything is played); ``None``: stop once it is."""
    seed: int
    runner: Runner
    report: _Report
    labels: dict[int, str] = attrs.Factory(dict)
    """Each variant's label, by the ``id`` of its settings."""
    width: int = len("variant")

    def run(self, specs: Sequence[GameSpec]) -> None:
        """Play every variant of every game and print a row per variant."""
        plans = [(spec, spec.variants()) for spec in specs]
        total = sum(len(v) for _, v in plans)
        if self.games is not None:
            how = f"{self.games} game(s) per variant"
        elif self.seconds is not None:
            how = f"rounds of one game per variant for about {self.seconds:g}s"
        else:
            how = "one game per variant per round, until every phase and move has been played"
        print(f"\n== random play: {how}; every state checked ==")
        self.labels = {id(s): label(s, spec) for spec, variants in plans for s in variants}
        self.width = max([len("variant"), *(len(t) for t in self.labels.values())])
        print(
            f"  {'game':<9} {'variant':<{self.width}} {'games':>5} {'steps':>8} "
            f"{'steps/game':>10} {'time':>7}  verdict"
        )
        for spec, variants in plans:
            budget = None if self.seconds is None else self.seconds * len(variants) / total
            self._game(spec, variants, budget)

    def _game(
        self, spec: GameSpec, variants: Sequence[dict[str, object]], budget: float | None
    ) -> None:
        report = self.report
        started = time.perf_counter()
        played = self._rounds(spec, variants, budget)
        report.play_seconds += time.perf_counter() - started
        for settings, done in zip(variants, played, strict=True):
            verdict = "ok" if not done.problems else f"FAIL: {done.problems[0]}"
            per_game = done.steps / done.games if done.games else 0.0
            print(
                f"  {spec.id:<9} {self.labels[id(settings)]:<{self.width}} {done.games:>5} "
                f"{done.steps:>8} {per_game:>10.1f} {done.seconds:>6.1f}s  {verdict}"
            )
            report.variants += 1
            report.games += done.games
            report.steps += done.steps
            report.failed_variants += bool(done.problems)
        union = sum(played, Played())
        phases, moves = _everything(spec.id)
        missing = sorted(phases - union.phases) + [
            f"{kind} in {phase}" for phase, kind in sorted(moves - union.moves)
        ]
        reach = (
            f"{spec.id}: all {len(phases)} phases and {len(moves)} kinds of move played "
            f"in {union.games} games"
            if not missing
            else f"{spec.id}: not played in {union.games} games: {', '.join(missing)}"
        )
        print(f"  {reach}")
        report.reach.append(reach)
        if missing and self.games is None and not union.problems:
            report.failed_variants += 1  # the default run promises every phase and move

    def _rounds(
        self, spec: GameSpec, variants: Sequence[dict[str, object]], budget: float | None
    ) -> list[Played]:
        """Each variant's games: ``games`` each, or rounds of one game per variant until
        everything is played and ``budget`` seconds are spent (at most
        :data:`MAX_ROUNDS` rounds while something is unplayed, without a budget)."""
        phases, moves = _everything(spec.id)
        done = [Played() for _ in variants]
        index = {id(s): k for k, s in enumerate(variants)}
        started = time.perf_counter()
        rounds = 0
        while True:
            if self.games is not None:
                seeds = range(self.seed, self.seed + self.games)
                tasks = _chunks(spec.id, variants, seeds, self.runner.jobs)
            else:
                tasks = [(spec.id, s, (self.seed + rounds,)) for s in variants]
            for i, part in self.runner.map(play_games, tasks):
                k = index[id(tasks[i][1])]
                done[k] = done[k] + part
                self._progress(spec.id, variants[k], done[k].games)
            rounds += 1
            union = sum(done, Played())
            if self.games is not None or union.problems:
                break
            covered = phases <= union.phases and moves <= union.moves
            enough = budget is None or time.perf_counter() - started >= budget
            if enough and (covered or rounds >= MAX_ROUNDS):
                break
        if sys.stdout.isatty():
            print("\r" + " " * (self.width + 30) + "\r", end="")
        return done

    def _progress(self, game_id: str, settings: dict[str, object], games: int) -> None:
        if sys.stdout.isatty():
            text = self.labels[id(settings)]
            print(f"\r  {game_id:<9} {text:<{self.width}} {games:>5}", end="", flush=True)


def _chunks(
    game_id: str, variants: Sequence[dict[str, object]], seeds: range, jobs: int
) -> list[tuple[str, dict[str, object], tuple[int, ...]]]:
    """``--games N``: each variant's seeds in chunks, enough for ``jobs`` workers."""
    size = max(1, min(16, -(-len(seeds) // (4 * jobs))))
    return [
        (game_id, s, tuple(seeds[i : i + size]))
        for s in variants
        for i in range(0, len(seeds), size)
    ]


def _totals(report: _Report, games: int | None, seconds: float | None, elapsed: float) -> None:
    print("\n== totals ==")
    if report.claims:
        print(
            f"  proofs: {report.claims} claims in {report.proof_seconds:.1f}s: "
            f"{report.proved} proved for every input, {report.witnessed} counterexamples "
            f"found where the claim expects one, {report.failed_claims} failed"
        )
    print(
        f"  random play: {report.variants} variants, {report.games} games, {report.steps:,} "
        f"steps in {report.play_seconds:.1f}s, {report.failed_variants} failed"
    )
    for line in report.reach:
        print(f"    {line}")
    if report.shown:
        print("  witnesses:")
        for line in report.shown:
            print(f"    {line}")
    failures = report.failed_claims + report.failed_variants + report.stale_witnesses
    verdict = "all checks passed" if not failures else f"{failures} check(s) failed"
    print(f"verify: {verdict} in {elapsed:.0f}s")
    if games is None and seconds is None and not failures:
        print("  for more random play: rulespec verify --games N, or --seconds S")
