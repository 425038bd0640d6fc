"""Text as typed on the command line: control sequences never reach the terminal, markup shows
as typed, typed fields and numbers have limits stated in the error, files are checked before
they are read, and a secret typed at `value=-` never shows."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import shutil
from pathlib import Path
from random import Random

import pytest

from tableside.api import Tableside
from tableside.cli import main
from tableside.files import FileRefused, read_capped
from tableside.text import one_line, plain
from tests.demo import INFO as DEMO_INFO
from tests.demo.game import GAME
from tests.demo.game import setup as demo_setup
from trackers.engine import ActionError, Game, SessionSetup, State
from trackers.games import registry
from trackers.pieces import Secret

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "phoenix-score.json"
NASTY = "\x1b]0;owned\x07\x1b[2J\x1b[31mRed\x1b[0m\r\x9b1m\x00[b]Bo[/b]"


def _spy_setup(setup: SessionSetup, rng: Random) -> State:
    state = demo_setup(setup, rng)
    state.pieces["codeword"] = Secret("Code word", "Captain")
    return state


SPY: Game = dataclasses.replace(
    GAME, info=dataclasses.replace(GAME.info, id="demo-text", title="Demo Text"),
    setup=_spy_setup)


@pytest.fixture(autouse=True)
def games(monkeypatch: pytest.MonkeyPatch) -> None:
    registry.infos()
    monkeypatch.setitem(registry._INFOS, "demo", DEMO_INFO)
    monkeypatch.setitem(registry._LOADED, "demo", GAME)
    monkeypatch.setitem(registry._INFOS, "demo-text", SPY.info)
    monkeypatch.setitem(registry._LOADED, "demo-text", SPY)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def new(capsys: pytest.CaptureFixture[str], data: Path, *extra: str) -> str:
    code, out, err = run(capsys, "--data-dir", str(data), "new", "demo-text", "--players", "2",
                         *extra)
    assert code == 0, err
    return out.strip()


def _no_controls(text: str) -> None:
    text = text.replace("\r\n", "\n")  # a CSV line end is not a control sequence
    assert not any(ord(c) < 32 and c != "\n" or 0x7F <= ord(c) <= 0x9F for c in text), text


# --- plain text ---------------------------------------------------------------------------------
def test_plain_removes_whole_sequences_and_keeps_the_text() -> None:
    assert plain(NASTY) == "Red[b]Bo[/b]"
    assert plain("a\nb\tc") == "a\nbc"
    assert one_line("Ann\nBo") == "Ann Bo" and one_line("Ann\r\nBo\rCy") == "Ann BoCy"
    assert plain("a,b\r\nc,d\r\n") == "a,b\r\nc,d\r\n"  # CSV line ends stay
    assert plain("\x1bP1;2|secret\x1b\\after") == "after"


def test_control_sequences_and_markup_in_a_score_file_print_as_plain_text(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["players"][0]["name"] = "[b]Anna[/b]\x1b[2J\x1b]0;x\x07"
    path = tmp_path / "score.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for fmt in ((), ("--markdown",), ("--csv",), ("--json",), ("--explain",)):
        code, out, err = run(capsys, "score", "phoenix", str(path), *fmt)
        assert code == 0, err
        _no_controls(out + err)
        assert "[b]Anna[/b]" in out, fmt


def test_a_title_or_name_with_control_characters_is_refused_naming_the_field(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo", "--players", "2",
                         "--title", "Game\x1b[2J")
    assert code == 2 and "title: give 1 to 80 printable characters" in err
    _no_controls(out + err)
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo", "--players", "2",
                       "--names", "Ann,B\x1bo")
    assert code == 2 and "names:" in err
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "new", "demo", "--players", "2",
                       "--title", "x" * 81)
    assert code == 2 and "80" in err and "81 given" in err
    assert Tableside(tmp_path).sessions() == []


def test_markup_in_a_title_and_names_is_kept_and_shown_as_typed(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sid = new(capsys, tmp_path, "--title", "[b]Friday[/b] [/]", "--names", "[b]Bo[/b],Ann")
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "saves", "list")
    assert code == 0 and "[b]Friday[/b] [/]" in out
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "saves", "show", sid, "--json")
    assert json.loads(out)["setup"]["names"] == ["[b]Bo[/b]", "Ann"]


def test_a_typed_argument_with_controls_or_too_long_is_refused(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sid = new(capsys, tmp_path)
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "escape",
                         "who=Ann\x1b[2J")
    assert code == 1 and "who: give printable text on one line" in err
    _no_controls(out + err)
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "escape",
                       "who=" + "A" * 201)
    assert code == 1 and "who: 201 characters is too long; give at most 200" in err
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "escape",
                         "who=[b]Bo[/b]")
    assert code == 0 and "[b]Bo[/b] escaped" in out


def test_old_text_with_control_characters_is_still_printed_plain(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Whatever got into a save before these checks (or by hand) prints without controls."""
    table = Tableside(tmp_path)
    play = table.create("demo", 2, seed="x")
    play.close()
    table.store.rename(play.id, NASTY)  # past the API's own check, as an old save could be
    table.close()
    for argv in (("saves", "list"), ("saves", "show", play.id)):
        code, out, err = run(capsys, "--data-dir", str(tmp_path), *argv)
        assert code == 0, err
        _no_controls(out + err)
        assert "Red[b]Bo[/b]" in out, argv
    table = Tableside(tmp_path)
    table.store.rename(play.id, "two\nlines")
    table.close()
    code, out, _ = run(capsys, "--data-dir", str(tmp_path), "saves", "list")
    assert code == 0 and len(out.splitlines()) == 1 and "two lines" in out  # one row per game


