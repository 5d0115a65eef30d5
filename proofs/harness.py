"""Claims, verdicts and the solver loop shared by every game's proofs.

A :class:`Claim` names the rule it is about and builds two things from fresh z3
variables: the assumptions (what a reachable situation looks like) and the statement
(what the rule guarantees there). Proving means that no assignment satisfies the
assumptions and breaks the statement. Two failure modes are made loud rather than
silently counted as success:

- a solver that gives up is never a proof: :attr:`Status.RESOURCE_LIMIT` when the claim
  used up its budget of z3 resource units, :attr:`Status.TIMEOUT` when the wall-clock
  safety net fired, :attr:`Status.UNKNOWN` for any other reason;
- assumptions that contradict each other prove anything, so they are checked on their
  own first and reported as :attr:`Status.VACUOUS`, which is never ok either.

Verdicts do not depend on machine load. Each claim is checked in a fresh z3 context under
a budget of z3's *resource units* (the ``rlimit`` parameter): z3 counts them as it works,
the same count for the same formula, z3 version and options, however busy the machine
is. A fresh context per claim matters: in a shared one the count of the same check drifts
by up to 15 % with what ran before it (measured), in a fresh one it is exact. The
wall-clock timeout stays only as a safety net against a hang, generous by default
(:data:`DEFAULT_TIMEOUT_MS`), and is reported apart from the deterministic limit.

A claim may also *expect* a counterexample: canaries (false claims that show the solver
and the encodings can fail) and facts of the rules that are worth a witness, such as a
situation the rulebook does not cover.
"""

from __future__ import annotations

import enum
import re
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs
import z3

import rulespec

Built = tuple[Sequence[Any], Any]
"""What a claim's builder returns: the assumptions and the statement (z3 Booleans)."""

_PROPERTY = re.compile(r"[a-z][a-z0-9_]*")

DEFAULT_RLIMIT = 10_000_000
"""The budget of z3 resource units of a claim that sets none (:attr:`Claim.rlimit`).

Calibrated on the claims as they are (z3 5.4.1, each claim in a fresh context, counts
exact from run to run): the 57 claims use from 233 to 16,474,031 units, median 4,133.
The 47 that use at most 928,612 get this default, 10 times that or more; the 10 that use
more set their own budget, 10 times their use rounded up (``rlimit=`` in
``proofs/<game>.py``, with the measured use beside it; the largest has 200 million).
z3 4.12.6 uses 0.37 to 1.31 times the units of 5.4.1 on the same claims, well within the
headroom. A million units take 0.1 to 0.3 s on this project's machine; the tables of
``python -m proofs`` and of the docs show every claim's use.
"""

MAX_RLIMIT = 2**32 - 1
"""z3's ``rlimit`` parameter is an unsigned 32-bit number (a larger one wraps around)."""

DEFAULT_TIMEOUT_MS = 300_000
"""The wall-clock safety net per claim, in milliseconds: far above any claim's need (the
slowest takes about 2 s), so it only ends a hang; raise it on a very slow machine."""


class Expect(enum.Enum):
    """The verdict a claim is written to get."""

    PROVED = "proved"
    COUNTEREXAMPLE = "counterexample"


class Status(enum.Enum):
    """What the solver said."""

    PROVED = "proved"
    """No assignment satisfies the assumptions and breaks the statement."""
    COUNTEREXAMPLE = "counterexample"
    """An assignment does; the verdict's ``detail`` shows it."""
    UNKNOWN = "unknown"
    """The solver gave up within its limits (incompleteness, say): never ok."""
    VACUOUS = "vacuous"
    """The assumptions alone are unsatisfiable, so the claim says nothing: never ok."""
    RESOURCE_LIMIT = "resource limit"
    """The claim used up its budget of z3 resource units (:attr:`Claim.rlimit`): never ok.
    Deterministic: the same claim hits it on every machine, busy or idle."""
    TIMEOUT = "timeout"
    """The wall-clock safety net fired before the budget ran out: never ok. It depends on
    the machine; on a slow one, raise ``--timeout``."""


