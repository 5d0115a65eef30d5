"""``python -m proofs [GAME] [--json PATH] [--timeout MS]`` in a checkout, ``python -m
rulespec.proofs …`` with the package installed (the wheel ships this package as
``rulespec.proofs``): check the claims, print a table, optionally write the verdicts as
JSON, and exit 1 if any verdict is not the one its claim expects (a claim not proved, a
canary proved, vacuous assumptions, a claim that used up its budget of z3 resource units, a
wall-clock timeout).

Each claim's budget of resource units is part of the claim (``Claim.rlimit``), so a
verdict is the same on an idle and a busy machine; ``--timeout`` only sets the wall-clock
safety net against a hang (default 300000 ms), for a very slow machine.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import z3

import rulespec

from . import CLAIMS, MissingProofs, run
from .harness import DEFAULT_TIMEOUT_MS, Claim, Status, Verdict, check_all

_COLUMNS = ("claim", "rule", "expected", "verdict", "rlimit", "of budget", "seconds")
_NUMERIC = 4
"""The columns from this one on are numbers, aligned right."""


_PROG = f"python -m {__package__ or 'proofs'}"
"""How this module was run: ``python -m proofs`` in a checkout, ``python -m rulespec.proofs``
from an installed package."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=_PROG, description="Check the z3 proofs of the rules.")
    p.add_argument("game", nargs="?", help="a game id (default: every game with claims)")
    p.add_argument("--json", metavar="PATH", type=Path, help="also write the verdicts here")
    p.add_argument(
        "--timeout",
        metavar="MS",
        type=int,
        default=DEFAULT_TIMEOUT_MS,
        help=(
            f"wall-clock safety net per claim (default {DEFAULT_TIMEOUT_MS}); verdicts use "
            "each claim's deterministic budget of z3 resource units"
        ),
    )
    return p


def table(verdicts: Sequence[Verdict]) -> str:
    """The verdicts as a text table; witnesses and failures are shown below their row."""
    rows = [
        (
            v.claim_id,
            v.rule_id,
            v.expected.value,
            v.status.value if v.ok else f"{v.status.value.upper()} (not ok)",
            f"{v.rlimit_used:,}",
            f"{v.rlimit_budget:,}",
            f"{v.seconds:.3f}",
        )
        for v in verdicts
    ]
    widths = [max(len(r[i]) for r in [_COLUMNS, *rows]) for i in range(len(_COLUMNS))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if i >= _NUMERIC else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    out = [line(_COLUMNS), line(["-" * w for w in widths])]
    for v, row in zip(verdicts, rows, strict=True):
        out.append(line(row))
        if v.detail and (not v.ok or v.status is Status.COUNTEREXAMPLE):
            out.append(f"    {'witness' if v.ok else 'detail'}: {v.detail}")
    failed = [v for v in verdicts if not v.ok]
    proved = sum(v.status is Status.PROVED and v.ok for v in verdicts)
    found = sum(v.status is Status.COUNTEREXAMPLE and v.ok for v in verdicts)
    out.append(
        f"{len(verdicts)} claims: {proved} proved, {found} expected counterexamples found, "
        f"{len(failed)} not as expected"
    )
    return "\n".join(out)


def main(
    argv: Sequence[str] | None = None, *, claims: Mapping[str, Sequence[Claim]] | None = None
) -> int:
    """The command line; ``claims`` replaces :data:`proofs.CLAIMS` (for tests)."""
    args = _parser().parse_args(argv)
    try:
        if claims is None:
            verdicts = run(args.game, timeout_ms=args.timeout)
        else:
            games = [args.game] if args.game else list(claims)
            verdicts = [v for g in games for v in check_all(claims[g], timeout_ms=args.timeout)]
    except (rulespec.UnknownGame, MissingProofs, KeyError) as exc:
        print(f"{_PROG}: {exc}", file=sys.stderr)
        return 2
    print(table(verdicts))
    ok = all(v.ok for v in verdicts)
    if args.json is not None:
        report = {
            "game": args.game,
            "games": sorted(CLAIMS if claims is None else claims),
            "timeout_ms": args.timeout,
            "z3": z3.get_version_string(),
            "ok": ok,
            "verdicts": [v.to_json() for v in verdicts],
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
