"""Small helpers shared by the Lifeform action modules: the board profile, choice lists, and
the played-card bookkeeping."""

from __future__ import annotations

from trackers.engine import Note, Param, State
from trackers.games.lifeform import characters, decks
from trackers.games.lifeform.board_profile import BoardProfile
from trackers.games.lifeform.profile_values import profile_of

CREW_CARD = ("a Crew card", "the Flamethrower card", "already counted")
LIFEFORM_CARD = ("a Lifeform card", "already counted")


def profile(state: State) -> BoardProfile:
    return profile_of(state.board)


def crew(state: State) -> list[str]:
    return list(state.facts["crew"])


def alive(state: State) -> list[str]:
    return characters.surviving(state)


def member_param(help_text: str = "which crew member") -> Param:
    return Param("crew_member", "choice", help_text, choices=crew)


def character_param(help_text: str = "which character") -> Param:
    return Param("character", "choice", help_text, choices=alive)


def crew_card_param() -> Param:
    return Param("card", "choice", "the card that gave the action (it is discarded)",
                 choices=CREW_CARD, optional=True, default=CREW_CARD[0])


def lifeform_card_param() -> Param:
    return Param("card", "choice", "the card that gave the action (it is discarded)",
                 choices=LIFEFORM_CARD, optional=True, default=LIFEFORM_CARD[0])


def played_crew_card(state: State, member: str, card: str) -> list[Note]:
    """A played card goes to the Crew discard; the Flamethrower card leaves the game (§3.7, §7)."""
    if card == CREW_CARD[0]:
        return decks.discard(state, "crew", member, 1)
    if card == CREW_CARD[1]:
        from trackers.engine import ActionError

        if state.facts["special_cards"]["flamethrower"] != member:
            raise ActionError(f"card: {member} does not hold the Flamethrower card", "card")
        state.facts["special_cards"]["flamethrower"] = "removed"
        return [Note("the Flamethrower card leaves the game once discarded (spec §7)", "round")]
    return []


def played_lifeform_card(state: State, card: str) -> list[Note]:
    if card == LIFEFORM_CARD[0]:
        return decks.discard(state, "lifeform", state.facts["lifeform"], 1)
    return []
