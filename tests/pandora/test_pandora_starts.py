"""Start locations at setup: each crewmember in turn, offered only the rooms open to them, and
the Wake-Up discard held before the setup goes on («Where the Crew will Start»)."""

from __future__ import annotations

import pytest

from trackers.engine import ActionError, Session, SessionSetup
from trackers.games.pandora_celeste import cycle
from trackers.games.pandora_celeste.game import GAME
from trackers.games.pandora_celeste.view import banner


def at_starts(crew: list[str], shipstern: bool = False) -> Session:
    s = Session(GAME, SessionSetup(len(crew), {"crew": crew, "shipstern": shipstern}),
                seed="starts")
    while cycle.current(s.state) != "protocols":
        s.do("next_step")
    s.do("add_protocol", name="Aircon", start=6)
    s.do("add_protocol", name="Jettison", start=5)
    while cycle.current(s.state) != "agendas":
        s.do("next_step")
    for name in crew:
        slug = name.lower().replace(" ", "_")
        s.do("choose_secret", secret=f"{slug}_agenda", value="Test Agenda")
        s.do("choose_secret", secret=f"{slug}_company", value="no Company Agenda")
    s.do("next_step")
    assert cycle.current(s.state) == "start"
    return s


def test_the_form_offers_only_the_rooms_open_to_whose_start_it_is() -> None:
    s = at_starts(["Cap", "Flygirl", "Cargo"])
    crew, room = GAME.action("start_location").params
    assert crew.allowed(s.state) == ["Cargo"]  # the crew's order; Jettison bans Cargo
    assert room.allowed(s.state) == ["Cryo-Chamber (Wake-Up)"]
    s.do("start_location", crew="Cargo", room="Cryo-Chamber (Wake-Up)")
    s.do("wake_up", crew="Cargo")
    assert crew.allowed(s.state) == ["Cap"]
    assert room.allowed(s.state) == ["Cryo-Chamber (Wake-Up)", "Refectory (Breakfast)",
                                     "Captain's Cabin (Workstation)"]
    with pytest.raises(ActionError, match=r"^room: Cap may start in Cryo-Chamber \(Wake-Up\) "
                       r"or Refectory \(Breakfast\) or Captain's Cabin \(Workstation\)$"):
        s.do("start_location", crew="Cap", room="Bridge (Workstation)")
    with pytest.raises(ActionError, match="crew: Cap's start comes first"):
        s.do("start_location", crew="Flygirl", room="Bridge (Workstation)")
    with pytest.raises(ActionError, match=r"crew: Cargo's start is entered already "
                       r"\(Cryo-Chamber \(Wake-Up\)\); undo it to change it"):
        s.do("start_location", crew="Cargo", room="Cryo-Chamber (Wake-Up)")
    s.do("start_location", crew="Cap", room="Captain's Cabin (Workstation)")
    s.do("start_location", crew="Flygirl", room="Bridge (Workstation)")
    assert "every crewmember's start location is entered" in str(s.blocked("start_location"))
    s.do("next_step")
    assert s.state.facts["phase"] == "cycle"


def test_the_wake_up_discard_is_held_before_the_setup_goes_on() -> None:
    s = at_starts(["Cap", "Flygirl"])
    assert "nobody has woken up" in str(s.blocked("wake_up"))
    s.do("start_location", crew="Cap", room="Cryo-Chamber (Wake-Up)")
    s.do("start_location", crew="Flygirl", room="Bridge (Workstation)")
    said = str(s.blocked("next_step"))
    assert said == ("Cap woke up in the Cryo-Chamber: they discard 1 card of their choice at "
                    "once; record it first ('Wake-Up discard')")
    assert banner(s.state) == ["SETUP", said]  # in view while it is due
    with pytest.raises(ActionError, match="Cap woke up in the Cryo-Chamber"):
        s.do("next_step")
    assert GAME.action("wake_up").params[0].allowed(s.state) == ["Cap"]
    assert "Cap discards 1 card of their choice" in s.do("wake_up", crew="Cap")[0].text
    assert s.blocked("wake_up") is not None
    s.do("next_step")
    assert s.state.facts["phase"] == "cycle"


def test_greaseball_at_work_in_the_cryo_chamber_does_not_discard() -> None:
    s = at_starts(["Greaseball"])  # only the front: his workstation is the Cryo-Chamber
    room = GAME.action("start_location").params[1]
    assert room.allowed(s.state) == ["Cryo-Chamber (Wake-Up)", "Refectory (Breakfast)",
                                     "Cryo-Chamber (Workstation)"]
    s.do("start_location", crew="Greaseball", room="Cryo-Chamber (Workstation)")
    assert s.blocked("next_step") is None
