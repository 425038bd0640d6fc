"""Search over five rulebooks: the right section in the top 3, any text accepted, synonyms,
prefix matching, "did you mean", snippets and highlights. Every test runs twice (conftest:
seeded): on our own rulebook-shaped texts (tests/fixtures/rulebooks) and on the real rulebook
texts in ../shared/seeds, skipped where that folder is absent."""

from __future__ import annotations

import threading

import pytest

from references import Library, LibraryError, UnknownGame

# (game, what a player asks, the rulebook section(s) that answer it)
QUESTIONS: list[tuple[str, str, tuple[str, ...]]] = [
    ("lifeform", "android reaches the Remora", ("Android Enters the Remora",)),
    ("lifeform", "what happens when the android reaches the Remora?",
     ("Android Enters the Remora",)),
    ("lifeform", "launch criteria", ("Launch the Remora Sequence",)),
    ("lifeform", "stowaway card guess wrong", ("Ending B",)),
    ("lifeform", "panic move noisy kill", ("Panic Move!",)),
    ("lifeform", "halon gas blast tokens showdown", ("Crew Setup",)),
    ("lifeform", "asteroid impact token", ("Asteroid Impact – Module B",)),
    ("lifeform", "lifeform hiding place search",
     ("Multi-Player Hunting the Alien – Module D", "Searching the Shuttlecraft")),
    ("lifeform", "cocoon max hand", ("Cocoon Track",)),
    ("lifeform", "hand limit", ("Gameplay Additional Rules",)),
    ("nemesis-lockdown", "autodestruction", ("Autodestruction",)),
    ("nemesis-lockdown", "first encounter objective", ("Critical Gameplay Moments",)),
    ("nemesis-lockdown", "intruder bag development", ("II. Event Phase",)),
    ("nemesis-lockdown", "power threshold", ("Power and Darkness",)),
    ("nemesis-lockdown", "victory check contingency", ("End of the Game",)),
    ("nemesis-lockdown", "13th fire marker", ("Markers and Tokens",)),
    ("space-station-phoenix", "plurality tie", ("Game End Scoring",)),
    ("space-station-phoenix", "who can take income", ("Turn Option B: Take Income",)),
    ("space-station-phoenix", "game end 40 points", ("Check for Game End",)),
    ("space-station-phoenix", "neutral ship marker", ("The Neutral Ships",)),
    ("space-station-phoenix", "diplomacy bonus tied for the lead",
     ("Turn Option A: Use a Ship Action",)),
    ("pandora-celeste", "hull breach", ("Hull Breach",)),
    ("pandora-celeste", "first target noise", ("First Target & Noise",)),
    ("pandora-celeste", "push your luck when a nasty hits", ("Pushing your Luck: When They Hit",)),
    ("pandora-celeste", "decouple escape vehicle", ("Decoupling",)),
    ("pandora-celeste", "scuttlebug", ("How to Survive a ScuttleBug",)),
    ("pandora-celeste", "fire spreads", ("Spreading the Fire",)),
    ("pandora-celeste", "emergency protocol countdown", ("How the Timers Work",)),
]


def test_questions_cover_all_four_games() -> None:
    assert len(QUESTIONS) >= 15
    assert {game for game, _, _ in QUESTIONS} == {
        "lifeform", "nemesis-lockdown", "space-station-phoenix", "pandora-celeste"
    }


@pytest.mark.parametrize(("game", "question", "answers"), QUESTIONS)
def test_question_lands_the_answering_section_in_top_3(
    seeded: Library, game: str, question: str, answers: tuple[str, ...]
) -> None:
    result = seeded.search(question, game=game, limit=3, kind="rulebook")
    titles = [hit.section for hit in result.hits]
    assert any(title in answers for title in titles), f"{question!r} gave {titles}"


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("android reaches the Remora", "Android Enters the Remora"),
        ("autodestruction", "Autodestruction"),
        ("plurality tie", "Game End Scoring"),
        ("first target noise", "First Target & Noise"),
    ],
)
def test_question_without_game_filter_still_lands(
    seeded: Library, question: str, answer: str
) -> None:
    titles = [h.section for h in seeded.search(question, limit=3, kind="rulebook").hits]
    assert answer in titles


