"""``trackers/`` is pure: no I/O, no clocks, no hidden chance (docs/DESIGN.md, Layers).

Which layer may import which (trackers imports no Textual, rich, storage or I/O module; saves no
trackers; only tableside.cli imports tui) is checked by import-linter: the contracts are in
pyproject.toml and `lint-imports` runs in .ci/run. What an import graph cannot see is checked
here: calls that do I/O (open, print, input), reading the clock, unseeded chance, package files
read at run time, and that every module (the game modules the registry loads by name too)
imports in a fresh interpreter where Textual and the upper layers cannot be imported at all.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

IO_CALLS = {"open", "input", "print", "breakpoint", "__import__", "exec", "eval"}
CLOCK_ATTRS = {"now", "today", "utcnow", "time", "monotonic", "perf_counter"}
CLOCK_OWNERS = {"datetime", "date", "time"}


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return found


def _owner_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def violations(source: str, filename: str) -> list[str]:
    """Every line of ``source`` that is not pure, as "file:line: why" (imports of forbidden
    modules are import-linter's job: pyproject.toml)."""
    tree = ast.parse(source, filename)
    out: list[str] = []
    for line, name in _imports(tree):
        if name.startswith("importlib.resources"):
            out.append(f"{filename}:{line}: reads package files ({name})")
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call | ast.Attribute):
            continue
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in IO_CALLS:
                out.append(f"{filename}:{node.lineno}: calls {func.id}()")
            if isinstance(func, ast.Name) and func.id in ("Random", "SystemRandom") and (
                not node.args or func.id == "SystemRandom"
            ):
                out.append(f"{filename}:{node.lineno}: {func.id}() without a seed")
            if (isinstance(func, ast.Attribute) and _owner_name(func.value) == "random"
                    and func.attr != "Random"):
                out.append(f"{filename}:{node.lineno}: random.{func.attr}() (use the event rng)")
            if (isinstance(func, ast.Attribute) and func.attr == "Random"
                    and _owner_name(func.value) == "random" and not node.args):
                out.append(f"{filename}:{node.lineno}: random.Random() without a seed")
        elif node.attr in CLOCK_ATTRS and _owner_name(node.value) in CLOCK_OWNERS:
            out.append(f"{filename}:{node.lineno}: reads the clock ({_owner_name(node.value)}."
                       f"{node.attr})")
        elif node.attr in ("resources", "get_data") and _owner_name(node.value) in (
            "importlib", "pkgutil"
        ):
            out.append(f"{filename}:{node.lineno}: reads package files")
    return out


def _check_tree(folder: str) -> list[str]:
    base = ROOT / folder
    files = sorted(base.rglob("*.py"))
    assert files, f"no Python files under {base}"
    problems: list[str] = []
    for path in files:
        problems += violations(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    return problems


# --- the checker itself must be able to fail ------------------------------------------------------
BAD = '''
import random
from datetime import datetime, date
import importlib.resources

def f(rng):
    open("x")
    print("hi")
    random.choice([1, 2])
    Random()
    datetime.now()
    date.today()
    return importlib.resources.files("trackers")
'''


def test_the_checker_catches_each_kind_of_breach() -> None:
    found = "\n".join(violations(BAD, "bad.py"))
    for expected in ("calls open()", "calls print()",
                     "random.choice()", "Random() without a seed", "datetime.now",
                     "date.today", "reads package files"):
        assert expected in found, expected


def test_the_checker_lets_pure_code_through() -> None:
    good = '''
from __future__ import annotations
from random import Random
from dataclasses import dataclass
import hashlib

def draw(rng: Random) -> int:
    local = Random("seeded")
    return rng.randrange(3) + local.randrange(2)
'''
    assert violations(good, "good.py") == []


# --- the real trees -------------------------------------------------------------------------------
def test_trackers_does_no_io_and_reads_no_clock() -> None:
    problems = _check_tree("trackers")
    assert problems == [], "trackers/ must stay pure:\n" + "\n".join(problems)


IMPORT_ALL = r"""
import importlib, importlib.abc, json, pkgutil, sys

BLOCKED = set(sys.argv[2].split(","))
attempts = []

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            attempts.append(name)
            raise ImportError(f"blocked by the layering test: {name}")
        return None

sys.meta_path.insert(0, Block())
sys.path.insert(0, sys.argv[3])
package = importlib.import_module(sys.argv[1])
names = [sys.argv[1]]
errors = {}
for info in pkgutil.walk_packages(package.__path__, sys.argv[1] + ".",
                                  onerror=lambda name: errors.setdefault(name, "walk failed")):
    names.append(info.name)
extra = sys.argv[4].split(",") if sys.argv[4] else []
for name in names + extra:
    try:
        importlib.import_module(name)
    except Exception as err:
        errors[name] = f"{type(err).__name__}: {err}"
loaded = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED and sys.modules[m])
print(json.dumps({"imported": names, "attempts": attempts, "errors": errors, "loaded": loaded}))
"""


def _import_everything(package: str, blocked: set[str], extra: list[str]) -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL, package, ",".join(sorted(blocked)), str(ROOT),
         ",".join(extra)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout.splitlines()[-1])
    return data


def test_trackers_and_every_game_module_import_without_textual() -> None:
    from trackers.games.registry import infos

    games = [f"{info.home}.game" for info in infos()]
    blocked = {"textual", "rich", "tui", "saves", "references", "tableside", "tinydb",
               "sqlite3", "platformdirs"}
    data = _import_everything("trackers", blocked, games)
    assert data["attempts"] == [], f"trackers tried to import: {data['attempts']}"
    assert data["errors"] == {}, f"trackers modules failed to import: {data['errors']}"
    assert data["loaded"] == []
    imported = data["imported"]
    assert isinstance(imported, list)
    assert "trackers.engine.session" in imported and "trackers.pieces.track" in imported



def test_the_import_check_can_fail() -> None:
    """Blocking a module trackers really uses (fractions, for the bag odds) is noticed.

    The engine's modules are walked, not all of trackers: each module that fails retries the
    failed imports under it, so the whole tree (over a hundred failures) cost five times as
    much to show the same thing."""
    data = _import_everything("trackers.engine", {"fractions"}, [])
    attempts = data["attempts"]
    assert isinstance(attempts, list) and "fractions" in attempts
    assert data["errors"] != {}


def test_test_folders_never_pass_for_the_packages_they_test() -> None:
    """tests/references, tests/saves, tests/tui are packages of ``tests``: importing
    references, saves or tui gives the project's own (pythonpath in pyproject.toml)."""
    import references
    import saves
    import tui

    for package in (references, saves, tui):
        assert package.__file__ is not None
        assert Path(package.__file__).parent.parent == ROOT, package.__file__
