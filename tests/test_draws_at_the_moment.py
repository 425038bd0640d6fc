"""Draws made when they come: nothing in a game's files, its state or an export tells the next
card; a draw once made is kept through undo and redo; a game saved with a seed replays as it
always did."""

from __future__ import annotations

import json
import secrets
import shutil
from pathlib import Path
from random import Random

from tableside.api import OpenSession, Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD as LIFEFORM_BOARD
from tests.lifeform.test_lifeform_session_fixtures import NAMES, through_setup
from tests.lifeform.test_solo_session import BOARD, NINE
from trackers.engine import Session, SessionSetup
from trackers.engine.actions import CHANCE
from trackers.games.lifeform.game import GAME as LIFEFORM
from trackers.pieces import VirtualDeck

LISTED = [c.split("=")[0].strip() for c in NINE.split(";")]
CARDS = sorted(LISTED)


def solo(root: Path, seed: str | None = None) -> OpenSession:
    """A solo Lifeform game with the app's Crisis deck, listed, nothing drawn yet."""
    play = Tableside(root).create("lifeform", 1, names=["Ripley"], seed=seed, board=BOARD,
                                  options={"crisis_deck": "virtual"})
    play.do("list_crisis_deck", cards=NINE)
    return play


def draw(play: OpenSession, count: int) -> list[str]:
    drawn = []
    for _ in range(count):
        play.do("draw_crisis")
        drawn.append(str(play.state.facts["crisis"]["current"]))
        play.do("resolve_crisis")
    return drawn


def reopen(root: Path) -> OpenSession:
    table = Tableside(root)
    return table.load(table.sessions()[0].id)


def deck(play: OpenSession) -> VirtualDeck:
    return play.state.piece("crisis_deck", VirtualDeck)


def test_a_copied_data_folder_cannot_tell_the_next_crisis_cards(tmp_path: Path) -> None:
    play = solo(tmp_path / "a")
    play.do("solo_advance_sd", minutes=1, why="a test")  # the snapshot then holds the deck
    play.close()
    for copy in ("b", "c"):
        shutil.copytree(tmp_path / "a", tmp_path / copy)
    before = {p.relative_to(tmp_path / "b"): p.read_bytes()
              for p in (tmp_path / "b").rglob("*") if p.is_file()}
    # what the copy holds: the cards left, in no order (the state, an export, the files)
    copy = reopen(tmp_path / "b")
    assert deck(copy).draw_pile == sorted(deck(copy).draw_pile)
    assert copy.export()["state"]["pieces"]["crisis_deck"]["draw_pile"] == sorted(CARDS)
    copy.close()
    drawn = {name: draw(reopen(tmp_path / name), 5) for name in ("a", "b", "c")}
    # two copies of one folder draw on their own: no seed in the files decided the cards
    assert len({tuple(cards) for cards in drawn.values()}) > 1
    for path, data in before.items():  # the copy's files, as they were, hold no order drawn
        for cards in drawn.values():
            if cards == sorted(cards):  # drawn in the piles' own order: nothing to tell apart
                continue
            for sep in (",", ", "):  # the five drawn, in the order drawn (two alone may
                # happen to stand side by side in a sorted pile)
                assert sep.join(json.dumps(c) for c in cards).encode() not in data, path
        for pile in piles(data):
            assert pile == sorted(pile), path
    assert any(piles(data) for data in before.values())  # the snapshot holds the deck


