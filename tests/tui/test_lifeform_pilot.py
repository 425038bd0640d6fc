"""Pilot test of a Lifeform session, played by keys alone at 80x24 (issue 5, "done when").

A 3-player game from the setup through a reality check (a sensor ghost), an attack and a death,
the launch and Ending B: the ``PILOT`` script of tests/lifeform/test_lifeform_session_endings.py,
typed as a player would (an action's key, or ctrl+p and its title; Selects opened with Enter and
moved with the arrows; numbers typed; Tab to OK), on the made-up test board ``BOARD``. Played
once with a correct and once with a wrong Stowaway guess.

Before each reveal the secret (which image is real, the Stowaway card) must show nowhere public:
not on the exported screen, not in the log, not in ``export()``, not in the saved catalog. Beyond
looking for the value, the public view is compared with the same game replayed with the other
value chosen: they must be the same but for the commitment codes (spec lifeform §6).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, Select

from tableside.api import OpenSession, Tableside
from tests.lifeform.test_lifeform_session_endings import PILOT
from tests.lifeform.test_lifeform_session_fixtures import BOARD
from tests.tui.screen_text import panel_text, screen_text
from trackers.engine import Session, SessionSetup
from trackers.engine.session import Event
from trackers.games.lifeform.game import GAME
from trackers.pieces import Secret
from tui.app import TablesideApp
from tui.games.lifeform.loadout import LoadoutRow, bar
from tui.games.lifeform.screen import LifeformScreen, banner_lines, loadout_rows

SIZE = (80, 24)
NAMES = ("Sarah", "Andrew", "Jacob")  # Sarah plays the lifeform
CODE = re.compile(r"\b[0-9A-F]{4}-[0-9A-F]{4}\b")
Args = dict[str, Any]


# --- playing by keys ------------------------------------------------------------------------
def seen(app: TablesideApp) -> str:
    return screen_text(cast("App[object]", app))


def panel(app: TablesideApp, selector: str) -> str:
    return panel_text(cast("App[object]", app), selector)


def game_screen(app: TablesideApp) -> LifeformScreen:
    assert isinstance(app.screen, LifeformScreen), type(app.screen)
    return app.screen


async def choose_focused(pilot: Pilot[None], value: str) -> None:
    """Open the focused Select with Enter and move to the option for ``value`` with the
    arrows (the option may show a label, e.g. "Improvised weaponry")."""
    select = pilot.app.focused
    assert isinstance(select, Select), f"expected a Select, focus is on {select}"
    await pilot.press("enter")
    values = [option_value for _, option_value in select._options]
    for _ in range(values.index(value)):  # the list opens on the blank prompt, index 0
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    assert select.value == value


async def fill_fields(pilot: Pilot[None], names: list[str], args: Args) -> None:
    """Each field in form order: set it if the script gives it, then Tab on; then the button."""
    for name in names:
        widget = pilot.app.focused
        assert widget is not None and widget.id == f"arg-{name}", (widget, name)
        if name in args:
            value = args[name]
            if isinstance(widget, Select):
                await choose_focused(pilot, str(value))
            elif isinstance(widget, Checkbox):
                if bool(value) != widget.value:
                    await pilot.press("space")
            elif isinstance(widget, Input):
                await pilot.press(*str(value))
        await pilot.press("tab")
    assert isinstance(pilot.app.focused, Button), pilot.app.focused
    await pilot.press("enter")
    await pilot.pause()


async def palette(pilot: Pilot[None], title: str) -> None:
    """ctrl+p, type the action's title, Enter on the top match (checked to be that action)."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*title)
    for _ in range(60):
        await pilot.pause(0.05)
        commands = pilot.app.screen.query_one(CommandList)
        if commands.highlighted is not None and str(
                commands.get_option_at_index(commands.highlighted).prompt).startswith(title):
            break
    else:
        raise AssertionError(f"the palette does not offer {title!r} first")
    await pilot.press("enter")
    await pilot.pause()


