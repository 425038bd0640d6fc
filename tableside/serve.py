"""Serving a game's seats to browsers: textual-serve's aiohttp application, behind seat links.

textual-serve runs one command for every websocket and checks nobody. ``SeatServer`` keeps
its parts (``AppService`` that pipes a Textual process to a websocket, the message loop) and
replaces its page and routes: ``/seat/{token}`` (our own light page, which opens its
connection as it is read; its terminal's script and style, ``tableside.seat_files``, under
``/static/``, kept by the browser) and
``/seat/{token}/ws`` (the seat's process) open only for a token of an open seat
(``tableside.seat_links``); anything else gets the same bare 404 and a log line that names
the address that tried, never the token. Each connection runs its seat in a process of its
own, forked from the table's warm parent (``tableside.seat_process``; where a system cannot
fork, ``tableside seat ID --seat N`` started from nothing): one more window on the game,
with its locking and live refresh. The server runs in a thread of its own, so the table
view's keys never wait on it.

Loaded only when serving: aiohttp, jinja2 and textual-serve cost nothing at start-up.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import shlex
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from tableside.seat_files import SeatFiles
from tableside.seat_links import SeatLinks
from tableside.seat_process import CAN_FORK, WarmParent, forked_seat, make_service
from tableside.textual_adapter import pipe_messages, run_task

log = logging.getLogger("tableside.serve")
TEMPLATES = Path(__file__).parent / "templates"
NOTHING = "This link opens nothing. Ask the table for your seat's link.\n"
_TOKEN_IN_PATH = re.compile(r"/seat/[^/\s\"'?]+")


class HideTokens(logging.Filter):
    """Any seat path in any log record is written as ``/seat/…``: a token never reaches a log."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "/seat/" in text:
            record.msg, record.args = _TOKEN_IN_PATH.sub("/seat/…", text), None
        return True


def private_log(path: Path) -> Path:
    """``path`` made ready for appending, private to the user like the rest of the data
    folder: its folder 0700, the file 0600 (also when an earlier version left them open)."""
    from saves.atomic import PRIVATE_FILE, PRIVATE_FOLDER, make_private

    path.parent.mkdir(parents=True, exist_ok=True)
    make_private(path.parent, PRIVATE_FOLDER)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, PRIVATE_FILE))
    make_private(path, PRIVATE_FILE)
    return path


