"""A game is one contract: it lives in its own packages, and every list of games elsewhere is
derived from the registry. The demo game, registered by a test, shows up wherever a real one
does without a file outside its own package being touched."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from tableside.cli import main
from tests.textual_probe import select_options
from trackers.games import registry
from trackers.games.registry import infos

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("trackers", "tui", "tableside", "references", "saves")


def _own(path: Path, package: str) -> bool:
    rel = path.relative_to(ROOT).as_posix()
    return (rel.startswith((f"trackers/games/{package}/", f"tui/games/{package}"))
            or rel == f"tableside/games/{package}.py"
            or rel == "trackers/games/registry.py")  # the one list of packages


def _strings(tree: ast.AST) -> list[ast.Constant]:
    """String constants that are not docstrings (prose may name a game; code may not)."""
    docs = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)):
            docs.add(id(body[0].value))
    return [n for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docs]


def test_no_game_id_or_title_in_code_outside_its_own_packages() -> None:
    games = [(info.package, {info.id, info.package, info.title.split(":")[0]})
             for info in infos()]
    found = []
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            # the words this file may not hold (casefolded once: ~800 files, ~30 words)
            banned = [(word, word.casefold()) for package, words in games
                      if not _own(path, package) for word in words]
            if not any(folded in text.casefold() for _, folded in banned):
                continue  # not even in a comment or a docstring: nothing to parse
            for constant in _strings(ast.parse(text)):
                value = str(constant.value).casefold()
                found += [f"{path.relative_to(ROOT)}:{constant.lineno}: {word}"
                          for word, folded in banned if folded in value]
    assert found == []


def test_the_check_would_see_a_title_written_into_shared_code() -> None:
    tree = ast.parse('"""Docstrings may say Lifeform."""\nLABEL = "Lifeform player"\n')
    assert [c.value for c in _strings(tree)] == ["Lifeform player"]


def test_each_game_package_is_named_after_its_id_and_has_the_one_shape() -> None:
    """Every built-in game, and the demo game (the template), in the one shape."""
    built_in = [(ROOT / "trackers" / "games" / name, name) for name in registry.PACKAGES]
    for folder, package in [*built_in, (ROOT / "tests" / "demo", "demo")]:
        info = importlib.import_module(f"{folder.relative_to(ROOT).as_posix()}"
                                       .replace("/", ".")).INFO
        assert info.package == info.id.replace("-", "_") == package
        for module in ("game", "setup", "actions", "board", "view"):
            assert (folder / f"{module}.py").is_file(), f"{info.id}: no {module}.py"
        assert (folder / "card.md").is_file()


@pytest.mark.usefixtures("demo_registered")
def test_a_registered_game_appears_in_the_command_line(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--data-dir", str(tmp_path), "new", "--help"])
    assert "demo" in capsys.readouterr().out
    assert main(["--data-dir", str(tmp_path), "new", "demo", "--players", "2"]) == 0


@pytest.mark.usefixtures("demo_registered")
def test_a_registered_game_is_searchable_by_its_own_card(tmp_path: Path) -> None:
    from references import Library

    with Library.open(tmp_path) as library:
        hit = library.search("airlock door", game="demo").hits[0]
    assert (hit.game, hit.section) == ("demo", "The hatch")


@pytest.mark.usefixtures("demo_registered")
async def test_a_registered_game_is_on_new_game_and_in_the_palette(tmp_path: Path) -> None:
    from textual.widgets import Select

    from tests.pilot_keys import choose
    from tui.app import TablesideApp
    from tui.screens.keys import key_entries

    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        options = [str(label) for label, _ in select_options(app.screen.query_one("#game", Select))]
        assert "Demo" in options
        await choose(pilot, "#game", "Demo")
        await choose(pilot, "#players", "2 players")
        await pilot.press("ctrl+s")  # start it
        await pilot.pause()
        titles = [entry.title for entry in key_entries(app.screen)]  # what the palette offers
        assert any("Escape" in title for title in titles)  # the demo's own action
    assert registry.info("demo").title == "Demo"


def test_every_game_keeps_clear_of_the_reserved_keys_and_its_banner_reads() -> None:
    """The one list of reserved keys (trackers.engine.keys) holds every key the session
    screen and the app bind, and no registered game's action takes one; every game with a
    banner gives lines of text from its starting state."""
    from textual.binding import Binding

    from trackers.engine import Session, SessionSetup
    from trackers.engine.keys import RESERVED_KEYS, key_clashes
    from tui.app import TablesideApp
    from tui.screens.game_screens import binding_key
    from tui.screens.session import SessionScreen

    bound = {b.key for cls in (SessionScreen, TablesideApp) for b in cls.BINDINGS
             if isinstance(b, Binding)}
    assert bound <= {binding_key(k) for k in RESERVED_KEYS}
    for info in infos():
        game = registry.get_game(info.id)
        assert key_clashes(game.title, game.actions) == []
        if game.banner is not None:
            mode = info.modes[0]
            players = mode.player_counts[-1]
            # a list the table must fill (Pandora's crew): the first ones offered
            picks = {o.name: list(o.choices[:players]) for o in game.options_for(mode.id)
                     if o.kind == "multi" and not o.default}
            state = Session(game, SessionSetup(players, picks, mode=mode.id), "s").state
            lines = game.banner_lines(state)
            assert lines and all(isinstance(line, str) and line for line in lines)


def test_a_game_whose_action_takes_a_reserved_key_is_refused_naming_both() -> None:
    from dataclasses import replace

    from tests.demo.game import GAME

    clashing = tuple(replace(a, key="u") if a.name == "fire" else a for a in GAME.actions)
    with pytest.raises(ValueError, match=r"Add a fire \(fire\) has the key 'u', which every "
                                         r"game screen keeps for Undo"):
        replace(GAME, actions=clashing)


def test_a_games_screen_key_clash_is_refused_naming_both(tmp_path: Path) -> None:
    """A key a game's own screen keeps (Phoenix's k, the score calculator) is not silently
    dropped from an action that wants it: the screen refuses, naming both."""
    from dataclasses import replace

    from tableside.api import Tableside
    from tui.screens.game_screens import screen_for

    play = Tableside(tmp_path).create("space-station-phoenix", 2)
    game = play.game
    clashing = tuple(replace(a, key="k") if a.key == "e" else a for a in game.actions)
    play.session.game = replace(game, actions=clashing)
    with pytest.raises(ValueError, match="has the key 'k', which its screen keeps for Score"):
        screen_for(play)