HOSTILE = [
    '"',
    '"hull breach',
    'hull "breach"',
    '""""',
    "x-wing",
    "don't panic",
    "rule: 3",
    "self-destruct: 20",
    "*",
    "hull*",
    "**breach**",
    "(hull",
    "breach)",
    "(fire OR water)",
    "AND",
    "OR",
    "NOT",
    "NEAR",
    "hull AND",
    "NOT fire",
    "NEAR(hull breach, 2)",
    "hull NEAR breach",
    "^fire",
    "title:fire",
    "{title}: fire",
    "-fire",
    "+fire",
    "🚀",
    "fire 🔥 breach",
    "🙂🙂🙂",
    "a" * 3000,
    "hull breach " * 250,
    " ".join(["AND"] * 400),
    "     ",
    "",
    "\t\n",
    "\x00fire",
    "fire\x00breach",
    "_",
    "'",
    "%",
    "\\",
    "ÿ≠∞ ünïcödé",
]


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_query_gives_results_or_empty_list(seeded: Library, query: str) -> None:
    result = seeded.search(query)
    assert isinstance(result.hits, tuple)
    assert len(result.hits) <= 10
    for hit in result.hits:
        assert hit.section and hit.path


def test_hostile_query_still_finds_what_it_names(seeded: Library) -> None:
    for query in ('"hull breach', "hull-breach", "(hull breach)", "hull: breach", "NEAR hull"):
        titles = [h.section for h in seeded.search(query, game="pandora-celeste").hits]
        assert any("Hull Breach" in t for t in titles), (query, titles)


def test_only_spaces_or_emoji_give_an_empty_list(seeded: Library) -> None:
    assert seeded.search("   ").hits == ()
    assert seeded.search("🚀 🔥").hits == ()
    assert seeded.search("").did_you_mean is None


def test_intruder_and_night_stalker_are_synonyms(seeded: Library) -> None:
    """Nemesis: Lockdown, Game Overview: the two terms are equivalent."""
    by_stalker = seeded.search("night stalker", game="nemesis-lockdown", limit=30).hits
    texts = " ".join(h.snippet.lower() for h in by_stalker)
    assert "«intruder" in texts  # sections that only say Intruder are found too
    intruder_only = seeded.search("intruder", game="nemesis-lockdown", limit=30).hits
    assert {h.section_id for h in intruder_only} & {h.section_id for h in by_stalker}


def test_abbreviation_finds_the_full_name(seeded: Library) -> None:
    """SD = Self-Destruct (spec lifeform, how to read); GEM = Galactic Exchange Mineral."""
    sd = [h.section for h in seeded.search("SD track", game="lifeform", kind="rulebook").hits]
    assert "Self-Destruct Track" in sd[:3]
    gems = seeded.search("galactic exchange minerals", game="space-station-phoenix").hits
    assert gems


def test_did_you_mean_on_a_typo(seeded: Library) -> None:
    assert seeded.search("hlul breach").did_you_mean == "hull breach"
    assert seeded.search("autodestrcution").did_you_mean == "autodestruction"
    assert seeded.search("Scutlebug", game="pandora-celeste").did_you_mean == "Scuttlebug"


def test_no_did_you_mean_when_words_are_known(seeded: Library) -> None:
    assert seeded.search("hull breach").did_you_mean is None
    assert seeded.search("autodestr").did_you_mean is None  # still typing: a prefix


def test_prefix_matching_as_you_type(seeded: Library) -> None:
    for partial in ("autodes", "autodestru"):
        titles = [h.section for h in seeded.search(partial, game="nemesis-lockdown").hits]
        assert "Autodestruction" in titles[:3], (partial, titles)
    titles = [h.section for h in seeded.search("hull brea", kind="rulebook").hits]
    assert "Hull Breach" in titles[:3]