def log_to(path: Path) -> logging.Handler:
    """Send the server's and textual-serve's log lines to ``path`` (not the table view's
    terminal, which the app draws on), tokens hidden."""
    handler = logging.FileHandler(private_log(path), encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(message)s"))
    handler.addFilter(HideTokens())
    for name in ("tableside.serve", "textual-serve", "aiohttp"):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False
    return handler


@dataclass(frozen=True)
class Refusal:
    """A link that opened nothing: when and from which address (never what was sent)."""

    at: float
    peer: str


class SeatServer(Server):
    """The seats of one game, served at ``host:port`` until ``stop``."""

    def __init__(self, session_id: str, data_dir: Path, seats: list[str], *,
                 host: str = "127.0.0.1", port: int = 0, seat_log: Path | None = None,
                 warm: bool = True) -> None:
        super().__init__(command="", host=host, port=port, title="Tableside seat",
                         templates_path=TEMPLATES)
        self.session_id = session_id
        self.data_dir = Path(data_dir)
        self.links = SeatLinks(seats)
        self.seat_log = seat_log or self.data_dir / "serve" / "seats.log"
        self.refusals: deque[Refusal] = deque(maxlen=200)
        self.refused = 0
        self._live: dict[str, set[web.WebSocketResponse]] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._failed: BaseException | None = None
        self.warm = warm and CAN_FORK  # a warm parent forks each seat (pages open at once)
        self.closed = False  # the table left the game: its links say so, nothing opens
        self._parent: WarmParent | None = None
        self._services: set[AppService] = set()  # every seat process running now
        self._files: SeatFiles | None = None  # read when the server starts listening

    # --- links ----------------------------------------------------------------------
    def url(self, token: str, host: str | None = None) -> str:
        return f"http://{host or self.host}:{self.port}/seat/{token}"

    def make_link(self, seat: str, host: str | None = None) -> str:
        """A new link for ``seat``; its old link stops working and its open page closes."""
        token = self.links.make(seat)
        self._close_seat_soon(seat)
        return self.url(token, host)

    def revoke(self, seat: str) -> None:
        """The seat's link opens nothing from now on, and its open page is closed."""
        self.links.revoke(seat)
        self._close_seat_soon(seat)
        log.info("the link of %s's seat was revoked", seat)

    def close_game(self, timeout: float = 20.0) -> None:
        """The table left the game: every seat's page closes and says so (its link keeps
        working: ``reopen`` brings the same seats back); no seat process is left."""
        self.closed = True
        self._run_soon(self._close_all(), timeout)
        log.info("the table closed game %s: its seats wait", self.session_id)

    def reopen(self) -> None:
        """The table serves the game again: the same links open their seats."""
        self.closed = False
        log.info("the table opened game %s again: its seats open", self.session_id)

    def _run_soon(self, work: Any, timeout: float) -> None:
        loop = self._loop
        if loop is None or not loop.is_running():
            work.close()
            return
        try:
            asyncio.run_coroutine_threadsafe(work, loop).result(timeout)
        except Exception as err:  # the seats' pages are closed anyway by their processes
            log.warning("closing the seats: %s", err)

    async def _close_all(self) -> None:
        """Every page closed and every seat process ended (waited for: none is left)."""
        for seat in list(self._live):
            for websocket in list(self._live.get(seat, ())):
                await websocket.close()
        services = list(self._services)
        if services:
            await asyncio.wait([asyncio.ensure_future(s.stop()) for s in services],
                               timeout=10)

    def seat_pids(self) -> dict[str, list[int]]:
        """Each seat's processes running now, by their ids (those forked: their ids known)."""
        found: dict[str, list[int]] = {}
        for service in list(self._services):
            seat = forked_seat(service)
            pid, number = (seat.pid, seat.seat_number) if seat is not None else (None, 0)
            if pid and 1 <= number <= len(self.links.seats):
                found.setdefault(self.links.seats[number - 1], []).append(pid)
        return found

    def live_seats(self) -> dict[str, int]:
        """How many pages each seat has open now."""
        return {seat: len(sockets) for seat, sockets in self._live.items() if sockets}

    def seat_command(self, seat: str) -> str:
        """The command one connection runs: the seat's own process (no token in it)."""
        index = self.links.seats.index(seat) + 1
        words = [sys.executable, "-m", "tableside.cli", "--data-dir", str(self.data_dir),
                 "seat", self.session_id, "--seat", str(index)]
        # exec: the seat's parent is this server itself, so it sees the server go
        return f"exec {shlex.join(words)} 2>>{shlex.quote(str(self.seat_log))}"

    # --- the aiohttp application ---------------------------------------------------------
    async def _seat_routes(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/seat/{token}", self.handle_index, name="index"),
            web.get("/seat/{token}/ws", self.handle_websocket, name="websocket"),
            web.get("/static/{version}/{name}", self._file, name="static"),
        ])
        app.router.add_route("*", "/{anything:.*}", self._nothing)
        return app

    async def _file(self, request: web.Request) -> web.StreamResponse:
        """The page's script and style (the same for every seat: no token, nothing counted)."""
        return await self._page_files().handle(request)

    def _page_files(self) -> SeatFiles:
        if self._files is None:  # read once, in the server's thread
            self._files = SeatFiles()
        return self._files

    def _refuse(self, request: web.Request, what: str) -> web.Response:
        peer = request.remote or "?"
        self.refused += 1
        self.refusals.append(Refusal(time.time(), peer))
        log.warning("a wrong, revoked or missing seat link was tried (%s) from %s", what, peer)
        return web.Response(status=404, text=NOTHING,
                            headers={"Cache-Control": "no-store"})

    async def _nothing(self, request: web.Request) -> web.Response:
        """Any other path counts as a try, but the icon a browser asks for by itself."""
        if request.path == "/favicon.ico":
            return web.Response(status=404, text=NOTHING)
        return self._refuse(request, "no seat")

    async def handle_index(self, request: web.Request) -> Any:
        token = request.match_info.get("token")
        seat = self.links.seat_for(token)
        if seat is None:
            return self._refuse(request, "page")
        if self.closed:
            return _seat_page(request, "seat_closed.html",
                              {"application": {"name": f"Tableside: {seat}'s seat"}}, "closed")
        scheme = "wss" if request.secure else "ws"
        context = {
            "font_size": 16,
            "app_websocket_url": f"{scheme}://{request.host}/seat/{token}/ws",
            "files": self._page_files(),
            "application": {"name": f"Tableside: {seat}'s seat"},
        }
        return _seat_page(request, "seat.html", context, "open")

    async def handle_websocket(  # type: ignore[override]  # a refusal is a plain 404
            self, request: web.Request) -> web.StreamResponse:
        seat = self.links.seat_for(request.match_info.get("token"))
        if seat is None:
            return self._refuse(request, "websocket")
        if self.closed:  # the page says so when it asks again
            return web.Response(status=409, text="The table closed this game.\n")
        websocket = web.WebSocketResponse(heartbeat=15)
        width = _whole(request.query.get("width"), 80)
        height = _whole(request.query.get("height"), 24)
        service: AppService | None = None
        self._live.setdefault(seat, set()).add(websocket)
        log.info("%s's seat opened from %s", seat, request.remote or "?")
        try:
            await websocket.prepare(request)

            async def close() -> None:
                await websocket.close()

            service = make_service(self._parent, self.links.seats.index(seat) + 1,
                                   self.seat_command(seat), self.download_manager,
                                   write_bytes=websocket.send_bytes,
                                   write_str=websocket.send_str, close=close)
            self._services.add(service)
            await service.start(width, height)
            _close_with(service, websocket, seat)
            await pipe_messages(self, websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # a broken connection must not stop the other seats
            log.warning("%s's seat connection ended: %s", seat, error)
        finally:
            self._live.get(seat, set()).discard(websocket)
            if service is not None:
                await service.stop()
                self._services.discard(service)
            log.info("%s's seat closed", seat)
        return websocket

    def _close_seat_soon(self, seat: str) -> None:
        if self._loop is not None and self._loop.is_running():
            asyncio.run_coroutine_threadsafe(self._close_seat(seat), self._loop)

    async def _close_seat(self, seat: str) -> None:
        """Close the seat's pages; a new link gets a fresh process, a revoked one none."""
        for websocket in list(self._live.get(seat, ())):
            await websocket.close()

    # --- running in a thread of its own -------------------------------------------------
    def start(self, timeout: float = 30.0) -> None:
        """Listen (port 0: any free port, then ``self.port`` says which); returns once
        listening, or raises OSError naming why not."""
        private_log(self.seat_log)  # the seats' stderr goes here
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), daemon=True,
                                        name="tableside-seats")
        self._thread.start()
        if not ready.wait(timeout):
            raise OSError(f"the seat server did not start within {timeout:.0f} s")
        if self._failed is not None:
            raise OSError(f"cannot serve on {self.host}:{self.port}: {self._failed}")

    def _run(self, ready: threading.Event) -> None:
        loop = self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._listen())
        except BaseException as err:  # said by start() in the caller's thread
            self._failed = err
            ready.set()
            return
        ready.set()
        loop.run_forever()
        loop.close()

    async def _listen(self) -> None:
        app = await self._seat_routes()
        self._page_files()
        # No access log: a request line would carry the seat's token.
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        addresses = self._runner.addresses  # (host, port, ...) of each socket listening
        if addresses:
            self.port = int(addresses[0][1])
        log.info("serving the seats of game %s on %s:%s", self.session_id, self.host,
                 self.port)
        if self.warm:
            parent = WarmParent(self.data_dir, self.session_id, self.seat_log)
            try:
                await asyncio.get_running_loop().run_in_executor(None, parent.start)
            except OSError as err:  # each seat then starts from nothing
                log.warning("the seats' warm parent did not start: %s", err)
            else:
                self._parent = parent

    def stop(self, timeout: float = 20.0) -> None:
        """Close every seat (their processes quit) and stop listening."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return
        future = asyncio.run_coroutine_threadsafe(self._shutdown(), loop)
        try:
            future.result(timeout)
        except Exception as err:  # stopping anyway: the thread is a daemon
            log.warning("stopping the seats: %s", err)
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(timeout)
        log.info("stopped serving the seats of game %s", self.session_id)

    async def _shutdown(self) -> None:
        self.closed = True
        await self._close_all()
        if self._parent is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._parent.stop)
        if self._runner is not None:
            await self._runner.cleanup()


def _seat_page(request: web.Request, template: str, context: dict[str, Any], state: str
               ) -> web.StreamResponse:
    """A seat's page; ``X-Tableside-Seat`` tells a waiting page whether its seat is open."""
    response = aiohttp_jinja2.render_template(template, request, context)
    # Nothing keeps the page (or its link) around: no cache, no referrer sent anywhere.
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Tableside-Seat"] = state
    return response


def _close_with(service: AppService, websocket: web.WebSocketResponse, seat: str) -> None:
    """When the seat's process ends for any reason (it crashed, it was killed), its page's
    connection is closed too: textual-serve closes it only when the app exits on its own,
    and a page left on a dead process would freeze. Closed, the page opens again by itself
    (the template's script) on a new process, and the game carries on from the journal."""
    task = run_task(service)  # it ends with the process
    if task is None:
        return

    def ended(_task: asyncio.Task[None]) -> None:
        if not websocket.closed:
            log.info("%s's seat process ended: its page is closed, to open again", seat)
            asyncio.ensure_future(websocket.close())

    task.add_done_callback(ended)


def _whole(text: str | None, default: int) -> int:
    try:
        return max(10, min(int(text or ""), 1000))
    except ValueError:
        return default
