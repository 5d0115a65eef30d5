"""The ``rulespec`` command: verify, play, rules, explain, bench.

``rulespec verify`` is the main job: it runs the z3 proofs and plays random games of every
variant, checking every rule invariant after every step, and exits non-zero on any
failure. Game-specific settings are passed as ``--players 3`` or ``--edition fr``: every
``--name value`` pair after the game id becomes a keyword of :func:`rulespec.game`.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import rulespec
from rulespec.core.api import GameSpec
from rulespec.core.play import playout
from rulespec.errors import RulespecError


def _parse_settings(extra: Sequence[str]) -> dict[str, object]:
    """``["--players", "3", "--edition", "fr"]`` → ``{"players": 3, "edition": "fr"}``."""
    settings: dict[str, object] = {}
    items = list(extra)
    while items:
        key = items.pop(0)
        if not key.startswith("--") or not items:
            raise SystemExit(f"rulespec: expected '--name value' pairs, got {key!r}")
        value = items.pop(0)
        settings[key[2:].replace("-", "_")] = int(value) if value.lstrip("-").isdigit() else value
    return settings


def _label(settings: dict[str, object], spec: GameSpec | None = None) -> str:
    """``players=3 final_mandalas=two_others``: the axes, and options only where they
    differ from their default (so a table of variants stays readable)."""
    defaults = {} if spec is None else {o.key: o.default for o in spec.table().options}
    return " ".join(
        f"{k}={v}" for k, v in settings.items() if k not in defaults or defaults[k] != v
    )


def _load_proofs() -> ModuleType | None:
    """The proofs package: shipped as ``rulespec.proofs`` in the wheel, ``proofs`` in a checkout."""
    for name in ("rulespec.proofs", "proofs"):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == "z3":
                raise
            continue
    return None


# --- verify --------------------------------------------------------------------------


def _check_state(state: Any, game: Any) -> list[str]:
    """Invariants of one state, plus its JSON round trip."""
    problems = list(state.problems())
    if game.state_from_json(state.to_json()) != state:
        problems.append("the JSON round trip changed the state")
    return problems


def verify(
    games: Sequence[GameSpec], count: int, seed: int, proofs: bool, timeout: float = 300.0
) -> int:
    """Run the proofs and ``count`` random games per variant; return the exit status.

    ``timeout`` is the proofs' wall-clock safety net per claim, in seconds; their
    verdicts rest on each claim's deterministic budget of z3 resource units."""
    failures = 0
    if proofs:
        try:
            module = _load_proofs()
        except ModuleNotFoundError:
            print("proofs: z3 is not installed; install rulespec[proofs] or pass --no-proofs")
            return 2
        if module is None:
            print("proofs: the proofs package is not available in this installation")
            return 2
        print("== proofs ==")
        for spec in games:
            verdicts = module.run(spec.id, timeout_ms=round(timeout * 1000))
            for v in verdicts:
                mark = "ok  " if v.ok else "FAIL"
                print(f"  {mark} {v.claim_id:<58} {v.status.value:<15} {v.seconds:6.2f}s")
                failures += not v.ok
    print(f"== random play: {count} games per variant, invariants checked after every step ==")
    print(
        f"  {'game':<9} {'variant':<40} {'games':>5} {'steps':>8} {'steps/game':>10} "
        f"{'s':>6}  result"
    )
    for spec in games:
        for settings in spec.variants():
            game = rulespec.game(spec.id, **settings)
            started = time.perf_counter()
            steps = 0
            problems: list[str] = []
            for i in range(count):
                rng = random.Random(seed + i)

                def check(
                    state: Any, i: int = i, game: Any = game, problems: list[str] = problems
                ) -> None:
                    found = _check_state(state, game)
                    if found:
                        problems.extend(f"game {seed + i}: {p}" for p in found)
                        raise _Stop

                try:
                    _, n = playout(game.initial_state(), rng, check=check)
                    steps += n
                except _Stop:
                    break
                except (RulespecError, RuntimeError) as exc:
                    problems.append(f"game {seed + i}: {type(exc).__name__}: {exc}")
                    break
                if sys.stdout.isatty():
                    print(
                        f"\r  {spec.id:<9} {_label(settings, spec):<40} {i + 1:>5}",
                        end="",
                        flush=True,
                    )
            elapsed = time.perf_counter() - started
            result = "ok" if not problems else f"FAIL: {problems[0]}"
            if sys.stdout.isatty():
                print("\r", end="")
            print(
                f"  {spec.id:<9} {_label(settings, spec):<40} {count:>5} {steps:>8} "
                f"{steps / count:>10.1f} {elapsed:>6.1f}  {result}"
            )
            failures += bool(problems)
    print("verify:", "all checks passed" if not failures else f"{failures} failure(s)")
    return 1 if failures else 0


