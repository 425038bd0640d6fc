"""The spare Cargo Cards under the Ship's Manifest are looked at by its holder behind the
curtain, with the owner's PIN: ``p`` on the game screen lists every secret held, by owner
(rulebook «Using the Ship's Manifest»)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList, Static

from tableside.api import OpenSession, Tableside
from tableside.dealt import cards_of
from tests.pandora.helpers import through_setup, walk_to
from tests.pandora.test_pandora_manifest import DECK, PIN
from tui.app import TablesideApp
from tui.screens.peek import PeekScreen
from tui.screens.pick import PickScreen


def _readied(table: Tableside) -> OpenSession:
    """Scenario 4, Ann (Cap) and Bo (Greaseball); Bo's Greaseball readies the Manifest."""
    table.set_board_profile("pandora-celeste", {"cargo_deck": "; ".join(DECK)})
    play = table.create("pandora-celeste", 2, names=("Ann", "Bo"), seed="look", options={
        "crew": ["Cap", "Greaseball"], "nasty_cards": "virtual", "scenario": "Scenario 4",
        "custom_big_nasties": "1"}, board={"objective_timer": 9})
    through_setup(play, pin=PIN)
    walk_to(play, "crew_round")  # type: ignore[arg-type]
    play.do("ready_manifest", crew="Greaseball")
    return play


async def test_p_lists_the_manifest_and_its_holder_looks_with_their_pin(
        tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = _readied(table)
    held = cards_of(play.secret_value("ship_manifest", pin=PIN))
    play.close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: resume the game
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        pick = app.screen
        assert isinstance(pick, PickScreen)
        options = pick.query_one("#pick", OptionList)
        listed = [str(o.prompt) for o in options.options]
        line = "The spare Cargo Cards under the Ship's Manifest (Bo)"
        assert line in listed
        assert "Cap's Hidden Agenda (Ann)" in listed
        assert not any("Cargo Bay" in shown for shown in listed)  # dealt face down: nobody's
        await pilot.press(*["down"] * (listed.index(line) - (options.highlighted or 0)), "enter")
        await pilot.pause()
        peek = app.screen
        assert isinstance(peek, PeekScreen) and peek.name_of_secret == "ship_manifest"
        said = "\n".join(str(w.render()) for w in peek.query(Static))
        assert "Hand the laptop to Bo" in said and not any(c in said for c in held)
        await pilot.press(*PIN, "enter")
        await pilot.pause()
        said = "\n".join(str(w.render()) for w in peek.query(Static))
        assert all(card in said for card in held)
        shown = peek.query_one("#peek-value", Static)  # every card in view, wrapped at 80
        assert shown.size.height >= len(str(shown.render())) // shown.size.width + 1
