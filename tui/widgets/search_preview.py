"""A whole section as Markdown, the words the query matched marked, scrolled to the first one."""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Markdown, Static
from textual.widgets.markdown import MarkdownBlock

from references.model import MARK_CLOSE, MARK_OPEN, Section
from tui.widgets.search_results import HIT_STYLE, place

_MARKED = re.compile(re.escape(MARK_OPEN) + r"[^" + re.escape(MARK_CLOSE) + r"\n]*"
                     + re.escape(MARK_CLOSE))


def section_markdown(section: Section) -> str:
    """The section headed by its title, each matched word between « »."""
    body = section.marked_body(MARK_OPEN, MARK_CLOSE)
    return f"# {section.title}\n\n{body}".rstrip() + "\n"


def stress_marks(widget: Static) -> bool:
    """Draw every «word» in the widget in HIT_STYLE too; True if it holds any."""
    content = widget.content
    if not isinstance(content, Content) or MARK_OPEN not in content.plain:
        return False
    for match in _MARKED.finditer(content.plain):
        content = content.stylize(HIT_STYLE, match.start(), match.end())
    if isinstance(widget, MarkdownBlock):
        widget.set_content(content)
    else:
        widget.update(content)
    return True


class SectionPreview(VerticalScroll, can_focus=True):
    """Where the section sits (book > chapter > section), then the section itself."""

    DEFAULT_CSS = """
    SectionPreview {
        height: 1fr;
    }
    SectionPreview > .preview-where {
        color: $text-muted;
        padding: 0 1;
        height: auto;
    }
    SectionPreview > Markdown {
        padding: 0 1;
    }
    """

    def __init__(self, *, show_where: bool = True, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.show_where = show_where
        self.section: Section | None = None
        self._where = Static("", classes="preview-where", markup=False)
        self._body = Markdown("")
        self._first_hit: Static | None = None
        self._pending = False  # a scroll to the first hit waits for the pane to show

    def compose(self) -> ComposeResult:
        yield self._where
        yield self._body

    async def show(self, section: Section | None, empty: str = "") -> None:
        """Show the section (or the `empty` text when there is none) and go to its first hit."""
        self.section = section
        self._first_hit = None
        if section is None:
            self._where.update(empty)
            await self._body.update("")
            return
        self._where.display = self.show_where
        self._where.update(place(section.game, section.path, section.source))
        await self._body.update(section_markdown(section))
        for block in self._body.query(Static):
            if stress_marks(block) and self._first_hit is None:
                self._first_hit = block
        self.scroll_home(animate=False, immediate=True)
        self._pending = True
        self.call_after_refresh(self.go_to_first_hit)

    def go_to_first_hit(self) -> None:
        """Scroll so the first marked word is at the top; wait if the pane is hidden."""
        if not self.region:  # hidden (a narrow screen shows the list): when it shows
            self._pending = True
            return
        self._pending = False
        if self._first_hit is not None and self._first_hit.is_attached:
            self.scroll_to_widget(self._first_hit, animate=False, top=True, immediate=True)

    def on_resize(self) -> None:
        if self._pending:
            self.call_after_refresh(self.go_to_first_hit)

    @property
    def shown_text(self) -> str:
        """What the preview shows, as plain text (for tests and screen readers)."""
        parts = [str(self._where.content)]
        for block in self._body.query(Static):
            content = block.content
            parts.append(content.plain if isinstance(content, Content) else str(content))
        return "\n".join(parts)
