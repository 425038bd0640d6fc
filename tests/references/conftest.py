"""Shared fixtures for the references tests: the rulebook seeds and libraries in tmp folders."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# tests/conftest.py puts tests/ on sys.path, where this folder (tests/references, no
# __init__.py) would pass for the `references` package as an empty namespace package. Put the
# repository root first so `import references` finds the real one.
_ROOT = Path(__file__).resolve().parents[2]
if sys.path[:1] != [str(_ROOT)]:
    sys.path.insert(0, str(_ROOT))
if getattr(sys.modules.get("references"), "__file__", "") is None:
    del sys.modules["references"]

from refs_helpers import SEED_FILES, SEEDS  # noqa: E402

from references import Library  # noqa: E402


@pytest.fixture(scope="session")
def seeds() -> Path:
    """The folder of rulebook texts; the test is skipped when it is absent."""
    if not all((SEEDS / name).is_file() for name in SEED_FILES.values()):
        pytest.skip("../shared/seeds not found: rulebook texts absent")
    return SEEDS


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    """An empty library (built-in cards only) in a fresh tmp folder."""
    lib = Library.open(tmp_path / "data")
    yield lib
    lib.close()


@pytest.fixture(scope="module")
def seeded(seeds: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Library]:
    """A library holding the five rulebook texts (shared by a module's tests: read only)."""
    lib = Library.open(tmp_path_factory.mktemp("seeded"))
    for name in SEED_FILES.values():
        lib.add_rulebook(seeds / name)
    yield lib
    lib.close()
