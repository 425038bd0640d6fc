"""Action arguments: a bad one gets a clear message naming the field, and nothing is recorded."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from tests.demo.game import GAME as DEMO
from trackers.engine import (
    Action,
    ActionError,
    BoardValue,
    Game,
    Note,
    Option,
    Param,
    Session,
    SessionSetup,
    State,
)
from trackers.engine.info import GameInfo, PlayMode
from trackers.pieces import Counter


class ListJournal:
    """Collects records, as the saves' journal file would."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []

    def append(self, record: dict[str, Any]) -> None:
        self.records.append(record)


def _record(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    state.facts["seen"].append(args)
    return [Note(f"recorded {sorted(args)}", "topic-x")]


def _boom(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    state.facts["seen"].append("half-done")  # on the private copy: must not leak out
    state.piece("tokens", Counter).add(-5)  # below the floor: PieceError
    return []


def _setup(setup: SessionSetup, rng: Random) -> State:
    return State(pieces={"tokens": Counter("Tokens", 1, limit=4)}, facts={"seen": []})


PARAMS = Game(
    info=GameInfo("params", "Params", (PlayMode("standard", "standard", (1, 2)),)),
    setup=_setup,
    options=(Option("mode", "Mode", "choice", "easy", ("easy", "hard")),
             Option("modules", "Modules", "multi", [], ("A", "B")),
             Option("solo_bot", "Solo bot", "bool", False)),
    actions=(
        Action("mixed", "Mixed", "Every kind of argument.", _record, (
            Param("count", "int", "how many", minimum=0, maximum=5),
            Param("colour", "choice", "which colour", choices=("red", "blue")),
            Param("loud", "bool", "shout it"),
            Param("who", "str", "whose"),
            Param("extra", "int", "optional", optional=True, default=2),
        )),
        Action("name_it", "Name it", "A parameter called name.", _record,
               (Param("name", "str", "a character's name"),)),
        Action("dynamic", "Dynamic", "Choices from the state.", _record,
               (Param("piece", "choice", "which piece",
                      choices=lambda state: sorted(state.pieces)),)),
        Action("locked", "Locked", "Never possible.", _record, enabled=lambda state: False),
        Action("boom", "Boom", "Fails half-way.", _boom),
        Action("flip", "Flip", "A card the table flips, unless the app draws it.", _record,
               (Param("card", "int", "the card flipped", minimum=1, maximum=9,
                      shown=lambda state: not state.facts.get("app_draws"),
                      hidden_why="the app draws the cards"),
                Param("loud", "bool", "shout it", optional=True, default=False))),
    ),
    board_values=(BoardValue("spaces", "Spaces", "board", "ints", 0, 30),),
)

GOOD = {"count": 3, "colour": "red", "loud": True, "who": "Ann"}


def fresh() -> tuple[Session, ListJournal]:
    journal = ListJournal()
    return Session(PARAMS, SessionSetup(2), "seed", journal=journal), journal


def refused(session: Session, journal: ListJournal, name: str, **args: Any) -> ActionError:
    """Do an action that must be refused; check that nothing at all was recorded."""
    before = session.state.to_dict()
    with pytest.raises(ActionError) as caught:
        session.do(name, **args)
    assert session.events == []
    assert session.head == 0
    assert journal.records == []
    assert session.state.to_dict() == before
    return caught.value


def test_good_arguments_are_applied_and_recorded() -> None:
    session, journal = fresh()
    notes = session.do("mixed", **GOOD)
    assert notes == [Note("recorded ['colour', 'count', 'extra', 'loud', 'who']", "topic-x")]
    assert session.state.facts["seen"] == [GOOD | {"extra": 2}]
    assert journal.records[0]["action"] == "mixed"
    assert journal.records[0]["args"] == GOOD | {"extra": 2}


def test_text_from_a_form_or_the_command_line_is_converted() -> None:
    session, _ = fresh()
    session.do("mixed", count=" 4 ", colour=" blue", loud="yes", who="  Bob ", extra="1")
    assert session.state.facts["seen"][-1] == {"count": 4, "colour": "blue", "loud": True,
                                               "who": "Bob", "extra": 1}
    session.do("mixed", **GOOD | {"loud": "no"})
    assert session.state.facts["seen"][-1]["loud"] is False


def test_unknown_argument_names_it_and_the_allowed_ones() -> None:
    session, journal = fresh()
    err = refused(session, journal, "mixed", **GOOD, colour_="red")
    assert err.field == "colour_"
    assert "unknown argument 'colour_'" in str(err)
    assert "colour, count, extra, loud, who" in str(err)


def test_missing_argument_names_it_and_what_to_give() -> None:
    session, journal = fresh()
    args = dict(GOOD)
    del args["count"]
    err = refused(session, journal, "mixed", **args)
    assert err.field == "count"
    assert str(err) == "count: required; give a whole number from 0 to 5"


@pytest.mark.parametrize("bad", ["three", 2.5, True, "", None, [1], "+-3", "--3", "\u00b2", "1e3"])
def test_wrong_type_for_a_whole_number_names_the_field(bad: Any) -> None:
    session, journal = fresh()
    err = refused(session, journal, "mixed", **GOOD | {"count": bad})
    assert err.field == "count"
    assert str(err).startswith("count: ")
    assert "whole number from 0 to 5" in str(err)


@pytest.mark.parametrize("bad", [-1, 6, "99", 10**30])
def test_out_of_range_names_the_field_and_the_range(bad: Any) -> None:
    session, journal = fresh()
    err = refused(session, journal, "mixed", **GOOD | {"count": bad})
    assert err.field == "count"
    assert "from 0 to 5" in str(err)


@pytest.mark.parametrize("bad", ["green", "RED", 1, ""])
def test_bad_choice_names_the_field_and_lists_the_choices(bad: Any) -> None:
    session, journal = fresh()
    err = refused(session, journal, "mixed", **GOOD | {"colour": bad})
    assert err.field == "colour"
    assert "one of: red, blue" in str(err)


@pytest.mark.parametrize("bad", ["maybe", 2, "", 1.0])
def test_bad_yes_no_names_the_field(bad: Any) -> None:
    session, journal = fresh()
    err = refused(session, journal, "mixed", **GOOD | {"loud": bad})
    assert err.field == "loud"
    assert "yes or no" in str(err)


@pytest.mark.parametrize("bad", ["", "   ", 5])
def test_empty_or_non_text_is_refused_for_text(bad: Any) -> None:
    session, journal = fresh()
    err = refused(session, journal, "mixed", **GOOD | {"who": bad})
    assert err.field == "who"


def test_choices_can_come_from_the_state() -> None:
    session, journal = fresh()
    err = refused(session, journal, "dynamic", piece="nope")
    assert "one of: tokens" in str(err)
    session.do("dynamic", piece="tokens")
    assert session.head == 1


def test_a_parameter_may_be_called_name() -> None:
    """Game modules name characters; ``do(name, ...)`` must not clash with an argument."""
    session, _ = fresh()
    session.do("name_it", name="Ripley")
    assert session.state.facts["seen"] == [{"name": "Ripley"}]


def test_unknown_action_is_refused() -> None:
    session, journal = fresh()
    err = refused(session, journal, "fly")
    assert err.field == "action"
    assert "no action named 'fly'" in str(err)


def test_an_action_not_possible_now_is_refused() -> None:
    session, journal = fresh()
    assert not session.available("locked")
    err = refused(session, journal, "locked")
    assert "not possible now" in str(err)


def test_an_action_that_fails_half_way_changes_nothing() -> None:
    session, journal = fresh()
    err = refused(session, journal, "boom")
    assert "cannot go below 0" in str(err)
    assert session.state.facts["seen"] == []
    assert session.state.piece("tokens", Counter).value == 1


def test_a_journal_that_fails_leaves_the_session_unchanged() -> None:
    """The screen must never say an action happened that was not saved."""

    class BrokenJournal:
        def append(self, record: dict[str, Any]) -> None:
            raise OSError(28, "No space left on device")

    session = Session(PARAMS, SessionSetup(2), "seed", journal=BrokenJournal())
    with pytest.raises(OSError):
        session.do("mixed", **GOOD)
    assert (session.head, session.events, session.state.facts["seen"]) == (0, [], [])


# --- set value by hand --------------------------------------------------------------------------
def test_set_value_out_of_range_names_the_range_and_records_nothing() -> None:
    session, journal = fresh()
    err = refused(session, journal, "set_value", target="tokens.value", value=9)
    assert "0 to 4" in str(err)


def test_set_value_unknown_target_lists_the_allowed_targets() -> None:
    session, journal = fresh()
    err = refused(session, journal, "set_value", target="tokens.colour", value=1)
    assert err.field == "target"
    assert "one of: tokens.value" in str(err)


# --- board values ------------------------------------------------------------------------------
def test_board_value_lists_are_checked_item_by_item() -> None:
    session, journal = fresh()
    err = refused(session, journal, "set_board_value", key="spaces", value="3, x, 5")
    assert err.field == "spaces"
    assert "whole numbers separated by commas from 0 to 30" in str(err)
    refused(session, journal, "set_board_value", key="spaces", value="3, 31")
    refused(session, journal, "set_board_value", key="spaces", value="+-3")
    session.do("set_board_value", key="spaces", value="16, 17 19")
    assert session.state.board == {"spaces": [16, 17, 19]}


def test_board_value_int_refuses_junk_cleanly() -> None:
    session = Session(DEMO, SessionSetup(2), "s")
    for bad in ("+-3", "ten", "10", "0", "1.5"):
        with pytest.raises(ActionError) as caught:
            session.do("set_board_value", key="hatch_space", value=bad)
        assert caught.value.field == "hatch_space"
    assert session.events == []


# --- setup ---------------------------------------------------------------------------------------
def test_player_count_outside_the_game_is_refused() -> None:
    with pytest.raises(ActionError, match="played by 1, 2") as caught:
        Session(PARAMS, SessionSetup(3), "s")
    assert caught.value.field == "players"


def test_options_are_checked_and_defaults_filled() -> None:
    session = Session(PARAMS, SessionSetup(1, {"modules": ["B", "A", "B"]}), "s")
    assert session.setup.options == {"mode": "easy", "modules": ["A", "B"], "solo_bot": False}
    with pytest.raises(ActionError, match="unknown"):
        Session(PARAMS, SessionSetup(1, {"moduls": ["A"]}), "s")
    with pytest.raises(ActionError, match="easy, hard"):
        Session(PARAMS, SessionSetup(1, {"mode": "brutal"}), "s")
    with pytest.raises(ActionError, match="drawn from A, B"):
        Session(PARAMS, SessionSetup(1, {"modules": ["C"]}), "s")
    with pytest.raises(ActionError, match="true or false"):
        Session(PARAMS, SessionSetup(1, {"solo_bot": "yes"}), "s")


def test_names_must_match_the_player_count() -> None:
    with pytest.raises(ActionError, match="give 2 names"):
        Session(PARAMS, SessionSetup(2, names=("Ann",)), "s")
    assert Session(PARAMS, SessionSetup(2), "s").setup.names == ("Player 1", "Player 2")


def test_every_game_gets_the_common_actions() -> None:
    session = Session(DEMO, SessionSetup(2), "s")
    names = {a.name for a in session.actions()}
    assert {"set_value", "choose_secret", "reveal_secret", "set_board_value"} <= names
    assert {"advance", "draw", "fire"} <= names


def _lock(state: State, args: dict[str, Any], rng: Random) -> list[Note | str]:
    state.facts["locked"] = True
    return [Note("The hatch is locked", key_moment="Hatch locked")]


REFUSALS = Game(
    info=GameInfo("refusals", "Refusals", (PlayMode("standard", "standard", (1, 2)),)),
    setup=lambda s, rng: State(facts={"locked": False, "seen": []}),
    actions=(
        Action("lock", "Lock the hatch", "Lock it.", _lock,
               why_not=lambda st: "the hatch is locked already" if st.facts["locked"] else None),
        Action("open", "Open the hatch", "Open it.", _record,
               enabled=lambda st: not st.facts["locked"]),
    ),
)


def test_a_refusal_says_why_and_changes_nothing() -> None:
    """An action refused by its own rule says why (``why_not``), in the engine's message."""
    session = Session(REFUSALS, SessionSetup(1), "s", journal=ListJournal())
    assert session.blocked("lock") is None and session.available("lock")
    session.do("lock")
    assert session.blocked("lock") == "the hatch is locked already"
    with pytest.raises(ActionError, match="Lock the hatch is not possible now: the hatch is "
                                          "locked already"):
        session.do("lock")
    # A bare ``enabled`` still refuses, with a generic reason rather than none.
    assert session.blocked("open")
    assert not session.available("open")
    assert len(session.events) == 1


def test_a_note_marked_as_a_key_moment_is_in_the_report() -> None:
    from trackers.engine.report import build_report

    session = Session(REFUSALS, SessionSetup(1), "s", journal=ListJournal())
    session.do("lock")
    report = build_report(REFUSALS, SessionSetup(1), session.seed, session.events)
    assert [(m.kind, m.text) for m in report.moments if m.kind == "game"] == [
        ("game", "Hatch locked")]


def test_a_field_not_shown_is_not_asked_and_a_value_for_it_is_refused() -> None:
    """``Param.shown``: a field the table is not asked in this game's state (the card when the
    app draws) is left out of the fields shown, takes its default, and a value typed for it
    is refused naming the field and why; shown again, it is asked as before."""
    session, journal = fresh()
    flip = session.action("flip")
    assert [p.name for p in flip.shown_params(session.state)] == ["card", "loud"]
    err = refused(session, journal, "flip")
    assert err.field == "card" and "card: required; give a whole number from 1 to 9" in str(err)

    session.state.facts["app_draws"] = True
    assert [p.name for p in flip.shown_params(session.state)] == ["loud"]
    err = refused(session, journal, "flip", card=3)
    assert err.field == "card"
    assert str(err) == "card: not asked now (the app draws the cards); leave it out"
    session.do("flip", card="  ")  # a blank field (the CLI's "card=") is "not given"
    session.do("flip", loud="yes")
    assert session.state.facts["seen"] == [{"card": None, "loud": False},
                                           {"card": None, "loud": True}]
