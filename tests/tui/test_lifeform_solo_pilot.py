"""Pilot test of a Lifeform solo game (Dragon's Domain with module C), played by keys at 80x24:
setup, three Crisis cards (the third on a chamber already holding a token, so Life Support
advances and the app asks for its length then), a manual clamp unlock, the launch the table
confirms, a hunt with a wrong guess, and the fight set up; the screen is checked at each step
and the hiding chamber shows nowhere before the guess. Two steps whose
keys the test types at another step (the second Crisis card, the second objective) are done
through the API those keys call, the screen checked the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App
from textual.command import CommandList
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select

from tableside import private
from tableside.api import Tableside
from tests.pilot_keys import burst, choose, choose_focused
from tests.tui.screen_text import panel_text, screen_text
from trackers.pieces import Secret
from tui.app import TablesideApp
from tui.games.lifeform.screen import LifeformScreen

SIZE = (80, 24)
# TEST DATA for an imaginary printing (never product defaults); Life Support is left unset so
# the app asks for it when the first Crisis card needs it.
BOARD = {"solo_self_destruct_start": "25", "solo_motion_length": "8", "solo_motion_start": "6",
         "solo_combat_tokens": "red claw, blue claw, purple stinger, green eye",
         "solo_objective_names": "Restore power, Find the codes"}


def seen(app: TablesideApp) -> str:
    return " ".join(screen_text(cast("App[object]", app)).split())


def panel(app: TablesideApp, selector: str) -> str:
    return " ".join(panel_text(cast("App[object]", app), selector).split())


def screen(app: TablesideApp) -> LifeformScreen:
    assert isinstance(app.screen, LifeformScreen), type(app.screen)
    return app.screen


async def open_action(pilot: Pilot[None], key: str | None, title: str) -> None:
    """The action's key, or ctrl+p and its title (typed in one burst; checked to be the top
    match)."""
    if key:
        await pilot.press(key)
        await pilot.pause()
        return
    await pilot.press("ctrl+p")
    await pilot.pause()
    await burst(pilot, *title)
    for _ in range(60):
        commands = pilot.app.screen.query_one(CommandList)
        if commands.highlighted is not None and str(
                commands.get_option_at_index(commands.highlighted).prompt).startswith(title):
            break
        await pilot.pause(0.05)
    else:
        raise AssertionError(f"the palette does not offer {title!r} first")
    await pilot.press("enter")
    await pilot.pause()


async def fill(pilot: Pilot[None], fields: list[str], args: dict[str, Any]) -> None:
    """The form's fields come in this order (Tab's order, read from the focus chain without
    pressing it) and it opens on the first; each field given is set by keys (a list already
    on the value is left as it is); then ctrl+s, the OK button from any field."""
    form = pilot.app.screen
    order = [w.id for w in form.focus_chain if (w.id or "").startswith("arg-")]
    assert order == [f"arg-{name}" for name in fields], (order, fields)
    first = pilot.app.focused
    assert first is not None and first.id == f"arg-{fields[0]}", (first, fields)
    for name in fields:
        if name not in args:
            continue
        value = args[name]
        widget = form.query_one(f"#arg-{name}")
        if isinstance(widget, Select) and widget.value == value:
            continue
        form.set_focus(widget)
        if isinstance(widget, Select):
            await choose_focused(pilot, value)
        elif isinstance(widget, Checkbox):
            if bool(value) != widget.value:
                await pilot.press("space")
        elif isinstance(widget, Input):
            await burst(pilot, *str(value))
        assert widget.value == value, (name, widget)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def act(pilot: Pilot[None], name: str, args: dict[str, Any] | None = None) -> None:
    """One action by keys, every field of its form in order; checked to be recorded."""
    app = cast(TablesideApp, pilot.app)
    play = screen(app).play
    head, action = play.head, play.session.action(name)
    await open_action(pilot, action.key, action.title)
    if action.params:
        await fill(pilot, [p.name for p in action.params], args or {})
    screen(app)
    assert play.head == head + 1, f"{name} was not recorded: {seen(app)}"


def by_api(app: TablesideApp, name: str, args: dict[str, Any]) -> None:
    """A step whose keys this test types elsewhere: done through the API those keys call,
    then the screen redrawn; checked to be recorded."""
    play = screen(app).play
    head = play.head
    play.do(name, **args)
    screen(app).session_changed()
    assert play.head == head + 1, f"{name} was not recorded"


# A whole game by keys: the slow group (`pytest -m slow`, .ci/run). Every run keeps its rules
# through the session (tests/lifeform/test_solo_session, test_solo_crisis) and the solo New
# game by keys (below).
@pytest.mark.slow
async def test_a_solo_game_by_keys_from_setup_to_the_fight(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.create("lifeform", 1, names=["Ripley"], board=BOARD, title="Solo", seed="pilot").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: resume the only saved game
        await pilot.pause()
        play = screen(app).play
        banner = panel(app, "#lf-banner")
        assert "SOLO | Self-Destruct 25 | Motion 6 | Clamps 0/3" in banner
        assert "Next: 1. The Dragon's Domain solo setup" in banner
        now = panel(app, "#now")
        assert "2. Module C: shuffle the 9 new Crisis cards into the C-Deck" in now
        assert "4. Module C: a spare token on the start space of the Docking Clamps" in now

        # A setup step ticked (the others alike); the first Crisis card: Cockpit and a clamp.
        await act(pilot, "solo_tick_setup", {"step": "2"})
        assert "[ ] 2. Module C" not in panel(app, "#now")
        assert "[ ] 3. Module C: the Remora board" in panel(app, "#now")
        await act(pilot, "crisis_card", {"card": "Melted metal", "chamber": "Cockpit",
                                         "clamp": True})
        assert "Clamps 1/3 | Life Support 0" in panel(app, "#lf-banner")
        assert "a token on the Remora's Cockpit: the lifeform cannot hide there" in panel(
            app, "#now")
        # The second card: its keys (k, a chamber, ctrl+s) are the third's below, so it is done
        # through the API they call.
        by_api(app, "crisis_card", {"chamber": "Supply Locker"})
        await pilot.pause()
        assert "chambers with a token: Cockpit, Supply Locker" in panel(app, "#now")

        # The third card names the Cockpit again: Life Support advances; its length is asked.
        head = play.head
        await open_action(pilot, "k", "Crisis card")
        await fill(pilot, ["card", "chamber", "clamp", "stamina", "keep"],
                   {"chamber": "Cockpit"})
        focused = pilot.app.focused  # the form grew a field for it, and waits there
        assert focused is not None and focused.id == "board-solo_life_support_length"
        assert "Life Support: spaces after" in seen(app)
        assert play.head == head  # nothing recorded until the value is in
        await pilot.press("4", "enter")
        await pilot.pause()
        screen(app)
        assert "Life Support 1" in panel(app, "#lf-banner")
        assert "Life Support advances to space 1 of 4: take a spare Mission token" in panel(
            app, "#now")

        # The other two objectives done, then a manual unlock at the Shuttle Bay. The second
        # repeats the first's keys and form: done through the API those keys call.
        await act(pilot, "solo_objective", {"objective": "1"})
        by_api(app, "solo_objective", {"objective": "2"})
        await pilot.pause()
        assert "objective achieved: Find the codes (2 of 3)" in panel(app, "#now")
        await act(pilot, "manual_unlock", {"at_shuttle_bay": True})
        banner = panel(app, "#lf-banner")
        assert "Self-Destruct 22 | Motion 5 | Clamps 2/3" in banner
        assert "Self-Destruct: 22" in panel(app, "#tracks")

        # The launch, confirmed by the table, with the lifeform aboard: cleared rooms leave.
        # It waits for the third must-complete objective (here done some other way).
        by_api(app, "solo_objective", {"objective": "umbilicus"})
        await act(pilot, "solo_launch", {"lifeform_aboard": True})
        assert "SHUTTLECRAFT" in panel(app, "#lf-banner")
        now = panel(app, "#now")
        assert "cleared rooms, their chamber cards leave the game: Cockpit, Supply Locker" in now
        assert "3 chamber cards left" in now

        # The hunt: a code at once, the chamber nowhere.
        await act(pilot, "hunt")
        secret = play.session.state.piece("hiding_chamber", Secret)
        assert secret.value is None  # sealed to the app's key; the test opens it with that key
        hidden = private.open_secret(play, "hiding_chamber", None, "test")["value"]
        assert hidden in ("Storage Bay", "Hypersleep Chamber", "Engineering Compartment")
        assert f"commitment code {secret.code}" in panel(app, "#now")
        # The cards in hand are public candidates; which one hides it is not, anywhere.
        public = seen(app) + panel(app, "#tracks") + panel(app, "#now") + " ".join(
            h.text for h in play.history())
        assert f"hiding chamber: {hidden}" not in public and "the card: " not in public
        assert "Lifeform's hiding chamber: hidden" in panel(app, "#tracks")
        exported = play.export()["state"]["pieces"]["hiding_chamber"]
        assert exported["value"] is None and exported["nonce"] is None

        # One wrong guess: the extra box and two random combat tokens; the fight is set up.
        wrong = next(c for c in ("Storage Bay", "Hypersleep Chamber") if c != hidden)
        await act(pilot, "guess_chamber", {"chamber": wrong})
        assert "FIGHT" in panel(app, "#lf-banner")
        assert "Next: Fight on the conflict board as set up here" in panel(app, "#lf-banner")
        now = panel(app, "#now")
        assert f"you point at the {wrong}; the card: {hidden}" in now
        assert "matches the code" in now
        assert "wrong: an extra combat zone box and 2 random combat tokens" in now
        tokens = play.session.state.facts["shuttle"]["fight"]["combat_tokens"]
        assert len(tokens) == 2
        assert f"combat tokens on the Remora's combat zone: {', '.join(tokens)}" in now
        assert "draw a conflict chit before you match the attack icons" in now


async def test_new_game_offers_the_solo_mode_and_starts_it_with_values_unset(
        tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        # The game set in its list (choosing a game by keys is the forms pilots' subject);
        # the player count by keys: the solo mode is this test's subject.
        pilot.app.screen.query_one("#game", Select).value = "lifeform"
        await pilot.pause()
        await choose(pilot, "#players", "solo")
        text = seen(app)
        assert "Dragon's Domain solo (module C)" in text and "Crisis deck" in text
        await pilot.press("ctrl+s")
        await pilot.pause()
        banner = panel(app, "#lf-banner")
        assert "SOLO | Self-Destruct unset | Motion unset | Clamps 0/3" in banner
        now = panel(app, "#now")
        assert "Self-Destruct: your one-player start is unset" in now
        assert screen(app).play.state.facts["modules"] == ["C"]
