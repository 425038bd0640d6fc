"""The Pandora screen as drawn at 80x24: the tracks never run into the
panel beside them ("Turn Cycle Tracker: no markersNow (Tab here..." was read), and while the
Nasty round runs its keys are in the footer: the round's step (N), a Nasty's attack (X) and a
Nasty coming in (R). A crewmember's own attack (Z) is not offered then: the rulebook's crew
attack needs a Fight card played on that player's turn («Crewmembers vs Nasties»), so it
belongs to the Crew Round and the Final Showdown."""

from __future__ import annotations

from pathlib import Path

from tableside.api import Tableside
from tests.pandora.helpers import enter_setup
from tests.pandora.test_pandora_round_keys import BLUE_DECK, _game, press
from tests.pandora.test_pandora_solo_pilot import SIZE, screen
from tests.pilot_keys import resume_first
from tests.textual_probe import drawn_rows
from trackers.games.pandora_celeste import cycle
from tui.app import TablesideApp
from tui.widgets.keys_footer import KeysFooter

NOW_TITLE = "Now (Tab here, then arrows, to scroll)"


def rows(app: TablesideApp) -> list[str]:
    """The screen's rows as drawn, one string of 80 cells each."""
    return drawn_rows(app)


def footer_keys(app: TablesideApp) -> set[str]:
    return {cell.key for cell in app.screen.query_one(KeysFooter).cells}


def _no_collision(drawn: list[str]) -> None:
    line = next(r for r in drawn if NOW_TITLE in r)
    at = line.index(NOW_TITLE)
    assert at > 0 and line[at - 1] == " ", line  # at least one cell between the two panels
    assert all(len(r) <= SIZE[0] for r in drawn)


async def test_the_tracks_never_run_into_the_now_panel(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.create("pandora-celeste", 1, mode="true-solo", names=("Ann",),
                 options={"crew": ["Flygirl"]}, seed="screen").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)  # Home's first game, by Enter
        drawn = rows(app)
        assert not any("markersNow" in r for r in drawn), drawn
        tracker = next(r for r in drawn if r.startswith("Turn Cycle Tracker: no"))
        assert NOW_TITLE in tracker  # the two share a row, with a gap between
        _no_collision(drawn)
        said = " ".join(drawn)  # no marker yet: said once, not twice in other words
        assert "Driving: no marker on the tracker" in said
        assert "no marker drives the tracker" not in said


async def test_the_nasty_round_keys_are_in_the_footer_while_it_runs(tmp_path: Path) -> None:
    _game(tmp_path, BLUE_DECK)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)  # Home's first game, by Enter
        assert {"N", "X", "R"} <= footer_keys(app)
        await press(pilot, "N", [])  # the round runs: 1 of 3 has acted
        assert screen(app).play.state.facts["nasty_round"] is not None
        keys = footer_keys(app)
        assert {"N", "X", "R"} <= keys, keys
        assert "Z" not in keys
        drawn = rows(app)
        assert any(" X  Attacked" in r for r in drawn[-2:]), drawn[-2:]
        _no_collision(drawn)
        # the banner names the key that takes the next step (the app draws: 'Nasty round')
        banner = " ".join(" ".join(drawn[1:4]).split())
        assert "now 2. Bug ('Nasty round' (key N))" in banner, banner


async def test_the_banner_gives_each_action_it_names_its_key(tmp_path: Path) -> None:
    """Found by the lead: the setup banner named 'Add an Emergency Protocol' without its key,
    while the Now panel and the refusals give it; a title with an apostrophe ('Nasty's card')
    is keyed too."""
    from tests.pandora.test_pandora_solo_pilot import act

    table = Tableside(tmp_path)
    table.create("pandora-celeste", 1, options={"crew": ["Flygirl"]}, seed="banner").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)  # Home's first game, by Enter
        play = screen(app).play
        while cycle.current(play.state) != "protocols":
            await act(pilot, "next_step")
        banner = " ".join(" ".join(rows(app)[1:5]).split())
        assert "('Add an Emergency Protocol' (key a))" in banner, banner
        play.do("add_protocol", name="Vacuum", start=4)
        play.do("add_protocol", name="Aircon", start=7)
        while play.state.facts["phase"] == "setup":
            enter_setup(play)
            play.do("next_step")
        play.do("reveal_nasty", name="Bug", room="Galley")
        while cycle.current(play.state) != "nasties":
            play.do("count_noise" if cycle.current(play.state) == "count" else "next_step")
        play.do("nasty_round")  # mirror mode: the table enters each card
        screen(app).refresh_all()
        await pilot.pause()
        banner = " ".join(" ".join(rows(app)[1:4]).split())
        assert "now 1. Bug ('Nasty's card' (key T))" in banner, banner
