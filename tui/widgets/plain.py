"""Text people typed or files brought, made safe to show: never read as markup."""

from __future__ import annotations

from rich.text import Text


def plain(text: object, style: str = "") -> Text:
    """``text`` exactly as typed: ``[b]Bo[/b]`` shows as ``[b]Bo[/b]``, ``[/]`` never fails."""
    return Text(str(text), style=style)