def _check_id(claim: Claim, _attribute: object, value: str) -> None:
    rule_id, sep, prop = value.partition(":")
    if not sep or rule_id != claim.rule or not _PROPERTY.fullmatch(prop):
        raise ValueError(
            f"claim id {value!r} must read '<rule id>:<property>' with rule {claim.rule!r} "
            "and a snake_case property"
        )


def _check_rule(_claim: Claim, _attribute: object, value: str) -> None:
    rulespec.rule(value)  # raises rulespec.UnknownRule, with suggestions, for a typo


def _check_rlimit(_claim: Claim, _attribute: object, value: int) -> None:
    if not 0 < value <= MAX_RLIMIT:  # z3 reads rlimit as 32 bits: a larger one wraps
        raise ValueError(f"a claim's rlimit must be between 1 and {MAX_RLIMIT:,}, not {value:,}")


@attrs.frozen
class Claim:
    """One property of one rule, with the verdict it is expected to get.

    ``build`` is called afresh for every check, so claims hold no z3 state and a module
    of claims imports cheaply.
    """

    id: str = attrs.field(validator=_check_id)
    """``<rule id>:<property>``, unique among a game's claims."""
    rule: str = attrs.field(validator=_check_rule)
    """A registered rule id (checked with :func:`rulespec.rule`)."""
    title: str
    """One line saying what is claimed (and, for an expected counterexample, why)."""
    build: Callable[[], Built] = attrs.field(repr=False)
    expect: Expect = Expect.PROVED
    rlimit: int = attrs.field(default=DEFAULT_RLIMIT, validator=_check_rlimit, kw_only=True)
    """The budget of z3 resource units for the whole claim (vacuity check and every
    part): a claim that needs more than :data:`DEFAULT_RLIMIT` sets about 10 times its
    measured use here, with a comment saying so."""


