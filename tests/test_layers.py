"""The package forms layers (issue 21): ``errors`` → ``core`` → the games → ``catalog`` →
``host``, ``scale``, the adapters and the CLI. Each module can be read, and imported, after
what it builds on.

Read from the source with :mod:`ast`, nothing imported but the catalog's list of games:

- no import cycle at run time among the modules of a game package (an import under ``if
  TYPE_CHECKING:`` does not run, so it does not count);
- no import inside a function (or class) anywhere in a game package, so what a module
  needs is in its header;
- ``rulespec/core`` imports nothing of rulespec outside core but ``rulespec.errors``, and
  ``rulespec.errors`` nothing of rulespec;
- a game package imports only itself, core and ``errors``: not the catalog, the host
  layer, the CLI, ``scale``, the adapters, nor another game.

An import by name with the name written out (``importlib.import_module("rulespec.x")``)
counts as an import statement. Each failure names the modules and the line of the import.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulespec.catalog import GAMES

ROOT = Path(__file__).resolve().parents[1] / "rulespec"


@pytest.fixture(scope="module")
def modules() -> dict[str, Path]:
    """Every module of the source tree by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(
    tree: ast.Module, *, runtime: bool
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Each import statement with whether it sits inside a function or class; with
    ``runtime``, those under ``if TYPE_CHECKING:`` are left out."""

    def visit(node: ast.AST, nested: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if runtime and _type_checking(child):
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child, nested
            by_name = _by_name(child)
            if by_name is not None:
                yield by_name, nested
            inner = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            yield from visit(child, nested or inner)

    yield from visit(tree, False)


_LOADERS = frozenset({"import_module", "__import__"})


def _by_name(node: ast.AST) -> ast.Import | None:
    """An import by name, ``importlib.import_module("rulespec.x")`` or
    ``__import__("rulespec.x", ...)`` with the name written out, as the import statement
    it amounts to (a name computed at run time, such as a game's package, is not read)."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    name = node.args[0]
    if called not in _LOADERS or not isinstance(name, ast.Constant):
        return None
    if not isinstance(name.value, str):
        return None
    found = ast.Import(names=[ast.alias(name=name.value)])
    return ast.copy_location(found, node)


def _targets(
    name: str, path: Path, node: ast.Import | ast.ImportFrom, known: dict[str, Path]
) -> list[str]:
    """The rulespec modules (or packages) one import statement loads."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == "rulespec"]
    base = node.module or ""
    if node.level:
        package = name.split(".")
        if path.name != "__init__.py":
            package = package[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join([*package, *([base] if base else [])])
    if base.split(".")[0] != "rulespec":
        return []
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


def _edges(
    known: dict[str, Path], prefix: str, *, runtime: bool
) -> Iterator[tuple[str, str, int, bool]]:
    """(importer, imported, line, inside a function or class) for every module under
    ``prefix``."""
    for name, path in known.items():
        if name != prefix and not name.startswith(prefix + "."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, nested in _imports(tree, runtime=runtime):
            for target in _targets(name, path, node, known):
                yield name, target, node.lineno, nested


def _where(known: dict[str, Path], module: str, line: int) -> str:
    return f"{known[module].relative_to(ROOT.parent)}:{line} ({module})"


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _cycle(graph: dict[str, dict[str, int]]) -> list[str] | None:
    """One import cycle of ``graph`` (module → imported module → line), as its modules in
    order with the first repeated at the end; ``None`` if there is none."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        path.append(module)
        for target in sorted(graph[module]):
            found = visit(target)
            if found is not None:
                return found
        path.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module)
        if found is not None:
            return found
    return None


@pytest.mark.parametrize("game_id", GAMES.ids)
def test_no_import_cycle_within_a_game(game_id: str, modules: dict[str, Path]) -> None:
    package = f"rulespec.{game_id}"
    graph: dict[str, dict[str, int]] = {m: {} for m in modules if _within(m, package)}
    for source, target, line, nested in _edges(modules, package, runtime=True):
        if not nested and target in graph and target != source:
            graph[source].setdefault(target, line)
    cycle = _cycle(graph)
    assert cycle is None, f"{game_id}: import cycle at run time: " + " -> ".join(
        cycle[0] if k == 0 else f"{m} ({_where(modules, cycle[k - 1], graph[cycle[k - 1]][m])})"
        for k, m in enumerate(cycle)
    )


@pytest.mark.parametrize("game_id", GAMES.ids)
def test_no_import_inside_a_function_of_a_game(game_id: str, modules: dict[str, Path]) -> None:
    package = f"rulespec.{game_id}"
    found: list[str] = []
    for name, path in modules.items():
        if not _within(name, package):
            continue
        for node, nested in _imports(ast.parse(path.read_text(encoding="utf-8")), runtime=False):
            if nested:
                found.append(f"{_where(modules, name, node.lineno)}: {ast.unparse(node)}")
    assert not found, f"{game_id}: imports inside a function or class:\n" + "\n".join(found)


def test_core_imports_nothing_above_it(modules: dict[str, Path]) -> None:
    above = sorted(
        f"{_where(modules, source, line)} imports {target}"
        for source, target, line, _ in _edges(modules, "rulespec.core", runtime=False)
        if not _within(target, "rulespec.core") and target != "rulespec.errors"
    )
    assert not above, "rulespec.core imports from above it:\n" + "\n".join(above)


@pytest.mark.parametrize("game_id", GAMES.ids)
def test_a_game_imports_only_core_and_errors(game_id: str, modules: dict[str, Path]) -> None:
    package = f"rulespec.{game_id}"
    above = sorted(
        f"{_where(modules, source, line)} imports {target}"
        for source, target, line, _ in _edges(modules, package, runtime=False)
        if not any(_within(target, p) for p in (package, "rulespec.core", "rulespec.errors"))
    )
    assert not above, f"{game_id} imports outside its package, core and errors:\n" + "\n".join(
        above
    )


def test_every_layer_rule_sees_the_games_and_core(modules: dict[str, Path]) -> None:
    """The checks read real modules: each game's package and core are found (a wrong root
    would make every check above pass on nothing)."""
    for package in ("rulespec.core", *(f"rulespec.{g}" for g in GAMES.ids)):
        assert package in modules, f"no package {package} under {ROOT}"
        assert list(_edges(modules, package, runtime=True)), f"{package}: no import read"


def test_errors_imports_nothing_of_rulespec(modules: dict[str, Path]) -> None:
    above = sorted(
        f"{_where(modules, source, line)} imports {target}"
        for source, target, line, _ in _edges(modules, "rulespec.errors", runtime=True)
    )
    assert not above, "rulespec.errors, the bottom layer, imports:\n" + "\n".join(above)


def test_an_import_by_name_is_an_import() -> None:
    tree = ast.parse(
        "import importlib\n"
        "def f():\n"
        "    importlib.import_module('rulespec.witnesses')\n"
        "    __import__('rulespec.catalog', fromlist=['game'])\n"
        "    importlib.import_module(f'rulespec.{name}.game')\n"
    )
    found = [(ast.unparse(n), nested) for n, nested in _imports(tree, runtime=True)]
    assert found == [
        ("import importlib", False),
        ("import rulespec.witnesses", True),
        ("import rulespec.catalog", True),
    ]
