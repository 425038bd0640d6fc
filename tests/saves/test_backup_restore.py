"""A data folder carried to another laptop: `tableside backup FILE` writes games, board
profiles, imported rulebooks and keys as one file; `tableside restore FILE` brings them back
elsewhere, overwriting nothing unasked and keeping the folder's own key beside the backup's."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest

from references import Library
from tableside.api import OpenSession, Tableside
from tableside.cli import main
from tests.references.refs_helpers import FIXTURES
from tests.test_key_moments_per_title import NEMESIS_BOARD

PIN = "backup-pin-6"
OBJECTIVE = "Reach the hibernatorium alive"
FIRST_MOVES: dict[str, tuple[int, dict[str, Any], list[str]]] = {
    "lifeform": (3, {}, ["tick_next_step", "tick_next_step"]),
    "nemesis-lockdown": (2, {"names": ["Ann", "Bo"]}, ["next_step", "next_step"]),
    "pandora-celeste": (2, {"options": {"crew": ["Cap", "Flygirl"]}}, ["next_step"]),
    "space-station-phoenix": (2, {}, ["setup_step", "setup_all"]),
}


def _folder(root: Path) -> dict[str, OpenSession]:
    """A game of every title (a secret chosen and looked at), a board profile and an
    imported rulebook."""
    table = Tableside(root)
    table.set_board_profile("nemesis-lockdown", NEMESIS_BOARD)
    games = {}
    for game, (players, create, moves) in FIRST_MOVES.items():
        play = table.create(game, players, **create)
        for move in moves:
            play.do(move)
        games[game] = play
    nemesis = games["nemesis-lockdown"]
    nemesis.choose_secret("p1_objective", OBJECTIVE, pin=PIN)
    assert nemesis.secret_value("p1_objective", pin=PIN) == OBJECTIVE
    for play in games.values():
        play.close()
    table.close()
    with Library.open(root) as library:
        library.add_rulebook(FIXTURES / "lifeform.txt")
    return games


def test_a_whole_folder_backed_up_and_restored_elsewhere_plays_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home, laptop = tmp_path / "home" / "data", tmp_path / "elsewhere" / "tableside"
    games = _folder(home)
    (home / "sessions" / f"{games['lifeform'].id}.open-999999-1").write_text("app")  # a mark
    backup = tmp_path / "table.zip"
    assert main(["--data-dir", str(home), "backup", str(backup)]) == 0
    names = zipfile.ZipFile(backup).namelist()
    assert not any(".lock" in n or ".open-" in n or n.startswith("serve/") for n in names)
    assert main(["--data-dir", str(laptop), "restore", str(backup)]) == 0
    capsys.readouterr()

    table = Tableside(laptop)
    assert {s.id for s in table.sessions()} == {p.id for p in games.values()}
    for play in games.values():
        again = table.load(play.id)
        assert [h.text for h in again.history()] == [h.text for h in play.history()]
        assert again.state == play.state and again.warnings == []
        again.close()
    nemesis = table.load(games["nemesis-lockdown"].id)
    assert nemesis.secret_value("p1_objective", pin=PIN) == OBJECTIVE
    nemesis.close()
    assert table.board_profile("nemesis-lockdown") == \
        Tableside(home).board_profile("nemesis-lockdown")
    with Library.open(laptop, read_only=True) as library:
        assert [b.source for b in library.books()] == ["lifeform.txt"]


def test_restore_refuses_a_game_already_there_naming_it_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    table = Tableside(home)
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    play.close()
    table.close()
    backup = tmp_path / "one.zip"
    assert main(["--data-dir", str(home), "backup", str(backup), "--game", play.id]) == 0
    before = sorted(p.name for p in (home / "sessions").iterdir())
    assert main(["--data-dir", str(home), "restore", str(backup), "--yes"]) == 1
    assert play.id in capsys.readouterr().err
    assert sorted(p.name for p in (home / "sessions").iterdir()) == before


def test_restore_into_a_folder_with_its_own_key_and_profile_keeps_both_and_asks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home, laptop = tmp_path / "home", tmp_path / "laptop"
    theirs = Tableside(home)
    # seeded games: each seed is sealed to its folder's own app key
    game = theirs.create("nemesis-lockdown", 2, names=["Ann", "Bo"], seed="theirs")
    game.close()
    theirs.set_board_profile("nemesis-lockdown", NEMESIS_BOARD)
    ours = Tableside(laptop)
    own = ours.create("nemesis-lockdown", 2, names=["Cy", "Di"], seed="ours")
    own.close()
    ours.set_board_profile("nemesis-lockdown", dict(list(NEMESIS_BOARD.items())[:1]))
    backup = tmp_path / "home.zip"
    assert main(["--data-dir", str(home), "backup", str(backup)]) == 0
    key = (laptop / "keys" / "app.key").read_bytes()
    assert main(["--data-dir", str(laptop), "restore", str(backup)]) == 1  # a script: no yes
    assert "settings" in capsys.readouterr().err
    assert [s.id for s in Tableside(laptop).sessions()] == [own.id]  # nothing restored
    assert main(["--data-dir", str(laptop), "restore", str(backup), "--yes"]) == 0
    assert (laptop / "keys" / "app.key").read_bytes() == key  # its own key kept
    table = Tableside(laptop)
    # read only: opened to play, a game takes the profile's values it lacks (logged)
    assert table.load(own.id, read_only=True).state == own.state
    assert table.load(game.id, read_only=True).state == game.state  # the backup's key
