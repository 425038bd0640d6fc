"""Every use of Textual's and textual-serve's private names, in one place.

Where the frameworks offer no public way to do what the app needs, the private name is
reached here and nowhere else, behind a name of our own; tests/test_textual_adapter.py
exercises each one against the installed versions, so an upgrade that moves one fails
there, by name, rather than at a table. Nothing here imports Textual at load time (the
serving code and the CLI load this module without it).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aiohttp import web
    from textual.app import App
    from textual.binding import Binding
    from textual.dom import DOMNode
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.widget import Widget
    from textual_serve.app_service import AppService
    from textual_serve.server import Server


# --- key bindings: Textual has no public reading of a node's merged bindings -------------
def bindings_of(node: DOMNode) -> list[Binding]:
    """Every binding of ``node``: its class's and its bases', and those added to it."""
    return [binding for _key, binding in node._bindings]


def add_binding(node: DOMNode, binding: Binding) -> None:
    """Give one node (not its class) a key binding; ``App.bind`` exists for apps only."""
    node._bindings._add_binding(binding)


def chosen_keys(app: App[Any]) -> Mapping[str, str]:
    """The keymap given to ``App.set_keymap`` (binding id -> keys), as Textual keeps it."""
    return app._keymap


def action_state(app: App[Any], action: str, screen: Screen[Any]) -> bool | None:
    """What the footer shows of ``action`` on ``screen``: True (on), None (dimmed) or
    False (hidden), by the screen's ``check_action``, as Textual decides it."""
    return app._check_action_state(action, screen)


# --- scrolling: a ScrollView that sets its own virtual size ------------------------------
def update_scrollbars(widget: Widget, virtual_size: Size) -> None:
    """Tell the scrollbars a new virtual size at once (Textual does it on a resize only)."""
    widget._scroll_update(virtual_size)


# --- errors: Textual reports a crash with each frame's local variables ------------------
class CrashReported:
    """App mixin: an unhandled error goes to the problem log (``tableside.problem_log``),
    and the screen left behind says where, instead of Textual's traceback of local
    variables (a PIN or a secret being typed may be one)."""

    data_dir: Path

    def _handle_exception(self, error: Exception) -> None:
        from rich.text import Text

        from tableside.problem_log import report

        said = report(self.data_dir, error).said("Tableside stopped on a problem")
        try:  # Textual shows an error's own rendering in place of its traceback
            error.__rich__ = lambda: Text(said)  # type: ignore[attr-defined]
        except AttributeError:
            error = _Crash(said)
        super()._handle_exception(error)  # type: ignore[misc]


class _Crash(Exception):
    def __init__(self, said: str) -> None:
        super().__init__(said)

    def __rich__(self) -> str:
        return str(self)


# --- textual-serve: a served app's process and its page's messages ------------------------
def run_task(service: AppService) -> asyncio.Task[None] | None:
    """The task that runs ``service``'s process (None before it starts, after it stops)."""
    return service._task


async def pipe_messages(server: Server, websocket: web.WebSocketResponse,
                        service: AppService) -> None:
    """Pass a page's messages (keys, size, pings) to its app until the page goes."""
    await server._process_messages(websocket, service)


def served_environment(width: int, height: int) -> dict[str, str]:
    """What textual-serve gives the process it starts (its web driver, its colours)."""
    from types import SimpleNamespace

    from textual_serve.app_service import AppService

    reads_debug_only: Any = SimpleNamespace(debug=False)
    return dict(AppService._build_environment(reads_debug_only, width, height))


OpenProcess = Callable[[int, int], Awaitable[tuple[Any, asyncio.StreamWriter]]]


def own_process_service(open_process: OpenProcess, **kwargs: Any) -> AppService:
    """textual-serve's ``AppService`` whose process ``open_process(width, height)`` opens
    (what ``AppService.run`` reads of a process: .stdout and .stderr; and its stdin),
    instead of starting a command. Built on first use: serving loads textual-serve."""
    from textual_serve.app_service import AppService

    class OwnProcessService(AppService):
        async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
            process, stdin = await open_process(width, height)
            self._stdin = stdin
            self._process = process
            return process

    return OwnProcessService("", **kwargs)