async def play_step(pilot: Pilot[None], name: str, args: Args) -> list[str]:
    """One scripted action by keys; returns what the curtain said (for secret actions)."""
    app = cast(TablesideApp, pilot.app)
    play = game_screen(app).play
    head = play.head
    action = play.session.action(name)
    if action.key:
        await pilot.press(action.key)
        await pilot.pause()
    else:
        await palette(pilot, action.title)
    open_params = [p.name for p in action.params if not p.secret]
    secret_params = [p.name for p in action.params if p.secret]
    curtain: list[str] = []
    if open_params:
        await fill_fields(pilot, open_params, args)
    if secret_params:
        curtain.append(seen(app))  # the curtain, before the laptop is handed over
        await pilot.press("enter")  # no PIN
        await pilot.pause()
        await fill_fields(pilot, secret_params, args)
        curtain.append(seen(app))  # the cleared screen
        await pilot.press("enter")
        await pilot.pause()
    assert not isinstance(app.screen, CommandPalette)
    game_screen(app)  # the form is closed
    assert play.head == head + 1, f"{name} was not recorded: {seen(app)}"
    return curtain


# --- secrets ----------------------------------------------------------------------------------
def public_view(state: Any, notes: list[str], log: list[str]) -> str:
    """Everything the table may see of a state, commitment codes blanked."""
    parts = [json.dumps(state.public_dict(), sort_keys=True), *notes, *log]
    parts += [piece.summary() for piece in state.pieces.values()]
    for p in GAME.panels(state):  # type: ignore[misc]
        parts += [p.title, *p.lines]
    parts += [step for step, _ in GAME.checklist(state)]  # type: ignore[misc]
    parts += banner_lines(state) + [repr(row) for row in loadout_rows(state)]
    return CODE.sub("CODE", "\n".join(parts))


def replayed_with(play: OpenSession, seq: int, args: Args) -> Session:
    """The same game with event ``seq`` given other arguments (the other secret)."""
    events = [Event(e.seq, e.action, e.args | args if e.seq == seq else e.args, e.at)
              for e in play.session.events[:play.head]]
    return Session(play.game, play.session.setup, play.session.seed, events=events)


def last_event(play: OpenSession, action: str) -> int:
    return max(e.seq for e in play.session.events[:play.head] if e.action == action)


def assert_kept(app: TablesideApp, data: Path, piece_name: str, value: str, action: str,
                param: str, other: str, leaks: list[str]) -> None:
    """``value`` is set, unrevealed, and public nowhere (screen, log, export, catalog)."""
    play = game_screen(app).play
    secret = play.state.piece(piece_name, Secret)
    assert secret.value == value and not secret.revealed  # kept for the reveal
    assert f"{secret.label}: hidden (code {secret.code})" in panel(app, "#tracks")
    text = seen(app)
    log = [h.text for h in play.history()]
    export = play.export()
    # The export's texts; its state is checked below (the Secret piece lists the public choices).
    exported = "\n".join([json.dumps(export["session"]), *export["notes"],
                          *(h["action"] for h in export["history"])])
    catalog = " ".join(str(v) for info in Tableside(data).sessions()
                       for v in info.__dict__.values())
    for pattern in leaks:
        for where, found in (("screen", text), ("log", "\n".join(log)),
                             ("export", exported), ("catalog", catalog)):
            assert not re.search(pattern, found), f"{value!r} shows in the {where}: {pattern}"
    assert export["state"]["pieces"][piece_name]["value"] is None
    assert export["state"]["pieces"][piece_name]["nonce"] is None
    title = play.session.action(action).title
    assert all(h.endswith(f"({param}=(hidden))") for h in log if h.startswith(title))
    # The strongest check: the public view would be the same had the other value been chosen.
    other_game = replayed_with(play, last_event(play, action), {param: other})
    assert other_game.state.piece(piece_name, Secret).value == other
    mine = public_view(play.state, export["notes"], [h["action"] for h in export["history"]])
    theirs = public_view(other_game.state, [n.text for n in other_game.notes],
                         [h.text for h in other_game.history()])
    assert mine == theirs


def image_kept(app: TablesideApp, data: Path, image: str) -> None:
    other = "Image 2" if image == "Image 1" else "Image 1"
    assert_kept(app, data, "real_lifeform", image, "reality_calibration", "image", other,
                [rf"{image} is the real", rf"[Ii]dentifier\)?: {image}", rf"image={image}\)"])


def card_kept(app: TablesideApp, data: Path, card: str) -> None:
    other = "third" if card == "second" else "second"
    # "second=" is the Record characters field name, public; the card alone is the secret.
    assert_kept(app, data, "stowaway", card, "choose_stowaway", "card", other,
                [rf"\b{card}\b(?!=)"])


# --- the game ---------------------------------------------------------------------------------
def script(card: str) -> list[tuple[str, Args]]:
    return [(name, args | {"card": card} if name == "choose_stowaway" else args)
            for name, args in PILOT]


