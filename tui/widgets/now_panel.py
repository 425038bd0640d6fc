"""The "now" panel: what the table must do after the last action, and the checklist."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from trackers.engine import Note, Panel
from tui.screens.refusal_keys import with_keys
from tui.widgets.session_view import SessionView

if TYPE_CHECKING:
    from tableside.api import OpenSession


def now_text(notes: list[Note], panels: list[Panel], checklist: list[tuple[str, bool]],
             elsewhere: str = "", keyed: Callable[[str], str] = str) -> Text:
    """The panel's text; rules' words are plain text (a name may hold brackets). ``keyed``
    adds the key after each action a note names, so what it asks is one key away."""
    text = Text()
    if elsewhere:
        text.append(elsewhere + "\n", style="bold")
    if notes:
        for note in notes:
            text.append("> ", style="bold")
            text.append(keyed(note.text) + "\n")
    else:
        text.append("Nothing to do yet. Pick an action: its key is in the footer, or "
                    "ctrl+p lists them all.\n", style="italic")
    for panel in panels:
        text.append(f"\n{panel.title}\n", style="bold underline")
        for line in panel.lines:
            text.append(f"  {line}\n")
    if checklist:
        text.append("\nChecklist\n", style="bold underline")
        for step, done in checklist:
            # The mark carries the meaning, not the colour.
            text.append(f"  [{'x' if done else ' '}] {step}\n", style="dim" if done else "")
    return text


class NowPanel(SessionView, Static):
    """Notes of the last action first, then any game panels and checklist steps.

    After every change its scroll box goes back to the top, where the newest notes are.
    """

    elsewhere = ""  # a line saying what another window did, set by the screen
    _shown: Text | None = None

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]

    def show_session(self, play: OpenSession) -> None:
        game, state = play.game, play.state
        panels = game.panels(state) if game.panels else []
        checklist = game.checklist(state) if game.checklist else []
        text = now_text(play.notes, panels, checklist, self.elsewhere,
                        partial(with_keys, self.app, play))
        if text == self._shown:
            return  # nothing new to say: no layout, and the scroll stays where it is
        self._shown = text
        self.update(text)
        if self.parent is not None and hasattr(self.parent, "scroll_home"):
            self.parent.scroll_home(animate=False, immediate=True)
