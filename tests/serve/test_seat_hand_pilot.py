"""A seat shows its own player's hand, as the game keeps it, and no one else's.

Lifeform, 3 players (Ann the Lifeform player, Bo and Cy the crew): Ann's seat has the
Lifeform cards in her hand; Bo's has his Crew cards and the Mining Laser once he takes it; a
draw recorded at the laptop shows on his seat at its next look (each second). Neither seat
lists the other's hand. A Nemesis seat holds the player's kept Objective, a Pandora
Scenario 3 seat their Hidden Agenda and its type, each by its code, never another's.
"""

from __future__ import annotations

from pathlib import Path

from tableside.api import Tableside
from tests.serve.browser import until
from tests.tui.screen_text import panel_text
from tui.seat_app import SeatApp


def _game(data: Path, game: str, **options: object) -> str:
    table = Tableside(data)
    play = table.create(game, 3, names=["Ann", "Bo", "Cy"], options=dict(options) or None)
    game_id = play.id
    play.close()
    table.close()
    return game_id


async def test_each_lifeform_seat_shows_its_own_hand(tmp_path: Path) -> None:
    game_id = _game(tmp_path, "lifeform")
    ann = SeatApp(tmp_path, game_id, 1)
    async with ann.run_test(size=(50, 60)) as pilot:
        await pilot.pause()
        yours = panel_text(ann, "#yours")
        assert "Your hand" in yours
        assert "Lifeform deck: 3 cards in your hand" in yours
        assert "Crew deck" not in yours
    bo = SeatApp(tmp_path, game_id, 2)
    async with bo.run_test(size=(50, 60)) as pilot:
        await pilot.pause()
        yours = panel_text(bo, "#yours")
        assert "Crew deck: 3 cards in your hand" in yours
        assert "Lifeform deck" not in yours and "Cy" not in yours and "Ann" not in yours
        table = Tableside(tmp_path, by="app")  # the laptop records a draw and the Laser
        laptop = table.load(game_id)
        laptop.do("draw_cards", who="crew member", crew_member="Bo", count=2)
        laptop.do("take_mining_laser", crew_member="Bo")
        laptop.do("draw_cards", who="crew member", crew_member="Cy", count=1)
        await until(lambda: "Crew deck: 5 cards in your hand" in panel_text(bo, "#yours"),
                    "Bo's draw on his seat")
        yours = panel_text(bo, "#yours")
        assert "You also hold: Mining Laser" in yours
        assert "4 cards" not in yours  # Cy's hand is not his
        laptop.close()
        table.close()


async def test_a_nemesis_seat_holds_its_players_objective_only(tmp_path: Path) -> None:
    game_id = _game(tmp_path, "nemesis-lockdown")
    table = Tableside(tmp_path, by="app")
    laptop = table.load(game_id)
    laptop.choose_secret("p2_objective", "Escape pod", pin="135790")  # Bo's, at the laptop
    code = laptop.state.pieces["p2_objective"].code  # type: ignore[attr-defined]
    laptop.close()
    table.close()
    for seat, mine, other in ((2, "Bo's kept Objective: chosen, code", "Ann's kept"),
                              (1, "Ann's kept Objective: not chosen yet", "Bo's kept")):
        app = SeatApp(tmp_path, game_id, seat)
        async with app.run_test(size=(50, 60)) as pilot:
            await pilot.pause()
            yours = panel_text(app, "#yours")
            assert mine in yours and other not in yours and "Escape pod" not in yours
            assert (code in yours) == (seat == 2)


async def test_a_pandora_seat_holds_its_players_hidden_agenda(tmp_path: Path) -> None:
    crew = ["Cargo", "Cap", "Flygirl"]
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 3, names=["Ann", "Bo", "Cy"],
                        options={"crew": crew, "scenario": "Scenario 3"})
    game_id = play.id
    agendas = {n: p.label for n, p in play.state.pieces.items() if n.endswith("_agenda")}
    play.close()
    table.close()
    assert len(agendas) == 3
    app = SeatApp(tmp_path, game_id, 2)
    async with app.run_test(size=(50, 60)) as pilot:
        await pilot.pause()
        yours = panel_text(app, "#yours")
        mine = [label for label in agendas.values() if label in yours]
        assert len(mine) == 1 and "not chosen yet" in yours
        assert "Agenda type" in yours