def piles(data: bytes) -> list[list[str]]:
    """Every ``draw_pile`` in a file's JSON (a whole file, or one record a line)."""
    found: list[list[str]] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "draw_pile" and isinstance(value, list):
                    found.append(value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for text in [data, *data.splitlines()]:
        for start in (0, 9):  # a journal line starts with its 8-digit checksum
            try:
                walk(json.loads(text[start:]))
            except ValueError:
                continue
    return found


def test_undo_and_redo_of_a_draw_give_the_cards_drawn(tmp_path: Path) -> None:
    play = solo(tmp_path)
    first = draw(play, 3)
    play.undo(6)
    assert deck(play).draw_pile == sorted(CARDS)  # taken back: in no order again
    play.redo(6)
    assert deck(play).draw_pile == sorted(set(CARDS) - set(first))
    play.undo(6)
    play.do("solo_advance_sd", minutes=1, why="a test")  # another action first: no re-roll
    assert draw(play, 3) == first
    play.close()
    again = reopen(tmp_path)  # and after a restart
    again.undo(6)
    assert draw(again, 3) == first
    again.close()


def test_each_draw_is_recorded_with_the_action_that_made_it(tmp_path: Path) -> None:
    play = solo(tmp_path)
    play.do("draw_crisis")
    record = next(r for r in reversed(play._records) if r.get("action") == "draw_crisis")
    assert set(record["args"][CHANCE]["picks"]) == {"Crisis deck#1"}
    header = Tableside(tmp_path).store.read(play.id).contents.header
    assert set(header["seed"]) == {"setup"}  # the setup's public bits: no seed of any draw
    play.close()


def test_a_game_saved_with_a_seed_replays_its_shuffled_deck_unchanged(tmp_path: Path) -> None:
    """As a game was saved before: its seed in the clear in the first line, the deck shuffled
    with the seed when listed, and drawn from the top."""
    play = solo(tmp_path, seed="old-seed")
    drawn = draw(play, 4)
    play.close()
    path = Tableside(tmp_path).store.journal_path(play.id)
    from saves.journal import JournalFile, read_journal

    contents = read_journal(path)
    header = {k: v for k, v in contents.header.items() if k not in ("t", "format")}
    header["seed"] = "old-seed"
    assert all(CHANCE not in r.get("args", {}) for r in contents.records)
    JournalFile.rewrite(path, header, contents.records)
    store = Tableside(tmp_path).store
    store.seal_path(play.id).unlink(missing_ok=True)
    store.snapshot_path(play.id).unlink(missing_ok=True)
    listed = next(r["seq"] for r in contents.records if r.get("action") == "list_crisis_deck")
    order = list(LISTED)
    Random(f"old-seed:{listed}").shuffle(order)  # the seeded shuffle, done by hand
    assert drawn == order[:4]
    again = reopen(tmp_path)
    assert deck(again).draw_pile == order[4:]  # the old order, kept
    again.undo(8)
    assert draw(again, 4) == order[:4]
    again.close()


def lifeform_b() -> Session:
    """A module B game that draws at the moment, through its setup (the app's draws: fresh
    bits from the OS, as tableside.draws gives them)."""
    setup = SessionSetup(3, {"modules": ["B"]}, NAMES[3], LIFEFORM_BOARD)
    session = Session(LIFEFORM, setup, secrets.token_hex(16), chance=True)
    session.do = (lambda name, /, **args: session.act(  # type: ignore[method-assign]
        name, args, draw=lambda key: secrets.token_hex(8)))
    return through_setup(session)


def test_asteroid_tokens_are_turned_over_not_dealt_in_advance() -> None:
    """Module B: no token lies face down in the state (or the files) until it is turned over;
    the tokens seen are at most the one hit and the alerts, and where the hit is differs."""
    hits = set()
    for _ in range(12):
        session = lifeform_b()
        assert "asteroids" not in session.state.facts.get("hidden", {})
        session.do("advance_self_destruct", spaces=8)  # 28 -> 20
        session.do("choose_stowaway", card="second")  # the 20 mark: the card before SD moves on
        session.do("advance_self_destruct", spaces=1)  # 20 -> 19: the first token
        for _ in range(3):
            if session.state.facts["asteroids"]["face_down"]:
                session.do("advance_self_destruct", spaces=1)
        seen = session.state.facts["asteroids"]["revealed"]
        assert list(seen.values()).count("hit") <= 1 and set(seen.values()) <= {"hit", "alert"}
        hits |= {space for space, token in seen.items() if token == "hit"}
        session.undo(2)
        session.redo(2)
        assert session.state.facts["asteroids"]["revealed"] == seen  # nothing re-rolled
    assert len(hits) > 1


def test_pandoras_virtual_nasty_deck_keeps_no_order_and_its_draw_is_kept(
        tmp_path: Path) -> None:
    from tests.pandora.helpers import OWN_ACTIONS, through_setup
    from tests.pandora.test_pandora_deck_lists import DECK
    from trackers.games.pandora_celeste import cycle

    play = Tableside(tmp_path).create("pandora-celeste", 1, board=DECK, options={
        "crew": ["Flygirl"], "nasty_cards": "virtual"})
    through_setup(play)
    while cycle.current(play.state) != "nasties":
        play.do(OWN_ACTIONS.get(cycle.current(play.state), "next_step"))
    play.do("reveal_nasty", name="Bug", room="Galley")
    drawn = " ".join(n.text for n in play.do("nasty_round") if n.text.startswith("Drawn: card"))
    assert drawn
    left = play.state.facts["deck"]["draw"]
    assert len(left) == 9 and left == sorted(left)  # what is left, in no order
    assert play.export()["state"]["facts"]["deck"]["draw"] == left
    record = next(r for r in reversed(play._records) if r.get("action") == "nasty_round")
    assert "Nasty Action deck#1" in record["args"][CHANCE]["picks"]
    play.undo()
    assert " ".join(n.text for n in play.redo()).count(drawn) == 1
    play.undo()
    assert drawn in " ".join(n.text for n in play.do("nasty_round"))
    play.close()
