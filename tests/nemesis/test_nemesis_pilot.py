"""Pilot tests: a solo game and a 2-player co-op game played by keys for three rounds each,
with the board's public defaults accepted, an Encounter, a contamination Scan and the
Victory Check.

Every step of a round is taken by keys in round 1. Later rounds take by keys only what round
1 did not (the First Player token passing in round 2, the Scan); the steps round 1 already
took by keys are done on the session behind the screen, which then redraws once
(``SessionScreen.refresh_all``): every key press costs a frame, and a repeated one checks
nothing new. Forms are done with ctrl+s, their OK button from any field."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, Static

from tableside.api import Tableside
from tests import pilot_keys
from tests.textual_probe import select_options
from tests.tui.screen_text import screen_text
from tui.app import TablesideApp
from tui.screens.action_form import ActionFormScreen
from tui.screens.owner_pin import OwnerPinScreen
from tui.screens.session import SessionScreen

# Whole games by keys: the slow group (`pytest -m slow`, .ci/run). Every run keeps their rules
# through the session (test_nemesis_victory, test_nemesis_modes_corrections: solo, co-op, the
# Victory Check) and a round's steps by keys (test_nemesis_turn_keys_pilot).
pytestmark = pytest.mark.slow

GAME_ID = "nemesis-lockdown"
# The steps of a round after the First Player token, as round 1 takes them by keys:
# turns, Venting, Launch CSS (no token on 15..13); the Time token (a); Noise removal,
# attacks, fire, Event card; development (i: the app draws); the end of the round.
REST_OF_ROUND = ("next_step", "next_step", "next_step", "advance_time", "next_step",
                 "next_step", "next_step", "next_step", "develop_bag", "next_step")


def tracks(app: TablesideApp) -> str:
    panel = app.screen.query_one("#tracks", OptionList)
    return "\n".join(str(panel.get_option_at_index(i).prompt) for i in range(panel.option_count))


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


async def submit(pilot: Pilot[None]) -> None:
    """The form's OK button: ctrl+s from any field; the form closes, the action done."""
    assert isinstance(pilot.app.screen, ActionFormScreen), type(pilot.app.screen)
    await keys(pilot, "ctrl+s")
    assert isinstance(pilot.app.screen, SessionScreen), type(pilot.app.screen)


def shown(select: Select[object]) -> tuple[str, str]:
    """The value a Select holds and the label it shows for it."""
    label = next((str(p) for p, v in select_options(select) if v == select.value), "")
    return str(select.value), label


async def choose(pilot: Pilot[None], selector: str, label: str) -> None:
    """Pick ``label`` by keys (``tests.pilot_keys.choose``), unless the form already shows
    it (an only choice is preselected): no keys to open and close the list on it."""
    select = pilot.app.screen.query_one(selector, Select)
    if label not in shown(select):
        await pilot_keys.choose(pilot, selector, label)
    assert label in shown(select), (selector, shown(select))


async def type_in(pilot: Pilot[None], selector: str, text: str) -> None:
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    if field.value:  # a draft or a default: cleared by keys
        await pilot.press("ctrl+u")
    await pilot.press(*text)
    assert field.value == text


async def pick(pilot: Pilot[None], selector: str, value: str) -> None:
    """Choose ``value`` in a Select by keys (space opens a list that has a value: Enter
    confirms it), as every form's lists do."""
    await pilot_keys.choose(pilot, selector, value)
    assert pilot.app.screen.query_one(selector, Select).value == value


async def behind_the_screen(pilot: Pilot[None], *moves: str) -> None:
    """Actions a test already took by keys, again: done on the screen's session, then one
    redraw, as for a script that changed the session behind the screen."""
    screen = pilot.app.screen
    assert isinstance(screen, SessionScreen), type(screen)
    for name in moves:
        screen.play.do(name)
    screen.refresh_all()
    await pilot.pause()


async def new_game(pilot: Pilot[None], players: str, mode: str | None, names: str) -> None:
    await keys(pilot, "n")
    await choose(pilot, "#game", "Nemesis: Lockdown")
    await choose(pilot, "#players", players)
    if mode is not None:
        await pick(pilot, "#mode", mode)
    await type_in(pilot, "#names", names)
    await keys(pilot, "ctrl+s")
    assert isinstance(pilot.app.screen, SessionScreen)


