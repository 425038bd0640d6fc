"""Commands that only look write nothing, even when they find damage (they say it; the next
command that writes records it), and a rulebook import that fails gives its space back."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from tableside.cli import main
from tests.saves.test_saves_safety import files_of, played

pytestmark = pytest.mark.usefixtures("demo_registered")

LOOKING = [["saves", "list"], ["saves", "show", "{id}"], ["actions", "{id}"],
           ["profile", "show", "lifeform"], ["profile", "export", "lifeform", "{out}"],
           ["report", "{id}"], ["history"], ["rules", "list"]]


@pytest.mark.parametrize("command", LOOKING, ids=lambda c: " ".join(c[:2]))
def test_a_looking_command_on_a_damaged_folder_renames_nothing(
        tmp_path: Path, command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    play = played(data, 2)
    Path(data / "settings.json").write_text('{"format": 1, "settings": {"board:lif')  # cut
    (data / "settings.json.bak").write_text('{"format": 1, "settings": {}}')
    before = files_of(data)
    args = [a.format(id=play.id, out=tmp_path / "profile.json") for a in command]
    main(["--data-dir", str(data), *args])
    assert files_of(data) == before
    if command[:2] == ["profile", "show"]:
        assert "settings.json is damaged" in capsys.readouterr().err


@pytest.mark.parametrize("command", [c for c in LOOKING if "{id}" not in c],
                         ids=lambda c: " ".join(c[:2]))
def test_a_looking_command_makes_no_data_folder(tmp_path: Path, command: list[str]) -> None:
    data = tmp_path / "not-yet"
    main(["--data-dir", str(data), *[a.format(out=tmp_path / "p.json") for a in command]])
    assert not data.exists()


def test_a_failed_rulebook_import_gives_back_the_space_it_took(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import references.library as library_module
    from references import Library
    from tests.references.refs_helpers import FIXTURES

    data = tmp_path / "data"
    library = Library.open(data)
    library._conn.execute("PRAGMA cache_size=5")  # a big book: pages spill into the -wal
    wal = data / "references.sqlite3-wal"
    before = wal.stat().st_size

    def disk_full(conn: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(library_module, "merge_index", disk_full)
    with pytest.raises(OSError):
        library.add_rulebook(FIXTURES / "lifeform.txt")
    assert wal.stat().st_size <= before  # while the app still holds the library open
    assert library.books() == []
    library.close()
    assert sorted(p.name for p in data.iterdir()) == ["references.sqlite3"]
