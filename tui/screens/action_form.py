"""The form for an action's arguments, with a privacy curtain around secret ones.

Steps: the open arguments; then, if the action has secret arguments, a curtain that
names who may look (and asks their PIN if they set one); the secret arguments; and a
cleared screen before the laptop goes back. Every step is composed up front and shown in
turn, so moving on never waits for widgets to mount (keys typed fast land where meant).

What was typed in the open step comes back as a draft when the form is left by Escape
(kept if the table says so) or by closing the app (tui.screens.drafts); secret arguments
are never kept. A choice with one possible answer is filled in and shown, never asked.

The form does the action itself: when the rules refuse, it stays open with what was typed
and the reason beside the field; when the action needs printed board values the table has
not entered (``BoardValueNeeded``), it grows a field for each, saying where to look, and
the next Enter enters them and does the action (``OpenSession.do_with_board``).
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Select, Static

from tableside.api import OpenSession, TablesideError
from trackers.engine import Action, ActionError, Param
from trackers.engine.actions import BoardValueNeeded
from trackers.pieces import Secret
from tui.screens.curtain import CurtainStep
from tui.screens.drafts import (
    ask_keep_or_drop,
    field_value,
    open_at_top,
    save_quietly,
    show_field_error,
)
from tui.screens.form_fields import (
    board_widgets,
    field_label,
    field_widgets,
    safe_id,
    settle_error,
)
from tui.screens.form_keys import FIELD_KEYS, FieldKeys, settle
from tui.widgets.dialog_select import DialogSelect
from tui.widgets.plain import plain


def owner_for(play: OpenSession, action: Action, args: dict[str, Any]) -> str:
    """Who may look while the secret arguments are entered."""
    if action.private_to:
        return action.private_to
    piece = play.state.pieces.get(str(args.get("secret", "")))
    return piece.owner if isinstance(piece, Secret) else "the player making this choice"


class ActionFormScreen(FieldKeys, ModalScreen[bool]):
    """Collect an action's arguments and do it; dismiss with True once done, else False."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="form.cancel",
                        tooltip="Close the form (asks whether to keep what you typed as a draft)"),
                # As New game's ctrl+s: the form done from any field, without tabbing to OK.
                Binding("ctrl+s", "submit_step", "OK", id="form.ok", priority=True,
                        tooltip="Done: the same as the OK button"),
                *FIELD_KEYS]

    def __init__(self, play: OpenSession, action: Action) -> None:
        super().__init__()
        self.play = play
        self.action_spec = action
        # The generic secret choice goes through the API, which owns the PIN rules and fills
        # in the commitment (nonce, code): the form asks only which secret and its value.
        self.uses_pin = action.name == "choose_secret"
        params = [p for p in action.shown_params(play.state)  # the app makes nonce and code
                  if not self.uses_pin or p.name in ("secret", "value")]
        self.open_params = [p for p in params if not p.secret]
        self.secret_params = [p for p in params if p.secret]
        self.args: dict[str, Any] = {}
        self.board_keys: list[str] = []
        self.step = "open" if self.open_params or not self.secret_params else "curtain"
        self.draft_name = f"form:{action.name}"
        try:
            found = play.draft(self.draft_name)
        except TablesideError:
            found = None  # a settings file that cannot be read: the form opens blank
        names = {p.name for p in self.open_params}
        self.draft: dict[str, Any] = {k: v for k, v in found.items() if k in names} \
            if isinstance(found, dict) else {}
        self._typed: dict[str, Any] = {}  # the open step as it opened
        self._live: dict[str, Any] = {}  # the open step as typed now (followed as it changes)
        self._finished = False  # done, or left with the draft kept or dropped

    @property
    def private(self) -> bool:
        return bool(self.secret_params or self.action_spec.private_to)

    def compose(self) -> ComposeResult:
        # A form with secrets fills the whole screen: nothing of the table shows around it.
        with VerticalScroll(id="form-body",
                            classes="dialog wide" + (" private" if self.private else "")):
            with Vertical(id="step-open", classes="step"):
                yield Static(plain(self.action_spec.title), classes="section-title")
                yield Static(plain(self.action_spec.description), classes="hint")
                if self.draft:
                    yield Static("What you typed last time is back (a draft).", classes="hint")
                for param in self.open_params:
                    yield from field_widgets(param, self._choices(param),
                                             self.draft.get(param.name),
                                             param.suggestion(self.play.state))
                yield Vertical(id="board-fields")
                yield Button("OK", id="ok-open", variant="primary")
            if self.secret_params:
                yield CurtainStep()
                yield Vertical(id="step-secret", classes="step")
                with Vertical(id="step-cleared", classes="step"):
                    yield Static("Done. The screen is cleared.\nHand the laptop back to the "
                                 "table, then press Enter.", classes="curtain")
                    yield Button("Back to the table", id="ok-cleared")
            yield Static("", id="form-error", classes="error", markup=False)

    async def on_mount(self) -> None:
        self._typed = self._read(self.open_params)
        self._live = dict(self._typed)
        self._show_step()
        try:  # values the action needs whatever is typed: asked for at once
            needed = self.action_spec.board_needs(self.play.state, {})
        except (KeyError, TypeError, ValueError, ActionError):
            needed = []  # they depend on the arguments: asked when the action is tried
        if needed and not self.open_params:
            labels = ", ".join(self.play.game.board_value(k).label for k in needed)
            await self._ask_board(BoardValueNeeded(
                f"{self.action_spec.title} needs a value from your board: {labels}", needed))

    # --- steps ------------------------------------------------------------------------
    def _show_step(self) -> None:
        for step in ("open", "curtain", "secret", "cleared"):
            for widget in self.query(f"#step-{step}"):
                widget.display = step == self.step
        if self.step == "curtain":
            owner = owner_for(self.play, self.action_spec, self.args)
            pin = "" if self.play.has_key(owner) else "new"
            self.query_one(CurtainStep).show(self.play, owner, pin,
                                             self.action_spec.title)  # as the footer names it
        self.query_one("#form-error", Static).update("")
        shown = self.query_one(f"#step-{self.step}")
        # (an open field shown decided, the only possible answer, is hidden: not focused;
        # the curtain's PIN field takes Enter even while it is not shown)
        focusable = [w for w in shown.query("Input, Select, Checkbox, Button")
                     if w.focusable and (w.display or self.step != "open")]
        # Focused now, not after the keys already waiting (Widget.focus is deferred): keys
        # typed right after the action's key go to this field. The form shows its top.
        open_at_top(self, self.query_one("#form-body"), focusable[0] if focusable else None)

    async def _build_secret_step(self) -> None:
        """The private fields, made once the curtain is up: a secret's choices depend on
        which secret was picked in the open step."""
        step = self.query_one("#step-secret", Vertical)
        await step.remove_children()
        widgets: list[Widget] = [Static(plain(f"{self.action_spec.title} (private)"),
                                        classes="section-title")]
        for param in self.secret_params:
            widgets += field_widgets(param, self._choices(param), None)
        widgets.append(Button("Keep it secret", id="ok-secret", variant="primary"))
        await step.mount_all(widgets)

    def _choices(self, param: Param) -> list[tuple[str, str]]:
        """(label, value) of what the rules allow now; [] for a field typed freely."""
        state = self.play.state
        if param.kind == "choice":
            return [(param.label_of(state, c), c) for c in param.allowed(state)]
        # A secret with fixed choices (e.g. which image is real) is picked from a list.
        secret = state.pieces.get(str(self.args.get("secret", "")))
        if param.secret and isinstance(secret, Secret):
            return [(c, c) for c in secret.choices]
        return []

    # --- reading and checking ----------------------------------------------------------
    def _read(self, params: list[Param]) -> dict[str, Any]:
        raw: dict[str, Any] = {}
        for param in params:
            widget = self.query_one(f"#arg-{param.name}")
            if isinstance(widget, Select):
                raw[param.name] = None if widget.is_blank() else widget.value
            elif isinstance(widget, Checkbox):
                raw[param.name] = widget.value
            elif isinstance(widget, Input):
                raw[param.name] = widget.value if widget.value.strip() else None
        return raw

    def _board_values(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for key in self.board_keys:
            widget = self.query_one(f"#board-{safe_id(key)}")
            if isinstance(widget, Select):
                values[key] = None if widget.is_blank() else widget.value
            elif isinstance(widget, Input):
                values[key] = widget.value
        return values

    def show_error(self, err: ActionError) -> None:
        """The reason beside the field it names, in view and focused; under the form when
        it names no field shown here. The values stay."""
        for line in self.query(".field-error"):
            line.add_class("hidden")
        text = self._in_words(err)
        below = self.query_one("#form-error", Static)
        lines = [w for w in self.query(f"#err-{safe_id(err.field)}") if isinstance(w, Static)
                 and w.parent is not None and w.parent.display] if err.field else []
        fields = [w for w in self.query(f"#arg-{safe_id(err.field)}, "
                                        f"#board-{safe_id(err.field)}") if w.display] \
            if err.field and self.step in ("open", "secret") else []
        if not lines:
            below.update(text)
            show_field_error(self, None, fields[0] if fields else below, text)
            return
        below.update("")
        show_field_error(self, lines[0], fields[0] if fields else None, text)

    def _in_words(self, err: ActionError) -> str:
        """The reason with the field named as the form labels it ("Whose turn ended:
        required"), not by the argument's name a script types ("crew: required")."""
        text = str(err)
        if not err.field or not text.startswith(f"{err.field}: "):
            return text
        label = next((p.help for p in self.action_spec.params if p.name == err.field), None)
        if label is None and err.field in self.board_keys:
            label = self.play.game.board_value(err.field).label
        if not label:
            return text
        return f"{field_label(label)}: {text[len(err.field) + 2:]}"

    # --- moving on --------------------------------------------------------------------------
    async def field_entered(self, field: Input | DialogSelect) -> None:
        """Enter in a text field submits the step, as the OK button does; in a list chosen
        by typing, it goes on to the next field still blank, else submits too."""
        if isinstance(field, DialogSelect) and self.step in ("open", "secret"):
            blank = self._next_blank(field)
            if blank is not None:
                self.set_focus(blank)
                return
        if field.id == "pin" or self.step in ("open", "secret"):
            await self._next()
        else:
            self.focus_next()

    def _next_blank(self, after: Widget) -> Widget | None:
        """The first field after ``after`` in this step that is shown and still blank."""
        shown = self.query_one(f"#step-{self.step}")
        fields = [w for w in shown.query("Input, Select") if w.focusable and w.display]
        later = fields[fields.index(after) + 1:] if after in fields else []
        return next((w for w in later if field_value(w) in (None, "")), None)

    async def action_submit_step(self) -> None:
        """ctrl+s: the step's OK button, from any field (not past the curtain: the owner
        says they are the one at the laptop with its own key)."""
        if self.step in ("open", "secret"):
            await settle(self.focused)
            await self._next()

    @on(Button.Pressed)
    async def _next(self) -> None:
        if self.step in ("open", "secret"):  # no reason from the last try outlives it
            for line in self.query(".field-error"):
                line.add_class("hidden")
        try:
            if self.step == "open":
                self.args.update(self._read(self.open_params))
                if not self.secret_params:
                    if not self._free_now():
                        return
                    if await self._do():
                        self._finish(True)
                    return
                self._check_partial()
                self.step = "curtain"
            elif self.step == "curtain":
                self.query_one(CurtainStep).check_new_pin()
                await self._build_secret_step()
                self.step = "secret"
            elif self.step == "secret":
                self.args.update(self._read(self.secret_params))
                # read: keys typed on while a PIN screen opens must not land in a list here
                self.set_focus(None)
                self.args = self.action_spec.validate(self.play.state, self.args)
                if not self._free_now() or not await self._do():
                    return
                self._finish(None)  # done: the cleared screen only hands the laptop back
                self.step = "cleared"
            else:
                self.dismiss(True)
                return
        except ActionError as err:
            self.show_error(err)
            return
        self._show_step()

    def _free_now(self) -> bool:
        """Whether no other window is saving to the game now; if one is, the wait is shown
        (Escape cancels) and the step is taken again once it is free."""
        from filelock import Timeout

        from tui.screens.lock_wait import when_free

        lock = self.play.lock()
        try:
            lock.acquire(timeout=0)
        except Timeout:
            def again() -> None:
                self.call_later(self._next)

            when_free(self, lock, self.play.open_elsewhere, "save the action", again)
            return False
        lock.release()
        return True

    async def _do(self, owner_pin: str | None = None) -> bool:
        """Do the action (entering any board values it asked for); False if refused. A
        player's first secret sets their PIN (or declines one) from the curtain; an action
        that opens a sealed secret asks its owner's PIN first (``ask_owner_pin``)."""
        from tui.screens.owner_pin import ask_owner_pin, pin_purpose

        pin, decline = self._new_pin()
        try:
            needed = None if owner_pin else self.play.pin_needed(self.action_spec.name,
                                                                 **self.args)
            if needed is not None:
                from tui.screens.seat_wait import ask_seat_to_do

                purpose = pin_purpose(self.action_spec.title, needed[1])
                if await ask_seat_to_do(self.app, self.play, self.action_spec.name, self.args,
                                        needed[0], purpose,
                                        lambda done: self._finish(True) if done else None):
                    return False  # the owner's seat does it with their PIN
                ask_owner_pin(self.app, self.play, needed[0], purpose,
                              self._with_owner_pin)
                return False
            if self.board_keys:
                self.play.do_with_board(self.action_spec.name, self._board_values(),
                                        pin=owner_pin or pin, decline_pin=decline, **self.args)
            else:
                self.play.do(self.action_spec.name, pin=owner_pin or pin, decline_pin=decline,
                             **self.args)
        except BoardValueNeeded as err:
            await self._ask_board(err)
            return False
        except ActionError as err:
            if (err.field == "pin" and owner_pin is None and self.board_keys
                    and all(k in self.play.state.board for k in self.board_keys)):
                # The board values are entered now, and the action opens an owner's sealed
                # secret: which one could not be told before them. Ask that owner's PIN.
                self.board_keys = []
                return await self._do()
            if err.field == "pin" and owner_pin is None and self.secret_params:
                # the new PIN did not fit: back to the curtain, to type it again
                self.step = "curtain"
                self._show_step()
            self.show_error(err)
            return False
        except TablesideError as err:
            self.query_one("#form-error", Static).update(
                f"{err}. Nothing was recorded; check the disk, then press Enter again.")
            return False
        except Exception as err:  # a bug must not lose the game: say so, keep the form
            from tui.problems import told

            self.query_one("#form-error", Static).update(
                told(self.app, err, [v for v in (pin, owner_pin) if v]))
            return False
        return True

    def _new_pin(self) -> tuple[str | None, bool]:
        """(PIN, declined) typed at the curtain for the owner's first secret."""
        if not self.secret_params or self.step not in ("secret", "cleared"):
            return None, False
        return self.query_one(CurtainStep).new_pin()

    async def _with_owner_pin(self, pin: str | None) -> None:
        if pin and await self._do(pin):  # done: what was typed is spent, not a draft
            if self.secret_params:
                self._finish(None)
                self.step = "cleared"
                self._show_step()
            else:
                self._finish(True)

    async def _ask_board(self, err: BoardValueNeeded) -> None:
        """Grow the form by a field for each printed value the action needs."""
        new = [k for k in err.keys if k not in self.board_keys]
        box = self.query_one("#board-fields", Vertical)
        widgets: list[Widget] = []
        if not self.board_keys:
            widgets.append(Static("This needs values printed on your board. Enter them "
                                  "once: they are saved to your board profile and logged "
                                  "(undo takes them back).", classes="section-title-wrap"))
        for key in new:
            widgets += board_widgets(self.play.game.board_value(key))
        self.board_keys += new
        await box.mount_all(widgets)
        if self.step == "secret":  # board values are asked in the open step
            self.step = "open"
            self._show_step()
        self.query_one("#form-error", Static).update(str(err))
        if new:  # the focus on the first new field, its label and where to look in view
            field = self.query_one(f"#board-{safe_id(new[0])}")
            self.set_focus(field, scroll_visible=False)
            self.call_after_refresh(self._board_in_view, widgets[0], field)

    def _board_in_view(self, first: Widget, field: Widget) -> None:
        body = self.query_one("#form-body")
        body.scroll_to_widget(first, animate=False, top=True)
        body.scroll_to_widget(field, animate=False)

    def _check_partial(self) -> None:
        """Check the open arguments before the curtain (secret ones are not in yet)."""
        for param in self.open_params:
            if self.args.get(param.name) is None and not param.optional:
                raise ActionError(f"{param.name}: required; give "
                                  f"{param.describe_allowed(self.play.state)}", param.name)
            if self.args.get(param.name) is not None:
                self.args[param.name] = param.coerce(self.args[param.name], self.play.state)

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _typed_in(self, event: Input.Changed | Select.Changed | Checkbox.Changed) -> None:
        """Follow the open step's fields as they change (what a draft keeps)."""
        name = (event.control.id or "").removeprefix("arg-")
        if name in self._live:
            self._live[name] = field_value(event.control)
        settle_error(self, event.control, self.action_spec.params, self.play.state)

    @on(Select.Changed)
    def _chosen(self, event: Select.Changed) -> None:
        """A long choice is shown in full, wrapped, under its field (the field cuts it)."""
        name = (event.select.id or "").removeprefix("arg-")
        for line in self.query(f"#chosen-{name}"):
            if isinstance(line, Static):
                select = event.select
                label = select.label_of(event.value) if isinstance(select, DialogSelect) \
                    and not select.is_blank() else ""
                long = len(label) > max(event.select.size.width - 6, 20)
                line.update(plain(label) if long else "")
                line.set_class(not long, "hidden")

    # --- leaving -------------------------------------------------------------------------
    def _finish(self, done: bool | None, draft: dict[str, Any] | None = None) -> None:
        """Close the form: done (its draft is spent) or left, keeping ``draft`` (None drops
        it). ``done`` None: done, but the form stays for its cleared step."""
        self._finished = True
        if draft is not None or self.draft:  # most forms open without one: nothing written
            save_quietly(self, self.play, self.draft_name, draft)
        if done is not None:
            self.dismiss(done)

    def _typed_anything(self) -> bool:
        return self._live != self._typed or bool(self.draft)

    def action_cancel(self) -> None:
        """Escape: a form typed into (or opened on a draft) asks whether to keep it as a
        draft or drop it; Escape again goes back to the form."""
        if self._finished or not self._typed_anything():
            if not self._finished:
                self._finished = True
            self.dismiss(False)
            return
        ask_keep_or_drop(self, keep=lambda: self._finish(False, dict(self._live)),
                         drop=lambda: self._finish(False))

    def on_unmount(self) -> None:
        """Closed with the app (or the session) mid-form: what was typed is kept."""
        if not self._finished and self._live != self._typed:
            save_quietly(self, self.play, self.draft_name, dict(self._live))
