"""The reference pane a game screen shows beside its trackers (key t).

With a topic it shows the built-in card's section for it, and a line naming the imported
rulebook's section on the same thing when the library has one (? opens both in the search).
Without a topic it lists the game's card contents; Enter on a line shows that section.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from references.errors import LibraryError
from references.games import GAMES
from references.library import Library
from references.model import Section
from tui.widgets.search_preview import SectionPreview
from tui.widgets.search_results import where


class ReferencePane(Vertical):
    """The game's reference card, one section at a time, or its contents."""

    DEFAULT_CSS = """
    ReferencePane {
        height: auto;
        min-height: 10;
    }
    ReferencePane > #ref-title {
        text-style: bold;
        color: $text-accent;
        height: auto;
        padding: 0 1;
    }
    ReferencePane > #ref-contents {
        height: auto;
        max-height: 20;
        border: none;
    }
    ReferencePane > SectionPreview {
        height: auto;
    }
    ReferencePane > #ref-rulebook {
        height: auto;
        padding: 0 1;
        border-top: solid $primary 50%;
        color: $text-muted;
    }
    """

    def __init__(self, library: Library, game: str, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.library = library
        self.game = game
        self.topic: str | None = None
        self.section: Section | None = None
        self.rulebook_section: Section | None = None
        self._ready = False

    def compose(self) -> ComposeResult:
        yield Static("", id="ref-title", markup=False)
        yield OptionList(id="ref-contents")
        yield SectionPreview(show_where=False, id="ref-section")
        yield Static("", id="ref-rulebook", markup=False)

    def on_mount(self) -> None:
        self._ready = True
        self.show_topic(self.topic)

    def show_topic(self, topic: str | None) -> None:
        """The card section for `topic` (and a line for the rulebook's), or the card contents."""
        self.topic = topic
        if not self._ready:  # just mounted: on_mount shows it once the parts exist
            return
        if self.game not in GAMES:
            self._message(f"{self.game} has no reference card.")
            return
        if topic is None:
            self.show_contents()
            return
        try:
            sections = self.library.topic(self.game, topic)
        except LibraryError as err:
            self.show_contents()
            self.query_one("#ref-title", Static).update(f"{err}")
            return
        self._show(sections[0], sections[1] if len(sections) > 1 else None)

    def show_contents(self) -> None:
        """The game's reference card contents, to pick a section from."""
        card = next((b for b in self.library.cards() if b.game == self.game), None)
        if card is None:
            self._message(f"{GAMES.get(self.game, self.game)} has no reference card yet.")
            return
        self.section = self.rulebook_section = None
        self.query_one("#ref-title", Static).update(f"{card.title}: contents (Enter reads)")
        contents = self.query_one("#ref-contents", OptionList)
        contents.clear_options()
        contents.add_options([Option("  " * (e.level - 1) + e.title, id=f"section:{e.section_id}")
                              for e in self.library.toc(card.id)])
        contents.display = True
        self.query_one("#ref-section", SectionPreview).display = False
        self.query_one("#ref-rulebook", Static).update("")

    @on(OptionList.OptionSelected, "#ref-contents")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        if option_id.startswith("section:"):
            try:
                section = self.library.section(int(option_id.split(":", 1)[1]))
            except LibraryError as err:
                self._message(str(err))
                return
            self._show(section, None)

    def _show(self, section: Section, rulebook: Section | None) -> None:
        self.section, self.rulebook_section = section, rulebook
        self.query_one("#ref-title", Static).update(f"Rule: {section.title}")
        self.query_one("#ref-contents", OptionList).display = False
        preview = self.query_one("#ref-section", SectionPreview)
        preview.display = True
        self.run_worker(preview.show(section), exclusive=True, group="reference")
        line = ""
        if rulebook is not None:
            line = (f"Your rulebook: {where(rulebook.path)}. "
                    "Press ? to open it with this card.")
        self.query_one("#ref-rulebook", Static).update(line)

    def _message(self, text: str) -> None:
        self.section = self.rulebook_section = None
        self.query_one("#ref-title", Static).update(text)
        self.query_one("#ref-contents", OptionList).display = False
        self.query_one("#ref-section", SectionPreview).display = False
        self.query_one("#ref-rulebook", Static).update("")
