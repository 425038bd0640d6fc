"""The actions around the hidden choices: Reality Calibration, images and attacks, the
Stowaway card, Secret Objectives."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from trackers.engine import Action, ActionError, Note, Param, State
from trackers.games.lifeform import (
    characters,
    endings,
    moves,
    rounds,
    secrets,
)
from trackers.games.lifeform.absent import ABSENT, absent_param
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.lifeform_activity import (
    played_lifeform_card,
)
from trackers.games.lifeform.phases.common import (
    character_param,
    lifeform_card_param,
    member_param,
    profile,
)
from trackers.games.lifeform.secrets import CREW_ONLY, LIFEFORM_ONLY, REACTIONS
from trackers.games.lifeform.setup import open_steps
from trackers.pieces import Secret, Track

Notes = list[Note | str]

def _images(state: State) -> list[str]:
    return list(facts_of(state)["images"]["on_board"])


def _calibrate(state: State, args: dict[str, Any], rng: Random) -> Notes:
    notes: Notes = list(secrets.calibrate(state, args["image"], rng))
    # Setup step 17 ticks itself: when it is the last step open, round 1 begins (as the
    # last 'Record characters' does), since no step is left to tick by hand.
    if facts_of(state)["stage"] == "setup" and not open_steps(state):
        notes += rounds.start_play(state)
    return notes


def _meet(state: State, args: dict[str, Any], rng: Random) -> Notes:
    says = args["table_says"]
    if args[ABSENT] and says is None:
        raise ActionError("table_says: the lifeform player cannot reveal the identifier and the "
                          "rulebook gives no reading for that: the table decides whether "
                          f"{args['image']} is {' or '.join(secrets.TABLE_CALLS)}", "table_says")
    if says is not None and not args[ABSENT]:
        raise ActionError("table_says: only when the lifeform player is absent (owner_absent); "
                          "otherwise the identifier itself says", "table_says")
    return list(secrets.meet_image(state, args["image"], args["character"], profile(state), rng,
                                   says))


def _attack(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """An Attack action (a Lifeform card) or an attack that follows a move, such as a Force
    Move whose card is already counted (rulebook, Attack)."""
    notes: Notes = list(secrets.attack(state, args["character"], args[ABSENT]))
    return list(played_lifeform_card(state, args["card"])) + notes

def _attackable(state: State) -> list[str]:
    """Characters an attack can reach: not hidden, on the Valley Forge (rulebook, Attack)."""
    return [n for n, c in facts_of(state)["characters"].items()
            if c["where"] == characters.VALLEY_FORGE and not c["hidden"]]


@dataclass(frozen=True)
class Reaction(Action):
    """A crew reaction: refused outside an attack's step 4 when the table records it (in
    ``validate``, so a game saved before the check replays as played)."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        secrets.check_reaction(state, str(checked["reaction"]))
        return checked


def _reaction(state: State, args: dict[str, Any], rng: Random) -> Notes:
    reaction = next(k for k, v in REACTIONS.items() if v == args["reaction"])
    return list(secrets.crew_reaction(state, args["crew_member"], reaction, args["cancelled"],
                                   args["character"], profile(state)))


