"""What a seat may do with its own secrets, through the API's public secret calls only.

A seat holds some owners' secrets (``tableside.seat_links.roles_of``): it lists them, chooses
one (the generic ``choose_secret``, or a game's own private action such as a Reality
Calibration), peeks at one and reveals one, each with the owner's PIN where one is set. The
PIN rules, the logging of looks and the commitment are the API's (``OpenSession``); this
module only picks which of its calls a seat's button means.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tableside.seat_links import roles_of

if TYPE_CHECKING:
    from tableside.api import OpenSession
    from trackers.engine import Action, Note
    from trackers.pieces import Secret

CHOOSE = "choose_secret"
REVEAL = "reveal_secret"
GENERIC = {CHOOSE, REVEAL, "peek_secret"}


@dataclass(frozen=True)
class Seat:
    """One player's seat: their name and the owners (name, roles) whose secrets it holds."""

    player: str
    roles: tuple[str, ...]

    @classmethod
    def of(cls, play: OpenSession, player: str) -> Seat:
        owners = [p.owner for p in secrets_of(play)]
        owners += [a.private_to for a in play.actions() if a.private_to]
        return cls(player, tuple(roles_of(player, [player, *owners], play.holders)))


def secrets_of(play: OpenSession) -> list[Secret]:
    from trackers.pieces import Secret

    return [p for p in play.state.pieces.values() if isinstance(p, Secret)]


def secret_names(play: OpenSession, seat: Seat) -> list[str]:
    """The names of the secrets this seat holds, in the game's order."""
    from trackers.pieces import Secret

    return [name for name, piece in play.state.pieces.items()
            if isinstance(piece, Secret) and piece.owner in seat.roles]


def private_actions(play: OpenSession, seat: Seat) -> list[Action]:
    """The game's own actions kept private to one of this seat's roles (a Reality
    Calibration, the Stowaway card), possible now."""
    return [a for a in play.actions()
            if a.private_to in seat.roles and a.name not in GENERIC and play.available(a.name)]


def choosable(play: OpenSession, seat: Seat) -> list[str]:
    """This seat's secrets the generic choice may set now (not revealed, not the game's own)."""
    if not play.available(CHOOSE):
        return []
    allowed = set(play.action(CHOOSE).params[0].allowed(play.state))
    return [n for n in secret_names(play, seat) if n in allowed]


def chosen(play: OpenSession, seat: Seat) -> list[str]:
    """This seat's secrets with a value chosen and not yet revealed."""
    from trackers.pieces import Secret

    return [n for n in secret_names(play, seat)
            if (s := play.state.piece(n, Secret)).is_set and not s.revealed]


def needs_pin(play: OpenSession, name: str) -> bool:
    """Looking at or revealing this secret asks its owner's PIN."""
    from trackers.pieces import Secret

    return play.pin_is_set(play.state.piece(name, Secret).owner)


def first_secret(play: OpenSession, owner: str) -> bool:
    """The owner has no PIN (nor a declined one) yet: this choice sets it, once."""
    return not play.has_key(owner)


def choose(play: OpenSession, name: str, value: str, pin: str | None) -> list[Note]:
    """The generic choice; at the owner's first secret an empty PIN declines one."""
    from trackers.pieces import Secret

    owner = play.state.piece(name, Secret).owner
    decline = first_secret(play, owner) and not pin
    return play.choose_secret(name, value, pin=pin or None, decline_pin=decline)


def do_private(play: OpenSession, action: Action, args: dict[str, Any], pin: str | None
               ) -> list[Note]:
    """A game's private action (a Reality Calibration): its secret arguments are sealed to
    the role's key; at the role's first secret an empty PIN declines one."""
    decline = bool(action.private_to) and first_secret(play, str(action.private_to)) \
        and not pin
    return play.do(action.name, pin=pin or None, decline_pin=decline, **args)


def peek(play: OpenSession, name: str, pin: str | None) -> str:
    """The value, for the owner's eyes: the API checks the PIN and logs the look."""
    return play.secret_value(name, pin=pin or None)


def reveal(play: OpenSession, name: str, pin: str | None) -> list[Note]:
    """Reveal to the table: the API asks the owner's PIN where one is set (a seat's link
    alone reveals nothing), and logs a wrong one."""
    return play.do(REVEAL, secret=name, pin=pin or None)
