"""Pilot test at 80x24: during the Player turns the footer shows the keys every turn needs
(Encounter, Noise, Fire), not only the Room Actions a turn seldom takes:
no key that needs F1 or the palette to find at the moment it is used."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select

from tests import pilot_keys
from tests.repeats import kept_by_default
from tests.tui.screen_text import panel_text, screen_text
from trackers.games.nemesis_lockdown import rounds
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.widgets.keys_footer import KeysFooter

GAME_ID = "nemesis-lockdown"


def to_the_turns(*names: str) -> list[tuple[str, dict[str, object]]]:
    """The ten setup steps with their entries (Power tokens, the draft), drawing Action
    cards and the First Player token: the Player turns."""
    power = ("place_power", {"s01": 1, "s02": 2, "s03": 3, "elevator": 4})
    drafted = [("character_kind", {"player": n, "kind": "Facility Worker"}) for n in names]
    return [*[("next_step", {})] * 2, power, *[("next_step", {})] * 7, *drafted,
            *[("next_step", {})] * 3]


TO_THE_TURNS = to_the_turns("Ann", "Bo")


def footer(app: TablesideApp) -> dict[str, str]:
    """The footer's keys as drawn: description by key."""
    return {cell.shown: cell.description for cell in app.screen.query_one(KeysFooter).cells}


async def test_the_player_turns_keys_are_in_the_footer_and_do_what_they_say(
        tmp_path: Path) -> None:
    """The Player turns at 80x24, by keys. The footer gives Encounter, Noise and Fire (not
    only the Room Actions a turn seldom takes). A Fire placed by mistake, undone (u): the Now
    panel says what was undone and again what the step now due asks, as before the Fire.
    y opens the Encounter form, unrefused; after the Encounter the Now panel says to use
    'Noise marker' with its key, N, and a note that already gives its key ('Choose a
    secret', key c) is not given it twice. With the Intruder on the board, Injure, Move and
    Technical Corridor are possible too: the turn's most used keys (Encounter, Noise, Noise
    marker, Fire) still show, the Intruder's keys stay in F1 and the palette."""
    pilot_keys.save_game(tmp_path, GAME_ID, 2, TO_THE_TURNS, names=["Ann", "Bo"])
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pilot_keys.resume_first(pilot)
        assert rounds.current(screen.play.state) == "turns"
        # The Room Actions are possible now: they are what pushed the turn's keys out.
        assert screen.play.available("start_autodestruction")
        keys = footer(app)
        assert keys.get("y") == "Encounter", keys
        assert keys.get("z") == "Noise", keys
        assert keys.get("f") == "Fire", keys
        assert keys.get("n") == "Next step", keys

        due = [note.text for note in screen.play.notes]
        assert due and all(text in panel_text(app, "#now") for text in due), due
        await pilot.press("f")
        await pilot.pause()
        assert "Fire marker placed" in panel_text(app, "#now")
        await pilot.press("u")
        await pilot.pause()
        now = panel_text(app, "#now")
        assert "Undone: Place a Fire marker" in now, now
        assert "Fire marker placed" not in now, now
        for text in due:
            assert text in now, (text, now)
        assert rounds.current(screen.play.state) == "turns"

        # The key shown does what it says: the Encounter form opens, and nothing is refused.
        said = pilot_keys.record_notifications(app)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ActionFormScreen)
        assert not said, said
        assert app.screen.action_spec.name == "encounter"
        await pilot_keys.burst(pilot, *"Nest")  # typing is not the subject: at once
        # as the table drew it, set directly (choosing by keys is the forms pilots' subject)
        app.screen.query_one("#arg-drawn", Select).value = "Adult"
        await pilot_keys.key(pilot, "ctrl+s")
        assert app.screen is screen
        now = panel_text(app, "#now")
        assert "'Noise marker' (key N) takes them off" in now, now
        assert "'Choose a secret', key c" in now and "(key c), key c" not in now, now

        for seat in (1, 2):  # the secrets kept (their keys are not the subject here)
            screen.play.do("choose_secret", secret=f"p{seat}_objective",
                           value="Send a Signal", decline_pin=True)
        screen.session_changed()
        await pilot.pause()
        for name in ("injure_intruder", "move_intruder", "intruder_to_corridor"):
            assert screen.play.available(name), name
        keys = footer(app)
        for key, label in (("y", "Encounter"), ("z", "Noise"), ("N", "Noise mk"),
                           ("f", "Fire"), ("n", "Next step"), ("u", "Undo")):
            assert keys.get(key) == label, (key, keys)
        await pilot.press("z")  # the key shown does what it says
        await pilot.pause()
        assert isinstance(app.screen, ActionFormScreen)


