"""A seat's form: choose, look at or reveal one of the player's own secrets, with their PIN.

It is the player's own device: no curtain to hand over, but the value shows only in the
look's own step and is gone once hidden. Every check (the PIN, what may be chosen now, the
commitment, the log line) is the API's, through ``tableside.seat_actions``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from tableside import seat_actions, seat_asks, seat_words
from tableside.api import OpenSession, TablesideError
from tableside.seat_actions import Seat
from trackers.engine import ActionError
from trackers.pieces import Secret
from tui.screens.tap_close import TapToClose, close_button
from tui.widgets.plain import plain
from tui.widgets.typed_input import TypedInput


def _choices(field_id: str, options: list[tuple[Text, str]]) -> Vertical:
    """A choice as a list shown open (a tap or Enter picks; no drop-down to open first on a
    phone), with the pick said under it."""
    box = Vertical(OptionList(*[Option(label, id=value) for label, value in options],
                              id=field_id, classes="choices"),
                   Static("", id=f"{field_id}-picked"), classes="choice-field")
    return box


TITLES = {"choose": "Choose", "peek": "Look at", "reveal": "Reveal to the table"}


class SeatForm(TapToClose, ModalScreen[bool]):
    """``mode``: "choose", "peek" or "reveal"; ``first`` preselects a secret (a table's ask)."""

    CSS_PATH = "seat.tcss"
    BINDINGS = [Binding("escape", "close", "Close", id="seat_form.close")]

    def __init__(self, play: OpenSession, seat: Seat, mode: str, first: str | None = None
                 ) -> None:
        super().__init__()
        self.play, self.seat, self.mode = play, seat, mode
        self.items = self._items()
        ids = [i for i, _ in self.items]
        wanted = first if first and ":" in first else (f"secret:{first}" if first else None)
        self.what: str | None = wanted if wanted in ids else (ids[0] if len(ids) == 1 else None)
        self.showing = False  # a look's value is on the screen (until Hide)
        self.picked: dict[str, str] = {}  # a list field's id -> the option picked in it
        # opened on the table's ask: the form closes if the table takes the ask back
        self.on_ask = first if first and first.startswith(("ask:", "secret:")) \
            and mode == "reveal" else None

    def _items(self) -> list[tuple[str, str]]:
        play, seat = self.play, self.seat
        if self.mode == "choose":
            items = [(f"secret:{n}", play.state.piece(n, Secret).label)
                     for n in seat_actions.choosable(play, seat)]
            return items + [(f"action:{a.name}", a.title)
                            for a in seat_actions.private_actions(play, seat)]
        asks = [(f"ask:{a['id']}", f"{a['purpose']} (the table asks)")
                for a in seat_asks.actions_of(play, seat)] if self.mode == "reveal" else []
        return asks + [(f"secret:{n}", play.state.piece(n, Secret).label)
                       for n in seat_actions.chosen(play, seat)]

    def nothing_to_do(self) -> str:
        return {"choose": "Nothing of yours to choose now.",
                "peek": "None of your secrets is chosen and hidden.",
                "reveal": "None of your secrets is chosen and hidden."}[self.mode]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="seat-form", classes="dialog wide"):
            yield Static(f"{TITLES[self.mode]} ({self.seat.player} only)",
                         classes="section-title")
            yield Label("Which (Enter or a tap picks it)")
            yield OptionList(*[Option(plain(label), id=i) for i, label in self.items],
                             id="what")
            yield Vertical(id="fields")
            with Horizontal(id="form-buttons"):
                yield Button("OK", id="ok", variant="primary")
                yield Button("Show typing", id="show-typed",
                             tooltip="Show or hide what you type (only you see this screen)")
                yield close_button()
            yield Static("", id="shown", markup=False)
            yield Static("", id="form-error", classes="error", markup=False)
            yield Static("A tap outside it, or Close, leaves it: nothing is done", classes="hint")

    async def on_mount(self) -> None:
        what = self.query_one("#what", OptionList)
        if self.what:
            what.highlighted = [i for i, _ in self.items].index(self.what)
        await self._fields()
        if not self.what:
            self.set_focus(what)
        if self.on_ask is not None:
            self.set_interval(1.0, self._ask_still_stands)

    def _ask_still_stands(self) -> bool:
        """The table took its ask back: the form it opened closes, and reveals nothing."""
        if not self.is_current:  # answered and closing already
            return False
        kind, name = (self.on_ask or ":").split(":", 1)
        if kind == "ask":
            standing = any(a.get("id") == name for a in seat_asks.asked_actions(self.play))
        else:
            standing = name in seat_asks.asked(self.play)
        if not standing:
            self.notify("The table no longer asks for this: nothing was revealed.",
                        markup=False)
            self.dismiss(False)
        return standing

    @on(Button.Pressed, "#show-typed")
    def _show_typed(self, event: Button.Pressed) -> None:
        """The player's own screen: they may see what they type (a value, their PIN)."""
        event.stop()
        fields = [f for f in self.query("#fields Input") if isinstance(f, Input)]
        hidden = not any(f.password for f in fields)
        for field in fields:
            field.password = hidden
        event.button.label = "Show typing" if hidden else "Hide typing"
        if fields:  # back to typing (the PIN is the last field)
            self.set_focus(fields[-1])

    @on(OptionList.OptionSelected, "#what")
    async def _what_chosen(self, event: OptionList.OptionSelected) -> None:
        self.what = event.option.id
        await self._fields()

    async def _fields(self) -> None:
        box = self.query_one("#fields", Vertical)
        await box.remove_children()
        self.query_one("#form-error", Static).update("")
        if not self.what:
            return
        kind, name = self.what.split(":", 1)
        widgets: list[Widget] = []
        if kind == "ask":
            widgets += [Label("Your PIN"), TypedInput(id="pin", password=True)]
        elif kind == "action":
            action = self.play.action(name)
            for param in action.shown_params(self.play.state):
                widgets.append(Label(plain(f"{param.name.replace('_', ' ')}: {param.help}")))
                if param.kind == "choice":
                    options = [(plain(param.label_of(self.play.state, c)), c)
                               for c in param.allowed(self.play.state)]
                    widgets.append(_choices(f"arg-{param.name}", options))
                else:
                    widgets.append(TypedInput(id=f"arg-{param.name}", password=param.secret))
            if action.private_to and not any(p.kind == "choice"
                                             for p in action.shown_params(self.play.state)):
                widgets += self._pin_widgets(action.private_to)  # else once a choice is made
        else:
            secret = self.play.state.piece(name, Secret)
            if self.mode == "choose":
                widgets.append(Label(plain(f"{secret.label}: your choice")))
                widgets.append(_choices("arg-value", [(plain(c), c) for c in secret.choices])
                               if secret.choices else TypedInput(id="arg-value", password=True))
                if secret.choices:  # a list: the PIN field at once, under it
                    widgets += self._pin_widgets(secret.owner)
                elif seat_actions.first_secret(self.play, secret.owner):
                    widgets.append(Static("Enter: on to the PIN", classes="hint"))
            elif seat_actions.needs_pin(self.play, name):
                widgets += [Label("Your PIN"), TypedInput(id="pin", password=True)]
        # Drawn only once the first field has the focus: a player who types as soon as the
        # field shows types into it (keys read earlier would go to the list above).
        with self.app.batch_update():
            await box.mount_all(widgets)
            fields = self._inputs()
            if fields:
                self.set_focus(fields[0])
            else:  # nothing to type (no PIN set): OK is next
                self.set_focus(self.query_one("#ok", Button))

    def _pin_widgets(self, owner: str) -> list[Widget]:
        """The owner's PIN for a choice: set now at their first secret (this seat sets its
        own player's), asked at every later one; none when they declined one."""
        if not seat_actions.first_secret(self.play, owner):
            if not self.play.pin_is_set(owner):
                return []
            return [Label("Your PIN (asked to choose or change a secret of yours)"),
                    TypedInput(id="pin", password=True)]
        return [Label(plain(f"Set a PIN for {owner}'s secrets in this game, once (6 characters "
                            "or more). Leave it empty to decline: then they are hidden from "
                            "the screen, not from someone who opens the files.")),
                TypedInput(id="pin", password=True)]

    def _owner(self) -> str:
        name = (self.what or ":").split(":", 1)[1]
        return self.play.state.piece(name, Secret).owner

    async def _add_pin(self) -> None:
        """The PIN field, shown (and focused) once the value is typed and Enter pressed."""
        name = (self.what or ":").split(":", 1)[1]
        with self.app.batch_update():
            await self.query_one("#fields", Vertical).mount_all(
                self._pin_widgets(self.play.state.piece(name, Secret).owner))
            self.set_focus(self.query_one("#pin", Input))

    def _inputs(self) -> list[Widget]:
        return [w for w in self.query("#fields Input, #fields OptionList") if w.focusable]

    def _read(self, widget_id: str) -> Any:
        found = self.query(f"#{widget_id}")
        if not found:
            return None
        widget = found.first()
        if isinstance(widget, OptionList):
            return self.picked.get(widget_id)
        if isinstance(widget, Input):
            return widget.value or None
        return None

    @on(OptionList.OptionSelected, "#fields OptionList")
    async def _picked(self, event: OptionList.OptionSelected) -> None:
        """A choice made (Enter or a tap): said beside the list, then on to the next field
        (the PIN, added now at the role's first secret) or OK."""
        event.stop()
        field = event.option_list
        if field.id is None or event.option.id is None:
            return
        self.picked[field.id] = event.option.id
        note = self.query_one(f"#{field.id}-picked", Static)
        note.update(Text.assemble("Picked: ", (str(event.option.prompt), "bold")))
        fields = self._inputs()
        after = fields[fields.index(field) + 1:] if field in fields else []
        kind, name = (self.what or ":").split(":", 1)
        if not after and kind == "action" and not self.query("#pin"):
            action = self.play.action(name)
            pin = self._pin_widgets(str(action.private_to)) if action.private_to else []
            if pin:
                with self.app.batch_update():
                    await self.query_one("#fields", Vertical).mount_all(pin)
                after = [self.query_one("#pin", Input)]
        self.set_focus(after[0] if after else self.query_one("#ok", Button))

    @on(Input.Submitted)
    async def _entered(self, event: Input.Submitted) -> None:
        """Enter: on to the next field (value, then PIN), then OK; Hide once shown."""
        fields = self._inputs()
        if self.showing:
            self._hide()
        elif self.mode == "choose" and (self.what or "").startswith("secret:") \
                and not self.query("#pin") and self._pin_widgets(self._owner()):
            await self._add_pin()
        elif event.input in fields and event.input is not fields[-1]:
            self.set_focus(fields[fields.index(event.input) + 1])
        else:
            await self._ok()

    @on(Button.Pressed, "#ok")
    async def _ok(self) -> None:
        error = self.query_one("#form-error", Static)
        if self.showing:
            self._hide()
            return
        if not self.what:
            error.update("Which: pick one of yours first")
            return
        if self.on_ask is not None and not self._ask_still_stands():
            return
        kind, name = self.what.split(":", 1)
        pin = self._read("pin")
        try:
            if kind == "ask":
                await self._answer(name, pin)
            elif kind == "action":
                action = self.play.action(name)
                args = {p.name: v for p in action.shown_params(self.play.state)
                        if (v := self._read(f"arg-{p.name}")) is not None}
                seat_actions.do_private(self.play, action, args, pin)
                self.notify(f"{action.title}: done.")
            elif self.mode == "choose":
                seat_actions.choose(self.play, name, self._read("arg-value") or "", pin)
                code = self.play.state.piece(name, Secret).code
                self.notify(f"Chosen. The table sees its code: {code}", markup=False)
            elif self.mode == "peek":
                value = seat_actions.peek(self.play, name, pin)
                error.update("")  # an earlier refusal is over: never beside the value
                label = self.play.state.piece(name, Secret).label
                self.query_one("#shown", Static).update(plain(f"{label}: {value}"))
                ok = self.query_one("#ok", Button)
                ok.label = "Hide it"
                self.showing = True
                ok.focus()
                return
            else:
                seat_actions.reveal(self.play, name, pin)
                self.notify("Revealed to the table.")
        except (ActionError, TablesideError) as err:
            error.update(plain(seat_words.error_words(self.play, str(err))))
            return
        except Exception as err:  # a bug must not close the seat: say so, keep the form
            from tui.problems import told

            typed = [v for v in (pin, self._read("arg-value")) if v]
            error.update(plain(told(self.app, err, typed)))
            return
        self.dismiss(True)

    async def _answer(self, ask_id: str, pin: str | None) -> None:
        """Do what the table asked (its action, with this player's PIN); the ask is done."""
        ask = next((a for a in seat_asks.asked_actions(self.play) if a.get("id") == ask_id),
                   None)
        if ask is None:
            raise ActionError("the table no longer asks for this", "what")
        self.play.do(str(ask["action"]), pin=pin or None, **dict(ask.get("args") or {}))
        seat_asks.drop_action(self.play, ask_id)
        self.notify(f"Done for the table: {ask['purpose']}", markup=False)

    def _hide(self) -> None:
        self.query_one("#shown", Static).update("")
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)
