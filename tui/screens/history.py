"""The whole history list: pick any point to jump back (or forward) to it."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from tableside.api import OpenSession
from tui.widgets.log_panel import LogPanel


class HistoryScreen(ModalScreen[int | None]):
    """Dismisses with the chosen head (0 = the setup), or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="history.cancel",
                        tooltip="Close the history"),
                Binding("x", "dismiss_damage", "Dismiss warnings", id="history.dismiss",
                        tooltip="Say no more of the damage found in this game's files (it "
                        "stays on record)")]

    def __init__(self, play: OpenSession) -> None:
        super().__init__()
        self.play = play

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog wide tall"):
            yield Static("History: Enter jumps to the chosen point; later actions can be redone",
                         classes="section-title")
            yield Static(self._warnings(), id="history-warnings", markup=False,
                         classes="warning" + ("" if self.play.warnings else " hidden"))
            yield LogPanel(id="history-list")
            yield Static("", id="table-log", markup=False)

    def on_mount(self) -> None:
        panel = self.query_one(LogPanel)
        panel.show(self.play.history(), self.play.head, latest=None)
        log = self.play.table_log()  # looks, wrong PINs, reveals: never undone, never gone
        self.query_one("#table-log", Static).update(
            "Looks, wrong PINs and reveals:\n" + "\n".join(
                f"  {line.at[11:16]} {line.text}{' (undone)' if line.undone else ''}"
                for line in log) if log else "")
        panel.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or "seq:0"
        self.dismiss(int(option_id.split(":")[1]))

    def _warnings(self) -> str:
        return "\n".join(f"! {w}" for w in self.play.warnings) + (
            "\nx dismisses these once the table has seen them." if self.play.warnings else "")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.play.warnings) if action == "dismiss_damage" else True

    def action_dismiss_damage(self) -> None:
        from tableside.api import TablesideError

        try:
            gone = self.play.dismiss_damage()
        except TablesideError as err:
            self.notify(str(err), severity="error", markup=False)
            return
        box = self.query_one("#history-warnings", Static)
        box.update(self._warnings())
        box.set_class(not self.play.warnings, "hidden")
        self.refresh_bindings()
        self.notify(f"{len(gone)} warning(s) dismissed; they stay on record in the game's "
                    "seal." if gone else "Nothing on record to dismiss.", markup=False)

    def action_cancel(self) -> None:
        self.dismiss(None)
