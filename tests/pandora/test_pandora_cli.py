"""Pandora Celeste from the shell: what `tableside actions` lists is what `tableside do`
takes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_add_protocol_takes_the_delay_limit_the_listing_offers(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = ("--data-dir", str(tmp_path))
    code, out, err = run(capsys, *data, "new", "pandora-celeste", "--players", "1",
                         "--option", "crew=Cap")
    assert code == 0, err
    game = out.strip()
    for _ in range(2):
        assert run(capsys, *data, "do", game, "next_step")[0] == 0
    code, out, _ = run(capsys, *data, "actions", game)
    listed = next(line for line in out.splitlines() if "add_protocol" in line)
    assert "delay_limit=<a whole number from 0 to 30>" in listed
    code, out, err = run(capsys, *data, "do", game, "add_protocol", "name=Aircon", "start=6",
                         "delay_limit=2")
    assert code == 0, err
    assert "Aircon: 2 delays on its card, kept on your board profile" in out
    code, out, err = run(capsys, *data, "do", game, "add_protocol", "name=Vacuum", "start=4",
                         "delay_limit=1")
    assert code != 0 and "delay_limit: the rulebook gives Vacuum 2 delays" in err


def test_a_refusal_naming_enter_a_board_value_gives_its_command(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The board profile says Aircon allows 2 delays; a later game giving 1 is refused,
    and the refusal names the engine's own action as this command line does it."""
    data = ("--data-dir", str(tmp_path))
    games = []
    for _ in range(2):
        code, out, err = run(capsys, *data, "new", "pandora-celeste", "--players", "1",
                             "--option", "crew=Cap")
        assert code == 0, err
        games.append(out.strip())
        for _ in range(2):
            assert run(capsys, *data, "do", games[-1], "next_step")[0] == 0
    assert run(capsys, *data, "do", games[0], "add_protocol", "name=Aircon", "start=6",
               "delay_limit=2")[0] == 0
    code, _, err = run(capsys, *data, "do", games[1], "add_protocol", "name=Aircon", "start=6",
                       "delay_limit=1")
    assert code != 0 and "your board profile says Aircon's card allows 2" in err
    assert f"'Enter a board value' (tableside do {games[1]} set_board_value)" in err, err
