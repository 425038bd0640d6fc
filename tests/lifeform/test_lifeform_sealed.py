"""Lifeform's secrets sealed at rest, played through the API: the Reality
Calibration, the Stowaway card, the Secret Objectives, Module D's hiding place and the solo
Hunt's chamber. The lifeform player sets a PIN once; a reveal (meeting an image, the launch,
the hunt's end) needs it and records value and nonce; a test ("is it here?") records only the
answer; the Hunt's chamber is the app's, drawn once per hunt and hand."""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random
from typing import Any

import pytest

from tableside.api import OpenSession, Tableside
from tests.lifeform.test_lifeform_session_fixtures import NAMES
from tests.lifeform.test_lifeform_session_showdown import example, hibernate
from tests.lifeform.test_solo_session import BOARD as SOLO_BOARD
from trackers.engine import ActionError, Session
from trackers.engine.actions import ANSWERS, OPENED
from trackers.pieces import Secret

NONCE = re.compile(r"nonce [0-9a-f]+")
LIFE = "sarah-pin-9"  # the Lifeform player's PIN
CREW = "crew-pin-7"


def api_copy(table: Tableside, s: Session, pins: dict[str, str]) -> OpenSession:
    """The same game played through the API: every action of ``s`` done by ``play.do``, the
    owner's PIN given where an action seals or opens one of their secrets."""
    play = table.create("lifeform", s.setup.players, names=s.setup.names,
                        options=dict(s.setup.options), board=dict(s.setup.board),
                        seed=s.seed)
    for event in s.events[:s.head]:
        needed = play.pin_needed(event.action, **event.args)
        action = play.action(event.action)
        owner = needed[0] if needed else action.private_to
        play.do(event.action, pin=pins.get(owner or ""), **event.args)
    return play


@pytest.fixture
def table(tmp_path: Path) -> Tableside:
    return Tableside(tmp_path)


def lifeform_game(table: Tableside) -> OpenSession:
    play = table.create("lifeform", 3, names=NAMES[3], board=dict(example().setup.board))
    for member, pair in (("Andrew", ("Solomon", "Palmer")), ("Jacob", ("Cameron", "Bennings"))):
        play.do("record_characters", crew_member=member, first=pair[0], second=pair[1])
    return play


def test_five_calibrations_set_the_pin_once_and_each_needs_it(table: Tableside) -> None:
    play = lifeform_game(table)
    with pytest.raises(ActionError, match="first secret in this game"):
        play.do("reality_calibration", image="Image 2")
    play.do("reality_calibration", image="Image 2", pin=LIFE)  # set once, with the first
    play.do("tick_setup", step="all remaining")
    codes = {play.state.piece("real_lifeform", Secret).code}
    for turn, image in enumerate(("Image 1", "Image 2", "Image 2", "Image 1")):
        # a calibration is made only when one is due: a ghost met, the table's call here
        play.do("meet_image", image="Image 1", character="Solomon", owner_absent=True,
                table_says="a sensor ghost")
        if turn == 0:
            with pytest.raises(ActionError, match="no PIN for Reality Calibration"):
                play.do("reality_calibration", image="Image 1")  # nobody else replaces it
        play.do("reality_calibration", image=image, pin=LIFE)
        codes.add(play.state.piece("real_lifeform", Secret).code)
    assert len(codes) == 5  # a new code each time, even for the same image
    assert play.pin_is_set("Lifeform player")
    assert [line.kind for line in play.table_log()] == ["no_pin"]
    for event in play.session.events:
        if event.action == "reality_calibration":
            assert set(event.args["image"]) == {"code", "sealed", "to"}
            assert "Image" not in json.dumps(event.args)


def test_meeting_an_image_needs_the_lifeform_pin_and_records_the_reveal(
        table: Tableside) -> None:
    play = lifeform_game(table)
    play.do("reality_calibration", image="Image 2", pin=LIFE)
    play.do("tick_setup", step="all remaining")
    assert play.pin_needed("meet_image", image="Image 1", character="Solomon") == \
        ("Lifeform player", "Real lifeform (Lifeform Identifier)")
    head = play.head
    with pytest.raises(ActionError, match="no PIN"):
        play.do("meet_image", image="Image 1", character="Solomon")
    with pytest.raises(ActionError, match="wrong PIN"):
        play.do("meet_image", image="Image 1", character="Solomon", pin=CREW)
    assert play.head == head
    notes = play.do("meet_image", image="Image 1", character="Solomon", pin=LIFE)
    assert "Image 2 is the real lifeform" in notes[0].text and "it matches" in notes[0].text
    opened = play.session.events[-1].args[OPENED]["real_lifeform"]
    assert opened["value"] == "Image 2" and len(opened["nonce"]) == 32  # in the clear
    assert [line.kind for line in play.table_log()] == ["no_pin", "wrong_pin", "reveal"]