async def setup_checklist(pilot: Pilot[None]) -> None:
    """The ten setup steps: the first and the last (on to round 1) by keys, the eight
    between (the same key again, with the Power tokens and the draft entered where their
    steps wait for them) behind the screen."""
    from trackers.games.nemesis_lockdown import power, rounds

    await keys(pilot, "n")
    screen = pilot.app.screen
    assert isinstance(screen, SessionScreen), type(screen)
    play = screen.play
    while True:
        if rounds.current(play.state) == "power" and not power.where(play.state):
            play.do("place_power", s01=1, s02=2, s03=3, elevator=4)
        if rounds.current(play.state) == "draft":
            for person in play.state.facts["crew"]:
                if person["kind"] is None:
                    play.do("character_kind", player=person["name"], kind="Facility Worker")
        if rounds.current(play.state) == rounds.SETUP_STEPS[-1][0]:
            break
        play.do("next_step")
    screen.refresh_all()
    await pilot.pause()
    await keys(pilot, "n")


async def first_round(pilot: Pilot[None], during_turns: Callable[[], Awaitable[None]]) -> None:
    """Tick round 1 through by keys, every step: the Time token moves (a) and the bag
    develops (i)."""
    await keys(pilot, "n", "n")  # draw; First Player token (stays in round 1)
    await during_turns()
    await keys(pilot, "n", "n", "n")  # turns, Venting, Launch CSS (no token on 15..13)
    await keys(pilot, "a")  # the Time token: the defaults gave the thresholds
    await keys(pilot, "n", "n", "n", "n")  # Noise removal, attacks, fire, Event card
    # Step 10 at 80x24: its key in the footer, the bag's odds and Power in view.
    seen = screen_text(pilot.app)
    assert " i \n Develop" in seen and " a \n Time" not in seen
    assert "Intruder bag: next draw" in seen and "Larva 4/" in seen and "Powered: S-01" in seen
    await keys(pilot, "i")  # development: the app draws
    await submit(pilot)
    await keys(pilot, "n")  # end of the round


async def second_round(pilot: Pilot[None], during_turns: Callable[[], Awaitable[None]],
                       first_player: int) -> None:
    """Round 2: by keys what round 1 did not do, the First Player token passing (to player
    number ``first_player``) and ``during_turns``; the rest as round 1 took it by keys."""
    await behind_the_screen(pilot, "next_step")  # draw
    await keys(pilot, "n")  # the First Player token passes
    screen = pilot.app.screen
    assert isinstance(screen, SessionScreen)
    assert screen.play.state.facts["first_player"] == first_player
    await during_turns()
    await behind_the_screen(pilot, *REST_OF_ROUND)


async def third_round(pilot: Pilot[None]) -> None:
    """Round 3: nothing rounds 1 and 2 did not take by keys."""
    await behind_the_screen(pilot, "next_step", "next_step", *REST_OF_ROUND)


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


async def lock_in_and_end(pilot: Pilot[None], names: list[str], code: str = "Green") -> None:
    await behind_the_screen(pilot, "next_step", "next_step")  # round 4: draw, First Player
    await keys(pilot, "e")  # Alert Procedure: the Isolation Room opens
    for name in names:
        await keys(pilot, "L")
        await choose(pilot, "#arg-player", name)
        await choose(pilot, "#arg-how", "locked in the Isolation Room")
        await submit(pilot)
    await keys(pilot, "E")  # fast-forward: to the Alert token
    await submit(pilot)
    await keys(pilot, "Q")  # reveal the Active Contingency
    await choose(pilot, "#arg-code", code)
    await submit(pilot)


PIN = "ann-pin-7"


async def keep_objective(pilot: Pilot[None], label: str, text: str) -> None:
    """The kept Objective chosen behind the privacy curtain (c), with the owner's PIN."""
    await keys(pilot, "c")
    await choose(pilot, "#arg-secret", label)
    await keys(pilot, "ctrl+s")  # to the curtain
    assert "only" in screen_text(pilot.app)  # the curtain names who may look
    await type_in(pilot, "#pin", PIN)  # the owner's first secret: a PIN, set once
    await keys(pilot, "enter")
    await type_in(pilot, "#arg-value", text)
    await keys(pilot, "ctrl+s")
    assert "cleared" in screen_text(pilot.app)
    await keys(pilot, "enter")
    assert isinstance(pilot.app.screen, SessionScreen)
    assert text not in screen_text(pilot.app)


async def victory_check(pilot: Pilot[None], name: str, objective: str | None = None) -> None:
    """'Victory Check' (X) for one survivor: the questions are choices, none preset."""
    await keys(pilot, "X")
    await choose(pilot, "#arg-player", name)
    select = pilot.app.screen.query_one("#arg-objective", Select)
    assert select.is_blank()  # no answer the table did not give
    if objective is not None:
        await choose(pilot, "#arg-objective", objective)
    await submit(pilot)


