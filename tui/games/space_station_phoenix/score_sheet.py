"""The Space Station Phoenix end-game score calculator: a sheet typed with few keys, live.

Players are columns and the rows are the inputs of each scoring category with the category's
result below them (``score_form.ROWS``). Arrow keys move, digits type (the first digit replaces
the cell), Enter goes to the next input, Backspace deletes. Every change rescores the sheet; a
bad cell shows the problem naming the player and the row, and only the columns it touches wait
("?") while the others keep their scores.

Nothing typed is lost: every change is saved as a draft (with the session when the sheet
belongs to one, else as Home's sheet) and comes back when the sheet is opened again; leaving a
changed sheet asks first. The sheet exports to a file that ``l`` (and ``tableside score
phoenix``) read back.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from tableside.api import OpenSession, Tableside, TablesideError
from tableside.files import FileRefused, read_capped
from trackers.engine import ActionError
from trackers.games.space_station_phoenix.plurality import join_names
from trackers.games.space_station_phoenix.score_export import (
    breakdown_arg,
    stacked_bars,
    to_csv,
    to_markdown,
)
from trackers.games.space_station_phoenix.score_form import (
    ROWS,
    Evaluation,
    Row,
    ScoreForm,
    describe_input,
    explain,
    unused_by_hub,
)
from trackers.games.space_station_phoenix.score_input import (
    parse_score_sheet,
    sheet_to_data,
)
from trackers.games.space_station_phoenix.scoring import ScoreResult, ScoreSheet
from tui.games.space_station_phoenix.bars import ScoreBars
from tui.screens.confirm import ConfirmScreen, TextPromptScreen
from tui.widgets.keys_footer import KeysFooter

CSS_FILE = str(Path(__file__).with_name("phoenix.tcss"))
COLUMN_WIDTH = 10
MAX_TYPED = {"signed": 5, "int": 3, "optional": 3, "hub": 4, "level3": 3}
SHORT_SCREEN = 30  # rows: below this the score bars give their lines to the grid
RULING_WORDS = {None: "unset", True: "yes", False: "no"}
ARROWS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
HOME_DRAFT = "phoenix-score"  # the sheet opened from Home, not tied to a session
SHEET_FILE_CAP = 1024 * 1024  # a score sheet is a few KB


def _right(text: str, style: str = "") -> Text:
    # Numbers line up on the right; DataTable does not apply a Text's own justify.
    return Text(text.rjust(COLUMN_WIDTH), style=style)


def read_sheet_file(path: Path) -> object:
    """A score sheet file's data (.toml as TOML, else JSON); FileRefused or ValueError
    (bad JSON/TOML, not UTF-8) say why not."""
    raw = read_capped(path, SHEET_FILE_CAP)
    text = raw.decode("utf-8-sig")
    if path.suffix.lower() == ".toml":
        return tomllib.loads(text)
    return json.loads(text)


def winner_text(result: ScoreResult) -> str:
    """"Winner: Connor, 159" (plus how a tie was broken); "Shared win: ..." for a shared one."""
    best = max(p.total.points for p in result.players)
    if len(result.winners) == 1:
        tail = "" if result.winner_why.startswith("highest total") else f" ({result.winner_why})"
        return f"Winner: {result.winners[0]}, {best}{tail}"
    return f"Shared win: {join_names(list(result.winners))}, {best} ({result.winner_why})"


class ScoreSheetScreen(Screen[None]):
    """Score a finished game; ``prefill`` fills in what a session already knows."""

    CSS_PATH = CSS_FILE
    BINDINGS = [
        Binding("n", "add_player", "Add", id="phoenix_score.add"),
        Binding("e", "rename", "Rename", id="phoenix_score.rename"),
        Binding("d", "remove_player", "Remove", id="phoenix_score.remove"),
        Binding("o", "toggle_occupied", "Occupied", id="phoenix_score.occupied"),
        Binding("x", "export", "Export", id="phoenix_score.export"),
        Binding("l", "load", "Load file", id="phoenix_score.load"),
        Binding("c", "clear", "New sheet", id="phoenix_score.clear"),
        Binding("r", "record", "Record", id="phoenix_score.record"),
        Binding("escape", "back", "Back", id="phoenix_score.back"),
    ]

    def __init__(self, prefill: ScoreSheet | None = None, *, draft: str = HOME_DRAFT,
                 play: OpenSession | None = None) -> None:
        super().__init__()
        self.prefill = prefill
        self.play = play  # the session these scores end, if any: r records them in it
        self.draft_name = draft
        self.form = ScoreForm.from_sheet(prefill) if prefill is not None else ScoreForm.blank()
        self._opened_with = self.form.to_data()  # "changed" means changed since it opened
        self.evaluation = Evaluation(None, (), ())
        self.result: ScoreResult | None = None  # the last sheet that could be scored
        self._fresh = True  # the next digit replaces the cell instead of adding to it
        self._cursor = Coordinate(0, 0)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        yield DataTable(id="phx-sheet", cursor_type="cell", zebra_stripes=True)
        yield Static("", id="phx-explain")
        with VerticalScroll(id="phx-notes-box", can_focus=False):  # many notes scroll
            yield Static("", id="phx-notes")
        yield Static("", id="phx-winner")
        yield ScoreBars(id="phx-bars")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = "Space Station Phoenix: final score"
        self.sub_title = "type digits, Enter: next"
        kept = self._tables_draft()
        if kept is not None and kept != self.form:
            self.form = kept
            self._opened_with = kept.to_data()
            self.notify("Your sheet is back as you left it (c starts a new one).",
                        title="Score sheet")
        self._rescore()
        self._build_table()
        self._show_explanation()
        self.query_one("#phx-sheet", DataTable).focus()

    # --- the grid --------------------------------------------------------------------------
    @property
    def table(self) -> DataTable[Text]:
        return self.query_one("#phx-sheet", DataTable)

    def _build_table(self) -> None:
        table = self.table
        keep = table.cursor_coordinate
        table.clear(columns=True)
        for index, name in enumerate(self.form.names):
            table.add_column(Text(name), width=COLUMN_WIDTH, key=f"player{index}")  # as typed
        for row in ROWS:
            cells = [self._cell(index, row) for index in range(len(self.form.names))]
            table.add_row(*cells, key=row.key, label=Text(row.label))
        table.cursor_coordinate = Coordinate(keep.row, min(keep.column, len(self.form.names) - 1))

    def _cell(self, player: int, row: Row) -> Text:
        if row.is_input:
            bad = any(p.player == player and p.row == row.key for p in self.evaluation.problems)
            text = self.form.cell_text(player, row.key)
            return _right(text + (" !" if bad else ""))
        # only a column a problem touches waits ("?"): the others keep scoring
        result = self.evaluation.column_known(player)
        if result is None or len(result.players) != len(self.form.names):
            return _right("?")
        scored = result.players[player]
        if row.category == "total":
            mark = "*" if scored.name in result.winners else ""
            return _right(f"{scored.total.points}{mark}", style="bold")
        return _right(str(scored.cell(row.category).points))

    def _refresh_cells(self) -> None:
        table = self.table
        for r, row in enumerate(ROWS):
            for c in range(len(self.form.names)):
                table.update_cell_at(Coordinate(r, c), self._cell(c, row))

    def _here(self) -> tuple[int, Row]:
        coordinate = self.table.cursor_coordinate
        return coordinate.column, ROWS[coordinate.row]

    # --- scoring and the lines below the grid ----------------------------------------------
    def _rescore(self) -> None:
        self.evaluation = self.form.evaluate()
        if self.evaluation.result is not None:
            self.result = self.evaluation.result
        notes = self.query_one("#phx-notes", Static)
        lines = [f"! {p.text}" for p in self.evaluation.problems]
        lines += list(self.evaluation.unset)
        # every note (the box scrolls past 3 lines); names as typed: never read as markup
        notes.update(Text("\n".join(lines)))
        self.query_one("#phx-notes-box").display = bool(lines)
        notes.set_class(bool(self.evaluation.problems), "error")
        winner = "" if self.result is None else winner_text(self.result)
        if winner and self.has_class("short") and self.result is not None:
            # the bars are put away on a short screen: every total stays in sight here
            others = [p for p in self.result.players if p.name not in self.result.winners]
            if others:
                winner += "; " + ", ".join(f"{p.name} {p.total.points}" for p in others)
        if self.evaluation.problems and winner:
            winner = f"Unchanged until fixed: {winner}"
        self.query_one("#phx-winner", Static).update(Text(winner))
        bars = stacked_bars(self.result) if self.result is not None else ()
        if len(bars) != len(self.form.names):
            bars = ()
        self.query_one("#phx-bars", ScoreBars).show(bars)

    def _changed(self) -> None:
        self._rescore()
        self._refresh_cells()
        self._show_explanation()
        self._keep()
        # the notes may have grown and the grid shrunk under the cursor: keep it in sight
        self.call_after_refresh(self._cursor_in_view)

    def _cursor_in_view(self) -> None:
        self.table.move_cursor(animate=False)  # where it is: scrolled into view

    def on_resize(self, event: events.Resize) -> None:
        """Under SHORT_SCREEN rows the bars and their legend give way to the grid (at 80x24
        they took 5 of its rows); the winner line then lists every total."""
        short = event.size.height < SHORT_SCREEN
        if short != self.has_class("short"):
            self.set_class(short, "short")
            self._rescore()

    # --- the draft ---------------------------------------------------------------------------
    def _table(self) -> Tableside | None:
        table = getattr(self.app, "table", None)
        return table if isinstance(table, Tableside) else None

    def _tables_draft(self) -> ScoreForm | None:
        table = self._table()
        if table is None:
            return None
        try:
            return ScoreForm.from_data(table.draft(self.draft_name))
        except TablesideError as err:
            self.notify(f"The saved sheet could not be read: {err}", severity="warning",
                        markup=False)
            return None

    def _keep(self) -> None:
        """Save what is typed now, so a stray Escape or a crash loses nothing."""
        table = self._table()
        if table is None:
            return
        try:
            table.save_draft(self.draft_name, self.form.to_data())
        except TablesideError as err:
            self.notify(f"The sheet could not be saved: {err}", severity="error", markup=False)

    @property
    def changed(self) -> bool:
        return self.form.to_data() != self._opened_with

    def _show_explanation(self) -> None:
        player, row = self._here()
        name = self.form.names[player]
        label = row.label.lstrip("= ").strip()
        if row.is_input:
            text = f"{name}, {label}: {describe_input(self.form, player, row)}"
        elif (known := self.evaluation.column_known(player)) is None \
                or len(known.players) != len(self.form.names):
            text = f"{name}, {label}: fix the problems below to score"
        else:
            text = f"{name}, {label}: {explain(self.form, known, player, row)}"
        self.query_one("#phx-explain", Static).update(Text(text))

    @on(DataTable.CellHighlighted, "#phx-sheet")
    def _moved(self, event: DataTable.CellHighlighted) -> None:
        if event.coordinate != self._cursor:
            self._cursor = event.coordinate
            self._fresh = True
        self._show_explanation()

    # --- typing ----------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        if self.focused is not self.table:
            return
        player, row = self._here()
        if event.key == "enter":
            self._next_input()
        elif event.key in ARROWS:
            # Moved here, at once, rather than by the table's binding (an action run later):
            # a digit typed right after an arrow must land in the cell the arrow went to.
            r, c = self.table.cursor_coordinate
            dr, dc = ARROWS[event.key]
            self.table.cursor_coordinate = Coordinate(max(0, min(len(ROWS) - 1, r + dr)),
                                                      max(0, min(len(self.form.names) - 1,
                                                                 c + dc)))
        elif event.key == "o" and row.kind == "level3":
            # Toggled here, at once, rather than by the o binding (an action run after the keys
            # already queued): "308 o Enter" typed fast marks 308, not the next cell.
            self.action_toggle_occupied()
        elif not row.is_input or not self._edit(player, row, event):
            return
        event.stop()
        event.prevent_default()

    def _edit(self, player: int, row: Row, event: events.Key) -> bool:
        """Apply one key to the cell; False when the key is not for the cell."""
        here = self.table.cursor_coordinate
        if here != self._cursor:
            # The cursor moved (Enter, an arrow) and its highlight message is still queued
            # behind this key: the first digit in a new cell replaces it, however fast typed.
            self._cursor, self._fresh = here, True
        texts = self.form.texts[player]
        text = texts[row.key]
        char = event.character or ""
        if char.isdigit():
            if row.kind == "hub" and (self._fresh or not text):
                self.notify("Station Hub: type a or b first, then its number (b5 is B-5)",
                            severity="warning")
                return True
            text = char if self._fresh else text + char
            text = text[: MAX_TYPED[row.kind]]
        elif event.key == "backspace":
            text = "" if row.kind == "hub" and text.endswith("-") else text[:-1]
        elif event.key == "delete":
            text = ""
        elif event.key == "minus" and row.kind == "signed":
            text = text[1:] if text.startswith("-") else "-" + text
        elif row.kind == "hub" and event.key in ("a", "b"):
            text = event.key.upper() + "-"
        else:
            return False
        self._fresh = False
        texts[row.key] = text
        self._changed()
        return True

    def _next_input(self) -> None:
        """Enter: the next input down this column; after the last, the next player's first."""
        table = self.table
        row, column = table.cursor_coordinate
        inputs = [i for i, r in enumerate(ROWS) if r.is_input]
        # rows this column's Hub does not use are passed by (B-5: no Ships left to fill)
        later = [i for i in inputs if i > row and not unused_by_hub(self.form, column, ROWS[i])]
        if later:
            target = Coordinate(later[0], column)
        else:
            target = Coordinate(inputs[0], (column + 1) % len(self.form.names))
        table.cursor_coordinate = target  # the table scrolls the cursor into view

    # --- players ---------------------------------------------------------------------------
    def action_add_player(self) -> None:
        if len(self.form.names) >= 4:
            self.notify("At most 4 players.", severity="warning")
            return
        self.app.push_screen(TextPromptScreen("New player's name",
                                              f"Player {len(self.form.names) + 1}"),
                             self._added)

    def _added(self, name: str | None) -> None:
        if name is None:
            return
        problem = self.form.name_problem(None, name)
        if problem:
            self.notify(f"Not added: {problem}", severity="error", markup=False)
            return
        self.form.add_player(name.strip())
        self._restructure(column=len(self.form.names) - 1)
        self._keep()

    def action_rename(self) -> None:
        player, _ = self._here()

        def renamed(name: str | None) -> None:
            if name is None:
                return
            problem = self.form.name_problem(player, name)
            if problem:  # what was typed comes back, with why, to be corrected
                self.notify(f"Not renamed: {problem}", severity="error", markup=False)
                self.app.push_screen(TextPromptScreen(
                    f"New name for {self.form.names[player]} ({problem})", name), renamed)
                return
            self.form.names[player] = name.strip()
            self._restructure(column=player)
            self._keep()

        self.app.push_screen(TextPromptScreen(f"New name for {self.form.names[player]}",
                                              self.form.names[player]), renamed)

    def action_remove_player(self) -> None:
        player, _ = self._here()
        if len(self.form.names) <= 2:
            self.notify("At least 2 players.", severity="warning")
            return
        name = self.form.names[player]

        def answer(yes: bool | None) -> None:
            if yes:
                self.form.remove_player(player)
                self.result = None
                self._restructure(column=max(0, player - 1))
                self._keep()

        self.app.push_screen(ConfirmScreen(f"Remove {name} and their column?"), answer)

    def _restructure(self, column: int) -> None:
        self._rescore()
        self._build_table()
        self.table.cursor_coordinate = Coordinate(self.table.cursor_row, column)
        self._show_explanation()

    def action_toggle_occupied(self) -> None:
        player, row = self._here()
        if row.kind != "level3" or not self.form.texts[player][row.key]:
            self.notify("o marks a Level-3 Sector occupied or empty: go to a Level-3 Sector row "
                        "with a number first.", severity="warning")
            return
        self.form.toggle_occupied(player, row.key)
        self._changed()

    def _cycle_ruling(self, setting: str) -> None:
        now = getattr(self.form.settings, setting)
        following = {None: True, True: False, False: None}[now]
        self.form.with_settings(**{setting: following})
        self._changed()
        self.notify(f"Ruling now: {RULING_WORDS[following]}")

    # --- export and load ---------------------------------------------------------------------
    def action_export(self) -> None:
        """Write the sheet (a file ``l`` reads back) and its result as Markdown and CSV into
        the data folder's exports/."""
        result, sheet = self.evaluation.result, self.evaluation.sheet
        if result is None or sheet is None:
            first = self.evaluation.problems[0].text if self.evaluation.problems else "no result"
            self.notify(f"Nothing exported: fix the sheet first ({first})", severity="error",
                        markup=False)
            return
        base = getattr(self.app, "data_dir", None)
        if base is None:
            self.notify("Nothing exported: this app has no data folder", severity="error")
            return
        folder = Path(base) / "exports"
        stem = f"phoenix-score-{datetime.now():%Y%m%d-%H%M%S}"
        data, markdown, csv = (folder / f"{stem}.{end}" for end in ("json", "md", "csv"))
        try:
            folder.mkdir(parents=True, exist_ok=True)
            data.write_text(json.dumps(sheet_to_data(sheet), indent=1), encoding="utf-8")
            markdown.write_text("# Space Station Phoenix: final score\n\n"
                                + to_markdown(result, explain=True), encoding="utf-8")
            csv.write_text(to_csv(result), encoding="utf-8", newline="")
        except OSError as err:
            self.notify(f"Nothing exported: {folder}: {err.strerror or err}", severity="error",
                        markup=False)
            return
        self._opened_with = self.form.to_data()  # saved as a file: leaving need not ask
        message = f"Exported: {data} (l loads it back), {markdown.name} and {csv.name}"
        self.query_one("#phx-explain", Static).update(Text(message))
        self.notify(message, title="Exported", timeout=8, markup=False)

    def action_load(self) -> None:
        """Load a sheet file (an export, or one written by hand) in place of this sheet; a
        changed sheet asks first, as a new sheet does, and so does a game's own sheet (its
        players would give way to the file's, which r could then record as its result)."""
        def prompt() -> None:
            self.app.push_screen(TextPromptScreen("Score sheet file to load (.json or .toml)",
                                                  self._latest_export()), self._load_from)

        if not self.changed and self.play is None:
            prompt()
            return
        question = ("Load a file in place of this game's sheet?" if self.play is not None
                    else "Load a file in place of this sheet?")
        self.app.push_screen(ConfirmScreen(question), lambda yes: prompt() if yes else None)

    def _latest_export(self) -> str:
        """The newest sheet exported into the data folder (x), offered in the load prompt so
        nobody has to type a long path; empty when there is none."""
        base = getattr(self.app, "data_dir", None)
        if base is None:
            return ""
        try:
            found = sorted((Path(base) / "exports").glob("phoenix-score-*.json"))
        except OSError:
            return ""
        return str(found[-1]) if found else ""

    def _load_from(self, typed: str | None) -> None:
        if not typed or not typed.strip():
            return
        path = Path(typed.strip()).expanduser()
        try:
            data = read_sheet_file(path)
            sheet = parse_score_sheet(data)
        except (FileRefused, ValueError) as err:  # a ScoreInputError lists every problem
            self.notify(str(err), title="Not loaded", severity="error", markup=False,
                        timeout=12)
            return
        self.form = ScoreForm.from_sheet(sheet)
        self._restructure(column=0)
        self._keep()
        self.notify(f"Loaded {path.name}.", markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "record":
            return self.play is not None
        return True

    def action_record(self) -> None:
        """Keep these totals (and the winners the tie-breaks name) as the game's result."""
        result = self.evaluation.result
        if self.play is None:
            return
        if result is None:
            first = self.evaluation.problems[0].text if self.evaluation.problems else "no result"
            self.notify(f"Not recorded: fix the sheet first ({first})", severity="error",
                        markup=False)
            return
        scores = ", ".join(f"{p.name}={p.total.points}" for p in result.players)
        try:
            notes = self.play.do("record_final_scores", scores=scores,
                                 winners=", ".join(result.winners),
                                 breakdown=breakdown_arg(result))
        except (ActionError, TablesideError) as err:
            self.notify(f"Not recorded: {err}", severity="error", markup=False)
            return
        self._opened_with = self.form.to_data()  # recorded in the game: leaving need not ask
        self.notify(notes[0].text if notes else "Recorded.", title="In the game's log",
                    markup=False)

    def action_clear(self) -> None:
        """Start a new sheet (the one typed so far is discarded: asks first)."""

        def answer(yes: bool | None) -> None:
            if yes:
                self.form = (ScoreForm.from_sheet(self.prefill) if self.prefill is not None
                             else ScoreForm.blank())
                self.result = None
                self._restructure(column=0)
                self._keep()

        # short enough for the dialog at 80 columns: it does not wrap
        self.app.push_screen(ConfirmScreen("Start a new sheet? This one is discarded."), answer)

    def action_back(self) -> None:
        if not self.changed:
            self.app.pop_screen()
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.app.pop_screen()

        self.app.push_screen(ConfirmScreen("Leave? The sheet is kept for next time."), answer)

    def palette_commands(self) -> Iterable[SystemCommand]:
        yield SystemCommand("Add a player [n]", "A new column (2 to 4 players)",
                            self.action_add_player)
        yield SystemCommand("Rename the player [e]", "The player of the current column",
                            self.action_rename)
        yield SystemCommand("Remove the player [d]", "Remove the current column (asks first)",
                            self.action_remove_player)
        yield SystemCommand("Level-3 Sector occupied or empty [o]",
                            "Its endgame bonus counts only while occupied",
                            self.action_toggle_occupied)
        yield SystemCommand("Export the sheet, Markdown and CSV [x]",
                            "Into the data folder's exports/", self.action_export)
        yield SystemCommand("Load a sheet file [l]", "A sheet exported earlier or written "
                            "by hand (.json or .toml)", self.action_load)
        yield SystemCommand("New sheet [c]", "Discard this sheet and start again (asks)",
                            self.action_clear)
        for setting, words in (("sector_315_copies_b4", "Sector 315 copies Hub B-4's bonus"),
                               ("free_sectors_count_as_built",
                                "free Sectors count as built for A-6")):
            now = RULING_WORDS[getattr(self.form.settings, setting)]
            yield SystemCommand(f"Ruling: {words} (now {now})",
                                "The rulebook text leaves it open: unset, yes, no",
                                lambda s=setting: self._cycle_ruling(s))
        yield SystemCommand("Back [escape]", "Leave the calculator", self.action_back)

