"""The proof harness: every real claim comes out as expected, and the harness itself
reports canaries, vacuous assumptions and solver give-ups the way it promises."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import z3

import proofs
import rulespec
from proofs.__main__ import main
from proofs.harness import Built, Claim, Expect, Status, Verdict, check, check_all

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


def hopeless_claim() -> Built:
    """Fermat for cubes: true, but beyond z3's nonlinear integer reasoning."""
    x, y, z = z3.Ints("x y z")
    return [x > 0, y > 0, z > 0], x * x * x + y * y * y != z * z * z


# --- the real claims -------------------------------------------------------------------


@pytest.fixture(scope="module")
def mandala_verdicts() -> list[Verdict]:
    return proofs.run("mandala")


@pytest.mark.slow
def test_every_mandala_claim_comes_out_as_expected(mandala_verdicts: list[Verdict]) -> None:
    surprises = [
        f"{v.claim_id}: expected {v.expected.value}, got {v.status.value} {v.detail}"
        for v in mandala_verdicts
        if not v.ok
    ]
    assert not surprises, "\n".join(surprises)
    assert [v.claim_id for v in mandala_verdicts] == [c.id for c in proofs.CLAIMS["mandala"]]


@pytest.mark.slow
def test_canaries_come_back_as_counterexamples(mandala_verdicts: list[Verdict]) -> None:
    canaries = [v for v in mandala_verdicts if ":canary_" in v.claim_id]
    assert canaries
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


@pytest.mark.slow
def test_known_witnesses(mandala_verdicts: list[Verdict]) -> None:
    """Expected counterexamples that are facts about the rules, not canaries."""
    by_id = {v.claim_id: v for v in mandala_verdicts}
    assert by_id["mandala.end.stalled:some_play_always_legal"].detail == "available = 0, hand = 1"
    assert (
        "face_a = 2, face_b = 0" in by_id["mandala.scoring.flower_triple:flower_at_least_7"].detail
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
    v = check(synthetic("hopeless", hopeless_claim, expect), timeout_ms=200)
    assert v.status is Status.UNKNOWN
    assert not v.ok
    assert v.detail


def test_unknown_is_never_ok() -> None:
    for expect in Expect:
        v = Verdict("c", RULE, "t", expect, Status.UNKNOWN, 0.0)
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
        "detail": "x = 1",
    }
    json.dumps(data)


def test_run_rejects_unknown_games() -> None:
    with pytest.raises(rulespec.UnknownGame):
        proofs.run("mandla")


def test_run_without_a_game_checks_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = {"mandala": (synthetic("true", true_claim),)}
    monkeypatch.setattr(proofs, "CLAIMS", fake)
    assert [v.claim_id for v in proofs.run()] == [f"{RULE}:true"]


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
