"""The session screen every game uses: tracks, what to do now, the log, keys for actions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static

from tableside.api import OpenSession
from trackers.engine import ActionError, Note
from trackers.pieces import Secret
from tui.screens.action_form import ActionFormScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.history import HistoryScreen
from tui.screens.peek import PeekScreen
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.log_panel import LogPanel
from tui.widgets.now_panel import NowPanel
from tui.widgets.tracks_panel import TracksPanel


class SessionScreen(Screen[None]):
    """Generic layout; ``screen_for`` adds one key binding per game action."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo", id="session.undo"),
        Binding("r", "redo", "Redo", id="session.redo"),
        Binding("h", "history", "History", id="session.history"),
        Binding("s", "search", "Rules", id="session.search"),
        Binding("question_mark", "context_help", "Rule", id="session.help"),
        Binding("t", "toggle_reference", "Ref pane", id="session.reference"),
        Binding("x", "run('set_value')", "Set value", id="session.set_value"),
        Binding("c", "run('choose_secret')", "Secret", id="session.choose_secret"),
        Binding("p", "peek", "Peek", id="session.peek"),
        Binding("v", "run('reveal_secret')", "Reveal", id="session.reveal"),
        Binding("b", "board_profile", "Board", id="session.board"),
        Binding("escape", "leave", "Home", id="session.home"),
    ]

    def __init__(self, play: OpenSession) -> None:
        super().__init__()
        self.play = play

    # --- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=True)
        with Horizontal(id="session-body"):
            with Vertical(id="left"):
                yield Static("Tracks", classes="section-title")
                yield TracksPanel(id="tracks")
            with Vertical(id="right"):
                yield Static("Now (Tab here, then arrows, to scroll)", classes="section-title")
                with VerticalScroll(id="now-scroll"):
                    yield NowPanel(id="now")
                yield Static("Log (u undo, r redo, h history)", classes="section-title")
                yield LogPanel(id="log")
            yield VerticalScroll(id="reference", classes="hidden")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = self.play.info.title
        players = self.play.session.setup.players
        self.sub_title = f"{self.play.game.title}, " + (
            "solo" if players == 1 else f"{players} players")
        self.refresh_all()
        self.query_one("#tracks", TracksPanel).focus()

    def refresh_all(self, notes: list[Note] | None = None) -> None:
        play = self.play
        game, state = play.game, play.state
        self.query_one("#tracks", TracksPanel).show(game, state)
        panels = game.panels(state) if game.panels else []
        checklist = game.checklist(state) if game.checklist else []
        self.query_one("#now", NowPanel).show(play.notes if notes is None else notes, panels,
                                              checklist)
        self.query_one("#log", LogPanel).show(play.history(), play.head)
        self.refresh_bindings()

    # --- doing actions ------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the keys of game actions that are not possible now, so the footer fits.

        Undo and redo stay visible but dimmed when there is nothing to undo or redo.
        """
        if action == "run" and parameters:
            name = str(parameters[0])
            try:
                return self.play.session.available(name)
            except ActionError:
                return False
        if action == "undo":
            return True if self.play.session.can_undo else None
        if action == "redo":
            return True if self.play.session.can_redo else None
        return True

    def action_run(self, name: str) -> None:
        try:
            action = self.play.session.action(name)
        except ActionError as err:
            self.notify(str(err), severity="warning")
            return
        if not self.play.session.available(name):
            self.notify(f"{action.title} is not possible now.", severity="warning")
            return
        if not action.params:
            self.apply(name, {})
            return

        def submitted(args: dict[str, Any] | None) -> None:
            if args is not None:
                self.apply(name, args)

        self.app.push_screen(ActionFormScreen(self.play, action), submitted)

    def apply(self, name: str, args: dict[str, Any]) -> None:
        """Do the action; the journal has it on disk before the screen changes."""
        try:
            self.play.do(name, **args)
        except ActionError as err:
            self.notify(f"{err} (nothing was recorded)", title="Not done", severity="error")
            return
        except Exception as err:  # a bug must not lose the game: report it, keep going
            self.notify(f"Tableside hit a problem and recorded nothing: {err}",
                        severity="error", timeout=15)
            return
        self.refresh_all()

    def action_undo(self) -> None:
        self._move(self.play.undo)

    def action_redo(self) -> None:
        self._move(self.play.redo)

    def _move(self, step: Any) -> None:
        try:
            step()
        except ActionError as err:
            self.notify(str(err), severity="warning")
            return
        self.refresh_all()

    def action_history(self) -> None:
        def chosen(head: int | None) -> None:
            if head is not None:
                self._move(lambda: self.play.jump(head))

        self.app.push_screen(HistoryScreen(self.play), chosen)

    @on(OptionList.OptionSelected, "#log")
    def _log_chosen(self, event: OptionList.OptionSelected) -> None:
        head = int((event.option.id or "seq:0").split(":")[1])
        if head == self.play.head:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self._move(lambda: self.play.jump(head))

        self.app.push_screen(ConfirmScreen(f"Go to point {head} of the history? Later actions "
                                           "stay in the log and can be redone. (y/n)"), answer)

    @on(OptionList.OptionHighlighted, "#tracks")
    def _track_highlighted(self) -> None:
        """The open reference pane follows the highlighted tracker."""
        holder = self.query_one("#reference")
        if holder.has_class("hidden") or not holder.children:
            return
        from tui.widgets.reference_pane import ReferencePane

        topic = self.help_topic()
        if topic is not None:
            holder.query_one(ReferencePane).show_topic(topic)

    @on(OptionList.OptionSelected, "#tracks")
    def _track_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "board:unset":
            self.action_board_profile()

    def action_board_profile(self) -> None:
        """The printed board values: entered here they go to this game's log and the profile."""
        from tui.screens.board_profile import BoardProfileScreen

        table = getattr(self.app, "table", None)
        if table is None:
            return
        self.app.push_screen(BoardProfileScreen(table, self.play.game.id, self.play))

    def on_screen_resume(self) -> None:
        self.refresh_all()

    def action_peek(self) -> None:
        secrets = [n for n, p in self.play.state.pieces.items() if isinstance(p, Secret)]
        if not secrets:
            self.notify("This game has no secrets to look at.")
            return
        chosen = self.query_one("#tracks", TracksPanel).current_piece()
        name = chosen if chosen in secrets else secrets[0]
        self.app.push_screen(PeekScreen(self.play, name))

    # --- references ------------------------------------------------------------------
    def action_search(self) -> None:
        from tui.screens.search_launch import open_search

        open_search(self.app, game=self.play.game.id)

    def help_topic(self) -> str | None:
        piece = self.query_one("#tracks", TracksPanel).current_piece()
        if piece is not None:
            return self.play.game.topics.get(piece)
        for note in self.play.notes:
            if note.topic:
                return note.topic
        return None

    def action_context_help(self) -> None:
        from tui.screens.search_launch import open_topic

        topic = self.help_topic()
        if topic is None:
            self.notify("Highlight a tracker first; '?' opens the rule that governs it.")
            return
        open_topic(self.app, self.play.game.id, topic)

    def action_toggle_reference(self) -> None:
        from tui.screens.search_launch import toggle_reference_pane

        toggle_reference_pane(self, self.play.game.id, self.help_topic())

    # --- leaving ------------------------------------------------------------------------
    def action_leave(self) -> None:
        self.play.close()
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self.play.close()

    def palette_commands(self) -> Iterable[SystemCommand]:
        for action in self.play.actions():
            key = f" [{action.key}]" if action.key else ""
            later = "" if self.play.session.available(action.name) else " (not possible now)"
            yield SystemCommand(action.title + key + later, action.description,
                                lambda name=action.name: self.action_run(name))
        yield SystemCommand("Undo", "Take back the last action", self.action_undo)
        yield SystemCommand("Redo", "Do again what was undone", self.action_redo)
        yield SystemCommand("History", "Jump to any point of the game", self.action_history)
        yield SystemCommand("Look at a secret", "Only its owner, behind the curtain",
                            self.action_peek)
        yield SystemCommand("Search the rules", "Find a rule", self.action_search)
        yield SystemCommand("Rule for the highlighted tracker", "Open the section that governs it",
                            self.action_context_help)
        yield SystemCommand("Reference pane", "Show or hide the rules beside the tracks",
                            self.action_toggle_reference)
        yield SystemCommand("Board profile", "Enter the printed values of your board",
                            self.action_board_profile)
        yield SystemCommand("Back to Home", "Save and leave this game", self.action_leave)
