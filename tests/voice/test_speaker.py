"""The speaker: samples stream to the platform's player as they are made, in its own thread;
a player that cannot play gives one notice, and then silence."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tableside.voice import choices
from tableside.voice.players import _streaming
from tableside.voice.speaker import Speaker

pytest.importorskip("espeakng_loader", reason="the voice extra (espeakng-loader) is not "
                                              "installed")


def test_the_samples_reach_the_players_pipe(tmp_path: Path) -> None:
    out = tmp_path / "heard.raw"
    player = ("cat", _streaming(shutil.which("sh") or "/bin/sh", ["-c", f"cat > {out}"]))
    notices: list[str] = []
    speaker = Speaker(choices.DEFAULTS, notices.append, player=player)
    speaker.say(["Self-destruct. 7 minutes."])
    speaker.wait()
    speaker.close()
    assert notices == []
    assert out.stat().st_size > 22050 * 2  # more than a second of 16-bit samples
    assert speaker.timings[0].latency is not None


def test_a_player_that_fails_gives_one_notice_and_then_silence(tmp_path: Path) -> None:
    player = ("false", _streaming(shutil.which("false") or "/bin/false", []))
    notices: list[str] = []
    speaker = Speaker(choices.DEFAULTS, notices.append, player=player)
    for minute in (7, 6):
        speaker.say([f"Self-destruct. {minute} minutes."])
        speaker.wait()
    speaker.close()
    assert notices == ["Spoken announcements are off: the sound could not be played: exit 1. "
                       "The game goes on without them."]
    assert speaker.silent and speaker.last == ["Self-destruct. 6 minutes."]
