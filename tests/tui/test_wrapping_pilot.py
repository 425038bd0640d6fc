"""At 80x24, long lines break between words: F1's entries hang under their names and never
lose a word, and an export message keeps every folder and word of its path whole."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from tests.pilot_keys import saved
from tests.tui.screen_text import panel_text
from tui.app import TablesideApp
from tui.screens.keys import KeyLine, KeysScreen
from tui.widgets.path_text import path_lines


def test_a_long_key_name_wraps_under_the_name_not_under_the_key() -> None:
    console = Console(width=40, record=True, color_system=None)
    name = "Game report: the tracks over the rounds, key moments, the end"
    console.print(KeyLine("^r", name))
    lines = console.export_text().rstrip("\n").splitlines()
    assert len(lines) > 1 and lines[0].startswith("     ^r  Game report:")
    for line in lines[1:]:
        assert line[:9].strip() == ""  # further lines start under the name
    assert " ".join(" ".join(lines).split()) == f"^r {name}"  # no word lost or split


def test_an_exported_path_breaks_only_between_folders_and_after_hyphens() -> None:
    path = ("/home/someone/.local/share/tableside/exports/"
            "report-space-station-phoenix-20261201-155352.md")
    lines = path_lines(path).splitlines()
    assert "".join(lines) == path
    assert all(len(line) <= 36 for line in lines)
    assert all(line.endswith(("/", "-")) for line in lines[:-1])


async def test_f1_at_80x24_lists_every_key_of_a_game_screen_whole(tmp_path: Path) -> None:
    saved(tmp_path, "space-station-phoenix", "Friday", moves=1)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        listed = panel_text(app, "#keys-list")
        assert "^r  Game report: the tracks over the rounds, key moments, the end" in listed
        assert "k  Score calculator" in listed
