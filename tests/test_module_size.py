"""Small modules with one job: no module of the product is over 600 lines."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("trackers", "saves", "references", "tableside", "tui")
MOST_LINES = 600


def long_modules() -> dict[str, int]:
    found = {}
    for package in PRODUCT:
        for path in (ROOT / package).rglob("*.py"):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > MOST_LINES:
                found[path.relative_to(ROOT).as_posix()] = lines
    return found


def test_no_module_is_over_600_lines() -> None:
    over = long_modules()
    assert not over, f"split these into modules with one job each: {over}"
