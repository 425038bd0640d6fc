"""The report of a scripted game of each title lists the key moments the game
declares: deaths, launches, endings, reveals and what triggered the end. Each game is
played through the API (``Tableside`` and ``OpenSession``, secrets sealed with a PIN), as the
app and the CLI play it, and read back from ``OpenSession.report``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tableside.api import OpenSession, Tableside
from tests.lifeform.test_lifeform_session_endings import PILOT
from tests.lifeform.test_lifeform_session_fixtures import BOARD as LIFEFORM_BOARD
from tests.lifeform.test_lifeform_session_fixtures import NAMES as LIFEFORM_NAMES
from tests.nemesis.test_nemesis_victory import DEFAULTS as NEMESIS_BOARD
from tests.nemesis.test_nemesis_victory import round_on
from tests.nemesis.test_nemesis_victory import walk_to as nemesis_walk_to
from tests.pandora.helpers import act_three, power
from tests.pandora.helpers import through_setup as pandora_through_setup
from tests.pandora.helpers import walk_to as pandora_walk_to
from tests.pandora.test_pandora_decoupling import BRIDGE, FLIPS

PIN = "table-pin-21"  # every owner's PIN in these games


class Played:
    """A game played through the API: each action with the owners' PIN."""

    def __init__(self, data: Path, game: str, players: int, **create: Any) -> None:
        self.table = Tableside(data)
        self.play: OpenSession = self.table.create(game, players, **create)

    @property
    def state(self) -> Any:
        return self.play.state

    def do(self, action: str, /, **args: Any) -> list[Any]:
        return self.play.do(action, pin=PIN, **args)

    def moments(self) -> list[str]:
        return [m.text for m in self.play.report().moments]

    def close(self) -> None:
        self.play.close()
        self.table.close()


@pytest.fixture
def table(tmp_path: Path) -> Any:
    games: list[Played] = []

    def start(game: str, players: int, **create: Any) -> Played:
        games.append(Played(tmp_path, game, players, **create))
        return games[-1]

    yield start
    for game in games:
        game.close()


def in_order(said: list[str], *expected: str) -> None:
    """Each of ``expected`` is a key moment (or starts one), in this order."""
    at = []
    for text in expected:
        found = [i for i, t in enumerate(said) if t == text or t.startswith(text)]
        assert found, (text, said)
        at.append(found[0])
    assert at == sorted(at), (expected, said)


@pytest.mark.usefixtures("demo_registered")
def test_the_demo_games_report(table: Any) -> None:
    g = table("demo", 2, names=["Ann", "Bo"], seed="moments", board={"hatch_space": 5})
    g.do("choose_secret", secret="plan", value="left")
    g.do("advance", spaces=5)
    g.do("open_hatch")
    g.do("reveal_secret", secret="plan")
    g.do("escape", who="Ann")
    in_order(g.moments(), "The hatch opened", "Plan revealed: left (code ",
             "Escape (", "The end: Escape (Ann escaped)")


def test_a_nemesis_games_report(table: Any) -> None:
    """Bo leaves by CSS on 10, Ann locks herself in with an INFECTED card; Gray."""
    g = table("nemesis-lockdown", 2, names=["Ann", "Bo"], seed="end",
              board={**NEMESIS_BOARD, "css_slots": [10]})
    for seat in (1, 2):
        g.do("choose_secret", secret=f"p{seat}_objective", value="Send a Signal")
    round_on(g, 10)
    g.do("leave", player="Bo", how="in a CSS Pod")
    nemesis_walk_to(g, "css")
    g.do("launch_css", face="all Pods")
    g.do("contamination_card", player="Ann", count=2)
    round_on(g, 8)
    g.do("leave", player="Ann", how="locked in the Isolation Room")
    g.do("fast_forward")
    g.do("reveal_active_contingency", code="Gray")
    g.do("victory_check", player="Bo")
    g.do("reveal_secret", secret="p1_objective")
    g.do("victory_check", player="Ann", infected=1, drawn="a Contamination card came up",
         objective="met", objective_kind="another kind")
    in_order(g.moments(), "CSS launch on 10: all Pods", "CSS launch: Bo evacuated",
             "Ann: locked in the Isolation Room", "Game over: Facility purged",
             "The end: Facility purged", "Active Contingency: Gray",
             "Bo dies: the Gray Contingency",
             "Ann's kept Objective revealed: Send a Signal (code ",
             "Ann dies: the Contamination check", "Victory Check verdict: nobody wins")


def test_a_pandora_games_report(table: Any) -> None:
    """Abandon Ship; Cargo dies; the Bridge Decouples into the Final Showdown; the flush."""
    crew = ["Cargo", "Cap", "Skins", "Greaseball"]
    g = table("pandora-celeste", 4, options={"crew": crew}, board=BRIDGE, seed="report")
    pandora_through_setup(g, (("Vacuum", 4), ("Aircon", 6)))
    g.do("override_protocol", protocol="Vacuum", big_nasty="MonsterBug", gold=2)
    g.do("override_protocol", protocol="Aircon", big_nasty="Time Jumper", gold=6)
    act_three(g)  # each Agenda type revealed at Abandon Ship
    g.do("wound", crew="Cargo", dmg=8)
    for who in ("Cap", "Skins", "Greaseball", "1. MonsterBug"):
        g.do("board_vehicle", who=who, vehicle="Bridge")
    power(g, "Bridge", stations=3)  # one Station a player turn, by the crew aboard
    pandora_walk_to(g, "nasties")
    g.do("nasty_round")
    g.do("flush_airlock", flusher="Greaseball")
    for who in ("Skins", "Cap", "1. MonsterBug"):
        g.do("flush_flip", who=who, box=FLIPS[who])
    in_order(g.moments(), "Abandon Ship", "Cargo died", "The Bridge Decoupled",
             "The Final Showdown", "The Airlock flush", "Skins flushed into space",
             "The end: ")


@pytest.mark.parametrize(("card", "ending"), [("second", "Ending B: the lifeform is aboard"),
                                              ("third", "The end: ")])
def test_a_lifeform_games_report(table: Any, card: str, ending: str) -> None:
    """The lead's 3-player game: a ghost met, Bennings killed, the launch at 6."""
    g = table("lifeform", 3, names=list(LIFEFORM_NAMES[3]), board=LIFEFORM_BOARD, seed="t")
    for name, args in PILOT:
        g.do(name, **(args | {"card": card} if name == "choose_stowaway" else args))
    in_order(g.moments(), "Real lifeform (Lifeform Identifier) revealed: Image 1 (code ",
             "Bennings died (a noisy kill)",
             f"Stowaway card revealed: {card} (code ",
             "The Remora launched at Self-Destruct 6 with 3 aboard", ending)


def test_a_phoenix_games_report(table: Any) -> None:
    """Bo reaches 43 and triggers the end; the final round; the final scores."""
    g = table("space-station-phoenix", 3, names=["Ann", "Bo", "Cy"], seed="t",
              board={"lap_size": 50})
    g.do("add_points", points=5)
    g.do("end_turn")
    g.do("add_points", points=43)
    g.do("end_turn")
    g.do("end_turn")
    g.do("end_turn")
    g.do("record_final_scores", scores="Ann=86, Bo=68, Cy=9")
    in_order(g.moments(), "Bo triggered the end: 43 points (40 or more)",
             "The end: Final round done (Bo triggered the end",
             "Final score: Ann 86", "Final score: Bo 68", "Final score: Cy 9")
