"""Golden playthroughs: one seeded random game written out step by step, as text.

A playthrough pins behaviour the way OpenSpiel's ``playthroughs/*.txt`` do: every action
applied, the legal actions (or chance outcomes with their probabilities) before it, and
after it what changed in the state's JSON and in each seat's observation JSON. A refactor
that keeps every playthrough byte-identical changed nothing a frontend can see; one that
changes a line has to say why (in the CHANGELOG).

The file starts with the full initial state and observations; after that each step lists
only the JSON leaves that changed (``hands[1].red``, ``chips.a12.owner``), so a review reads
what the step did instead of a thousand unchanged lines. Seats whose observations changed
the same way share one line.

``python -m rulespec.host.playthrough DIR`` writes one file per :func:`cases` entry (keeping
the seed already recorded in an existing file); ``--check`` compares instead of writing.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from rulespec import catalog
from rulespec.core.api import CHANCE, Game, State
from rulespec.core.leaves import compact, delta, leaves

HEADER = "# rulespec playthrough: regenerate with `make playthroughs`; tests diff against it"
MAX_STEPS = 20_000
"""A game longer than this is a bug (no variant's random game comes near it)."""


@attrs.frozen
class Case:
    """One playthrough: a game id and its settings (seed chosen when first written)."""

    game: str
    settings: tuple[tuple[str, object], ...]

    @property
    def name(self) -> str:
        """The file name: ``lotus-edition=de-players=3-negotiation=on.txt``."""
        parts = "-".join(f"{k}={v}" for k, v in self.settings)
        return f"{self.game}-{parts}.txt"


def cases() -> tuple[Case, ...]:
    """Every column of every game's variant table with the default options, then every
    non-default value of each option on the first column where the option can change
    play (the table's first column, unless the option lists its ``columns``)."""
    out: list[Case] = []
    for spec in catalog.GAMES:
        table = spec.table()
        defaults = {o.key: o.default for o in table.options}
        columns = {c.id: dict(c.axes) for c in table.columns}
        first = next(iter(columns.values()))
        out.extend(Case(spec.id, tuple(c.items())) for c in columns.values())
        for option in table.options:
            where = columns[option.columns[0]] if option.columns else first
            for value in option.values:
                if value != defaults[option.key]:
                    out.append(Case(spec.id, (*where.items(), (option.key, value))))
    return tuple(out)


def _choices(state: State[Any]) -> str:
    if state.is_chance:
        outcomes = state.chance_outcomes()
        return f"chance ({len(outcomes)}): " + "; ".join(f"{a} {p}" for a, p in outcomes)
    legal = state.legal_actions()
    return f"legal ({len(legal)}): " + "; ".join(str(a) for a in legal)


def _views(state: State[Any], players: int) -> list[dict[str, object]]:
    return [leaves(state.observation(p).to_json()) for p in range(players)]


def record(game: Game[Any], seed: int) -> Iterator[str]:
    """The lines of one playthrough of ``game`` (uniformly random play, seeded)."""
    players = game.players
    rng = random.Random(seed)
    state: State[Any] = game.initial_state()
    yield HEADER
    yield f"game: {game.spec.id}"
    yield f"settings: {compact(dict(game.settings()))}"
    yield f"seed: {seed}"
    yield f"state: {compact(state.to_json())}"
    for p in range(players):
        yield f"observation[{p}]: {compact(state.observation(p).to_json())}"
    before = leaves(state.to_json())
    seen = _views(state, players)
    last_choices = ""
    step = 0
    while not state.is_terminal:
        step += 1
        if step > MAX_STEPS:
            raise RuntimeError(f"no end after {MAX_STEPS} steps")
        actor = state.current_player
        yield f"== step {step}: {'chance' if actor is CHANCE else f'seat {actor}'}"
        choices = _choices(state)
        yield choices if choices != last_choices else "  (the same choices as before)"
        last_choices = choices
        action = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        yield f"apply: {compact(action.to_json())}  # {state.describe(action)}"
        state = state.apply(action)
        after = leaves(state.to_json())
        yield f"state: {compact(delta(before, after))}"
        before = after
        views = _views(state, players)
        groups: dict[str, list[int]] = {}
        for p in range(players):
            groups.setdefault(compact(delta(seen[p], views[p])), []).append(p)
        for text, seats in groups.items():
            if text != "{}":
                yield f"observation[{','.join(map(str, seats))}]: {text}"
        seen = views
    outcome = state.outcome()
    yield f"== end after {step} steps"
    yield (
        f"outcome: scores {list(outcome.scores)}, tie-breaks "
        f"{[list(t) for t in outcome.tiebreaks]}, winners {sorted(outcome.winners)}"
    )


def text(game: Game[Any], seed: int) -> str:
    """One playthrough as the text of its file."""
    return "\n".join(record(game, seed)) + "\n"


def recorded_seed(path: Path) -> int | None:
    """The seed written in an existing playthrough file, if there is one."""
    if not path.exists():
        return None
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.startswith("seed: "):
                return int(line.removeprefix("seed: "))
    return None


def build(case: Case) -> Game[Any]:
    """The game a case plays."""
    return catalog.game(case.game, **dict(case.settings))


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or with ``--check`` compare) every playthrough under a directory."""
    parser = argparse.ArgumentParser(prog="python -m rulespec.host.playthrough")
    parser.add_argument("directory", type=Path)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    directory: Path = args.directory
    directory.mkdir(parents=True, exist_ok=True)
    wanted = {c.name: c for c in cases()}
    stale = sorted(p.name for p in directory.glob("*.txt") if p.name not in wanted)
    differ = 0
    for name, case in wanted.items():
        path = directory / name
        seed = recorded_seed(path)
        new = text(build(case), 0 if seed is None else seed)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == new:
            continue
        differ += 1
        if args.check:
            print(f"{name}: differs from a fresh run" if old else f"{name}: missing")
        else:
            path.write_text(new, encoding="utf-8")
            print(f"{name}: {'rewritten' if old else 'written'}")
    for name in stale:
        print(f"{name}: no such case any more; delete it")
    return 1 if args.check and (differ or stale) else 0


if __name__ == "__main__":
    sys.exit(main())
