"""Packaging: importing rulespec stays light, and the wheel carries its data and works alone.

The wheel test builds rulespec exactly as ``pip`` would (hatchling, no isolation, so no
network), unpacks it somewhere the checkout is not on the path, and uses it from there.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

import rulespec

REPO = Path(__file__).resolve().parents[1]
HEAVY = ("z3", "hypothesis", "sphinx")


def run_python(code: str, *, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_import_rulespec_imports_no_test_proof_or_docs_tooling() -> None:
    code = (
        "import json, random, sys\n"
        "import rulespec, rulespec.mandala\n"
        "state = rulespec.game('mandala', players=3).new_game(seed=1)\n"
        "rulespec.playout(state, random.Random(1))\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    loaded = json.loads(run_python(code, cwd=REPO))
    heavy = [m for m in loaded if m.split(".")[0] in HEAVY]
    assert heavy == []
    assert "rulespec.testing" not in loaded
    assert "rulespec" in loaded  # the check itself ran in a process that imported it


def test_import_rulespec_loads_no_game_and_using_one_game_loads_only_that_one() -> None:
    code = (
        "import json, sys\n"
        "import rulespec\n"
        "bare = sorted(m for m in sys.modules if m.startswith('rulespec'))\n"
        "rulespec.game('mandala', players=2).new_game(seed=1)\n"
        "used = sorted(m for m in sys.modules if m.startswith('rulespec.'))\n"
        "print(json.dumps([bare, used]))\n"
    )
    bare, used = json.loads(run_python(code, cwd=REPO))
    assert bare == ["rulespec"]
    others = {g for g in rulespec.GAMES.ids if g != "mandala"}
    assert not [m for m in used if m.split(".")[1] in others]
    assert "rulespec.mandala.game" in used


def test_the_lazy_public_names_are_listed_alike_everywhere() -> None:
    """``rulespec/__init__.py`` names each public object three times: imported for type
    checkers, in ``_HOMES`` (where the lazy lookup finds it) and in ``__all__``."""
    tree = ast.parse((REPO / "rulespec" / "__init__.py").read_text(encoding="utf-8"))
    typed = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module != "__future__"
        for alias in node.names
    }
    homes = set(rulespec._HOME)
    assert typed == homes
    assert set(rulespec.__all__) == homes | {"__version__"}
    for name in homes:
        assert getattr(rulespec, name) is not None
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        _ = rulespec.no_such_name  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"),
            *("--disable-pip-version-check", "-q", "-w", str(out), str(REPO)),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = out.glob("rulespec-*.whl")
    return built


def test_the_wheel_ships_the_tables_the_rulebooks_the_marker_and_the_proofs(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in (
        "rulespec/variants/mandala.toml",
        "rulespec/mandala/rulebook.toml",
        "rulespec/lotus/rulebook.toml",
        "rulespec/py.typed",
        "rulespec/proofs/__init__.py",
        "rulespec/testing.py",
        "rulespec/mandala/state.py",
    ):
        assert needed in names, f"{needed} is missing from {wheel.name}"
    assert not any(n.startswith("tests/") for n in names)


@pytest.fixture
def unpacked(wheel: Path, tmp_path: Path) -> Path:
    """The wheel unpacked into a fresh directory (a ``site-packages`` of its own)."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    return site


def run_unpacked(code: str, site: Path) -> Any:
    """The JSON ``code`` prints, run with only ``site`` added to the path and from a
    directory that is not the checkout."""
    work = site.parent / "elsewhere"
    work.mkdir(exist_ok=True)
    return json.loads(run_python(code, cwd=work, env={**os.environ, "PYTHONPATH": str(site)}))


def test_the_unpacked_wheel_works_on_its_own(unpacked: Path) -> None:
    code = (
        "import json, rulespec\n"
        "from rulespec.core.variants import tables_dir\n"
        "game = rulespec.game('mandala', players=3)\n"
        "state = game.new_game(seed=1)\n"
        "print(json.dumps({'file': rulespec.__file__, 'tables': str(tables_dir()),\n"
        "                  'players': game.players, 'actor': state.current_player}))\n"
    )
    found = run_unpacked(code, unpacked)
    root = unpacked.resolve()
    assert Path(found["file"]).resolve().is_relative_to(root), found["file"]
    assert Path(found["tables"]).resolve().is_relative_to(root), found["tables"]
    assert found["players"] == 3
    assert found["actor"] == 0


def test_the_unpacked_wheel_discovers_the_proofs_of_every_game(unpacked: Path) -> None:
    """In the wheel the proofs are ``rulespec.proofs``: each game's module is found by
    name relative to that package, not as the checkout's top-level ``proofs``."""
    code = (
        "import json, sys, rulespec\n"
        "from rulespec import proofs\n"
        "found = {g: len(proofs.CLAIMS[g]) for g in proofs.CLAIMS}\n"
        "files = [m.__file__ for n, m in sorted(sys.modules.items())\n"
        "         if n == 'proofs' or n.startswith(('proofs.', 'rulespec.proofs'))]\n"
        "print(json.dumps({'games': list(rulespec.GAMES.ids), 'claims': found,\n"
        "                  'modules': sorted(n for n in sys.modules if 'proofs' in n),\n"
        "                  'files': files}))\n"
    )
    found = run_unpacked(code, unpacked)
    assert list(found["claims"]) == found["games"] == list(rulespec.GAMES.ids)
    assert all(n > 0 for n in found["claims"].values()), found["claims"]
    assert {f"rulespec.proofs.{g}" for g in found["games"]} <= set(found["modules"])
    assert "proofs" not in found["modules"]
    root = unpacked.resolve()
    assert all(Path(f).resolve().is_relative_to(root) for f in found["files"]), found["files"]


def test_the_unpacked_wheel_runs_the_proofs_as_a_module(unpacked: Path, tmp_path: Path) -> None:
    """``python -m rulespec.proofs GAME`` is the documented way to run the z3 claims from an
    installed package: it checks them all and writes the verdicts it was asked for."""
    pytest.importorskip("z3")
    out = tmp_path / "verdicts.json"
    work = unpacked.parent / "elsewhere"
    work.mkdir(exist_ok=True)
    done = subprocess.run(
        [sys.executable, "-m", "rulespec.proofs", "mandala", "--json", str(out)],
        cwd=work,
        env={**os.environ, "PYTHONPATH": str(unpacked)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = json.loads(out.read_text(encoding="utf-8"))
    assert verdicts
    assert "not as expected" in done.stdout
    usage = subprocess.run(
        [sys.executable, "-m", "rulespec.proofs", "--help"],
        cwd=work,
        env={**os.environ, "PYTHONPATH": str(unpacked)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert usage.stdout.startswith("usage: python -m rulespec.proofs")
