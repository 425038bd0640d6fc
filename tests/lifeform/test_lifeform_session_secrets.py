"""Secrets with commitment codes: Reality Calibration, meeting an image, attacks, the Stowaway
card, Secret Objectives (spec lifeform §3.10, §6). Nothing hidden may show before its reveal."""

from __future__ import annotations

import json
import re

import pytest

from tests.lifeform.test_lifeform_session_fixtures import lifeform_phase, new, through_setup
from trackers.engine import ActionError, Note, Session
from trackers.games.lifeform.game import GAME
from trackers.pieces import Secret, Track

CODE = re.compile(r"[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}")


def public_text(s: Session, notes: list[Note]) -> str:
    """Everything anyone may see: export, log, notes, panels, tracks, checklist."""
    parts = [json.dumps(s.state.public_dict(), sort_keys=True)]
    parts += [h.text for h in s.history()]
    parts += [n.text for n in notes]
    parts += [line for p in GAME.panels(s.state) for line in p.lines]  # type: ignore[misc]
    parts += [p.summary() for p in s.state.pieces.values()]
    parts += [t for t, _ in GAME.checklist(s.state)]  # type: ignore[misc]
    return CODE.sub("CODE", "\n".join(parts))


def twin(image: str, card: str, title: str) -> tuple[Session, list[Note]]:
    s = new(3, ("B", "D"), seed="same")
    notes: list[Note] = []
    for i, member in enumerate(("Andrew", "Jacob")):
        pool = ["Solomon", "Palmer", "Cameron", "Bennings"]
        notes += s.do("record_characters", crew_member=member, first=pool[2 * i],
                      second=pool[2 * i + 1])
    notes += s.do("reality_calibration", image=image)
    notes += s.do("record_objective", slot="1", title=title)
    notes += s.do("tick_setup", step="all remaining")
    notes += s.do("advance_self_destruct", spaces=8)
    notes += s.do("choose_stowaway", card=card)
    return s, notes


def test_hidden_choices_leave_no_trace_before_the_reveal() -> None:
    a, notes_a = twin("Image 1", "second", "Here, Kitty, Kitty!")
    b, notes_b = twin("Image 2", "third", "Torch cocooned crewmates")
    assert public_text(a, notes_a) == public_text(b, notes_b)
    for s, notes, title in ((a, notes_a, "Kitty"), (b, notes_b, "Torch")):
        assert title not in public_text(s, notes)
        assert s.state.public_dict()["facts"]["hidden"] == "not shown until revealed"
        assert '"hit"' not in json.dumps(s.state.public_dict())  # module B tokens
    assert a.state.piece("real_lifeform", Secret).code != b.state.piece(
        "real_lifeform", Secret).code


def test_every_recalibration_gets_a_new_code_even_for_the_same_image() -> None:
    s = through_setup(new(3))
    secret = s.state.piece("real_lifeform", Secret)
    first = secret.code
    s.do("meet_image", image="Image 2", character="Solomon")  # a ghost: a calibration is due
    notes = s.do("reality_calibration", image="Image 1")
    assert s.state.piece("real_lifeform", Secret).code not in (None, first)
    assert "Image 1" not in notes[0].text
    assert len(s.state.piece("real_lifeform", Secret).codes) == 2
    assert s.action("reality_calibration").private_to == "Lifeform player"
    assert s.action("reality_calibration").params[0].secret
    assert "secret" in s.history()[-1].text and "Image 1" not in s.history()[-1].text


def test_meeting_a_sensor_ghost_advances_self_destruct_and_calls_a_calibration() -> None:
    s = through_setup(new(3))  # Image 1 is real
    notes = s.do("meet_image", image="Image 2", character="Solomon")
    text = "\n".join(n.text for n in notes)
    assert "Image 1 is the real lifeform" in text and "matches code" in text
    assert "sensor ghost" in text and s.state.piece("self_destruct", Track).position == 27
    assert s.state.facts["calibration_due"]
    with pytest.raises(ActionError, match="Reality Calibration first"):
        s.do("meet_image", image="Image 1", character="Palmer")
    s.do("reality_calibration", image="Image 2")
    assert s.state.facts["calibration_due"] is None
    assert not s.state.piece("real_lifeform", Secret).revealed


