"""Secret: a hidden choice kept honest by a commitment code.

When a secret is set, everyone sees a short code: a hash of the value and a random
nonce. The code is computed once, when the secret is chosen, and kept as it was shown
(the journal records it beside the value): the reveal recomputes the code from the value
and nonce and compares it with that kept code, so a value changed afterwards does not
match (docs/DESIGN.md, Secrets). The value is never part of ``summary``; only ``reveal``
exposes it.

The code, so anyone can check it by hand: the first 12 hex digits (48 bits), upper case, of
SHA-256 over the UTF-8 bytes of ``nonce + "\0" + value``, written ``XXXX-XXXX-XXXX``. Games
saved before kept 8 digits (``XXXX-XXXX``, the same digest's first 8): they still check.

A choice made through the app arrives *sealed*: ``{"code": ..., "sealed": ...}``, the value and
nonce encrypted to the owner's key by the API layer (tableside.vault). The piece then knows only
the code; an action that reveals it gets value and nonce in its recorded arguments, and one
that only tests it ("is this image the real one?") gets the answer the owner's key computed.
Until then ``reveal`` and ``holds`` raise ``SecretNeeded``, which the engine turns into a
request for the owner's PIN.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from trackers.pieces.base import Piece, PieceError, register_piece

CODE_DIGITS = 12  # 48 bits: finding two values with one code takes ~2^24 tries, not 2^16
OLD_CODE_DIGITS = 8  # games saved before kept 32-bit codes


def commitment_code(value: str, nonce: str) -> str:
    """A short code for (value, nonce), e.g. ``7F3A-19C2-04BE``."""
    digest = hashlib.sha256(f"{nonce}\x00{value}".encode()).hexdigest().upper()
    return f"{digest[:4]}-{digest[4:8]}-{digest[8:12]}"


def bare_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch not in "- ")


def same_code(a: str, b: str) -> bool:
    """Whether two codes are the same, however they were typed ("7f3a19c204be",
    "7F3A-19C2-04BE"). A code of a game saved before (8 digits) is compared on its 8."""
    x, y = bare_code(a), bare_code(b)
    if len(x) != len(y) and OLD_CODE_DIGITS in (len(x), len(y)):
        x, y = x[:OLD_CODE_DIGITS], y[:OLD_CODE_DIGITS]
    return bool(x) and x == y


def is_sealed(value: object) -> bool:
    """Whether a recorded argument is a sealed choice (code + ciphertext), not a value."""
    return isinstance(value, dict) and isinstance(value.get("code"), str) \
        and isinstance(value.get("sealed"), str)


class SecretNeeded(PieceError):
    """The action needs a sealed secret: its value (``kind`` "reveal") or the answer to a
    test (``kind`` "test", ``query`` the value asked about). The engine names the secret."""

    def __init__(self, piece: Secret, kind: str, query: str | None = None) -> None:
        super().__init__(f"{piece.label}: needs the {piece.owner}'s PIN")
        self.piece, self.kind, self.query = piece, kind, query


HIDDEN = "(hidden)"  # what a redacted copy holds instead of the value and the nonce
MISMATCH = "this reveal does not match the code shown at the time"


def reveal_matches(value: str, nonce: str, code: str) -> bool:
    """Whether a revealed value and nonce give the code the table was shown (anyone can
    recheck it: all three are kept)."""
    return same_code(commitment_code(value, nonce), code)


@register_piece
@dataclass
class Secret(Piece):
    """A value only ``owner`` may see until it is revealed."""

    kind: ClassVar[str] = "secret"
    label: str
    owner: str  # who may look, e.g. "Lifeform player"
    choices: list[str] = field(default_factory=list)  # empty: any text
    value: str | None = None
    nonce: str | None = None
    code: str | None = None
    revealed: bool = False
    codes: list[str] = field(default_factory=list)  # every code this secret has had
    # True when the game's own actions choose and reveal it at the moments its rules say
    # (e.g. the Stowaway card at Self-Destruct 20); the generic choose/reveal leave it alone.
    managed: bool = False
    # True when nobody at the table may look before the reveal (the app hid it: the solo
    # lifeform's hiding chamber); a peek is refused.
    sealed: bool = False
    # The sealed choice (code + ciphertext) when the value is kept encrypted; None otherwise.
    locked: dict[str, Any] | None = None
    # Answers to tests of a locked value, given to one action by the engine (never saved).
    answers: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)
    # True while the rules let the owner choose it again (a Reality Calibration that is due):
    # set and cleared by the game's own actions at the rulebook's moments; the generic
    # choose refuses a secret already chosen otherwise. Each new choice keeps the codes
    # shown before (``codes``), and the reveal is checked against the last (``code``).
    replaceable: bool = False
    # On a trial's copy only (``Session.trial``): opens the sealed value where it is needed,
    # (kind, query) -> (value, nonce), so one trial learns every secret an action opens.
    opener: Callable[[str, str | None], tuple[str, str]] | None = field(
        default=None, compare=False, repr=False)

    def choose(self, value: str | dict[str, Any], nonce: str,
               code: str | None = None) -> str:
        """Set (or re-set) the hidden value; returns the public code.

        ``code`` is the code shown to the table when the choice was made, as recorded with
        it; it is kept as given, never recomputed, so the reveal can tell whether the value
        still fits it. Without one (the games' own secrets) it is computed here. A sealed
        ``value`` sets the code only (the API checked the value against the choices before
        sealing it).
        """
        self.replaceable = False  # a replacement the rules allowed is used up by this one
        if is_sealed(value):
            assert isinstance(value, dict)
            self.value, self.nonce, self.revealed = None, None, False
            self.locked = {"code": value["code"], "sealed": value["sealed"],
                           "to": str(value.get("to", self.owner))}
            self.code = value["code"]
            self.codes.append(self.code)
            return self.code
        assert isinstance(value, str)
        self.locked = None
        if self.choices and value not in self.choices:
            raise PieceError(f"{self.label}: choose one of {', '.join(self.choices)}")
        if not value:
            raise PieceError(f"{self.label}: the choice may not be empty")
        self.value, self.nonce, self.revealed = value, nonce, False
        self.code = code if code else commitment_code(value, nonce)
        self.codes.append(self.code)
        return self.code

    def reveal(self) -> tuple[str, str, bool]:
        """Show the value: returns (value, nonce, whether they match the code shown earlier)."""
        if self.value is None and self.locked is not None:
            if self.opener is None:
                raise SecretNeeded(self, "reveal")
            self.value, self.nonce = self.opener("reveal", None)
        if self.value is None or self.nonce is None or self.code is None:
            raise PieceError(f"{self.label}: nothing has been chosen yet")
        self.revealed = True
        return self.value, self.nonce, reveal_matches(self.value, self.nonce, self.code)

    def holds(self, candidate: str) -> bool:
        """Whether the hidden value is ``candidate``, without revealing it (a sealed value:
        the answer computed with the owner's key, recorded with the action)."""
        if self.value is not None:
            return self.value == candidate
        if self.locked is not None:
            if candidate in self.answers:
                return self.answers[candidate]
            if self.opener is not None:
                return self.opener("test", candidate)[0] == candidate
            raise SecretNeeded(self, "test", candidate)
        return False

    def open(self, value: str, nonce: str) -> None:
        """Give a sealed secret its value and nonce for one action (the engine does, from
        the action's recorded arguments); ``reveal`` then checks them against the code."""
        self.value, self.nonce = value, nonce

    def relock(self) -> None:
        """After the action: a sealed secret that was opened but not revealed forgets."""
        if self.locked is not None and not self.revealed:
            self.value = self.nonce = None
        self.answers = {}

    @property
    def may_choose(self) -> bool:
        """Whether a choice may be made now: never made yet, or the rules let the owner
        replace it (``replaceable``)."""
        return not self.is_set or self.replaceable

    @property
    def is_set(self) -> bool:
        # The code is there whenever a choice is (a redacted copy keeps the code only).
        return self.value is not None or self.code is not None

    @property
    def matches_code(self) -> bool:
        """False when a revealed value and nonce do not give the code shown at the time (the
        files were changed): such a reveal is never shown as genuine."""
        if not self.revealed or self.value is None or self.code is None:
            return True
        return reveal_matches(self.value, self.nonce or "", self.code)

    def public_value(self) -> str:
        """What anyone may see now."""
        if not self.is_set:
            return "not chosen yet"
        if not self.revealed:
            return f"hidden (code {self.code})"
        return str(self.value) if self.matches_code else f"{self.value} ({MISMATCH})"

    def hidden_copy(self) -> Secret:
        """This secret as everyone may see it: before the reveal, the value and nonce are
        replaced by a marker (the code and whether it is set stay)."""
        if self.revealed or not self.is_set:
            return self
        return replace(self, choices=list(self.choices), value=HIDDEN, nonce=HIDDEN,
                       codes=list(self.codes), answers={})

    def summary(self) -> str:
        return f"{self.label}: {self.public_value()}"

    def redacted(self) -> dict[str, Any]:
        """Plain data for exports: the value and nonce only once revealed."""
        data = self.to_dict()
        if not self.revealed:
            data["value"] = None
            data["nonce"] = None
        data.pop("locked", None)  # ciphertext: of no use to a reader of the export
        return data

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "owner": self.owner,
                "choices": list(self.choices), "value": self.value, "nonce": self.nonce,
                "code": self.code, "revealed": self.revealed, "codes": list(self.codes),
                "managed": self.managed, "sealed": self.sealed, "locked": self.locked,
                **({"replaceable": True} if self.replaceable else {})}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Secret:
        return cls(data["label"], data["owner"], list(data["choices"]), data["value"],
                   data["nonce"], data["code"], data["revealed"], list(data["codes"]),
                   bool(data.get("managed", False)), bool(data.get("sealed", False)),
                   data.get("locked"), replaceable=bool(data.get("replaceable", False)))
