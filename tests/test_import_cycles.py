"""No import loops among the project's modules, imports inside functions counted.

A lazy import (inside a function, kept so start-up stays quick) still ties two modules
together: a loop through one means neither can be read, tested or replaced alone. Imports
under ``if TYPE_CHECKING:`` are for the type checker only and are not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("trackers", "saves", "references", "tableside", "tui")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports anywhere in its text (a function's body too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def known(module: str) -> str | None:
        while module and module not in modules:
            module = module.rpartition(".")[0]
        return module or None

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                out.update(m for a in child.names if (m := known(a.name)))
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package
                    for _ in range(child.level - 1):
                        up = up.rpartition(".")[0]
                    base = f"{up}.{base}" if base else up
                for alias in child.names:
                    target = f"{base}.{alias.name}"
                    found = target if target in modules else known(base)
                    if found:
                        out.add(found)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    out.discard(name)
    return out


def import_loops() -> list[list[str]]:
    """Every group of modules that import one another round a loop (Tarjan's strongly
    connected components of more than one module)."""
    modules = _modules()
    graph = {name: sorted(_imports(name, path, modules)) for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    loops: list[list[str]] = []

    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(graph[step])))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    loops.append(sorted(group))
    return loops


def test_the_loop_finder_sees_a_loop_through_a_lazy_import(tmp_path: Path) -> None:
    modules = {"tableside.a": tmp_path / "a.py", "tableside.b": tmp_path / "b.py"}
    modules["tableside.a"].write_text("def f():\n    from tableside import b\n")
    modules["tableside.b"].write_text("from typing import TYPE_CHECKING\nimport tableside.a\n"
                                      "if TYPE_CHECKING:\n    from tableside import b\n")
    assert _imports("tableside.a", modules["tableside.a"], modules) == {"tableside.b"}
    assert _imports("tableside.b", modules["tableside.b"], modules) == {"tableside.a"}


def test_no_module_imports_itself_round_a_loop() -> None:
    loops = import_loops()
    assert loops == [], "import loops (each a group of modules):\n" + "\n".join(
        " <-> ".join(group) for group in loops)
