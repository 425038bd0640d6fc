"""What the app says of an unexpected error (a bug), once it is in the problem log."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual.app import App

from tableside.problem_log import report

OPENING = "Tableside hit a problem and recorded nothing"


def told(app: App[Any], error: BaseException, hidden: Iterable[str] = (),
         opening: str = OPENING) -> str:
    """Log ``error`` in the app's data folder; the player's message names the log (with
    ``TABLESIDE_DEBUG`` the traceback too). ``hidden``: values typed that must not show."""
    data_dir: Path = app.data_dir  # type: ignore[attr-defined]  # every Tableside app has one
    return report(data_dir, error, hidden=hidden).said(opening)
