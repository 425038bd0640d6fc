"""``tableside actions`` lists ``pin`` on every action that takes it: one that chooses a
secret, may open one (its rules reach a sealed secret's reveal or test), or decides a claim
about one. Read from the rules themselves, for every game's every action."""

from __future__ import annotations

import json
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tableside.cli import main
from tableside.cli_secrets import takes_pin
from trackers.engine.common_actions import common_actions
from trackers.games.registry import game_ids, get_game

OPENS = {"reveal", "holds", "decide"}  # Secret.reveal, Secret.holds, engine.claims.decide
# Actions whose rules reach a reveal or a test only of what the app drew and sealed to its
# own key (no player's PIN opens it), or reach one on a path they never take.
NO_PLAYER_SECRET = {
    ("lifeform", "guess_chamber"): "the solo Hunt's chamber, drawn by the app",
    ("lifeform", "hunt_bet"): "starts the hunt without asking the hiding place anything",
    ("pandora-celeste", "unlock_bay"): "a Cargo Bay's card, drawn by the app",
    ("pandora-celeste", "flip_bay"): "a Cargo Bay's card, drawn by the app",
    ("pandora-celeste", "manifest_swap"): "a Cargo Bay's card, drawn by the app",
}


def _code(obj: Any) -> Iterator[tuple[types.CodeType, dict[str, Any]]]:
    """The rules' code behind ``obj`` (a function, method, partial or class of trackers/)."""
    if isinstance(obj, types.MethodType):
        obj = obj.__func__
    if hasattr(obj, "func") and callable(obj.func):  # functools.partial
        obj = obj.func
    if isinstance(obj, types.FunctionType) and obj.__module__.startswith("trackers"):
        yield obj.__code__, obj.__globals__
    elif isinstance(obj, type) and obj.__module__.startswith("trackers"):
        for member in vars(obj).values():
            yield from _code(member)


def reaches_a_secret(apply: Any) -> bool:
    """Whether any code ``apply`` can call (every name it reads, followed through trackers/)
    asks a secret to reveal itself or answer a test: an over-estimate, never an under-one."""
    seen: set[types.CodeType] = set()
    todo = list(_code(apply))
    while todo:
        code, names = todo.pop()
        if code in seen:
            continue
        seen.add(code)
        if OPENS & set(code.co_names):
            return True
        todo += [(c, names) for c in code.co_consts if isinstance(c, types.CodeType)]
        for name in code.co_names:
            found = names.get(name)
            if isinstance(found, types.ModuleType) and found.__name__.startswith("trackers"):
                for attribute in code.co_names:
                    todo += _code(getattr(found, attribute, None))
            else:
                todo += _code(found)
    return False


def every_action() -> Iterator[tuple[str, Any]]:
    for game_id in game_ids():
        game = get_game(game_id)
        for action in (*game.actions, *common_actions(game)):
            yield game_id, action


@pytest.mark.parametrize("game_id", game_ids())
def test_every_action_that_may_open_a_players_secret_lists_pin(game_id: str) -> None:
    missing = [action.name for game, action in every_action() if game == game_id
               and (game, action.name) not in NO_PLAYER_SECRET
               and reaches_a_secret(action.apply) and not takes_pin(action)]
    assert missing == []


def test_the_actions_that_list_pin_are_those_that_choose_open_or_claim() -> None:
    listed = {(g, a.name) for g, a in every_action() if takes_pin(a)}
    assert ("lifeform", "hunt_step") in listed  # a search tests the sealed hiding place
    assert {("nemesis-lockdown", "reveal_secret"), ("nemesis-lockdown", "peek_secret"),
            ("nemesis-lockdown", "choose_secret"), ("nemesis-lockdown", "victory_check"),
            ("pandora-celeste", "call_out"), ("lifeform", "hide_in_remora")} <= listed
    for game, action in every_action():
        if (game, action.name) in listed:
            assert action.takes_pin, (game, action.name)
        else:  # nothing opened, chosen or claimed: no pin to give
            assert not any(p.secret or p.name == "owner_absent" for p in action.params)
    assert not listed & set(NO_PLAYER_SECRET)


def test_the_cli_lists_pin_on_the_hunt_step(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    data = str(tmp_path)
    assert main(["--data-dir", data, "new", "lifeform", "--players", "2",
                 "--names", "Ann,Bo"]) == 0
    session = capsys.readouterr().out.strip()
    assert main(["--data-dir", data, "actions", session, "--json"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    assert "pin" in [arg["name"] for arg in rows["hunt_step"]["args"]]
    assert "pin" not in [arg["name"] for arg in rows["hunt_bet"]["args"]]
