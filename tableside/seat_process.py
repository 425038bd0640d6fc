"""A seat's process, forked from a warm parent so a page is usable at once.

Starting a seat from nothing (Python, Textual, the game) takes a second or more on a busy
laptop, and each such process holds all of it again. The server starts one warm parent for
the table (``tui.seat_zygote``), without a seat: it imports what a seat needs, then waits.
When a page takes a seat, the server sends it the seat's number, the page's size and the
ends of the two pipes the seat talks through; the parent forks and the child becomes that
seat, sharing the parent's imported code (little memory of its own). Nothing of the token
reaches either: a seat is told its number only.

Every seat process ends with its server, however that ends: the warm parent quits when the
server's end of its socket closes (the kernel closes it on a SIGKILL too), and each seat
quits when its parent is gone (``tui.seat_app.watch_parent``).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import threading
import weakref
from pathlib import Path
from typing import Any

from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from tableside.textual_adapter import own_process_service, served_environment

CAN_FORK = hasattr(os, "fork") and hasattr(socket, "send_fds")


def seat_environment(width: int = 80, height: int = 24) -> dict[str, str]:
    """What textual-serve gives the process it starts (its web driver, its colours)."""
    return served_environment(width, height)


class WarmParent:
    """The table's warm parent: one process that forks a seat for each page."""

    def __init__(self, data_dir: Path, session_id: str, seat_log: Path) -> None:
        self.data_dir, self.session_id, self.seat_log = Path(data_dir), session_id, seat_log
        self._process: subprocess.Popen[bytes] | None = None
        self._socket: socket.socket | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        with open(self.seat_log, "ab") as errors:
            self._process = subprocess.Popen(
                [sys.executable, "-m", "tui.seat_zygote", str(theirs.fileno()),
                 str(self.data_dir), self.session_id],
                pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=errors, env=seat_environment(),
                close_fds=True)
        theirs.close()
        self._socket = ours

    @property
    def alive(self) -> bool:
        return self._process is not None and self._process.poll() is None \
            and self._socket is not None

    def spawn(self, seat_number: int, width: int, height: int) -> tuple[int, int, int]:
        """Fork a seat: its process id, and our ends of its stdin and stdout. Blocks (the
        parent may still be importing): call it from a worker thread."""
        stdin_read, stdin_write = os.pipe()
        stdout_read, stdout_write = os.pipe()
        request = json.dumps({"seat": seat_number, "width": width, "height": height})
        try:
            with self._lock:
                if self._socket is None:
                    raise OSError("the seats' parent has stopped")
                socket.send_fds(self._socket, [request.encode()], [stdin_read, stdout_write])
                answer = b""
                while not answer.endswith(b"\n"):
                    part = self._socket.recv(64)
                    if not part:
                        raise OSError("the seats' parent has stopped")
                    answer += part
        except OSError:
            for fd in (stdin_write, stdout_read):
                os.close(fd)
            raise
        finally:
            os.close(stdin_read)
            os.close(stdout_write)
        return int(answer), stdin_write, stdout_read

    def stop(self, timeout: float = 5.0) -> None:
        """Close its socket (it quits at once); killed if it does not within ``timeout``."""
        with self._lock:
            if self._socket is not None:
                self._socket.close()
                self._socket = None
        if self._process is not None:
            try:
                self._process.wait(timeout)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()


class _Pipes:
    """What ``AppService.run`` reads of its process: its stdout and stderr."""

    def __init__(self, stdout: asyncio.StreamReader, stderr: asyncio.StreamReader) -> None:
        self.stdout, self.stderr = stdout, stderr


class ForkedSeat:
    """A seat's process forked by the table's warm parent, opened for textual-serve's
    ``AppService`` (``textual_adapter.own_process_service``)."""

    def __init__(self, parent: WarmParent, seat_number: int) -> None:
        self.parent, self.seat_number = parent, seat_number
        self.pid: int | None = None

    async def open(self, width: int, height: int) -> tuple[Any, asyncio.StreamWriter]:
        loop = asyncio.get_running_loop()
        pid, stdin_fd, stdout_fd = await loop.run_in_executor(
            None, self.parent.spawn, self.seat_number, width, height)
        self.pid = pid
        reader = asyncio.StreamReader(limit=2 ** 20)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader),
                                     os.fdopen(stdout_fd, "rb", buffering=0))
        transport, protocol = await loop.connect_write_pipe(
            asyncio.streams.FlowControlMixin, os.fdopen(stdin_fd, "wb", buffering=0))
        stdin = asyncio.StreamWriter(transport, protocol, None, loop)
        stderr = asyncio.StreamReader()  # the seat's errors go to the seats' log
        stderr.feed_eof()
        return _Pipes(reader, stderr), stdin


_FORKED: weakref.WeakKeyDictionary[AppService, ForkedSeat] = weakref.WeakKeyDictionary()


def make_service(parent: WarmParent | None, seat_number: int, command: str,
                 download_manager: DownloadManager, **writers: Any) -> AppService:
    """A forked seat when the warm parent runs, else a process started from nothing."""
    if parent is not None and parent.alive:
        seat = ForkedSeat(parent, seat_number)
        service = own_process_service(seat.open, download_manager=download_manager, **writers)
        _FORKED[service] = seat
        return service
    return AppService(command, download_manager=download_manager, **writers)


def forked_seat(service: AppService) -> ForkedSeat | None:
    """The forked seat behind ``service`` (its number, and its process id once started)."""
    return _FORKED.get(service)
