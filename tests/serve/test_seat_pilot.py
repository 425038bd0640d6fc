"""A seat by keys, as its player uses it on a phone: only their own secrets, chosen with a
PIN set once, a look only with that PIN, a reveal only with it, every record signed with the
seat's name; the Lifeform player's Reality Calibration made on their seat; the table's ask to
reveal shown on the owner's seat."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from tableside import seat_asks
from tableside.api import OpenSession, Tableside
from tests.pilot_keys import burst
from tests.tui.screen_text import panel_text, screen_text
from trackers.pieces import Secret
from tui.seat_app import SeatApp

PIN = "246810"


def _game(data: Path, game: str = "nemesis-lockdown") -> str:
    table = Tableside(data)
    play = table.create(game, 3, names=["Ann", "Bo", "Cy"])
    game_id = play.id
    play.close()
    table.close()
    return game_id


def _error(app: SeatApp) -> str:
    return str(app.screen.query_one("#form-error", Static).render())


def _other_window(data: Path, game_id: str) -> tuple[Tableside, OpenSession]:
    table = Tableside(data, by="app")
    return table, table.load(game_id)


async def test_a_seat_chooses_looks_and_reveals_with_its_pin(tmp_path: Path) -> None:
    game_id = _game(tmp_path)
    app = SeatApp(tmp_path, game_id, 1)
    async with app.run_test(size=(50, 40)) as pilot:
        await pilot.pause()
        yours = panel_text(app, "#yours")
        assert "Ann's seat" in screen_text(app)
        assert "Ann's kept Objective: not chosen yet" in yours
        assert "Bo's kept Objective" not in yours  # her part holds hers only
        await pilot.press("c")
        await pilot.press("enter")  # the first of hers: her kept Objective
        await pilot.pause()
        await burst(pilot, *"Reactor", "enter")
        await pilot.pause()
        assert "Set a PIN" in screen_text(app)
        await burst(pilot, *PIN, "enter")
        await pilot.pause()
        play = app.screen.play
        code = play.state.piece("p1_objective", Secret).code
        assert code and f"chosen, code {code}" in panel_text(app, "#yours")
        assert "Reactor" not in screen_text(app) and play.pin_is_set("Ann")

        await pilot.press("p")  # a look: the PIN asked, a wrong one refused and not a look
        await pilot.pause()
        await burst(pilot, *"000000", "enter")
        await pilot.pause()
        assert "a wrong PIN for Ann's kept Objective" in _error(app)
        assert "Reactor" not in screen_text(app)
        assert [line.kind for line in play.table_log()] == ["wrong_pin"]  # logged, no look
        app.screen.query_one("#pin").value = ""
        await burst(pilot, *PIN, "enter")
        await pilot.pause()
        assert "Ann's kept Objective: Reactor" in screen_text(app)
        await pilot.press("enter")  # Hide it
        await pilot.pause()
        assert "Reactor" not in screen_text(app)
        assert [line.kind for line in play.table_log()] == ["wrong_pin", "look"]

        await pilot.press("v")  # the reveal: no PIN, no reveal
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "PIN" in _error(app)
        assert not play.state.piece("p1_objective", Secret).revealed
        await burst(pilot, *PIN, "enter")
        await pilot.pause()
        assert play.state.piece("p1_objective", Secret).revealed
        assert f"revealed: Reactor (code {code})" in panel_text(app, "#yours")

    table, laptop = _other_window(tmp_path, game_id)  # the laptop names the seat that acted
    assert {e.by for e in laptop.session.events} == {"seat Ann"}  # the table's words, no pid
    undone = " ".join(n.text for n in laptop.undo())  # the reveal, taken back at the table
    assert "done in another window" in undone and "(Ann's seat)" in undone
    laptop.close()
    table.close()


async def test_the_lifeform_player_calibrates_on_their_seat(tmp_path: Path) -> None:
    game_id = _game(tmp_path, "lifeform")
    crew = SeatApp(tmp_path, game_id, 2)  # Bo: crew, holds the crew's objectives only
    async with crew.run_test(size=(50, 40)) as pilot:
        await pilot.pause()
        text = panel_text(crew, "#yours")
        assert "Secret Objective 1" in text and "Real lifeform" not in text
        assert "Reality Calibration" not in text
    seat = SeatApp(tmp_path, game_id, 1)  # Ann: the Lifeform player
    async with seat.run_test(size=(50, 40)) as pilot:
        await pilot.pause()
        text = panel_text(seat, "#yours")
        assert "You are also: Lifeform player" in text and "Reality Calibration" in text
        await pilot.press("c")  # Reality Calibration, the one thing hers to do: its images
        await pilot.pause()
        assert "Image 1" in screen_text(seat)  # listed open, the first lit
        await pilot.press("down", "enter")  # Image 2 picked: on to the PIN, set here once
        await pilot.pause()
        picked = str(seat.screen.query_one("#arg-image-picked", Static).render())
        assert picked == "Picked: Image 2" and "Set a PIN" in screen_text(seat)
        await burst(pilot, *PIN, "enter")
        await pilot.pause()
        play = seat.screen.play
        lifeform = play.state.piece("real_lifeform", Secret)
        assert lifeform.is_set and lifeform.code
        assert lifeform.code in panel_text(seat, "#yours")
        assert "Image 2" not in panel_text(seat, "#yours")
    table, laptop = _other_window(tmp_path, game_id)
    shown = [h.text for h in laptop.history()]
    assert shown and not any("Image 2" in line for line in shown)
    laptop.close()
    table.close()


async def test_the_tables_ask_shows_on_the_owners_seat(tmp_path: Path) -> None:
    game_id = _game(tmp_path)
    table, laptop = _other_window(tmp_path, game_id)
    laptop.choose_secret("p2_objective", "Escape pod", pin=PIN)  # Bo's
    seat_asks.ask(laptop, "p2_objective")
    ann, bo = SeatApp(tmp_path, game_id, 1), SeatApp(tmp_path, game_id, 2)
    async with ann.run_test(size=(50, 40)) as pilot:
        await pilot.pause(1.5)  # a poll: Ann's seat must not be asked
        assert "asks you to reveal" not in panel_text(ann, "#yours")
    async with bo.run_test(size=(50, 40)) as pilot:
        await pilot.pause(1.5)
        assert "The table asks you to reveal Bo's kept Objective: press v" in panel_text(
            bo, "#yours")
        await pilot.press("v")  # the asked secret already picked: the PIN field is focused
        await pilot.pause()
        await burst(pilot, *PIN, "enter")
        await pilot.pause()
    laptop.refresh()
    assert laptop.state.piece("p2_objective", Secret).revealed
    laptop.close()
    table.close()


async def test_the_lifeform_player_picks_the_stowaway_card_on_their_seat(
        tmp_path: Path) -> None:
    """At the 20 mark the Stowaway card is hers to pick, on her seat: c lists it (and not the
    calibration, which is not due), its cards listed open with their minutes; the laptop sees
    its code only."""
    from tests.lifeform.test_lifeform_session_fixtures import BOARD

    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=["Ann", "Bo", "Cy"], board=BOARD)
    play.do("record_characters", crew_member="Bo", first="Solomon", second="Palmer")
    play.do("record_characters", crew_member="Cy", first="Cameron", second="Bennings")
    play.do("tick_setup", step="all remaining")
    play.do("reality_calibration", image="Image 1", pin=PIN)
    play.do("advance_self_destruct", spaces=8)  # 28 -> 20: the Stowaway card is picked now
    game_id = play.id
    play.close()
    table.close()
    seat = SeatApp(tmp_path, game_id, 1)
    async with seat.run_test(size=(50, 50)) as pilot:
        await pilot.pause()
        assert "Yours to do now: Choose the Stowaway card (c)" in panel_text(seat, "#yours")
        await pilot.press("c")  # her one thing to do: its form at once
        await pilot.pause()
        what = panel_text(seat, "#what")
        assert "Reality Calibration" not in what and "Choose the Stowaway card" in what
        cards = panel_text(seat, "#arg-card")
        assert "third card (9-15 minutes)" in cards, cards
        lines = cards.splitlines()
        await pilot.press(*["down"] * lines.index(next(c for c in lines if "third" in c)))
        await pilot.press("enter")  # her PIN is set: it is asked to choose too
        await pilot.pause()
        assert "third card" in str(seat.screen.query_one("#arg-card-picked", Static).render())
        assert isinstance(seat.screen.focused, Input) and seat.screen.focused.id == "pin"
        await burst(pilot, *PIN, "enter")
        await pilot.pause()
        stowaway = seat.screen.play.state.piece("stowaway", Secret)
        assert stowaway.is_set and stowaway.code in panel_text(seat, "#yours")
    table, laptop = _other_window(tmp_path, game_id)
    assert laptop.state.piece("stowaway", Secret).code == stowaway.code
    assert not any("third" in h.text for h in laptop.history())
    laptop.close()
    table.close()