async def play_until(pilot: Pilot[None], steps: list[tuple[str, Args]],
                     stop: str) -> list[tuple[str, Args]]:
    """Play the scripted steps before the first one named ``stop``; return the rest."""
    while steps[0][0] != stop:
        await play_step(pilot, *steps.pop(0))
    return steps


async def play_next(pilot: Pilot[None], steps: list[tuple[str, Args]], name: str) -> list[str]:
    """Play the next scripted step, which must be ``name``."""
    assert steps[0][0] == name, f"the script has {steps[0][0]} where {name} was expected"
    return await play_step(pilot, *steps.pop(0))


@pytest.mark.parametrize(("card", "guess", "banner", "status"), [
    ("second", "correct guess", "SHOWDOWN (after Ending B)", "Showdown (after Ending B)"),
    ("third", "wrong guess", "GAME OVER: the crew won (Ending B)", "the crew won (Ending B)"),
])
async def test_a_3_player_game_to_ending_b_by_keys(tmp_path: Path, card: str, guess: str,
                                                   banner: str, status: str) -> None:
    table = Tableside(tmp_path)
    table.create("lifeform", 3, names=NAMES, board=BOARD, title="Friday", seed="pilot").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    steps = script(card)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: resume the only saved game
        await pilot.pause()
        play = game_screen(app).play
        assert "SETUP:" in panel(app, "#lf-banner")
        assert "[ ] 8. Character disks" in panel(app, "#now")  # the setup checklist

        # Setup: characters, the first Reality Calibration behind the curtain, the ticks.
        steps = await play_until(pilot, steps, "reality_calibration")
        curtain = await play_next(pilot, steps, "reality_calibration")
        assert "PRIVATE: Lifeform player only" in curtain[0]
        assert "Reality Calibration (private)" not in curtain[0]  # no choices before hand-over
        assert "The screen is cleared" in curtain[1]
        assert "Reality Calibration (private)" not in curtain[1]
        assert "Reality Calibration done (setup step 17)" in panel(app, "#now")
        image_kept(app, tmp_path, "Image 1")
        await play_next(pilot, steps, "tick_setup")  # all remaining
        assert "Setup done: round 1, Crew Activity phase" in panel(app, "#now")
        assert "Round 1, Crew Activity | Self-Destruct 28" in seen(app)

        # To the 20 mark: the Stowaway card is due, then chosen behind the curtain.
        steps = await play_until(pilot, steps, "choose_stowaway")
        assert "Self-Destruct 20: the lifeform gains a Vent token" in panel(app, "#now")
        assert "To do: the lifeform picks its Stowaway card" in seen(app)
        curtain = await play_next(pilot, steps, "choose_stowaway")
        assert "PRIVATE: Lifeform player only" in curtain[0]
        assert "Choose the Stowaway card (private)" not in curtain[0]
        assert "put its Stowaway card face down" in panel(app, "#now")
        assert "To do:" not in seen(app)
        card_kept(app, tmp_path, card)
        image_kept(app, tmp_path, "Image 1")

        # The reality check: Solomon meets Image 2, a sensor ghost.
        await play_next(pilot, steps, "meet_image")
        now = panel(app, "#now")
        assert "Image 1 is the real lifeform" in now and "matches code" in now
        assert "Image 2 is a sensor ghost: Self-Destruct +1" in now
        assert "Self-Destruct: 19" in panel(app, "#tracks")
        assert "To do: Reality Calibration due (Solomon met a sensor ghost)" in seen(app)
        await play_next(pilot, steps, "reality_calibration")  # Image 2 is now the real one
        image_kept(app, tmp_path, "Image 2")
        card_kept(app, tmp_path, card)

        # The attack and the death.
        await play_next(pilot, steps, "attack")
        now = panel(app, "#now")
        assert "Image 2 is the real lifeform" in now
        assert "Attack (the lifeform attacks) on the chamber of Bennings" in now
        await play_next(pilot, steps, "character_killed")  # noisy
        now = panel(app, "#now")
        assert "Bennings is killed" in now and "Hostility +2 (a character was killed): now 4" in now
        assert "Noisy kill: Panic Move!" in now
        assert "Jacob: Cameron (Valley Forge), Bennings (dead)" in now
        assert "Hostility: 4" in panel(app, "#tracks")
        await play_next(pilot, steps, "reality_calibration")  # Image 1 again
        image_kept(app, tmp_path, "Image 1")

        # The Loadout, the objectives, everyone aboard, and down to minute 6.
        steps = await play_until(pilot, steps, "launch")
        text = seen(app)
        for row in ("Weaponry   ####|....    4/8 ok", "Coolant    ###|.+..     3/7 ok",
                    "Energy     ####|.....   4/9 ok", "Spacesuits ###|...      3/6 ok"):
            assert " ".join(row.split()) in " ".join(text.split())
        assert "Self-Destruct 6 | Launch: ready, ask the crew" in text
        readiness = panel(app, "#now").split("Launch readiness")[1].split("\n\n")[0]
        assert readiness.count("[met]") == 8 and "[not met]" not in readiness
        assert "[unknown] All crew members agree" in readiness
        assert "a launch now leads to Ending B or C" in readiness
        await read_readiness_by_scrolling(pilot)
        card_kept(app, tmp_path, card)
        image_kept(app, tmp_path, "Image 1")

        # The launch: Ending B, the Stowaway card revealed, who won.
        await play_next(pilot, steps, "launch")
        assert steps == []
        assert banner in seen(app)  # who won, or that the Showdown begins
        now = panel(app, "#now")
        assert f"reveals its Stowaway card: {card}" in now
        assert guess in now and "Ending B" in now
        assert "Real lifeform (Lifeform Identifier): hidden" in panel(app, "#tracks")
        assert play.state.facts["status"] == status
        if card == "second":
            assert "Next: Hibernation (6 steps" in seen(app)
    assert [s.status for s in Tableside(tmp_path).sessions()] == [status]


