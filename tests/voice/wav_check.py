"""What a WAV file of speech must look like: mono 16-bit, non-silent, a plausible length."""

from __future__ import annotations

import array
import wave
from pathlib import Path

FRAME = 441  # 20 ms at 22050 Hz


def speech_seconds(path: Path) -> tuple[float, float]:
    """The file's length and how much of it is sound (frames of 20 ms well above silence)."""
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        rate = wav.getframerate()
        samples = array.array("h")
        samples.frombytes(wav.readframes(wav.getnframes()))
    loud = 0
    for start in range(0, len(samples), FRAME):
        frame = samples[start:start + FRAME]
        if frame and (sum(x * x for x in frame) / len(frame)) ** 0.5 > 300:
            loud += len(frame)
    return len(samples) / rate, loud / rate


def assert_spoken(path: Path, words: str) -> None:
    """Non-silent speech about as long as ``words`` take at the ship's rate (120 a minute,
    digits read as one or two words): a blank, cut or runaway file fails."""
    length, sound = speech_seconds(path)
    count = len(words.split())
    assert 0.2 * count <= length <= 1.2 * count + 1.0, (path.name, length, count)
    assert sound >= 0.4 * length, (path.name, sound, length)
