"""Built-in reference cards: present, searchable with nothing imported, topic keys for context
help, own words only, re-indexed only when they change; and the library file's safety checks."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from references import GAMES, Fts5Missing, Library, LibraryError, UnknownTopic
from references.cards import card_texts
from references.store import FILE_NAME, check_fts5

REQUIRED_TOPICS = {
    "lifeform": """self_destruct hostility cocoon malfunction android_status shuttle_loadout
        launch reality_calibration stowaway endings showdown hibernation fight character_death
        ships_cat module_a module_b module_c module_d setup round""",
    "space-station-phoenix": """score_track end_of_game final_round scoring plurality
        station_hub level3_sectors diplomacy income setup""",
    "nemesis-lockdown": """time_track autodestruction alert_procedure intruder_bag noise fire
        malfunction power setup round victory""",
    "pandora-celeste": """turn_cycle emergency_protocols noise first_target nasties fire
        hull_breach wounds agendas setup cycle""",
}

GAMES_DIR = Path(__file__).resolve().parents[2] / "trackers" / "games"


def test_a_card_ships_for_every_game() -> None:
    from trackers.games.registry import PACKAGES

    assert sorted(p.parent.name for p in GAMES_DIR.glob("*/card.md")) == sorted(PACKAGES)
    assert set(card_texts()) == set(GAMES)


@pytest.mark.parametrize("game", sorted(REQUIRED_TOPICS))
def test_card_carries_the_topic_keys_game_modules_ask_for(library: Library, game: str) -> None:
    assert set(REQUIRED_TOPICS[game].split()) <= set(library.topics(game))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_topic_keys_are_unique_within_a_card(game: str) -> None:
    keys = re.findall(r"^#+ .*\{#([^}]*)\}\s*$", card_texts()[game], flags=re.MULTILINE)
    flat = [k.lstrip("#") for group in keys for k in group.split()]
    assert len(flat) == len(set(flat))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_card_says_where_the_rulebook_gives_no_value(game: str) -> None:
    assert "set on your board profile" in card_texts()[game]


def test_cards_are_searchable_with_nothing_imported(library: Library) -> None:
    assert library.books() == []
    queries = {
        "lifeform": ("self destruct 20", "Self-Destruct track"),
        "nemesis-lockdown": ("autodestruction", "Autodestruction"),
        "space-station-phoenix": ("plurality tie", "Pluralities (Game End Scoring)"),
        "pandora-celeste": ("hull breach", "Hull Breach"),
    }
    for game, (query, title) in queries.items():
        hits = library.search(query, game=game).hits
        assert hits and hits[0].kind == "card", (game, hits)
        assert hits[0].section == title
        assert hits[0].source.endswith("reference card")


def test_card_titles_and_bodies_hide_their_markup(library: Library) -> None:
    for card in library.cards():
        for entry in library.toc(card.id):
            assert "{#" not in entry.title
            section = library.section(entry.section_id)
            assert "<!--" not in section.body
            assert "{#" not in section.body


def test_topic_gives_the_card_section(library: Library) -> None:
    sections = library.topic("lifeform", "self_destruct")
    assert len(sections) == 1  # nothing imported: the card only
    card = sections[0]
    assert card.kind == "card" and card.title == "Self-Destruct track"
    assert "self_destruct" in card.topics
    assert "Explosion" in card.body
    assert card.path == ("Lifeform — reference card", "Self-Destruct track")


def test_topic_adds_the_imported_rulebook_section(seeded: Library) -> None:
    expected = {
        ("lifeform", "self_destruct"): "Self-Destruct Track",
        ("lifeform", "launch"): "Launch the Remora Sequence",
        ("lifeform", "module_b"): "Asteroid Impact – Module B",
        ("nemesis-lockdown", "autodestruction"): "Autodestruction",
        ("space-station-phoenix", "plurality"): "Game End Scoring",
        ("space-station-phoenix", "income"): "Turn Option B: Take Income",
        ("pandora-celeste", "hull_breach"): "Hull Breach",
        ("pandora-celeste", "first_target"): "First Target & Noise",
    }
    for (game, key), title in expected.items():
        card, rulebook = seeded.topic(game, key)
        assert card.kind == "card" and rulebook.kind == "rulebook"
        assert rulebook.title == title, (game, key, rulebook.title)
        assert rulebook.game == game
    _, rulebook = seeded.topic("lifeform", "self_destruct")
    assert rulebook.hit_spans  # the preview can scroll to the words


def test_unknown_topic_names_the_known_ones(library: Library) -> None:
    with pytest.raises(UnknownTopic, match="'warp_drive'.*self_destruct"):
        library.topic("lifeform", "warp_drive")


def test_cards_use_our_own_words(seeds: Path) -> None:
    """No run of 12 words from a rulebook (ground rules; ../shared/tools/copied-rulebook-text)."""
    words = re.compile(r"[a-z0-9']+")
    shingles: set[str] = set()
    for seed in seeds.glob("*.txt"):
        w = words.findall(seed.read_text(errors="ignore").lower())
        shingles.update(" ".join(w[i : i + 12]) for i in range(len(w) - 11))
    for game, text in card_texts().items():
        w = words.findall(text.lower())
        copied = [" ".join(w[i : i + 12]) for i in range(len(w) - 11)
                  if " ".join(w[i : i + 12]) in shingles]
        assert not copied, (game, copied[:3])


def test_reopening_does_not_reindex_unchanged_cards(tmp_path: Path) -> None:
    with Library.open(tmp_path) as first:
        ids = [c.id for c in first.cards()]
    with Library.open(tmp_path) as again:
        assert [c.id for c in again.cards()] == ids


def test_changed_cards_are_reindexed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with Library.open(tmp_path) as first:
        old_ids = {c.id for c in first.cards()}
        count = len(first.cards())
    texts = card_texts()
    texts["lifeform"] += "\n## Zebra crossing {#zebra}\n\nA brand new word: quokka.\n"
    monkeypatch.setattr("references.library.card_texts", lambda: texts)
    with Library.open(tmp_path) as second:
        assert "zebra" in second.topics("lifeform")
        assert second.search("quokka").hits
        assert not {c.id for c in second.cards()} & old_ids
        assert len(second.cards()) == count


def test_missing_fts5_is_reported_plainly() -> None:
    class NoFts5:
        def execute(self, sql: str) -> list[tuple[str]]:
            if sql.startswith("PRAGMA"):
                return [("THREADSAFE=1",)]
            raise sqlite3.OperationalError("no such module: fts5")

    with pytest.raises(Fts5Missing, match="without FTS5"):
        check_fts5(NoFts5())  # type: ignore[arg-type]


def test_damaged_library_file_gives_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_bytes(b"this is not a database " * 100)
    with pytest.raises(LibraryError, match="damaged"):
        Library.open(tmp_path)


def test_library_lives_in_the_folder_it_is_given(tmp_path: Path) -> None:
    folder = tmp_path / "nested" / "data"
    with Library.open(folder) as library:
        assert library.path == folder
    assert (folder / FILE_NAME).is_file()
