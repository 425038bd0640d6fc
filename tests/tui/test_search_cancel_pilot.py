"""A new keystroke stops the search it makes stale: the search screen hands
the library a ``cancelled`` test that turns true once the person typed again, so an abandoned
search on a huge library burns no more CPU, and its giving up is never shown as a failure."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from references import Library, SearchCancelled
from references.model import SearchResult
from tests.pilot_keys import burst
from tests.tui.test_search_pilot import settle
from tui.app import TablesideApp
from tui.screens.search import SearchScreen


class SlowFirstSearch(Library):
    """A library whose first search runs until it is told it is stale (as a search of a
    jammed library would), then gives up the way ``Library.search`` does."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.asked: list[str] = []
        self.first_saw_stale = threading.Event()

    def search(self, query: str, game: str | None = None, limit: int = 10, *,
               kind: Any = None, cancelled: Any = None) -> SearchResult:
        self.asked.append(query)
        if len(self.asked) == 1:
            deadline = time.monotonic() + 20
            while cancelled is not None and not cancelled() and time.monotonic() < deadline:
                time.sleep(0.01)
            if cancelled is not None and cancelled():
                self.first_saw_stale.set()
            raise SearchCancelled(f"search for {query!r} given up")
        return super().search(query, game, limit, kind=kind, cancelled=cancelled)


async def test_a_new_keystroke_stops_the_stale_search_and_shows_the_new_one(
        tmp_path: Path) -> None:
    library = SlowFirstSearch.open(tmp_path / "data")
    assert isinstance(library, SlowFirstSearch)
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = SearchScreen(library)
        await app.push_screen(screen)
        await pilot.pause()
        await burst(pilot, *"self")
        await pilot.pause(0.3)  # the first search is under way (and would never end)
        assert library.asked == ["self"]
        await burst(pilot, *" destruct")
        await settle(pilot)
        assert library.first_saw_stale.is_set()  # told to stop by the new keystroke
        assert library.asked[-1] == "self destruct"
        status = str(screen.query_one("#search-status").render())
        assert "failed" not in status and "best first" in status
    library.close()