def test_meeting_the_real_lifeform_is_an_attack_then_a_calibration() -> None:
    s = through_setup(new(3))
    notes = s.do("meet_image", image="Image 1", character="Solomon")
    text = "\n".join(n.text for n in notes)
    assert "step 2" in text and "step 6" in text
    assert s.state.facts["attack"]["target"] == "Solomon"
    assert s.state.piece("self_destruct", Track).position == 28
    s.do("character_killed", character="Solomon", kill="silent")
    s.do("reality_calibration", image="Image 1")
    assert s.state.facts["attack"] is None


def test_an_attack_with_reactions_t12_and_one_reaction_per_phase_t18() -> None:
    s = lifeform_phase(through_setup(new(3)))  # the idle Android phase passes
    start = s.state.piece("hostility", Track).position
    s.do("attack", character="Solomon")
    assert s.state.piece("real_lifeform", Secret).revealed
    s.do("crew_reaction", crew_member="Andrew", reaction="Hide", character="Solomon")
    assert s.state.facts["characters"]["Solomon"]["hidden"]
    with pytest.raises(ActionError, match="already played a reaction"):
        s.do("crew_reaction", crew_member="Andrew", reaction="Run!", character="Palmer")
    s.do("character_killed", character="Cameron", kill="noisy")
    assert s.state.piece("hostility", Track).position == start + 3  # T12: +1 +2
    s.do("reality_calibration", image="Image 2")
    with pytest.raises(ActionError, match="'Solomon' is not allowed"):
        s.do("attack", character="Solomon")  # hidden: not offered
    assert "Solomon" not in GAME.action("attack").params[0].allowed(s.state)


def test_the_reaction_limit_is_per_lifeform_phase_not_carried_into_the_next_round() -> None:
    s = lifeform_phase(through_setup(new(3)))  # round 1 (the idle Android phase passes)
    s.do("attack", character="Solomon")
    s.do("crew_reaction", crew_member="Andrew", reaction="Shock-Prod")
    s.do("reality_calibration", image="Image 1")
    s.do("next_phase")  # round 2, Crew Activity: a character walks into the real lifeform
    s.do("meet_image", image="Image 1", character="Palmer")
    s.do("crew_reaction", crew_member="Andrew", reaction="Shock-Prod")  # allowed again
    assert s.state.facts["attack"]["cancelled"]


def test_a_cancelled_reaction_adds_no_hostility_t16() -> None:
    s = lifeform_phase(through_setup(new(3)))
    start = s.state.piece("hostility", Track).position
    s.do("attack", character="Solomon")
    s.do("crew_reaction", crew_member="Andrew", reaction="Shock-Prod", cancelled=True)
    assert s.state.piece("hostility", Track).position == start
    s.do("crew_reaction", crew_member="Jacob", reaction="Shock-Prod")
    assert s.state.facts["attack"]["cancelled"]
    assert s.state.piece("hostility", Track).position == start + 1


def test_the_stowaway_card_is_chosen_once_at_20() -> None:
    s = through_setup(new(3))
    # Not before its milestone: the refusal names the mark and the key to get there.
    assert "when Self-Destruct reaches 20 (now 28)" in (s.blocked("choose_stowaway") or "")
    with pytest.raises(ActionError, match="Choose the Stowaway card is not possible now"):
        s.do("choose_stowaway", card="1-2 Minute")
    s.do("advance_self_destruct", spaces=8)
    assert any("Stowaway" in t for t, done in GAME.checklist(s.state) if not done)  # type: ignore
    s.do("choose_stowaway", card="1-2 Minute")
    assert not s.available("choose_stowaway")
    notes = s.do("stowaway_token", held=True)
    assert s.state.facts["stowaway_token"]
    assert "how it is collected is not in the text" in notes[0].text


def test_secret_objectives_are_revealed_when_completed() -> None:
    s = through_setup(new(3))
    s.do("record_objective", slot="2", title="Torch cocooned crewmates")
    assert str(s.action("record_objective").private_to).startswith("Crew")
    notes = s.do("complete_objective", slot="2")
    assert "Torch cocooned crewmates" in notes[0].text and "matches" in notes[0].text
    with pytest.raises(ActionError):
        s.do("complete_objective", slot="2")
    notes = s.do("complete_objective", slot="1")  # never noted: still completes
    assert "0 left" in notes[0].text
