"""The post-launch shuttlecraft phase of the solo game (Thirteenth Passenger module C, spec
lifeform §11.3), once the table has established that the lifeform IS aboard.

1. The chamber cards of chambers holding a token leave the game (those rooms are cleared).
2. One card left: fight as normal. More: Confront (one extra combat zone box of two combat
   icons) or Hunt: one card drawn at random from those in hand is the hiding place (kept as a
   ``Secret`` with its commitment code), the others go beside the Remora; one guess. Right:
   fight as normal. Wrong: the extra box, plus one random combat token per card beside the
   Remora on the Remora's combat zone.

Pure: the random draws take the action's own random stream, so a replay draws the same. A
game that draws at the moment (trackers.pieces.chance) draws the hiding card when the chamber
is pointed at: nothing lies face down in the files before the guess. What
the texts leave open (how the cards reach the hand, what 0 cards left means, whether a cleared
chamber may be pointed at: G21) is said, not decided.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError
from trackers.games.lifeform import remora
from trackers.pieces import Secret
from trackers.pieces.chance import Chance

SOURCE = "Thirteenth Passenger rulebook, Module C, New Post-Launch Shuttlecraft Phase"
HIDING_OWNER = "nobody until the guess"
EXTRA_BOX = "1 extra combat zone box (2 combat icons)"
COMBAT_TOKENS = 4  # one combat token of each of the four types (spec §1.2)
ZONE_NOTE = ("Hidden lifeform combat zone: if it is active and holds a survival token, draw a "
             f"conflict chit before you match the attack icons in that zone ({remora.SOURCE}, "
             "Note Regarding the Hidden Lifeform Combat Zone)")

Shuttle = dict[str, Any]


def hiding_secret() -> Secret:
    """The face-down chamber card: nobody sees it until the one guess (spec §6.2)."""
    return Secret("Lifeform's hiding chamber", HIDING_OWNER, list(remora.CHAMBERS), managed=True,
                  sealed=True)


def begin(cards_in_hand: list[str], cleared: list[str]) -> tuple[Shuttle, list[str]]:
    """Step 1: the cards of cleared chambers leave; then what the cards left allow."""
    removed = [c for c in remora.CHAMBERS if c in cards_in_hand and c in cleared]
    left = [c for c in remora.CHAMBERS if c in cards_in_hand and c not in cleared]
    shuttle: Shuttle = {"held": left, "removed": removed, "choice": None, "beside": 0,
                        "guess": None, "found": None, "fight": None}
    lines = [f"post-launch shuttlecraft phase ({SOURCE}); in solo play the Remora board's "
             "main-game instruction boxes are ignored",
             "cleared rooms, their chamber cards leave the game: "
             + (", ".join(removed) or "none")]
    if len(left) == 1:
        lines.append(f"1 chamber card left ({left[0]}): go to the conflict board and fight")
        lines += set_fight(shuttle, extra_box=False, tokens=[])
    elif not left:
        lines.append("no chamber card left: our rulebook texts do not say what happens then; "
                     "follow your Dragon's Domain rules (the fight is set up as normal)")
        lines += set_fight(shuttle, extra_box=False, tokens=[])
    else:
        lines.append(f"{len(left)} chamber cards left ({', '.join(left)}): choose Confront "
                     "(fight with an extra combat zone box) or Hunt (one guess at where it "
                     "hides)")
    return shuttle, lines


def set_fight(shuttle: Shuttle, *, extra_box: bool, tokens: list[str]) -> list[str]:
    """What the conflict board holds beyond the normal fight, and the zone note."""
    shuttle["fight"] = {"extra_box": extra_box, "combat_tokens": list(tokens)}
    lines = ["fight set up: " + (EXTRA_BOX if extra_box else "the conflict board as normal")]
    if tokens:
        lines.append("combat tokens added to the Remora's combat zone: " + ", ".join(tokens))
    return [*lines, ZONE_NOTE]


def _must_choose(shuttle: Shuttle | None) -> Shuttle:
    if shuttle is None:
        raise ActionError("the post-launch shuttlecraft phase has not begun", "action")
    if shuttle["fight"] is not None or shuttle["choice"] is not None:
        raise ActionError("Confront or Hunt is already chosen", "action")
    return shuttle


def confront(shuttle: Shuttle | None) -> list[str]:
    """Straight to the conflict board, with one extra combat zone box."""
    shuttle = _must_choose(shuttle)
    shuttle["choice"] = "confront"
    return ["Confront the lifeform", *set_fight(shuttle, extra_box=True, tokens=[])]


def hunt(shuttle: Shuttle | None, secret: Secret, rng: Random,
         drawn: dict[str, str] | None = None) -> list[str]:
    """One chamber card drawn uniformly from those in hand, face down; the rest go beside the
    Remora. Only the count beside is public: which ones would give the hiding place away.
    ``drawn``: the app's draw from the OS's randomness, sealed (the seed's stream otherwise)."""
    shuttle = _must_choose(shuttle)
    held = shuttle["held"]
    if drawn is None and isinstance(rng, Chance):
        shuttle["choice"], shuttle["beside"] = "hunt", len(held) - 1
        beside = shuttle["beside"]
        return [f"Hunt the lifeform: 1 of your {len(held)} chamber cards hides it; the app "
                "draws which at random when you point (nothing is drawn before); "
                f"{beside} card{' goes' if beside == 1 else 's go'} beside the Remora",
                "point at one chamber: 'Guess the chamber' (one guess only)"]
    if drawn is not None:
        code = secret.choose(drawn, "")
    else:
        chamber = rng.choice(held)
        code = secret.choose(chamber, f"{rng.getrandbits(64):016x}")
    shuttle["choice"] = "hunt"
    shuttle["beside"] = len(held) - 1
    beside = shuttle["beside"]
    return [f"Hunt the lifeform: the app drew 1 of your {len(held)} chamber cards at random and "
            f"keeps it face down (commitment code {code}); {beside} card"
            f"{' goes' if beside == 1 else 's go'} beside the Remora",
            "point at one chamber: 'Guess the chamber' (one guess only)"]


def guess(shuttle: Shuttle | None, secret: Secret, chamber: str, token_types: list[str],
          rng: Random) -> list[str]:
    """The one guess: reveal and check the code; a wrong guess adds the extra box and one
    random combat token per card beside the Remora (drawn without repeats: one token of each
    type exists)."""
    at_the_moment = isinstance(rng, Chance)
    if shuttle is None or shuttle["choice"] != "hunt" or not (secret.is_set or at_the_moment):
        raise ActionError("guess: choose Hunt first", "chamber")
    if shuttle["guess"] is not None:
        raise ActionError("guess: you have one guess only, and it is made", "chamber")
    if chamber not in remora.CHAMBERS:
        raise ActionError(f"chamber: give one of {', '.join(remora.CHAMBERS)}", "chamber")
    if not secret.is_set and isinstance(rng, Chance):  # the hiding card, drawn now
        held = sorted(shuttle["held"])
        secret.choose(held[rng.pick("chamber cards", 1, len(held))], "")
    value, nonce, ok = secret.reveal()
    shuttle["guess"] = chamber
    shuttle["found"] = value == chamber
    verdict = ("it matches the code shown when it was drawn" if ok else
               "it DOES NOT match the code shown when it was drawn")
    lines = [f"you point at the {chamber}; the card: {value} (nonce {nonce}; {verdict})"]
    if chamber not in shuttle["held"]:
        lines.append(f"the {chamber} card was not in your hand: our rulebook texts do not say "
                     "whether such a chamber may be pointed at; the app counts it as a guess")
    if shuttle["found"]:
        return [*lines, "right: fight as normal",
                *set_fight(shuttle, extra_box=False, tokens=[])]
    count = shuttle["beside"]
    if count > len(token_types):
        raise ActionError(f"combat tokens: {count} are needed but {len(token_types)} exist",
                          "solo_combat_tokens")
    tokens = rng.sample(token_types, count)
    return [*lines, f"wrong: an extra combat zone box and {count} random combat token"
            f"{'' if count == 1 else 's'} (one per card beside the Remora)",
            *set_fight(shuttle, extra_box=True, tokens=tokens)]
