"""The game ids the reference library knows, and guessing a rulebook's game from its text."""

from __future__ import annotations

import re

from references.errors import UnknownGame

#: game id -> display name. The Lifeform expansion (Thirteenth Passenger) files under lifeform.
GAMES: dict[str, str] = {
    "lifeform": "Lifeform",
    "nemesis-lockdown": "Nemesis: Lockdown",
    "space-station-phoenix": "Space Station Phoenix",
    "pandora-celeste": "Pandora Celeste",
}

# Names that identify a game in a rulebook's title (checked first).
_TITLE_NAMES: dict[str, tuple[str, ...]] = {
    "lifeform": ("lifeform", "thirteenth passenger"),
    "nemesis-lockdown": ("nemesis",),
    "space-station-phoenix": ("space station phoenix",),
    "pandora-celeste": ("pandora celeste", "pandora"),
}

# Words that occur often in one game's rulebook and rarely in the others (checked second).
_TEXT_NAMES: dict[str, tuple[str, ...]] = {
    "lifeform": ("lifeform", "valley forge", "remora"),
    "nemesis-lockdown": ("nemesis", "night stalker", "intruder"),
    "space-station-phoenix": ("space station phoenix", "diplomacy", "gems"),
    "pandora-celeste": ("pandora", "nasties", "crewmember"),
}


def check_game(game: str) -> str:
    """Return `game` if it is a known id, else raise UnknownGame naming the allowed ids."""
    if game not in GAMES:
        allowed = ", ".join(GAMES)
        raise UnknownGame(f"unknown game id {game!r}: use one of {allowed}")
    return game


def infer_game(title: str, text: str) -> str | None:
    """The game a rulebook belongs to, from its title or else its wording; None when unsure."""
    lowered_title = title.lower()
    by_title = [g for g, names in _TITLE_NAMES.items() if any(n in lowered_title for n in names)]
    if len(by_title) == 1:
        return by_title[0]
    lowered = text.lower()
    counts = {
        g: sum(len(re.findall(r"\b" + re.escape(n) + r"\b", lowered)) for n in names)
        for g, names in _TEXT_NAMES.items()
    }
    ranked = sorted(counts.items(), key=lambda item: item[1], reverse=True)
    (best, top), (_, second) = ranked[0], ranked[1]
    # A clear winner only: at least a few mentions and twice the runner-up.
    if top >= 5 and top >= 2 * second:
        return best
    return None
