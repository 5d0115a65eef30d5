"""The ``rulespec`` command: verify, play, render, rules, rulings, search, explain, bench,
simulate, vectors.

``rulespec verify`` is the main job (:mod:`rulespec.verify`): the z3 proofs and random
games of every variant, checking every rule invariant after every step; it exits
non-zero on any failure. Game-specific settings are passed as ``--players 3`` or
``--players=3`` after the game id (:mod:`rulespec.cli_settings`; ``rulespec play --help``
lists every game's). Every usage error exits with status 2. ``simulate``, ``verify`` and
``bench`` run on local worker processes with ``--jobs N`` and on Ray with ``--ray
[ADDRESS]`` (:doc:`/scale`).
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import json
import random
import statistics
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from typing import Any

import rulespec
from rulespec import cli_settings
from rulespec import verify as verifying
from rulespec.cli_settings import UsageError
from rulespec.core.api import GameSpec
from rulespec.core.play import advance, playout, random_step
from rulespec.core.seeds import SEED_MAX
from rulespec.errors import RulespecError
from rulespec.host import resample_bench, session_bench, view_bench
from rulespec.scale.executors import Runner

_label = verifying.label
"""``players=3 final_mandalas=two_others``: the axes, and options that differ from their
default."""


# --- play, rules, explain, bench --------------------------------------------------------


def _seed(text: str) -> int:
    """A ``--seed`` value: a whole number from 0 to 2**63 - 1, as every seed
    (:mod:`rulespec.core.seeds`)."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text[:40]}") from None
    if not 0 <= seed <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"a seed is from 0 to 2**63 - 1, got {text[:40]}")
    return seed


def play(spec: GameSpec, settings: dict[str, object], seed: int) -> int:
    """Print a readable log of one seeded random game: the setup's chance outcomes and
    the position they lead to, then one entry per action with the action's notation in
    the left column (:doc:`/notation`), so the column alone replays the game."""
    game = rulespec.game(spec.id, **settings)
    rng = random.Random(seed)
    state = game.initial_state()
    print(f"{spec.title}, {_label(dict(game.settings()))}, seed {seed}")
    setup: list[str] = []
    shown_setup = False
    while not state.is_terminal:
        if not shown_setup and not state.is_chance:
            print("setup:", " ".join(setup))
            print(state)
            shown_setup = True
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        after = state.apply(action)
        if shown_setup:
            print(_notated(game.format_action(action), game.narrate(state, action, after)))
        else:
            setup.append(game.format_action(action))
        state = after
    print(state)
    return 0


def bench_players(game_id: str | None, games: int, budgets: str, seed: int, out: str | None) -> int:
    """The computer players' ladder (:func:`rulespec.players.bench.report`), of every game
    or of ``game_id``'s."""
    from rulespec.players import bench as ladder  # noqa: PLC0415 (loaded only when asked for)

    try:
        counts = [int(b) for b in budgets.split(",")]
    except ValueError:
        raise UsageError(f"--budgets {budgets}: iterations a move, as 50,200") from None
    if games < 1 or not counts or min(counts) < 1:
        raise UsageError("--games and every --budgets value must be at least 1")
    return ladder.report(games, counts, seed=seed, out=out, game_id=game_id)


def play_bots(game_id: str, settings: dict[str, object], seed: int, bots: list[str]) -> int:
    """Play a game against computer players (``--bot 1=search:500``) at the keyboard:
    :func:`rulespec.players.terminal.play`."""
    from rulespec.players import terminal  # noqa: PLC0415 (the players load only when asked for)

    players = rulespec.game(game_id, **settings).players
    return terminal.play(game_id, settings, seed, terminal.parse_bots(bots, players))


_NOTATION_COLUMN = 9
"""Width of the log's notation column (the longest usual notation, ``g12i>3``, fits)."""


def _notated(notation: str, entry: str) -> str:
    """A log entry with the action's notation in a left column (the entry's other lines
    indented to match)."""
    first, *rest = entry.splitlines()
    pad = " " * _NOTATION_COLUMN
    lines = [f"{notation:<{_NOTATION_COLUMN - 1}} {first.lstrip()}"]
    lines += [pad + line for line in rest]
    return "\n".join(lines)


