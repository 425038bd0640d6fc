"""The private names of Textual and textual-serve that tableside.textual_adapter (the app's)
and tests/textual_probe.py (the tests') reach, each checked against the installed versions:
an upgrade that moves one fails here, by name. And no other module, test or not, reaches a
private name of theirs."""

from __future__ import annotations

import asyncio
import inspect
import io
import itertools
import re
import tokenize
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import DataTable, Header, OptionList, Select, Static
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from tableside import textual_adapter as adapter
from tests import textual_probe as probe

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("tableside", "tui", "trackers", "saves", "references")
THE_PROBES = ("textual_adapter.py", "textual_probe.py", "test_textual_adapter.py")


class _Keys(Screen[None]):
    BINDINGS = [Binding("x", "mark", "Mark", id="keys.mark")]

    def compose(self) -> ComposeResult:
        yield Static("keys")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "dimmed" else True


class _Crashing(adapter.CrashReported, App[None]):
    def __init__(self, data_dir: Path) -> None:
        super().__init__()
        self.data_dir = data_dir

    def on_mount(self) -> None:
        pin = "4711"  # a local variable Textual's own crash report would print
        raise RuntimeError(f"scaned {len(pin)}")


async def test_bindings_keymap_and_action_state() -> None:
    app: App[None] = App()
    async with app.run_test() as pilot:
        screen = _Keys()
        await app.push_screen(screen)
        adapter.add_binding(screen, Binding("y", "dimmed", "Dimmed"))
        actions = {b.action for b in adapter.bindings_of(screen)}
        assert {"mark", "dimmed"} <= actions  # the class's and the one added
        app.set_keymap({"keys.mark": "z"})
        assert adapter.chosen_keys(app).get("keys.mark") == "z"
        assert adapter.action_state(app, "mark", screen) is True
        assert adapter.action_state(app, "dimmed", screen) is None
        await pilot.pause()


async def test_scrollbars_take_a_new_virtual_size() -> None:
    app: App[None] = App()
    async with app.run_test():
        widget = app.screen
        adapter.update_scrollbars(widget, Size(10, 500))  # raises if the name moved


async def test_a_crash_is_logged_and_shown_without_local_variables(tmp_path: Path) -> None:
    app = _Crashing(tmp_path)
    with pytest.raises(RuntimeError):
        async with app.run_test():
            pass
    log = (tmp_path / "problems.log").read_text(encoding="utf-8")
    assert "scaned 4" in log and "in on_mount" in log
    assert "4711" not in log  # no local variables


def test_a_served_app_s_environment_and_own_process() -> None:
    """The seats' warm parent starts its process with textual-serve's environment, and a
    forked seat hands ``AppService`` a process it opened itself."""
    env = adapter.served_environment(90, 30)
    assert env["COLUMNS"] == "90" and env["ROWS"] == "30"
    opened: list[tuple[int, int]] = []

    async def open_process(width: int, height: int) -> tuple[Any, Any]:
        opened.append((width, height))
        return "process", "stdin"

    service = adapter.own_process_service(open_process, write_bytes=_nothing,
                                          write_str=_nothing, close=_none,
                                          download_manager=DownloadManager())
    assert isinstance(service, AppService)
    assert asyncio.run(service._open_app_process(90, 30)) == "process"
    assert opened == [(90, 30)] and service._stdin == "stdin"
    assert service._process == "process"  # type: ignore[comparison-overlap]


def test_a_served_app_s_task_and_message_pipe() -> None:
    service = AppService("true", write_bytes=_nothing, write_str=_nothing, close=_none,
                         download_manager=DownloadManager())
    assert adapter.run_task(service) is None  # not started

    async def started() -> None:
        service._task = asyncio.get_running_loop().create_future()  # type: ignore[assignment]
        assert adapter.run_task(service) is service._task

    asyncio.run(started())
    pipe = Server._process_messages
    assert inspect.iscoroutinefunction(pipe)
    assert list(inspect.signature(pipe).parameters) == ["self", "websocket", "app_service"]


class _Probed(App[None]):
    def compose(self) -> ComposeResult:
        yield Header(show_clock=True)
        yield Select([("Ann", 1), ("Bo", 2)], id="who")
        with Vertical(id="tall"):
            yield OptionList("one", "two\nlines", "three", id="list")
            yield Static("drawn here", id="drawn")


