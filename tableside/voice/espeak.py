"""A small ctypes binding to espeak-ng: text in, 16-bit mono samples out, chunk by chunk.

The library and its voice data come from the ``espeakng-loader`` wheel (the ``voice``
extra); a system libespeak-ng is used where the wheel is not installed. espeak-ng keeps one
global synthesiser, so every call holds ``_LOCK``. espeak-ng is GPL-3.0 (see the README).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
from collections.abc import Callable
from dataclasses import dataclass

AUDIO_OUTPUT_SYNCHRONOUS = 2
CHARS_UTF8 = 1
POS_CHARACTER = 1
RATE, VOLUME, PITCH, RANGE, WORDGAP = 1, 2, 3, 4, 7

_LOCK = threading.Lock()
_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int,
                             ctypes.c_void_p)


class VoiceUnavailable(RuntimeError):
    """No espeak-ng library could be loaded: install ``tableside[voice]``."""


@dataclass(frozen=True)
class VoiceSettings:
    """How espeak-ng speaks: words a minute, volume (0-200, 100 normal), pitch (0-99), the
    pitch range (0 is a flat, automated voice) and the gap between words (10 ms units).
    These defaults are espeak-ng's own; ``choices.DEFAULTS`` is the ship's voice."""

    rate: int = 175
    volume: int = 100
    pitch: int = 50
    pitch_range: int = 50
    word_gap: int = 0
    voice: str = "en"


class _Engine:
    """The loaded library, initialised once for synchronous retrieval of samples."""

    def __init__(self) -> None:
        lib, data = _load()
        self.lib = lib
        lib.espeak_Initialize.restype = ctypes.c_int
        lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p,
                                          ctypes.c_int]
        self.sample_rate = lib.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 60,
                                                 data.encode() if data else None, 0)
        if self.sample_rate <= 0:
            raise VoiceUnavailable("espeak-ng could not start (its voice data was not found)")
        lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        self.voice = ""
        lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
        lib.espeak_SetSynthCallback.argtypes = [_CALLBACK]
        lib.espeak_Synth.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint,
                                     ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
                                     ctypes.c_void_p, ctypes.c_void_p]
        self._sink: Callable[[bytes], None] | None = None
        self._callback = _CALLBACK(self._on_samples)  # kept alive as long as the engine
        lib.espeak_SetSynthCallback(self._callback)

    def _on_samples(self, wav: ctypes._Pointer, count: int, _events: int) -> int:
        if wav and count > 0 and self._sink is not None:
            self._sink(ctypes.string_at(wav, count * 2))
        return 0

    def synth(self, text: str, settings: VoiceSettings, sink: Callable[[bytes], None]) -> None:
        if settings.voice != self.voice:
            if self.lib.espeak_SetVoiceByName(settings.voice.encode()) != 0:
                raise VoiceUnavailable(f"espeak-ng has no voice named {settings.voice!r}")
            self.voice = settings.voice
        for key, value in ((RATE, settings.rate), (VOLUME, settings.volume),
                           (PITCH, settings.pitch), (RANGE, settings.pitch_range),
                           (WORDGAP, settings.word_gap)):
            self.lib.espeak_SetParameter(key, value, 0)
        raw = text.encode("utf-8") + b"\0"
        self._sink = sink
        try:
            self.lib.espeak_Synth(raw, len(raw), 0, POS_CHARACTER, 0, CHARS_UTF8, None, None)
        finally:
            self._sink = None


def _load() -> tuple[ctypes.CDLL, str | None]:
    """The wheel's library and data, else the system's (which knows its own data)."""
    try:
        import espeakng_loader
    except ImportError:
        name = ctypes.util.find_library("espeak-ng")
        if name is None:
            raise VoiceUnavailable("no espeak-ng: install tableside[voice] to hear the "
                                   "announcements") from None
        try:
            return ctypes.CDLL(name), None
        except OSError as err:
            raise VoiceUnavailable(f"espeak-ng could not be loaded: {err}") from None
    try:
        return (ctypes.CDLL(espeakng_loader.get_library_path()),
                espeakng_loader.get_data_path())
    except (OSError, RuntimeError) as err:
        raise VoiceUnavailable(f"espeak-ng could not be loaded: {err}") from None


_ENGINE: _Engine | None = None


def synthesize(text: str, settings: VoiceSettings, sink: Callable[[bytes], None]) -> int:
    """Speak ``text`` into ``sink`` (raw 16-bit little-endian mono, as it is made); returns
    the sample rate. Raises VoiceUnavailable when there is no espeak-ng."""
    global _ENGINE
    with _LOCK:
        if _ENGINE is None:
            _ENGINE = _Engine()
        _ENGINE.synth(text, settings, sink)
        return _ENGINE.sample_rate


def sample_rate() -> int:
    """The rate of the samples ``synthesize`` makes (starting espeak-ng if need be)."""
    global _ENGINE
    with _LOCK:
        if _ENGINE is None:
            _ENGINE = _Engine()
        return _ENGINE.sample_rate
