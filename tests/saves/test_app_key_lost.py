"""Losing or damaging the app's key (keys/app.key) stops no game from opening: it has a
second copy; what only it sealed is named as lost, and the message says the key is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.journal import decode_line, encode_line
from tableside.api import Tableside, TablesideError
from tests.lifeform.test_lifeform_sealed import solo_hunt_ready
from trackers.engine import ActionError


def _game(root: Path) -> tuple[str, object]:
    table = Tableside(root)
    # a game given a seed keeps it sealed to the app's key (a new game without one keeps none)
    play = table.create("nemesis-lockdown", 2, names=["Ann", "Bo"], seed="repeatable")
    play.close()
    table.close()
    return play.id, play.state


@pytest.mark.parametrize("harm", ["deleted", "keys folder deleted", "cut short", "changed"])
def test_a_game_opens_whatever_happened_to_keys_app_key(tmp_path: Path, harm: str) -> None:
    session_id, state = _game(tmp_path)
    key = tmp_path / "keys" / "app.key"
    if harm == "deleted":
        key.unlink()
    elif harm == "keys folder deleted":
        key.unlink()
        key.parent.rmdir()
    elif harm == "cut short":
        key.write_bytes(key.read_bytes()[:20])
    else:
        key.write_bytes(bytes(b ^ 0x5A for b in key.read_bytes()))
    reader = Tableside(tmp_path, read_only=True).load(session_id, read_only=True)
    assert reader.state == state
    if harm != "changed":
        assert not key.exists() or len(key.read_bytes()) == 20  # a reader writes nothing
    again = Tableside(tmp_path).load(session_id)
    assert again.state == state
    again.close()
    if harm != "changed":
        assert len(key.read_bytes()) == 32  # a writer brought it back from its copy


def test_with_every_copy_of_the_key_gone_the_message_says_the_key_is_missing(
        tmp_path: Path) -> None:
    session_id, _ = _game(tmp_path)
    (tmp_path / "keys" / "app.key").unlink()
    (tmp_path / "sessions" / "app.key.copy").unlink()
    with pytest.raises(TablesideError) as caught:
        Tableside(tmp_path).load(session_id)
    message = str(caught.value)
    assert "the app's key is missing" in message and "another data folder" not in message
    assert not (tmp_path / "keys" / "app.key").exists()  # no new key pretends to be it


def test_a_hidden_draw_only_the_lost_key_sealed_is_named_lost_and_the_game_plays(
        tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    play = solo_hunt_ready(table, seed="repeatable")
    play.do("hunt")  # a seeded game: the app draws the chamber in hiding, sealed to its key
    state = play.state
    play.close()
    path = table.store.journal_path(play.id)
    lines = path.read_bytes().split(b"\n")
    header = decode_line(lines[0])
    assert header is not None
    header["seed"] = play.session.seed  # a game saved with its seed in the clear
    lines[0] = encode_line(header).rstrip(b"\n")
    path.write_bytes(b"\n".join(lines))
    (tmp_path / "keys" / "app.key").unlink()
    (tmp_path / "sessions" / "app.key.copy").unlink()
    again = Tableside(tmp_path).load(play.id)
    assert again.state == state
    lost = [w for w in again.warnings if "hidden draw is lost" in w]
    assert lost and "the app's key is missing" in lost[0]
    with pytest.raises(ActionError, match="hidden draw is lost"):
        again.do("guess_chamber", chamber=state.facts["shuttle"]["held"][0])
    again.undo()  # the rest of the game goes on
    again.do("confront")
