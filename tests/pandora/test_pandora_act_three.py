"""The Act III Reveal after Abandon Ship (rulebook «Abandon Ship») when a player cannot give
their PIN: the table goes on without the reveal, logged and marked unchecked, the Agenda type
still sealed (only its owner's PIN opens it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.pandora.helpers import enter_setup
from trackers.engine import ActionError

PIN = "246810"


def test_a_player_who_cannot_give_their_pin_does_not_hold_play(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 1, options={"crew": ["Flygirl"]},
                        board={"bridge_stations": 2, "tracker_top": 9, "objective_timer": 9})
    while play.state.facts["phase"] == "setup":
        enter_setup(play, company=("Flygirl",), pin=PIN)
        if play.state.facts["step"] == 2 and len(play.state.facts["protocols"]) < 2:
            play.do("add_protocol", name="Vacuum", start=4)
            play.do("add_protocol", name="Aircon", start=6)
        play.do("next_step")
    play.do("override_protocol", protocol="Aircon", big_nasty="MonsterBug", gold=3)
    play.do("override_protocol", protocol="Vacuum", big_nasty="Time Jumper", gold=8)
    assert "Act III Reveal" in str(play.blocked("next_step"))
    with pytest.raises(ActionError, match="owner_absent=yes"):
        play.do("reveal_secret", secret="flygirl_company")  # no PIN: refused, says the way on
    notes = " ".join(str(n) for n in play.do("reveal_secret", secret="flygirl_company",
                                              owner_absent=True))
    assert "Flygirl's Agenda type: not revealed: unchecked" in notes
    secret = play.state.pieces["flygirl_company"]
    assert not secret.revealed  # type: ignore[attr-defined]
    assert play.blocked("next_step") is None
    play.do("next_step")
    # the value is nowhere the table can read: not in the notes, the log or the files
    assert "Company Agenda" not in notes
    for path in tmp_path.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".jsonl", ".txt"):
            assert '"Company Agenda"' not in path.read_text(errors="ignore")
    with pytest.raises(ActionError, match="owner_absent: the table went on without"):
        play.do("reveal_secret", secret="flygirl_company", owner_absent=True)
    # the owner may still reveal it with their PIN later
    assert "revealed" in " ".join(str(n) for n in play.do(
        "reveal_secret", secret="flygirl_company", pin=PIN))