def render(
    spec: GameSpec,
    settings: dict[str, object],
    seed: int,
    steps: int,
    *,
    seat: int | None = None,
    out: str | None = None,
) -> int:
    """Write an SVG picture of the position after the seeded setup and ``steps`` random
    steps (decisions and chance outcomes; fewer if the game ends first), of the whole
    state or of what ``seat`` sees, to ``out`` (standard output if None or ``-``; an
    HTML page if it ends in ``.html``)."""
    if out not in (None, "-") and not out.lower().endswith((".svg", ".html")):
        raise UsageError(f"-o {out}: the picture is SVG; name a .svg file, or .html for a page")
    game = rulespec.game(spec.id, **settings)
    rng = random.Random(seed)
    state = advance(game.initial_state(), rng)  # what game.new_game(seed) gives
    taken = 0
    while taken < steps and not state.is_terminal:
        state = random_step(state, rng)
        taken += 1
    picture = game.svg(state if seat is None else state.observation(seat))
    if out is None or out == "-":
        sys.stdout.write(picture)
        return 0
    if out.lower().endswith(".html"):
        picture = (
            f'<!doctype html>\n<html><head><meta charset="utf-8"><title>{spec.title}</title>'
            f"</head><body>\n{picture}</body></html>\n"
        )
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(picture)
    except OSError as exc:
        print(f"rulespec: cannot write {out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"{out}: {spec.title} after {taken} steps from seed {seed}", file=sys.stderr)
    return 0


def show_rules(spec: GameSpec) -> int:
    """List every rule, ruling and ambiguity of a game."""
    for r in spec.rulebook().rules:
        print(_entry(r))
    return 0


def _entry(r: rulespec.Rule) -> str:
    """A rule as the listings print it: id (and kind), title, sources."""
    kind = "" if r.kind is rulespec.RuleKind.RULE else f" [{r.kind.value}]"
    return f"{r.id}{kind}\n    {r.title}\n    {'; '.join(str(c) for c in r.cites)}"


def show_rulings(spec: GameSpec) -> int:
    """List a game's rulings and ambiguities with what rulespec does (``rulespec.rulings``):
    the points it decided where the books are silent or unclear."""
    wrap = textwrap.TextWrapper(width=88, initial_indent="    ", subsequent_indent="    ")
    for r in rulespec.rulings(spec.id):
        print(_entry(r))
        print(wrap.fill(f"rulespec does: {r.decision}"))
    return 0


def search_rules(words: Sequence[str], game_id: str | None) -> int:
    """The rules whose id, title or paraphrase hold every word (``rulespec.search``), best
    matches first; exit status 1 when none does, as grep's."""
    text = " ".join(words)
    found = rulespec.search(text, game=game_id)
    for r in found:
        print(_entry(r))
    where = f" of {game_id}" if game_id is not None else ""
    if not found:
        print(f"no rule{where} matches {text!r}", file=sys.stderr)
        return 1
    print(f"{len(found)} found; `rulespec explain ID` shows one in full", file=sys.stderr)
    return 0


def explain_rule(rule_id: str, example: bool = False) -> int:
    """Print one rule in full; with ``example``, its witnesses from seeded play too (from
    the setup or from a hand-written position)."""
    r = _rule_asked(rule_id)
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
    if example:
        print("\nAt work in seeded play (rulespec.rule(...).example()):")
        print(_examples_text(r))
    return 0


def _examples_text(r: rulespec.Rule) -> str:
    """Each witness of the rule (one per option value for an option's rule), or why it
    has none."""
    from rulespec import witnesses  # noqa: PLC0415 (loaded for --example only)

    shown = witnesses.witnesses(r.game)
    out = []
    for key, value in witnesses.keys(r):
        found = shown.found.get(key)
        if found is None:
            out.append(f"  {key}: no witness: {r.why_no_example(value)}")
            continue
        ex = witnesses.replay(found)
        out.append(textwrap.indent(str(ex), "  "))
        shown_value = f", value={value!r}" if value is not None else ""
        out.append(f"  (rulespec.rule({r.id!r}).example({shown_value.lstrip(', ')}))")
    return "\n".join(out)


def _rule_asked(rule_id: str) -> rulespec.Rule:
    """The rule ``rulespec explain`` is asked for; a game id or the start of some rule ids
    is a :class:`UsageError` that says what to ask instead."""
    if rule_id in rulespec.GAMES.ids:
        example = rulespec.rules(rule_id)[0].id
        raise UsageError(
            f"{rule_id} is a game, not a rule: `rulespec rules {rule_id}` lists its rules and "
            f"rulings; then ask for one by its id, e.g. `rulespec explain {example}`"
        )
    game_id = rule_id.split(".", 1)[0]
    if game_id in rulespec.GAMES.ids and rule_id not in rulespec.rulebook(game_id):
        group = [
            r.id for r in rulespec.rules(game_id) if r.id.startswith(rule_id.rstrip(".") + ".")
        ]
        if group:
            raise UsageError(
                f"{rule_id} is a group of {len(group)} rules; ask for one of them: "
                + ", ".join(group)
            )
    return rulespec.rule(rule_id)


def bench(
    specs: Sequence[GameSpec], seconds: float, seed: int, runner: Runner | None = None
) -> int:
    """Random-play throughput per variant: reported, never asserted. With a ``runner``,
    each of its workers plays for ``seconds`` and the rates add up."""
    print(
        f"{'game':<9} {'variant':<40} {'games':>6} {'steps':>9} {'us/step':>8} "
        f"{'us/decision':>11} {'steps/s':>9} {'games/s':>8}"
    )
    for spec in specs:
        for settings in spec.variants(options=False):
            if runner is None:
                parts = [_bench_variant(spec.id, settings, seconds, seed)]
            else:
                tasks = [(spec.id, settings, seconds, seed + k) for k in range(runner.jobs)]
                parts = [part for _, part in runner.map(_bench_variant, tasks)]
            games = sum(p[0] for p in parts)
            steps = sum(p[1] for p in parts)
            decisions = sum(p[2] for p in parts)
            decision_time = sum(p[3] for p in parts)
            elapsed = sum(p[4] for p in parts)
            steps_rate = sum(p[1] / p[4] for p in parts)
            games_rate = sum(p[0] / p[4] for p in parts)
            print(
                f"{spec.id:<9} {_label(settings, spec):<40} {games:>6} {steps:>9} "
                f"{elapsed / steps * 1e6:>8.1f} {decision_time / decisions * 1e6:>11.1f} "
                f"{steps_rate:>9.0f} {games_rate:>8.1f}"
            )
    print(
        "step: a decision (legal_actions + choice + apply) or a sampled chance outcome + apply;"
        "\nus/decision: decisions alone, timed one by one (includes the timer's own cost)"
    )
    if runner is not None:
        print(
            f"{runner.jobs} workers ({runner.executor}), each playing for the time given: "
            "steps/s and games/s add the workers' rates; us/step is per worker"
        )
    return 0


def _bench_variant(
    game_id: str, settings: dict[str, object], seconds: float, seed: int
) -> tuple[int, int, int, float, float]:
    """Whole random games for about ``seconds``: games, steps, decisions, the time of the
    decisions alone, and the elapsed time."""
    clock = time.perf_counter
    game = rulespec.game(game_id, **settings)
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
    return games, steps, decisions, decision_time, clock() - started


def bench_adapters(specs: Sequence[GameSpec], seconds: float, seed: int) -> int:
    """``bench --adapters``: each adapter's overhead over the raw step, the OpenSpiel one
    (rulespec.openspiel.bench), the resampling per column (rulespec.host.resample_bench),
    then the PettingZoo one (rulespec.pettingzoo.bench); an adapter whose extra is missing
    is skipped with a message."""
    try:
        openspiel = importlib.import_module("rulespec.openspiel")
    except ImportError as exc:
        print(f"rulespec bench --adapters: skipped: {exc}", file=sys.stderr)
    else:
        openspiel.bench([s.id for s in specs], seconds, seed)
    resample_bench.report([s.id for s in specs], seconds / 2, seed)
    try:
        pettingzoo = importlib.import_module("rulespec.pettingzoo")
    except ImportError as exc:
        print(f"rulespec bench --adapters: skipped: {exc}", file=sys.stderr)
        return 0
    steps = max(200, int(seconds * 20_000))  # about ``seconds`` of raw play per side
    print(f"{'game':<9} {'variant':<40} {'raw us':>7} {'pettingzoo us':>13} {'overhead':>8}")
    for spec in specs:
        table = spec.table()
        axes = set(table.axes)
        for settings in spec.variants(options=False):
            raw, through = pettingzoo.bench(spec.id, settings, steps, seed)
            label = ",".join(f"{k}={v}" for k, v in settings.items() if k in axes)
            print(
                f"{spec.id:<9} {label:<40} {raw:>7.1f} {through:>13.1f} "
                f"{(through / raw - 1) * 100:>7.0f}%"
            )
    print(
        "pettingzoo: a decision through env.step with a random id the mask allows, chance "
        "resolved inside; raw: legal_actions, choice, apply; fastest of 3 runs each"
    )
    return 0


def bench_views(specs: Sequence[GameSpec], seed: int) -> int:
    """``bench --views``: µs per view a learner or search asks at every step, and as a
    multiple of a raw step (rulespec.host.view_bench)."""
    view_bench.report([s.id for s in specs], seed)
    return 0


def bench_sessions(specs: Sequence[GameSpec], seconds: float, seed: int) -> int:
    """``bench --sessions``: µs per view and per submit, naive and through a session
    (rulespec.host.session_bench)."""
    variants = []
    for spec in specs:
        axes = set(spec.table().axes)
        for settings in spec.variants(options=False):
            label = ",".join(f"{k}={v}" for k, v in settings.items() if k in axes)
            variants.append((spec.id, label, settings))
    session_bench.report(variants, seconds, seed)
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
    from rulespec.openspiel import random_playout  # noqa: PLC0415 (needs the openspiel extra)

    clock = time.process_time  # CPU time: what other processes take is not counted
    steps = 0
    started = clock()
    while clock() - started < seconds:
        steps += random_playout(game.new_initial_state(), rng)
    return steps, clock() - started


def _rulespec_slice(game: Any, seconds: float, rng: random.Random) -> tuple[int, float]:
    """Whole random games of a rulespec game for about ``seconds``: (steps, elapsed)."""
    clock = time.process_time  # CPU time: what other processes take is not counted
    steps = 0
    started = clock()
    while clock() - started < seconds:
        steps += playout(game.initial_state(), rng)[1]
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


# --- simulate ------------------------------------------------------------------------------


def simulate(
    spec: GameSpec,
    settings: dict[str, object],
    games: int,
    seed: int,
    runner: Runner,
    *,
    out: str | None = None,
    probe: bool = False,
    chunk: int | None = None,
    player: str | None = None,
) -> int:
    """Play ``games`` seeded games on the runner; print the merged statistics and write
    the records, one JSON line per game in seed order, to ``out``. ``player`` names the
    computer player of every seat (``greedy``, ``search:50``; default uniform random
    play). Ctrl-C stops the run and prints the statistics of what finished (exit status
    130)."""
    game = rulespec.game(spec.id, **settings)
    policy = None
    if player is not None:
        from rulespec.players.names import parse_player  # noqa: PLC0415 (only when asked for)

        policy = parse_player(player)
    run = rulespec.simulate(
        game,
        policy,
        seeds=range(seed, seed + games),
        executor=runner.executor,
        jobs=runner.jobs,
        address=runner.address,
        records=out is not None,
        chunk=chunk,
        probe=probe,
    )
    started = time.perf_counter()
    bar = _Progress(run.total) if sys.stderr.isatty() else None
    waiting: dict[int, Any] = {}
    following = seed
    written = 0
    with open(out, "w", encoding="utf-8") if out else _Nowhere() as sink:
        try:
            for result in run:
                if out is not None:
                    waiting[result.seed] = result.record
                    while following in waiting:  # seed order, whatever the completion order
                        sink.write(json.dumps(waiting.pop(following).to_json()) + "\n")
                        following += 1
                        written += 1
                if bar is not None:
                    bar.show(run.done, time.perf_counter() - started)
        except KeyboardInterrupt:
            run.interrupted = True
        finally:
            run.close()
    elapsed = time.perf_counter() - started
    if bar is not None:
        bar.clear()
    stats = run.stats
    print(f"{spec.title}, {_label(dict(game.settings()))}, seeds {seed}..{seed + games - 1}")
    print(stats.report(r.id for r in spec.rulebook().rules))
    print(
        f"{stats.games} games in {elapsed:.1f}s ({stats.games / elapsed:.1f} games/s) on "
        f"{runner.jobs} {runner.executor} worker(s), {run.chunk} games per chunk; "
        f"{run.retries} chunk(s) retried"
    )
    if out is not None:
        print(f"records: {written} JSON lines in {out} (line k: seed {seed} + k)")
    if run.interrupted:
        print(f"interrupted after {stats.games} of {games} games", file=sys.stderr)
        return 130
    return 0


class _Nowhere:
    """Stands in for the records file when none is asked for."""

    def __enter__(self) -> _Nowhere:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def write(self, text: str) -> int:
        return 0


class _Progress:
    """A one-line progress bar on stderr (a terminal only; nothing new to install)."""

    def __init__(self, total: int) -> None:
        self.total = max(total, 1)

    def show(self, done: int, elapsed: float) -> None:
        filled = 30 * done // self.total
        rate = done / elapsed if elapsed > 0 else 0.0
        print(
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total} games {rate:.0f}/s",
            end="",
            file=sys.stderr,
            flush=True,
        )

    def clear(self) -> None:
        print("\r" + " " * 70 + "\r", end="", file=sys.stderr, flush=True)


