"""Hearing an announcement back the way a machine can: pocketsphinx's bundled English model,
held to a JSGF grammar of the phrases the announcement may be (every value its slot can take).
"""

from __future__ import annotations

import array
import wave
from pathlib import Path
from typing import Any

ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
        "eighteen", "nineteen")
TENS = {2: "twenty", 3: "thirty"}
EXTRA_WORDS = {"aircon": "EH R K AA N"}  # a Protocol's name the dictionary lacks


def number(n: int) -> str:
    """A number as it is said: 21 -> "twenty one"."""
    if n < 20:
        return ONES[n]
    tens, ones = divmod(n, 10)
    return TENS[tens] + (f" {ONES[ones]}" if ones else "")


def to_16k(samples: bytes, rate: int) -> bytes:
    """The model's 16 kHz from espeak-ng's rate (linear interpolation)."""
    src = array.array("h")
    src.frombytes(samples)
    count = int(len(src) * 16000 / rate)
    out = array.array("h", bytes(2 * count))
    step = rate / 16000
    for i in range(count):
        x = i * step
        j = int(x)
        a = src[j]
        b = src[j + 1] if j + 1 < len(src) else a
        out[i] = int(a + (b - a) * (x - j))
    return out.tobytes()


class Ear:
    """A recogniser that can only hear ``phrases`` (lower case words)."""

    def __init__(self, phrases: list[str]) -> None:
        from pocketsphinx import Decoder

        self.decoder: Any = Decoder(lm=None, loglevel="FATAL")
        for word, phones in EXTRA_WORDS.items():
            self.decoder.add_word(word, phones, True)
        grammar = ("#JSGF V1.0;\ngrammar said;\npublic <said> = "
                   + " | ".join(sorted(set(phrases))) + " ;\n")
        self.decoder.add_jsgf_string("said", grammar)
        self.decoder.activate_search("said")

    def hear(self, path: Path) -> str:
        with wave.open(str(path)) as wav:
            samples = to_16k(wav.readframes(wav.getnframes()), wav.getframerate())
        self.decoder.start_utt()
        self.decoder.process_raw(samples, full_utt=False)
        self.decoder.end_utt()
        found = self.decoder.hyp()
        return str(found.hypstr) if found is not None else ""
