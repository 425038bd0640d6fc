"""Secret: a hidden choice kept honest by a commitment code.

When a secret is set, everyone sees a short code: a hash of the value and a random
nonce. The code is computed once, when the secret is chosen, and kept as it was shown
(the journal records it beside the value): the reveal recomputes the code from the value
and nonce and compares it with that kept code, so a value changed afterwards does not
match (ARCHITECTURE: Secrets). The value is never part of ``summary``; only ``reveal``
exposes it.

The code, so anyone can check it by hand: the first 8 hex digits, upper case, of
SHA-256 over the UTF-8 bytes of ``nonce + "\0" + value``, written ``XXXX-XXXX``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, ClassVar

from trackers.pieces.base import Piece, PieceError, register_piece


def commitment_code(value: str, nonce: str) -> str:
    """A short code for (value, nonce), e.g. ``7F3A-19C2``."""
    digest = hashlib.sha256(f"{nonce}\x00{value}".encode()).hexdigest().upper()
    return f"{digest[:4]}-{digest[4:8]}"


def same_code(a: str, b: str) -> bool:
    """Whether two codes are the same, however they were typed ("7f3a19c2", "7F3A-19C2")."""
    def bare(code: str) -> str:
        return "".join(ch for ch in code.upper() if ch not in "- ")
    return bare(a) == bare(b)


HIDDEN = "(hidden)"  # what a redacted copy holds instead of the value and the nonce


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

    def choose(self, value: str, nonce: str, code: str | None = None) -> str:
        """Set (or re-set) the hidden value; returns the public code.

        ``code`` is the code shown to the table when the choice was made, as recorded with
        it; it is kept as given, never recomputed, so the reveal can tell whether the value
        still fits it. Without one (the games' own secrets) it is computed here.
        """
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
        if self.value is None or self.nonce is None or self.code is None:
            raise PieceError(f"{self.label}: nothing has been chosen yet")
        self.revealed = True
        return self.value, self.nonce, same_code(commitment_code(self.value, self.nonce),
                                                 self.code)

    @property
    def is_set(self) -> bool:
        # The code is there whenever a choice is (a redacted copy keeps the code only).
        return self.value is not None or self.code is not None

    def public_value(self) -> str:
        """What anyone may see now."""
        if not self.is_set:
            return "not chosen yet"
        return str(self.value) if self.revealed else f"hidden (code {self.code})"

    def hidden_copy(self) -> Secret:
        """This secret as everyone may see it: before the reveal, the value and nonce are
        replaced by a marker (the code and whether it is set stay)."""
        if self.revealed or not self.is_set:
            return self
        return Secret(self.label, self.owner, list(self.choices), HIDDEN, HIDDEN, self.code,
                      False, list(self.codes), self.managed)

    def summary(self) -> str:
        return f"{self.label}: {self.public_value()}"

    def redacted(self) -> dict[str, Any]:
        """Plain data for exports: the value and nonce only once revealed."""
        data = self.to_dict()
        if not self.revealed:
            data["value"] = None
            data["nonce"] = None
        return data

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "label": self.label, "owner": self.owner,
                "choices": list(self.choices), "value": self.value, "nonce": self.nonce,
                "code": self.code, "revealed": self.revealed, "codes": list(self.codes),
                "managed": self.managed, "sealed": self.sealed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Secret:
        return cls(data["label"], data["owner"], list(data["choices"]), data["value"],
                   data["nonce"], data["code"], data["revealed"], list(data["codes"]),
                   bool(data.get("managed", False)), bool(data.get("sealed", False)))
