"""Open the rules search, a topic, or the reference pane from any screen.

The screens themselves live in tui/screens/search.py (SearchScreen) and
tui/widgets/reference_pane.py (ReferencePane); this module only finds the library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.screen import Screen

if TYPE_CHECKING:
    from references.library import Library


def library_of(app: App[Any]) -> Library | None:
    """The app's rules library (opened on first use), or None with a message shown."""
    library = getattr(app, "library", None)
    if library is not None:
        return library
    try:
        from references.errors import LibraryError
        from references.library import Library
    except ImportError:
        app.notify("Rules search is not available in this build.", severity="warning")
        return None
    try:
        library = Library.open(app.data_dir)  # type: ignore[attr-defined]
    except (LibraryError, OSError) as err:
        app.notify(str(err), title="Rules library", severity="error")
        return None
    app.library = library  # type: ignore[attr-defined]
    return library


def open_search(app: App[Any], game: str | None, query: str = "") -> None:
    library = library_of(app)
    if library is None:
        return
    from tui.screens.search import SearchScreen

    app.push_screen(SearchScreen(library, game=game, query=query))


def open_topic(app: App[Any], game: str, topic: str) -> None:
    """Open the section that governs ``topic`` (built-in card first, then the rulebook's)."""
    library = library_of(app)
    if library is None:
        return
    from references.errors import LibraryError

    try:
        sections = library.topic(game, topic)
    except LibraryError as err:  # a game without a card, or a topic the card lacks
        app.notify(str(err), title="No rule to show", severity="warning")
        return
    if not sections:
        app.notify(f"No reference section for {topic!r} yet.", severity="warning")
        return
    from tui.screens.search import SearchScreen

    app.push_screen(SearchScreen(library, game=game, section_id=sections[0].id,
                                 related=[s.id for s in sections[1:]]))


def toggle_reference_pane(screen: Screen[Any], game: str, topic: str | None) -> None:
    """Show or hide the reference pane beside the trackers."""
    library = library_of(screen.app)
    if library is None:
        return
    from tui.widgets.reference_pane import ReferencePane

    holder = screen.query_one("#reference")
    if holder.has_class("hidden"):
        if not holder.children:
            holder.mount(ReferencePane(library, game))
        holder.remove_class("hidden")
        holder.query_one(ReferencePane).show_topic(topic)
    else:
        holder.add_class("hidden")
