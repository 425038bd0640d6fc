"""The API says what is wrong: every public method checks its arguments'
types in one place (``tableside.arguments.checked``) and refuses a wrong one with
``ActionError`` naming the field and what is allowed, recording nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tableside.api import OpenSession, Tableside
from trackers.engine import ActionError


@pytest.fixture
def table(tmp_path: Path) -> Tableside:
    return Tableside(tmp_path / "data")


@pytest.mark.parametrize(("call", "field", "allowed"), [
    (lambda t: t.create("lifeform", True), "players", "a whole number"),
    (lambda t: t.create("lifeform", "3"), "players", "a whole number"),
    (lambda t: t.create("lifeform", 3, names="AB"), "names", "not one string"),
    (lambda t: t.create("lifeform", 3, names=["Ann", 2, "Cy"]), "names", "list of text"),
    (lambda t: t.create("lifeform", 3, options=[1]), "options", "a dict"),
    (lambda t: t.create(3, 3), "game", "text"),
    (lambda t: t.load(42), "session_id", "text"),
    (lambda t: t.rename("x", None), "title", "text"),
    (lambda t: t.set_board_profile("lifeform", ["a"]), "values", "a dict"),
])
def test_a_table_method_given_the_wrong_type_names_the_field(
        table: Tableside, call: Callable[[Tableside], Any], field: str, allowed: str) -> None:
    with pytest.raises(ActionError, match=f"^{field}: give .*{allowed}") as caught:
        call(table)
    assert caught.value.field == field
    assert table.sessions() == []  # nothing was created


@pytest.fixture
def play(table: Tableside) -> OpenSession:
    return table.create("nemesis-lockdown", 2, names=["Ann", "Bo"])


@pytest.mark.parametrize(("call", "field", "allowed"), [
    (lambda p: p.jump("3"), "head", "a whole number"),
    (lambda p: p.undo(True), "steps", "a whole number"),
    (lambda p: p.redo(1.5), "steps", "a whole number"),
    (lambda p: p.choose_secret("p1_objective", "Escape", pin=1234), "pin", "text or nothing"),
    (lambda p: p.choose_secret("p1_objective", 7), "value", "text"),
    (lambda p: p.do(5), "action", "text"),
    (lambda p: p.history("2"), "latest", "a whole number or nothing"),
    (lambda p: p.import_board("x=1"), "values", "a dict"),
])
def test_a_session_method_given_the_wrong_type_names_the_field_and_records_nothing(
        play: OpenSession, call: Callable[[OpenSession], Any], field: str,
        allowed: str) -> None:
    before = play.history()
    with pytest.raises(ActionError, match=f"^{field}: give .*{allowed}"):
        call(play)
    assert play.history() == before


def test_the_right_types_still_work(table: Tableside) -> None:
    play = table.create("lifeform", 3, names=("Ann", "Bo", "Cy"), options={"modules": []})
    assert play.setup.names == ("Ann", "Bo", "Cy")
    play.do("set_value", target="self_destruct.position", value=5)
    play.undo(1)
    play.jump(1)
    assert play.head == 1
    assert table.load(play.id, read_only=True).head == 1
