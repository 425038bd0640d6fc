"""Shared fixtures for the references tests: rulebook libraries in tmp folders.

Two corpora: our own short rulebook-shaped texts (tests/fixtures/rulebooks, always there) and
the real rulebook texts in ../shared/seeds (absent in a fresh clone: those tests skip, saying so).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from references import Library
from tests.references.refs_helpers import FIXTURE_FILES, FIXTURES, SEED_FILES, SEEDS

NO_SEEDS = "needs the real rulebook texts in ../shared/seeds (not in this clone)"


@pytest.fixture(scope="session")
def seeds() -> Path:
    """The folder of real rulebook texts; the test is skipped when it is absent."""
    if not all((SEEDS / name).is_file() for name in SEED_FILES.values()):
        pytest.skip(NO_SEEDS)
    return SEEDS


@pytest.fixture(scope="session")
def _empty_library_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library folder as the first open leaves it (the built-in cards indexed), closed."""
    folder = tmp_path_factory.mktemp("empty-library") / "data"
    Library.open(folder).close()
    return folder


@pytest.fixture
def library(tmp_path: Path, _empty_library_folder: Path) -> Iterator[Library]:
    """An empty library (built-in cards only) in a fresh tmp folder: a copy of the folder a
    first open made (indexing the cards costs each first open ~35 ms, a copy ~2 ms)."""
    shutil.copytree(_empty_library_folder, tmp_path / "data")
    lib = Library.open(tmp_path / "data")
    yield lib
    lib.close()


@pytest.fixture(params=["our-texts", "real-rulebooks"])
def rulebooks(request: pytest.FixtureRequest) -> tuple[Path, dict[str, str]]:
    """(folder, {book key: file name}) of five rulebook texts: ours, then the real ones."""
    if request.param == "our-texts":
        return FIXTURES, FIXTURE_FILES
    return request.getfixturevalue("seeds"), SEED_FILES


def _library_of(folder: Path, names: dict[str, str], tmp: Path) -> Library:
    lib = Library.open(tmp)
    for name in names.values():
        lib.add_rulebook(folder / name)
    return lib


@pytest.fixture(scope="module", params=["our-texts", "real-rulebooks"])
def seeded(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[Library]:
    """A library holding five rulebooks, read only, shared by a module's tests: first our own
    short texts shaped like the rulebooks, then the real texts (skipped without ../shared)."""
    if request.param == "our-texts":
        lib = _library_of(FIXTURES, FIXTURE_FILES, tmp_path_factory.mktemp("ours"))
    else:
        folder = request.getfixturevalue("seeds")
        lib = _library_of(folder, SEED_FILES, tmp_path_factory.mktemp("seeded"))
    yield lib
    lib.close()
