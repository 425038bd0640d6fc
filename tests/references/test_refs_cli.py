"""`tableside rules ...` through a stand-in main parser: JSON shape, messages and exit codes."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from tableside.cli_rules import register

RULES = """Test Rulebook

Table of Contents

• Setup
• Hull Breach

Setup

Shuffle the Vortex deck and deal five cards.

Hull Breach

A breach sucks creatures without an EVA suit into space.
"""


def run(data_dir: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Parse like the lead's main parser will (it supplies args.data_dir) and run the handler."""
    parser = argparse.ArgumentParser(prog="tableside")
    parser.add_argument("--data-dir", type=Path, default=data_dir)
    register(parser.add_subparsers(dest="command", required=True))
    try:
        args = parser.parse_args(list(argv))
        code = args.func(args)
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


@pytest.fixture
def data(tmp_path: Path, _empty_library_folder: Path) -> Path:
    """A data folder holding a library with nothing imported (conftest.py: a copy of one first
    open's). Without it, each read-only command indexes the cards again in memory (~30 ms);
    a folder never made is what ``fresh`` gives (the first test and two of the empty cases)."""
    shutil.copytree(_empty_library_folder, tmp_path / "data")
    return tmp_path / "data"


@pytest.fixture
def fresh(tmp_path: Path) -> Path:
    """A data folder not made yet, as on the first run."""
    return tmp_path / "data"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "rules.txt"
    path.write_text(RULES, encoding="utf-8")
    return path


def listed(data: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    code, out, _ = run(data, capsys, "rules", "list", "--json")
    assert code == 0
    result = json.loads(out)
    assert isinstance(result, list)
    return result


def test_add_list_search_remove(fresh: Path, book: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    data = fresh
    code, out, _ = run(data, capsys, "rules", "add", str(book), "--game", "pandora-celeste")
    assert code == 0 and "Imported #" in out and "Test Rulebook" in out
    books = listed(data, capsys)
    assert len(books) == 1
    entry = books[0]
    assert entry["game"] == "pandora-celeste" and entry["source"] == "rules.txt"
    assert entry["sections"] == 2

    code, out, _ = run(data, capsys, "rules", "search", "vortex deck", "--json")
    assert code == 0
    hits = json.loads(out)
    assert hits and all(
        set(hit) == {"game", "source", "section", "path", "snippet", "score"} for hit in hits
    )
    top = hits[0]
    assert top["section"] == "Setup" and top["source"] == "Test Rulebook"
    assert top["path"] == ["Test Rulebook", "Setup"]
    assert "«Vortex»" in top["snippet"]
    assert isinstance(top["score"], float) and top["score"] > 0

    code, out, _ = run(data, capsys, "rules", "remove", str(entry["id"]))
    assert code == 0 and "Removed" in out
    assert listed(data, capsys) == []


def test_text_output_lists_ranked_hits(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(data, capsys, "rules", "search", "hull breach", "--game",
                       "pandora-celeste", "--limit", "2")
    assert code == 0
    assert out.startswith(" 1. Hull Breach")
    assert " 2. " in out and " 3. " not in out


@pytest.mark.parametrize("folder", ["data", "fresh"])
def test_search_works_with_nothing_imported(folder: str, request: pytest.FixtureRequest,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    data = request.getfixturevalue(folder)
    code, out, _ = run(data, capsys, "rules", "search", "autodestruction", "--json")
    assert code == 0
    hits = json.loads(out)
    assert hits[0]["section"] == "Autodestruction"
    assert hits[0]["source"] == "Nemesis: Lockdown — reference card"


def test_limit_caps_the_json_list(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(data, capsys, "rules", "search", "the", "--limit", "3", "--json")
    assert code == 0 and len(json.loads(out)) == 3


@pytest.mark.parametrize(
    "query", ['"', "x-wing: AND (", "NEAR", "*", "🚀", "   ", "a" * 3000, "NOT OR AND"]
)
def test_hostile_query_exits_0_with_json(
    data: Path, capsys: pytest.CaptureFixture[str], query: str
) -> None:
    code, out, _ = run(data, capsys, "rules", "search", query, "--json")
    assert code == 0
    assert isinstance(json.loads(out), list)


def test_no_match_and_did_you_mean(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(data, capsys, "rules", "search", "zzzqqq")
    assert code == 0 and "No section matches" in out
    code, out, _ = run(data, capsys, "rules", "search", "autodestrcution")
    # nothing for the typo itself: the corrected word's results, saying so
    assert code == 0 and "Showing results for 'autodestruction'" in out
    assert "1. Autodestruction" in out
    code, out, err = run(data, capsys, "rules", "search", "autodestrcution", "--json")
    assert code == 0 and json.loads(out)[0]["section"] == "Autodestruction"
    assert "showing results for: autodestruction" in err


@pytest.mark.parametrize(
    ("argv", "argument"),
    [
        (("rules", "search", "fire", "--limit", "0"), "--limit"),
        (("rules", "search", "fire", "--limit", "-2"), "--limit"),
        (("rules", "search", "fire", "--limit", "ten"), "--limit"),
        (("rules", "search", "fire", "--game", "chess"), "--game"),
        (("rules", "add", "x.txt", "--game", "chess"), "--game"),
        (("rules", "remove", "abc"), "ID"),
        (("rules",), "COMMAND"),
    ],
)
def test_bad_argument_exits_2_naming_it_and_changes_nothing(
    data: Path, book: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
    argument: str
) -> None:
    argv = tuple(str(book) if a == "x.txt" else a for a in argv)
    code, _, err = run(data, capsys, *argv)
    assert code == 2
    assert argument in err
    assert listed(data, capsys) == []


def test_add_without_game_when_the_text_does_not_say(
    data: Path, book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(data, capsys, "rules", "add", str(book))
    assert code == 2
    assert "--game" in err and "rules.txt" in err
    assert listed(data, capsys) == []


def test_add_refused_file_exits_1(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    code, _, err = run(data, capsys, "rules", "add", str(empty), "--game", "lifeform")
    assert code == 1 and "empty.txt: the file is empty" in err
    code, _, err = run(data, capsys, "rules", "add", str(tmp_path / "missing.md"))
    assert code == 1 and "does not exist" in err
    assert listed(data, capsys) == []


def test_remove_unknown_id_exits_1(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(data, capsys, "rules", "remove", "42")
    assert code == 1 and "no rulebook with id 42" in err


def test_list_text_when_empty(fresh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(fresh, capsys, "rules", "list")
    assert code == 0 and "No rulebooks imported" in out


@pytest.mark.parametrize("argv", [("-hull",), ("-hull", "--limit", "2"), ("--", "-hull"),
                                  ("hull", "breach", "--json")])
def test_a_query_may_start_with_a_dash_and_hold_several_words(
    data: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    from tableside.cli import main

    code = main(["--data-dir", str(data), "rules", "search", *argv])  # the real front door
    assert code == 0 and "Hull Breach" in capsys.readouterr().out
