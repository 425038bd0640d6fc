"""The table asks a seat to reveal: a small file beside the game that every seat reads.

When the table view needs a secret's owner (a reveal, the Victory Check's objective) and
that owner has a seat, nobody types a PIN on the shared screen: the table writes an ask
(the secret's name, nothing of its value) to ``serve/<game id>.asks.json`` in the data
folder; the owner's seat, which reads it each second with the journal, prompts its player,
who reveals with their PIN; the reveal lands in the journal like any action, and the table
view, which waits for it ("waiting for Ann's seat"), sees it within a second.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tableside.api import OpenSession
    from tableside.seat_actions import Seat


def _path(play: OpenSession) -> Path:
    return Path(play.data_folder) / "serve" / f"{play.id}.asks.json"


def asked(play: OpenSession) -> list[str]:
    """The secrets the table asks to see revealed, oldest first; [] when none or unreadable
    (an ask is a reminder: a damaged file loses a reminder, never a game)."""
    try:
        data = json.loads(_path(play).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    names = data.get("reveal") if isinstance(data, dict) else None
    return [str(n) for n in names] if isinstance(names, list) else []


def _write(play: OpenSession, names: list[str]) -> None:
    _write_all(play, {**_data(play), "reveal": names})


def ask(play: OpenSession, name: str) -> None:
    names = asked(play)
    if name not in names:
        _write(play, [*names, name])


def drop(play: OpenSession, name: str) -> None:
    names = asked(play)
    if name in names:
        _write(play, [n for n in names if n != name])


def asked_of(play: OpenSession, seat: Seat) -> list[str]:
    """The asks this seat can answer: its own secrets, chosen and not yet revealed."""
    from tableside.seat_actions import chosen

    mine = set(chosen(play, seat))
    return [n for n in asked(play) if n in mine]


# --- an action of the table that needs a seat's PIN (Meet image, an attack on the lifeform) ---
def _data(play: OpenSession) -> dict[str, Any]:
    try:
        data = json.loads(_path(play).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def asked_actions(play: OpenSession) -> list[dict[str, Any]]:
    """The table's actions waiting for an owner's PIN: id, action, args, owner, purpose."""
    todo = _data(play).get("do")
    return [a for a in todo if isinstance(a, dict)] if isinstance(todo, list) else []


def ask_action(play: OpenSession, action: str, args: dict[str, Any], owner: str,
               purpose: str) -> str:
    """Ask the owner's seat to do ``action`` (its open arguments only) with their PIN."""
    import secrets

    ask_id = secrets.token_hex(4)
    data = _data(play)
    todo = [*asked_actions(play), {"id": ask_id, "action": action, "args": args,
                                   "owner": owner, "purpose": purpose}]
    _write_all(play, {**data, "reveal": asked(play), "do": todo})
    return ask_id


def drop_action(play: OpenSession, ask_id: str) -> None:
    data = _data(play)
    todo = [a for a in asked_actions(play) if a.get("id") != ask_id]
    _write_all(play, {**data, "reveal": asked(play), "do": todo})


def actions_of(play: OpenSession, seat: Seat) -> list[dict[str, Any]]:
    return [a for a in asked_actions(play) if a.get("owner") in seat.roles]


def _write_all(play: OpenSession, data: dict[str, Any]) -> None:
    from saves.atomic import PRIVATE_FOLDER, atomic_write, make_private

    path = _path(play)
    path.parent.mkdir(parents=True, exist_ok=True)
    make_private(path.parent, PRIVATE_FOLDER)  # the serve folder is the user's alone
    atomic_write(path, json.dumps(data).encode(), durable=False)
