"""Nemesis: Lockdown upkeep: Time track, Power, Intruder bag, markers, crew."""

from trackers.engine.game import GameInfo, PlayMode

INFO = GameInfo(
    id="nemesis-lockdown",
    title="Nemesis: Lockdown",
    modes=(PlayMode("standard", "semi-co-operative", (2, 3, 4)),
           PlayMode("solo", "solo", (1,))),
    blurb="Time track, Autodestruction and Alert, CSS, Power, the Intruder bag, markers and "
          "wounds for Nemesis: Lockdown.",
    rulebook_titles=("nemesis",),
    rulebook_words=("nemesis", "night stalker", "intruder"),
    synonyms=(
        ("intruder", "night stalker"),  # Game Overview: the two terms are one thing
        ("css", "cargo sending system"),  # Game Overview: Cargo Sending System (CSS) Pod
    ),
)