def _runner(args: argparse.Namespace) -> Runner | None:
    """The executor ``--jobs`` and ``--ray`` ask for; None when neither is given."""
    if args.ray is not None:
        return Runner("ray", args.jobs, None if args.ray == _LOCAL else args.ray)
    if args.jobs is not None:
        return Runner("processes", args.jobs)
    return None


_LOCAL = "local"
"""What a bare ``--ray`` means: start a local Ray cluster."""


def _add_workers(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--jobs", type=int, metavar="N", help="run on N local worker processes (CPUs with --ray)"
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const=_LOCAL,
        metavar="ADDRESS",
        help="run on Ray: a cluster's ADDRESS (e.g. auto), or a local one if none is given "
        "(needs rulespec[ray])",
    )


# --- vectors -------------------------------------------------------------------------------


_VECTOR_OPTIONS: tuple[tuple[str, Callable[[str], object], object, str], ...] = (
    ("--seed", _seed, 0, "seed of the first random game (default 0)"),
    ("--games", int, 3, "random games (default 3)"),
    ("--positions", int, 4, "positions per random game (default 4)"),
    ("--sample", int, 20, "results per position, at most (default 20)"),
    ("--out", str, None, "the file to write (default: standard output)"),
)
"""The options of ``rulespec vectors GAME``, in one place for its help and its parsing."""


