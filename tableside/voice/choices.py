"""Whether a game speaks and how: the per-game switch, the rate and the volume (settings.json),
and the environment's word over both (``TABLESIDE_SOUND=off`` silences everything, as the
tests do; ``TABLESIDE_VOICE_TO=DIR`` writes each announcement there as a WAV file).

This module needs no espeak-ng: it decides, the speaker speaks.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tableside.voice.espeak import VoiceSettings

if TYPE_CHECKING:
    from trackers.engine.game import Game

SOUND_ENV = "TABLESIDE_SOUND"  # "off": nothing is spoken (the tests set it)
FOLDER_ENV = "TABLESIDE_VOICE_TO"  # a folder: announcements are written there, not played
RATE = (80, 300)  # words a minute espeak-ng speaks clearly
VOLUME = (0, 200)  # espeak-ng's amplitude, 100 normal
# The ship's voice, tuned by ear (tests/voice/test_heard_back_slow.py): American English (its
# "vacuum" and its numbers carry), slow, a narrow pitch range (an automated voice).
DEFAULTS = VoiceSettings(rate=120, volume=100, pitch=45, pitch_range=15, word_gap=0,
                         voice="en-us")


class Settings(Protocol):
    """What ``Tableside.setting``/``set_setting`` give (the store, or a test's dict)."""

    def setting(self, key: str, default: Any = None) -> Any: ...

    def set_setting(self, key: str, value: Any) -> None: ...


def sound_off() -> bool:
    return os.environ.get(SOUND_ENV, "").strip().casefold() in ("off", "0", "no", "false")


def folder() -> Path | None:
    where = os.environ.get(FOLDER_ENV, "").strip()
    return Path(where) if where else None


def game_key(game_id: str) -> str:
    return f"voice:{game_id}"


def speaks(table: Settings, game: Game) -> bool:
    """Whether this game's announcements are spoken: the table's choice for the game, else
    the game's own default (on only where its rulebook asks for a voice)."""
    if game.announce is None:
        return False
    chosen = table.setting(game_key(game.id))
    return chosen if isinstance(chosen, bool) else game.announce.spoken_by_default


def default_words(game: Game) -> str:
    """What the New game form says about the voice for this game."""
    if game.announce is None:
        return ""
    if game.announce.spoken_by_default:
        return f"Spoken announcements: on by default ({game.announce.why}); f5 mutes them."
    return "Spoken announcements: off by default; f5 in the game turns them on."


def voice_settings(table: Settings) -> VoiceSettings:
    """The rate and volume the table chose, within their bounds, over the tuned voice."""
    rate, volume = table.setting("voice:rate"), table.setting("voice:volume")
    rate = rate if isinstance(rate, int) and RATE[0] <= rate <= RATE[1] else DEFAULTS.rate
    volume = volume if isinstance(volume, int) and VOLUME[0] <= volume <= VOLUME[1] \
        else DEFAULTS.volume
    return replace(DEFAULTS, rate=rate, volume=volume)


def check(name: str, value: int, bounds: tuple[int, int]) -> str | None:
    """Why ``value`` is not allowed for ``name``, or None."""
    if not bounds[0] <= value <= bounds[1]:
        return f"{name}: give a whole number from {bounds[0]} to {bounds[1]} ({value} given)"
    return None