class _Stop(Exception):
    """Stops a playout at the first broken invariant."""


# --- play, rules, explain, bench --------------------------------------------------------


def play(spec: GameSpec, settings: dict[str, object], seed: int) -> int:
    """Print a readable log of one seeded random game."""
    game = rulespec.game(spec.id, **settings)
    rng = random.Random(seed)
    state = game.initial_state()
    print(f"{spec.title}, {_label(dict(game.settings()))}, seed {seed}")
    shown_setup = False
    while not state.is_terminal:
        if not shown_setup and not state.is_chance:
            print(state)
            shown_setup = True
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        after = state.apply(action)
        if shown_setup:
            print(game.narrate(state, action, after))
        state = after
    print(state)
    return 0


def show_rules(spec: GameSpec) -> int:
    """List every rule, ruling and ambiguity of a game."""
    for r in spec.rulebook().rules:
        kind = "" if r.kind is rulespec.RuleKind.RULE else f" [{r.kind.value}]"
        print(f"{r.id}{kind}\n    {r.title}\n    {'; '.join(str(c) for c in r.cites)}")
    return 0


def explain_rule(rule_id: str) -> int:
    """Print one rule in full."""
    r = rulespec.rule(rule_id)
    wrap = textwrap.TextWrapper(width=88, initial_indent="  ", subsequent_indent="  ")
    print(f"{r.id} ({r.kind.value})\n{r.title}\n")
    print(wrap.fill(r.text))
    print("\nSources:\n" + "\n".join(f"  {c}" for c in r.cites))
    if r.is_ruling:
        print("\nReadings considered:\n" + "\n".join(f"  - {o}" for o in r.options))
        print("\nrulespec does:\n" + wrap.fill(r.decision))
        print("\nWhy:\n" + wrap.fill(r.reason))
        if r.option:
            print(f"\nChosen with the game option {r.option!r}.")
    table = rulespec.spec(r.game).table()
    for row in table.rows:
        if row.rule == r.id:
            cells = ", ".join(f"{cid}: {cell.value!r}" for cid, cell in row.cells)
            print(f"\nVariant table row {row.key}: {cells}")
    return 0


def bench(specs: Sequence[GameSpec], seconds: float, seed: int) -> int:
    """Random-play throughput per variant: reported, never asserted."""
    print(
        f"{'game':<9} {'variant':<40} {'games':>6} {'steps':>9} {'us/step':>8} "
        f"{'us/decision':>11} {'steps/s':>9} {'games/s':>8}"
    )
    clock = time.perf_counter
    for spec in specs:
        for settings in spec.variants(options=False):
            game = rulespec.game(spec.id, **settings)
            rng = random.Random(seed)
            games = steps = decisions = 0
            decision_time = 0.0
            started = clock()
            while clock() - started < seconds:
                state = game.initial_state()
                while not state.is_terminal:
                    if state.is_chance:
                        state = state.apply(state.sample_chance(rng))
                    else:
                        t0 = clock()
                        state = state.apply(rng.choice(state.legal_actions()))
                        decision_time += clock() - t0
                        decisions += 1
                    steps += 1
                games += 1
            elapsed = clock() - started
            print(
                f"{spec.id:<9} {_label(settings, spec):<40} {games:>6} {steps:>9} "
                f"{elapsed / steps * 1e6:>8.1f} {decision_time / decisions * 1e6:>11.1f} "
                f"{steps / elapsed:>9.0f} {games / elapsed:>8.1f}"
            )
    print(
        "step: a decision (legal_actions + choice + apply) or a sampled chance outcome + apply;"
        "\nus/decision: decisions alone, timed one by one (includes the timer's own cost)"
    )
    return 0


# --- bench --against openspiel -------------------------------------------------------------

REFERENCE = "python_team_dominoes"
"""OpenSpiel's own pure-Python game (states mutated in place): the speed to match."""


def _load_reference() -> Any | None:
    """The reference game, or None when open_spiel is not installed."""
    try:
        importlib.import_module("open_spiel.python.games")  # registers the Python games
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None
    return pyspiel.load_game(REFERENCE)