def _add_vector_options(parser: argparse.ArgumentParser, *, defaults: bool) -> None:
    """The vector options on ``parser``; without ``defaults`` an option not given is
    absent (the top-level parser only shows them in the help and passes on what it saw
    before the game id)."""
    for flag, kind, default, text in _VECTOR_OPTIONS:
        parser.add_argument(
            flag,
            type=kind,
            default=default if defaults else argparse.SUPPRESS,
            metavar=flag[2:].upper(),
            help=text,
        )


def vectors(
    game_id: str | None,
    rest: Sequence[str],
    check_file: str | None,
    given: dict[str, object] | None = None,
) -> int:
    """Write conformance vectors of one variant (``rest``: ``--seed``, ``--games``,
    ``--positions``, ``--sample``, ``--out`` and the settings; ``given``: those options
    already read before the game id), or with ``--check FILE`` replay a vector file
    against rulespec: exit 1 listing at most 100 problems."""
    from rulespec.host import vectors as vec  # noqa: PLC0415 (loaded for this command only)

    parser = argparse.ArgumentParser(prog="rulespec vectors GAME", allow_abbrev=False)
    _add_vector_options(parser, defaults=True)
    parser.set_defaults(**(given or {}))
    parser.add_argument("--check", metavar="FILE", dest="check_file")
    options, extra = parser.parse_known_args(rest)
    if options.check_file is not None or (check_file is not None and game_id is not None):
        raise UsageError("vectors --check FILE takes no game or other options")
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
        raise UsageError("vectors needs a game id (or --check FILE)")
    known = [o for a in parser._actions for o in a.option_strings]
    game = rulespec.game(game_id, **cli_settings.parse(game_id, extra, known))
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


