"""The golden playthroughs: one seeded random game per variant column and option value,
step by step (tests/playthroughs/*.txt). A change to any line means behaviour a frontend
can see has changed: regenerate with ``make playthroughs`` and say why in CHANGELOG.md."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

import rulespec
from rulespec.host import playthrough

DIRECTORY = Path(__file__).parent / "playthroughs"
CASES = playthrough.cases()


@pytest.mark.parametrize("case", CASES, ids=[c.name.removesuffix(".txt") for c in CASES])
def test_a_fresh_run_matches_the_golden_playthrough(case: playthrough.Case) -> None:
    path = DIRECTORY / case.name
    seed = playthrough.recorded_seed(path)
    assert seed is not None, f"{case.name} is missing: run `make playthroughs`"
    fresh = playthrough.text(playthrough.build(case), seed)
    golden = path.read_text(encoding="utf-8")
    if fresh != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), fresh.splitlines(), "golden", "fresh", n=1, lineterm=""
        )
        shown = "\n".join(line[:300] for _, line in zip(range(40), diff, strict=False))
        pytest.fail(f"{case.name} changed (run `make playthroughs` if intended):\n{shown}")


def test_every_playthrough_file_belongs_to_a_case() -> None:
    names = {c.name for c in CASES}
    stray = sorted(p.name for p in DIRECTORY.glob("*.txt") if p.name not in names)
    assert not stray, f"playthroughs of no current variant: {stray}"


def test_the_cases_cover_every_column_and_option_value_of_every_game() -> None:
    for spec in rulespec.GAMES:
        table = spec.table()
        mine = [dict(c.settings) for c in CASES if c.game == spec.id]
        for column in table.columns:
            assert dict(column.axes) in mine
        for option in table.options:
            for value in option.values:
                assert any(s.get(option.key, option.default) == value for s in mine)
