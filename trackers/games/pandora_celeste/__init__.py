"""Pandora Celeste upkeep: timers, noise and First Target, the Nasties' side of the table,
wounds, fire, hull breaches and the escape."""

from trackers.engine.info import GameInfo, PlayMode

# The text gives no player count; each player runs at least one of the 8 crewmembers. True
# Solo (one player, one crewmember) comes first so a one-player game starts in it.
TRUE_SOLO = "true-solo"
CREW_MODE = "crew"

INFO = GameInfo(
    id="pandora-celeste",
    title="Pandora Celeste",
    modes=(
        PlayMode(TRUE_SOLO, "True Solo", (1,),
                 note="one player with one crewmember: a hand of 6, and a win only by "
                      "Fulfilling your Agenda"),
        PlayMode(CREW_MODE, "Crew against the Nasties", tuple(range(1, 9)),
                 note="one or more players, each running one or more crewmembers"),
    ),
    blurb="Runs the Nasties' side of the table (the Active Nasty Area, the Nasty Action Round, "
          "attacks with push-your-luck), the Emergency Protocol timers, noise and the First "
          "Target, wounds, fire, hull breaches and the escape for Pandora Celeste.",
    rulebook_titles=("pandora celeste", "pandora"),
    rulebook_words=("pandora", "nasties", "crewmember"),
    synonyms=(
        ("ep", "emergency protocol"),  # First: Choose Your Difficulty: Emergency Protocols (EP)
        ("bn", "big nasty"),  # same place: Big Nasties (BN)
        ("los", "line of sight"),  # Line of Sight (LoS)
        ("uet", "universal emergency tool"),  # Fighting the Fire
        ("dmg", "damage"),  # the text's own shorthand for a point of damage
        ("fenn", "cyberdog"),  # Fenn the CyberDog (The Full Game: Fenn)
        ("nrg", "recharge"),  # NRG/Recharge card (NRG Pills)
        ("turn", "round"),  # the Nasties' turn is the Nasty Action Round
    ),
)
