"""The Ship's Manifest when the app deals the Cargo Cards (rulebook «Using the Ship's
Manifest»): the spares fixed when it is readied, sealed to its holder, sealed again when it
changes hands, and swapped into a Bay just turned up (never a Cargo Bay Nasty or XWT Control)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from tableside.dealt import cards_of
from tests.pandora.helpers import through_setup, walk_to
from trackers.engine import ActionError
from trackers.engine.actions import DEALT

# TEST DATA: an imaginary Cargo Deck of nine (the rulebook lists no Cargo Cards)
DECK = ["Seed Crop = Agri", "Rations = Agri", "Pulse Rifles = Military", "Uniforms = Military",
        "Widgets = Tech: Widgets", "Bug = Cargo Bay Nasty", "XWT Control = XWT Control",
        "Scanners = Tech", "Chips = Tech"]
PIN = "manifest-pin"


@pytest.fixture
def play(tmp_path: Path) -> Iterator[OpenSession]:
    table = Tableside(tmp_path)
    table.set_board_profile("pandora-celeste", {"cargo_deck": "; ".join(DECK)})
    game = table.create("pandora-celeste", 2, options={
        "crew": ["Cap", "Greaseball"], "nasty_cards": "virtual", "scenario": "Scenario 4",
        "custom_big_nasties": "1"}, board={"objective_timer": 9})
    through_setup(game, pin=PIN)
    walk_to(game, "crew_round")  # type: ignore[arg-type]
    yield game
    game.close()
    table.close()


def spares(play: OpenSession) -> list[str]:
    return cards_of(play.secret_value("ship_manifest", pin=PIN))


def test_the_spares_are_fixed_when_it_is_readied_and_sealed_to_its_holder(
        play: OpenSession) -> None:
    with pytest.raises(ActionError, match="nobody has readied the Ship's Manifest"):
        play.do("manifest_swap", bay="1", card="Chips", kind="Tech")
    play.do("ready_manifest", crew="Cap")
    record = play.session.events[-1].args[DEALT]
    assert record["hand"]["to"] == play.state.pieces["cap_agenda"].owner
    assert sorted(record["face_down"]) == [f"cargo_bay_{n}" for n in range(1, 7)]
    assert not any(card.partition(" = ")[0] in json.dumps(record) for card in DECK)
    shown = play.state.pieces["ship_manifest"].summary()
    assert "hidden (code" in shown and not any(c.partition(" = ")[0] in shown for c in DECK)
    held = spares(play)
    assert len(held) == 3 and set(held) < set(DECK)
    # the Bays hold the rest: a Bay unlocked draws nothing, and never a spare
    play.do("unlock_bay", bay="2")
    play.do("flip_bay", bay="2")
    assert play.state.facts["stern"]["bays"]["2"] in set(DECK) - set(held)


def test_it_is_sealed_again_to_the_new_holder(play: OpenSession) -> None:
    play.do("ready_manifest", crew="Cap")
    held = spares(play)
    with pytest.raises(ActionError, match="in Cap's Ready Tool Slot already"):
        play.do("ready_manifest", crew="Cap")
    play.do("ready_manifest", crew="Greaseball")
    piece = play.state.pieces["ship_manifest"]
    assert piece.owner == play.state.pieces["greaseball_agenda"].owner  # type: ignore
    assert piece.locked["to"] == piece.owner  # type: ignore[attr-defined]
    assert spares(play) == held
    assert play.session.events[-1].args[DEALT]["face_down"] == {}  # the Bays keep theirs


def first_bay_to_swap(play: OpenSession) -> str:
    """Open Bays in turn until one shows a card the Manifest may replace."""
    for bay in ("1", "2", "3", "4", "5", "6"):
        play.do("unlock_bay", bay=bay)
        play.do("flip_bay", bay=bay)
        kind = play.state.facts["stern"]["bays"][bay].partition(" = ")[2]
        if kind not in ("Cargo Bay Nasty", "XWT Control"):
            return bay
        with pytest.raises(ActionError, match=f"Cargo Bay {bay}, opened last, shows {kind}"):
            play.do("manifest_swap", bay=bay, card="Chips", kind="Tech", pin=PIN)
    raise AssertionError("only two cards of the deck may not be swapped")


def test_a_swap_shows_the_card_with_the_holders_pin_after_the_bay_is_turned_up(
        play: OpenSession) -> None:
    play.do("ready_manifest", crew="Cap")
    held = spares(play)
    bay = first_bay_to_swap(play)
    shown = play.state.facts["stern"]["bays"][bay]
    assert play.pin_needed("manifest_swap", bay=bay, card="Chips", kind="Tech") is not None
    not_there = next(c for c in DECK if c not in held)
    with pytest.raises(ActionError, match="is not among the spare Cargo Cards under the Ship"):
        play.do("manifest_swap", bay=bay, card=not_there.partition(" = ")[0],
                kind=not_there.partition(" = ")[2], pin=PIN)
    name, _, kind = held[0].partition(" = ")
    with pytest.raises(ActionError, match="pin: a wrong PIN"):
        play.do("manifest_swap", bay=bay, card=name, kind=kind, pin="wrong-pin-0")
    play.do("manifest_swap", bay=bay, card=name, kind=kind, pin=PIN)
    assert play.state.facts["stern"]["bays"][bay] == held[0]
    assert sorted(spares(play)) == sorted([*held[1:], shown])


def test_an_undone_readying_deals_the_same_cards_again(play: OpenSession) -> None:
    play.do("ready_manifest", crew="Cap")
    first = play.session.events[-1].args[DEALT]["face_down"]
    held = spares(play)
    play.undo()
    play.do("ready_manifest", crew="Greaseball")  # undo never re-deals, whoever readies it
    assert play.session.events[-1].args[DEALT]["face_down"] == first
    assert spares(play) == held


def test_the_spares_are_on_the_holders_seat_and_follow_the_manifest(play: OpenSession) -> None:
    from tableside.seat_actions import Seat, chosen

    cap, greaseball = (play.state.pieces[f"{n}_agenda"].owner for n in ("cap", "greaseball"))
    play.do("ready_manifest", crew="Cap")
    assert "ship_manifest" in chosen(play, Seat.of(play, cap))
    assert "ship_manifest" not in chosen(play, Seat.of(play, greaseball))
    play.do("ready_manifest", crew="Greaseball")
    assert "ship_manifest" in chosen(play, Seat.of(play, greaseball))
    assert "ship_manifest" not in chosen(play, Seat.of(play, cap))