@attrs.frozen
class Verdict:
    """The outcome of checking one claim."""

    claim_id: str
    rule_id: str
    title: str
    expected: Expect
    status: Status
    seconds: float
    detail: str = ""
    """The counterexample or witness as ``name = value`` lines, or why the solver gave up."""
    rlimit_used: int = 0
    """The z3 resource units the check used (the same on every run: see the module)."""
    rlimit_budget: int = 0
    """The claim's budget of resource units (:attr:`Claim.rlimit`)."""

    @property
    def ok(self) -> bool:
        """True if the solver said what the claim expects (unknown, vacuous, resource limit
        and timeout never are)."""
        return self.status.value == self.expected.value

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict (what ``python -m proofs --json`` writes per claim)."""
        return {
            "claim_id": self.claim_id,
            "rule_id": self.rule_id,
            "title": self.title,
            "expected": self.expected.value,
            "status": self.status.value,
            "ok": self.ok,
            "seconds": round(self.seconds, 4),
            "rlimit_used": self.rlimit_used,
            "rlimit_budget": self.rlimit_budget,
            "detail": self.detail,
        }


def check(claim: Claim, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> Verdict:
    """Check one claim: vacuity first, then the negated statement, within the claim's
    budget of resource units (:attr:`Claim.rlimit`) and the wall-clock ``timeout_ms``."""
    start = time.perf_counter()
    # A fresh context per claim: its resource count starts from nothing and the terms get
    # the same internal ids on every run, so the count is the same on every run.
    ctx = z3.Context()
    assumptions, statement = claim.build()
    solver = z3.Solver(ctx=ctx)
    solver.add(*[_into(a, ctx) for a in assumptions])
    statement = _into(statement, ctx)
    base = _rlimit_count(solver)

    def used() -> int:
        return _rlimit_count(solver) - base

    def verdict(status: Status, detail: str = "") -> Verdict:
        return Verdict(
            claim.id,
            claim.rule,
            claim.title,
            claim.expect,
            status,
            time.perf_counter() - start,
            detail,
            used(),
            claim.rlimit,
        )

    def solve(part: Any = None) -> Any:
        """The solver's answer, or the verdict of a limit that ended the check (of the
        assumptions, or of a ``part`` of the statement)."""
        units = claim.rlimit - used()
        millis = timeout_ms - int((time.perf_counter() - start) * 1000)
        if units > 0 and millis > 0:
            solver.set("rlimit", units)  # counted from this check's start: what is left
            solver.set("timeout", min(millis, MAX_RLIMIT))  # 32 bits too
            result = solver.check()
            if result in (z3.sat, z3.unsat):
                return result
            units = claim.rlimit - used()
            millis = timeout_ms - int((time.perf_counter() - start) * 1000)
        # Printed only here: printing a large term takes longer than proving it.
        where = "on the assumptions" if part is None else f"on: {_short(part)}"
        if units <= 0:
            return verdict(
                Status.RESOURCE_LIMIT,
                f"resource limit: used {used():,} of the claim's budget of "
                f"{claim.rlimit:,} rlimit units {where}",
            )
        if millis <= 0 or solver.reason_unknown() == "timeout":
            return verdict(Status.TIMEOUT, f"timeout: wall clock, {timeout_ms / 1000:g} s {where}")
        return verdict(Status.UNKNOWN, f"{solver.reason_unknown()} {where}")

    first = solve()
    if isinstance(first, Verdict):
        return first
    if first == z3.unsat:
        return verdict(Status.VACUOUS, "the assumptions contradict each other")
    # Each conjunct of the statement is refuted on its own (push/pop on the solver that
    # holds the assumptions), then kept as a lemma for the next ones: equivalent to
    # refuting the whole negation, and much faster than one big disjunction. A claim can
    # so state its proof's steps first and its conclusion last.
    parts = _conjuncts(statement)
    for part in parts:
        solver.push()
        solver.add(z3.Not(part))
        result = solve(part)
        if isinstance(result, Verdict):
            return result
        if result == z3.sat:
            shown = describe_model(solver.model())
            if len(parts) > 1:
                shown += f"; breaks: {_short(part)}"
            return verdict(Status.COUNTEREXAMPLE, shown)
        solver.pop()
        solver.add(part)  # proved from the assumptions: a lemma for the parts after it
    return verdict(Status.PROVED)


def _into(expr: Any, ctx: Any) -> Any:
    """A claim's z3 Boolean (or a plain bool) in the claim's own context."""
    return expr.translate(ctx) if z3.is_expr(expr) else z3.BoolVal(bool(expr), ctx)


def _rlimit_count(solver: Any) -> int:
    """z3's resource count: cumulative over the solver's context, so the harness reads
    it before and after and takes the difference."""
    stats = solver.statistics()
    keys = stats.keys()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in keys else 0


def _conjuncts(statement: Any) -> list[Any]:
    """The statement's top-level conjuncts (a nested ``And`` stays one part, so a claim
    chooses how finely it is split)."""
    return list(statement.children()) if z3.is_and(statement) else [statement]


def _short(expr: Any, limit: int = 160) -> str:
    text = " ".join(str(expr).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_all(claims: Iterable[Claim], *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> list[Verdict]:
    """Check claims in order; ids must be unique."""
    verdicts: list[Verdict] = []
    seen: set[str] = set()
    for claim in claims:
        if claim.id in seen:
            raise ValueError(f"claim id {claim.id!r} is used twice")
        seen.add(claim.id)
        verdicts.append(check(claim, timeout_ms=timeout_ms))
    return verdicts


def describe_model(model: Any) -> str:
    """A model as sorted ``name = value`` pairs (numbers inside names sort numerically)."""
    pairs = [(d.name(), model[d]) for d in model.decls() if d.arity() == 0]
    pairs.sort(key=lambda p: _natural(p[0]))
    return ", ".join(f"{name} = {_value(v)}" for name, v in pairs)


def _natural(name: str) -> list[tuple[int, str]]:
    return [(int(part), "") if part.isdigit() else (-1, part) for part in re.split(r"(\d+)", name)]


def _value(v: Any) -> str:
    if z3.is_int_value(v):
        return str(v.as_long())
    if z3.is_rational_value(v):
        return str(v.as_fraction())
    return str(v)
