"""A Lifeform game ready to speak: the crew's characters recorded, the first Reality
Calibration made and the setup ticked. The voice pilots and ``benchmarks/voice.py`` start
from it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tableside.api import Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES

READY: list[tuple[str, dict[str, Any]]] = [
    ("record_characters", {"crew_member": "Andrew", "first": "Solomon", "second": "Palmer"}),
    ("record_characters", {"crew_member": "Jacob", "first": "Cameron", "second": "Bennings"}),
    ("reality_calibration", {"image": "Image 1", "decline_pin": True}),
    ("tick_setup", {"step": "all remaining"})]


def ready_game(data: Path, seed: str, *then: tuple[str, dict[str, Any]]) -> str:
    """A saved three-player game past its setup (and ``then`` done); returns its id."""
    table = Tableside(data)
    play = table.create("lifeform", 3, names=NAMES[3], board=BOARD, seed=seed)
    for name, args in (*READY, *then):
        play.do(name, **args)
    play.close()
    table.close()
    return play.id
