"""The table view of a served game (``tableside serve ID``): the laptop's own terminal app.

It opens straight into the game's screen, which serves the seats (``tui.serving``), and
shows the seats' links and QR codes first. Leaving the game's screen stops the seats.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tui.app import TablesideApp
from tui.serving import Serving, attach


class TableViewApp(TablesideApp):
    """The companion app opened on one game whose seats are served."""

    def __init__(self, data_dir: Path, session_id: str, serving: Serving, **kwargs: Any
                 ) -> None:
        super().__init__(data_dir, **kwargs)
        self.session_id = session_id
        self.serving = serving

    async def on_mount(self) -> None:
        from tableside.api import TablesideError
        from tui.screens.game_screens import screen_for
        from tui.screens.seats import SeatsScreen

        try:
            play = self.table.load(self.session_id)
        except TablesideError as err:
            self.serving.stop()
            self.notify(f"The game cannot be opened, so nothing is served: {err}",
                        severity="error", markup=False)
            return
        screen = screen_for(play)
        await self.push_screen(screen)
        attach(screen, self.serving)
        await self.push_screen(SeatsScreen(self.serving, play))
