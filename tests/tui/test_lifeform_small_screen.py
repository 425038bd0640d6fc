"""Lifeform at 80x24: the hands in view without scrolling, refusals
that name what is due with the key that does it, and a solo New game suggesting one name."""

from __future__ import annotations

from pathlib import Path
from typing import cast

import pytest
from textual.app import App
from textual.widgets import Input, Select

from tableside.api import Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES
from tests.pilot_keys import burst, record_notifications, resume_first
from tests.tui.screen_text import screen_text
from tests.tui.test_forms_pilot import set_game
from tui.app import TablesideApp
from tui.games.lifeform.screen import LifeformScreen

SIZE = (80, 24)
SETUP = [("record_characters", {"crew_member": "Andrew", "first": "Solomon", "second": "Palmer"}),
         ("record_characters", {"crew_member": "Jacob", "first": "Cameron",
                                "second": "Bennings"}),
         ("reality_calibration", {"image": "Image 1", "decline_pin": True}),  # no PIN
         ("tick_setup", {"step": "all remaining"})]


def seen(app: TablesideApp) -> str:
    return screen_text(cast("App[object]", app))


def saved(tmp_path: Path, steps: list[tuple[str, dict[str, object]]],
          board: dict[str, object] | None = None) -> None:
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES[3], board=BOARD if board is None else board,
                        title="Friday", seed="s")
    for name, args in steps:
        play.do(name, **args)
    play.close()
    table.close()


async def test_the_hands_are_in_view_and_a_refusal_names_its_key(tmp_path: Path) -> None:
    saved(tmp_path, [])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: resume the only saved game
        await pilot.pause()
        assert isinstance(app.screen, LifeformScreen)
        assert "Hands: Sarah (lifeform) 3/6 | Andrew 3/6 | Jacob 3/6" in seen(app)
        said = record_notifications(cast("App[object]", app))
        await pilot.press("e")  # Equip while the setup is open
        await pilot.pause()
        assert said and said[-1].startswith("Equip (e) is not possible now: the setup is "
                                            "still open (")
        assert "step 17 ticks itself with 'Reality Calibration' (key z)" in said[-1]
        assert ("finish it first ('Tick the next setup step' (key n) or 'Tick a setup step' "
                "(ctrl+p))") in said[-1]
        await pilot.press("n")  # the setup's next step, one key (found at 80x24: no key)
        await pilot.pause()
        assert "setup step 1 done: " in seen(app)
        assert "next: step 2: " in seen(app)


async def test_a_solo_new_game_suggests_one_name(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        names = app.screen.query_one("#names", Input)
        assert names.placeholder == "Anna, Beth, Connor"
        # the lists set directly: choosing from a list by keys is the forms pilots' subject
        await set_game(pilot, "lifeform", 1)  # solo
        assert names.placeholder == "Anna"
        app.screen.query_one("#players", Select).value = 4
        await pilot.pause()
        assert names.placeholder == "Anna, Beth, Connor, Dana"


def test_the_loadout_bar_counts_the_blasts_still_in_the_pool() -> None:
    """Module D: a Halon blast spent on a search leaves the pool the Loadout bar shows."""
    from tests.lifeform.test_lifeform_session_showdown import example, hibernate
    from tui.games.lifeform.screen import loadout_rows

    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    halon = next(r for r in loadout_rows(s.state) if r.name == "Halon Gas")
    assert halon.status == "1 blast"
    s.do("hide_in_remora", location="Cockpit")
    s.do("hunt_bet", location="Storage Bay")
    s.do("hunt_step", step="halon search", location="Hypersleep Chamber")
    halon = next(r for r in loadout_rows(s.state) if r.name == "Halon Gas")
    assert halon.status == "0 blasts"


async def test_the_now_panel_names_each_action_with_its_key(tmp_path: Path) -> None:
    """Found at 80x24: "step 17 is still open: do the Reality Calibration ('Reality
    Calibration')" with no key, and the action not in the footer at that moment."""
    saved(tmp_path, [*SETUP[:2], ("tick_setup", {"step": "all remaining"})], board={})
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "('Reality Calibration' (key z))" in seen(app)


async def test_n_opens_the_solo_setup_at_the_start(tmp_path: Path) -> None:
    """Found at 80x24: `n` at the start of a solo game said only 'its step has not come'."""
    from tests.tui.test_lifeform_solo_pilot import BOARD as SOLO_BOARD
    from tui.screens.action_form import ActionFormScreen

    table = Tableside(tmp_path)
    table.create("lifeform", 1, names=["Ripley"], board=SOLO_BOARD, title="Solo",
                 seed="n").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ActionFormScreen)
        assert "Tick a solo setup step" in seen(app)