async def reveal(pilot: Pilot[None], label: str) -> None:
    """Reveal a secret (v): its owner's PIN asked behind the curtain."""
    await keys(pilot, "v")
    await choose(pilot, "#arg-secret", label)
    await keys(pilot, "ctrl+s")
    assert isinstance(pilot.app.screen, OwnerPinScreen)
    await type_in(pilot, "#owner-pin", PIN)
    await keys(pilot, "enter")
    assert isinstance(pilot.app.screen, SessionScreen), type(pilot.app.screen)


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
        assert "Fire markers: 0/12" in tracks(app)
        await setup_checklist(pilot)
        assert play.state.facts["phase"] == "round"

        async def encounter_then_keep() -> None:
            """The First Encounter; the round then waits for Ann's kept Objective."""
            await encounter_in_the_nest(pilot)
            await keep_objective(pilot, "Ann's kept Objective", "Send a Signal")

        await first_round(pilot, encounter_then_keep)
        assert "Adult #1 in the Nest" in str(play.game.panels(play.state))
        assert play.state.facts["first_encounter"]
        await second_round(pilot, lambda: scan(pilot, "Ann"), first_player=0)
        assert "Ann's Scan: 0 INFECTED" in [h.text for h in play.history()]
        await third_round(pilot)
        assert play.state.facts["round"] == 4 and "Time track: 12" in tracks(app)
        assert [h.text for h in play.history()][-2:] == [
            "Event Phase 10: Intruder bag development", "Event Phase 11: End of the round"]
        await lock_in_and_end(pilot, ["Ann"])
        # Steps 1-2, then step 3 waits for the table's answer (met or not).
        await victory_check(pilot, "Ann")
        said = [n.text for n in play.notes]
        assert any(t.startswith("Step 3 waits: is Ann's kept Objective met?")
                   for t in said), said
        assert "Step 3 waits" in screen_text(app)
        assert play.game.end_record(play.state).winners == ()
        await reveal(pilot, "Ann's kept Objective")
        assert "Send a Signal" in screen_text(app)
        await victory_check(pilot, "Ann", "met")
        record = play.game.end_record(play.state)
        assert record.ending == "Alert Procedure" and record.winners == ("Ann",)
        assert "Ann's Objective (Send a Signal) is met: Ann wins" in [n.text for n in play.notes]
        seen = screen_text(app)
        assert "Winner:" in seen  # the verdict, in view


async def test_a_two_player_co_op_game_by_keys(tmp_path: Path) -> None:
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "2 players", "coop", "Ann, Bo")
        play = app.screen.play  # type: ignore[attr-defined]
        await keys(pilot, "ctrl+d")  # the public defaults in one key
        assert play.state.board["blue_thresholds"] == [11, 5, 3]
        assert play.setup.mode == "coop"
        await setup_checklist(pilot)
        await first_round(pilot, lambda: encounter_in_the_nest(pilot))
        await second_round(pilot, lambda: scan(pilot, "Bo"), first_player=1)
        assert play.state.facts["crew"][1]["contamination"] == 1
        await third_round(pilot)
        assert play.state.facts["round"] == 4
        await lock_in_and_end(pilot, ["Ann", "Bo"], "Yellow")
        # Yellow turns on something the rulebook leaves open: asked per survivor, no default.
        await keys(pilot, "X")
        await choose(pilot, "#arg-player", "Ann")
        await keys(pilot, "ctrl+s")
        assert isinstance(app.screen, ActionFormScreen)  # refused: the question is asked
        error = str(app.screen.query_one("#err-contingency_answer", Static).render())
        assert "does Ann hold too much sensitive information? Give yes or no" in error
        await choose(pilot, "#arg-contingency_answer", "no: spared")
        await submit(pilot)
        assert play.state.facts["victory"]["Ann"]["alive"]
        await keys(pilot, "X")
        await choose(pilot, "#arg-player", "Bo")
        await choose(pilot, "#arg-contingency_answer", "no: spared")
        await submit(pilot)
        for name in ("Ann", "Bo"):
            await keys(pilot, "Y")  # the public Objective: met
            await choose(pilot, "#arg-player", name)
            await submit(pilot)
        record = play.game.end_record(play.state)
        assert record.winners == ("Ann", "Bo") and "the team wins" in record.summary
