"""What the forms and the footer show at 80x24 (found playing a True Solo game)."""

from __future__ import annotations

from typing import Any

from tests.pandora.helpers import enter_setup
from trackers.engine import Session, SessionSetup
from trackers.engine.report import build_report
from trackers.games.pandora_celeste import cycle
from trackers.games.pandora_celeste.actions import ACTIONS
from trackers.games.pandora_celeste.game import GAME
from trackers.games.pandora_celeste.setup import OPTIONS

# The action form prints "name: help" on one line; at 80 columns 68 characters fit once the
# form scrolls (its scrollbar takes two).
FIELD_LINE = 68
# New game prints "Label (help)" above a multi-choice option's boxes on one line.
OPTION_LINE = 70


def test_every_field_line_fits_the_form_at_80_columns() -> None:
    """Either way the form words it: "name: help" or "Help (optional)"."""
    def line(p: Any) -> int:
        return max(len(f"{p.name}: {p.help}"), len(p.help + (" (optional)" if p.optional
                                                             else "")))
    long = [f"{a.name}.{p.name}: {line(p)}" for a in GAME.actions for p in a.params
            if line(p) > FIELD_LINE]
    assert long == []


def test_every_board_value_line_fits_the_form_at_80_columns() -> None:
    """The form asks for a needed board value under "<label> (from your board)"; played: the
    Big Nasty boxes' label was cut off mid-word."""
    long = [b.key for b in GAME.board_values if len(f"{b.label} (from your board)") > FIELD_LINE]
    assert long == []


def test_the_crew_option_line_fits_the_new_game_form() -> None:
    long = [o.name for o in OPTIONS if o.kind == "multi" and o.help
            and len(f"{o.label} ({o.help})") > OPTION_LINE]
    assert long == []


def test_the_steps_own_actions_come_first_so_their_keys_reach_the_footer() -> None:
    """The footer shows the first keys possible now; with every always-possible key ahead of
    them, 'Nasty round', 'Nasty's card', 'Push' and 'Stop pushing' were cut off."""
    names = [a.name for a in ACTIONS]
    for due in ("nasty_round", "nasty_card", "push", "settle_attack", "end_cycle"):
        assert names.index(due) < names.index("record_noise"), due
    assert sorted(names) == sorted(a.name for a in GAME.actions)
    assert len(set(names)) == len(names)


def test_no_log_line_shows_a_raw_field_name() -> None:
    """Played: the log read 'Stop pushing (from_deck=1)'."""
    samples: dict[str, dict[str, Any]] = {"settle_attack": {"from_deck": 1, "from_discards": 2},
               "end_cycle": {"fire_rooms": 3, "hull_breaches": 2},
               "fire": {"rooms": 2, "doorways": -1}, "hull_breach": {"markers": 3},
               "sow_discord": {"why": "a card says so"}, "pod_choice": {"choice": "end now"}}
    for action in GAME.actions:
        args: dict[str, Any] = {p.name: None for p in action.params}
        args |= samples.get(action.name, {})
        for p in action.params:
            if args[p.name] is None and not p.optional:
                args[p.name] = "x" if p.kind in ("str", "choice") else 1
        line = action.describe(args)
        assert not any(f"{p.name}=" in line for p in action.params), line
    fire = next(a for a in GAME.actions if a.name == "fire")
    assert fire.describe({"rooms": 2, "doorways": -1}) == "Fire: +2 rooms, -1 doorway"
    settle = next(a for a in GAME.actions if a.name == "settle_attack")
    assert settle.describe(samples["settle_attack"]) == ("Stop pushing (1 from the Deck, 2 "
                                                         "from the discards)")


def test_the_setup_is_recorded_with_cycle_1_not_a_cycle_0() -> None:
    """Played: the game report's table began with a 'Cycle 0' column for the setup."""
    s = Session(GAME, SessionSetup(1, {"crew": ["Cap"]}), seed="m")
    assert GAME.moment_of(s.state) == {"cycle": 1}
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        if cycle.current(s.state) == "protocols":
            s.do("add_protocol", name="Vacuum", start=4)
            s.do("add_protocol", name="Aircon", start=6)
        s.do("next_step")
    assert GAME.moment_of(s.state) == {"cycle": 1}


def test_protocol_names_read_as_printed_on_the_board_profile() -> None:
    """Played: the board profile listed "Don'T Call Me Dave: delays its card allows"."""
    labels = {b.key: b.label for b in GAME.board_values}
    assert labels["delays_dave"] == "Don't Call Me Dave: delays its card allows"
    assert labels["delays_contamination"] == "Contamination Alert: delays its card allows"


def test_the_report_keeps_the_overrides_and_the_nasties_as_key_moments() -> None:
    """Played: a game that shut down both Protocols and spawned two Big Nasties reported only
    its end as a key moment."""
    s = Session(GAME, SessionSetup(1, {"crew": ["Cap"]}), seed="k")
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        if cycle.current(s.state) == "protocols":
            s.do("add_protocol", name="Vacuum", start=4)
            s.do("add_protocol", name="Aircon", start=6)
        s.do("next_step")
    s.do("reveal_nasty", name="Bug", room="Galley")
    s.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    report = build_report(GAME, s.setup, s.seed, s.events)
    said = [m.text for m in report.moments]
    assert "Bug revealed in Galley" in said
    assert "Vacuum shut down: MonsterBug spawns" in said


def test_the_log_names_the_step_each_next_step_ticked_off() -> None:
    """Found by a new user at 80x24: thirteen log lines all read "Next step", and an undo said
    "Undone: Next step", so nobody could tell which step had been done."""
    s = Session(GAME, SessionSetup(1, {"crew": ["Cargo"]}, mode="true-solo"), seed="log")
    while s.state.facts["phase"] == "setup":
        enter_setup(s)
        if cycle.current(s.state) == "protocols" and not s.state.facts["protocols"]:
            s.do("add_protocol", name="Vacuum", start=6)
            s.do("add_protocol", name="Aircon", start=8)
        s.do("next_step")
    s.do("next_step")
    lines = [h.text for h in s.history() if not h.text.startswith("Emergency Protocol ")]
    assert lines[:3] == ["Setup: difficulty and draws", "Setup: Big Nasty stack",
                         "Setup: Emergency Protocols"]
    assert lines[-2:] == ["Setup: start locations and hands", "Cycle 1: Start of Cycle"]
    assert "Next step" not in lines
    assert [n.text for n in s.undo()][0] == "Undone: Cycle 1: Start of Cycle"
    s.redo()  # replayed from the journal's arguments: the same words
    assert s.history()[-1].text == "Cycle 1: Start of Cycle"
