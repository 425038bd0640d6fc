"""The ship's voice, timed where a table feels it (spoken announcements).

    python benchmarks/voice.py

(a) From the action to the first audio sample handed on: the action done through the API,
    its announcement read, queued, made by espeak-ng in the speaker's worker, and its first
    samples handed to the player (this machine's, else a stand-in that takes them as a
    player's pipe would) or written to the WAV file. Target: under 300 ms.
(b) A key press on the game's screen with announcements on and off, at 80x24: undo and
    redo (which never speak) to the settled screen, and an action that speaks (done as its
    form sends it) to the screen redrawn with its announcement queued. The voice works in
    its own thread: the press costs no more.
``run()`` returns the figures as a dict.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tableside.api import Tableside  # noqa: E402
from tableside.voice import choices  # noqa: E402
from tableside.voice.players import Playback, find_player  # noqa: E402
from tableside.voice.speaker import Speaker  # noqa: E402
from tests.voice.ready import ready_game  # noqa: E402

RUNS = 20
PRESSES = 20
TARGET_MS = 300.0
class PipeStandIn(Playback):
    """Takes samples as a player's pipe would (no sound device on this machine)."""

    def feed(self, samples: bytes) -> None:
        pass

    def finish(self) -> None:
        pass


def first_sample(data: Path, game: str, folder: Path | None) -> tuple[list[float], list[float]]:
    """Milliseconds from each action to its first sample handed on (player or file), and
    what the announcement costs the UI thread (read it, queue it)."""
    player = find_player() or ("stand-in", lambda _rate: PipeStandIn())
    speaker = Speaker(choices.DEFAULTS, print, folder=folder, player=player)
    table = Tableside(data)
    play = table.load(game)
    out, ui = [], []
    for _ in range(RUNS):
        started = time.perf_counter()
        play.do("advance_self_destruct", spaces=1)
        asked = time.perf_counter()
        speaker.say(play.session.announcement())
        ui.append((time.perf_counter() - asked) * 1000)
        speaker.wait()
        first = speaker.timings[-1].first_sample
        assert first is not None
        out.append((first - started) * 1000)
        play.undo()
    play.close()
    table.close()
    speaker.close()
    return out, ui


async def _presses(data: Path, voice_on: bool) -> dict[str, float]:
    """Median ms of a key press (undo/redo) and of a spoken action, to the settled screen."""
    from tui.app import TablesideApp
    from tui.screens.session import SessionScreen

    os.environ[choices.SOUND_ENV] = "on" if voice_on else "off"
    app = TablesideApp(data_dir=data)
    keys, spoken = [], []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        for _ in range(PRESSES // 2):
            # to the screen redrawn, announcement queued (the Pilot's own settling would also
            # wait for the voice's thread: it watches the whole process's CPU)
            drawn = screen.redraws
            started = time.perf_counter()
            screen.play.do("advance_self_destruct", spaces=1)
            screen.session_changed()
            while screen.redraws == drawn:
                await asyncio.sleep(0.0005)
            spoken.append((time.perf_counter() - started) * 1000)
            await pilot.pause()
            for key in ("u", "r"):
                started = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                keys.append((time.perf_counter() - started) * 1000)
            await pilot.press("u")
            await pilot.pause()
        if screen._voice is not None:
            screen._voice.wait()
    return {"key_ms": statistics.median(keys), "spoken_action_ms": statistics.median(spoken)}


def run() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        game = ready_game(data, "voice")
        os.environ[choices.FOLDER_ENV] = str(Path(tmp) / "said")  # no sound device needed
        played, ui = first_sample(data, game, None)
        written, _ = first_sample(data, game, Path(tmp) / "wav")
        runs: dict[bool, list[dict[str, float]]] = {False: [], True: []}
        for _ in range(3):  # interleaved: a busy machine weighs on both alike
            for voice_on in (False, True):
                runs[voice_on].append(asyncio.run(_presses(data, voice_on)))
        off, on = ({k: statistics.median(r[k] for r in runs[v]) for k in runs[v][0]}
                   for v in (False, True))
    player = find_player()
    return {
        "player": player[0] if player else "none here: a stand-in pipe",
        "to_player_ms": {"median": statistics.median(played), "max": max(played)},
        "to_file_ms": {"median": statistics.median(written), "max": max(written)},
        "target_ms": TARGET_MS,
        "ui_thread_ms": {"median": statistics.median(ui), "max": max(ui)},
        "press_voice_off": off, "press_voice_on": on,
    }


def main() -> None:
    figures = run()
    print(f"(a) action to first audio sample (target < {TARGET_MS:.0f} ms), {RUNS} runs")
    print(f"    to the player ({figures['player']}): median "
          f"{figures['to_player_ms']['median']:.1f} ms, max {figures['to_player_ms']['max']:.1f}")
    print(f"    to a WAV file: median {figures['to_file_ms']['median']:.1f} ms, "
          f"max {figures['to_file_ms']['max']:.1f}")
    print(f"    on the UI thread (read and queue it): median "
          f"{figures['ui_thread_ms']['median']:.2f} ms, max {figures['ui_thread_ms']['max']:.2f}")
    off, on = figures["press_voice_off"], figures["press_voice_on"]
    print("(b) on the game's screen at 80x24, median ms to the settled screen (3 interleaved runs)")
    print(f"    undo/redo key:   voice off {off['key_ms']:.1f}, on {on['key_ms']:.1f}")
    print(f"    spoken action, to the redraw: voice off {off['spoken_action_ms']:.1f}, "
          f"on {on['spoken_action_ms']:.1f}")


if __name__ == "__main__":
    main()
