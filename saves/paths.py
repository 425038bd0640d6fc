"""Where Tableside keeps its data: --data-dir, else $TABLESIDE_DATA_DIR, else the platform's."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "TABLESIDE_DATA_DIR"


def data_dir(explicit: str | Path | None = None) -> Path:
    """The data folder to use (not yet created)."""
    if explicit:
        return Path(explicit).expanduser()
    if os.environ.get(ENV_VAR):
        return Path(os.environ[ENV_VAR]).expanduser()
    from platformdirs import user_data_dir  # imported late: only needed for the default

    return Path(user_data_dir("tableside", appauthor=False))
