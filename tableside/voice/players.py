"""What plays the sound: the platform's own player, fed 16-bit mono samples as they come.

Linux: PulseAudio's ``paplay``, PipeWire's ``pw-play`` or ALSA's ``aplay``, each reading raw
samples on its standard input (the first samples play while the rest are made). macOS:
``afplay`` on a WAV file. Windows: ``winsound`` from memory. None found: ``find_player``
returns None and the caller says so once.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
import sys
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

RAW_PLAYERS = (
    ("paplay", ["--raw", "--format=s16le", "--rate={rate}", "--channels=1"]),
    ("pw-play", ["--format", "s16", "--rate", "{rate}", "--channels", "1", "-"]),
    ("aplay", ["-q", "-t", "raw", "-f", "S16_LE", "-r", "{rate}", "-c", "1"]),
)


class PlaybackFailed(RuntimeError):
    """The player ran but could not play (no audio device, no sound server)."""


class Playback:
    """One clip being played: ``feed`` samples, then ``finish`` (waits for the end)."""

    def feed(self, samples: bytes) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        """Cut it short (the table muted the voice)."""


class StreamPlayback(Playback):
    """A player process reading raw samples on its standard input."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def feed(self, samples: bytes) -> None:
        if self.process.stdin is not None and self.process.poll() is None:
            with contextlib.suppress(BrokenPipeError, OSError):  # died: finish() says why
                self.process.stdin.write(samples)

    def finish(self) -> None:
        if self.process.stdin is not None:
            with contextlib.suppress(BrokenPipeError, OSError):
                self.process.stdin.close()
        err = self.process.stderr.read() if self.process.stderr is not None else b""
        self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()
        if self.process.returncode not in (0, -15):
            why = (err or b"").decode(errors="replace").strip().splitlines()
            raise PlaybackFailed(why[-1] if why else f"exit {self.process.returncode}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()


class WholeClipPlayback(Playback):
    """A player that needs the whole clip first (afplay on a file, winsound from memory)."""

    def __init__(self, rate: int, play: Callable[[bytes], None]) -> None:
        self.rate, self.play, self.samples = rate, play, bytearray()

    def feed(self, samples: bytes) -> None:
        self.samples += samples

    def finish(self) -> None:
        self.play(wav_bytes(bytes(self.samples), self.rate))


def wav_bytes(samples: bytes, rate: int) -> bytes:
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(samples)
    return out.getvalue()


def _afplay(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "announcement.wav"
        path.write_bytes(data)
        done = subprocess.run(["afplay", str(path)], capture_output=True, check=False)
        if done.returncode:
            raise PlaybackFailed(done.stderr.decode(errors="replace").strip() or "afplay failed")


def _winsound(data: bytes) -> None:
    import importlib

    winsound = importlib.import_module("winsound")  # Windows only
    try:
        winsound.PlaySound(data, winsound.SND_MEMORY)
    except RuntimeError as err:
        raise PlaybackFailed(str(err)) from err


Player = Callable[[int], Playback]


def find_player() -> tuple[str, Player] | None:
    """The platform's player (its name, and how to start one clip at a sample rate)."""
    if sys.platform == "win32":
        return "winsound", lambda rate: WholeClipPlayback(rate, _winsound)
    if sys.platform == "darwin" and shutil.which("afplay"):
        return "afplay", lambda rate: WholeClipPlayback(rate, _afplay)
    for name, args in RAW_PLAYERS:
        path = shutil.which(name)
        if path:
            return name, _streaming(path, args)
    return None


def _streaming(path: str, args: list[str]) -> Player:
    """Start ``path`` reading raw samples at the clip's rate."""
    return lambda rate: StreamPlayback([path, *(a.format(rate=rate) for a in args)])