def _reference_slice(game: Any, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Whole random games of the reference for about ``seconds``: (steps, elapsed)."""
    clock = time.process_time  # CPU time: what other processes take is not counted
    steps = 0
    started = clock()
    while clock() - started < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                r = rng.random()
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for outcome, p in outcomes:
                    r -= p
                    if r < 0:
                        action = outcome
                        break
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return steps, clock() - started


def _rulespec_slice(game: Any, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Whole random games of a rulespec game for about ``seconds``: (steps, elapsed)."""
    clock = time.process_time  # CPU time: what other processes take is not counted
    steps = 0
    started = clock()
    while clock() - started < seconds:
        state = game.initial_state()
        while not state.is_terminal:
            if state.is_chance:
                action = state.sample_chance(rng)
            else:
                action = rng.choice(state.legal_actions())
            state = state.apply(action)
            steps += 1
    return steps, clock() - started


def bench_against_openspiel(
    specs: Sequence[GameSpec], seconds: float, seed: int, rounds: int
) -> int:
    """Random-play µs/step of every variant column against OpenSpiel's
    ``python_team_dominoes``, interleaved in one process: reported, never asserted."""
    reference = _load_reference()
    if reference is None:
        print(
            "rulespec bench --against openspiel needs open_spiel, which is not installed;\n"
            "install the bench extra: pip install 'rulespec[bench]' (or run make bench-openspiel)",
            file=sys.stderr,
        )
        return 2
    rounds = max(rounds, 1)
    piece = seconds / (2 * rounds)
    print(
        f"reference: OpenSpiel {REFERENCE}; {rounds} interleaved rounds of {piece:.2f}s "
        "of CPU time each"
    )
    print(
        f"{'game':<9} {'variant':<28} {'rulespec us':>11} {'reference us':>12} {'ratio':>6} "
        f"{'min-max':>10}"
    )
    for spec in specs:
        for settings in spec.variants(options=False):
            game = rulespec.game(spec.id, **settings)
            rng = random.Random(seed)
            ours: list[float] = []
            theirs: list[float] = []
            ratios: list[float] = []
            for r in range(rounds):
                # alternate who goes first, so a drift in machine load hits both alike
                if r % 2:
                    n, t = _rulespec_slice(game, piece, rng)
                    m, u = _reference_slice(reference, piece, rng)
                else:
                    m, u = _reference_slice(reference, piece, rng)
                    n, t = _rulespec_slice(game, piece, rng)
                ours.append(t / n * 1e6)
                theirs.append(u / m * 1e6)
                ratios.append(theirs[-1] / ours[-1])
            print(
                f"{spec.id:<9} {_label(settings, spec):<28} {statistics.median(ours):>11.1f} "
                f"{statistics.median(theirs):>12.1f} {statistics.median(ratios):>6.2f} "
                f"{f'{min(ratios):.2f}-{max(ratios):.2f}':>10}"
            )
    print(
        "us/step: median over the rounds of the CPU time of one random-play step (a decision:\n"
        "legal_actions, choice, apply; or a sampled chance outcome and apply); ratio: median\n"
        "of the rounds' reference us / rulespec us (1 or more: rulespec is at least as fast)"
    )
    return 0


# --- vectors -------------------------------------------------------------------------------


def vectors(game_id: str | None, rest: Sequence[str], check_file: str | None) -> int:
    """Write conformance vectors of one variant (``rest``: ``--seed``, ``--games``,
    ``--positions``, ``--sample``, ``--out`` and the settings), or with ``--check FILE``
    replay a vector file against rulespec: exit 1 listing at most 100 problems."""
    from rulespec.core import vectors as vec  # noqa: PLC0415 (loaded for this command only)

    parser = argparse.ArgumentParser(prog="rulespec vectors GAME")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first random game")
    parser.add_argument("--games", type=int, default=3, help="random games")
    parser.add_argument("--positions", type=int, default=4, help="positions per random game")
    parser.add_argument("--sample", type=int, default=20, help="results per position, at most")
    parser.add_argument("--out", help="the file to write (default: standard output)")
    parser.add_argument("--check", metavar="FILE", dest="check_file")
    options, extra = parser.parse_known_args(rest)
    if options.check_file is not None or (check_file is not None and game_id is not None):
        raise SystemExit("rulespec: vectors --check FILE takes no game or other options")
    if check_file is not None:
        try:
            lines = vec.read(check_file)
        except (OSError, UnicodeDecodeError) as exc:
            print(f"rulespec: cannot read {check_file}: {exc}", file=sys.stderr)
            return 2
        problems = vec.check(lines)
        for p in problems:
            print(p)
        verdict = f"{len(problems)} problem(s)" if problems else "all agree with rulespec"
        print(f"{check_file}: {vec.summary(lines)}: {verdict}")
        return 1 if problems else 0
    if game_id is None:
        raise SystemExit("rulespec: vectors needs a game id (or --check FILE)")
    game = rulespec.game(game_id, **_parse_settings(extra))
    kwargs = {
        "seed": options.seed,
        "games": options.games,
        "positions": options.positions,
        "sample": options.sample,
    }
    if options.out is None:
        vec.write(game, sys.stdout, **kwargs)
        return 0
    try:
        n = vec.write(game, options.out, **kwargs)
    except OSError as exc:
        print(f"rulespec: cannot write {options.out}: {exc}", file=sys.stderr)
        return 2
    print(f"{options.out}: a header and {n - 1} vectors", file=sys.stderr)
    return 0


# --- entry point -------------------------------------------------------------------------


def _specs(game_id: str | None) -> tuple[GameSpec, ...]:
    return tuple(rulespec.GAMES) if game_id is None else (rulespec.spec(game_id),)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="rulespec", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_verify = sub.add_parser("verify", help="proofs and random games with invariant checks")
    p_verify.add_argument("game", nargs="?", help="one game id (default: all)")
    p_verify.add_argument("--games", type=int, default=20, help="random games per variant")
    p_verify.add_argument("--seed", type=int, default=0, help="seed of the first game")
    p_verify.add_argument("--no-proofs", action="store_true", help="skip the z3 proofs")
    p_verify.add_argument(
        "--timeout",
        type=float,
        default=300.0,
        metavar="SECONDS",
        help="wall-clock safety net per proof claim, for slow machines (default 300); "
        "verdicts use each claim's deterministic z3 resource budget",
    )
    p_play = sub.add_parser("play", help="a readable log of a seeded random game")
    p_play.add_argument("game")
    p_play.add_argument("--seed", type=int, default=1)
    p_rules = sub.add_parser("rules", help="list a game's rules and rulings")
    p_rules.add_argument("game")
    p_explain = sub.add_parser("explain", help="one rule in full")
    p_explain.add_argument("rule_id")
    p_bench = sub.add_parser("bench", help="random-play throughput per variant")
    p_bench.add_argument("game", nargs="?")
    p_bench.add_argument("--seconds", type=float, default=2.0, help="per variant")
    p_bench.add_argument("--seed", type=int, default=0)
    p_bench.add_argument(
        "--against",
        choices=["openspiel"],
        help="time each variant against OpenSpiel's python_team_dominoes, interleaved",
    )
    p_bench.add_argument(
        "--rounds", type=int, default=5, help="interleaved rounds per variant (with --against)"
    )

    p_vectors = sub.add_parser(
        "vectors",
        help="conformance test vectors as JSON lines, or --check a vector file",
        usage="rulespec vectors GAME [--name value ...] [--seed S] [--games N] "
        "[--positions K] [--sample M] [--out FILE]\n       rulespec vectors --check FILE",
    )
    p_vectors.add_argument("game", nargs="?", help="a game id (not with --check)")
    p_vectors.add_argument("--check", metavar="FILE", help="replay a vector file against rulespec")
    p_vectors.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)

    args, extra = parser.parse_known_args(argv)
    commands: dict[str, Callable[[], int]] = {
        "verify": lambda: verify(
            _specs(args.game), args.games, args.seed, not args.no_proofs, args.timeout
        ),
        "play": lambda: play(rulespec.spec(args.game), _parse_settings(extra), args.seed),
        "rules": lambda: show_rules(rulespec.spec(args.game)),
        "explain": lambda: explain_rule(args.rule_id),
        "bench": lambda: (
            bench(_specs(args.game), args.seconds, args.seed)
            if args.against is None
            else bench_against_openspiel(_specs(args.game), args.seconds, args.seed, args.rounds)
        ),
        "vectors": lambda: vectors(args.game, args.rest, args.check),
    }
    if extra and args.command != "play":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        return commands[args.command]()
    except RulespecError as exc:
        print(f"rulespec: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `rulespec play … | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
