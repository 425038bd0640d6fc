"""The files a seat's page loads, served from memory and kept by the browser.

The page itself is never kept (it names its seat's link); its terminal's script and style
are the same for every seat and every game, so each is sent once, compressed, under a name
carrying a digest of the contents (``/static/<digest>/seat.js``) and kept a year by the
browser: a page opened again, or a seat reloaded, loads nothing but the page. The script is
one file: xterm.js and the two addons a seat uses (``static/``, MIT, ``LICENSE.xterm``),
then ``seat_terminal.js``, which takes over the connection the page opened as it was read.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

STATIC = Path(__file__).parent / "static"
SCRIPT = ["xterm.js", "addon-fit.js", "addon-unicode11.js", "seat_terminal.js"]
KEPT = "public, max-age=31536000, immutable"


@dataclass(frozen=True)
class _File:
    body: bytes
    packed: bytes  # gzip
    kind: str


class SeatFiles:
    """``seat.js`` and ``xterm.css``, read and compressed once per server."""

    def __init__(self, folder: Path = STATIC) -> None:
        script = b";\n".join((folder / name).read_bytes().rstrip() for name in SCRIPT)
        contents = {"seat.js": (script, "text/javascript; charset=utf-8"),
                    "xterm.css": ((folder / "xterm.css").read_bytes(),
                                  "text/css; charset=utf-8")}
        digest = hashlib.sha256()
        for name, (body, _kind) in sorted(contents.items()):
            digest.update(name.encode() + b"\0" + body)
        self.version = digest.hexdigest()[:16]
        self._files = {name: _File(body, gzip.compress(body, 9, mtime=0), kind)
                       for name, (body, kind) in contents.items()}

    def url(self, name: str) -> str:
        return f"/static/{self.version}/{name}"

    async def handle(self, request: web.Request) -> web.Response:
        found = self._files.get(request.match_info.get("name", ""))
        if found is None or request.match_info.get("version") != self.version:
            return web.Response(status=404, text="No such file.\n",
                                headers={"Cache-Control": "no-store"})
        headers = {"Cache-Control": KEPT, "Content-Type": found.kind,
                   "Vary": "Accept-Encoding"}
        if "gzip" in request.headers.get("Accept-Encoding", ""):
            headers["Content-Encoding"] = "gzip"
            return web.Response(body=found.packed, headers=headers)
        return web.Response(body=found.body, headers=headers)
