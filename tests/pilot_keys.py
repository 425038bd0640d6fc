"""Helpers for pilot tests: drive widgets by keys as a player would."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Select


async def choose(pilot: Pilot[None], selector: str, label: str) -> None:
    """Open the Select at ``selector`` and pick the option shown as ``label``, by keys."""
    select = pilot.app.screen.query_one(selector, Select)
    select.focus()
    await pilot.press("enter")
    await pilot.pause()
    labels = [str(prompt) for prompt, _ in select._options]
    for _ in range(labels.index(label) - labels.index(str(select._options[0][0]))):
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
