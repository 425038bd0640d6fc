"""New game: the game, the player count, the way to play, names, title and the options.

A game's options are mounted the first time it is chosen (loading only that game's rules),
then kept, hidden while another game is chosen; a field that appears never takes the focus.
Tab and Enter move between fields before the next key is read, once the form has heard what
the last field changed (tui.screens.form_keys), so keys typed fast land where meant, even
into the player counts of a game chosen a key before; a list answers to its choices' first
letters (tui.widgets.dialog_select).
The form scrolls, so every option is reachable on a small terminal. Left by Escape after
something was typed (the table says keep it) or by closing the app, what was typed comes
back the next time (a draft in the settings, tui.screens.drafts). An error shows beside the
field it is about, in view, with the focus there.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from tableside.api import OpenSession, Tableside, TablesideError
from tableside.voice.choices import default_words
from trackers.engine import ActionError, Game
from trackers.engine.game import Option
from trackers.engine.info import PlayMode
from trackers.games.registry import game_ids, get_game, info
from tui.screens.drafts import (
    ask_keep_or_drop,
    field_value,
    open_at_top,
    read_fields,
    save_quietly,
    show_field_error,
)
from tui.screens.form_keys import FIELD_KEYS, FieldKeys
from tui.widgets.dialog_select import DialogSelect
from tui.widgets.plain import plain
from tui.widgets.tick_box import TickBox
from tui.widgets.typed_input import TypedInput

DRAFT = "new_game"  # the name of the New game form's draft in the settings
FIELD_OF = {"game": "game", "players": "players", "mode": "mode", "names": "names",
            "title": "title"}  # ActionError.field -> the field it is about


def players_label(count: int) -> str:
    return "solo" if count == 1 else f"{count} players"


def option_widgets(game: Game, option: Option) -> list[Any]:
    """The widgets for one option of one game (ids carry the game: all are composed)."""
    base = f"opt-{game.info.package}-{option.name}"
    shown = option.labels.get
    if option.kind == "bool":
        return [TickBox(plain(option.label), bool(option.for_new_game), id=base)]
    if option.kind == "choice":
        return [Label(plain(option.label)),
                DialogSelect([(plain(shown(c, c)), c) for c in option.choices],
                             value=option.for_new_game, allow_blank=False, id=base)]
    # Ids by position: a choice's text may hold spaces ("The Kid").
    return [Label(plain(option.label + (f" ({option.help})" if option.help else ""))),
            *[TickBox(plain(shown(choice, choice)), choice in option.for_new_game,
                       id=f"{base}-{i}") for i, choice in enumerate(option.choices)]]


# Example names for the Names field, as many as the players chosen.
SAMPLE_NAMES = ("Anna", "Beth", "Connor", "Dana", "Emil", "Fay", "Gus", "Hana")

class NewGameScreen(FieldKeys, ModalScreen[OpenSession | None]):
    """A form; dismisses with the new session, open, or None when cancelled."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="new.cancel",
                tooltip="Close (asks whether to keep what you typed as a draft)"),
        Binding("ctrl+s", "create", "Start", id="new.start", tooltip="Start the game"),
        *FIELD_KEYS,
    ]

    def __init__(self, table: Tableside) -> None:
        super().__init__()
        self.table = table
        self.game: Game | None = None
        self.games = [info(g) for g in game_ids()]
        self._blank: dict[str, Any] = {}
        self._live: dict[str, Any] = {}  # every field as typed now (followed as it changes)
        self._finished = False  # started, or left with the draft kept or dropped
        self._restored = False
        self._own_ticks: dict[str, bool] = {}  # a box's own tick, kept while it is brought in

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide", id="new-body"):
            yield Static("New game", classes="section-title")
            yield Label("Game")
            yield DialogSelect([(plain(game.title), game.id) for game in self.games],
                               id="game", allow_blank=True, prompt="choose a game")
            yield self.error_line("game")
            yield Static("", id="game-blurb", classes="hint", markup=False)
            yield Label("Players")
            yield DialogSelect([], id="players", allow_blank=True, prompt="choose the game first")
            yield self.error_line("players")
            yield Label("Way to play")
            yield DialogSelect([], id="mode", allow_blank=True, prompt="choose the players first")
            yield self.error_line("mode")
            yield Static("", id="mode-note", classes="hint", markup=False)
            yield Label("Names (optional, separated by commas)")
            yield TypedInput(placeholder=", ".join(SAMPLE_NAMES[:3]), id="names", max_length=400)
            yield self.error_line("names")
            yield Label("Title (optional)")
            yield TypedInput(placeholder="e.g. Friday night", id="title", max_length=80)
            yield self.error_line("title")
            yield Vertical(id="options")
            yield Static("", id="new-error", classes="error", markup=False)
            yield Button("Start (ctrl+s)", id="start", variant="primary")
            yield Static("Tab moves between fields. In a list, type the first letters (or "
                         "digits) of a choice, then Enter. Escape closes (you may keep a "
                         "draft).", classes="hint")

    @staticmethod
    def error_line(field: str) -> Static:
        return Static("", id=f"err-{field}", classes="field-error hidden", markup=False)

    async def on_mount(self) -> None:
        self._blank = self._fields()
        try:
            draft = self.table.draft(DRAFT)
        except TablesideError:
            draft = None  # settings that cannot be read: the form opens blank
        if isinstance(draft, dict) and draft:
            await self._restore(draft)
            self._restored = True
            self.notify("Your last New game form is back (a draft).", title="Draft")
        self._live = self._fields()
        open_at_top(self, self.query_one("#new-body"), self.query_one("#game", Select))

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _typed_in(self, event: Input.Changed | Select.Changed | Checkbox.Changed) -> None:
        """Follow every field as it changes (what a draft keeps)."""
        if event.control.id:
            self._live[event.control.id] = field_value(event.control)

    # --- choosing -------------------------------------------------------------------------
    @on(Select.Changed, "#game")
    async def _game_chosen(self, event: Select.Changed) -> None:
        if not event.select.is_blank():
            await self.set_game(str(event.value))

    async def set_game(self, game_id: str) -> None:
        if self.game is not None and self.game.id == game_id:
            return
        self.game = game = get_game(game_id)
        note = f"\n{self.game.info.note}" if self.game.info.note else ""
        voice = default_words(game)  # whether the table will hear it, and why
        note += f"\n{voice}" if voice else ""
        self.query_one("#game-blurb", Static).update(plain(self.game.blurb + note))
        players = self.query_one("#players", Select)
        players.prompt = "choose how many play"
        players.set_options([(players_label(n), n) for n in self.game.player_counts])
        if len(self.game.player_counts) == 1:  # the only answer there is: filled in
            players.value = self.game.player_counts[0]
        mode = self.query_one("#mode", Select)
        mode.prompt = "choose the players first"
        mode.set_options([])
        box_id = f"opts-{game.info.package}"
        if not self.query(f"#{box_id}"):
            box = Vertical(id=box_id, classes="game-options")
            await self.query_one("#options").mount(box)
            for option in game.options:
                widgets = option_widgets(game, option)
                # its error: under a list's label, above its first choice (both in view)
                at = 1 if option.kind == "multi" else len(widgets)
                widgets.insert(at, self.error_line(f"opt-{game.info.package}-{option.name}"))
                await box.mount(Vertical(*widgets,
                                         id=f"optbox-{game.info.package}-{option.name}",
                                         classes="option"))
        for other in self.query(".game-options"):
            other.set_class(other.id != box_id, "hidden")
        self.show_mode(None)

    @on(Select.Changed)
    def _option_chosen(self, event: Select.Changed) -> None:
        if (event.select.id or "").startswith("opt-"):
            self.show_brought_in()

    def show_brought_in(self) -> None:
        """A box another choice brings in (Scenario 4's ShipStern) shows ticked and fixed,
        saying so; released, it shows its own tick again."""
        if self.game is None:
            return
        values = self._option_values()
        for option in self.game.options:
            if not option.brought_in_by:
                continue
            box = self.query_one(f"#opt-{self.game.info.package}-{option.name}", Checkbox)
            by = option.brought_in(values)
            if by is not None and not box.disabled:
                self._own_ticks[option.name] = box.value
                box.value, box.disabled = True, True
                box.label = plain(f"{option.label} ({by} brings it in)")
            elif by is None and box.disabled:
                box.value = self._own_ticks.pop(option.name, bool(option.for_new_game))
                box.disabled = False
                box.label = plain(option.label)

    @on(Select.Changed, "#players")
    def _players_chosen(self, event: Select.Changed) -> None:
        if self.game is None or not isinstance(event.value, int):
            return
        modes = [m for m in self.game.modes if event.value in m.player_counts]
        mode = self.query_one("#mode", Select)
        was = mode.value
        mode.prompt = "choose how to play"  # the players are chosen: no longer "first"
        mode.set_options([(plain(m.title), m.id) for m in modes])
        ids = [m.id for m in modes]
        mode.value = was if was in ids else ids[0]
        self.show_mode(mode.value if isinstance(mode.value, str) else None)
        # as many example names as players: a solo game suggests one
        self.query_one("#names", Input).placeholder = ", ".join(SAMPLE_NAMES[:event.value])

    @on(Select.Changed, "#mode")
    def _mode_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            self.show_mode(event.value)

    def current_mode(self) -> PlayMode | None:
        value = self.query_one("#mode", Select).value
        if self.game is None or not isinstance(value, str):
            return None
        return next((m for m in self.game.modes if m.id == value), None)

    def show_mode(self, mode_id: str | None) -> None:
        """Offer the options of this way to play, with its defaults."""
        if self.game is None:
            return
        mode = next((m for m in self.game.modes if m.id == mode_id), None)
        self.query_one("#mode-note", Static).update(plain(mode.note if mode else ""))
        package = self.game.info.package
        for option in self.game.options:
            offered = mode is None or not option.modes or mode.id in option.modes
            self.query_one(f"#optbox-{package}-{option.name}").set_class(not offered, "hidden")
            if mode is not None and option.name in mode.option_defaults:
                self._set_option(option, mode.option_defaults[option.name])

    def _set_option(self, option: Option, value: Any) -> None:
        assert self.game is not None
        base = f"#opt-{self.game.info.package}-{option.name}"
        if option.kind == "bool":
            self.query_one(base, Checkbox).value = bool(value)
        elif option.kind == "choice":
            self.query_one(base, Select).value = value
        else:
            for i, choice in enumerate(option.choices):
                self.query_one(f"{base}-{i}", Checkbox).value = choice in (value or ())

    def _option_values(self) -> dict[str, Any]:
        assert self.game is not None
        mode = self.current_mode()
        chosen: dict[str, Any] = {}
        base = f"#opt-{self.game.info.package}-"
        for option in self.game.options_for(mode.id) if mode else self.game.options:
            if option.kind == "bool":
                chosen[option.name] = self.query_one(base + option.name, Checkbox).value
            elif option.kind == "choice":
                chosen[option.name] = self.query_one(base + option.name, Select).value
            else:
                chosen[option.name] = [
                    c for i, c in enumerate(option.choices)
                    if self.query_one(f"{base}{option.name}-{i}", Checkbox).value]
        return chosen

    # --- drafts -------------------------------------------------------------------------
    def _fields(self) -> dict[str, Any]:
        """Every field's value by id (the draft)."""
        return read_fields(self)

    async def _restore(self, values: dict[str, Any]) -> None:
        game = values.get("game")
        if isinstance(game, str) and game in game_ids():
            self.query_one("#game", Select).value = game
            await self.set_game(game)
            players = values.get("players")
            if self.game is not None and players in self.game.player_counts:
                self.query_one("#players", Select).value = players
                modes = [m for m in self.game.modes if players in m.player_counts]
                self.query_one("#mode", Select).set_options(
                    [(plain(m.title), m.id) for m in modes])
                if values.get("mode") in {m.id for m in modes}:
                    self.query_one("#mode", Select).value = values["mode"]
                    self.show_mode(values["mode"])
        for widget in self.query("Input, Checkbox"):
            if widget.id in values and isinstance(widget, (Input, Checkbox)):
                widget.value = values[widget.id]
        for widget in self.query(".option Select"):
            if widget.id in values and isinstance(widget, Select):
                widget.value = values[widget.id]

    # --- starting ---------------------------------------------------------------------
    async def field_entered(self, field: Input | DialogSelect) -> None:
        self.focus_next()

    def show_error(self, field: str | None, text: str) -> None:
        """The error beside the field it is about, in view, with the focus there; one that
        is about no field shows above the Start button."""
        for line in self.query(".field-error"):
            line.add_class("hidden")
        error = self.query_one("#new-error", Static)
        option = self._option_box(field)
        if field in FIELD_OF:
            error.update("")
            show_field_error(self, self.query_one(f"#err-{field}", Static),
                             self.query_one(f"#{FIELD_OF[field]}"), text)
        elif option is not None:  # a game option: under its choices, the focus on the first
            error.update("")
            first = next(iter(option.query("Select, Checkbox")), None)
            show_field_error(self, option.query_one(".field-error", Static), first, text)
            if first is not None:  # the line sits above a list's first choice: that last
                self.call_after_refresh(first.scroll_visible, animate=False)
        else:
            error.update(plain(text))
            show_field_error(self, None, error, text)

    def _option_box(self, field: str | None) -> Widget | None:
        """The box of the chosen game's option named ``field`` (an ActionError's field)."""
        if self.game is None or field is None:
            return None
        found = self.query(f"#optbox-{self.game.info.package}-{field}")
        return found.first() if found else None

    @on(Button.Pressed, "#start")
    def action_create(self) -> None:
        if self.game is None:
            self.show_error("game", "Game: choose one of the games in the list.")
            return
        players = self.query_one("#players", Select).value
        if not isinstance(players, int):
            counts = ", ".join(players_label(n) for n in self.game.player_counts)
            self.show_error("players", f"Players: choose {counts}.")
            return
        raw_names = self.query_one("#names", Input).value
        names = tuple(n.strip() for n in raw_names.split(",") if n.strip())
        title = self.query_one("#title", Input).value.strip() or None
        mode = self.current_mode()
        try:
            play = self.table.create(self.game.id, players, options=self._option_values(),
                                     names=names, title=title, mode=mode.id if mode else "")
        except ActionError as err:
            self.show_error(err.field, str(err))
            return
        except TablesideError as err:
            field = "title" if str(err).startswith("title:") else None
            self.show_error(field, f"{err}. Nothing was created.")
            return
        self._finish(play, None)

    # --- leaving ------------------------------------------------------------------------
    def _finish(self, play: OpenSession | None, draft: dict[str, Any] | None) -> None:
        """Close: with the new game (its draft spent) or without, keeping ``draft``."""
        self._finished = True
        if draft is not None or self._restored:
            save_quietly(self, self.table, DRAFT, draft)
        self.dismiss(play)

    def action_cancel(self) -> None:
        """Escape: after typing (or on a draft) asks whether to keep it as a draft."""
        if self._live == self._blank and not self._restored:
            self._finished = True
            self.dismiss(None)
            return
        ask_keep_or_drop(self, keep=lambda: self._finish(None, dict(self._live)),
                         drop=lambda: self._finish(None, None))

    def on_unmount(self) -> None:
        """Closed with the app mid-form: what was typed is kept."""
        if not self._finished and self._live != self._blank:
            save_quietly(self, self.table, DRAFT, dict(self._live))
