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

    def show_session(self, play: OpenSession) -> None:
        game, state = play.game, play.state
        highlighted = self.highlighted
        self.clear_options()
        options = [Option(plain(piece.summary()), id=f"piece:{name}")
                   for name, piece in state.pieces.items()]
        unset = [v for v in game.board_values_for(play.setup.mode) if v.key not in state.board]
        if unset:
            options.append(Option(f"Board values unset: {len(unset)} (press b to enter them)",
                                  id="board:unset"))
        self.add_options(options)
        if highlighted is not None and highlighted < len(options):
            self.highlighted = highlighted

    def current_piece(self) -> str | None:
        if self.highlighted is None:
            return None
        option = self.get_option_at_index(self.highlighted)
        if option.id and option.id.startswith("piece:"):
            return option.id[6:]
        return None
