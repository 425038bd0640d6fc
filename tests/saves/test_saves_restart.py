"""Saved sessions through the headless API: restarts, the Resume list, rename and delete."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saves.journal import decode_line
from tableside.api import Tableside, TablesideError
from tests.demo.game import GAME
from trackers.engine import ActionError
from trackers.games import registry
from trackers.pieces import Counter, Secret, Track, VirtualDeck

# the demo game beside the real ones, for every test here (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("demo_registered")


def reopen(root: Path, session_id: str) -> tuple[Tableside, object]:
    table = Tableside(root)
    return table, table.load(session_id)


def test_actions_survive_a_restart(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="r")
    play.do("advance", spaces=6)
    play.do("draw")
    state = play.state
    play.close()
    table.close()

    table = Tableside(tmp_path)
    again = table.load(play.id)
    assert again.state == state
    assert again.head == 2
    assert again.warnings == []
    assert table.warnings == []
    again.close()
    table.close()


def test_undo_and_redo_across_a_restart(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="u")
    for spaces in (1, 2, 3):
        play.do("advance", spaces=spaces)
    play.undo(2)
    play.close()
    table.close()

    table = Tableside(tmp_path)
    play = table.load(play.id)
    assert play.head == 1
    assert play.state.piece("countdown", Track).position == 24
    assert play.session.can_redo
    play.redo()
    play.close()
    table.close()

    table = Tableside(tmp_path)
    play = table.load(play.id)
    assert play.head == 2
    assert play.state.piece("countdown", Track).position == 22
    play.undo()
    play.do("fire")  # drops the undone branch, also on disk
    play.close()
    table.close()

    table = Tableside(tmp_path)
    play = table.load(play.id)
    assert [e.action for e in play.session.events] == ["advance", "fire"]
    assert not play.session.can_redo
    play.close()
    table.close()


def test_undo_without_a_clean_close_is_kept(tmp_path: Path) -> None:
    """The app may be killed: every record is durable on its own, close() adds nothing needed."""
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="k")
    play.do("advance", spaces=1)
    play.do("fire")
    play.undo()
    # no close(): reopen from the files as they are
    again = Tableside(tmp_path).load(play.id)
    assert again.head == 1
    assert again.state.piece("fires", Counter).value == 0


def test_undo_then_draw_after_a_restart_gives_the_same_card(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="same")
    play.do("draw")
    card = play.state.piece("deck", VirtualDeck).hands["table"]
    play.undo()
    play.close()
    table.close()
    play = Tableside(tmp_path).load(play.id)
    play.do("draw")
    assert play.state.piece("deck", VirtualDeck).hands["table"] == card


def test_a_refused_action_writes_nothing(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="x")
    journal = table.store.journal_path(play.id)
    size = journal.stat().st_size
    with pytest.raises(ValueError, match="spaces"):
        play.do("advance", spaces=99)
    assert journal.stat().st_size == size


def test_every_action_is_in_the_journal_when_do_returns(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="d")
    play.do("advance", spaces=2)
    lines = table.store.journal_path(play.id).read_bytes().splitlines(keepends=True)
    record = decode_line(lines[-1].rstrip(b"\n"))
    assert record is not None
    assert (record["t"], record["seq"], record["action"]) == ("do", 1, "advance")


def test_the_resume_list(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    first = table.create("demo", 2, title="Tuesday game", seed="1")
    first.close()
    second = table.create("demo", 3, title="Friday game", seed="2")
    second.close()
    table.store.touch(first.id, "2099-01-01T00:00:00")  # played most recently
    rows = table.sessions()
    assert [r.title for r in rows] == ["Tuesday game", "Friday game"]
    row = rows[1]
    assert (row.game, row.players, row.status) == ("demo", 3, "in progress")
    assert row.created and row.updated
    table.close()
    # the list survives a restart
    assert [r.id for r in Tableside(tmp_path).sessions()] == [first.id, second.id]


def test_the_resume_list_never_holds_a_secret(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="s")
    play.do("choose_secret", secret="plan", value="right", decline_pin=True)
    play.close()
    listed = json.dumps([r.__dict__ for r in table.sessions()])
    catalog = (tmp_path / "catalog.json").read_text()
    assert "right" not in listed and "right" not in catalog
    export = Tableside(tmp_path).load(play.id).export()
    plan = export["state"]["pieces"]["plan"]
    assert (plan["value"], plan["nonce"]) == (None, None)
    assert plan["code"] == play.state.piece("plan", Secret).code
    assert "right" not in json.dumps([export["history"], export["notes"]])
    assert export["notes"]  # the last action's notes are shown again: the code, no value


def test_rename_and_delete(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="n")
    play.do("fire")
    play.close()
    table.rename(play.id, "  The big one ")
    assert table.sessions()[0].title == "The big one"
    with pytest.raises(TablesideError, match="1 to 80 printable characters"):
        table.rename(play.id, "   ")
    with pytest.raises(TablesideError, match="no saved session"):
        table.rename("nope", "x")
    table.delete(play.id)
    assert table.sessions() == []
    assert not table.store.journal_path(play.id).exists()
    assert not table.store.snapshot_path(play.id).exists()
    with pytest.raises(TablesideError, match="no saved session"):
        table.load(play.id)
    with pytest.raises(TablesideError, match="no saved session"):
        table.delete(play.id)
    table.close()
    assert Tableside(tmp_path).sessions() == []


def test_create_checks_players_and_game(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    with pytest.raises(ValueError, match="players"):
        table.create("demo", 5)
    with pytest.raises(ValueError, match="unknown"):
        table.create("chess", 2)
    assert table.sessions() == []


def test_an_unknown_game_gives_a_clear_error(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    with pytest.raises(ActionError, match="'ghost' is unknown; give one of .*lifeform"):
        table.create("ghost", 2)


def test_board_profile_is_kept_and_used_for_new_sessions(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_board_profile("demo", {"hatch_space": "4"})
    table.close()
    table = Tableside(tmp_path)
    assert table.board_profile("demo") == {"hatch_space": 4}
    play = table.create("demo", 2, seed="b")
    assert play.session.setup.board == {"hatch_space": 4}
    with pytest.raises(ValueError, match="Hatch space"):
        table.set_board_profile("demo", {"hatch_space": "12"})


def test_settings_survive_a_restart(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_setting("theme", "textual-light")
    table.close()
    assert Tableside(tmp_path).setting("theme") == "textual-light"
    assert Tableside(tmp_path).setting("missing", "default") == "default"


def test_status_reaches_the_resume_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from random import Random
    from typing import Any

    from trackers.engine import Action, Game, Note, State

    def win(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
        state.facts["status"] = "crew won"
        return ["The crew won"]

    winning = Game(info=GAME.info, setup=GAME.setup,
                   actions=(*GAME.actions, Action("win", "Win", "Win.", win)))
    monkeypatch.setitem(registry._LOADED, "demo", winning)
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="w")
    play.do("win")
    assert Tableside(tmp_path).sessions()[0].status == "crew won"  # before any close()


def test_data_dir_that_cannot_be_created_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(TablesideError, match="cannot be created"):
        Tableside(blocker / "data")


def test_opening_a_game_and_leaving_it_untouched_keeps_its_last_played_time(
        tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="lp")
    play.do("fire")
    play.close()
    before = table.sessions()[0].updated
    table.load(play.id).close()  # looked at, nothing done
    assert table.sessions()[0].updated == before
    again = table.load(play.id)
    again.do("fire")
    again.close()
    assert table.sessions()[0].updated != before
