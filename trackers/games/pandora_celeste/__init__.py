"""Pandora Celeste upkeep: timers, noise and First Target, fire, hull, wounds, the Nasties."""

from trackers.engine.game import GameInfo, PlayMode

INFO = GameInfo(
    id="pandora-celeste",
    title="Pandora Celeste",
    # The text gives no player count; each player runs at least one of the 8 crewmembers.
    modes=(PlayMode("standard", "crew against the Nasties", tuple(range(1, 9))),),
    blurb="Emergency Protocol timers, noise and the First Target, fire, hull breaches and "
          "wounds for Pandora Celeste.",
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
    ),
)
