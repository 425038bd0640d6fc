"""Words a rulebook (or the spec, citing it) says mean the same thing, per game.

Each group is searched as one: a query word from a group also finds the others.
Sources: the rulebook texts in ../shared/seeds and the facts sheets in ../shared/spec.
"""

from __future__ import annotations

import re

#: game id ("*" = every game) -> groups of equivalent phrases, as a reader would type them
SYNONYMS: dict[str, tuple[tuple[str, ...], ...]] = {
    "*": (  # every game: what players say for what the rulebooks call hand size
        ("hand limit", "hand size", "maximum hand size", "max hand"),
    ),
    "lifeform": (
        ("self-destruct", "sd"),  # spec lifeform, "How to read this sheet": SD = Self-Destruct
        ("valley forge", "vf"),  # spec lifeform: VF = the starship Valley Forge
        ("lifeform player", "lf"),  # spec lifeform: LF = the lifeform player
        ("sis-ter", "sister"),  # the Mainframe is spelt SIS-TER and Sis-ter (Base: Components)
        ("hypersleep", "hyperleep"),  # Exp: Remora Board Chamber Outcomes spells it Hyperleep
    ),
    "nemesis-lockdown": (
        ("intruder", "night stalker"),  # Game Overview: treat the two terms as equivalent
        ("css", "cargo sending system"),  # Game Overview: Cargo Sending System (CSS) Pod
    ),
    "space-station-phoenix": (
        ("gem", "galactic exchange mineral"),  # Components: Galactic Exchange Minerals (GEMs)
        ("turkanshee", "teal"),  # Scoring Example: species named with their colours
        ("ensaroo", "pink"),
        ("zonri", "brown"),
        ("whijinga", "gold"),
    ),
    "pandora-celeste": (
        ("ep", "emergency protocol"),  # First: Choose Your Difficulty: Emergency Protocols (EP)
        ("bn", "big nasty"),  # same place: Big Nasties (BN)
        ("los", "line of sight"),  # Line of Sight (LoS)
        ("uet", "universal emergency tool"),  # Fighting the Fire
        ("dmg", "damage"),  # the text's own shorthand for a point of damage
        ("fenn", "cyberdog"),  # Fenn the CyberDog (The Full Game: Fenn)
        ("nrg", "recharge"),  # NRG/Recharge card (NRG Pills)
    ),
}

_TOKEN = re.compile(r"[^\W_]+")


def tokens(text: str) -> tuple[str, ...]:
    """The words FTS5's unicode61 tokenizer would see, lower-cased."""
    return tuple(_TOKEN.findall(text.lower()))


def synonym_index(game: str | None) -> dict[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Token sequence -> every token sequence of its group, for one game or all of them."""
    games = ["*", game] if game else list(SYNONYMS)
    index: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}
    for name in games:
        for group in SYNONYMS.get(name, ()):
            phrases = tuple(tokens(p) for p in group)
            for phrase in phrases:
                merged = index.get(phrase, ())
                index[phrase] = merged + tuple(p for p in phrases if p not in merged)
    return index
