"""Read what the screen shows, as plain text, from Textual's SVG export."""

from __future__ import annotations

import html
import re

from textual.app import App


def screen_text(app: App[object]) -> str:
    """Every character drawn on the screen, in reading order, tags stripped."""
    svg = app.export_screenshot()
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    plain = [html.unescape(re.sub(r"<[^>]+>", "", t)) for t in texts]
    return "\n".join(plain).replace("\xa0", " ")


def panel_text(app: App[object], selector: str) -> str:
    """The full text of one panel (a Static, an OptionList or the Now panel), unwrapped."""
    from textual.widgets import OptionList, Static

    from tui.widgets.now_panel import NowPanel

    widget = app.screen.query_one(selector)
    if isinstance(widget, OptionList):
        return "\n".join(str(widget.get_option_at_index(i).prompt)
                         for i in range(widget.option_count))
    if isinstance(widget, NowPanel):
        return widget.content.plain
    if isinstance(widget, Static):
        return str(widget.render())
    raise TypeError(f"{selector} is a {type(widget).__name__}")
