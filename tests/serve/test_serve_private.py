"""The serve folder and its logs are private to the user, like the rest of the data folder:
0700 and 0600, also when an earlier version left them readable by others."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from tableside import seat_asks
from tableside.api import Tableside
from tableside.serve import log_to, private_log


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_the_serve_folder_and_its_logs_are_the_users_alone(tmp_path: Path) -> None:
    folder = tmp_path / "serve"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    (folder / "seats.log").write_text("")
    os.chmod(folder / "seats.log", 0o644)
    handler = log_to(folder / "serve.log")
    try:
        assert _mode(folder) == 0o700 and _mode(folder / "serve.log") == 0o600
    finally:
        for name in ("tableside.serve", "textual-serve", "aiohttp"):
            logging.getLogger(name).removeHandler(handler)
        handler.close()
    private_log(folder / "seats.log")  # the seats' stderr, appended by a shell
    assert _mode(folder / "seats.log") == 0o600


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_a_seats_asks_file_is_private(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    play.choose_secret("p1_objective", "Survive", pin="ann-pin-1")
    (tmp_path / "serve").mkdir(mode=0o755)
    os.chmod(tmp_path / "serve", 0o755)
    seat_asks.ask(play, "p1_objective")
    assert _mode(tmp_path / "serve") == 0o700
    assert all(_mode(f) == 0o600 for f in (tmp_path / "serve").iterdir())
    play.close()
    table.close()
