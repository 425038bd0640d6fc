"""A player's seat: the table's tracks and log as everyone sees them, plus their own secrets.

The seat runs in the player's browser (``tableside serve``), one process per open page, as
one more window on the game: it folds in what other windows record every second, and what
it records is marked with the seat's name ("seat Ann") in every other window's log and undo.
It holds only the secrets of its player's roles (``tableside.seat_actions.Seat``): choosing,
looking at and revealing them happen here, so they never show on the laptop.

The seat has no way Home and no other game: its link opens this seat of this game only.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Header, Static

from tableside import seat_actions, seat_hand, seat_words
from tableside.api import OpenSession, TablesideError
from tableside.seat_actions import Seat
from trackers.pieces import Secret
from tui.screens.seat_form import SeatForm
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.log_panel import SIDE_PANEL, LogPanel
from tui.widgets.now_panel import NowPanel
from tui.widgets.session_view import SessionView
from tui.widgets.tracks_panel import TracksPanel

POLL_SECONDS = 1.0  # as the table view: every action seen on every device within a second


def yours_text(play: OpenSession, seat: Seat, asked: list[str],
               asked_do: list[str] | None = None) -> Text:
    """The seat's own part: each of its secrets with its state and public code (never a
    value: a look shows it in its own form, until hidden), then its hand where the game
    keeps one."""
    text = Text()
    holds = ", ".join(r for r in seat.roles if r != seat.player)
    if holds:
        text.append(f"You are also: {holds}\n", style="italic")
    for name in asked:
        secret = play.state.piece(name, Secret)
        text.append(f"The table asks you to reveal {secret.label}: press v.\n",
                    style="bold reverse")
    for purpose in asked_do or []:
        text.append(f"The table asks your PIN for {purpose}: press v.\n", style="bold reverse")
    names = seat_actions.secret_names(play, seat)
    if not names:
        text.append("No secrets of yours in this game.\n")
    for name in names:
        secret = play.state.piece(name, Secret)
        if secret.revealed:
            state = f"revealed: {secret.public_value()} (code {secret.code})"
        elif secret.is_set:
            state = f"chosen, code {secret.code}"
        else:
            state = "not chosen yet"
        text.append(f"  {secret.label}: ", style="bold")
        text.append(state + "\n")
    hand = seat_hand.hand_lines(play, seat)
    if hand:
        text.append("Your hand\n", style="bold")
        for line in hand:
            text.append(f"  {line}\n")
    actions = seat_actions.private_actions(play, seat)
    if play.game.due is not None:  # only what is due to this player now
        due = set(play.game.due(play.state))
        actions = [a for a in actions if a.name in due]
    if actions:
        text.append("Yours to do now: " + ", ".join(a.title for a in actions) + " (c)\n")
    return text


class YoursPanel(SessionView, Static):
    """The seat's secrets and the private actions it may take now."""

    seat: Seat | None = None
    asked: list[str] = []
    asked_do: list[str] = []

    def show_session(self, play: OpenSession) -> None:
        if self.seat is not None:
            self.update(yours_text(play, self.seat, self.asked, self.asked_do))


class SeatLog(LogPanel):
    """The table's log in the table's words (no command-line syntax, no ids)."""

    def show_session(self, play: OpenSession) -> None:
        from dataclasses import replace

        self.show([replace(e, text=seat_words.log_words(play, e.text))
                   for e in play.history(SIDE_PANEL)], play.head)


class SeatScreen(Screen[None]):
    """One player's screen of a served game."""

    CSS_PATH = "seat.tcss"
    # A phone's page (under 60 cells): the buttons share its width, no footer of cut keys.
    HORIZONTAL_BREAKPOINTS = [(0, "-phone"), (60, "-wide")]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "form('choose')", "Choose", id="seat.choose",
                tooltip="Choose one of your secrets"),
        Binding("p", "form('peek')", "Look", id="seat.peek",
                tooltip="Look at one of your secrets (your PIN)"),
        Binding("v", "form('reveal')", "Reveal", id="seat.reveal",
                tooltip="Reveal one of your secrets to the table (your PIN)"),
    ]

    def __init__(self, play: OpenSession, player: str) -> None:
        super().__init__()
        self.play = play
        self.player = player
        self.seat = Seat.of(play, player)
        self.asked: list[str] = []
        self.asked_do: list[dict[str, object]] = []  # the table's actions needing our PIN

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="seat-body"):
            yield Static(Text(f"{self.player}'s seat"), classes="section-title",
                         id="seat-title")
            yours = YoursPanel(id="yours")
            yours.seat = self.seat
            yield yours
            with Horizontal(id="seat-buttons"):
                yield Button("Choose", id="seat-choose", tooltip="c")
                yield Button("Look", id="seat-peek", tooltip="p")
                yield Button("Reveal", id="seat-reveal", tooltip="v")
            yield Static("Now", classes="section-title")
            yield NowPanel(id="now")
            yield Static("Tracks", classes="section-title")
            yield TracksPanel(id="tracks")
            yield Static("Log", classes="section-title")
            yield SeatLog(id="log")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = self.play.info.title
        self.sub_title = f"{self.player}'s seat"
        self.redraw()
        self.set_interval(POLL_SECONDS, self.look_elsewhere)

    def redraw(self) -> None:
        self.seat = Seat.of(self.play, self.player)  # a role may change hands (a takeover)
        yours = self.query_one("#yours", YoursPanel)
        yours.seat = self.seat
        yours.asked = [n for n in self.asked
                       if n in seat_actions.chosen(self.play, self.seat)]
        yours.asked_do = [str(a.get("purpose")) for a in self.asked_do]
        for widget in self.query("*"):
            if isinstance(widget, SessionView):
                widget.show_session(self.play)

    def look_elsewhere(self) -> None:
        """Fold in what the table view and the other seats recorded, and the table's asks."""
        from tableside import seat_asks

        head = self.play.head
        try:
            changes = self.play.refresh()
        except TablesideError as err:
            self.notify(f"Could not read the game: {err}", severity="warning", markup=False)
            return
        asked = seat_asks.asked_of(self.play, self.seat)
        asked_do = seat_asks.actions_of(self.play, self.seat)
        if changes or self.play.head != head or asked != self.asked \
                or asked_do != self.asked_do:
            if (asked and asked != self.asked) or (asked_do and asked_do != self.asked_do):
                self.notify("The table asks for your PIN: press v.", timeout=10)
            self.asked, self.asked_do = asked, asked_do
            self.redraw()

    @on(Button.Pressed, "#seat-choose")
    async def _choose(self) -> None:
        await self.action_form("choose")

    @on(Button.Pressed, "#seat-peek")
    async def _peek(self) -> None:
        await self.action_form("peek")

    @on(Button.Pressed, "#seat-reveal")
    async def _reveal(self) -> None:
        await self.action_form("reveal")

    async def action_form(self, mode: str) -> None:
        from tableside import seat_asks

        first = None
        # the asks as they are now, not as the last look saw them: a player who presses v
        # the moment the table asks lands on the ask, whatever the poll's timing
        asked_do = seat_asks.actions_of(self.play, self.seat) if mode == "reveal" else []
        asked = seat_asks.asked_of(self.play, self.seat) if mode == "reveal" else []
        if asked_do:
            first = f"ask:{asked_do[0].get('id')}"
        elif asked:
            first = f"secret:{asked[0]}"
        form = SeatForm(self.play, self.seat, mode, first=first)
        if not form.items:
            self.notify(form.nothing_to_do(), markup=False)
            return
        await self.app.push_screen(form, lambda _done: self.redraw())
