"""Oriente's modules form layers (issue 21): no import cycle at run time and no import
inside a function, so each module can be read, and imported, after what it builds on."""

from __future__ import annotations

import ast
from pathlib import Path

import rulespec.oriente

PACKAGE = Path(rulespec.oriente.__file__).parent
PREFIX = "rulespec.oriente"


def _runtime_imports(tree: ast.Module) -> set[str]:
    """The ``rulespec.oriente`` modules a module imports when it runs (not for typing)."""
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.ImportFrom) and sub.module:
                if sub.module == PREFIX:
                    found.update(f"{PREFIX}.{a.name}" for a in sub.names)
                elif sub.module.startswith(PREFIX + "."):
                    found.add(sub.module)
            elif isinstance(sub, ast.Import):
                found.update(a.name for a in sub.names if a.name.startswith(PREFIX + "."))
    return found


def _modules() -> dict[str, ast.Module]:
    return {
        f"{PREFIX}.{p.stem}": ast.parse(p.read_text(encoding="utf-8"))
        for p in sorted(PACKAGE.glob("*.py"))
        if p.stem != "__init__"
    }


def test_no_import_cycle_between_oriente_modules() -> None:
    modules = _modules()
    graph = {name: _runtime_imports(tree) & modules.keys() for name, tree in modules.items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, "import cycle: " + " -> ".join((*path, name))
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())
    assert graph[f"{PREFIX}.season"].isdisjoint(
        {f"{PREFIX}.flow", f"{PREFIX}.fight", f"{PREFIX}.abilities"}
    )


def test_no_function_level_import_in_oriente() -> None:
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [
                    ast.unparse(s)
                    for s in ast.walk(node)
                    if isinstance(s, ast.Import | ast.ImportFrom)
                ]
                assert not inner, f"{name}.{node.name} imports {inner}"