async def read_readiness_by_scrolling(pilot: Pilot[None]) -> None:
    """Tab to the Now panel and page down to the readiness panel, as a player reads it."""
    app = cast(TablesideApp, pilot.app)
    for _ in range(4):
        if pilot.app.focused is not None and pilot.app.focused.id == "now-scroll":
            break
        await pilot.press("tab")
    assert pilot.app.focused is not None and pilot.app.focused.id == "now-scroll"
    for _ in range(12):
        if "Launch readiness" in seen(app):
            break
        await pilot.press("pagedown")
        await pilot.pause()
    assert "[met] At least 1 surviving character" in seen(app)
    await pilot.press("home", "shift+tab")
    await pilot.pause()


# --- the Loadout bars, without the app ----------------------------------------------------------
def test_loadout_bars_show_tokens_bonus_spaces_the_minimum_bar_and_unset_lengths() -> None:
    assert bar(LoadoutRow("Weaponry", 2, 8, 4, (2, 4))) == "##.+|...."
    assert bar(LoadoutRow("Halon Gas", 3, 9, groups=(2, 3, 4))) == "## #.. ...."
    assert bar(LoadoutRow("Energy", 1, None, 4)) == "#...|?"  # length unset: no guess
    assert bar(LoadoutRow("Spacesuits", 0, None)) == "?"


def test_two_player_coolant_bar_sits_below_the_overheating_token() -> None:
    """Spec §4.3, §5.2: in a 2-player game Coolant is filled below the Overheating token."""
    s = Session(GAME, SessionSetup(2, {"modules": []}, ("Sarah", "Andrew"), BOARD), seed="2p")
    coolant = loadout_rows(s.state)[1]
    assert coolant.minimum == 2 and coolant.status == "need 2"  # token on space 3 (test board)
    assert bar(coolant) == "..|..+.."  # a bonus on space 5
    s.do("place_mission", column="coolant", crew_member="Andrew")
    s.do("place_mission", column="coolant", crew_member="Andrew")
    assert loadout_rows(s.state)[1].status == "ok"
    s.state.facts["overheating_moves"] = 1  # the Cocoon final space pushed the token up (§4.3)
    coolant = loadout_rows(s.state)[1]
    assert bar(coolant) == "##.|.+.." and coolant.status == "need 1"


def test_unset_board_values_show_as_unset_never_guessed() -> None:
    """Spec §13: until a printed value is entered the screen says so."""
    s = Session(GAME, SessionSetup(3, {"modules": []}, NAMES, {}), seed="bare")
    rows = {row.name: row for row in loadout_rows(s.state)}
    assert bar(rows["Weaponry"]) == "?" and rows["Weaponry"].status == "min unset"
    assert bar(rows["Halon Gas"]) == ".. ... ...."  # built in: 2/3/4 compartments (§5.2)
    s.do("set_board_value", key="improvised_weaponry.minimum", value="4")
    assert bar(loadout_rows(s.state)[0]) == "....|?"
    assert banner_lines(s.state)[0].startswith("SETUP: ")
