"""Keys a player can change: a keymap in the settings, applied with
Textual's App.set_keymap, shown in the footer, on F1, in the palette and in messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside, TablesideError
from tableside.cli import main
from tests.pilot_keys import record_notifications, resume_first, save_game
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.screens.keys import key_entries
from tui.widgets.keys_footer import KeysFooter

pytestmark = pytest.mark.usefixtures("demo_registered")


async def test_the_players_keys_work_and_are_shown_everywhere(tmp_path: Path) -> None:
    save_game(tmp_path, "demo", 2)
    table = Tableside(tmp_path)
    table.set_key("session.undo", "z")
    table.set_key("demo.fire", "g")
    table.set_key("demo.draw", "j")
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume_first(pilot)
        shown = {cell.description: cell.shown for cell in screen.query_one(KeysFooter).cells}
        assert shown["Undo"] == "z"
        entries = {e.name: e.key for e in key_entries(screen)}  # F1 and the palette
        assert entries["Undo the last action"] == "z" and entries["Add a fire"] == "g"
        assert "z undo" in panel_text(app, "#log-title")
        await pilot.press("g")  # the player's key for Add a fire
        await pilot.pause()
        assert "Fires: 1/3" in panel_text(app, "#tracks")
        await pilot.press("f")  # its old key does nothing now
        await pilot.pause()
        assert "Fires: 1/3" in panel_text(app, "#tracks")
        await pilot.press("z")
        await pilot.pause()
        assert "Fires: 0/3" in panel_text(app, "#tracks")
        messages = record_notifications(app)
        for _ in range(20):
            screen.play.do("draw")
        screen.session_changed()
        await pilot.pause()
        await screen.action_run("draw")  # as the palette runs it: refused, naming the key
        await pilot.pause()
        assert any("Draw a card (j) is not possible now: every card is drawn" in m
                   for m in messages), messages


def test_a_game_action_may_not_take_a_reserved_key(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(TablesideError, match="kept by every game screen for Undo"):
        Tableside(tmp_path).set_key("demo.fire", "u")
    assert main(["--data-dir", str(tmp_path), "keys", "set", "session.undo", "z"]) == 0
    assert main(["--data-dir", str(tmp_path), "keys", "set", "demo.fire", "u"]) == 1
    assert "kept by every game screen" in capsys.readouterr().err
    assert main(["--data-dir", str(tmp_path), "keys", "list"]) == 0
    assert "session.undo" in capsys.readouterr().out
    assert main(["--data-dir", str(tmp_path), "keys", "reset", "session.undo"]) == 0
    assert Tableside(tmp_path).keymap() == {}
