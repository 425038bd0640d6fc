"""The game contract: play modes, board values asked for when needed, the end, moments."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.demo.game import GAME
from trackers.engine import ActionError, BoardValue, Session, SessionSetup
from trackers.engine.actions import BoardValueNeeded

pytestmark = pytest.mark.usefixtures("demo_registered")


def test_a_missing_board_value_is_asked_for_not_refused() -> None:
    session = Session(GAME, SessionSetup(2), "s")
    with pytest.raises(BoardValueNeeded) as raised:
        session.do("open_hatch")
    assert raised.value.keys == ["hatch_space"]
    assert "Hatch space" in str(raised.value)
    assert session.head == 0


def test_the_asked_value_is_logged_undoable_and_kept_in_the_profile(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="b")
    notes = play.do_with_board("open_hatch", {"hatch_space": "4"})
    assert "The hatch opens at space 4" in [n.text for n in notes]
    assert [h.text for h in play.history()] == ["Board value: Hatch space = 4", "Open the hatch"]
    assert table.board_profile("demo") == {"hatch_space": 4}
    play.undo(2)
    assert "hatch_space" not in play.state.board


def test_a_bad_asked_value_records_nothing(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="b")
    with pytest.raises(ActionError, match="Hatch space: '12' is not allowed; give a whole number "
                                          "from 1 to 9"):
        play.do_with_board("open_hatch", {"hatch_space": "12"})
    assert play.head == 0 and table.board_profile("demo") == {}


def test_after_the_end_only_corrections_remain() -> None:
    session = Session(GAME, SessionSetup(2), "s")
    session.do("escape", who="Ann")
    assert GAME.end_record(session.state) is not None
    assert GAME.status_of(session.state) == "ended: Escape"
    assert not session.available("fire")
    with pytest.raises(ActionError, match="the game is over \\(Escape\\)"):
        session.do("fire")
    session.do("set_value", target="fires.value", value=2)  # a correction is still possible
    session.undo(2)
    session.do("fire")


def test_each_action_records_the_moment_it_happened_in() -> None:
    session = Session(GAME, SessionSetup(2), "s")
    session.do("fire")
    assert session.events[0].when == {"round": 1}
    assert session.events[0].to_record()["when"] == {"round": 1}


def test_play_mode_and_names_are_checked() -> None:
    assert Session(GAME, SessionSetup(3), "s").setup.mode == "standard"
    with pytest.raises(ActionError, match="mode: 'solo' is not a way to play Demo"):
        Session(GAME, SessionSetup(2, mode="solo"), "s")
    with pytest.raises(ActionError, match="is given twice; give each player a different name"):
        Session(GAME, SessionSetup(2, names=("Ann", "ann")), "s")
    with pytest.raises(ActionError, match="each name is 1 to 40"):
        Session(GAME, SessionSetup(2, names=("Ann", "B" * 41)), "s")


@pytest.mark.parametrize(("kind", "extra", "typed", "kept", "shown"), [
    ("int", {}, " 7 ", 7, "7"),
    ("ints", {}, "16, 17 19", [16, 17, 19], "16, 17, 19"),
    ("bool", {}, "Yes", True, "yes"),
    ("label", {"labels": ("top", "bottom")}, "Bottom", "bottom", "bottom"),
    ("range", {}, "3-7", [3, 7], "3-7"),
    ("pairs", {}, "1:2, 3:4", [[1, 2], [3, 4]], "1:2, 3:4"),
])
def test_board_values_read_as_the_board_does(kind: str, extra: dict[str, object], typed: str,
                                             kept: object, shown: str) -> None:
    value = BoardValue("v", "A value", "the board", kind, **extra)  # type: ignore[arg-type]
    assert value.parse(typed) == kept
    assert value.show(kept) == shown
    assert value.parse(value.show(kept)) == kept  # what is shown reads back


@pytest.mark.parametrize(("kind", "extra", "typed", "says"), [
    ("int", {"minimum": 1, "maximum": 9}, "10", "a whole number from 1 to 9"),
    ("int", {}, "9" * 5000, "a whole number"),
    ("bool", {}, "maybe", "yes or no"),
    ("label", {"labels": ("top", "bottom")}, "middle", "one of: top, bottom"),
    ("range", {}, "7-3", "the low end 7 is above the high end 3"),
    ("pairs", {}, "1:2:3", "pairs such as 1:2, 3:4"),
])
def test_a_bad_board_value_names_it_and_what_is_allowed(kind: str, extra: dict[str, object],
                                                        typed: str, says: str) -> None:
    value = BoardValue("v", "A value", "the board", kind, **extra)  # type: ignore[arg-type]
    with pytest.raises(ActionError) as raised:
        value.parse(typed)
    assert str(raised.value).startswith("A value:") and says in str(raised.value)


def test_secret_pickers_show_labels_not_piece_ids() -> None:
    session = Session(GAME, SessionSetup(2), "s")
    param = session.action("choose_secret").params[0]
    assert param.label_of(session.state, "plan") == "Plan"


def test_a_play_mode_has_only_its_own_actions_and_board_values() -> None:
    from trackers.games.registry import get_game

    lifeform = get_game("lifeform")
    solo = Session(lifeform, SessionSetup(1), "s")
    names = {a.name for a in solo.actions()}
    assert "draw_crisis" in names and "attack" not in names  # the crew's moves are not solo's
    crew = Session(lifeform, SessionSetup(3), "s")
    assert "attack" in {a.name for a in crew.actions()}
    assert len(lifeform.board_values_for("solo")) < len(lifeform.board_values)


def test_a_sealed_secret_cannot_be_looked_at_before_its_reveal() -> None:
    from trackers.pieces import Secret

    session = Session(GAME, SessionSetup(2), "s")
    session.do("choose_secret", secret="plan", value="left")
    session.state.pieces["plan"] = Secret.from_dict(
        session.state.pieces["plan"].to_dict() | {"sealed": True})
    assert "plan" not in session.action("peek_secret").params[0].allowed(session.state)
    with pytest.raises(ActionError, match="'plan' is not allowed"):
        session.do("peek_secret", secret="plan", who="Ann", label="Plan")
    assert session.head == 1  # the look refused, nothing recorded


def test_a_games_own_commitment_keeps_the_code_the_table_saw() -> None:
    """A value a game hid itself, edited in the journal afterwards, fails its reveal: the
    replay keeps the code recorded when the table saw it, not one made from the edit."""
    import dataclasses

    played = Session(GAME, SessionSetup(2), "s")
    played.do("hide_plan", where="left")
    seen = played.state.pieces["plan"].code  # type: ignore[attr-defined]
    assert played.events[0].codes == {"plan": seen}
    edited = [dataclasses.replace(played.events[0], args={"where": "right"})]
    again = Session(GAME, SessionSetup(2), "s", events=edited)
    assert again.state.pieces["plan"].code == seen  # type: ignore[attr-defined]
    notes = again.do("reveal_secret", secret="plan")
    assert "DOES NOT match" in notes[0].text
    honest = Session(GAME, SessionSetup(2), "s", events=played.events)
    assert "DOES NOT match" not in honest.do("reveal_secret", secret="plan")[0].text
