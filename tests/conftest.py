"""Every test gets its own data folder: no test ever touches the player's real saves."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
# The project's packages come first: tests/tui, tests/saves... must never shadow tui, saves...
sys.path.insert(0, str(ROOT))
if str(TESTS) not in sys.path:
    sys.path.append(str(TESTS))  # so tests can from tests.demo import game as demo_game

SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture(autouse=True)
def isolated_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("TABLESIDE_DATA_DIR", str(data))
    return data


@pytest.fixture
def demo_registered() -> Iterator[None]:
    """Make the small demo game available to the registry (and the New game form)."""
    from tests.demo import INFO
    from trackers.games import registry

    registry.register(INFO)
    try:
        yield
    finally:
        registry.unregister("demo")
