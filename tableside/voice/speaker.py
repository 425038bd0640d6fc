"""The voice at the table: announcements made and played in a worker thread, never on the
UI thread; repeated or cut short on a key; sent to WAV files instead of a player when asked.

With no espeak-ng or no way to play sound, the first announcement gives one plain notice
and the game goes on silent.
"""

from __future__ import annotations

import queue
import re
import threading
import time
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tableside.voice.espeak import VoiceSettings, VoiceUnavailable, synthesize
from tableside.voice.players import Playback, PlaybackFailed, Player, find_player

SILENT = "Spoken announcements are off: "


def spoken(phrases: Sequence[str]) -> str:
    """The phrases as one utterance (each ends in a full stop: espeak pauses there)."""
    return " ".join(p if p.rstrip().endswith((".", "!", "?")) else f"{p}." for p in phrases)


@dataclass
class Timing:
    """When an announcement was asked for and when its first sample left (perf_counter)."""

    asked: float
    first_sample: float | None = None

    @property
    def latency(self) -> float | None:
        return None if self.first_sample is None else self.first_sample - self.asked


def write_wav(path: Path, text: str, settings: VoiceSettings,
              timing: Timing | None = None) -> None:
    """Speak ``text`` into a WAV file, each sample written as it is made."""
    from tableside.voice.espeak import sample_rate

    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(sample_rate())

        def sink(samples: bytes) -> None:
            if timing is not None and timing.first_sample is None:
                timing.first_sample = time.perf_counter()
            wav.writeframes(samples)

        synthesize(text, settings, sink)


def file_name(count: int, text: str) -> str:
    """"0003-self-destruct-7-minutes.wav": in the order spoken, named by the words."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")[:48] or "announcement"
    return f"{count:04d}-{slug}.wav"


class Speaker:
    """Speaks announcements one after another in a worker thread.

    ``notice`` is called (from the worker) with one plain sentence the first time speech
    fails; after that the speaker stays silent. ``folder``: write each announcement there
    as a WAV file instead of playing it.
    """

    def __init__(self, settings: VoiceSettings, notice: Callable[[str], None], *,
                 folder: Path | None = None,
                 player: tuple[str, Player] | None | bool = True) -> None:
        self.settings = settings
        self.notice = notice
        self.folder = folder
        self._player = find_player() if player is True else (player or None)
        self.last: list[str] = []
        self.silent = False
        self.timings: list[Timing] = []
        self.written: list[Path] = []
        self._jobs: queue.Queue[tuple[str, Timing] | None] = queue.Queue()
        self._now: Playback | None = None
        self._cut = threading.Event()
        self._worker = threading.Thread(target=self._work, name="voice", daemon=True)
        self._worker.start()

    def say(self, phrases: Sequence[str]) -> None:
        """Queue ``phrases`` (returns at once); the last ones are kept for ``repeat``."""
        if not phrases:
            return
        self.last = list(phrases)
        if not self.silent:
            self._cut.clear()
            self._jobs.put((spoken(phrases), Timing(time.perf_counter())))

    def repeat(self) -> bool:
        """Say the last announcement again; False when there was none."""
        if not self.last:
            return False
        self.say(self.last)
        return True

    def stop(self) -> None:
        """Cut short what is playing and drop what waits (muted at once)."""
        self._cut.set()
        while True:
            try:
                self._jobs.get_nowait()
            except queue.Empty:
                break
            self._jobs.task_done()
        playing = self._now
        if playing is not None:
            playing.stop()

    def close(self) -> None:
        self.stop()
        self._jobs.put(None)

    def wait(self, timeout: float = 30.0) -> None:
        """Until everything queued is spoken (tests, benchmarks, ``tableside say``)."""
        waiting = threading.Thread(target=self._jobs.join, daemon=True)
        waiting.start()
        waiting.join(timeout)

    # --- the worker ---------------------------------------------------------------
    def _work(self) -> None:
        count = 0
        while True:
            job = self._jobs.get()
            try:
                if job is None:
                    return
                text, timing = job
                if self.silent or self._cut.is_set():
                    continue
                count += 1
                self._speak(text, timing, count)
                self.timings.append(timing)
            except VoiceUnavailable as err:
                self._go_silent(str(err))
            except (PlaybackFailed, OSError) as err:
                self._go_silent(f"the sound could not be played: {err}")
            except Exception as err:  # a fault in the voice must never reach the game
                self._go_silent(f"the voice failed: {err}")
            finally:
                self._jobs.task_done()

    def _speak(self, text: str, timing: Timing, count: int) -> None:
        if self.folder is not None:
            path = self.folder / file_name(count, text)
            write_wav(path, text, self.settings, timing)
            self.written.append(path)
            return
        if self._player is None:
            raise PlaybackFailed("no sound player was found: paplay, pw-play or aplay")
        from tableside.voice.espeak import sample_rate

        playback = self._player[1](sample_rate())
        self._now = playback

        def sink(samples: bytes) -> None:
            if timing.first_sample is None:
                timing.first_sample = time.perf_counter()
            if not self._cut.is_set():
                playback.feed(samples)

        try:
            synthesize(text, self.settings, sink)
            playback.finish()
        finally:
            self._now = None

    def _go_silent(self, why: str) -> None:
        self.silent = True
        self.notice(f"{SILENT}{why}. The game goes on without them.")
