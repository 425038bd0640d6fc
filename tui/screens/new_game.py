"""New game: choose the game, the player count, names and the game's options."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from tableside.api import OpenSession, Tableside, TablesideError
from trackers.engine import ActionError, Game
from trackers.games.registry import game_ids, game_title, get_game


class NewGameScreen(ModalScreen[OpenSession | None]):
    """A form; dismisses with the new session, open, or None when cancelled."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="new.cancel"),
        Binding("ctrl+s", "create", "Start", id="new.start"),
    ]

    def __init__(self, table: Tableside) -> None:
        super().__init__()
        self.table = table
        self.game: Game | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog wide"):
            yield Static("New game", classes="section-title")
            yield Label("Game")
            yield Select([(game_title(g), g) for g in game_ids()], id="game", allow_blank=True,
                         prompt="choose a game")
            yield Static("", id="game-blurb", classes="hint")
            yield Label("Players")
            yield Select([], id="players", allow_blank=True, prompt="choose the game first")
            yield Label("Names (optional, separated by commas)")
            yield Input(placeholder="Anna, Beth, Connor", id="names")
            yield Label("Title (optional)")
            yield Input(placeholder="e.g. Friday night", id="title")
            yield Vertical(id="options")
            yield Static("", id="new-error", classes="error")
            yield Button("Start (ctrl+s)", id="start", variant="primary")
            yield Static("Tab moves between fields. Escape cancels.", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#game", Select).focus()

    @on(Select.Changed, "#game")
    async def _game_chosen(self, event: Select.Changed) -> None:
        if event.select.is_blank():
            return
        self.game = get_game(str(event.value))
        self.query_one("#game-blurb", Static).update(self.game.blurb)
        players = self.query_one("#players", Select)
        players.set_options([(f"{n} players" if n > 1 else "solo", n)
                             for n in self.game.player_counts])
        box = self.query_one("#options", Vertical)
        await box.remove_children()
        widgets: list[Any] = []
        for option in self.game.options:
            if option.kind == "bool":
                widgets.append(Checkbox(option.label, bool(option.default),
                                        id=f"opt-{option.name}"))
            elif option.kind == "choice":
                widgets.append(Label(option.label))
                widgets.append(Select([(c, c) for c in option.choices], value=option.default,
                                      allow_blank=False, id=f"opt-{option.name}"))
            else:
                widgets.append(Label(option.label + (f" ({option.help})" if option.help else "")))
                # Ids by position: a choice's text may hold spaces ("The Kid").
                widgets += [Checkbox(choice, choice in option.default,
                                     id=f"opt-{option.name}-{i}")
                            for i, choice in enumerate(option.choices)]
        await box.mount_all(widgets)

    def _options(self) -> dict[str, Any]:
        assert self.game is not None
        chosen: dict[str, Any] = {}
        for option in self.game.options:
            if option.kind == "bool":
                chosen[option.name] = self.query_one(f"#opt-{option.name}", Checkbox).value
            elif option.kind == "choice":
                chosen[option.name] = self.query_one(f"#opt-{option.name}", Select).value
            else:
                chosen[option.name] = [
                    c for i, c in enumerate(option.choices)
                    if self.query_one(f"#opt-{option.name}-{i}", Checkbox).value]
        return chosen

    @on(Button.Pressed, "#start")
    def action_create(self) -> None:
        error = self.query_one("#new-error", Static)
        if self.game is None:
            error.update("Game: choose one of the four games.")
            return
        players = self.query_one("#players", Select).value
        if not isinstance(players, int):
            error.update(f"Players: choose {', '.join(map(str, self.game.player_counts))}.")
            return
        raw_names = self.query_one("#names", Input).value
        names = tuple(n.strip() for n in raw_names.split(",") if n.strip())
        title = self.query_one("#title", Input).value.strip() or None
        try:
            play = self.table.create(self.game.id, players, options=self._options(), names=names,
                                     title=title)
        except (ActionError, TablesideError) as err:
            error.update(str(err))
            return
        self.dismiss(play)

    def action_cancel(self) -> None:
        self.dismiss(None)
