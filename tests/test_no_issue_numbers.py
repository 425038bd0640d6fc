"""Comments and docstrings say why in words, never by an issue number of this project's
tracker (a reader of the code has no way to look one up)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"\bissues? \d+", re.IGNORECASE)
FOLDERS = ("trackers", "saves", "references", "tableside", "tui", "tests")


def citations() -> list[str]:
    found = []
    for folder in FOLDERS:
        for path in (ROOT / folder).rglob("*.py"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if CITED.search(line) and path.name != Path(__file__).name:
                    found.append(f"{path.relative_to(ROOT)}:{number}")
    return found


def test_no_comment_or_docstring_cites_an_issue_number() -> None:
    assert not citations(), citations()[:20]
