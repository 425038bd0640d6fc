"""The "now" panel: what the table must do after the last action, and the checklist."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from trackers.engine import Note, Panel


class NowPanel(Static):
    """Notes of the last action as a list, then any game panels and checklist steps."""

    def show(self, notes: list[Note], panels: list[Panel],
             checklist: list[tuple[str, bool]]) -> None:
        text = Text()
        if notes:
            for note in notes:
                text.append("> ", style="bold")
                text.append(note.text + "\n")
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
                text.append(f"  [{'x' if done else ' '}] {step}\n",
                            style="dim" if done else "")
        self.update(text)
