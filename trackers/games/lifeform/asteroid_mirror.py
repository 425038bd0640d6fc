"""Module B with the table's own tokens (Thirteenth Passenger, Module B): the table shuffles its
4 asteroid tokens face down onto Self-Destruct 19-16 and its 3 Asteroid Impact cards to one
side, flips each token when the tracker arrives, and enters what it shows. The app keeps no
hidden face: the real token decides. Its count keeps the entries honest (1 hit, 3 alerts).

The other way, ``asteroids`` shuffles and draws for the table (the setup option says which).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform.asteroids import TOKENS, _remove
from trackers.games.lifeform.facts import facts_of

MODES = ("mirror", "app")
MODE_LABELS = {"mirror": "mirror (your own tokens)", "app": "drawn by the app"}
SHOWS = ("Impact imminent!", "Struck by asteroids!")
RULE = "(Thirteenth Passenger, Module B)"


def mirrored(state: State) -> bool:
    return bool(facts_of(state).get("asteroids", {}).get("mirror"))


def setup_mirror(state: State) -> None:
    """The table's tokens: nothing hidden in the app, each face entered when flipped."""
    from trackers.games.lifeform.asteroids import SPACES

    facts_of(state).setdefault("hidden", {})["asteroids"] = {}
    facts_of(state)["asteroids"] = {"face_down": list(SPACES), "revealed": {}, "jumped": [],
                                "held": [], "struck": None, "mirror": True, "to_flip": []}


def due(state: State) -> int | None:
    """The next token the table has to flip, if any."""
    info = facts_of(state).get("asteroids") or {}
    return info["to_flip"][0] if info.get("to_flip") else None


def flip(state: State, shows: str, impact_card: str) -> list[Note]:
    """The table turned its token over: an alert leaves; a hit brings the drawn Impact card,
    and every other token and card leaves the game unseen."""
    space = due(state)
    if space is None:
        raise ActionError("shows: no asteroid token is waiting to be flipped", "shows")
    info = facts_of(state)["asteroids"]
    seen = list(info["revealed"].values())
    token = "hit" if shows == SHOWS[1] else "alert"
    if seen.count(token) >= TOKENS.count(token):
        raise ActionError(f"shows: the box holds {TOKENS.count(token)} '{shows}' token(s) and "
                          "as many are turned over already: look at the token again (or "
                          "correct an earlier entry with x)", "shows")
    info["to_flip"].remove(space)
    _remove(state, space)
    info["revealed"][str(space)] = token
    if token == "alert":
        return [Note(f"asteroid token on {space}: Impact imminent! It leaves the game; keep "
                     f"playing and flip the next one when the tracker gets there {RULE}",
                     "module_b")]
    card = impact_card.strip() or "drawn by the table"
    info["struck"] = card
    for other in list(info["face_down"]):
        _remove(state, other)
    info["to_flip"] = []
    return [Note(f"asteroid token on {space}: Struck by asteroids! The Asteroid Impact card you "
                 f"drew ({card}) is followed; every other asteroid token and card leaves the "
                 f"game unseen {RULE}", "module_b", key_moment=f"Struck by asteroids on {space}")]


def panel_lines(state: State) -> list[str]:
    info = facts_of(state).get("asteroids") or {}
    if not info.get("mirror"):
        return []
    lines = ["your own tokens: flip each as the tracker arrives (mirror)"]
    if info.get("to_flip"):
        lines.append(f"to flip now: the token on {info['to_flip'][0]}")
    return lines
