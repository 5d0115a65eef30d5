"""Claims, verdicts and the solver loop shared by every game's proofs.

A :class:`Claim` names the rule it is about and builds two things from fresh z3
variables: the assumptions (what a reachable situation looks like) and the statement
(what the rule guarantees there). Proving means that no assignment satisfies the
assumptions and breaks the statement. Two failure modes are made loud rather than
silently counted as success:

- a timeout is :attr:`Status.UNKNOWN`, never a proof;
- assumptions that contradict each other prove anything, so they are checked on their
  own first and reported as :attr:`Status.VACUOUS`, which is never ok either.

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
    """The solver gave up (timeout or incompleteness): never ok."""
    VACUOUS = "vacuous"
    """The assumptions alone are unsatisfiable, so the claim says nothing: never ok."""


def _check_id(claim: Claim, _attribute: object, value: str) -> None:
    rule_id, sep, prop = value.partition(":")
    if not sep or rule_id != claim.rule or not _PROPERTY.fullmatch(prop):
        raise ValueError(
            f"claim id {value!r} must read '<rule id>:<property>' with rule {claim.rule!r} "
            "and a snake_case property"
        )


def _check_rule(_claim: Claim, _attribute: object, value: str) -> None:
    rulespec.rule(value)  # raises rulespec.UnknownRule, with suggestions, for a typo


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

    @property
    def ok(self) -> bool:
        """True if the solver said what the claim expects (unknown and vacuous never are)."""
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
            "detail": self.detail,
        }


def check(claim: Claim, *, timeout_ms: int = 10_000) -> Verdict:
    """Check one claim: vacuity first, then the negated statement, within ``timeout_ms``."""
    start = time.perf_counter()

    def verdict(status: Status, detail: str = "") -> Verdict:
        return Verdict(
            claim.id,
            claim.rule,
            claim.title,
            claim.expect,
            status,
            time.perf_counter() - start,
            detail,
        )

    assumptions, statement = claim.build()
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*assumptions)
    first = solver.check()
    if first == z3.unsat:
        return verdict(Status.VACUOUS, "the assumptions contradict each other")
    if first != z3.sat:
        return verdict(Status.UNKNOWN, f"assumptions: {solver.reason_unknown()}")
    # Each conjunct of the statement is refuted on its own (push/pop on the solver that
    # holds the assumptions), then kept as a lemma for the next ones: equivalent to
    # refuting the whole negation, and much faster than one big disjunction. A claim can
    # so state its proof's steps first and its conclusion last.
    parts = _conjuncts(statement)
    for part in parts:
        left = timeout_ms - int((time.perf_counter() - start) * 1000)
        if left <= 0:
            return verdict(Status.UNKNOWN, "timeout")
        solver.set("timeout", left)
        solver.push()
        solver.add(z3.Not(part))
        result = solver.check()
        if result == z3.sat:
            shown = describe_model(solver.model())
            if len(parts) > 1:
                shown += f"; breaks: {_short(part)}"
            return verdict(Status.COUNTEREXAMPLE, shown)
        if result != z3.unsat:
            return verdict(Status.UNKNOWN, f"{solver.reason_unknown()} on: {_short(part)}")
        solver.pop()
        solver.add(part)  # proved from the assumptions: a lemma for the parts after it
    return verdict(Status.PROVED)


def _conjuncts(statement: Any) -> list[Any]:
    """The statement's top-level conjuncts (a nested ``And`` stays one part, so a claim
    chooses how finely it is split)."""
    return list(statement.children()) if z3.is_and(statement) else [statement]


def _short(expr: Any, limit: int = 160) -> str:
    text = " ".join(str(expr).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_all(claims: Iterable[Claim], *, timeout_ms: int = 10_000) -> list[Verdict]:
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
