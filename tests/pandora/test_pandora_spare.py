"""A spare crewmember woken after a death (rulebook «When a Crewmember dies»): the dead one's
player takes a crewmember not yet in play, in the Cryo-Chamber, with a new Agenda recorded
behind the curtain; their outcome is the player's."""

from __future__ import annotations

import pytest

from tests.pandora.helpers import started, texts
from trackers.engine import ActionError
from trackers.pieces import Secret


def test_a_spare_wakes_in_the_dead_ones_seat_with_a_new_agenda() -> None:
    s = started(("Cargo", "Cap", "Flygirl"), players=3, seed="spare", mode="crew")
    with pytest.raises(ActionError, match="Wake a spare crewmember is not possible now|dead"):
        s.do("wake_spare", dead="Cargo", spare="Greaseball")
    notes = s.do("wound", crew="Cargo", dmg=8)
    assert any(n.key_moment == "Cargo died" for n in notes)
    assert "wake a spare crewmember ('Wake a spare crewmember')" in texts(notes)
    with pytest.raises(ActionError, match="spare: 'Cap' is not allowed"):
        s.do("wake_spare", dead="Cargo", spare="Cap")
    notes = s.do("wake_spare", dead="Cargo", spare="Greaseball")
    assert "deal a Hand of 4, put the token in the Cryo-Chamber; draw 2 Hidden Agendas, keep 1" \
        in texts(notes)
    assert list(s.state.facts["crew"]) == ["Cargo", "Greaseball", "Cap", "Flygirl"]
    assert s.state.facts["crew"]["Greaseball"]["player"] == "Player 1"
    assert s.state.facts["crew"]["Greaseball"]["room"] == "Cryo-Chamber"
    assert isinstance(s.state.pieces["greaseball_agenda"], Secret)
    s.do("choose_secret", secret="greaseball_company", value="no Company Agenda")
    with pytest.raises(ActionError, match="dead: 'Cargo' is not allowed"):
        s.do("wake_spare", dead="Cargo", spare="Skins")  # one comeback per death
    s.do("end_game", how="the table stops here")
    record = s.game.end_record(s.state)
    assert record is not None and record.outcomes["Player 1"] == "loser"  # Greaseball on board


def test_the_noise_count_follows_the_last_pass_and_still_checks_the_decoupling() -> None:
    """Played: about 5 'Next step' presses after the last Pass before 'Noise count'."""
    s = started(("Cap", "Flygirl"), seed="count", mode="crew")
    s.do("next_step")  # Start of Cycle -> Crew Round
    s.do("record_noise", crew="Cap", colour="Red")
    notes = texts(s.do("count_noise"))
    assert "Noise & Doors Round: Red Security Doors" in notes
    assert "First Target: Cap" in notes
    from trackers.games.pandora_celeste import cycle

    assert cycle.current(s.state) == "refill"


def test_setup_holds_until_every_agenda_is_recorded() -> None:
    """Played: the Hidden Agendas step passed with nothing recorded, said only as a warning."""
    from trackers.engine import Session, SessionSetup
    from trackers.games.pandora_celeste import cycle
    from trackers.games.pandora_celeste.game import GAME

    s = Session(GAME, SessionSetup(2, {"crew": ["Cap", "Flygirl"]}), seed="ag")
    while cycle.current(s.state) != "agendas":
        if cycle.current(s.state) == "protocols" and not s.state.facts["protocols"]:
            s.do("add_protocol", name="Vacuum", start=4)
            s.do("add_protocol", name="Aircon", start=6)
        s.do("next_step")
    s.do("choose_secret", secret="cap_agenda", value="The Smoking Gun")
    s.do("choose_secret", secret="cap_company", value="no Company Agenda")
    said = str(s.blocked("next_step"))
    assert said.startswith("Flygirl: record the kept Hidden Agenda and its type")
    s.do("choose_secret", secret="flygirl_agenda", value="The Guardian Angel")
    s.do("choose_secret", secret="flygirl_company", value="no Company Agenda")
    s.do("next_step")
    assert cycle.current(s.state) == "start"
    assert "enter each start location first ('Start location'): Cap:" in str(
        s.blocked("next_step"))
    s.do("start_location", crew="Cap", room="Cryo-Chamber (Wake-Up)")
    s.do("start_location", crew="Flygirl", room="Cryo-Chamber (Wake-Up)")
    s.do("wake_up", crew="Cap")
    s.do("wake_up", crew="Flygirl")
    s.do("next_step")
    assert s.state.facts["phase"] == "cycle"