def test_game_filter_keeps_to_one_game(seeded: Library) -> None:
    hits = seeded.search("fire", game="pandora-celeste", limit=20).hits
    assert hits and {h.game for h in hits} == {"pandora-celeste"}
    assert {h.game for h in seeded.search("fire", limit=30).hits} > {"pandora-celeste"}


def test_kind_filter(seeded: Library) -> None:
    assert {h.kind for h in seeded.search("fire", kind="card", limit=20).hits} == {"card"}
    assert {h.kind for h in seeded.search("fire", kind="rulebook", limit=20).hits} == {"rulebook"}


def test_unknown_game_or_bad_limit_is_refused(seeded: Library) -> None:
    with pytest.raises(UnknownGame, match="chess"):
        seeded.search("fire", game="chess")
    for limit in (0, -1):
        with pytest.raises(LibraryError, match="limit"):
            seeded.search("fire", limit=limit)


def test_limit_is_respected(seeded: Library) -> None:
    assert len(seeded.search("the", limit=4).hits) == 4
    assert len(seeded.search("a" * 3000, limit=1).hits) <= 1


def test_hit_carries_source_path_snippet_and_score(seeded: Library) -> None:
    hit = seeded.search("android reaches the Remora", game="lifeform", kind="rulebook").hits[0]
    assert hit.source == "Lifeform Rulebook"
    assert hit.path[0] == "Lifeform Rulebook" and hit.path[-1] == hit.section
    assert "«android»" in hit.snippet.lower()
    assert any(is_hit for _, is_hit in hit.snippet_parts)
    assert hit.score > 0
    assert set(hit.as_json()) == {"game", "source", "section", "path", "snippet", "score"}


def test_scores_come_best_first(seeded: Library) -> None:
    scores = [h.score for h in seeded.search("hull breach", limit=10).hits]
    assert scores == sorted(scores, reverse=True)


def test_headings_rank_above_body_mentions(seeded: Library) -> None:
    """bm25 weighs the title above the body: the section named Autodestruction comes first
    although other sections mention the word."""
    hits = seeded.search("autodestruction", game="nemesis-lockdown", kind="rulebook").hits
    assert hits[0].section == "Autodestruction"
    assert len(hits) > 1


def test_section_shows_whole_body_with_hits_marked(seeded: Library) -> None:
    hit = seeded.search("android reaches the Remora", game="lifeform", kind="rulebook").hits[0]
    section = seeded.section(hit.section_id, query="android reaches the Remora")
    assert section.title == "Android Enters the Remora"
    assert "Android Status" in section.body
    assert section.hit_spans
    first = section.first_hit
    assert first is not None
    assert section.body[first:].lower().startswith(("android", "remora"))
    assert "**android**" in section.marked_body().lower()
    assert section.markdown().startswith("# Android Enters the Remora")
    plain = seeded.section(hit.section_id)
    assert plain.hit_spans == () and plain.body == section.body


def test_toc_lists_the_book_in_order(seeded: Library) -> None:
    book = next(b for b in seeded.books() if b.title == "Lifeform Rulebook")
    toc = seeded.toc(book.id)
    titles = [entry.title for entry in toc]
    assert titles[0] == "Components"
    assert titles.index("Setup") < titles.index("Endings") < titles.index("Ending A")
    ending_a = toc[titles.index("Ending A")]
    assert ending_a.path == ("Lifeform Rulebook", "Endings", "Ending A")
    assert ending_a.level == 2


def test_search_from_another_thread(seeded: Library) -> None:
    """The TUI opens the library in a worker and searches from the UI thread."""
    found: list[int] = []
    worker = threading.Thread(target=lambda: found.append(len(seeded.search("fire").hits)))
    worker.start()
    worker.join()
    assert found and found[0] > 0
