"""Board profiles: entered once, checked, saved with the settings, shared as a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableside.api import Tableside, TablesideError
from tableside.cli import main
from trackers.engine import ActionError


def test_a_value_entered_once_starts_every_later_game(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_board_value("space-station-phoenix", "lap_size", "50")
    play = table.create("space-station-phoenix", 3)
    assert play.state.board["lap_size"] == 50


def test_a_bad_value_names_the_key_and_changes_nothing(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_board_value("space-station-phoenix", "lap_size", "50")
    with pytest.raises(ActionError, match="Score track spaces per lap"):
        table.set_board_value("space-station-phoenix", "lap_size", "fifty")
    assert table.board_profile("space-station-phoenix") == {"lap_size": 50}


def test_export_then_import_into_another_table(tmp_path: Path) -> None:
    mine = Tableside(tmp_path / "mine")
    mine.set_board_value("space-station-phoenix", "lap_size", "50")
    shared = mine.export_board_profile("space-station-phoenix")
    theirs = Tableside(tmp_path / "theirs")
    assert theirs.import_board_profile("space-station-phoenix", shared) == 1
    assert theirs.board_profile("space-station-phoenix") == {"lap_size": 50}


@pytest.mark.parametrize("change, field", [
    ({"format": "something else"}, "format"),
    ({"version": 99}, "version"),
    ({"game": "lifeform"}, "game"),
    ({"values": [1, 2]}, "values"),
    ({"values": {"lap_size": -3}}, "Score track spaces per lap"),
    ({"values": {"no_such_value": 1}}, "no_such_value"),
])
def test_a_bad_file_is_refused_whole(tmp_path: Path, change: dict, field: str) -> None:
    table = Tableside(tmp_path)
    table.set_board_value("space-station-phoenix", "lap_size", "40")
    data = table.export_board_profile("space-station-phoenix") | change
    with pytest.raises(TablesideError, match=field):
        table.import_board_profile("space-station-phoenix", data)
    assert table.board_profile("space-station-phoenix") == {"lap_size": 40}


def test_lifeform_cross_checks_refuse_a_profile_that_contradicts_itself(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    # The text shows 20 is a Self-Destruct space: a list without it cannot be this board.
    with pytest.raises(ActionError, match="board profile"):
        table.set_board_value("lifeform", "self_destruct.minutes", "30, 29, 28, 25, 19")
    assert table.board_profile("lifeform") == {}


def test_cli_export_import_and_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    Tableside(data).set_board_value("space-station-phoenix", "lap_size", "50")
    out = tmp_path / "profile.json"
    assert main(["--data-dir", str(data), "profile", "export", "space-station-phoenix",
                 str(out)]) == 0
    assert json.loads(out.read_text())["values"] == {"lap_size": 50}
    other = tmp_path / "other"
    assert main(["--data-dir", str(other), "profile", "import", "space-station-phoenix",
                 str(out)]) == 0
    capsys.readouterr()
    assert main(["--data-dir", str(other), "profile", "show", "space-station-phoenix",
                 "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["key"] == "lap_size" and rows[0]["value"] == 50
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["--data-dir", str(other), "profile", "import", "space-station-phoenix",
                 str(bad)]) == 1
    assert "not valid JSON" in capsys.readouterr().err


def test_a_board_value_set_from_the_cli_is_in_the_next_games_profile(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Entered in a running game from any window, a printed value is kept for later games
    alike: here the CLI's ``do ... set_board_value``."""
    table = Tableside(tmp_path)
    first = table.create("space-station-phoenix", 3)
    first.close()
    table.close()
    assert main(["--data-dir", str(tmp_path), "do", first.id, "set_board_value",
                 "key=lap_size", "value=50"]) == 0
    capsys.readouterr()
    again = Tableside(tmp_path)
    assert again.board_profile("space-station-phoenix") == {"lap_size": 50}
    assert again.create("space-station-phoenix", 2).state.board["lap_size"] == 50


def test_a_board_value_set_through_the_api_is_kept_and_undo_leaves_the_profile(
        tmp_path: Path) -> None:
    """The API's ``do`` keeps it too; undo takes it back from this game, not from the
    profile (the board did not change)."""
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 3)
    play.do("set_board_value", key="lap_size", value="50")
    play.undo()
    assert "lap_size" not in play.state.board
    assert table.board_profile("space-station-phoenix") == {"lap_size": 50}


def test_a_game_enters_only_its_own_play_modes_board_values(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A standard Lifeform game neither lists nor takes the solo board's values (the CLI's
    ``actions``, ``do``, an imported profile); the profile keeps them for solo games."""
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3)
    assert "solo_hand_limit" not in play.board_keys
    assert "hostility.length" in play.board_keys
    play.close()
    table.close()
    args = ["--data-dir", str(tmp_path)]
    assert main([*args, "actions", play.id]) == 0
    listed = capsys.readouterr().out
    assert "set_board_value" in listed and "hostility.length" in listed
    assert "solo_" not in listed
    assert main([*args, "do", play.id, "set_board_value", "key=solo_hand_limit",
                 "value=5"]) != 0
    said = capsys.readouterr()
    assert "key: 'solo_hand_limit' is not allowed" in said.err + said.out
    table = Tableside(tmp_path)
    again = table.load(play.id)
    assert again.head == 0  # nothing recorded
    again.import_board({"solo_hand_limit": 5, "hostility.length": 30})
    assert "solo_hand_limit" not in again.state.board
    assert again.state.board["hostility.length"] == 30
    again.close()
    solo = table.create("lifeform", 1, mode=_solo_mode())
    assert "solo_hand_limit" in solo.board_keys and "hostility.length" not in solo.board_keys
    solo.close()


def _solo_mode() -> str:
    from trackers.games.registry import get_game

    return next(m.id for m in get_game("lifeform").modes if m.player_counts == (1,))


@pytest.mark.parametrize("game, key, typed", [
    ("pandora-celeste", "deck_gold", "1, 2, 3"),
    ("lifeform", "hostility.length", "12"),
])
def test_a_value_typed_in_one_game_serves_a_game_already_started(
        tmp_path: Path, game: str, key: str, typed: str) -> None:
    from trackers.games.registry import get_game

    table = Tableside(tmp_path)
    players = 2 if game == "lifeform" else 3
    options = {o.name: list(o.choices[:players]) for o in get_game(game).options
               if o.kind == "multi" and not o.default}  # Pandora's crew: one each
    first = table.create(game, players, board={}, options=options)
    second = table.create(game, players, board={}, options=options)
    for play in (first, second):
        assert key not in play.state.board
        play.close()
    first = table.load(first.id)
    first.do("set_board_value", key=key, value=typed)
    first.close()
    again = table.load(second.id)  # started before the value was typed: it takes it
    entered = again.state.board[key]
    assert again.history()[-1].text.startswith("Board value: ")  # one logged record
    head = again.head
    again.close()
    table.clear_board_value(game, key)  # replay reads the journal, never the profile
    replayed = table.load(second.id)
    assert replayed.state.board[key] == entered and replayed.head == head
    replayed.close()


def test_a_finished_game_takes_no_value_from_the_profile(tmp_path: Path) -> None:
    from tests.demo import INFO
    from trackers.games import registry

    registry.register(INFO)
    try:
        table = Tableside(tmp_path)
        done = table.create("demo", 2, board={})
        done.do("escape", who="Ann")
        head = done.head
        done.close()
        table.set_board_value("demo", "hatch_space", "5")
        again = table.load(done.id)
        assert "hatch_space" not in again.state.board and again.head == head
        again.close()
    finally:
        registry.unregister("demo")
