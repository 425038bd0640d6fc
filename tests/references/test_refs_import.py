"""Importing rulebooks: all or nothing, clear refusals, game inference, remove, Markdown, PDF."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from references import (
    GameNeeded,
    ImportRefused,
    Library,
    LibraryError,
    UnknownBook,
    UnknownGame,
)
from references.reader import MAX_BYTES
from tests.references.refs_helpers import make_pdf

RULEBOOK = """Test Rulebook

Table of Contents

• Setup
• Fire
  • Spreading Fire
• Hull Breach

Setup

Put the board in the middle and shuffle the Vortex deck.

Fire

A fire token burns a room.

Spreading Fire

At the end of each cycle the fire moves into every open neighbour room.

Hull Breach

A breach sucks creatures without an EVA suit into space.
"""


def snapshot(library: Library) -> tuple[object, ...]:
    """What a failed import must leave untouched."""
    return (
        library.books(include_cards=True),
        [h.section_id for h in library.search("fire", limit=50).hits],
        library.search("vortex").hits,
    )


def write(path: Path, data: bytes | str) -> Path:
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path


def test_plain_text_rulebook_is_cut_by_its_contents(library: Library, tmp_path: Path) -> None:
    info = library.add_rulebook(write(tmp_path / "rules.txt", RULEBOOK), "pandora-celeste")
    assert info.title == "Test Rulebook"
    assert info.game == "pandora-celeste" and info.kind == "rulebook"
    assert info.source == "rules.txt"
    toc = library.toc(info.id)
    assert [(e.title, e.level) for e in toc] == [
        ("Setup", 1), ("Fire", 1), ("Spreading Fire", 2), ("Hull Breach", 1),
    ]
    assert toc[2].path == ("Test Rulebook", "Fire", "Spreading Fire")
    hit = library.search("vortex", kind="rulebook").hits[0]
    assert hit.section == "Setup" and hit.source == "Test Rulebook"


def test_import_reports_progress(library: Library, tmp_path: Path) -> None:
    seen: list[tuple[float, str]] = []
    library.add_rulebook(write(tmp_path / "r.txt", RULEBOOK), "lifeform",
                         progress=lambda f, m: seen.append((f, m)))
    fractions = [f for f, _ in seen]
    assert fractions and fractions[-1] == 1.0
    assert fractions == sorted(fractions)
    assert all(message for _, message in seen)


@pytest.mark.parametrize(
    ("name", "data", "says"),
    [
        ("empty.txt", b"", "empty"),
        ("blank.txt", b"   \n\n\t  \n", "blank"),
        ("binary.txt", bytes(range(256)) * 40, "binary"),
        ("zeros.md", b"\x00" * 1000, "binary"),
        ("latin.txt", b"\x81\x8d\x8f\x90\x9d" * 50, "UTF-8"),
        ("rules.docx", b"PK\x03\x04 not really a docx", ".docx files cannot be imported"),
        ("rules", b"some text", "without an extension"),
        ("fake.pdf", b"this is not a pdf at all", "not a PDF"),
        ("broken.pdf", b"%PDF-1.4\n garbage garbage", "PDF"),
        ("short.txt", b"Hi", "too little text"),
    ],
)
def test_bad_file_is_refused_and_changes_nothing(
    library: Library, tmp_path: Path, name: str, data: bytes, says: str
) -> None:
    path = write(tmp_path / name, data)
    before = snapshot(library)
    with pytest.raises(ImportRefused) as refused:
        library.add_rulebook(path, "lifeform")
    message = str(refused.value)
    assert name in message or str(path) in message
    assert says in message
    assert snapshot(library) == before


def test_huge_file_is_refused_before_reading(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)  # sparse: no need to write 20 MB
    before = snapshot(library)
    with pytest.raises(ImportRefused, match=r"huge\.txt: the file is 20\.0 MB; the limit is 20 MB"):
        library.add_rulebook(path, "lifeform")
    assert snapshot(library) == before


def test_missing_file_and_folder_are_refused(library: Library, tmp_path: Path) -> None:
    with pytest.raises(ImportRefused, match="does not exist"):
        library.add_rulebook(tmp_path / "nope.txt", "lifeform")
    folder = tmp_path / "folder.txt"
    folder.mkdir()
    with pytest.raises(ImportRefused, match="is a folder"):
        library.add_rulebook(folder, "lifeform")


def test_unreadable_file_is_refused(library: Library, tmp_path: Path) -> None:
    path = write(tmp_path / "locked.txt", RULEBOOK)
    path.chmod(0)
    try:
        with path.open("rb"):
            pytest.skip("this user (root?) can read any file: permissions do not bite")
    except PermissionError:
        with pytest.raises(ImportRefused, match="could not be read"):
            library.add_rulebook(path, "lifeform")
    finally:
        path.chmod(0o644)


def test_unknown_game_id_is_refused(library: Library, tmp_path: Path) -> None:
    path = write(tmp_path / "r.txt", RULEBOOK)
    with pytest.raises(UnknownGame, match="'chess'.*lifeform"):
        library.add_rulebook(path, "chess")
    assert library.books() == []


def test_game_must_be_named_when_the_text_does_not_say(library: Library, tmp_path: Path) -> None:
    path = write(tmp_path / "r.txt", RULEBOOK.replace("Test Rulebook", "House Rules"))
    with pytest.raises(GameNeeded, match="r.txt: could not tell which game"):
        library.add_rulebook(path)
    assert library.books() == []


def test_game_is_inferred_from_the_rulebook_texts(
    library: Library, rulebooks: tuple[Path, dict[str, str]]
) -> None:
    folder, files = rulebooks
    games = {key: library.add_rulebook(folder / name).game for key, name in files.items()}
    assert games == {
        "lifeform": "lifeform",
        "nemesis-lockdown": "nemesis-lockdown",
        "space-station-phoenix": "space-station-phoenix",
        "lifeform-expansion": "lifeform",  # Thirteenth Passenger belongs to lifeform
        "pandora-celeste": "pandora-celeste",
    }


def test_rulebook_texts_keep_their_chapters(
    library: Library, rulebooks: tuple[Path, dict[str, str]]
) -> None:
    folder, files = rulebooks
    info = library.add_rulebook(folder / files["pandora-celeste"])
    assert info.title == "Pandora Celeste Rulebook"
    toc = library.toc(info.id)
    breach = next(e for e in toc if e.title == "Catastrophic Hull Breach")
    assert breach.path[0] == "Pandora Celeste Rulebook"
    assert breach.path[1].startswith("Scenario 3")
    expansion = library.add_rulebook(folder / files["lifeform-expansion"])
    assert expansion.title == "Lifeform: Thirteenth Passenger Rulebook"
    titles = [e.title for e in library.toc(expansion.id)]
    assert "Asteroid Impact – Module B" in titles


def test_same_file_twice_is_refused_unless_allowed(library: Library, tmp_path: Path) -> None:
    path = write(tmp_path / "r.txt", RULEBOOK)
    first = library.add_rulebook(path, "lifeform")
    with pytest.raises(ImportRefused, match=f"already in the library as #{first.id}"):
        library.add_rulebook(path, "lifeform")
    second = library.add_rulebook(path, "lifeform", allow_duplicate=True)
    assert second.id != first.id
    assert len(library.books()) == 2


def test_remove_takes_the_book_out_of_search(library: Library, tmp_path: Path) -> None:
    info = library.add_rulebook(write(tmp_path / "r.txt", RULEBOOK), "lifeform")
    assert library.search("vortex").hits
    assert library.search("vortx").did_you_mean == "vortex"
    library.remove(info.id)
    assert library.books() == []
    assert library.search("vortex").hits == ()
    assert library.search("vortx").did_you_mean != "vortex"  # its words left the vocabulary
    with pytest.raises(UnknownBook):
        library.toc(info.id)


def test_remove_unknown_id_or_a_card_is_refused(library: Library) -> None:
    with pytest.raises(UnknownBook, match="no rulebook with id 999"):
        library.remove(999)
    card = library.cards()[0]
    with pytest.raises(LibraryError, match="cannot be removed"):
        library.remove(card.id)
    assert library.cards()[0] == card


def test_markdown_rulebook_by_headings(library: Library, tmp_path: Path) -> None:
    text = "# House Book\n\nIntro.\n\n## Fire {#fire}\n\nIt burns.\n\n### Smoke\n\nIt chokes.\n"
    info = library.add_rulebook(write(tmp_path / "book.md", text), "pandora-celeste")
    assert info.title == "House Book"
    toc = library.toc(info.id)
    assert [e.title for e in toc] == ["Front matter", "Fire", "Smoke"]
    assert toc[2].path == ("House Book", "Fire", "Smoke")


def test_utf16_and_windows_text_are_read(library: Library, tmp_path: Path) -> None:
    utf16 = write(tmp_path / "u16.txt", RULEBOOK.encode("utf-16"))
    assert library.add_rulebook(utf16, "lifeform").sections == 4
    cp1252 = RULEBOOK.replace("Vortex", "Vortéx “deck”").encode("cp1252")
    library.add_rulebook(write(tmp_path / "w.txt", cp1252), "lifeform")
    assert library.search("vortéx").hits


def test_pdf_with_outline_is_cut_by_its_bookmarks(library: Library, tmp_path: Path) -> None:
    pdf = make_pdf(
        [
            ["Hull Breach", "A breach lets the air out of the room.", "Seal it with a kit."],
            ["Fire Spreads", "Fire moves to the next room at the end of the cycle."],
            [],
        ],
        outline=[("Hull Breach", 0), ("Fire Spreads", 1)],
    )
    info = library.add_rulebook(write(tmp_path / "guide.pdf", pdf), "pandora-celeste")
    assert [e.title for e in library.toc(info.id)] == ["Hull Breach", "Fire Spreads"]
    assert info.pages_without_text == (3,)
    assert any("3" in note and "no text" in note for note in info.notes)
    hit = library.search("seal kit", kind="rulebook").hits[0]
    assert hit.section == "Hull Breach"
    section = library.section(hit.section_id)
    assert "air out" in section.body and "Fire moves" not in section.body


def test_pdf_without_outline_uses_heading_lines(library: Library, tmp_path: Path) -> None:
    pdf = make_pdf([
        ["PANDORA GUIDE", "", "", "HULL BREACH", "", "", "A breach lets the air out."],
        ["FIRE", "", "", "Fire moves on each cycle."],
    ])
    info = library.add_rulebook(write(tmp_path / "plain.pdf", pdf), "pandora-celeste")
    titles = [e.title for e in library.toc(info.id)]
    assert titles == ["HULL BREACH", "FIRE"]
    assert info.pages_without_text == ()


def test_pdf_with_no_text_at_all_is_refused(library: Library, tmp_path: Path) -> None:
    path = write(tmp_path / "scan.pdf", make_pdf([[], []]))
    with pytest.raises(ImportRefused, match="scan.pdf: no page has text"):
        library.add_rulebook(path, "lifeform")
    assert library.books() == []


def test_failed_write_rolls_back(library: Library, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure half-way through storing leaves no book and no sections behind."""
    import references.store as store

    calls = {"n": 0}
    real = store.with_paths

    def broken(title: str, sections: list[Any]) -> list[Any]:
        placed = real(title, sections)
        calls["n"] += 1
        return placed + [(None, ("x",))]  # the None makes the insert fail mid-way

    monkeypatch.setattr(store, "with_paths", broken)
    before = snapshot(library)
    with pytest.raises(Exception):  # noqa: B017 - any failure; the point is the rollback
        library.add_rulebook(write(tmp_path / "r.txt", RULEBOOK), "lifeform")
    monkeypatch.undo()
    assert calls["n"] == 1
    assert snapshot(library) == before
    assert library.search("vortex").hits == ()