async def test_what_the_tests_read_of_textual(monkeypatch: pytest.MonkeyPatch) -> None:
    """tests/textual_probe.py, each reading against the installed Textual."""
    app = _Probed()
    async with app.run_test(size=(40, 12), notifications=True) as pilot:
        select = app.query_one("#who", Select)
        assert [(str(p), v) for p, v in probe.select_options(select)] == \
            [("", Select.NULL), ("Ann", 1), ("Bo", 2)]
        assert any("drawn here" in row for row in probe.drawn_rows(app))
        assert len(probe.drawn_rows(app)) == 12
        assert [probe.key_named(c) for c in "/, a"] == ["slash", "comma", "space", "a"]
        options = app.query_one("#list", OptionList)
        assert [probe.option_line(options, i) for i in range(3)] == [0, 1, 3]
        app.notify("A toast")
        await pilot.pause()
        assert [n.message for n in probe.notifications_shown(app)] == ["A toast"]
        assert probe.toast_rack(app.screen).query("Toast")
        layouts = probe.layouts_of(app.screen, monkeypatch)
        app.query_one("#drawn", Static).update("two\nlines now")
        await pilot.pause()
        assert layouts  # a taller text lays the screen out again
        assert app.query(probe.HeaderClock)
    assert DataTable.__module__ == probe.DATA_TABLE_MODULE


async def test_apps_share_their_css_parses_per_theme() -> None:
    """share_css_parses: a second app parses none of the CSS the first did, and a theme of
    other colours gets rules of its own (the cache keys by the stylesheet's variables)."""
    from textual.css.stylesheet import Stylesheet

    probe.share_css_parses()
    sheet = Stylesheet(variables={"probe-colour": "red"})
    assert isinstance(sheet._parse_cache, probe._SharedParses)
    sheet.add_source("Static { color: $probe-colour; }", read_from=("probe", ""))
    sheet.parse()
    again = Stylesheet(variables={"probe-colour": "red"})
    again.add_source("Static { color: $probe-colour; }", read_from=("probe", ""))
    again.parse()
    assert again.rules[0] is sheet.rules[0]  # parsed once, read by both
    other = Stylesheet(variables={"probe-colour": "blue"})
    other.add_source("Static { color: $probe-colour; }", read_from=("probe", ""))
    other.parse()
    assert other.rules[0] is not sheet.rules[0]
    assert other.rules[0].styles.color != sheet.rules[0].styles.color


async def _nothing(data: Any) -> None:
    return None


async def _none() -> None:
    return None


def _private_names(path: Path, theirs: set[str], root: Path = ROOT) -> list[str]:
    """Where ``path`` writes ``.name`` or a method ``name`` for one of ``theirs``, or imports or
    names a private name or module of Textual's (read by tokens: no AST, which CPython 3.11
    may refuse to build while another thread compiles)."""
    found = []
    text = path.read_text("utf-8")
    if any(name in text for name in theirs):  # else no token can be one (tokenizing is slow)
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                  if t.type in (tokenize.NAME, tokenize.OP)]
        for before, token in itertools.pairwise(tokens):
            overrides = before.string == "def" and before.start[1] > 0  # a method, not a module's
            if token.string in theirs and (before.string == "." or overrides):
                found.append(f"{path.relative_to(root)}:{token.start[0]} {token.string}")
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if words[:1] == ["from"] and len(words) > 3 and \
                words[1].split(".")[0] in ("textual", "textual_serve") and \
                (any(part.startswith("_") for part in words[1].split("."))
                 or any(w.strip("(),").startswith("_") for w in words[3:])):
            found.append(f"{path.relative_to(root)}:{number} {words[1]}")
        elif PRIVATE_MODULE.search(line):  # a module named in a string, as sys.modules has it
            found.append(f"{path.relative_to(root)}:{number} {line.strip()}")
    return found


PRIVATE_MODULE = re.compile(r"\btextual(_serve)?(\.\w+)*\._\w")


def test_no_other_module_reaches_a_private_name_of_textual() -> None:
    """Private attributes are ours unless they name Textual's: the known list, kept here.
    The tests are read too: a test that reaches one breaks on an upgrade like the app."""
    theirs = {"_bindings", "_add_binding", "_keymap", "_check_action_state", "_task",
              "_process_messages", "_scroll_update", "_options", "_character_to_key",
              "_scroll_cursor_into_view", "_on_key", "_handle_exception", "_fatal_error",
              "_exit_renderables", "_make_app", "_build_environment", "_open_app_process",
              "_stdin", "_driver", "_compositor", "_notifications",
              "_index_to_line", "_refresh_layout", "_button"}
    found = [where for package in (*PRODUCT, "tests")
             for path in sorted((ROOT / package).rglob("*.py"))
             if path.name not in THE_PROBES for where in _private_names(path, theirs)]
    assert not found, found


def test_the_check_sees_a_private_name(tmp_path: Path) -> None:
    module = tmp_path / "screen.py"
    module.write_text("from textual.widgets._select import SelectOverlay\n"
                      "def keys(screen):\n    return screen._bindings\n"
                      "LOADED = 'textual.widgets._data_table' in sys.modules\n",
                      encoding="utf-8")
    assert len(_private_names(module, {"_bindings"}, tmp_path)) == 3
