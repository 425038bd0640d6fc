"""Redrawing a Static's text without laying the whole screen out again when its size stays.

``Static.update`` asks Textual for a layout of the screen by default: every widget is
arranged and the whole screen repainted, which was most of the cost of a key press on a
game's screen. Most changes leave a panel as many lines high as before;
then repainting that panel is enough, and a panel whose text is the same is not redrawn.
"""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


def update_in_place(widget: Static, content: VisualType) -> None:
    """``widget.update(content)``; a layout only when the widget's height would change (or
    its size depends on its text in a way not measured here: an auto width, not laid out
    yet). The same content as shown changes nothing (rendering a long text is not free)."""
    if type(content) is type(widget.content) and content == widget.content:
        return
    styles = widget.styles
    width = widget.content_size.width
    auto_width = styles.width is not None and styles.width.is_auto
    if not widget.is_mounted or not width or auto_width:
        widget.update(content)
        return
    before = widget.content_size.height
    widget.update(content, layout=False)
    if styles.height is None or styles.height.is_auto:
        after = widget.get_content_height(widget.container_size, widget.app.size, width)
        if after != before:
            widget.refresh(layout=True)