class _Parser(argparse.ArgumentParser):
    """An argument parser that never abbreviates options (``--game`` is not ``--games``)
    and builds its epilog only when the help is shown: listing the games' settings loads
    every game, which a command that only plays one should not pay for."""

    def __init__(self, *args: Any, epilog_of: Callable[[], str] | None = None, **kwargs: Any):
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)
        self.epilog_of = epilog_of

    def format_help(self) -> str:
        if self.epilog_of is not None:
            self.epilog = self.epilog_of()
        return super().format_help()


_TAKES_SETTINGS = ("play", "render", "simulate")
"""The commands whose game settings follow the game id (``vectors`` reads its own)."""

_GAME_HELP = "a game id: " + ", ".join(rulespec.GAMES.ids)


def _add_game(parser: argparse.ArgumentParser, optional: bool = False) -> None:
    """The ``GAME`` positional (checked by :func:`_check_game` once the options are, so
    an unknown option is reported as such even when a value follows it)."""
    if optional:
        parser.add_argument("game", nargs="?", metavar="GAME", help=_GAME_HELP)
    else:
        parser.add_argument("game", metavar="GAME", help=_GAME_HELP)


def _check_game(game_id: str | None) -> str | None:
    """``game_id`` if it is a game (or absent); a :class:`UsageError` otherwise."""
    if game_id is None or game_id in rulespec.GAMES.ids:
        return game_id
    close = (
        difflib.get_close_matches(game_id, rulespec.GAMES.ids, n=1) if len(game_id) <= 64 else []
    )
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise UsageError(
        f"unknown game {game_id!r}{hint}; the games are {', '.join(rulespec.GAMES.ids)}"
    )


