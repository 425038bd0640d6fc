"""The seat server over HTTP: a seat's link opens its page, anything else opens nothing, is
counted and logged by address, and no token ever reaches the log. Localhost by default."""

from __future__ import annotations

import html
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("textual_serve")

from tui.serving import Serving, start  # noqa: E402


def _get(url: str) -> tuple[int, str, dict[str, str]]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode(), dict(response.headers)
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode(), dict(err.headers)


@pytest.fixture(autouse=True)
def no_warm_parent(monkeypatch: pytest.MonkeyPatch) -> None:
    """No seat opens in these tests (pages and links over HTTP only), so the seats' warm
    parent, a Python process of its own, is not started. A server with its warm parent is
    started and stopped, its link refused afterwards, by tests/serve/test_cli_serve.py::
    test_serve_prints_each_seats_link_and_stops_with_the_table_view."""
    monkeypatch.setattr("tableside.serve.CAN_FORK", False)


@pytest.fixture
def serving(tmp_path: Path) -> Serving:
    served = start("20260101-000000-abcdef", ["Ann", "Bo"], tmp_path)
    yield served
    served.stop()


def test_a_seat_link_opens_its_page_only(serving: Serving) -> None:
    status, page, headers = _get(serving.links["Ann"])
    token = serving.links["Ann"].rsplit("/", 1)[1]
    assert status == 200 and "Ann's seat" in html.unescape(page)
    assert f"/seat/{token}/ws" in page  # the page's websocket carries the same token
    assert headers["Cache-Control"] == "no-store" and headers["Referrer-Policy"] == "no-referrer"
    assert "googleapis" not in page  # nothing fetched from the internet
    assert serving.server.host == "127.0.0.1"  # this computer only, without --lan


def test_wrong_missing_and_revoked_links_open_nothing(serving: Serving, tmp_path: Path
                                                      ) -> None:
    base = f"http://127.0.0.1:{serving.server.port}"
    ann = serving.links["Ann"]
    token = ann.rsplit("/", 1)[1]
    tries = [ann[:-2] + ("xy" if not ann.endswith("xy") else "zz"), f"{base}/", f"{base}/seat/",
             f"{base}/seat/{token[:-1]}/ws", f"{base}/ws"]
    for url in tries:
        status, text, _ = _get(url)
        assert status == 404 and "opens nothing" in text and "Ann" not in text, url
    assert _get(f"{base}/favicon.ico")[0] == 404  # not a try at a seat: not counted
    serving.revoke("Bo")
    bo_token = "(revoked)"
    status, _, _ = _get(f"{base}/seat/{bo_token}")
    assert status == 404
    assert serving.server.refused == len(tries) + 1
    log = (tmp_path / "serve" / "serve.log").read_text(encoding="utf-8")
    assert log.count("a wrong, revoked or missing seat link was tried") == len(tries) + 1
    assert "from 127.0.0.1" in log and "the link of Bo's seat was revoked" in log
    assert token not in log and token[:-1] not in log


def test_a_revoked_link_opens_nothing_and_a_new_one_does(serving: Serving) -> None:
    old = serving.links["Bo"]
    serving.revoke("Bo")
    assert _get(old)[0] == 404
    new = serving.make_link("Bo")
    assert new != old and _get(new)[0] == 200 and _get(old)[0] == 404


def test_stopping_closes_the_door(tmp_path: Path) -> None:
    served = start("20260101-000000-abcdef", ["Ann"], tmp_path)
    link = served.links["Ann"]
    served.stop()
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(link, timeout=10)


def test_a_page_loads_its_terminal_from_its_own_server_and_keeps_it(serving: Serving) -> None:
    """Nothing from the internet (this machine may be offline, a phone's fetch of a web font
    would wait); the terminal's one script and style come from the seat server, kept by the
    browser under a name that changes with their contents; the page opens its connection
    before it loads the script, so the seat starts meanwhile."""
    import gzip
    import re

    base = f"http://127.0.0.1:{serving.server.port}"
    _, page, _ = _get(serving.links["Ann"])
    fetched = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert fetched and all(re.fullmatch(r"/static/[0-9a-f]{16}/[\w.-]+", url) for url in fetched)
    assert not re.search(r"https?://", page)
    assert page.index("new WebSocket") < page.index('src="/static/')
    for url in fetched:
        request = urllib.request.Request(base + url, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 200
            assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert response.headers["Content-Encoding"] == "gzip"
            body = gzip.decompress(response.read())
        assert not re.search(rb"url\(\s*['\"]?https?:", body)  # no font or image from afar
    script = next(url for url in fetched if url.endswith(".js"))
    stale = re.sub(r"/static/[0-9a-f]{16}/", "/static/0123456789abcdef/", script)
    assert _get(base + stale)[0] == 404 and serving.server.refused == 0  # not a seat's try
