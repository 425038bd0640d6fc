"""The "now" panel: what the table must do after the last action, and the checklist."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize

from tableside.textual_adapter import update_scrollbars
from trackers.engine import Note, Panel
from tui.screens.refusal_keys import with_keys
from tui.widgets.session_view import SessionView

if TYPE_CHECKING:
    from textual.css.styles import RulesMap
    from textual.selection import Selection

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


class NowPanel(SessionView, ScrollView, can_focus=True):
    """Notes of the last action first, then any game panels and checklist steps.

    The panel is its own scroll box (Textual's line API): a new text repaints the panel
    and its scrollbar, never the screen's layout, whatever its length. Before, the text sat
    in a scroll container sized by it, so a note one line longer or shorter than the last
    (undo says more than redo) laid the whole screen out again and repainted every panel,
    most of a key press's cost. Sized by its text (``height: auto``, as
    on a seat's phone screen), it asks for a layout when its length changes, as any widget.
    After every change it goes back to the top, where the newest notes are.
    """

    # Its length moves no other widget when its box has a fixed height (see watch_...).
    virtual_size = Reactive(Size(0, 0), layout=False)

    elsewhere = ""  # a line saying what another window did, set by the screen

    def __init__(self, content: Text | str = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.content = content if isinstance(content, Text) else Text(content)
        self._rows: list[Strip] | None = None  # the text wrapped at _rows_for's width
        self._rows_for: tuple[int, object] = (0, None)
        self._lines: dict[tuple[object, ...], list[Strip]] = {}  # a text line -> its rows
        self._lines_for: tuple[int, object] = (0, None)
        self._split_of: Text | None = None
        self._split_lines: list[tuple[tuple[object, ...], Text]] = []
        self._heights: dict[int, dict[tuple[object, ...], int]] = {}  # width -> line -> rows

    # --- what it shows ------------------------------------------------------------------
    def show_session(self, play: OpenSession) -> None:
        game, state = play.game, play.state
        panels = game.panels(state) if game.panels else []
        checklist = game.checklist(state) if game.checklist else []
        text = now_text(play.notes, panels, checklist, self.elsewhere,
                        partial(with_keys, self.app, play))
        if self.update(text):
            self.scroll_home(animate=False, immediate=True)

    def update(self, content: Text | str) -> bool:
        """Show ``content`` (plain text is shown as typed); False when it is what is shown."""
        text = content if isinstance(content, Text) else Text(content)
        if text == self.content:
            return False  # the same text: no repaint, and the scroll stays where it is
        self.content = text
        self._rows = None
        self._measure()
        self.refresh()
        return True

    def render(self) -> Text:
        """The whole text (what a mouse selection reads; drawing goes a line at a time)."""
        return self.content

    def watch_virtual_size(self) -> None:
        height = self.styles.height
        if height is None or height.is_auto:
            self.refresh(layout=True)  # sized by its text: the layout follows its length

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The text's height at ``width`` (for a panel sized by its text), measured a line
        at a time; each line's height is kept while its text and the width stay the same."""
        if not width:
            return 0
        if width not in self._heights and len(self._heights) > 2:
            self._heights.clear()
        kept = self._heights.setdefault(width, {})
        rules = cast("RulesMap", self.styles)  # as Textual's own widgets pass it
        total = 0
        for key, line in self._split():
            height = kept.get(key)
            if height is None:
                height = kept[key] = visualize(self, line, markup=False).get_height(rules,
                                                                                   width)
            total += height
        return total

    # --- drawing ----------------------------------------------------------------------
    def on_resize(self) -> None:
        self._measure()

    def selection_updated(self, selection: Selection | None) -> None:
        self._rows = None  # drawn whole while a selection shows, a line at a time after
        self.refresh()

    def _measure(self) -> None:
        """Wrap the text at the box's width and tell the scrollbar its new length."""
        width = self.scrollable_content_region.width
        if not width:
            return
        size = Size(width, len(self._wrapped(width)))
        if size != self.virtual_size:
            self.virtual_size = size
            update_scrollbars(self, size)

    def render_lines(self, crop: Region) -> list[Strip]:
        self._measure()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        rows = self._wrapped(width)
        row = self.scroll_offset.y + y
        if 0 <= row < len(rows):
            return rows[row]
        return Strip.blank(width, self.visual_style.rich_style)

    def _wrapped(self, width: int) -> list[Strip]:
        """The text's rows at ``width``: each text line wrapped once and kept while its
        text, the width and the style stay the same. Textual wraps each line of a text on
        its own, so the rows are those of the whole text; each carries the place of its
        characters in the text (for selecting with the mouse). A selection is drawn whole,
        as Textual draws a Static's text."""
        style = self.visual_style
        if self._rows is not None and self._rows_for == (width, style):
            return self._rows
        if self.text_selection is not None:
            rows = Visual.to_strips(self, visualize(self, self.content, markup=False), width,
                                    None, style)
        else:
            kept = self._lines if self._lines_for == (width, style) else {}
            fresh: dict[tuple[object, ...], list[Strip]] = {}
            rows = []
            for y, (key, line) in enumerate(self._split()):
                got = fresh.get(key) or kept.get(key)
                if got is None:
                    got = Visual.to_strips(self, visualize(self, line, markup=False), width,
                                           None, style)
                fresh[key] = got
                rows.extend(got if y == 0 else (_on_line(strip, y) for strip in got))
            self._lines, self._lines_for = fresh, (width, style)
        self._rows, self._rows_for = rows, (width, style)
        return rows

    def _split(self) -> list[tuple[tuple[object, ...], Text]]:
        """The text's lines, each with what identifies it (split once per text shown)."""
        text = self.content
        if self._split_of is not text:
            self._split_lines = [((line.plain, tuple(line.spans), line.style), line)
                                 for line in text.split("\n", allow_blank=True)]
            self._split_of = text
        return self._split_lines


def _on_line(strip: Strip, y: int) -> Strip:
    """``strip`` (rendered as the text's first line) as line ``y`` of the text."""
    segments = list(strip)
    first = segments[0].style if segments else None
    offset = first.meta.get("offset") if first is not None else None
    if offset is None:
        return strip
    return strip.apply_offsets(offset[0], y)