def test_a_revealed_then_undone_calibration_stays_in_the_report(table: Tableside) -> None:
    play = lifeform_game(table)
    play.do("reality_calibration", image="Image 1", pin=LIFE)
    play.do("tick_setup", step="all remaining")
    play.do("meet_image", image="Image 2", character="Solomon", pin=LIFE)
    play.undo()
    play.do("draw_cards", who="crew member", crew_member="Andrew",
            count=1)  # a new action: the reveal's branch goes
    report = play.report()
    assert report.secrets == ()  # the state: nothing revealed now
    log = [(line.text, line.undone) for line in report.table_log]
    assert log == [("Real lifeform (Lifeform Identifier) revealed (A character meets an "
                    "image), opened with the Lifeform player's PIN", True)]


def test_the_stowaway_card_is_sealed_and_revealed_at_the_launch(table: Tableside) -> None:
    s = example()
    play = api_copy(table, s, {"Lifeform player": LIFE, "Crew (not the Lifeform player)": CREW})
    launch = play.session.events[-1]
    assert launch.action == "launch" and launch.args[OPENED]["stowaway"]["value"] == "second"
    choose = next(e for e in play.session.events if e.action == "choose_stowaway")
    assert "second" not in json.dumps(choose.args)
    # the same game as the bare engine played it, reveal and ending alike
    assert play.session.state.facts["ending"] == s.state.facts["ending"]
    assert play.state.piece("stowaway", Secret).revealed


def test_module_d_asks_is_it_here_and_records_only_the_answer(table: Tableside) -> None:
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("hide_in_remora", location="Storage Bay")
    s.do("hunt_bet", location="Cockpit")
    play = api_copy(table, s, {"Lifeform player": LIFE, "Crew (not the Lifeform player)": CREW})
    hide = next(e for e in play.session.events if e.action == "hide_in_remora")
    assert "Storage Bay" not in json.dumps(hide.args)
    play.do("hunt_step", step="skip the Halon search")
    with pytest.raises(ActionError, match="PIN"):
        play.do("hunt_step", step="search", location="Cockpit")
    play.do("hunt_step", step="search", location="Cockpit", pin=LIFE)
    search = play.session.events[-1]
    assert search.args[ANSWERS] == {"hiding_place": {"Cockpit": False}}
    assert OPENED not in search.args and "Storage Bay" not in json.dumps(search.args)
    assert not play.state.piece("hiding_place", Secret).revealed
    notes = play.do("hunt_step", step="search", location="Storage Bay", pin=LIFE)
    text = "\n".join(n.text for n in notes)
    assert "IT'S IN HERE!" in text and "the hiding place was the Storage Bay" in text
    assert play.state.piece("hiding_place", Secret).revealed
    # the bare engine, with the value in the clear, says the same (its nonce aside)
    s.do("hunt_step", step="skip the Halon search")
    s.do("hunt_step", step="search", location="Cockpit")
    bare = s.do("hunt_step", step="search", location="Storage Bay")
    assert [NONCE.sub("nonce N", n.text) for n in bare] == \
        [NONCE.sub("nonce N", n.text) for n in notes]


def test_module_d_s_mark_is_decided_by_the_sealed_hiding_place(table: Tableside) -> None:
    """The mark asks the lifeform's PIN and records only "not here"; on its real hiding place
    the seal refuses it, nothing recorded; owner absent: it stands, unchecked, in the log."""
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("set_board_value", key="module_d.actions_3_disks",
         value="lifeform reveal, search, search")
    s.do("hide_in_remora", location="Storage Bay")
    s.do("hunt_bet", location="Cockpit")
    play = api_copy(table, s, {"Lifeform player": LIFE, "Crew (not the Lifeform player)": CREW})
    head = play.head
    with pytest.raises(ActionError, match="PIN"):
        play.do("hunt_step", step="lifeform reveal", location="Storage Bay")
    with pytest.raises(ActionError, match="the seal refuses this mark"):
        play.do("hunt_step", step="lifeform reveal", location="Storage Bay", pin=LIFE)
    assert play.head == head and not play.state.piece("hiding_place", Secret).revealed
    play.do("hunt_step", step="lifeform reveal", location="Cockpit", pin=LIFE)
    mark = play.session.events[-1]
    assert mark.args[ANSWERS] == {"hiding_place": {"Cockpit": False}}
    assert "Storage Bay" not in json.dumps(mark.args)
    play.undo()
    notes = play.do("hunt_step", step="lifeform reveal", location="Storage Bay",
                    owner_absent=True)
    assert any("unchecked" in n.text for n in notes)
    assert ANSWERS not in play.session.events[-1].args


