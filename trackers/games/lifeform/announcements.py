"""What the ship says aloud: the Self-Destruct position each time it moves, and the marks it
reaches (rulebook p. 46, Self-Destruct Track: the lifeform player is encouraged to sound out
the timer's position in an automated voice; the app does it for them).

Only the track is read, never a secret: the engine hands these the table's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from trackers.engine import State
from trackers.engine.announce import Announcer
from trackers.games.lifeform import solo
from trackers.pieces import Track

# The marks the table acts on, in a few words each (their full rules stay in the notes).
MARKS = {"20": "Remora boarding open.", "10": "Heat Analyzers removed.",
         "9": "The Remora may now launch late.", "Explosion": "Explosion."}
SOLO_MARKS = {"20": "Remora boarding open.", "Explosion": "Explosion."}


def minutes(position: int) -> str:
    """The Self-Destruct position in the ship's words: "Self-destruct. 7 minutes."."""
    if position <= 0:
        return "Self-destruct. Explosion."
    unit = "minute" if position == 1 else "minutes"
    return f"Self-destruct. {position} {unit}."


def announce(before: State, after: State, _action: str) -> Sequence[str]:
    """The position when the Self-Destruct tracker moved, then each mark it reached."""
    old, new = before.pieces.get("self_destruct"), after.pieces.get("self_destruct")
    if not isinstance(new, Track) or not isinstance(old, Track):
        return []
    said = []
    if new.position != old.position:
        said.append(minutes(new.position))
    marks = SOLO_MARKS if solo.is_solo(after) else MARKS
    for key in new.fired:
        if key not in old.fired:
            if key.startswith("Terror icon"):
                said.append("Terror icon.")
            elif key in marks and not (key == "Explosion" and new.position <= 0):
                said.append(marks[key])
    return said


# The rulebook asks for the voice: a new Lifeform game speaks unless the table mutes it.
ANNOUNCER = Announcer(announce, spoken_by_default=True,
                      why="the rulebook asks for the Self-Destruct position aloud (p. 46)")
