"""Whether a game speaks and how: off by default except where the rulebook asks for a voice,
the table's choice per game kept in the settings, rate and volume within bounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tableside.cli import main
from tableside.voice import choices
from trackers.games.registry import get_game


def test_only_lifeform_speaks_unasked_and_the_new_game_form_says_why() -> None:
    table: dict[str, object] = {}

    class Store:
        def setting(self, key: str, default: object = None) -> object:
            return table.get(key, default)

        def set_setting(self, key: str, value: object) -> None:
            table[key] = value

    said = {g: choices.speaks(Store(), get_game(g)) for g in (
        "lifeform", "nemesis-lockdown", "pandora-celeste", "space-station-phoenix")}
    assert said == {"lifeform": True, "nemesis-lockdown": False, "pandora-celeste": False,
                    "space-station-phoenix": False}
    assert choices.default_words(get_game("lifeform")) == (
        "Spoken announcements: on by default (the rulebook asks for the Self-Destruct "
        "position aloud (p. 46)); f5 mutes them.")
    assert choices.default_words(get_game("pandora-celeste")).startswith(
        "Spoken announcements: off by default")
    Store().set_setting("voice:lifeform", False)
    assert not choices.speaks(Store(), get_game("lifeform"))


def test_tableside_voice_sets_a_game_the_rate_and_the_volume(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--data-dir", str(tmp_path), "voice"]
    assert main([*base, "pandora-celeste", "on", "--rate", "140", "--volume", "150"]) == 0
    out = capsys.readouterr().out
    assert "Pandora Celeste: on" in out and "rate 140 words a minute, volume 150" in out
    settings = choices.voice_settings(Tableside(tmp_path))
    assert (settings.rate, settings.volume, settings.voice) == (140, 150, "en-us")


@pytest.mark.parametrize(("args", "said"), [
    (["--rate", "500"], "--rate: give a whole number from 80 to 300 (500 given)"),
    (["--volume", "-1"], "--volume: give a whole number from 0 to 200 (-1 given)"),
    (["lifeform"], "give on or off after the game id"),
    (["chess", "on"], "game: 'chess' is unknown"),
])
def test_tableside_voice_refuses_bad_values_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str) -> None:
    assert main(["--data-dir", str(tmp_path), "voice", *args]) != 0
    assert said in capsys.readouterr().err
    assert Tableside(tmp_path).setting("voice:rate") is None
    assert Tableside(tmp_path).setting("voice:lifeform") is None


def test_a_rate_out_of_bounds_in_the_settings_falls_back_to_the_ships_voice(
        tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_setting("voice:rate", 9000)
    table.set_setting("voice:volume", "loud")
    assert choices.voice_settings(table) == choices.DEFAULTS


async def test_the_new_game_form_says_whether_the_game_speaks(tmp_path: Path) -> None:
    from textual.widgets import Static

    from tests.tui.test_forms_pilot import set_game
    from tui.app import TablesideApp

    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")  # Home: New game
        await pilot.pause()
        for game, said in (("lifeform", "Spoken announcements: on by default (the rulebook"),
                           ("nemesis-lockdown", "Spoken announcements: off by default")):
            await set_game(pilot, game, 2)
            assert said in str(app.screen.query_one("#game-blurb", Static).render())