# --- the solo Hunt: the app's own hidden draw --------------------------------------------------
def solo_hunt_ready(table: Tableside, cleared: str = "Cockpit", seed: str | None = None
                    ) -> OpenSession:
    play = table.create("lifeform", 1, names=["Ripley"], board=SOLO_BOARD, seed=seed)
    play.do("crisis_card", chamber=cleared)
    play.do("set_board_value", key="solo_objective_names", value="Restore power, Find the codes")
    for which in ("1", "2", "umbilicus"):  # module C's must-complete objectives
        play.do("solo_objective", objective=which)
    play.do("solo_launch", lifeform_aboard=True)
    return play


def test_the_hiding_card_is_drawn_when_the_chamber_is_pointed_at(table: Tableside) -> None:
    """Nothing lies face down in the files between the Hunt and the guess; the draw made at
    the guess is kept: undone and made again (even after another action), the same card."""
    play = solo_hunt_ready(table)
    notes = play.do("hunt")
    assert "draws which at random when you point" in notes[0].text
    assert not play.state.piece("hiding_chamber", Secret).is_set
    assert "_drawn" not in play.session.events[-1].args
    held = play.state.facts["shuttle"]["held"]
    first = play.do("guess_chamber", chamber=held[0])[0].text
    card = play.state.piece("hiding_chamber", Secret).value
    assert card in held and f"the card: {card}" in first
    play.undo(2)
    play.do("confront")  # another action in between
    play.undo()
    play.do("hunt")
    assert play.do("guess_chamber", chamber=held[-1])[0].text.count(f"the card: {card}") == 1


def test_undo_and_hunt_again_hides_the_same_chamber(table: Tableside) -> None:
    """A game given a seed on purpose keeps the app's sealed draw at the Hunt."""
    play = solo_hunt_ready(table, seed="repeatable")
    play.do("hunt")
    first = play.state.piece("hiding_chamber", Secret).code
    play.undo()
    play.do("confront")  # another action in between
    play.undo()
    play.do("hunt")
    assert play.state.piece("hiding_chamber", Secret).code == first
    with pytest.raises(ActionError, match="nobody may look before it is revealed"):
        play.secret_value("hiding_chamber")
    held = play.state.facts["shuttle"]["held"]
    notes = play.do("guess_chamber", chamber=held[0])  # the app's key opens it: no PIN
    assert "it matches the code shown when it was drawn" in notes[0].text
    assert play.table_log()[-1].text.endswith("opened with the app's key")


def test_forty_hunts_cannot_be_predicted_from_the_seed(tmp_path: Path) -> None:
    """The chamber comes from the OS's randomness: even knowing the seed (sealed in the files),
    the old prediction (the event's random stream) hits no more than chance."""
    hits = held_total = 0
    for hunt in range(40):
        # a data folder each: one catalog of forty games is rewritten at each save, a cost
        # that grows with every game and that tells nothing about the draw
        table = Tableside(tmp_path / str(hunt))
        play = solo_hunt_ready(table)
        held = list(play.state.facts["shuttle"]["held"])
        play.do("hunt")
        seq = play.head
        predicted = Random(f"{play.session.seed}:{seq}").choice(held)
        notes = play.do("guess_chamber", chamber=predicted)
        hits += "right: fight as normal" in "\n".join(n.text for n in notes)
        held_total += len(held)
        header = json.loads(table.store.journal_path(play.id).read_text().splitlines()[0]
                            .split(" ", 1)[1])
        assert not isinstance(header["seed"], str)  # sealed: the file alone predicts nothing
        play.close()
    chance = 40 / (held_total / 40)  # 10 with 4 cards held
    assert hits <= chance + 12, (hits, chance)  # p < 0.001 by chance; 40 of 40 before


def test_a_hand_the_draw_never_saw_gets_its_own_draw(table: Tableside) -> None:
    play = solo_hunt_ready(table, seed="repeatable")
    play.do("hunt")
    draw: dict[str, Any] = dict(play.session.events[-1].args["_drawn"])
    assert draw["draw"].startswith("1:") and set(draw) == {"code", "sealed", "to", "draw"}
