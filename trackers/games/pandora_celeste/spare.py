"""Waking a spare crewmember after a death (rulebook «When a Crewmember dies»; spec §10.3).

The dead crewmember's player takes a crewmember not yet in the game: its Deck shuffled, a
Hand of 4, its token in the Cryo-Chamber, then 2 Hidden Agendas drawn and 1 kept, recorded
behind the curtain like the first.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste import crew, scenarios
from trackers.games.pandora_celeste.facts import facts_of
from trackers.pieces import Counter, Secret

COMPANY = ["Company Agenda", "no Company Agenda"]


def spares(state: State) -> list[str]:
    """Crewmembers not yet in the game."""
    return [n for n in crew.CREW if n not in facts_of(state)["crew"]]


def dead(state: State) -> list[str]:
    """The dead whose player has not yet come back (as a spare or a Player-Nasty)."""
    return [n for n, c in facts_of(state)["crew"].items()
            if c["status"] == "dead" and not c.get("woke")]


def new_record(player: str) -> dict[str, object]:
    return {"status": "alive", "scuttlebugs": 0, "area": "front", "room": "",
            "player": player, "fatal_blow_used": False, "automed_used": False,
            "eva_suit": False, "fulfilled": False, "survival_needed": True, "stunned": False,
            "lost_from": {"hand": 0, "deck": 0, "discards": 0}}


def wake(state: State, was: str, spare: str) -> list[Note | str]:
    """``was``'s player wakes ``spare`` in the Cryo-Chamber, in the same seat."""
    facts = facts_of(state)
    if was not in dead(state):
        raise ActionError(f"dead: {was} is not a dead crewmember whose player may come back; "
                          f"give one of {', '.join(dead(state)) or 'nobody'}", "dead")
    player = facts["crew"][was]["player"]
    if player and player in facts["player_nasties"]:
        raise ActionError(f"dead: {player} came back as a Player-Nasty already", "dead")
    if spare not in spares(state):
        left = ", ".join(spares(state)) or "nobody (all 8 are in play)"
        raise ActionError(f"spare: give one of {left}", "spare")
    facts["crew"][was]["woke"] = spare
    seats = list(facts["crew"].items())
    at = [n for n, _ in seats].index(was) + 1
    record = new_record(player) | {"room": "Cryo-Chamber"}
    facts["crew"] = dict(seats[:at] + [(spare, record)] + seats[at:])  # the same seat
    facts["noise"][spare] = [0, 0, 0, 0]
    kills_at = crew.CREW[spare][0]
    state.pieces[f"{crew.slug(spare)}_wounds"] = Counter(
        f"{spare} wounds (the {kills_at}th kills)", 0, limit=kills_at)
    who = player or f"{was}'s player"
    if not scenarios.agendas(state):  # Scenarios 1-2: no Agendas to draw
        return [Note(f"{who} wakes {spare}: shuffle {spare}'s Deck, deal a Hand of 4, put the "
                     "token in the Cryo-Chamber", "wounds",
                     key_moment=f"{spare} woke up for {who}")]
    owner = player or f"{spare}'s player"
    state.pieces[f"{crew.slug(spare)}_agenda"] = Secret(f"{spare}'s Hidden Agenda", owner)
    state.pieces[f"{crew.slug(spare)}_company"] = Secret(f"{spare}'s Agenda type", owner,
                                                         list(COMPANY))
    return [Note(f"{who} wakes {spare}: shuffle {spare}'s Deck, deal a Hand of 4, put the "
                 f"token in the Cryo-Chamber; draw 2 Hidden Agendas, keep 1 and record it "
                 f"behind the curtain ('Choose a secret': {spare}'s Hidden Agenda and Agenda "
                 "type)", "wounds", key_moment=f"{spare} woke up for {who}")]
