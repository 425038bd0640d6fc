"""The "now" panel: what the table must do after the last action, and the checklist."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual.geometry import Size
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import _RenderCache
from textual.widgets import Static

from trackers.engine import Note, Panel
from tui.screens.refusal_keys import with_keys
from tui.widgets.in_place import update_in_place
from tui.widgets.session_view import SessionView

if TYPE_CHECKING:
    from textual.css.styles import RulesMap

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
        # "nothing new", not "nothing to do": a step may be due (the banner or a panel says so)
        text.append("Nothing new yet. Pick an action: its key is in the footer, or "
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
    _lines: dict[tuple[object, ...], list[Strip]] | None = None  # see _render_content
    _lines_for: tuple[object, ...] = ()
    _split_of: object = None  # the text _split_lines holds the lines of
    _split_lines: list[tuple[tuple[object, ...], Text]]
    _height_of: tuple[object, int, int] = (None, 0, 0)  # (text, width, height) measured last

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self._heights: dict[int, dict[tuple[object, ...], int]] = {}  # width -> line -> height

    def show_session(self, play: OpenSession) -> None:
        game, state = play.game, play.state
        panels = game.panels(state) if game.panels else []
        checklist = game.checklist(state) if game.checklist else []
        text = now_text(play.notes, panels, checklist, self.elsewhere,
                        partial(with_keys, self.app, play))
        if text == self._shown:
            return  # nothing new to say: no layout, and the scroll stays where it is
        self._shown = text
        update_in_place(self, text)  # a layout only when its height changes
        if self.parent is not None and hasattr(self.parent, "scroll_home"):
            self.parent.scroll_home(animate=False, immediate=True)

    def _by_line(self) -> bool:
        """Whether the text can be measured and drawn a line at a time (see below)."""
        styles = self.styles
        return isinstance(self.content, Text) and self.text_selection is None \
            and styles.content_align == ("left", "top") and styles.text_align in ("left", "start")

    def _split(self, text: Text) -> list[tuple[tuple[object, ...], Text]]:
        """The text's lines, each with what identifies it (split once per text shown)."""
        if self._split_of is not text:
            self._split_lines = [((line.plain, tuple(line.spans), line.style), line)
                                 for line in text.split("\n", allow_blank=True)]
            self._split_of = text
        return self._split_lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The text's height, measured a line at a time like the drawing below: each
        line's height is kept while its text and the width stay the same (a layout asks
        at more than one width: with and without a scrollbar)."""
        text = self.content
        if not width or not isinstance(text, Text) or not self._by_line():
            return super().get_content_height(container, viewport, width)
        if self._height_of[0] is text and self._height_of[1] == width:
            return self._height_of[2]
        if width not in self._heights and len(self._heights) > 2:
            self._heights.clear()
        kept = self._heights.setdefault(width, {})
        rules = cast("RulesMap", self.styles)  # as Textual's own widgets pass it
        total = 0
        for key, line in self._split(text):
            height = kept.get(key)
            if height is None:
                height = kept[key] = visualize(self, line, markup=False).get_height(rules,
                                                                                   width)
            total += height
        self._height_of = (text, width, total)
        return total

    def _render_content(self) -> None:
        """Render the text a line at a time, keeping each line's strips while its text, the
        width and the style stay the same.

        Textual renders a Static's whole text at each change. This panel's text is long (a
        game's panels and checklist: over a hundred lines at 80x24) while a change mostly
        touches its first lines (the notes): rendering all of it was the largest cost of a
        key press after the layout (issue 21, item 9). Textual wraps each line of a text on
        its own, so the strips are the same; each carries the place of its characters in
        the text (for selecting it with the mouse), set here to the line's own. A selection,
        an alignment or a text that is not Rich Text is rendered whole, as Textual does.
        """
        text = self.content
        if not isinstance(text, Text) or not self._by_line():
            super()._render_content()
            return
        width, height = self.size
        style = self.visual_style
        kept = self._lines if self._lines is not None and self._lines_for == (width, style) \
            else {}
        fresh: dict[tuple[object, ...], list[Strip]] = {}
        strips: list[Strip] = []
        for y, (key, line) in enumerate(self._split(text)):
            got = fresh.get(key) or kept.get(key)
            if got is None:
                got = Visual.to_strips(self, visualize(self, line, markup=False), width, None,
                                       style)
            fresh[key] = got
            strips.extend(got if y == 0 else (_on_line(strip, y) for strip in got))
        self._lines, self._lines_for = fresh, (width, style)
        self._render_cache = _RenderCache(self.size, strips[:height])
        self._dirty_regions.clear()


def _on_line(strip: Strip, y: int) -> Strip:
    """``strip`` (rendered as the text's first line) as line ``y`` of the text."""
    segments = list(strip)
    first = segments[0].style if segments else None
    offset = first.meta.get("offset") if first is not None else None
    if offset is None:
        return strip
    return strip.apply_offsets(offset[0], y)
