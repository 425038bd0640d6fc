"""`tableside say ID --to FILE.wav`: each game's announcement printed and written as speech."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import OpenSession, Tableside
from tableside.cli import main
from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES
from tests.nemesis.lockdown_play import DEFAULTS, turns_on
from tests.pandora.helpers import through_setup as pandora_setup
from tests.pandora.helpers import walk_to
from tests.voice.wav_check import assert_spoken

pytest.importorskip("espeakng_loader", reason="the voice extra (espeakng-loader) is not "
                                              "installed")


def lifeform(play: OpenSession) -> None:
    for member, first, second in (("Andrew", "Solomon", "Palmer"),
                                  ("Jacob", "Cameron", "Bennings")):
        play.do("record_characters", crew_member=member, first=first, second=second)
    play.do("reality_calibration", image="Image 1", decline_pin=True)
    play.do("tick_setup", step="all remaining")
    play.do("advance_self_destruct", spaces=9)  # 28 -> 19, past 20


def lockdown(play: OpenSession) -> None:
    turns_on(play, 11)  # type: ignore[arg-type]
    play.do("start_autodestruction")


def pandora(play: OpenSession) -> None:
    pandora_setup(play, (("Vacuum", 2), ("Aircon", 3)))
    walk_to(play, "tick")  # type: ignore[arg-type]
    play.do("end_cycle")


def phoenix(play: OpenSession) -> None:
    play.do("end_turn")
    play.do("add_points", points=40)
    play.do("end_turn")


GAMES = [
    ("lifeform", 3, NAMES[3], BOARD, {}, lifeform,
     ["Self-destruct. 19 minutes.", "Terror icon.", "Remora boarding open."]),
    ("nemesis-lockdown", 2, ("Ann", "Bo"), DEFAULTS, {}, lockdown,
     ["Autodestruction armed. Slot 8."]),
    ("pandora-celeste", 2, ("Ann", "Bo"), {"objective_timer": 9},
     {"crew": ["Flygirl", "Cap"]}, pandora, ["Aircon. 2 cycles.", "Vacuum. 1 cycle to go."]),
    ("space-station-phoenix", 4, ("P1", "P2", "P3", "P4"), {}, {}, phoenix,
     ["Final round. P2 triggered the end.", "Last turn goes to P1."]),
]


@pytest.mark.parametrize(("game", "players", "names", "board", "options", "play", "words"),
                         GAMES, ids=[g[0] for g in GAMES])
def test_say_writes_each_games_announcement_as_speech(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str, players: int,
        names: tuple[str, ...], board: dict[str, object], options: dict[str, object],
        play: object, words: list[str]) -> None:
    table = Tableside(tmp_path)
    opened = table.create(game, players, names=names, board=board, options=options, seed="v")
    play(opened)  # type: ignore[operator]
    opened.close()
    table.close()
    wav = tmp_path / "said.wav"
    assert main(["--data-dir", str(tmp_path), "say", opened.id, "--to", str(wav)]) == 0
    assert capsys.readouterr().out.splitlines() == words
    assert_spoken(wav, " ".join(words))


def test_say_with_no_announcement_says_so_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 2, names=("P1", "P2"), seed="v")
    play.do("end_turn")
    play.close()
    table.close()
    wav = tmp_path / "said.wav"
    assert main(["--data-dir", str(tmp_path), "say", play.id, "--to", str(wav)]) == 0
    assert capsys.readouterr().out == "The latest action has no announcement.\n"
    assert not wav.exists()


def test_say_refuses_a_file_that_is_not_a_wav(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 4, names=("P1", "P2", "P3", "P4"), seed="v")
    phoenix(play)
    play.close()
    table.close()
    assert main(["--data-dir", str(tmp_path), "say", play.id, "--to",
                 str(tmp_path / "said.mp3")]) == 1
    assert "--to: give a file name ending in .wav ('said.mp3' given)" in capsys.readouterr().err
    assert not (tmp_path / "said.mp3").exists()


def test_say_with_no_player_prints_the_words_and_one_plain_notice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLESIDE_SOUND", raising=False)
    monkeypatch.setattr("tableside.voice.speaker.find_player", lambda: None)
    table = Tableside(tmp_path)
    play = table.create("space-station-phoenix", 4, names=("P1", "P2", "P3", "P4"), seed="v")
    phoenix(play)
    play.close()
    table.close()
    assert main(["--data-dir", str(tmp_path), "say", play.id]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == ["Final round. P2 triggered the end.", "Last turn goes to P1."]
    assert err == ("tableside: Spoken announcements are off: the sound could not be played: "
                   "no sound player was found: paplay, pw-play or aplay. The game goes on "
                   "without them.\n")
