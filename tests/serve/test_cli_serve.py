"""`tableside serve`: the links printed (text and QR), --lan's warnings said in full, a bad
id or port refused with the reason, and the seats stopped when the table view closes."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tableside.api import Tableside
from tableside.cli import main

pytest.importorskip("textual_serve")


def _game(data: Path) -> str:
    table = Tableside(data)
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    game_id = play.id
    play.close()
    table.close()
    return game_id


@pytest.fixture
def no_table_view(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The table view opened and closed at once (a person would play, then quit)."""
    from tui.table_view import TableViewApp

    opened: list[str] = []
    monkeypatch.setattr(TableViewApp, "run", lambda self: opened.append(self.session_id))
    return opened


def test_serve_prints_each_seats_link_and_stops_with_the_table_view(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], no_table_view: list[str]) -> None:
    game_id = _game(tmp_path)
    assert main(["--data-dir", str(tmp_path), "serve", game_id]) == 0
    out = capsys.readouterr().out
    assert no_table_view == [game_id]
    assert "to this computer only" in out and "WARNING" not in out
    links = [line.split(": ", 1)[1] for line in out.splitlines() if "'s seat: http" in line]
    assert len(links) == 2 and all(link.startswith("http://127.0.0.1:") for link in links)
    assert out.count("█▀") >= 2  # a QR code under each link
    assert "no longer served" in out
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(links[0], timeout=10)


def test_lan_says_what_it_exposes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  no_table_view: list[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # What --lan says is the subject: no seat opens, so the seats' warm parent (a Python
    # process of its own) is not started; the test above serves with it and stops it.
    monkeypatch.setattr("tableside.serve.CAN_FORK", False)
    game_id = _game(tmp_path)
    assert main(["--data-dir", str(tmp_path), "serve", game_id, "--lan",
                 "--address", "192.0.2.7"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "WARNING: Serving on your local network at 192.0.2.7:" in out
    assert "Anyone on this network who has a seat's link can open that seat" in out
    assert "plain HTTP" in out and "the PINs typed on it included" in out
    assert "Ann's seat: http://192.0.2.7:" in out


def test_a_bad_id_or_port_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     no_table_view: list[str]) -> None:
    assert main(["--data-dir", str(tmp_path), "serve", "no-such-game"]) == 1
    assert "no-such-game" in capsys.readouterr().err
    game_id = _game(tmp_path)
    assert main(["--data-dir", str(tmp_path), "serve", game_id, "--port", "70000"]) == 1
    assert "--port: 70000 is not a port" in capsys.readouterr().err
    assert no_table_view == []
