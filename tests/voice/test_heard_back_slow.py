"""By ear, as a machine can: each game's announcements, spoken in the ship's voice, are read
back by a recogniser held to the phrases they may be; the value that matters (the minute, the
slot, the Protocol and its Cycles) comes back right for at least 85% of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.voice import choices
from tableside.voice.speaker import write_wav
from tests.voice.hearing import Ear, number

pytest.importorskip("espeakng_loader", reason="the voice extra (espeakng-loader) is not "
                                              "installed")
pytest.importorskip("pocketsphinx", reason="pocketsphinx (the test extra) is not installed")
pytestmark = pytest.mark.slow
ENOUGH = 0.85


def read_back(tmp_path: Path, spoken: dict[str, str]) -> float:
    """The share of announcements (text -> what a listener should hear) heard exactly."""
    ear = Ear(list(spoken.values()))
    right = []
    for count, (text, expected) in enumerate(spoken.items()):
        path = tmp_path / f"{count}.wav"
        write_wav(path, text, choices.DEFAULTS)
        heard = ear.hear(path)
        right.append(heard == expected)
        if heard != expected:
            print(f"{text!r}: heard {heard!r}")
    return sum(right) / len(right)


def test_the_self_destruct_minute_is_heard_back(tmp_path: Path) -> None:
    from trackers.games.lifeform.announcements import minutes

    spoken = {minutes(n): f"self destruct {number(n)} minute{'s' if n > 1 else ''}"
              for n in range(1, 29)}
    assert read_back(tmp_path, spoken) >= ENOUGH


def test_the_time_track_slot_is_heard_back(tmp_path: Path) -> None:
    from tests.nemesis.lockdown_play import game
    from trackers.games.nemesis_lockdown.announcements import time_slot

    state = game().state
    spoken = {time_slot(state, n): f"time track {number(n)} reached" for n in range(1, 16)}
    assert read_back(tmp_path, spoken) >= ENOUGH


def test_each_protocol_and_its_cycles_are_heard_back(tmp_path: Path) -> None:
    from trackers.games.pandora_celeste.announcements import countdown

    names = ("Vacuum", "Aircon", "Lockdown", "Jettison", "Don't Call Me Dave",
             "Contamination Alert")
    spoken = {}
    for name in names:
        for left in range(0, 7):
            said = name.casefold()
            spoken[countdown(name, left)] = (f"{said} goes off" if left == 0 else
                                            f"{said} one cycle to go" if left == 1 else
                                            f"{said} {number(left)} cycles")
    assert read_back(tmp_path, spoken) >= ENOUGH