def test_imported_rulebook_text_prints_plain_one_row_per_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = tmp_path / "book.md"
    filler = "The crew checks every room in turn order and marks what it finds. " * 40
    book.write_text(f"# Hull \x1b[2Jbreach [b]rules[/b]\n\n{filler}\n\nWhen the hull "
                    f"breaches, every crew member\r in the room takes one wound.\n\n{filler}\n",
                    encoding="utf-8")
    data = str(tmp_path / "data")
    code, out, err = run(capsys, "--data-dir", data, "rules", "add", str(book), "--game",
                         "lifeform")
    assert code == 0, err
    # the search names its game: another game's card never pushes the book out of the list
    for argv in (("rules", "search", "--game", "lifeform", "hull breaches wound"),
                 ("rules", "list")):
        code, out, err = run(capsys, "--data-dir", data, *argv)
        assert code == 0, err
        _no_controls(out + err)
        assert "[b]rules[/b]" in out, argv


# --- numbers ----------------------------------------------------------------------------------
def test_a_5000_digit_number_is_a_clear_error_from_the_cli_and_the_api(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sid = new(capsys, tmp_path)
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "advance",
                         "spaces=" + "9" * 5000)
    assert code == 1 and "spaces: more than 15 digits is not allowed" in err
    assert len(err) < 300  # the number is not echoed back
    play = Tableside(tmp_path).load(sid)
    for huge in ("9" * 5000, 10 ** 5000, -(10 ** 5000), "-" + "1" * 4400):
        with pytest.raises(ActionError, match="spaces"):
            play.do("advance", spaces=huge)
    assert play.session.events == []
    play.close()


def test_typed_limits_are_stated_in_the_error_and_hold_for_every_caller() -> None:
    from trackers.engine import Param

    state = State()
    note = Param("note", "str", "a note")
    assert note.coerce("  [b]ok[/b] ", state) == "[b]ok[/b]"
    with pytest.raises(ActionError, match="note: 201 characters is too long; give at most 200"):
        note.coerce("x" * 201, state)
    name = Param("who", "str", "a name", max_length=40)
    with pytest.raises(ActionError, match="give at most 40"):
        name.coerce("y" * 41, state)
    for bad in ("a\nb", "a\x1b[2Jb", "tab\there", "c1\x85c1"):
        with pytest.raises(ActionError, match="printable text on one line"):
            note.coerce(bad, state)
    pick = Param("side", "choice", "a side", choices=("left", "right"))
    with pytest.raises(ActionError) as refused:
        pick.coerce("z" * 10_000, state)
    assert len(str(refused.value)) < 120  # the bad value is quoted short
    count = Param("count", "int", "how many")
    assert count.coerce("-123456789012345", state) == -123456789012345
    for huge in ("1" * 16, 10 ** 16, "9" * 5000, 10 ** 5000):
        with pytest.raises(ActionError, match="more than 15 digits"):
            count.coerce(huge, state)


def test_a_5000_digit_number_in_a_file_is_a_clear_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    huge = "9" * 5000
    sheet = tmp_path / "score.json"
    sheet.write_text(EXAMPLE.read_text(encoding="utf-8").replace('"gems": 5', f'"gems": {huge}',
                                                                 1), encoding="utf-8")
    toml = tmp_path / "score.toml"
    toml.write_text(f'[[players]]\nname = "Anna"\ngems = {huge}\n', encoding="utf-8")
    profile = tmp_path / "profile.json"
    profile.write_text('{"format": "tableside.board-profile", "version": 1, "game": "demo", '
                       f'"values": {{"hatch_space": {huge}}}}}', encoding="utf-8")
    for argv in (("score", "phoenix", str(sheet)), ("score", "phoenix", str(toml)),
                 ("--data-dir", str(tmp_path / "d"), "profile", "import", "demo", str(profile))):
        code, out, err = run(capsys, *argv)
        assert code == 1, (argv, err)
        assert "digits" in err and "unexpected" not in err and len(err) < 300, argv


