"""The limits a check runs under: each claim's budget of z3 resource units (``rlimit``),
counted the same on every run and under any machine load, and a wall-clock timeout that
is only a safety net against a hang. Nothing here asserts a duration."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import attrs
import pytest
import z3

import proofs
from proofs.__main__ import main
from proofs.harness import (
    DEFAULT_RLIMIT,
    DEFAULT_TIMEOUT_MS,
    MAX_RLIMIT,
    Built,
    Claim,
    Expect,
    Status,
    check,
)

from . import verdicts

RULE = "mandala.draw.one_card_up_to_four"
REAL = "mandala.end.no_tiles_immediate:stacks_deplete_together"
"""A real claim of some weight: about a million resource units, a fraction of a second."""


def hopeless_claim() -> Built:
    """Fermat for cubes: true, but beyond z3's nonlinear integer reasoning, so z3 works
    until a limit stops it."""
    x, y, z = z3.Ints("x y z")
    return [x > 0, y > 0, z > 0], x * x * x + y * y * y != z * z * z


def hopeless(rlimit: int, expect: Expect = Expect.PROVED) -> Claim:
    return Claim(
        f"{RULE}:hopeless", RULE, "Fermat for cubes", hopeless_claim, expect, rlimit=rlimit
    )


def real(claim_id: str = REAL) -> Claim:
    game = claim_id.partition(".")[0]
    return next(c for c in proofs.CLAIMS[game] if c.id == claim_id)


@contextmanager
def busy_machine() -> Iterator[list[subprocess.Popen[str]]]:
    """Every core kept busy by two spinning processes each, started (and each seen
    spinning) before the body runs and ended by their own pids after it."""
    count = 2 * len(os.sched_getaffinity(0))
    spin = "print('spinning', flush=True)\nwhile True:\n    pass\n"
    spinners = [
        subprocess.Popen([sys.executable, "-c", spin], stdout=subprocess.PIPE, text=True)
        for _ in range(count)
    ]
    try:
        for p in spinners:
            assert p.stdout is not None
            assert p.stdout.readline() == "spinning\n"
        yield spinners
    finally:
        for p in spinners:
            p.kill()
        for p in spinners:
            p.wait()
            if p.stdout is not None:
                p.stdout.close()


# --- the regression: a verdict never depends on machine load ---------------------------


@pytest.mark.parametrize(
    ("claim", "status"),
    [
        (real(), Status.PROVED),
        (hopeless(300_000), Status.RESOURCE_LIMIT),
    ],
    ids=["proved", "resource_limit"],
)
def test_proof_verdicts_do_not_depend_on_machine_load(claim: Claim, status: Status) -> None:
    """From the issue: on a busy machine a claim hit the 10 s wall-clock limit and failed.
    Now each claim has a budget of resource units that z3 counts the same however busy
    the machine is: the same claim, checked on an idle process and again with every core
    kept busy, gets the same verdict with the same count."""
    idle = check(claim)
    with busy_machine() as spinners:
        busy = check(claim)
        assert all(p.poll() is None for p in spinners)  # they spun all along
    assert idle.status is status
    assert (busy.status, busy.detail, busy.rlimit_used, busy.rlimit_budget) == (
        idle.status,
        idle.detail,
        idle.rlimit_used,
        idle.rlimit_budget,
    )


def test_the_count_does_not_depend_on_what_ran_before() -> None:
    """Each claim runs in a fresh z3 context: in a shared one the count drifts with the
    terms created before, so the budget would not be deterministic."""
    first = check(real())
    for claim in [c for c in proofs.CLAIMS["mandala"] if c.rlimit == DEFAULT_RLIMIT][:8]:
        check(claim)
    z3.Ints("unrelated terms in the main context")
    again = check(real())
    assert (again.status, again.rlimit_used) == (first.status, first.rlimit_used)


# --- the budget ------------------------------------------------------------------------


@pytest.mark.parametrize("expect", list(Expect))
def test_a_tiny_budget_is_a_resource_limit_never_ok(expect: Expect) -> None:
    claim = attrs.evolve(real(), rlimit=1_000, expect=expect)
    v = check(claim)
    assert v.status is Status.RESOURCE_LIMIT
    assert v.status.value == "resource limit"
    assert not v.ok
    assert (v.rlimit_budget, v.rlimit_used >= 1_000) == (1_000, True)
    assert v.detail.startswith("resource limit: used ")
    assert "budget of 1,000 rlimit units" in v.detail


def test_the_budget_covers_the_whole_claim() -> None:
    """The vacuity check and every part of the statement draw on one budget: half of what
    the claim uses stops it, ten times as much proves it with the same count."""
    used = check(real()).rlimit_used
    short = check(attrs.evolve(real(), rlimit=used // 2))
    assert short.status is Status.RESOURCE_LIMIT
    assert used // 2 <= short.rlimit_used < used
    ample = check(attrs.evolve(real(), rlimit=10 * used))
    assert (ample.status, ample.rlimit_used) == (Status.PROVED, used)


def test_a_hopeless_claim_stops_at_its_budget_on_the_part_it_was_on() -> None:
    v = check(hopeless(200_000))
    assert v.status is Status.RESOURCE_LIMIT
    assert v.detail.endswith("on: x*x*x + y*y*y != z*z*z")


def test_a_budget_must_fit_z3s_32_bits() -> None:
    for bad in (0, -1, MAX_RLIMIT + 1):
        with pytest.raises(ValueError, match="rlimit must be between 1 and"):
            hopeless(bad)
    assert hopeless(MAX_RLIMIT).rlimit == MAX_RLIMIT


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(proofs.CLAIMS))
def test_every_claim_keeps_headroom_in_its_budget(game_id: str) -> None:
    """Budgets are about ten times the measured use; another z3 version may count up to a
    third more (4.12.6 against 5.4.1), so less than five times is a budget to raise."""
    tight = [
        f"{v.claim_id}: uses {v.rlimit_used:,} of {v.rlimit_budget:,}"
        for v in verdicts(game_id)
        if v.rlimit_used * 5 > v.rlimit_budget
    ]
    assert not tight, "raise these budgets (rlimit=…):\n" + "\n".join(tight)


# --- the wall-clock safety net -----------------------------------------------------------


@pytest.mark.parametrize("expect", list(Expect))
def test_the_wall_clock_safety_net_is_a_timeout_never_ok(expect: Expect) -> None:
    """With a budget too large to run out, only the wall clock stops a hopeless claim;
    that is reported apart from the deterministic limit."""
    v = check(hopeless(MAX_RLIMIT, expect), timeout_ms=50)
    assert v.status is Status.TIMEOUT
    assert not v.ok
    assert v.detail.startswith("timeout: wall clock, 0.05 s on: ")
    assert v.rlimit_used < MAX_RLIMIT


def test_run_passes_the_timeout_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(proofs, "CLAIMS", {"mandala": (hopeless(MAX_RLIMIT),)})
    [v] = proofs.run("mandala", timeout_ms=20)
    assert v.status is Status.TIMEOUT


# --- what python -m proofs shows and writes -----------------------------------------------


def test_the_table_and_the_json_carry_the_status_and_the_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "proofs.json"
    assert main(["mandala", "--json", str(out)], claims={"mandala": (hopeless(100_000),)}) == 1
    table = capsys.readouterr().out
    assert "RESOURCE LIMIT (not ok)" in table
    assert "rlimit" in table.splitlines()[0]
    assert "100,000" in table.splitlines()[2]
    assert "detail: resource limit: used " in table
    report = json.loads(out.read_text())
    assert (report["ok"], report["timeout_ms"]) == (False, DEFAULT_TIMEOUT_MS)
    [v] = report["verdicts"]
    assert (v["status"], v["ok"], v["rlimit_budget"]) == ("resource limit", False, 100_000)
    assert v["rlimit_used"] >= 100_000
    assert "budget of 100,000 rlimit units" in v["detail"]