def _stowaway(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(secrets.choose_stowaway(state, args["card"], rng))


def _stowaway_token(state: State, args: dict[str, Any], rng: Random) -> Notes:
    """How the lifeform collects the +/- token is not in the text (G11): the table marks it."""
    facts_of(state)["stowaway_token"] = args["held"]
    if args["held"]:
        return [Note("the lifeform holds the +/- Stowaway token: in Ending B it may count the "
                     "launch minute as 1 more or 1 less; then the token leaves the game "
                     "(rulebook, Endings; how it is collected is not in the text)", "stowaway")]
    return [Note("the lifeform does not hold the +/- Stowaway token", "stowaway")]


def _record_objective(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(secrets.record_objective(state, args["slot"], args["title"], rng))


def _complete_objective(state: State, args: dict[str, Any], rng: Random) -> Notes:
    return list(secrets.complete_objective(state, args["slot"], rng, args[ABSENT]))


def _open_slots(state: State) -> list[str]:
    done = facts_of(state)["objectives"]["done"]
    return [s for s in secrets.objective_slots(state) if s not in done]


def _unnoted_slots(state: State) -> list[str]:
    """Drawn cards not completed and not noted yet: a noted card stays as noted."""
    return [s for s in _open_slots(state)
            if not state.piece(f"objective_{s}", Secret).is_set]


OBJECTIVES_KEPT = ("the crew keeps the cards drawn at setup until each is completed, so a "
                   "noted card is not changed (rulebook, Setup step 19; Gameplay Additional "
                   "Rules); a mistyped note is taken back with undo")


def _noted_already(state: State) -> str | None:
    """No drawn card is left to note: each is noted or completed."""
    if _unnoted_slots(state) or not _open_slots(state):
        return None
    return f"every Secret Objective still in play is noted: {OBJECTIVES_KEPT}"


@dataclass(frozen=True)
class RecordObjective(Action):
    """Noting a drawn card's title, once: a second note on the same card would swap the card
    the crew drew. Checked when the table acts, never on replay."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        slot = str(args.get("slot") or "")
        if slot in _open_slots(state) and slot not in _unnoted_slots(state):
            raise ActionError(f"slot: Secret Objective {slot} is noted already: "
                              f"{OBJECTIVES_KEPT}", "slot")
        return super().validate(state, args)


def _stowaway_labels(state: State) -> dict[str, str]:
    """Each card as the table knows it: its range of minutes (rulebook, Stowaway Cards)."""
    board = profile(state)
    out = {}
    for card, key in endings.STOWAWAY_RANGE_KEYS.items():
        span = board.span(key)
        minutes = f"{span[0]}-{span[1]} minutes" if span else "range not entered yet"
        out[str(card)] = (f"{card} card" if card != endings.StowawayCard.ONE_TWO_MINUTE
                          else "1-2 Minute card") + ("" if card == endings.StowawayCard
                                                     .ONE_TWO_MINUTE else f" ({minutes})")
    return out


def _stowaway_not_yet(state: State) -> str | None:
    """The card is picked at the 20 mark, not before (rulebook p. 46, Self-Destruct Track)."""
    if moves.remora_open(state) or state.piece("stowaway", Secret).is_set:
        return None
    now = state.piece("self_destruct", Track).space_name()
    return (f"the lifeform picks its Stowaway card when Self-Destruct reaches 20 (now {now}): "
            "'Advance Self-Destruct' (rulebook p. 46, Self-Destruct Track)")


def _stowaway_open(state: State) -> bool:
    return not state.piece("stowaway", Secret).is_set


def secret_actions() -> tuple[Action, ...]:
    return (
        Action("reality_calibration", "Reality Calibration", "The lifeform secretly picks which "
               "image on the Valley Forge is real; everyone sees a new code (rulebook p. 10, "
               "Reality Calibration).",
               _calibrate, (Param("image", "choice", "the real lifeform", choices=_images,
                                  secret=True),),
               key="z", short="Calibrate", topic="reality_calibration", private_to=LIFEFORM_ONLY),
        Action("meet_image", "A character meets an image", "A character moved into an image's "
               "chamber: the lifeform shows which image is real (rulebook, Movement and "
               "Attack).", _meet,
               (Param("image", "choice", "the image met", choices=_images),
                character_param("the character who moved in"),
                absent_param("lifeform player"),
                Param("table_says", "choice", "lifeform player absent: what the table decides "
                      "the image is", choices=secrets.TABLE_CALLS, optional=True)),
               key="i", short="Meet img", topic="reality_calibration"),
        Action("attack", "Lifeform attack", "The real lifeform attacks the chamber next to it: "
               "the identifier is shown, then the attack steps (rulebook, Movement and "
               "Attack).", _attack,
               (Param("character", "choice", "a character in the attacked chamber",
                      choices=_attackable), lifeform_card_param(),
                absent_param("lifeform player")), key="a", short="Attack",
               log_text=lambda a: f"Lifeform attack on {a['character']}'s chamber",
               topic="reality_calibration"),
        Reaction("crew_reaction", "Crew reaction", "Hide, Run! or Shock-Prod; not cancelled: "
               "Hostility +1; one per crew member per Lifeform phase (rulebook, Movement and "
               "Attack).", _reaction,
               (member_param("the crew member reacting"),
                Param("reaction", "choice", "which reaction", choices=tuple(REACTIONS.values())),
                Param("cancelled", "bool", "did the lifeform cancel it?", optional=True,
                      default=False),
                Param("character", "choice", "the character hiding or running",
                      choices=lambda s: [n for n, c in facts_of(s)["characters"].items()
                                         if c["where"] != "dead"], optional=True)),
               key="y", short="Reaction", topic="hostility"),
        Action("choose_stowaway", "Choose the Stowaway card", "At the 20 mark the lifeform "
               "secretly picks 1 of the 3 cards; it is never chosen again (rulebook p. 46, "
               "Self-Destruct Track; rulebook, Gameplay Additional Rules).",
               _stowaway, (Param("card", "choice", "the Stowaway card",
                                 choices=secrets.STOWAWAY_CARDS, secret=True,
                                 labels=_stowaway_labels),),
               topic="stowaway", private_to=LIFEFORM_ONLY, enabled=_stowaway_open,
               why_not=_stowaway_not_yet),
        Action("stowaway_token", "+/- Stowaway token", "Mark whether the lifeform holds the "
               "+/- Stowaway token (how it is gained is not in the text) (rulebook, "
               "Endings).", _stowaway_token,
               (Param("held", "bool", "does the lifeform hold it?"),), topic="stowaway"),
        RecordObjective("record_objective", "Note a Secret Objective", "The crew notes a "
                        "drawn card's title, hidden from the lifeform (optional) (rulebook, "
                        "Gameplay Additional Rules).", _record_objective,
                        (Param("slot", "choice", "which card", choices=_unnoted_slots),
                         Param("title", "str", "the card's title", secret=True)),
                        topic="setup", private_to=CREW_ONLY, why_not=_noted_already),
        Action("complete_objective", "Secret Objective completed", "Show the card to the "
               "lifeform and remove it; all must go before launch (rulebook, Gameplay Additional "
               "Rules; rulebook p. 35, Launch the Remora Sequence).",
               _complete_objective, (Param("slot", "choice", "which card", choices=_open_slots),
                                     absent_param("crew")),
               topic="launch"),
    )

