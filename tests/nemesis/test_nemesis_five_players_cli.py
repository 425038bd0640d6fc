"""A five-player game played through the ``tableside`` command, from setup to the Victory
Check: the box's Contingency tokens asked at the deal, the First Encounter, a death, the
Autodestruction and the Alert, everyone out, Fast-forward, and the seal deciding the kept
Objective (run in-process through ``tableside.cli.main``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tableside import cli
from tableside.cli import main

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
BOARD = {"time_last_number": "1", "css_slots": "10,8,6,4,2,1",
         "red_thresholds": "14,13,9,7,4", "blue_thresholds": "11,5,3"}
ROUND = ("next_step", "next_step", "next_step", "advance_time", "next_step", "next_step",
         "next_step", "next_step", "develop_bag drawn=Blank", "next_step", "next_step",
         "next_step")  # from the Player turns to the next round's Player turns


@pytest.fixture(autouse=True)
def one_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line's parser built once for this game's 76 commands, not once each (half
    their CPU): the same parser each time, as ``main`` would build it; building it afresh
    for each command is what every other CLI test does (tests/test_cli_saves.py)."""
    parser = cli.build_parser()
    monkeypatch.setattr(cli, "build_parser", lambda: parser)


class Table:
    def __init__(self, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.data, self.capsys, self.id = data, capsys, ""

    def run(self, *argv: str) -> tuple[int, str]:
        code = main(["--data-dir", str(self.data), *argv])
        out, err = self.capsys.readouterr()
        return code, out + err

    def do(self, action: str, *args: str, ok: bool = True) -> str:
        code, said = self.run("do", self.id, action, *args)
        assert (code == 0) == ok, said
        return said


def test_five_players_through_the_cli_to_the_victory_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = Table(tmp_path, capsys)
    code, out = t.run("new", "nemesis-lockdown", "--players", "5", "--names", ",".join(NAMES),
                      "--seed", "five")
    assert code == 0
    t.id = out.strip().splitlines()[-1]
    for key, value in BOARD.items():
        t.do("set_board_value", f"key={key}", f"value={value}")
    for _ in range(2):  # the setup up to the Power tokens
        t.do("next_step")
    assert "'Enter Power tokens'" in t.do("next_step", ok=False)
    t.do("place_power", "s01=1", "s02=2", "s03=3", "elevator=4")
    for _ in range(6):  # on to the Contingency deal
        t.do("next_step")
    assert "Contingency tokens in your box" in t.do("next_step", ok=False)
    t.do("set_board_value", "key=contingency_tokens", "value=5")
    assert "this setup deals 6 Contingency tokens and your box holds 5" in \
        t.do("next_step", ok=False)
    t.do("set_board_value", "key=contingency_tokens", "value=6")
    t.do("next_step")  # the deal
    for name in NAMES:
        t.do("character_kind", f"player={name}", "kind=Facility Worker")
    for _ in range(3):  # the draft; round 1 to its Player turns
        t.do("next_step")
    t.do("choose_secret", "secret=p2_objective", "value=Kill the Queen", "pin=bo-7710")
    assert "First Encounter" in t.do("encounter", "room=Laboratory", "drawn=Adult")
    for _ in range(4):
        said = t.do("wound", "player=Di", "kind=serious")
    assert "the Main Gate opens" in said
    assert "'Choose a secret', key c" in t.do("next_step", ok=False)
    for seat, name in enumerate(NAMES, 1):
        if name not in ("Bo", "Di"):  # Bo kept hers; Di is dead
            t.do("choose_secret", f"secret=p{seat}_objective", "value=Send a Signal", "pin=none")
    t.do("start_autodestruction")  # yellow on 12, red on 9 once passed
    for step in ROUND * 2:
        t.do(*step.split(" "))
    t.do("start_alert")  # on 6, past the red token to come
    for name, how in (("Bo", "in the Bunker"), ("Cy", "in the Bunker"),
                      ("Ed", "locked in the Isolation Room"),
                      ("Ann", "locked in the Isolation Room")):
        t.do("leave", f"player={name}", f"how={how}")
    assert "nothing remains to play" in t.do("next_step", ok=False)
    assert "reaches the Autodestruction token" in t.do("fast_forward", "jump_to=S", ok=False)
    said = t.do("fast_forward")
    assert "Time token 13 -> 9" in said and "Game over (Facility destroyed)" in said
    t.do("reveal_active_contingency", "code=Green")
    assert "owner_absent=yes" in t.do("victory_check", "player=Bo", "objective=met", ok=False)
    said = t.do("victory_check", "player=Bo", "objective=met", "pin=bo-7710")
    assert "Bo's kept Objective revealed: Kill the Queen" in said and "Bo wins" in said
    assert "Cy cannot win" in t.do("victory_check", "player=Cy", "objective=cannot be revealed")
    code, out = t.run("report", t.id, "--json")
    report = json.loads(out)
    assert report["end"]["winners"] == ["Bo"]
    moments = [m["text"] for m in report["moments"]]
    for said in ("First Encounter", "Di dies (wounds)", "Main Gate opens (the first death)",
                 "Ann dies (Facility destroyed)", "Ed dies (Facility destroyed)"):
        assert said in moments, said
