"""The report tells the game: every death, the launch, the ending, the
Showdown and each fight are key moments; each shown identifier sits beside the code the table
saw; an objective is named; no text is said twice."""

from __future__ import annotations

from tests.lifeform.test_lifeform_session_endings import PILOT
from tests.lifeform.test_lifeform_session_fixtures import new
from trackers.engine import Session
from trackers.engine.report import build_report
from trackers.games.lifeform.game import GAME
from trackers.pieces import Secret


def played(card: str = "second") -> Session:
    """The lead's 3-player game: a ghost met, an attack that kills Bennings, the launch at 6."""
    s = new(3)
    codes = []
    for name, args in PILOT:
        s.do(name, **(args | {"card": card} if name == "choose_stowaway" else args))
        if name == "reality_calibration":
            codes.append(s.state.piece("real_lifeform", Secret).code)
    s.codes = codes  # type: ignore[attr-defined]
    return s


def moments(s: Session) -> list[str]:
    return [m.text for m in build_report(GAME, s.setup, s.seed, s.events).moments]


def test_the_report_of_a_game_with_a_death_a_launch_and_two_calibrations() -> None:
    s = played()
    said = moments(s)
    # Two identifiers shown (the ghost met, the attack), each beside the code then on the table.
    shown = [t for t in said if t.startswith("Real lifeform")]
    first, second = s.codes[0], s.codes[1]  # type: ignore[attr-defined]
    assert shown == [f"Real lifeform (Lifeform Identifier) revealed: Image 1 (code {first})",
                     f"Real lifeform (Lifeform Identifier) revealed: Image 2 (code {second})"]
    assert "Bennings died (a noisy kill)" in said
    assert "The Remora launched at Self-Destruct 6 with 3 aboard" in said
    assert "Stowaway card revealed: second (code " in " | ".join(said)
    assert "Self-Destruct 24 (Terror icon): the lifeform may place 1 Terror token" in said[0]
    assert "Ending B: the lifeform is aboard, the Showdown began" in said
    order = [said.index(t) for t in ("Bennings died (a noisy kill)",
                                     "The Remora launched at Self-Destruct 6 with 3 aboard",
                                     "Ending B: the lifeform is aboard, the Showdown began")]
    assert order == sorted(order)
    assert len(said) == len(set(said))  # nothing said twice
    report = build_report(GAME, s.setup, s.seed, s.events)
    identifiers = [(r.value, r.code) for r in report.secrets if r.label.startswith("Real")]
    assert identifiers == [("Image 1", first), ("Image 2", second)]  # both, each its own code
    assert not any(t.count("Self-Destruct 20:") > 1 for t in said)
    assert "Self-Destruct 20: the lifeform gains a Vent token" in " | ".join(said)


def test_fights_and_showdown_deaths_are_key_moments() -> None:
    from tests.lifeform.test_lifeform_session_showdown import hibernate

    s = played()
    hibernate(s, "keep all (worked example)")
    s.do("fight_result", target="Andrew", result="matched", crew_cards_used=1)
    said = moments(s)
    assert "Fight 1 on Andrew: matched" in said
    assert len(said) == len(set(said))


def test_an_objective_is_named_in_the_report() -> None:
    s = played("third")  # the crew wins: Ending B, a wrong guess
    said = moments(s)
    assert "Secret Objective 1 (title not noted) revealed: completed (code " in \
        " | ".join(said)
    assert any(t.startswith("The end: Ending B") for t in said)
    titled = new(3)
    titled.do("record_objective", slot="1", title="Save the cat")
    titled.do("complete_objective", slot="1")
    assert "Secret Objective 1 (completed) revealed: Save the cat (code " in \
        " | ".join(moments(titled))


def test_the_module_d_hunt_s_outcome_is_a_key_moment() -> None:
    """Found by playing a module D game: the report had the hiding place but not the hunt."""
    from tests.lifeform.test_lifeform_session_showdown import example, hibernate

    for hide, searched, said in (
            ("Storage Bay", "Storage Bay", "Module D: the crew found the lifeform in the Storage "
                                           "Bay"),
            ("Cockpit", "Supply Locker", "Module D: the lifeform stayed hidden")):
        s = example(("D",))
        hibernate(s, "keep all (worked example)")
        s.do("hide_in_remora", location=hide)
        s.do("hunt_bet", location="Hypersleep Chamber")  # halon search, search, search
        s.do("hunt_step", step="skip the Halon search")
        s.do("hunt_step", step="search", location="Engineering Compartment")
        s.do("hunt_step", step="search", location=searched)
        assert said in moments(s)
