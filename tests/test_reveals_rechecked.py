"""A reveal rewritten in the files (its value changed, the journal's checksums, chain and seal
made again with the app's own encoding) is flagged wherever it is shown: on open, in
`saves show`, the report and the history's table log; never shown as genuine."""

from __future__ import annotations

from pathlib import Path

import pytest

from saves.journal import JournalFile, read_journal
from saves.seal import Seal, read_seal, write_seal
from tableside.api import Tableside
from tableside.cli import main
from tableside.history import report_markdown
from trackers.engine.actions import OPENED
from trackers.pieces.secret import MISMATCH


def revealed_then_rewritten(root: Path) -> str:
    """A demo game whose "plan" was chosen "left" and revealed; then its reveal's record is
    made to say "right", every line re-chained and the seal's head made again."""
    table = Tableside(root)
    play = table.create("demo", 2)
    play.do("choose_secret", secret="plan", value="left", decline_pin=True)
    play.do("advance", spaces=1)
    play.do("reveal_secret", secret="plan")
    assert not any(MISMATCH in w for w in play.warnings)
    play.close()
    path = table.store.journal_path(play.id)
    contents = read_journal(path)
    for record in contents.records:
        if record.get("action") == "reveal_secret":
            record["args"][OPENED]["plan"]["value"] = "right"
    header = {k: v for k, v in contents.header.items() if k not in ("t", "format")}
    _, head, lines = JournalFile.rewrite(path, header, contents.records)
    seal = read_seal(table.store.seal_path(play.id))
    assert seal is not None
    write_seal(table.store.seal_path(play.id), Seal(lines, head, seal.header, seal.title))
    table.store.snapshot_path(play.id).unlink(missing_ok=True)
    table.close()
    return play.id


def test_a_rewritten_reveal_is_flagged_on_open_in_the_report_and_the_log(
        tmp_path: Path, demo_registered: None) -> None:
    session_id = revealed_then_rewritten(tmp_path)
    table = Tableside(tmp_path)
    play = table.load(session_id)
    assert not any("chain" in w or "seal" in w for w in play.warnings)  # the forgery holds
    assert any(MISMATCH in w and "Plan" in w for w in play.warnings)  # on open
    piece = play.state.pieces["plan"]
    assert piece.summary().endswith(f"right ({MISMATCH})")  # the screen's summary
    report = play.report()
    (shown,) = report.secrets
    assert shown.value == "right" and not shown.matches
    assert MISMATCH in report_markdown(report, "t")
    reveal = next(line for line in play.table_log() if line.kind == "reveal")
    assert MISMATCH in reveal.text  # the history screen's table log
    play.close()
    table.close()


def test_saves_show_flags_a_rewritten_reveal(tmp_path: Path, demo_registered: None,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    session_id = revealed_then_rewritten(tmp_path)
    assert main(["--data-dir", str(tmp_path), "saves", "show", session_id]) == 0
    out, err = capsys.readouterr()
    assert f"right ({MISMATCH})" in out
    assert MISMATCH in err + out and "Plan" in err + out


def test_a_genuine_reveal_is_not_flagged(tmp_path: Path, demo_registered: None) -> None:
    table = Tableside(tmp_path)
    play = table.create("demo", 2)
    play.do("choose_secret", secret="plan", value="left", decline_pin=True)
    play.do("advance", spaces=1)
    play.do("reveal_secret", secret="plan")
    play.close()
    again = table.load(play.id)
    assert again.report().secrets[0].matches
    assert not any(MISMATCH in w for w in again.warnings)
    assert all(MISMATCH not in line.text for line in again.table_log())
    again.close()
    table.close()