# --- secrets typed unseen -------------------------------------------------------------------------
def test_value_dash_reads_the_secret_from_standard_input(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    sid = new(capsys, tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("ZEBRA SEVEN\n432100\n"))
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "choose_secret",
                         "secret=codeword", "value=-", "pin=-")
    assert code == 0, err
    assert "ZEBRA" not in out + err and "432100" not in out + err
    assert "commitment code" in out
    for argv in (("saves", "show", sid), ("saves", "show", sid, "--json"), ("saves", "list"),
                 ("saves", "list", "--json"), ("actions", sid)):
        code, out, err = run(capsys, "--data-dir", str(tmp_path), *argv)
        assert "ZEBRA" not in out + err, argv
    play = Tableside(tmp_path).load(sid)
    with pytest.raises(ActionError, match="PIN"):
        play.secret_value("codeword")
    assert play.secret_value("codeword", pin="432100") == "ZEBRA SEVEN"
    play.close()


def test_value_dash_at_a_terminal_asks_at_a_hidden_prompt(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    sid = new(capsys, tmp_path)
    asked: list[str] = []

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    def hidden(prompt: str) -> str:  # getpass: nothing typed is echoed
        asked.append(prompt)
        return "QUIET WORD"

    monkeypatch.setattr("sys.stdin", Terminal(""))
    monkeypatch.setattr("getpass.getpass", hidden)
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "choose_secret",
                         "secret=codeword", "value=-", "pin=none")
    assert code == 0, err
    assert asked == ["value (not shown as you type): "]
    assert "QUIET" not in out + err
    play = Tableside(tmp_path).load(sid)
    assert play.secret_value("codeword") == "QUIET WORD"
    play.close()


def test_value_dash_with_nothing_on_standard_input_records_nothing(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    sid = new(capsys, tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "choose_secret",
                       "secret=codeword", "value=-")
    assert code == 1 and "value: standard input ended" in err
    assert Tableside(tmp_path).load(sid).session.events == []


def test_the_cli_sets_the_pin_once_and_asks_it_to_look(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sid = new(capsys, tmp_path)
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "choose_secret",
                       "secret=codeword", "value=first")
    assert code == 1 and "first secret in this game" in err
    assert "pin=- asks it unseen; pin=none declines one" in err
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "choose_secret",
                       "secret=codeword", "value=first", "pin=11")
    assert code == 1 and "pin: give 6 to 64" in err
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "choose_secret",
                       "secret=codeword", "value=first", "pin=112233")
    assert code == 0, err
    code, _, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "choose_secret",
                       "secret=codeword", "value=second", "pin=112233")
    assert code == 1 and "secret: 'codeword' is not allowed" in err  # chosen once for good
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "peek_secret",
                         "secret=codeword", "pin=121212")
    assert code == 1 and "wrong PIN" in err and "first" not in out
    code, out, err = run(capsys, "--data-dir", str(tmp_path), "do", sid, "peek_secret",
                         "secret=codeword", "pin=112233")
    assert code == 0 and "Code word: first" in out


# --- files ---------------------------------------------------------------------------------
def _fifo(tmp_path: Path) -> Path:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    return fifo


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(),
                    reason="needs a FIFO and /dev/zero (POSIX)")
@pytest.mark.parametrize("command", [
    ("score", "phoenix"), ("profile", "import", "demo"), ("rules", "add")])
def test_a_device_a_fifo_or_a_folder_is_refused_before_reading(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, command: tuple[str, ...]) -> None:
    data = tmp_path / "data"
    for target, why in (("/dev/zero", "is a device, not a file"),
                        (str(_fifo(tmp_path)), "is a pipe (FIFO), not a file"),
                        (str(tmp_path), "is a folder, not a file")):
        code, out, err = run(capsys, "--data-dir", str(data), *command, target)
        assert code in (1, 2), (command, target)
        assert why in err, (command, target, err)


def test_a_file_past_the_size_cap_is_refused_with_the_limit(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (1024 * 1024 + 1))
    code, _, err = run(capsys, "score", "phoenix", str(big))
    assert code == 2 and "the limit is 1 MB" in err
    code, _, err = run(capsys, "--data-dir", str(tmp_path / "d"), "profile", "import", "demo",
                       str(big))
    assert code == 2 and "the limit is 1 MB" in err and "nothing was changed" in err


def test_read_capped_reads_at_most_the_cap(tmp_path: Path) -> None:
    small = tmp_path / "ok.json"
    small.write_text("{}", encoding="utf-8")
    assert read_capped(small, 10) == b"{}"
    with pytest.raises(FileRefused, match="does not exist"):
        read_capped(tmp_path / "missing.json", 10)


def test_standard_input_is_capped_too(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    class Endless(io.RawIOBase):
        def readable(self) -> bool:
            return True

        def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
            buffer[:] = b" " * len(buffer)
            return len(buffer)

    class Stdin:
        buffer = io.BufferedReader(Endless())

    monkeypatch.setattr("sys.stdin", Stdin())
    code, _, err = run(capsys, "score", "phoenix", "-")
    assert code == 2 and "standard input" in err and "1 MB" in err


def test_the_example_still_scores(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "example.json"
    shutil.copy(EXAMPLE, target)
    code, out, _ = run(capsys, "score", "phoenix", str(target))
    assert code == 0 and "Connor" in out
