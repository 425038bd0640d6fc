"""The board profile: printed values the rulebook text does not give, read from your board.

Entered once and saved with the settings, so every later game starts with them; shared
with a group by exporting and importing a file. From a game, a value entered here is also
recorded in that game's log (so undo covers it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from tableside.api import OpenSession, Tableside, TablesideError, game_definition
from trackers.engine import ActionError, BoardValue
from tui.screens.confirm import TextPromptScreen
from tui.screens.form_fields import picked_one
from tui.screens.pick import PickScreen
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.path_text import path_lines
from tui.widgets.plain import plain


def shown(spec: BoardValue, value: Any) -> str:
    """The value as the board reads ("yes", "3-7", "1:2, 3:4"), or "unset"."""
    try:
        return spec.show(value)
    except (TypeError, ValueError, IndexError, KeyError):  # an odd stored value: as it is
        return str(value)


class BoardProfileScreen(Screen[None]):
    """Every board value of one game: where to look on the board, and what you entered."""

    BINDINGS = [
        Binding("enter", "edit", "Enter value", id="profile.edit",
                tooltip="Enter the highlighted value"),
        Binding("a", "accept_defaults", "Defaults", id="profile.defaults",
                tooltip="Accept the public defaults for the values not entered yet"),
        Binding("delete", "clear", "Clear", id="profile.clear",
                tooltip="Clear the highlighted value"),
        Binding("e", "export", "Export", id="profile.export",
                tooltip="Export the board profile to a file to share"),
        Binding("i", "import_file", "Import", id="profile.import",
                tooltip="Import a board profile file"),
        Binding("escape", "back", "Back", id="profile.back", tooltip="Back"),
    ]

    def __init__(self, table: Tableside, game: str, play: OpenSession | None = None) -> None:
        super().__init__()
        self.table = table
        self.game = game_definition(game)
        self.play = play
        # in a game, its play mode's values (a standard game's, not the solo board's)
        self.values: list[BoardValue] = list(
            self.game.board_values if play is None else self.game.board_values_for(
                play.setup.mode))

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="profile-body"):
            yield Static(f"Board profile: {self.game.title}", classes="section-title")
            yield Static("Values the rulebook text does not give. Read each from your own "
                         "board; the app never guesses them.", classes="hint")
            yield Static("", id="profile-defaults", classes="hint", markup=False)
            yield DataTable(id="profile", cursor_type="row", zebra_stripes=True)
            yield Static("", id="profile-detail", markup=False)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = "Board profile"
        grid = self.query_one("#profile", DataTable)
        grid.add_columns("Value (Enter edits)", "Now")
        self.refresh_rows()
        grid.focus()

    def current_values(self) -> dict[str, Any]:
        if self.play is not None:
            return dict(self.play.state.board)
        return self.table.board_profile(self.game.id)

    def missing_defaults(self) -> dict[str, Any]:
        """The published defaults for values this profile (or game) does not hold yet."""
        values, listed = self.current_values(), {v.key for v in self.values}
        return {k: v for k, v in self.game.board_defaults.items()
                if k not in values and k in listed}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "accept_defaults":
            return bool(self.missing_defaults())  # the key shows only when it would do something
        return True

    def refresh_rows(self) -> None:
        grid = self.query_one("#profile", DataTable)
        row = grid.cursor_row
        grid.clear()
        values = self.current_values()
        for spec in self.values:
            label = spec.label if len(spec.label) <= 58 else spec.label[:57] + "…"
            now = shown(spec, values.get(spec.key))
            grid.add_row(plain(label), plain(now if len(now) <= 18 else now[:17] + "…"),
                         key=spec.key)
        unset = sum(1 for v in self.values if v.key not in values)
        detail = self.query_one("#profile-detail", Static)
        if not self.values:
            detail.update(f"{self.game.title} needs no board values.")
        else:
            detail.update(f"{unset} of {len(self.values)} unset. Enter edits the highlighted "
                          "value.")
        missing = self.missing_defaults()
        self.query_one("#profile-defaults", Static).update(
            f"a: accept {len(missing)} public default value{'s' if len(missing) != 1 else ''} "
            f"({self.game.board_defaults_note})" if missing else "")
        if self.values:
            grid.move_cursor(row=min(max(row, 0), len(self.values) - 1))
        self.refresh_bindings()

    def selected(self) -> BoardValue | None:
        grid = self.query_one("#profile", DataTable)
        if not self.values or grid.cursor_row < 0:
            return None
        return self.values[grid.cursor_row]

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        spec = self.selected()
        if spec is not None:
            now = shown(spec, self.current_values().get(spec.key))
            self.query_one("#profile-detail", Static).update(plain(
                f"{spec.label}\nNow: {now}\nLook at: {spec.look_at}\nGive {spec.allowed()}."))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_edit()

    # --- actions ---------------------------------------------------------------------
    def action_edit(self) -> None:
        """Edit by kind: yes/no and labels are picked from a list; numbers, ranges and
        pairs are typed as the board reads them."""
        spec = self.selected()
        if spec is None:
            return
        now = self.current_values().get(spec.key)

        def entered(raw: str | None) -> None:
            if raw is None or not raw.strip():
                return
            self.enter(spec, raw)

        if spec.kind in ("bool", "label") and picked_one(spec):
            choices = [("yes", "yes"), ("no", "no")] if spec.kind == "bool" else [
                (label, label) for label in spec.labels]
            self.app.push_screen(PickScreen(f"{spec.label} (look at: {spec.look_at})",
                                            choices), entered)
            return
        prompt = f"{spec.label}\n(look at: {spec.look_at}; give {spec.allowed()})"
        self.app.push_screen(TextPromptScreen(prompt, "" if now is None else shown(spec, now)),
                             entered)

    def enter(self, spec: BoardValue, raw: str) -> None:
        """Check and save one value: to the profile, and to the open game's log if any."""
        try:
            if self.play is not None:  # kept in the profile by the game itself (any window)
                self.play.do("set_board_value", key=spec.key, value=raw)
            else:
                self.table.set_board_value(self.game.id, spec.key, raw)
        except (ActionError, TablesideError) as err:
            self.notify(f"{err} (nothing was changed)", title=spec.label, severity="error",
                        timeout=10, markup=False)
            return
        self.refresh_rows()

    def action_accept_defaults(self) -> None:
        """Take the published defaults for the values not entered yet, in one key; in a
        game each goes to its log too (undo takes it back)."""
        missing = self.missing_defaults()
        if not missing:
            return
        try:
            if self.play is not None:
                for key, value in missing.items():
                    spec = self.game.board_value(key)
                    self.play.do("set_board_value", key=key, value=spec.show(value))
            self.table.accept_board_defaults(self.game.id)
        except (ActionError, TablesideError) as err:
            self.notify(f"{err} (the defaults were not all taken)", severity="error",
                        timeout=10, markup=False)
        else:
            self.notify(f"Took {len(missing)} public default value"
                        f"{'s' if len(missing) != 1 else ''}: check them against your board.",
                        title="Board profile")
        self.refresh_rows()

    def action_clear(self) -> None:
        spec = self.selected()
        if spec is None:
            return
        if self.play is not None:
            self.notify("In a game a value is taken back with undo (u) on the game screen.",
                        severity="warning")
            return
        try:
            self.table.clear_board_value(self.game.id, spec.key)
        except TablesideError as err:
            self.notify(f"{err} (nothing was changed)", severity="error", markup=False)
        self.refresh_rows()

    def export_path(self) -> Path:
        return Path(self.table.root) / "exports" / f"{self.game.id}-board-profile.json"

    def action_export(self) -> None:
        path = self.export_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            data = self.table.export_board_profile(self.game.id)
            path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        except (OSError, TablesideError) as err:
            reason = getattr(err, "strerror", None) or str(err)
            self.notify(f"{path}: cannot be written ({reason}); check the folder is writable "
                        "and the disk not full.", title="Not exported", severity="error",
                        timeout=10, markup=False)
            return
        self.notify(f"Board profile written to\n{path_lines(path)}", title="Exported", timeout=10,
                    markup=False)

    def action_import_file(self) -> None:
        def chosen(raw: str | None) -> None:
            if raw:
                self.import_from(Path(raw.strip()).expanduser())

        self.app.push_screen(TextPromptScreen("Board profile file to import",
                                              str(self.export_path())), chosen)

    def import_from(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            count = self.table.import_board_profile(self.game.id, data)
        except OSError as err:
            self.notify(f"{path}: cannot be read ({err.strerror})", severity="error",
                        markup=False)
            return
        except (ValueError, UnicodeDecodeError, TablesideError, ActionError) as err:
            self.notify(f"{path}: {err}; nothing was changed", severity="error", timeout=10,
                        markup=False)
            return
        if self.play is not None:
            try:  # into this game too: each value a logged step that undo takes back
                entered = self.play.import_board(self.table.board_profile(self.game.id))
            except ActionError as err:
                self.notify(f"Imported into the profile; this game keeps its own values ({err})",
                            severity="warning", timeout=10, markup=False)
            else:
                changed = sum(1 for n in entered if str(n).startswith("Board value set"))
                values = "value" if count == 1 else "values"
                self.notify(f"Took {count} {values} from {path}; {changed} changed this game "
                            "(undo takes them back).", timeout=10, markup=False)
        else:
            self.notify(f"Took {count} value{'s' if count != 1 else ''} from {path}.",
                        markup=False)
        self.refresh_rows()

    def action_back(self) -> None:
        self.app.pop_screen()
