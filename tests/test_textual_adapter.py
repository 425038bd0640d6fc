"""The private names of Textual and textual-serve that tableside.textual_adapter reaches,
each checked against the installed versions: an upgrade that moves one fails here, by name.
And no other module reaches a private name of theirs."""

from __future__ import annotations

import asyncio
import inspect
import io
import itertools
import tokenize
from pathlib import Path
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

from tableside import textual_adapter as adapter

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("tableside", "tui", "trackers", "saves", "references")


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


async def _nothing(data: Any) -> None:
    return None


async def _none() -> None:
    return None


def _private_names(path: Path, theirs: set[str], root: Path = ROOT) -> list[str]:
    """Where ``path`` writes ``.name`` or ``def name`` for one of ``theirs``, or imports a
    private name or module of Textual's (read by tokens: no AST, which CPython 3.11 may
    refuse to build while another thread compiles)."""
    found = []
    text = path.read_text("utf-8")
    if any(name in text for name in theirs):  # else no token can be one (tokenizing is slow)
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                  if t.type in (tokenize.NAME, tokenize.OP)]
        for before, token in itertools.pairwise(tokens):
            if token.string in theirs and before.string in (".", "def"):
                found.append(f"{path.relative_to(root)}:{token.start[0]} {token.string}")
    for number, line in enumerate(text.splitlines(), 1):
        words = line.split()
        if words[:1] == ["from"] and len(words) > 3 and \
                words[1].split(".")[0] in ("textual", "textual_serve") and \
                (any(part.startswith("_") for part in words[1].split("."))
                 or any(w.strip("(),").startswith("_") for w in words[3:])):
            found.append(f"{path.relative_to(root)}:{number} {words[1]}")
    return found


def test_no_other_module_reaches_a_private_name_of_textual() -> None:
    """Private attributes are ours unless they name Textual's: the known list, kept here."""
    theirs = {"_bindings", "_add_binding", "_keymap", "_check_action_state", "_task",
              "_process_messages", "_scroll_update", "_options", "_character_to_key",
              "_scroll_cursor_into_view", "_on_key", "_handle_exception", "_fatal_error",
              "_exit_renderables", "_make_app", "_build_environment", "_open_app_process",
              "_stdin"}
    found = [where for package in PRODUCT for path in sorted((ROOT / package).rglob("*.py"))
             if path.name != "textual_adapter.py" for where in _private_names(path, theirs)]
    assert not found, found


def test_the_check_sees_a_private_name(tmp_path: Path) -> None:
    module = tmp_path / "screen.py"
    module.write_text("from textual.widgets._select import SelectOverlay\n"
                      "def keys(screen):\n    return screen._bindings\n", encoding="utf-8")
    assert len(_private_names(module, {"_bindings"}, tmp_path)) == 2
