"""Lifeform and its Thirteenth Passenger expansion: pure rules (facts: shared/spec/lifeform.md)."""

from trackers.engine.info import GameInfo, PlayMode

INFO = GameInfo(
    id="lifeform",
    title="Lifeform",
    # Who to name first belongs to the way to play: a solo game has no lifeform player.
    modes=(PlayMode("standard", "lifeform against the crew", (2, 3, 4),
                    note="Name the lifeform player first, then the crew in turn order."),
           # Thirteenth Passenger module C with the Dragon's Domain solo rules (solo.py).
           PlayMode("solo", "Dragon's Domain solo (module C)", (1,),
                    note="You play the Dragon's Domain solo rules at the table; the app runs "
                         "module C: the Crisis deck, the Remora board and the shuttlecraft "
                         "hunt.", option_defaults={"solo_modules": ["C"]})),
    blurb="One player is the lifeform, the others the crew of the Valley Forge.",
    rulebook_titles=("lifeform", "thirteenth passenger"),
    rulebook_words=("lifeform", "valley forge", "remora"),
    synonyms=(
        ("self-destruct", "sd"),  # the rulebook's own shorthand
        ("valley forge", "vf"),
        ("lifeform player", "lf"),
        ("sis-ter", "sister"),  # the Mainframe is spelt SIS-TER and Sis-ter (Base: Components)
        ("hypersleep", "hyperleep"),  # Exp: Remora Board Chamber Outcomes spells it Hyperleep
    ),
)
