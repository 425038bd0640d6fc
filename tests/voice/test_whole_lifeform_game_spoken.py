"""A whole Lifeform game at 80x24 with the ship's voice on (its rulebook asks for it): every
Self-Destruct move is announced, once, written to a folder as speech."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tableside.api import Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD
from tests.tui.test_lifeform_pilot import FIGHTS, LIFE_PIN, NAMES, SETUP, SIZE, TO_THE_LAUNCH
from tests.voice.wav_check import assert_spoken
from tui.app import TablesideApp
from tui.screens.session import SessionScreen

pytest.importorskip("espeakng_loader", reason="the voice extra (espeakng-loader) is not "
                                              "installed")
Step = tuple[str, dict[str, Any]]
GAME: list[Step] = [
    *SETUP,
    ("equip", {"crew_member": "Andrew", "option": "draw 2, Self-Destruct +1"}),
    ("end_turn", {}), ("end_turn", {}), ("next_phase", {}),
    ("attack", {"character": "Bennings"}),
    ("crew_reaction", {"crew_member": "Jacob", "reaction": "Shock-Prod"}),
    ("reality_calibration", {"image": "Image 2", "pin": LIFE_PIN}),
    ("next_phase", {}), ("end_turn", {}), ("end_turn", {}), ("next_phase", {}),
    ("lurk", {"discard": "1"}), ("next_phase", {}),
    *TO_THE_LAUNCH,
    ("launch", {}), ("ending_c_refill", {"discard": "1"}),
    ("hibernation", {"keep": "keep 1 (rule text)"}),
    ("discard_from_hand", {"who": "lifeform", "count": 1}),
    ("draw_cards", {"who": "crew member", "crew_member": "Jacob", "count": 2}),
    *[("fight_result", {"target": t, "result": r}) for t, r in FIGHTS],
]


async def test_a_whole_game_announces_every_self_destruct_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "voice"
    monkeypatch.delenv("TABLESIDE_SOUND", raising=False)
    monkeypatch.setenv("TABLESIDE_VOICE_TO", str(folder))
    table = Tableside(tmp_path)
    table.create("lifeform", 3, names=NAMES, board=BOARD, title="Friday", seed="pilot").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    moves, words = [], []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # Home: resume the only saved game
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SessionScreen)
        # Each action as its key's form does it, and the screen's redraw after each (which
        # hears it); painted once at the end, as the screen's looks are not the subject here
        # (the redraw by a SessionChanged message is every pilot test's path).
        for name, args in GAME:
            before = screen.play.state.pieces["self_destruct"].position  # type: ignore[attr-defined]
            if screen.play.pin_needed(name, **args) is not None:  # opens Sarah's sealed Image
                args = {**args, "pin": LIFE_PIN}
            screen.play.do(name, **args)
            screen.refresh_all()
            after = screen.play.state.pieces["self_destruct"].position  # type: ignore[attr-defined]
            if after != before:
                moves.append(after)
                words.append(" ".join(screen.play.session.announcement()))
        await pilot.pause()
        assert screen.play.game.end_record(screen.play.state) is not None  # played to its end
        assert screen._voice is not None
        screen._voice.wait()
    files = sorted(folder.glob("*.wav"))
    assert moves == [27, 20, 8]
    assert len(files) == len(moves)  # one announcement a move, nothing else said
    for path, minute in zip(files, moves, strict=True):
        assert path.name.split("-", 1)[1].startswith(f"self-destruct-{minute}-minutes")
    for path, said in zip(files, words, strict=True):  # each one real speech
        assert_spoken(path, said)