async def test_the_footer_marks_the_key_that_settles_what_is_due(tmp_path: Path) -> None:
    """At the 20 mark the Stowaway card is due: the footer marks '!' (it opens the card's
    form); a ghost met makes the calibration due: the footer marks its own key, z. Undo, Home,
    F1 and the palette stay."""
    from tui.widgets.keys_footer import KeysFooter

    saved(tmp_path, [*SETUP, ("advance_self_destruct", {"spaces": 8})])
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resume_first(pilot)
        assert isinstance(screen, LifeformScreen)
        cells = screen.query_one(KeysFooter).cells
        assert [c.key for c in cells if c.due] == ["exclamation_mark"]
        assert cells[0].due and cells[0].description == "Due"
        # the mark reads without colour (a tmux capture)
        assert "▸!  Due" in str(screen.query_one(KeysFooter).render())
        assert {"u", "escape", "f1", "ctrl+p"} <= {c.key for c in cells}
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert "Choose the Stowaway card" in seen(app)
        await pilot.press("escape")
        await pilot.pause()
        screen.play.do("choose_stowaway", card="second")
        screen.play.do("meet_image", image="Image 2", character="Solomon",
                       owner_absent=True, table_says="a sensor ghost")
        screen.session_changed()
        await pilot.pause()
        cells = screen.query_one(KeysFooter).cells
        assert [c.key for c in cells if c.due] == ["z"]
        footer = screen.query_one(KeysFooter).render()
        assert str(footer).startswith("▸z  Calibrate")  # first, marked in text and style
        assert any("reverse" in str(span.style) for span in footer.spans[:2])


async def test_bang_says_what_is_due_fills_the_discard_and_says_when_nothing_is(
        tmp_path: Path) -> None:
    """Nothing due: '!' says so. A hand over its limit: '!' opens the discard for that player,
    with how many to discard; the hands line names it, and End of turn (w) is refused with
    the way to cut it. The lifeform's phase: the footer marks its activity's keys (and '!',
    which names the ways to do it)."""
    from tui.screens.action_form import ActionFormScreen
    from tui.widgets.keys_footer import KeysFooter

    saved(tmp_path, SETUP)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resume_first(pilot)
        assert isinstance(screen, LifeformScreen)
        said = record_notifications(cast("App[object]", app))
        assert not [c for c in screen.query_one(KeysFooter).cells if c.due]
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert said and said[-1].startswith("Nothing is due now")
        screen.play.do("draw_cards", who="crew member", crew_member="Jacob", count=5)  # 8 of 6
        screen.session_changed()
        await pilot.pause()
        await pilot.press("exclamation_mark")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen) and form.action_spec.name == "discard_from_hand"
        assert form.query_one("#arg-who", Select).value == "crew member"
        assert form.query_one("#arg-crew_member", Select).value == "Jacob"
        assert form.query_one("#arg-count", Input).value == "2"
        await pilot.press("escape")
        await pilot.pause()
        screen.play.do("discard_from_hand", who="crew member", crew_member="Jacob", count=2)
        # Andrew, whose turn it is, draws 4: 7 cards, over the limit of 6
        screen.play.do("draw_cards", who="crew member", crew_member="Andrew", count=4)
        screen.session_changed()
        await pilot.pause()
        assert "Hands: Sarah (lifeform) 3/6 | Andrew 7/6 | Jacob 6/6" in seen(app)
        await pilot.press("w")  # End of turn with 7 cards
        await pilot.pause()
        assert said[-1] == ("End of turn (w) is not possible now: Andrew holds 7 cards, over the "
                            "hand limit of 6: discard 1 first ('Discard cards' (ctrl+p)) "
                            "(rulebook p. 43, Hand Size).")
        screen.play.do("discard_from_hand", who="crew member", crew_member="Andrew", count=1)
        for _ in range(2):
            screen.play.do("end_turn")
        screen.play.do("next_phase")  # the idle Android phase passes: Lifeform Activity
        screen.session_changed()
        await pilot.pause()
        marked = {c.key for c in screen.query_one(KeysFooter).cells if c.due}
        assert {"l", "a", "exclamation_mark"} <= marked
        await pilot.press("exclamation_mark")
        await pilot.pause()
        assert "exactly one activity" in said[-1] and "'Lurk' (key l)" in said[-1]


