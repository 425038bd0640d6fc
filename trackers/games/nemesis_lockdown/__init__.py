"""Nemesis: Lockdown upkeep: Time track, Power, the Intruder bag and board, Characters."""

from trackers.engine.info import GameInfo, PlayMode

INFO = GameInfo(
    id="nemesis-lockdown",
    title="Nemesis: Lockdown",
    modes=(PlayMode("standard", "semi-co-operative", (2, 3, 4, 5),
                    "Each player keeps a secret Objective; several may win, or nobody."),
           PlayMode("coop", "fully co-operative", (2, 3, 4, 5),
                    "Public Objectives, all to be met, one Character alive at least; Revive."),
           PlayMode("solo", "solo", (1,),
                    "Solo/Coop Objectives (draw 2, keep 1); 2 more Neutral-Pool tokens.")),
    blurb="Time track, Autodestruction and Alert, CSS, Power, the Intruder bag and the "
          "Intruders on the board, Characters and the Victory Check for Nemesis: Lockdown.",
    rulebook_titles=("nemesis",),
    rulebook_words=("nemesis", "night stalker", "intruder"),
    synonyms=(
        ("intruder", "night stalker"),  # Game Overview: the two terms are one thing
        ("css", "cargo sending system"),  # Game Overview: Cargo Sending System (CSS) Pod
        ("lights", "power"),  # players say the lights go out; the rulebook: Power and Darkness
    ),
)
