"""An owner's PIN guards writing as well as reading: set at an explicit moment (its own
record, outside the numbered actions), changed with the old one, asked to choose or replace
any secret of theirs; a wrong try is counted under the session's lock, also when several are
made at once; a chosen secret is replaced only when the rules let its owner, every code kept."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from tests.test_sealed_claims import claims_registered  # noqa: F401 (a fixture)
from trackers.engine import ActionError
from trackers.pieces import Secret

ANN, BO = "ann-pin-1", "bo-pin-22"
OBJECTIVE = "Escape with the samples"


@pytest.fixture
def play(tmp_path: Path) -> Iterator[OpenSession]:
    table = Tableside(tmp_path, by="app")
    game = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    yield game
    game.close()
    table.close()


def test_a_pin_set_before_play_is_its_own_record_and_undo_never_takes_it(
        play: OpenSession) -> None:
    play.set_pin("Ann", ANN)
    assert play.head == 0 and play.pin_is_set("Ann")
    assert [line.text for line in play.table_log()] == ["Ann's PIN set at the laptop"]
    play.set_pin("Bo", decline_pin=True)
    play.do("choose_secret", secret="p2_objective", value="x", pin=None)  # Bo declined
    play.undo()
    assert play.pin_is_set("Ann") and play.has_key("Bo") and not play.pin_is_set("Bo")
    with pytest.raises(ActionError, match="old_pin: Ann's PIN is set; give the old one"):
        play.set_pin("Ann", "someone-else")  # nobody sets it again over hers


def test_choosing_for_an_owner_with_a_pin_needs_their_pin(play: OpenSession) -> None:
    play.set_pin("Ann", ANN)
    play.set_pin("Bo", BO)
    assert play.pin_needed("choose_secret", secret="p1_objective", value=OBJECTIVE) == \
        ("Ann", "Ann's kept Objective")
    with pytest.raises(ActionError, match="pin: no PIN for Ann's kept Objective"):
        play.choose_secret("p1_objective", OBJECTIVE)
    with pytest.raises(ActionError, match="pin: a wrong PIN for Ann's kept Objective"):
        play.choose_secret("p1_objective", OBJECTIVE, pin=BO)  # another player's PIN
    assert play.head == 0 and not play.state.piece("p1_objective", Secret).is_set
    play.choose_secret("p1_objective", OBJECTIVE, pin=ANN)
    assert play.secret_value("p1_objective", pin=ANN) == OBJECTIVE
    kinds = [line.kind for line in play.table_log()]
    assert kinds == ["pin", "pin", "no_pin", "wrong_pin", "look"]


def test_a_chosen_secret_is_not_chosen_again_even_with_the_pin(play: OpenSession) -> None:
    play.choose_secret("p1_objective", OBJECTIVE, pin=ANN)
    with pytest.raises(ActionError, match="secret: 'p1_objective' is not allowed"):
        play.choose_secret("p1_objective", "Kill the Queen", pin=ANN)
    assert play.secret_value("p1_objective", pin=ANN) == OBJECTIVE


def test_a_changed_pin_opens_what_was_sealed_before_and_the_old_one_no_longer(
        play: OpenSession) -> None:
    play.choose_secret("p1_objective", OBJECTIVE, pin=ANN)
    with pytest.raises(ActionError, match="old_pin: a wrong PIN for changing the PIN"):
        play.set_pin("Ann", "new-pin-33", old_pin=BO)
    play.set_pin("Ann", "new-pin-33", old_pin=ANN)
    assert play.secret_value("p1_objective", pin="new-pin-33") == OBJECTIVE
    with pytest.raises(ActionError, match="wrong PIN"):
        play.secret_value("p1_objective", pin=ANN)
    assert "Ann's PIN changed at the laptop" in [line.text for line in play.table_log()]


def test_the_log_says_where_a_secret_was_typed_never_who_typed_it(tmp_path: Path) -> None:
    table = Tableside(tmp_path, by="app")
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    play.choose_secret("p2_objective", OBJECTIVE, pin=BO)
    seat = Tableside(tmp_path, by="seat Ann 4242").load(play.id)
    seat.choose_secret("p1_objective", OBJECTIVE, pin=ANN)
    play.refresh()
    lines = [entry.text for entry in play.history()]
    assert lines[0].endswith(": chosen for Bo at the laptop")
    assert lines[1].endswith(": chosen at Ann's seat")
    assert "chosen by" not in " ".join(n.text for n in play.notes)
    seat.close()
    play.close()


def test_a_replacement_the_rules_allow_keeps_every_code_and_the_reveal_shows_them(
        tmp_path: Path, claims_registered: None) -> None:  # noqa: F811
    table = Tableside(tmp_path)
    play = table.create("claims-demo", 2, names=["Ann", "Bo"])
    play.choose_secret("ann_card", "Loyal", pin=ANN)
    first = play.state.piece("ann_card", Secret).code
    with pytest.raises(ActionError, match="secret: 'ann_card' is not allowed"):
        play.choose_secret("ann_card", "Company", pin=ANN)  # not now: the rules say when
    play.do("recall")
    with pytest.raises(ActionError, match="pin: no PIN for Ann's card"):
        play.choose_secret("ann_card", "Company")  # due, but only its owner replaces it
    play.choose_secret("ann_card", "Company", pin=ANN)
    second = play.state.piece("ann_card", Secret).code
    with pytest.raises(ActionError, match="not allowed"):
        play.choose_secret("ann_card", "Loyal", pin=ANN)  # one replacement per time allowed
    note = play.do("reveal_secret", secret="ann_card", pin=ANN)[0].text
    assert "revealed: Company" in note and f"Codes shown, oldest first: {first}, {second}; " \
        f"checked against the one in force, {second}; it matches" in note
    play.close()


def test_wrong_pins_tried_at_once_are_counted_in_turn_and_the_rest_wait(
        play: OpenSession, tmp_path: Path) -> None:
    """Eight windows on one data folder try a wrong PIN at the same instant: one is tested
    (the wait was over), the others find its count and are refused with the wait."""
    play.choose_secret("p1_objective", OBJECTIVE, pin=ANN)
    long_ago = (datetime.now() - timedelta(hours=1)).isoformat(timespec="milliseconds")
    for _ in range(7):  # seven wrong tries an hour ago: the next wrong one waits 32 s
        play.append({"t": "audit", "kind": "wrong_pin", "owner": "Ann",
                     "secret": "Ann's kept Objective", "doing": "look", "at": long_ago,
                     "by": "app"})
    windows = [Tableside(tmp_path, by=f"cli {n}").load(play.id) for n in range(8)]
    start = threading.Barrier(len(windows))
    said: list[str] = []

    def try_pin(window: OpenSession) -> None:
        start.wait()
        try:
            window.secret_value("p1_objective", pin="0000000")
        except ActionError as err:
            said.append(str(err))

    threads = [threading.Thread(target=try_pin, args=(w,)) for w in windows]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    play.refresh()
    wrong = [line for line in play.table_log() if line.kind == "wrong_pin"]
    assert len(wrong) == 8  # the seven before, and one of the eight
    assert sum("a wrong PIN" in text for text in said) == 1
    assert sum("too many wrong PINs" in text and "wait 3" in text for text in said) == 7
    for window in windows:
        window.close()


def test_a_seat_chooses_its_players_secret_only_with_their_pin(tmp_path: Path) -> None:
    from tableside import seat_actions

    table = Tableside(tmp_path, by="app")
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])
    seat_table = Tableside(tmp_path, by="seat Ann 77")
    seat = seat_table.load(play.id)
    seat.set_pin("Ann", ANN)  # the seat sets its own player's PIN
    with pytest.raises(ActionError, match="pin: no PIN for Ann's kept Objective"):
        seat_actions.choose(seat, "p1_objective", OBJECTIVE, None)
    with pytest.raises(ActionError, match="pin: a wrong PIN"):
        seat_actions.choose(seat, "p1_objective", OBJECTIVE, BO)
    seat_actions.choose(seat, "p1_objective", OBJECTIVE, ANN)
    play.refresh()
    log = [line.text for line in play.table_log()]
    assert log[0] == "Ann's PIN set at Ann's seat"
    assert play.history()[-1].text.endswith(": chosen at Ann's seat")
    seat.close()
    seat_table.close()
    play.close()
    table.close()
