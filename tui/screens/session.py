"""The session screen every game uses: tracks, what to do now, the log, keys for actions.

A game's banner (``Game.banner``: where the game is, what is under way) is drawn here, above
the body, for every game that has one. A game's own screen (``tui.games.<package>``) is only
for truly custom widgets: it subclasses this one and fills ``compose_beside_tracks`` (and,
until its banner moves to ``Game.banner``, ``compose_banner``). Its widgets that
show the session are ``SessionView``s: the screen redraws them when it gets a
``SessionChanged`` message, which it posts after anything changes the session. A change
is drawn once: messages that find the session as it was last drawn are dropped (a form's
dismissal and the screen's resumption both say "changed"), and each panel redraws only the
lines that differ. What other windows record is watched by a thread that posts
``OutsideWrite`` when the journal grew, and the screen then folds it in
(``tui.screens.session_watch``); a key pressed for an action not possible now says why
(``tui.screens.session_refusals``).
"""

from __future__ import annotations

import threading
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static

from tableside.api import OpenSession, Tableside, TablesideError
from tableside.textual_adapter import bindings_of
from trackers.engine import ActionError
from tui.screens.action_form import ActionFormScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.history import HistoryScreen
from tui.screens.keys import player_key
from tui.screens.lock_wait import when_free
from tui.screens.peek import look
from tui.screens.refusal_keys import with_keys
from tui.screens.session_refusals import RefusingWithReason
from tui.screens.session_voice import SpeakingAnnouncements
from tui.screens.session_watch import WatchingOtherWindows, elsewhere_line
from tui.widgets.banner import Banner
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.log_panel import LogPanel
from tui.widgets.now_panel import NowPanel
from tui.widgets.session_view import SessionChanged, SessionView
from tui.widgets.tracks_panel import TracksPanel

if TYPE_CHECKING:
    from collections.abc import Callable

    from tui.serving import Serving