async def test_a_launch_that_asks_a_board_value_then_asks_the_lifeform_s_pin(
        tmp_path: Path) -> None:
    """Ending B reads the Stowaway card: when the launch first asks a card's range, the form
    takes it, then asks the lifeform player's PIN (it was refused 'no PIN' before)."""
    from trackers.games.lifeform import decks
    from trackers.pieces import Track
    from tui.screens.owner_pin import OwnerPinScreen

    board = {k: v for k, v in BOARD.items() if k != "stowaway.second_card_minutes"}
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES[3], board=board, title="Friday", seed="s")
    for name, args in SETUP:
        play.do(name, **(args if name != "reality_calibration"
                         else {"image": "Image 1", "pin": "sarah-pin"}))
    for slot in ("1", "2"):
        play.do("complete_objective", slot=slot)
    for column, n in (("improvised_weaponry", 4), ("coolant", 3), ("energy_cells", 4),
                      ("spacesuits", 4)):
        for _ in range(n):
            play.do("place_mission", column=column, crew_member="Andrew")
            for who, held, limit in decks.over_limit_hands(play.state):  # a bonus draw
                play.do("discard_from_hand", who="crew member", crew_member=who,
                        count=held - limit)
    play.do("advance_self_destruct", spaces=8)  # 20
    play.do("choose_stowaway", card="second", pin="sarah-pin")
    for name in ("Solomon", "Palmer", "Cameron", "Bennings"):
        play.do("board_remora", character=name)
    play.do("advance_self_destruct", spaces=14)  # 6
    assert play.state.piece("self_destruct", Track).position == 6
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("g", "ctrl+s")  # the launch: its range is asked in the form
        await pilot.pause()
        assert "Second Stowaway card: range (minutes)" in seen(app)
        await burst(pilot, *"3-8", "enter")
        assert isinstance(app.screen, OwnerPinScreen)
        await burst(pilot, *"sarah-pin", "enter")
        screen = app.screen
        assert isinstance(screen, LifeformScreen)
        assert screen.play.state.facts["stage"] == "showdown"


async def test_a_crew_turn_at_80x24_keeps_the_loadout_legend_and_end_turn_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crew member's turn at 80x24, one screen read twice. The Loadout's legend is whole
    (found at 80x24: the border read 'Loadout: # token . empty + …'). Played with sound on:
    'w End turn' was crowded out of the footer by f5 Voice (and f6 Say again). What moves
    play stays; the comforts give way."""
    from tui.widgets.keys_footer import KeysFooter

    monkeypatch.setenv("TABLESIDE_SOUND", "on")  # f5 offered, as at a table with sound
    saved(tmp_path, SETUP)  # round 1: Andrew's turn
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await resume_first(pilot)
        assert isinstance(screen, LifeformScreen)
        text = seen(app)
        assert "#token .empty +bonus |min" in text
        assert "…─" not in text.split("Weaponry")[0]
        assert "Andrew's turn" in seen(app)
        footer = str(screen.query_one(KeysFooter).render())
        assert " w  End turn" in footer
        assert "f5" not in footer  # the comfort gave way; F1 lists it
        assert all(key in footer for key in (" u  Undo", " esc  Home", " f1 ", " ^p "))