def _unknown(parser: argparse.ArgumentParser, extra: Sequence[str]) -> str:
    """``unknown option --game (did you mean --games?)`` for what a command does not take."""
    first = extra[0].partition("=")[0]
    if not first.startswith("-"):
        return f"unrecognized arguments: {' '.join(extra)}"
    names = [o for a in parser._actions for o in a.option_strings]
    close = difflib.get_close_matches(first, names, n=1) if len(first) <= 64 else []
    return f"unknown option {first}" + (f" (did you mean {close[0]}?)" if close else "")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for every usage error)."""
    parser = _Parser(
        prog="rulespec",
        description="rulespec: the executable, cited and verified rules of board games.",
        epilog_of=cli_settings.games_text,
    )
    parser.add_argument("--version", action="version", version=f"rulespec {rulespec.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p_verify = sub.add_parser(
        "verify",
        help="proofs and random games with invariant checks (the main job)",
        description=verifying.__doc__.split("\n\n")[0].replace("``", ""),
    )
    _add_game(p_verify, optional=True)
    how_many = p_verify.add_mutually_exclusive_group()
    how_many.add_argument(
        "--games",
        type=int,
        metavar="N",
        help="N random games per variant (default: enough to play every phase and move)",
    )
    how_many.add_argument(
        "--seconds",
        type=float,
        metavar="S",
        help="rounds of one game per variant for about S seconds in all",
    )
    p_verify.add_argument("--seed", type=_seed, default=0, help="seed of the first game")
    p_verify.add_argument("--no-proofs", action="store_true", help="skip the z3 proofs")
    p_verify.add_argument(
        "--timeout",
        type=float,
        default=300.0,
        metavar="SECONDS",
        help="wall-clock safety net per proof claim, for slow machines (default 300); "
        "verdicts use each claim's deterministic z3 resource budget",
    )
    _add_workers(p_verify)
    p_play = sub.add_parser(
        "play",
        help="a readable log of a seeded random game, or a game against computer players",
        usage="rulespec play GAME [--SETTING VALUE ...] [--seed SEED] [--bot SEAT=PLAYER ...]",
        epilog_of=cli_settings.help_text,
    )
    _add_game(p_play)
    p_play.add_argument("--seed", type=_seed, default=1)
    p_play.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SEAT=PLAYER",
        help="a computer player for a seat (random, greedy, search, search:500, search:1s; "
        "all=PLAYER for every seat): every other seat is played at the keyboard",
    )
    p_render = sub.add_parser(
        "render",
        help="an SVG picture of a seeded random position",
        usage="rulespec render GAME [--SETTING VALUE ...] [--seed N] [--steps K] [--seat P] "
        "[-o FILE]",
        epilog_of=cli_settings.help_text,
    )
    _add_game(p_render)
    p_render.add_argument("--seed", type=_seed, default=1, help="seed of the game")
    p_render.add_argument(
        "--steps", type=int, default=0, help="random steps after the setup (default 0)"
    )
    p_render.add_argument("--seat", type=int, help="picture what this seat sees")
    p_render.add_argument(
        "-o", "--out", metavar="FILE", help="file to write (.svg, or .html for a page)"
    )
    p_rules = sub.add_parser("rules", help="list a game's rules and rulings")
    _add_game(p_rules)
    p_rulings = sub.add_parser(
        "rulings", help="list a game's rulings and ambiguities, with what rulespec does"
    )
    _add_game(p_rulings)
    p_search = sub.add_parser(
        "search",
        help="find rules by words of their id, title or paraphrase",
        usage="rulespec search WORD [WORD ...] [--game GAME]",
    )
    p_search.add_argument("words", nargs="+", metavar="WORD", help="e.g. max markers")
    p_search.add_argument(
        "--game", metavar="GAME", help="this game only (" + ", ".join(rulespec.GAMES.ids) + ")"
    )
    p_explain = sub.add_parser("explain", help="one rule in full")
    p_explain.add_argument("rule_id", metavar="RULE_ID", help="e.g. mandala.draw.exact_count")
    p_explain.add_argument(
        "--example",
        action="store_true",
        help="show the rule at work: its witness from seeded play (from the setup or from "
        "a position written by hand)",
    )
    p_bench = sub.add_parser(
        "bench", help="random-play throughput per variant; --players: the computer players"
    )
    _add_game(p_bench, optional=True)
    p_bench.add_argument("--seconds", type=float, default=2.0, help="per variant")
    p_bench.add_argument("--seed", type=_seed, default=0)
    p_bench.add_argument(
        "--against",
        choices=["openspiel"],
        help="time each variant against OpenSpiel's python_team_dominoes, interleaved",
    )
    p_bench.add_argument(
        "--adapters", action="store_true", help="us/step raw and through rulespec.openspiel"
    )
    p_bench.add_argument(
        "--views",
        action="store_true",
        help="us per observation tensor, information-state string and tensor, resample and "
        "PettingZoo last()+step, beside a raw step",
    )
    p_bench.add_argument(
        "--sessions",
        action="store_true",
        help="us per view() and submit(), naive and through rulespec.Session",
    )
    p_bench.add_argument(
        "--rounds", type=int, default=5, help="interleaved rounds per variant (with --against)"
    )
    p_bench.add_argument(
        "--players",
        action="store_true",
        help="the computer players' ladder: win shares with 95%% intervals, s/move",
    )
    p_bench.add_argument("--games", type=int, default=20, help="games per match (with --players)")
    p_bench.add_argument(
        "--budgets",
        default="50,200",
        metavar="N,M",
        help="search iterations a move, one match each (with --players; default 50,200)",
    )
    p_bench.add_argument(
        "--out", metavar="FILE", help="with --players, also write the tables as the docs' rst"
    )
    _add_workers(p_bench)
    p_sim = sub.add_parser(
        "simulate",
        help="many seeded games: statistics and rule coverage",
        usage="rulespec simulate GAME [--SETTING VALUE ...] [--games N] [--seed S] [...]",
        epilog_of=cli_settings.help_text,
    )
    _add_game(p_sim)
    p_sim.add_argument("--games", type=int, default=100, help="how many games")
    p_sim.add_argument("--seed", type=_seed, default=0, help="seed of the first game")
    p_sim.add_argument("--out", metavar="FILE", help="write the records as JSON lines")
    p_sim.add_argument(
        "--probe", action="store_true", help="count rule rejections too (slower; see docs)"
    )
    p_sim.add_argument("--chunk", type=int, help="games per task (default: up to 32)")
    p_sim.add_argument(
        "--bot",
        metavar="PLAYER",
        help="a computer player for every seat (greedy, search:50; default: random play)",
    )
    _add_workers(p_sim)

    p_vectors = sub.add_parser(
        "vectors",
        help="conformance test vectors as JSON lines, or --check a vector file",
        usage="rulespec vectors GAME [--SETTING VALUE ...] [--seed S] [--games N] "
        "[--positions K] [--sample M] [--out FILE]\n       rulespec vectors --check FILE",
        epilog_of=cli_settings.help_text,
    )
    _add_game(p_vectors, optional=True)
    p_vectors.add_argument("--check", metavar="FILE", help="replay a vector file against rulespec")
    _add_vector_options(p_vectors, defaults=False)
    p_vectors.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)

    args, extra = parser.parse_known_args(argv)
    command = sub.choices[args.command]
    if extra and args.command not in _TAKES_SETTINGS:
        command.error(_unknown(command, extra))
    try:
        _check_game(getattr(args, "game", None))
    except UsageError as exc:
        command.error(str(exc))
    runner = _runner(args) if args.command in ("verify", "bench", "simulate") else None

    def settings() -> dict[str, object]:
        known = [o for a in command._actions for o in a.option_strings]
        return cli_settings.parse(args.game, extra, known)

    commands: dict[str, Callable[[], int]] = {
        "verify": lambda: verifying.verify(
            _specs(args.game),
            games=args.games,
            seconds=args.seconds,
            seed=args.seed,
            proofs=not args.no_proofs,
            timeout=args.timeout,
            runner=runner,
        ),
        "play": lambda: (
            play_bots(args.game, settings(), args.seed, args.bot)
            if args.bot
            else play(rulespec.spec(args.game), settings(), args.seed)
        ),
        "render": lambda: render(
            rulespec.spec(args.game),
            settings(),
            args.seed,
            args.steps,
            seat=args.seat,
            out=args.out,
        ),
        "rules": lambda: show_rules(rulespec.spec(args.game)),
        "rulings": lambda: show_rulings(rulespec.spec(args.game)),
        "search": lambda: search_rules(args.words, args.game),
        "explain": lambda: explain_rule(args.rule_id, args.example),
        "bench": lambda: (
            bench_players(args.game, args.games, args.budgets, args.seed, args.out)
            if args.players
            else bench_adapters(_specs(args.game), args.seconds, args.seed)
            if args.adapters
            else bench_views(_specs(args.game), args.seed)
            if args.views
            else bench_sessions(_specs(args.game), args.seconds, args.seed)
            if args.sessions
            else bench(_specs(args.game), args.seconds, args.seed, runner)
            if args.against is None
            else bench_against_openspiel(_specs(args.game), args.seconds, args.seed, args.rounds)
        ),
        "simulate": lambda: simulate(
            rulespec.spec(args.game),
            settings(),
            args.games,
            args.seed,
            runner or Runner(),
            out=args.out,
            probe=args.probe,
            chunk=args.chunk,
            player=args.bot,
        ),
        "vectors": lambda: vectors(
            args.game,
            args.rest,
            args.check,
            {o[2:]: getattr(args, o[2:]) for o, *_ in _VECTOR_OPTIONS if hasattr(args, o[2:])},
        ),
    }
    try:
        if runner is None:
            return commands[args.command]()
        with runner:  # a Ray cluster is started (or joined) once per command
            return commands[args.command]()
    except UsageError as exc:
        command.error(str(exc))  # the usage, the message, exit status 2
    except RulespecError as exc:
        print(f"rulespec: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `rulespec play … | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
