"""The tracks panel: one line per tracker, highlighted one opens its rule with '?'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.widgets.plain import plain
from tui.widgets.session_view import SessionView

if TYPE_CHECKING:
    from tableside.api import OpenSession


class TracksPanel(SessionView, OptionList):
    """Every piece's one-line summary, then the board values still unset."""

    _listed: list[tuple[str, str]] | None = None  # (id, text) of what is listed now
    board_key = "b"  # the key of the board profile, as the player set it

    def show_session(self, play: OpenSession) -> None:
        """Redraw only the lines whose text changed (most actions move one or two pieces)."""
        game, state = play.game, play.state
        lines = [(f"piece:{name}", piece.summary()) for name, piece in state.pieces.items()]
        unset = [v for v in game.board_values_for(play.setup.mode) if v.key not in state.board]
        if unset:
            lines.append(("board:unset", f"Board values unset: {len(unset)} "
                                         f"(press {self.board_key} to enter them)"))
        old = self._listed
        self._listed = lines
        if old is not None and [i for i, _ in old] == [i for i, _ in lines]:
            for index, ((_, before), (_, after)) in enumerate(zip(old, lines, strict=True)):
                if before != after:
                    self.replace_option_prompt_at_index(index, plain(after))
            return
        highlighted = self.highlighted
        self.clear_options()
        self.add_options([Option(plain(text), id=key) for key, text in lines])
        if highlighted is not None and highlighted < len(lines):
            self.highlighted = highlighted

    def current_piece(self) -> str | None:
        if self.highlighted is None:
            return None
        option = self.get_option_at_index(self.highlighted)
        if option.id and option.id.startswith("piece:"):
            return option.id[6:]
        return None
