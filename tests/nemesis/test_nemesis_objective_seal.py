"""Which Objective a player kept is decided by its seal at the Victory Check (the owner's
PIN opens it; an absent owner leaves it sealed and the table's call stands, unchecked), and
an Objective's kind is the table's answer, never read from its words (rulebook: End of the
Game)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from tests.nemesis.lockdown_play import DEAD, ISOLATED, game
from trackers.engine import ActionError, Session
from trackers.games.nemesis_lockdown.game import GAME
from trackers.pieces import Secret

ANN, BO = "ann-pin-4821", "bo-pin-7710"


def purged(tmp_path: Path, ann: str = "Send a Signal", bo: str = "Escape") -> OpenSession:
    """Ann and Bo keep an Objective behind their PINs, lock themselves in and live through
    the purge; the Active Contingency is Green."""
    table = Tableside(tmp_path)
    table.accept_board_defaults("nemesis-lockdown")
    play = table.create("nemesis-lockdown", 3, names=["Ann", "Bo", "Cy"], seed="seal")
    play.choose_secret("p1_objective", ann, pin=ANN)
    play.choose_secret("p2_objective", bo, pin=BO)
    for name in ("Ann", "Bo"):
        play.do("correct_status", player=name, status=ISOLATED)
    play.do("correct_status", player="Cy", status=DEAD)
    play.do("fast_forward")
    play.do("reveal_active_contingency", code="Green")
    return play


def kept(play: OpenSession, seat: int) -> Secret:
    return play.state.piece(f"p{seat}_objective", Secret)


def said(notes: list) -> str:
    return "\n".join(n.text for n in notes)


def test_the_victory_check_opens_the_kept_objective_with_its_owners_pin(tmp_path: Path) -> None:
    play = purged(tmp_path)
    head = play.head
    with pytest.raises(ActionError, match="owner_absent=yes"):
        play.do("victory_check", player="Ann", objective="met", objective_kind="another kind")
    with pytest.raises(ActionError, match="pin"):
        play.do("victory_check", player="Ann", objective="met", objective_kind="another kind",
                pin=BO)  # another player's PIN opens nothing
    assert play.head == head and not kept(play, 1).revealed
    notes = said(play.do("victory_check", player="Ann", objective="met",
                         objective_kind="another kind", pin=ANN))
    assert "Ann's kept Objective revealed: Send a Signal" in notes and "it matches" in notes
    assert kept(play, 1).revealed and GAME.end_record(play.state).outcomes["Ann"] == "won"
    moments = [m.text for m in play.report().moments]
    assert any(m.startswith("Ann's kept Objective revealed: Send a Signal") for m in moments)


def test_an_absent_owner_leaves_it_sealed_and_the_tables_call_unchecked(tmp_path: Path) -> None:
    play = purged(tmp_path)
    notes = said(play.do("victory_check", player="Bo", objective="met",
                         objective_kind="another kind", owner_absent=True))
    assert "Bo's kept Objective cannot be revealed" in notes and "unchecked" in notes
    assert not kept(play, 2).revealed
    assert GAME.end_record(play.state).outcomes["Bo"] == "won"
    moments = [m.text for m in play.report().moments]
    assert "Bo's kept Objective not revealed: the table's call stands, unchecked" in moments


def test_the_kind_is_asked_after_the_purge_not_read_from_the_words(tmp_path: Path) -> None:
    play = purged(tmp_path, ann="Kill the Queen", bo="Hunt down the big one")
    with pytest.raises(ActionError, match="objective_kind: the Facility was purged"):
        play.do("victory_check", player="Ann", objective="met", pin=ANN)
    with pytest.raises(ActionError, match="objective: the Facility was purged and the "
                       "Intruders live, so Bo's Kill the Queen Objective fails"):
        play.do("victory_check", player="Bo", objective="met", objective_kind="Kill the Queen",
                pin=BO)
    # The words say Queen; the table says what kind the card is.
    play.do("victory_check", player="Ann", objective="met", objective_kind="another kind",
            pin=ANN)
    assert GAME.end_record(play.state).outcomes["Ann"] == "won"


def test_a_public_objective_s_kind_is_asked_and_old_records_keep_the_words() -> None:
    s = game(("Ann", "Bo"), mode="coop")
    s.do("public_objective", player="Ann", text="Kill the Queen", objective_kind="another kind")
    s.do("public_objective", player="Bo", text="Wipe them out", objective_kind="Kill the Queen")
    s.do("objective_met", player="Ann")
    s.do("objective_met", player="Bo")
    s.do("correct_status", player="Ann", status=ISOLATED)
    s.do("correct_status", player="Bo", status=ISOLATED)
    s.do("fast_forward")
    done = {n: o["done"] for n, o in s.state.facts["objectives"].items()}
    assert done == {"Ann": True, "Bo": False}
    # The same game recorded before the kind was asked: the words decide, as they did.
    old = [replace(e, args={k: v for k, v in e.args.items() if k != "objective_kind"})
           for e in s.events]
    replayed = Session(s.game, s.setup, s.seed, events=old)
    done = {n: o["done"] for n, o in replayed.state.facts["objectives"].items()}
    assert done == {"Ann": False, "Bo": True}