def header_line(play: OpenSession) -> str:
    """The game, its way to play and who plays: "Nemesis: Lockdown, fully co-operative, 3
    players"; in solo, the player's name ("Pandora Celeste, True Solo: Ann")."""
    setup = play.setup
    mode = play.game.info.mode(setup.mode) if setup.mode else \
        play.game.info.default_mode(setup.players)
    if setup.players == 1:
        name = setup.names[0] if setup.names else "Player 1"
        way = mode.title if "solo" in mode.title.casefold() else f"{mode.title}, solo"
        return f"{play.game.title}, {way}: {name}"
    return f"{play.game.title}, {mode.title}, {setup.players} players"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class SessionScreen(SpeakingAnnouncements, WatchingOtherWindows, RefusingWithReason,
                    Screen[None]):
    """Generic layout; ``screen_for`` adds one key binding per game action.

    The footer shows the game's actions possible now, undo, F1 and Home; every other key
    is on the F1 screen and in the palette under its plain name (the binding's tooltip).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo", id="session.undo", tooltip="Undo the last action"),
        Binding("r", "redo", "Redo", id="session.redo", show=False,
                tooltip="Redo what was undone"),
        Binding("h", "history", "History", id="session.history", show=False,
                tooltip="History: jump to any point of the game"),
        Binding("s", "search", "Rules", id="session.search", show=False,
                tooltip="Search the rules"),
        Binding("question_mark", "context_help", "Rule", id="session.help", show=False,
                tooltip="Rule for the highlighted tracker"),
        Binding("t", "toggle_reference", "Ref pane", id="session.reference", show=False,
                tooltip="Reference pane: show or hide the rules beside the tracks"),
        Binding("x", "run('set_value')", "Set value", id="session.set_value", show=False,
                tooltip="Set a value by hand"),
        Binding("c", "run('choose_secret')", "Secret", id="session.choose_secret", show=False,
                tooltip="Choose a secret"),
        Binding("p", "peek", "Peek", id="session.peek", show=False,
                tooltip="Look at a secret (its owner only, behind the curtain)"),
        Binding("v", "run('reveal_secret')", "Reveal", id="session.reveal", show=False,
                tooltip="Reveal a secret"),
        Binding("b", "board_profile", "Board", id="session.board", show=False,
                tooltip="Board profile: enter the printed values of your board"),
        Binding("ctrl+r", "report", "Report", id="session.report", show=False,
                tooltip="Game report: the tracks over the rounds, key moments, the end"),
        Binding("ctrl+o", "seats", "Seats", id="session.seats", show=False,
                tooltip="Seats: each player's own screen on their phone (serve this game)"),
        Binding("escape", "leave", "Home", id="session.home",
                tooltip="Back to Home (the game is saved)"),
        Binding("f5", "voice_toggle", "Voice", id="session.voice",
                tooltip="Spoken announcements: off at once, or on (this game)"),
        Binding("f6", "voice_repeat", "Say again", id="session.say_again",
                tooltip="Say the last announcement again"),
    ]

    def __init__(self, play: OpenSession, table: Tableside | None = None) -> None:
        """``table``: the store the game came from (its board profile, its exports)."""
        super().__init__()
        self.play = play
        self.table = table
        # (number, time) of the actions another window recorded -> who, marked in the log
        self.elsewhere: dict[tuple[int, str], str] = {}
        # who made each change since this window last acted ("cli 4188", "seat Ann"): the
        # Now panel counts it all, however many times the watch folded some in
        self.elsewhere_by: list[str] = []
        self._play_closed = False
        self.seat_server: Serving | None = None  # the players' seats, once served (ctrl+o)
        self._drawn: object = None  # the session state last drawn (a change makes a new one)
        self.redraws = 0  # how many times the session was drawn (one per change)
        self._stop_watching = threading.Event()
        # the bindings of the game's actions that move play on: the footer keeps their keys
        self.moving_bindings = frozenset(f"run('{a.name}')" for a in play.game.actions
                                         if a.moves_play)

    # --- layout -------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(show_clock=True)
        banner = self.play.game.banner is not None
        yield from self.compose_banner()
        with Horizontal(id="session-body"):
            with Vertical(id="left"):
                # with a banner above, the tracks need no title line (80x24: every line counts)
                yield Static("Tracks", classes="section-title" + (" hidden" if banner else ""))
                yield TracksPanel(id="tracks")
                yield from self.compose_beside_tracks()
            with Vertical(id="right"):
                yield Static("Now (Tab here, then arrows, to scroll)", classes="section-title")
                yield NowPanel(id="now")
                yield Static("Log", classes="section-title", id="log-title")
                yield LogPanel(id="log")
            yield VerticalScroll(id="reference", classes="hidden")
        yield KeysFooter()

    def compose_banner(self) -> ComposeResult:
        """The game's banner (``Game.banner``), for a game that has one."""
        if self.play.game.banner is not None:
            yield Banner("", id="banner", markup=False)

    def compose_beside_tracks(self) -> ComposeResult:
        """A game's widgets under the tracks (none here)."""
        yield from ()

    def on_mount(self) -> None:
        self.title = self.play.info.title
        self.sub_title = header_line(self.play)
        key = partial(player_key, self.app)  # the player's keys, in what the screen says
        self.query_one("#log-title", Static).update(
            f"Log ({key('session.undo', 'u')} undo, {key('session.redo', 'r')} redo, "
            f"{key('session.history', 'h')} history)")
        self.query_one("#tracks", TracksPanel).board_key = key("session.board", "b")
        self.redraw()
        self.query_one("#tracks", TracksPanel).focus()
        self._watch()

    def palette_commands(self) -> Any:
        """ctrl+p: each owner without a PIN sets theirs now, in turn, behind the curtain;
        an owner with one changes it."""
        from textual.app import SystemCommand

        from tui.screens.set_pin import offer_pins, owners_to_ask, pins_set

        if owners_to_ask(self.play):
            yield SystemCommand("Set the PINs now", "Each owner of secrets, in turn, sets "
                                "their PIN (or declines one) before play",
                                lambda: offer_pins(self.app, self.play))
        for owner in pins_set(self.play):
            yield SystemCommand(f"Change {self.play.owner_name(owner)}'s PIN",
                                "With the old one; behind the curtain",
                                partial(self._change_pin, owner))

    def _change_pin(self, owner: str) -> None:
        from tui.screens.set_pin import SetPinScreen

        self.app.push_screen(SetPinScreen(self.play, owner, change=True))

    # --- showing the session ---------------------------------------------------------
    def session_changed(self, elsewhere: tuple[int, ...] = ()) -> None:
        """Say the session changed: every SessionView redraws (see ``on_session_changed``)."""
        self.post_message(SessionChanged(elsewhere))

    def refresh_all(self) -> None:
        """Redraw at once, for a script that changed the session behind the screen."""
        self.redraw()

    def on_session_changed(self, message: SessionChanged) -> None:
        if message.elsewhere or self.play.session.state is not self._drawn:
            self.redraw(message.elsewhere)

    def redraw(self, elsewhere: tuple[int, ...] = ()) -> None:
        self.redraws += 1
        self._drawn = self.play.session.state
        if not elsewhere:  # this window's own change: its notes are the news now
            self.elsewhere_by = []
            self.mark_elsewhere(self.play.folded_in())  # what it folded in first: others'
        self.query_one("#log", LogPanel).elsewhere = self.elsewhere
        self.query_one("#now", NowPanel).elsewhere = elsewhere_line(self.elsewhere_by)
        for widget in self.query("*"):
            if isinstance(widget, SessionView):
                widget.show_session(self.play)
        self.refresh_bindings()
        self.hear()

    # --- doing actions ------------------------------------------------------------------
    def offerable(self, name: str) -> bool:
        """Possible now, and every list it must pick from has something in it: no form
        opens on an empty list (a game that keeps every secret itself, a revealed secret)."""
        if not self.play.available(name):
            return False
        action = self.play.action(name)
        return all(param.allowed(self.play.state)
                   for param in action.shown_params(self.play.state)
                   if param.kind == "choice" and not param.optional)

    def keyless_actions(self) -> list[tuple[str, str, bool]]:
        """The game's actions no key is bound to, for the palette (see tui.screens.keys)."""
        bound = {b.action for b in bindings_of(self)}
        return [(a.title, f"run('{a.name}')", self.offerable(a.name))
                for a in self.play.actions() if f"run('{a.name}')" not in bound]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the keys of game actions that are not possible now, so the footer fits.

        Undo and redo stay visible but dimmed when there is nothing to undo or redo.
        """
        if action == "run" and parameters:
            name = str(parameters[0])
            if not self.play.available(name):
                return False
            return True if self.offerable(name) else None  # dimmed: no empty form to open
        if action == "accept_defaults":
            return bool(self.missing_defaults())
        if action == "undo":
            return True if self.play.can_undo else None
        if action == "redo":
            return True if self.play.can_redo else None
        if action.startswith("voice_"):
            return self.voice_key_shown(action)
        return True

    async def action_run(self, name: str) -> None:
        try:
            action = self.play.action(name)
        except ActionError as err:
            self.notify(str(err), severity="warning", markup=False)
            return
        if name == "reveal_secret" and self.seat_server is not None:
            from tui.screens.seat_wait import ask_a_seat

            if await ask_a_seat(self):  # the owner has a seat: their PIN is typed there
                return
        if action.private_to and self.seat_server is not None:
            from tui.screens.seat_wait import seat_of_role

            seat = seat_of_role(self.play, self.seat_server, action.private_to)
            if seat is not None:  # chosen on that player's own device, never on this screen
                self.notify(f"{action.title} is made on {seat}'s seat, on their own device: "
                            "nothing of it is typed here.", markup=False)
                return
        if not self.offerable(name):
            self.refuse(name)
            return
        one_key = self.play.game.one_key
        quick = not action.shown_params(self.play.state) or (
            one_key is not None and one_key(self.play.state, name))
        if quick and not action.board_needs(self.play.state, {}):
            self.apply(name, {})
            return
        # Awaited: the form is mounted, its first field focused, before the app reads the
        # next key ("a 12 Enter" typed fast fills the form it opens).
        await self.app.push_screen(ActionFormScreen(self.play, action),
                                   lambda done: self.session_changed() if done else None)

    def apply(self, name: str, args: dict[str, Any], pin: str | None = None) -> None:
        """Do the action; the journal has it on disk before the screen changes. An action
        that opens an owner's sealed secret asks their PIN first, behind the curtain."""
        from tui.screens.owner_pin import ask_owner_pin, pin_purpose

        needed = self.play.pin_needed(name, **args) if pin is None else None
        if needed is not None:
            purpose = pin_purpose(self.play.action(name).title, needed[1])
            if self.seat_server is not None:  # the owner's seat may do it, with their PIN
                from tui.screens.seat_wait import seat_or_curtain

                self.call_later(seat_or_curtain, self, name, args, needed[0], purpose)
                return
            ask_owner_pin(self.app, self.play, needed[0], purpose,
                          lambda given: self.apply(name, args, given) if given else None)
            return
        when_free(self, self.play.lock(), self.play.open_elsewhere,
                  f"do {self.play.action(name).title}", lambda: self._do(name, args, pin))

    def _do(self, name: str, args: dict[str, Any], pin: str | None) -> None:
        try:
            self.play.do(name, pin=pin, **args)
        except ActionError as err:
            self.notify(f"{with_keys(self.app, self.play, str(err))} (nothing was recorded)",
                        title="Not done", severity="error", markup=False)
            return
        except TablesideError as err:
            self.notify(f"{err}. Nothing was recorded; check the disk, then try again.",
                        title="Not saved", severity="error", timeout=15, markup=False)
            return
        except Exception as err:  # a bug must not lose the game: report it, keep going
            from tui.problems import told

            self.notify(told(self.app, err, [pin] if pin else []), severity="error",
                        timeout=15, markup=False)
            return
        self.session_changed()

    def action_undo(self) -> None:
        self._move(self.play.undo)

    def action_redo(self) -> None:
        self._move(self.play.redo)

    def _move(self, step: Callable[[], object]) -> None:
        when_free(self, self.play.lock(), self.play.open_elsewhere, "move in the history",
                  lambda: self._moved(step))

    def _moved(self, step: Callable[[], object]) -> None:
        try:
            step()
        except ActionError as err:
            self.notify(str(err), severity="warning", markup=False)
            return
        except TablesideError as err:
            self.notify(f"{err}. Nothing changed; check the disk, then try again.",
                        severity="error", timeout=15, markup=False)
            return
        except Exception as err:  # a bug must not lose the game: report it, keep going
            from tui.problems import told

            self.notify(told(self.app, err), severity="error", timeout=15, markup=False)
            return
        self.session_changed()

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

        if self.table is not None:
            self.app.push_screen(BoardProfileScreen(self.table, self.play.game.id, self.play))

    def action_report(self) -> None:
        """The game report: charts of every track by round, key moments, the end."""
        from tui.screens.report import ReportScreen

        exports = Path(self.table.root) / "exports" if self.table is not None else None
        self.app.push_screen(ReportScreen(self.play.report(), self.play.info.title, exports,
                                          warnings=self.play.warnings))

    def missing_defaults(self) -> dict[str, Any]:
        """Published board values (``Game.board_defaults``) this game has not entered."""
        board, keys = self.play.state.board, self.play.board_keys
        return {k: v for k, v in self.play.game.board_defaults.items()
                if k not in board and k in keys}

    def action_accept_defaults(self) -> None:
        """Take the game's public board defaults in one key: each value goes to this game's
        log (undo takes it back) and to the board profile for later games."""
        missing = self.missing_defaults()
        try:
            for key, value in missing.items():
                spec = self.play.game.board_value(key)
                self.play.do("set_board_value", key=key, value=spec.show(value))
            if self.table is not None:
                self.table.accept_board_defaults(self.play.game.id)
        except (ActionError, TablesideError) as err:
            self.notify(f"{err} (the defaults were not all taken)", severity="error",
                        markup=False)
        else:
            count = len(missing)
            self.notify(f"Took {count} public board value{'s' if count != 1 else ''} "
                        f"({self.play.game.board_defaults_note}).", markup=False)
        self.session_changed()

    def on_screen_resume(self) -> None:
        self.session_changed()  # a screen on top (board profile, peek) may have changed it

    def action_peek(self) -> None:
        """Every secret held, by owner, to pick from (tui.screens.peek.look)."""
        problem = look(self.app, self.play, self.query_one("#tracks", TracksPanel).current_piece())
        if problem:
            self.notify(problem)

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
        """Escape: out of the Now panel or the log first (back to the tracks), then Home."""
        focused = self.focused
        if focused is not None and focused.id in ("now", "log", "reference"):
            self.query_one("#tracks", TracksPanel).focus()
            self.notify("Back on the tracks. Escape again goes Home.", timeout=3)
            return
        if self.seat_server is not None:  # players would lose their seats: asked first
            from tui.serving import leave_question

            question = leave_question(self.seat_server)
            if question is not None:
                from tui.screens.confirm import ConfirmScreen

                self.app.push_screen(ConfirmScreen(question),
                                     lambda yes: self._leave() if yes else None)
                return
        self._leave()

    def _leave(self) -> None:
        self.close_play()
        self.app.pop_screen()

    def close_play(self) -> None:
        """Keep a snapshot and update the catalog; a disk error is said, never a traceback."""
        if self._play_closed:
            return
        self._play_closed = True
        try:
            self.play.close()
        except (TablesideError, OSError) as err:
            self.app.notify(f"Leaving the game: {err}. Every action is in the journal; the "
                            "game list may show an old time until the next start.",
                            severity="warning", timeout=10, markup=False)

    def action_seats(self) -> None:
        from tui.serving import open_seats

        open_seats(self)

    def on_unmount(self) -> None:
        if self.seat_server is not None:  # the table view closes: the seats wait for it
            self.seat_server.close_game()
            self.seat_server = None
        self._stop_watching.set()
        self.stop_voice()
        self.close_play()
