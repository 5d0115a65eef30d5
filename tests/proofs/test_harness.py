"""The proof harness: every real claim comes out as expected, and the harness itself
reports canaries, vacuous assumptions and solver give-ups the way it promises (the
resource and wall-clock limits: ``test_limits.py``)."""

from __future__ import annotations

import importlib
import json
import sys
import types
from pathlib import Path

import pytest
import z3

import proofs
import rulespec
from proofs.__main__ import main
from proofs.harness import (
    DEFAULT_RLIMIT,
    Built,
    Claim,
    Expect,
    Status,
    Verdict,
    check,
    check_all,
)

from . import verdicts

RULE = "mandala.draw.one_card_up_to_four"


def synthetic(prop: str, build: object, expect: Expect = Expect.PROVED) -> Claim:
    return Claim(f"{RULE}:{prop}", RULE, f"synthetic {prop}", build, expect)  # type: ignore[arg-type]


def true_claim() -> Built:
    x = z3.Int("x")
    return [x > 1], x > 0


def false_claim() -> Built:
    x = z3.Int("x")
    return [x > 0], x > 1


def vacuous_claim() -> Built:
    x = z3.Int("x")
    return [x > 1, x < 0], x == 5


def undecided_claim() -> Built:
    """A real power with a real exponent: z3 answers unknown at once, within any limit."""
    r = z3.Real("r")
    return [r > 0, r**r == 2], r < 2


# --- the real claims -------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game_id", rulespec.GAMES.ids)
def test_every_claim_comes_out_as_expected(game_id: str) -> None:
    found = verdicts(game_id)
    surprises = [
        f"{v.claim_id}: expected {v.expected.value}, got {v.status.value} {v.detail}"
        for v in found
        if not v.ok
    ]
    assert not surprises, "\n".join(surprises)
    assert [v.claim_id for v in found] == [c.id for c in proofs.CLAIMS[game_id]]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", rulespec.GAMES.ids)
def test_canaries_come_back_as_counterexamples(game_id: str) -> None:
    canaries = [v for v in verdicts(game_id) if ":canary_" in v.claim_id]
    assert canaries, f"{game_id} needs a canary"
    for v in canaries:
        assert v.expected is Expect.COUNTEREXAMPLE
        assert v.status is Status.COUNTEREXAMPLE
        assert v.detail  # the witness


def test_claims_are_registered_and_cited() -> None:
    games = {s.id for s in rulespec.GAMES}
    for game, claims in proofs.CLAIMS.items():
        assert game in games
        rule_ids = {r.id for r in rulespec.rules(game)}
        ids = [c.id for c in claims]
        assert len(ids) == len(set(ids)), "claim ids must be unique"
        assert all(c.rule in rule_ids for c in claims)
        assert any(c.expect is Expect.COUNTEREXAMPLE and ":canary_" in c.id for c in claims), (
            f"{game} needs a canary"
        )


# --- the harness on synthetic claims ----------------------------------------------------


def test_a_true_claim_is_proved() -> None:
    v = check(synthetic("true", true_claim))
    assert (v.status, v.ok, v.detail) == (Status.PROVED, True, "")


def test_a_false_claim_gives_a_counterexample_and_is_not_ok() -> None:
    v = check(synthetic("false", false_claim))
    assert v.status is Status.COUNTEREXAMPLE
    assert not v.ok
    assert v.detail == "x = 1"


def test_a_canary_is_ok_only_as_a_counterexample() -> None:
    caught = check(synthetic("canary", false_claim, Expect.COUNTEREXAMPLE))
    assert (caught.status, caught.ok) == (Status.COUNTEREXAMPLE, True)
    proved = check(synthetic("canary", true_claim, Expect.COUNTEREXAMPLE))
    assert (proved.status, proved.ok) == (Status.PROVED, False)


@pytest.mark.parametrize("expect", list(Expect))
def test_contradictory_assumptions_are_vacuous_never_ok(expect: Expect) -> None:
    v = check(synthetic("vacuous", vacuous_claim, expect))
    assert v.status is Status.VACUOUS
    assert not v.ok


@pytest.mark.parametrize("expect", list(Expect))
def test_a_solver_give_up_is_unknown_never_ok(expect: Expect) -> None:
    v = check(synthetic("undecided", undecided_claim, expect))
    assert v.status is Status.UNKNOWN
    assert not v.ok
    assert v.detail.endswith("on the assumptions")
    assert 0 < v.rlimit_used < v.rlimit_budget  # gave up within its budget


@pytest.mark.parametrize(
    "status", [Status.UNKNOWN, Status.VACUOUS, Status.RESOURCE_LIMIT, Status.TIMEOUT]
)
def test_unknown_vacuous_and_limits_are_never_ok(status: Status) -> None:
    for expect in Expect:
        v = Verdict("c", RULE, "t", expect, status, 0.0)
        assert not v.ok


def test_a_split_statement_reports_the_broken_part() -> None:
    def build() -> Built:
        x = z3.Int("x")
        return [x >= 0], z3.And(x >= -1, x > 0)

    v = check(synthetic("split", build))
    assert v.status is Status.COUNTEREXAMPLE
    assert v.detail == "x = 0; breaks: x > 0"


