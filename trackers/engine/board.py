"""Board values: printed values of a player's own board that the rulebook text does not give.

A board value has no default: until the table enters it, it is *unset*, and the app says
where on the board to look. It reads the way the board does, in one of six kinds:

========  ==========================  ===============================
kind      typed as                    kept as
========  ==========================  ===============================
int       ``12``                      ``12``
ints      ``16, 17, 19``              ``[16, 17, 19]``
bool      ``yes`` / ``no``            ``True`` / ``False``
label     one of ``labels``           the label, as written in ``labels``
range     ``3-7``                     ``[3, 7]`` (low, high)
pairs     ``1:2, 3:4``                ``[[1, 2], [3, 4]]``
text      any printable text          the text (what a game keeps for later games)
========  ==========================  ===============================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from trackers.engine.actions import ActionError, parse_whole_number

KINDS = ("int", "ints", "bool", "label", "range", "pairs", "text")
TEXT_LIMIT = 2000  # characters of a "text" value (a list the table entered, kept for later)
MAX_ITEMS = 200  # a printed board never has more; a longer list is a typing accident
_YES = ("yes", "y", "true", "1")
_NO = ("no", "n", "false", "0")


@dataclass(frozen=True)
class BoardValue:
    """A printed board value the user enters; ``look_at`` says where on the board to read it.

    ``minimum``/``maximum`` bound every number of it; ``labels`` are the choices of a
    "label" value; ``help`` is a longer hint a form may show.
    """

    key: str
    label: str
    look_at: str
    kind: str = "int"
    minimum: int | None = None
    maximum: int | None = None
    labels: tuple[str, ...] = ()
    help: str = ""
    modes: tuple[str, ...] = ()  # the play modes that use it; empty: every mode

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"board value {self.key}: kind {self.kind!r} is not one of {KINDS}")
        if self.kind == "label" and not self.labels:
            raise ValueError(f"board value {self.key}: a label value needs its labels")

    # --- reading what was typed --------------------------------------------------
    def parse(self, raw: Any) -> Any:
        """The checked value, or ActionError naming this value and what is allowed."""
        parse = getattr(self, f"_parse_{self.kind}")
        return parse(raw)

    def _parse_int(self, raw: Any) -> int:
        return self._number(raw)

    def _parse_ints(self, raw: Any) -> list[int]:
        return [self._number(p) for p in self._items(raw, r"[,\s]+")]

    def _parse_bool(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower() if isinstance(raw, (str, int)) else ""
        if text in _YES:
            return True
        if text in _NO:
            return False
        raise self._bad(raw)

    def _parse_label(self, raw: Any) -> str:
        text = raw.strip().casefold() if isinstance(raw, str) else None
        for label in self.labels:
            if label.casefold() == text:
                return label
        raise self._bad(raw)

    def _parse_range(self, raw: Any) -> list[int]:
        if isinstance(raw, str):
            match = re.fullmatch(r"\s*([+-]?\d+)\s*(?:-|–|to|\.\.)\s*([+-]?\d+)\s*", raw)
            parts: list[Any] = list(match.groups()) if match else []
        else:
            parts = list(raw) if isinstance(raw, (list, tuple)) else []
        if len(parts) != 2:
            raise self._bad(raw)
        low, high = self._number(parts[0]), self._number(parts[1])
        if low > high:
            raise ActionError(f"{self.label}: the low end {low} is above the high end {high}",
                              self.key)
        return [low, high]

    def _parse_text(self, raw: Any) -> str:
        text = " ".join(raw.split()) if isinstance(raw, str) else None
        if text is None or len(text) > TEXT_LIMIT or not text.isprintable():
            raise ActionError(f"{self.label}: give {self.allowed()}", self.key)
        return text

    def _parse_pairs(self, raw: Any) -> list[list[int]]:
        out = []
        for item in self._items(raw, r"\s*,\s*|\s*;\s*"):
            if isinstance(item, str):
                halves = re.split(r"\s*[:/x]\s*|\s+", item.strip())
            else:
                halves = list(item) if isinstance(item, (list, tuple)) else []
            if len(halves) != 2:
                raise self._bad(raw)
            out.append([self._number(halves[0]), self._number(halves[1])])
        return out

    # --- helpers -------------------------------------------------------------------
    def _items(self, raw: Any, separator: str) -> list[Any]:
        if isinstance(raw, str):
            parts: list[Any] = [p for p in re.split(separator, raw.strip()) if p]
        elif isinstance(raw, (list, tuple)):
            parts = list(raw)
        else:
            raise self._bad(raw)
        if len(parts) > MAX_ITEMS:
            raise ActionError(f"{self.label}: at most {MAX_ITEMS} entries", self.key)
        return parts

    def _number(self, raw: Any) -> int:
        value = parse_whole_number(raw) if isinstance(raw, str) and len(raw) <= 12 else raw
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._bad(raw)
        if (self.minimum is not None and value < self.minimum) or (
            self.maximum is not None and value > self.maximum
        ):
            raise self._bad(raw)
        if abs(value) > 10**9:
            raise self._bad(raw)
        return value

    def _bad(self, raw: Any) -> ActionError:
        shown = raw if not isinstance(raw, str) or len(raw) <= 40 else raw[:40] + "…"
        return ActionError(f"{self.label}: {shown!r} is not allowed; give {self.allowed()}",
                           self.key)

    def allowed(self) -> str:
        """What may be typed, in words ("a whole number from 1 to 9")."""
        span = ""
        if self.minimum is not None and self.maximum is not None:
            span = f" from {self.minimum} to {self.maximum}"
        elif self.minimum is not None:
            span = f", {self.minimum} or more"
        elif self.maximum is not None:
            span = f", {self.maximum} or less"
        return {
            "int": "a whole number" + span,
            "ints": "whole numbers separated by commas" + span,
            "bool": "yes or no",
            "label": "one of: " + ", ".join(self.labels),
            "range": "a range such as 3-7" + span,
            "pairs": "pairs such as 1:2, 3:4" + span,
            "text": f"printable text of at most {TEXT_LIMIT} characters",
        }[self.kind]

    # --- showing --------------------------------------------------------------------
    def show(self, value: Any) -> str:
        """A value as the board reads: "yes", "3-7", "1:2, 3:4"; "unset" when absent."""
        if value is None:
            return "unset"
        if self.kind == "bool":
            return "yes" if value else "no"
        if self.kind == "ints":
            return ", ".join(str(v) for v in value)
        if self.kind == "range":
            return f"{value[0]}-{value[1]}"
        if self.kind == "pairs":
            return ", ".join(f"{a}:{b}" for a, b in value)
        return str(value)
