"""Virtual-mode forms ask nothing about the cards: the mirror-mode card
fields (box, reshuffle, gold, instruction, any_miss, hits) are hidden by ``Param.shown``
while the app draws, in the form, in ``tableside actions`` and in the API's check; in mirror
mode they are asked as before."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from tableside.api import Tableside
from tableside.cli import main
from tests.pandora.helpers import through_setup
from tests.pandora.test_pandora_round_keys import BLUE_DECK, _game
from tests.pandora.test_pandora_solo_pilot import SIZE
from trackers.engine import ActionError
from tui.screens.action_form import ActionFormScreen

MIRROR_FIELDS = {"box", "reshuffle", "gold", "instruction", "any_miss", "hits"}


def _mirror_game(tmp_path: Path) -> str:
    """The same table as ``_game`` with the cards flipped at the table."""
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 1, options={"crew": ["Flygirl"]}, seed="keys",
                        title="Mirror")
    through_setup(play, (("Vacuum", 4), ("Aircon", 7)))
    play.do("reveal_nasty", name="Bug", room="Galley")
    sid = play.id
    play.close()
    table.close()
    return sid


class Shell(App[None]):
    """A bare app under the form: the fields are the form's, whatever screen opened it (the
    session screen's keys opening forms are its own pilots' subject, X in
    tests/pandora/test_pandora_round_keys.py)."""

    def compose(self) -> ComposeResult:
        yield Static("the table")


async def _form_fields(tmp_path: Path, action: str) -> set[str]:
    table = Tableside(tmp_path)
    play = table.load(table.sessions()[0].id)
    app = Shell()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(ActionFormScreen(play, play.action(action)))
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ActionFormScreen), form
        ids = {w.id[len("arg-"):] for w in form.query("Input, Select, Checkbox")
               if w.id and w.id.startswith("arg-")}
        await pilot.press("escape")
    play.close()
    table.close()
    return ids


async def test_the_attack_form_asks_no_card_when_the_app_draws(tmp_path: Path) -> None:
    _game(tmp_path, BLUE_DECK)
    fields = await _form_fields(tmp_path, "nasty_attacks")  # in the Nasty round
    assert fields == {"nasty", "crew", "defence", "eva_suit"}, fields  # no MonsterBug: no MP


async def test_the_attack_form_asks_the_card_in_mirror_mode(tmp_path: Path) -> None:
    _mirror_game(tmp_path)
    fields = await _form_fields(tmp_path, "nasty_attacks")
    assert fields == {"nasty", "crew", "defence", "eva_suit", "box", "reshuffle"}, fields


def test_a_card_typed_in_virtual_mode_is_refused_naming_the_field(tmp_path: Path) -> None:
    _game(tmp_path, BLUE_DECK)
    table = Tableside(tmp_path)
    play = table.load(table.sessions()[0].id)
    head = play.head
    with pytest.raises(ActionError, match=r"^box: not asked now \(the app draws the cards in "
                                          r"virtual mode\); leave it out$"):
        play.do("nasty_attacks", box="red (HIT)")
    assert play.head == head
    play.close()
    table.close()


def test_tableside_actions_lists_no_card_field_when_the_app_draws(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _game(tmp_path, BLUE_DECK)
    sid = Tableside(tmp_path).sessions()[0].id
    assert main(["--data-dir", str(tmp_path), "actions", sid, "--json"]) == 0
    rows = {r["name"]: {a["name"] for a in r["args"]}
            for r in json.loads(capsys.readouterr().out)}
    rows["reveal_nasty"].discard("hits")  # another Nasty's printed Hits, not a card's
    assert {n: MIRROR_FIELDS & args for n, args in rows.items() if MIRROR_FIELDS & args} == {}
    assert rows["crew_attack"] == {"crew", "nasty", "weapon", "dmg"}

    mirror = _mirror_game(tmp_path / "m")
    assert main(["--data-dir", str(tmp_path / "m"), "actions", mirror]) == 0
    out = capsys.readouterr().out
    line = next(ln for ln in out.splitlines() if ln[2:].startswith("crew_attack "))
    assert "box=<" in line and "gold=<" in line and "reshuffle=<" in line
