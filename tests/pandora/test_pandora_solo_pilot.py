"""Pilot test of a True Solo Standard game of Pandora Celeste, three Cycles by keys at 80x24:
noise and the First Target, the Nasty Action Round stepped with two Nasties in order, an
attack with two pushes, a ScuttleBug burrowing in and biting at the turn's end, a Protocol
delayed and one overridden with its Big Nasty spawned.

A step the test already took by keys, when it comes again with nothing new (the second Nasty
revealed, Cycle 2's run of 'Next step' to the Noise count), is done on the session behind the
screen, which then redraws once (``SessionScreen.refresh_all``): every key press costs a
frame. Forms are done with ctrl+s, their OK button from any field."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select

from tableside.api import Tableside
from tests.pandora.helpers import enter_setup
from tests.textual_probe import select_options
from tests.tui.screen_text import panel_text
from trackers.games.pandora_celeste import cycle
from trackers.pieces import Countdown, Counter
from tui.app import TablesideApp
from tui.screens.session import SessionScreen

# A whole game by keys: the slow group (`pytest -m slow`, .ci/run). Every run keeps its rules
# through the API (test_pandora_table_games, test_pandora_nasty_round, test_pandora_attacks,
# test_pandora_timers) and a solo round by keys (test_pandora_true_solo_escape_pilot).
pytestmark = pytest.mark.slow

SIZE = (80, 24)
# TEST DATA for an imaginary printing of the Turn Cycle Tracker (never product defaults).
BOARD = {"tracker_top": 9, "big_nasty_boxes": [6, 4, 2], "check_aircon_boxes": [3]}


def screen(app: TablesideApp) -> SessionScreen:
    assert isinstance(app.screen, SessionScreen), type(app.screen)
    return app.screen


def now(app: TablesideApp) -> str:
    return " ".join(panel_text(cast("App[object]", app), "#now").split())


async def act(pilot: Pilot[None], name: str, args: dict[str, Any] | None = None) -> None:
    """The action's key, then its form's fields in order up to the last one given (set when
    given, Tab to the next), then ctrl+s, the OK button from any field; checked to be
    recorded."""
    app = cast(TablesideApp, pilot.app)
    play = screen(app).play
    head, action = play.head, play.session.action(name)
    assert action.key
    await pilot.press(action.key)
    await pilot.pause()
    args = args or {}
    fields = action.shown_params(play.state)  # the fields the form shows now
    given = [p.name for p in fields if p.name in args]
    reach = fields[:fields.index(next(p for p in fields if p.name == given[-1])) + 1] \
        if given else []
    form = pilot.app.screen
    # a field with one possible answer is shown decided, not asked (the shared form rule)
    reach = [p for p in reach if form.query_one(f"#arg-{p.name}").display
             or args.get(p.name) != form.query_one(f"#arg-{p.name}", Select).value]
    for i, param in enumerate(reach):
        widget = pilot.app.focused
        assert widget is not None and widget.id == f"arg-{param.name}", (widget, param.name)
        if param.name in args:
            value = args[param.name]
            if isinstance(widget, Select) and widget.value != value:
                # the list opens on the value shown (a form may preselect the only choice or
                # the default): move from there
                values = [v for _, v in select_options(widget)]
                here = values.index(widget.value) if widget.value in values else 0
                steps = values.index(value) - here
                await pilot.press("space")  # opens the list (Enter passes a blank optional one)
                await pilot.press(*["down" if steps > 0 else "up"] * abs(steps), "enter")
                await pilot.pause()
                assert widget.value == value, (param.name, widget.value)
            elif isinstance(widget, Checkbox):
                if bool(value) != widget.value:
                    await pilot.press("space")
            elif isinstance(widget, Input):
                await pilot.press(*str(value))
        if i + 1 < len(reach):
            await pilot.press("tab")
    if fields:  # the fields left blank keep their defaults: OK
        await pilot.press("ctrl+s")
    await pilot.pause()
    screen(app)
    assert play.head == head + 1, f"{name} was not recorded: {now(app)}"


async def behind_the_screen(pilot: Pilot[None], *moves: tuple[str, dict[str, Any]]) -> None:
    """Actions the test already took by keys, again: done on the screen's session, then one
    redraw, as for a script that changed the session behind the screen."""
    session = screen(cast(TablesideApp, pilot.app))
    for name, args in moves:
        session.play.do(name, **args)
    session.refresh_all()
    await pilot.pause()


async def step_to(pilot: Pilot[None], key: str, by_keys: bool = True) -> None:
    """'Next step' (n) until the checklist reaches ``key``; behind the screen when the test
    already took these steps by keys (``by_keys=False``)."""
    play = screen(cast(TablesideApp, pilot.app)).play
    if not by_keys:
        steps = 0
        while cycle.current(play.state) != key:
            play.do("next_step")
            steps += 1
        await behind_the_screen(pilot)
        assert steps > 0
    while cycle.current(play.state) != key:
        await act(pilot, "next_step")


async def test_a_true_solo_game_for_three_cycles_by_keys(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.set_board_profile("pandora-celeste", BOARD)
    play = table.create("pandora-celeste", 1, options={"crew": ["Flygirl"]}, seed="pilot",
                        title="Solo")
    while play.state.facts["phase"] == "setup":  # the setup checklist, by the API
        enter_setup(play)
        if cycle.current(play.state) == "protocols" and not play.state.facts["protocols"]:
            play.do("add_protocol", name="Vacuum", start=4)
            play.do("add_protocol", name="Aircon", start=6)
        play.do("next_step")
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: resume the only saved game
        await pilot.pause()
        play = screen(app).play
        assert play.setup.mode == "true-solo"

        def facts() -> dict[str, Any]:
            return play.state.facts

        # Cycle 1: two Nasties revealed, noise, the count, the round stepped in order.
        await act(pilot, "reveal_nasty", {"name": "Bug", "room": "Galley"})
        # the second Nasty: the same form again, behind the screen
        await behind_the_screen(pilot, ("reveal_nasty", {"name": "ScuttleBug", "room": "Galley"}))
        assert "2. ScuttleBug" in now(app)
        assert "1. Bug, Little, Galley, wounds 0/2" in now(app)
        await step_to(pilot, "crew_round")
        await act(pilot, "record_noise", {"crew": "Flygirl", "colour": "Red"})
        await step_to(pilot, "count")
        await act(pilot, "count_noise")
        assert facts()["first_target"] == "Flygirl" and "First Target: Flygirl" in now(app)
        await step_to(pilot, "nasties")
        await act(pilot, "nasty_round")
        assert "In order: 1. Bug, 2. ScuttleBug" in now(app)
        await act(pilot, "nasty_card", {"instruction": "Follow Instincts"})
        assert "1. Bug (bottom half): Follow Instincts towards the First Target (Flygirl)" \
            in now(app)
        assert "NOW: 2. ScuttleBug" in now(app)
        # The Bug reaches Flygirl: the new card's red box is a HIT; she pushes twice.
        await act(pilot, "nasty_attacks", {"nasty": "1. Bug", "crew": "Flygirl",
                                           "box": "red (HIT)"})
        assert "HITS Flygirl for 2 dmg" in now(app)
        await act(pilot, "push", {"box": "blue (MISS)"})
        assert "Push 1: MISS; damage 2 -> 1" in now(app)
        await act(pilot, "push", {"box": "red (HIT)"})
        assert "Push 2: HIT; damage 1 -> 2; the push is over" in now(app)
        await act(pilot, "settle_attack")
        assert play.state.piece("flygirl_wounds", Counter).value == 2
        await act(pilot, "nasty_card", {"instruction": "Move to attack the nearest creature"})
        assert "Every activated Nasty has acted" in now(app)
        await act(pilot, "nasty_attacks", {"nasty": "2. ScuttleBug", "crew": "Flygirl",
                                           "box": "red (HIT)"})
        assert "A ScuttleBug burrows into Flygirl" in now(app)
        assert facts()["crew"]["Flygirl"]["scuttlebugs"] == 1
        await act(pilot, "next_step")  # the round ends after its last attack
        await act(pilot, "end_cycle")
        assert facts()["cycle"] == 2

        # Cycle 2: a turn ends with the ScuttleBug's bite; Vacuum delayed at the Bridge side.
        await step_to(pilot, "crew_round")
        assert "after each of Flygirl's turns, 'End of turn' (1 dmg)" in now(app)
        await act(pilot, "end_turn", {"crew": "Flygirl"})
        assert play.state.piece("flygirl_wounds", Counter).value == 3
        assert "ScuttleBug inside Flygirl: 1 dmg" in now(app)
        await act(pilot, "delay_protocol", {"protocol": "Vacuum", "source": "Bridge"})
        assert play.state.piece("turn_cycle", Countdown).markers["Vacuum"] == 4
        await step_to(pilot, "count", by_keys=False)  # the steps of Cycle 1, again
        await act(pilot, "count_noise")  # nobody made noise: the lone crewmember stays
        assert "Flygirl, the lone crewmember, stays First Target" in now(app)
        await step_to(pilot, "nasties")
        await act(pilot, "nasty_round")
        await act(pilot, "nasty_card", {"instruction": "Follow Instincts"})
        assert "no noise was made this round: it pauses" in now(app)
        await act(pilot, "next_step")
        await act(pilot, "end_cycle")

        # Cycle 3: Aircon overridden, its Big Nasty spawned in the gold-number room.
        await act(pilot, "override_protocol", {"protocol": "Aircon", "big_nasty": "MonsterBug",
                                               "gold": "7", "room": "Bridge"})
        assert "MonsterBug spawns" in now(app)
        assert "3. MonsterBug, Big, Bridge, wounds 0/8" in now(app)
        assert "Vacuum now drives the timeline" in now(app)
        assert [n["name"] for n in facts()["nasties"]] == ["Bug", "MonsterBug"]
        assert facts()["cycle"] == 3 and play.game.end_record(play.state) is None