async def test_next_step_on_the_time_step_names_the_key_to_use(tmp_path: Path) -> None:
    """'n' on step 5 is refused: the message names the action to use and its key, 'a'."""
    from trackers.games.nemesis_lockdown.game import GAME

    moves = [*TO_THE_TURNS, *[("next_step", {})] * 3]  # turns, Venting, Launch CSS
    pilot_keys.save_game(tmp_path, GAME_ID, 2, moves, names=["Ann", "Bo"],
                         board=dict(GAME.board_defaults))
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pilot_keys.resume_first(pilot)
        assert rounds.current(screen.play.state) == "time"
        said = pilot_keys.record_notifications(app)
        await pilot.press("n")
        await pilot.pause()
        assert said, "n on the Time step said nothing"
        assert "'Move the Time token' (key a)" in said[-1], said
        assert rounds.current(screen.play.state) == "time"  # nothing done
        await pilot.press("a")  # the key it named moves the Time token
        await pilot.pause()
        assert rounds.current(screen.play.state) != "time"


@pytest.mark.parametrize("names", kept_by_default(
    [["Ann", "Bo", "Cy", "Di"], None, ["Alexandra", "Bartholomew", "Cy", "Dimitri"]],
    ["Alexandra", "Bartholomew", "Cy", "Dimitri"], ids=["short names", "Player N", "long names"]))
async def test_four_players_wound_counts_are_all_in_view(
        tmp_path: Path, names: list[str] | None) -> None:
    """At 80x24 with four players the tracks show every Character's wounds and Larva without
    scrolling, each on one row (the last player's fell below the fold, and with names over
    about four characters, the default "Player N" too, "Serious Wounds" wrapped)."""
    pilot_keys.save_game(tmp_path, GAME_ID, 4, **({"names": names} if names else {}))
    shown = names or [f"Player {i}" for i in range(1, 5)]
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot_keys.resume_first(pilot)
        seen = screen_text(app)
        for name in shown:
            for count in ("Light: 0/2", "Serious: 0/3", "Larva: 0/1"):
                assert f"{name} {count}" in seen, (name, count)
        assert "Fire markers: 0/12" in seen and "Malfunction markers: 0/10" in seen


async def test_what_moves_on_is_said_with_its_key_from_setup_to_nobody_left_inside(
        tmp_path: Path) -> None:
    """Co-op, three players, at 80x24. A game just made says where setup starts and what
    moves on (it said only 'Nothing to do yet'). 'd' (Start Autodestruction) in the setup is
    off and hidden from the footer; pressed anyway it says why and names the key that gets
    there, instead of doing nothing. Once the first step is ticked off (n) the notes take
    over. Later, once the last Character is out of play, the Now panel says to use
    'Fast-forward to the end' (key E), and E is in the footer; before, E says who is still
    inside."""
    pilot_keys.save_game(tmp_path, GAME_ID, 3, mode="coop", names=["Ann", "Bo", "Cyrille"])
    app = TablesideApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await pilot_keys.resume_first(pilot)
        seen = screen_text(app)
        assert "Now due" in seen and "Setup: Room tiles." in seen, seen
        assert "Now due" in panel_text(app, "#now")

        assert "d" not in footer(app)
        said = pilot_keys.record_notifications(app)
        await pilot.press("d")
        await pilot.pause()
        assert said, "d outside the turns said nothing"
        assert said[-1].startswith("Start Autodestruction (d) is not possible now: "), said
        assert "'Next step' (key n)" in said[-1], said
        assert screen.play.state.facts["autodestruct"] is None  # nothing done
        assert screen.play.head == 0

        await pilot.press("n")
        await pilot.pause()
        assert "Now due" not in panel_text(app, "#now")
        assert screen.play.head == 1

        # on through the setup to the turns (the first step is ticked above), then two of
        # the three Characters leave play
        out = [("leave", {"player": "Cyrille", "how": "dead"}),  # the first death opens the Gate
               ("leave", {"player": "Ann", "how": "in the Bunker"})]
        for name, args in [*to_the_turns("Ann", "Bo", "Cyrille")[1:], *out]:
            screen.play.do(name, **args)
        screen.session_changed()
        await pilot.pause()
        assert "E" not in footer(app)
        reason = screen.play.session.blocked("fast_forward") or ""
        assert "Bo still in play" in reason and "'Character leaves play'" in reason, reason
        screen.play.do("leave", player="Bo", how="in the Bunker")
        screen.session_changed()
        await pilot.pause()
        assert "(key E)" in panel_text(app, "#now")
        assert footer(app).get("E") == "Fast-fwd", footer(app)
        assert footer(app).get("u") == "Undo"
