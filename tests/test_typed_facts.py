"""Each game declares what it keeps in ``state.facts`` (its facts.py: a TypedDict with
``total=False``, and ``facts_of``), and its other modules read and write facts only through
``facts_of``, so mypy checks every key: a misspelt key fails the type check, not a game."""

from __future__ import annotations

import importlib
import io
import itertools
import tokenize
import typing
from pathlib import Path

import pytest

from trackers.games.registry import PACKAGES

ROOT = Path(__file__).resolve().parents[1]
GAMES = [(ROOT / "trackers" / "games" / package, package) for package in PACKAGES]
TEMPLATE = (ROOT / "tests" / "demo", "demo")  # the demo game the guide copies


def facts_class(package: str) -> str:
    return "".join(word.title() for word in package.split("_")) + "Facts"


def direct_reads(path: Path) -> list[int]:
    """Lines of ``path`` that reach ``<something>.facts`` itself (not through facts_of),
    read by tokens (strings and comments are not code)."""
    source = io.StringIO(path.read_text(encoding="utf-8")).readline
    tokens = [t for t in tokenize.generate_tokens(source)
              if t.type in (tokenize.NAME, tokenize.OP)]
    return [name.start[0] for dot, name in itertools.pairwise(tokens)
            if dot.string == "." and name.string == "facts"
            and not name.line.lstrip().startswith(("from ", "import "))]  # a module path


@pytest.mark.parametrize(("folder", "package"), [*GAMES, TEMPLATE],
                         ids=[p for _, p in [*GAMES, TEMPLATE]])
def test_facts_are_declared_and_read_only_through_facts_of(folder: Path, package: str) -> None:
    module = importlib.import_module(
        ".".join((folder / "facts").relative_to(ROOT).parts))
    declared = getattr(module, facts_class(package), None)
    assert declared is not None, f"{package}/facts.py: no class {facts_class(package)}"
    assert typing.is_typeddict(declared), f"{declared.__name__}: not a TypedDict"
    assert declared.__total__ is False, \
        f"{declared.__name__}: total=False (a snapshot or an old save lacks newer keys)"
    assert typing.get_type_hints(module.facts_of)["return"] is declared
    reads = {str(path.relative_to(ROOT)): lines for path in sorted(folder.rglob("*.py"))
             if path.name != "facts.py" and (lines := direct_reads(path))}
    assert not reads, f"state.facts read directly (use facts_of(state)): {reads}"


def test_the_check_sees_a_direct_read(tmp_path: Path) -> None:
    module = tmp_path / "rule.py"
    module.write_text("from game.facts import facts_of\n"
                      "def f(state):\n    return state.facts.get('round')\n", encoding="utf-8")
    assert direct_reads(module) == [3]
