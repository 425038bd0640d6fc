"""The fields of an action's form: one per argument (a list of what the rules allow, a
yes/no box or a typed value), and one per printed board value the action needs (what it is,
where to look, what is allowed). A choice the rules leave one answer to is shown decided."""

from __future__ import annotations

import re
from typing import Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Label, Select, Static

from trackers.engine import ActionError, BoardValue, Param, State
from tui.screens.drafts import field_value
from tui.widgets.dialog_select import DialogSelect
from tui.widgets.plain import plain
from tui.widgets.tick_box import TickBox
from tui.widgets.typed_input import TypedInput


def sole_answer(param: Param, choices: list[tuple[str, str]]) -> bool:
    """Whether the rules leave one possible answer: it is filled in, never asked."""
    return len(choices) == 1 and not param.optional and not param.secret


def field_label(words: str) -> str:
    """A field's label: the table's words ("Whose turn ended"), not the argument's name."""
    return words[:1].upper() + words[1:]


def field_widgets(param: Param, choices: list[tuple[str, str]], value: Any,
                  suggested: Any = None) -> list[Widget]:
    """Label, input and the line for its error, for one argument; it shows ``value`` (a
    draft's), else the rules' default, else ``suggested`` (whose turn it is)."""
    words = field_label(param.help)
    optional = " (optional)" if param.optional and "optional" not in words.lower() else ""
    wid = f"arg-{param.name}"
    if sole_answer(param, choices):  # shown as decided; the hidden list holds the value
        label, only = choices[0]
        select: Select[str] = DialogSelect([(plain(label), only)], id=wid,
                                           allow_blank=False, value=only, classes="hidden")
        return [Label(plain(f"{words}: {label} (the only one possible)"),
                      classes="field-label sole", id=f"sole-{param.name}"), select,
                Static("", id=f"err-{param.name}", classes="field-error hidden", markup=False)]
    out: list[Widget] = [Label(plain(words + optional), classes="field-label")]
    if param.kind == "choice" or choices:
        offered = [c for _, c in choices]
        # a draft's answer, else the reading the rules take unless the table says, else
        # whose turn it is; given to the list as it is made, so it shows as chosen (set
        # after, the list held it but still showed "choose")
        first = next((v for v in (value, param.default, suggested) if v in offered),
                     Select.NULL)
        # an optional list left blank is an answer: Enter passes it (tui.screens.form_keys)
        select = DialogSelect([(plain(label), c) for label, c in choices], id=wid,
                              allow_blank=True, prompt="choose", value=first,
                              classes="optional" if param.optional else "")
        out.append(select)
        out.append(Static("", id=f"chosen-{param.name}", classes="chosen hidden", markup=False))
    elif param.kind == "bool":
        out.append(TickBox(param.help, bool(param.default if value is None else value),
                            id=wid))
    else:
        # a draft's answer, else the default, else what the rules suggest (a discard due)
        shown = next((v for v in (value, param.default, suggested) if v is not None), None)
        out.append(TypedInput("" if shown is None else str(shown), id=wid, password=param.secret,
                         type="integer" if param.kind == "int" else "text",
                         max_length=200))
    out.append(Static("", id=f"err-{param.name}", classes="field-error hidden", markup=False))
    return out


def safe_id(key: str) -> str:
    """A widget id for a field name or board value key ("self_destruct.minutes" has a dot,
    which Textual ids may not hold)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", key)


def picked_one(spec: BoardValue) -> bool:
    """Whether the value is one yes/no or one label, picked from a list (a game's own kind
    may read a list of labels, or "space: icon" pairs, typed instead)."""
    try:
        spec.parse("yes" if spec.kind == "bool" else spec.labels[0])
    except (ActionError, IndexError):
        return False
    return True


def board_widgets(spec: BoardValue) -> list[Widget]:
    """A field for a printed board value: what it is, where to look, what is allowed."""
    wid = f"board-{safe_id(spec.key)}"
    out: list[Widget] = [
        Label(plain(f"{spec.label} (from your board)"), classes="field-label"),
        Static(plain(f"Look at: {spec.look_at}. Give {spec.allowed()}."), classes="hint")]
    if spec.kind == "bool":
        out.append(DialogSelect([("yes", "yes"), ("no", "no")], id=wid, prompt="choose"))
    elif spec.kind == "label" and picked_one(spec):
        out.append(DialogSelect([(plain(label), label) for label in spec.labels], id=wid,
                                prompt="choose"))
    else:
        out.append(TypedInput(id=wid, max_length=200))
    out.append(Static("", id=f"err-{safe_id(spec.key)}", classes="field-error hidden",
                      markup=False))
    return out


def settle_error(screen: Screen[Any], field: Widget, params: tuple[Param, ...] | list[Param],
                 state: State) -> None:
    """A field's error goes as soon as the field holds a value it allows (what the rules
    say of the whole action is checked again on OK); empty, a "required" stays."""
    wid = field.id or ""
    name = wid.removeprefix("arg-").removeprefix("board-")
    value = field_value(field)
    if name == wid or value is None or (isinstance(value, str) and not value.strip()):
        return
    param = next((p for p in params if p.name == name), None)
    if param is not None and wid.startswith("arg-"):
        try:
            param.coerce(value, state)
        except (ActionError, KeyError, TypeError, ValueError):
            return  # still not allowed: its reason stays
    for line in screen.query(f"#err-{name}"):
        line.add_class("hidden")