def test_claims_name_a_registered_rule_and_their_property() -> None:
    with pytest.raises(rulespec.UnknownRule):
        Claim("mandala.draw.nope:x", "mandala.draw.nope", "t", true_claim)
    with pytest.raises(ValueError, match="<rule id>:<property>"):
        Claim("mandala.draw.skip_at_eight:x", RULE, "t", true_claim)
    with pytest.raises(ValueError, match="<rule id>:<property>"):
        Claim(f"{RULE}:Bad Name", RULE, "t", true_claim)


def test_duplicate_claim_ids_are_refused() -> None:
    claim = synthetic("twice", true_claim)
    with pytest.raises(ValueError, match="twice"):
        check_all([claim, claim])


def test_verdict_json() -> None:
    v = check(synthetic("false", false_claim, Expect.COUNTEREXAMPLE))
    data = v.to_json()
    assert data == {
        "claim_id": f"{RULE}:false",
        "rule_id": RULE,
        "title": "synthetic false",
        "expected": "counterexample",
        "status": "counterexample",
        "ok": True,
        "seconds": data["seconds"],
        "rlimit_used": v.rlimit_used,
        "rlimit_budget": DEFAULT_RLIMIT,
        "detail": "x = 1",
    }
    assert 0 < v.rlimit_used < DEFAULT_RLIMIT
    json.dumps(data)


def test_run_rejects_unknown_games() -> None:
    with pytest.raises(rulespec.UnknownGame):
        proofs.run("mandla")


def test_run_without_a_game_checks_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = {"mandala": (synthetic("true", true_claim),)}
    monkeypatch.setattr(proofs, "CLAIMS", fake)
    assert [v.claim_id for v in proofs.run()] == [f"{RULE}:true"]


# --- discovery: every game of rulespec.GAMES has a module proofs/<id>.py ------------------


def test_the_claims_are_discovered_from_the_games() -> None:
    assert list(proofs.CLAIMS) == list(rulespec.GAMES.ids)
    assert len(proofs.CLAIMS) == len(rulespec.GAMES.ids)
    for game_id in rulespec.GAMES.ids:
        module = importlib.import_module(f"proofs.{game_id}")
        assert proofs.claims(game_id) is module.CLAIMS
        assert proofs.CLAIMS[game_id] is module.CLAIMS
    assert "mandla" not in proofs.CLAIMS
    with pytest.raises(KeyError):
        proofs.CLAIMS["mandla"]
    with pytest.raises(rulespec.UnknownGame, match='did you mean "mandala"'):
        proofs.claims("mandla")


@pytest.fixture
def nosuchgame(monkeypatch: pytest.MonkeyPatch) -> str:
    """A game listed in rulespec.GAMES that has nothing at all."""
    monkeypatch.setattr(rulespec.GAMES, "ids", (*rulespec.GAMES.ids, "nosuchgame"))
    return "nosuchgame"


def test_a_listed_game_without_a_proofs_module_is_an_error_naming_it(
    nosuchgame: str, capsys: pytest.CaptureFixture[str]
) -> None:
    message = rf"'{nosuchgame}' .* no proofs module proofs/{nosuchgame}\.py"
    with pytest.raises(proofs.MissingProofs, match=message):
        proofs.claims(nosuchgame)
    with pytest.raises(proofs.MissingProofs, match=message):
        proofs.run(nosuchgame)
    with pytest.raises(proofs.MissingProofs, match=message):
        proofs.CLAIMS[nosuchgame]
    assert main([nosuchgame]) == 2
    assert f"proofs/{nosuchgame}.py" in capsys.readouterr().err


def test_a_proofs_module_without_claims_is_an_error_naming_it(
    nosuchgame: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, f"proofs.{nosuchgame}", types.ModuleType(nosuchgame))
    with pytest.raises(proofs.MissingProofs, match=f"proofs/{nosuchgame}.py .* CLAIMS"):
        proofs.claims(nosuchgame)


# --- the command line ---------------------------------------------------------------------


def test_main_exits_0_when_all_is_as_expected(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    claims = {
        "mandala": (
            synthetic("true", true_claim),
            synthetic("canary", false_claim, Expect.COUNTEREXAMPLE),
        )
    }
    out = tmp_path / "report" / "proofs.json"
    assert main(["mandala", "--json", str(out), "--timeout", "5000"], claims=claims) == 0
    table = capsys.readouterr().out
    assert f"{RULE}:true" in table
    assert "witness: x = 1" in table
    assert "2 claims: 1 proved, 1 expected counterexamples found, 0 not as expected" in table
    report = json.loads(out.read_text())
    assert report["ok"] is True
    assert report["timeout_ms"] == 5000
    assert [v["status"] for v in report["verdicts"]] == ["proved", "counterexample"]


@pytest.mark.parametrize(
    ("build", "expect"),
    [
        (false_claim, Expect.PROVED),  # a claim that fails
        (true_claim, Expect.COUNTEREXAMPLE),  # a canary that is proved
        (vacuous_claim, Expect.PROVED),  # contradictory assumptions
    ],
)
def test_main_exits_1_on_a_surprise(
    build: object, expect: Expect, capsys: pytest.CaptureFixture[str]
) -> None:
    claims = {"mandala": (synthetic("true", true_claim), synthetic("surprise", build, expect))}
    assert main([], claims=claims) == 1
    assert "(not ok)" in capsys.readouterr().out


def test_main_reports_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lotus"], claims={"mandala": ()}) == 2
    assert "lotus" in capsys.readouterr().err
