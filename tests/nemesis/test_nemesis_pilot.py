"""Pilot tests: a solo game and a 2-player co-op game played by keys for three rounds each,
with the board's public defaults accepted, an Encounter, a contamination Scan and the
Victory Check."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, OptionList, Select

from tableside.api import Tableside
from tests.pilot_keys import choose
from tui.app import TablesideApp
from tui.screens.session import SessionScreen

GAME_ID = "nemesis-lockdown"


def tracks(app: TablesideApp) -> str:
    panel = app.screen.query_one("#tracks", OptionList)
    return "\n".join(str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count))


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


async def submit(pilot: Pilot[None]) -> None:
    """Tab to the form's OK button and press it."""
    for _ in range(12):
        if isinstance(pilot.app.focused, Button):
            break
        await pilot.press("tab")
    await keys(pilot, "enter")


async def type_in(pilot: Pilot[None], selector: str, text: str) -> None:
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    await pilot.press("ctrl+u", *text)


async def pick(pilot: Pilot[None], selector: str, value: str) -> None:
    """Choose ``value`` in a Select by keys: the open list starts on the current value and
    wraps around at its ends."""
    select = pilot.app.screen.query_one(selector, Select)
    values = [v for _, v in select._options]
    downs = (values.index(value) - values.index(select.value)) % len(values)
    select.focus()
    await keys(pilot, "enter")
    await pilot.press(*["down"] * downs, "enter")
    await pilot.pause()
    assert select.value == value


async def tick(pilot: Pilot[None]) -> None:
    """The check box at the focus: on."""
    assert isinstance(pilot.app.focused, Checkbox)
    if not pilot.app.focused.value:
        await keys(pilot, "space")


async def new_game(pilot: Pilot[None], players: str, mode: str | None, names: str) -> None:
    await keys(pilot, "n")
    await choose(pilot, "#game", "Nemesis: Lockdown")
    await choose(pilot, "#players", players)
    if mode is not None:
        await pick(pilot, "#mode", mode)
    await type_in(pilot, "#names", names)
    await keys(pilot, "ctrl+s")
    assert isinstance(pilot.app.screen, SessionScreen)


async def play_round(pilot: Pilot[None],
                     during_turns: Callable[[], Awaitable[None]] | None = None) -> None:
    """Tick a round through by keys: the Time token moves (a) and the bag develops (i)."""
    await keys(pilot, "n", "n")  # draw; First Player token
    if during_turns is not None:
        await during_turns()
    await keys(pilot, "n", "n", "n")  # turns, Venting, Launch CSS (no token on 15..13)
    await keys(pilot, "a")  # the Time token: the defaults gave the thresholds
    await keys(pilot, "n", "n", "n", "n")  # Noise removal, attacks, fire, Event card
    await keys(pilot, "i")  # development: the app draws
    await submit(pilot)
    await keys(pilot, "n")  # end of the round


async def encounter_in_the_nest(pilot: Pilot[None]) -> None:
    await keys(pilot, "y")
    await type_in(pilot, "#arg-room", "Nest")
    await choose(pilot, "#arg-drawn", "Adult")
    await submit(pilot)


async def scan(pilot: Pilot[None], player: str) -> None:
    await keys(pilot, "C")  # a Contamination card (Melee)
    await choose(pilot, "#arg-player", player)
    await submit(pilot)
    await keys(pilot, "S")  # the Scan finds it clean
    await choose(pilot, "#arg-player", player)
    await type_in(pilot, "#arg-infected", "0")
    await submit(pilot)


async def lock_in_and_end(pilot: Pilot[None], names: list[str]) -> None:
    await keys(pilot, "n", "n")  # round 4: draw, First Player
    await keys(pilot, "e")  # Alert Procedure: the Isolation Room opens
    for name in names:
        await keys(pilot, "L")
        await choose(pilot, "#arg-player", name)
        await choose(pilot, "#arg-how", "locked in the Isolation Room")
        await submit(pilot)
    await keys(pilot, "E")  # fast-forward: to the Alert token
    await submit(pilot)
    await keys(pilot, "Q")  # reveal the Active Contingency
    await choose(pilot, "#arg-code", "Green")
    await submit(pilot)


async def victory_check(pilot: Pilot[None], name: str, objective: bool) -> None:
    await keys(pilot, "X")
    await choose(pilot, "#arg-player", name)
    if objective:
        pilot.app.screen.query_one("#arg-objective", Checkbox).focus()
        await pilot.pause()
        await tick(pilot)
    await submit(pilot)


async def test_a_solo_game_by_keys(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "solo", None, "Ann")
        play = app.screen.play  # type: ignore[attr-defined]
        assert "css_slots" not in play.state.board
        await keys(pilot, "ctrl+d")  # the public defaults in one key
        saved = Tableside(tmp_path, read_only=True)  # and kept for later games
        assert saved.board_profile(GAME_ID)["css_slots"] == [10, 8, 6, 4, 2, 1]
        saved.close()
        assert play.setup.mode == "solo" and play.state.board["css_slots"] == [10, 8, 6, 4, 2, 1]
        assert "Time track: 15" in tracks(app)
        await keys(pilot, "f", "u")  # a Fire marker, taken back
        assert "Fire markers on the board: 0/12" in tracks(app)
        for _ in range(10):
            await keys(pilot, "n")  # the setup checklist
        assert play.state.facts["phase"] == "round"
        await play_round(pilot, lambda: encounter_in_the_nest(pilot))
        assert "Adult #1 in the Nest" in str(play.game.panels(play.state))
        assert play.state.facts["first_encounter"]
        await play_round(pilot, lambda: scan(pilot, "Ann"))
        assert "Ann's Scan: 0 INFECTED" in [h.text for h in play.history()]
        await play_round(pilot)
        assert play.state.facts["round"] == 4 and "Time track: 12" in tracks(app)
        assert [h.text for h in play.history()][-2:] == [
            "Event Phase 10: Intruder bag development", "Event Phase 11: End of the round"]
        await lock_in_and_end(pilot, ["Ann"])
        await victory_check(pilot, "Ann", objective=True)
        record = play.game.end_record(play.state)
        assert record.ending == "Alert Procedure" and record.winners == ("Ann",)


async def test_a_two_player_co_op_game_by_keys(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "2 players", "coop", "Ann, Bo")
        play = app.screen.play  # type: ignore[attr-defined]
        await keys(pilot, "ctrl+d")  # the public defaults in one key
        assert play.state.board["blue_thresholds"] == [11, 5, 3]
        assert play.setup.mode == "coop"
        for _ in range(10):
            await keys(pilot, "n")
        await play_round(pilot, lambda: encounter_in_the_nest(pilot))
        await play_round(pilot, lambda: scan(pilot, "Bo"))
        assert play.state.facts["crew"][1]["contamination"] == 1
        await play_round(pilot)
        assert play.state.facts["round"] == 4
        await lock_in_and_end(pilot, ["Ann", "Bo"])
        for name in ("Ann", "Bo"):
            await victory_check(pilot, name, objective=False)
            await keys(pilot, "Y")  # the public Objective: met
            await choose(pilot, "#arg-player", name)
            await submit(pilot)
        record = play.game.end_record(play.state)
        assert record.winners == ("Ann", "Bo") and "the team wins" in record.summary
