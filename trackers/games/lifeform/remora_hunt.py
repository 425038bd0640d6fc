"""Module D's hunt at the table (Thirteenth Passenger, Module D): the hiding place kept as a
secret piece, the bet, each step of the strip applied to the session, and the close of the
hunt. The rules themselves (outcomes, searches, rewards) are ``module_d``'s; the order of the
steps is ``hunt_order``'s.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from random import Random
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import characters, decks
from trackers.games.lifeform.absent import ABSENT
from trackers.games.lifeform.board import Board
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.hunt_order import reward_choices
from trackers.games.lifeform.module_d import (
    Effect,
    Hunt,
    Location,
    false_marks,
    finish_hunt,
    hunt_actions,
    lifeform_reveal,
    reward_line,
    search,
    skip_halon,
    start_hunt,
)
from trackers.games.lifeform.secrets import nonce
from trackers.pieces import Secret


def choose_hiding_place(state: State, location: str, rng: Random) -> list[Note]:
    """Step 1: the lifeform keeps 1 location card secretly; the other 4 leave unseen."""
    secret = state.piece("hiding_place", Secret)
    if secret.is_set:
        raise ActionError("the hiding place is chosen already; it never changes (rulebook, "
                          "Gameplay Additional Rules)",
                          "location")
    code = secret.choose(location, nonce(rng))
    return [Note(f"the lifeform keeps its location card face down: code {code}; the other 4 "
                 "leave the game unseen (Thirteenth Passenger, Module D step 1)", "module_d")]


def _hiding_place(state: State, asked: str | None) -> Location:
    """The hiding place as far as this step needs it. A sealed one is never opened for a
    step: the lifeform's key answers "is it the ``asked`` location?" (recorded with the step),
    and any other location stands in when it is not."""
    secret = state.piece("hiding_place", Secret)
    if secret.value is not None:
        return Location(secret.value)
    if not secret.is_set:
        raise ActionError("the lifeform has not chosen its hiding place", "step")
    if asked is None:
        return next(iter(Location))  # no location tested: the reveal at the end opens it
    where = Location(asked)
    return where if secret.holds(asked) else next(x for x in Location if x is not where)


def _load(state: State, asked: str | None = None) -> Hunt:
    data = dict(facts_of(state)["hunt"])
    return Hunt(hiding_place=_hiding_place(state, asked), bet=Location(data.pop("bet")),
                actions=tuple(data.pop("actions")),
                searched=tuple(Location(x) for x in data.pop("searched")),
                revealed_empty=tuple(Location(x) for x in data.pop("revealed_empty")), **data)


def _save(state: State, hunt: Hunt) -> None:
    data: dict[str, Any] = asdict(hunt)
    data.pop("hiding_place")  # the secret stays in its Secret piece only
    data["bet"] = str(hunt.bet)
    data["searched"] = [str(x) for x in hunt.searched]
    data["revealed_empty"] = [str(x) for x in hunt.revealed_empty]
    facts_of(state)["hunt"] = data


def place_bet(state: State, bet: str, profile: Board) -> list[Note]:
    """Step 2: 2 one-point Hostility tokens openly on one location (not Engineering); step 3:
    the strip's actions for the surviving crew disks (G22)."""
    secret = state.piece("hiding_place", Secret)
    if not secret.is_set:
        raise ActionError("the lifeform chooses its hiding place first", "bet")
    if facts_of(state)["hunt"] is not None:
        raise ActionError("the bet is placed already", "bet")
    disks = len(characters.surviving(state))
    actions, why = hunt_actions(disks, profile)
    if actions is None:
        raise ActionError(f"module D: {why}", "bet")
    if not actions:
        facts_of(state)["hunt"] = {"skipped": True}
        return [Note(why, "module_d")]
    halon = (facts_of(state)["showdown"] or {}).get("halon", 0)
    try:
        hunt = start_hunt(_hiding_place(state, None), Location(bet), disks, actions, halon)
    except ValueError as err:
        raise ActionError(str(err), "bet") from err
    _save(state, hunt)
    return [Note(f"the lifeform bets 2 Hostility tokens on the {bet}; {why} (Thirteenth "
                 "Passenger, Module D)",
                 "module_d")]


def check_mark(state: State, location: str | None, args: dict[str, Any]) -> None:
    """The lifeform's "not hidden here" mark, decided by the sealed hiding place: the owner's
    key answers "is it here?" (the API asks their PIN and records the answer, which a kept
    mark makes public anyway); a mark on the real hiding place is refused and nothing is
    recorded. With the owner absent the mark goes on unchecked (said in the log). Checked
    when the step is done, never on replay, so a game saved before replays as it was."""
    secret = state.piece("hiding_place", Secret)
    if location is None or args.get(ABSENT) or not secret.is_set:
        return
    if secret.holds(location):  # the engine gives the seal's recorded answer, or asks it
        raise ActionError("location: the seal refuses this mark: the lifeform's Mission token "
                          "goes on a location where it is not hiding; nothing was recorded "
                          "(Thirteenth Passenger, Module D, Lifeform Reveal)", "location")


def unchecked_mark(state: State, location: str) -> Note:
    """The mark with its owner absent: kept as the table gave it, unchecked, in the log."""
    from trackers.games.lifeform.absent import not_revealed

    return not_revealed(state, "hiding_place", f"the mark on the {location}",
                        "the mark stands unchecked; the hiding place is opened at the hunt's end")


def hunt_step(state: State, step: str, location: str | None, profile: Board,
              absent: bool = False) -> list[Note]:
    """One action of the strip: a search, the optional Halon search, or a lifeform reveal."""
    if facts_of(state)["hunt"] is None or facts_of(state)["hunt"].get("skipped"):
        raise ActionError("no module D hunt is running: place the bet first", "step")
    # A search tests the hiding place here (its outcome is public by the rules); a lifeform
    # reveal's mark was tested when the step was taken (``check_mark``), and a kept mark's
    # answer, "not here", is what the mark says in public anyway.
    hunt = _load(state, location if step in ("search", "halon search") else None)
    expected = {"search": "search", "halon search": "halon_search",
                "skip the Halon search": "halon_search", "lifeform reveal": "lifeform_reveal"}
    halon_for_search = step == "halon search" and hunt.next_action == "search"
    if hunt.next_action != expected[step] and not halon_for_search:
        raise ActionError(f"step: the Remora board's next action is "
                          f"{(hunt.next_action or 'none').replace('_', ' ')}, not {step}", "step")
    where = None if location is None else Location(location)
    try:
        if step == "skip the Halon search":
            hunt, notes = skip_halon(hunt), [Note("the crew keeps its Halon token", "module_d")]
        elif where is None:
            raise ActionError("location: name the location", "location")
        elif step == "lifeform reveal":
            hunt = lifeform_reveal(hunt, where)
            notes = [Note(f"the lifeform marks the {where} with a spare Mission token: it is not "
                          "hiding there", "module_d")]
            if absent:
                notes.append(unchecked_mark(state, str(where)))
        else:
            before = hunt.halon_spent
            hunt, result = search(hunt, where, halon=step == "halon search")
            if hunt.halon_spent > before:
                facts_of(state)["showdown"]["halon"] -= 1
            found = (f"Module D: the crew found the lifeform in the {where}"
                     if hunt.found else "")  # the hunt's outcome is a key moment
            notes = [Note(f"search of the {where}: {result.why}", "module_d", key_moment=found)]
            notes += _apply(state, result.effect, profile)  # Failed Search or Discovered
    except ValueError as err:
        raise ActionError(f"module D: {err}", "step") from err
    _save(state, hunt)
    if hunt.finished:
        notes += _finish(state, hunt, profile)
    return notes


def _finish(state: State, hunt: Hunt, profile: Board) -> list[Note]:
    value, key, ok = state.piece("hiding_place", Secret).reveal()
    hunt = replace(hunt, hiding_place=Location(value))  # opened now: the real place
    end = finish_hunt(hunt)
    notes = [Note(f"the hiding place was the {value} (nonce {key}; it "
                  f"{'matches' if ok else 'DOES NOT match'} its code)", "module_d")]
    if not end.found:
        notes.append(Note("I can't find it...: the lifeform's Lifeform Remains Hidden reward",
                          "module_d", key_moment="Module D: the lifeform stayed hidden"))
    for effect in end.effects:
        notes += _apply(state, effect, profile)
    if end.bet_tokens_to_lifeform:
        facts_of(state)["showdown"]["hostility_tokens"] += end.bet_tokens_to_lifeform
    for wrong in false_marks(hunt):
        notes.append(Note(f"the lifeform had marked the {wrong} as empty, yet hid there: the "
                          "mark was false; the table settles it (Thirteenth Passenger, Module D, "
                          "Lifeform Reveal)", "module_d"))
    notes += [Note(n, "module_d") for n in end.notes]
    if end.found:
        notes.append(Note(reward_line(end.remaining_disks), "module_d"))
    if reward_choices(state):
        return notes + [Note("then go to the Showdown fights", "module_d")]
    return notes + [Note("go to the Showdown fights", "module_d")]


def _apply(state: State, effect: Effect, profile: Board) -> list[Note]:
    """What the app counts itself; choices (which crew member, which disk) stay with the table."""
    notes = [Note(f"effect: {effect.text}", "module_d")]
    lifeform = facts_of(state)["lifeform"]
    if effect.who == "lifeform" and effect.cards > 0:
        notes += decks.draw(state, "lifeform", lifeform, effect.cards, profile,
                            ignore_limit=effect.ignore_hand_limit)
    elif effect.who == "lifeform" and effect.cards < 0:
        held = decks.hand_size(state, lifeform)
        if held:
            notes += decks.discard(state, "lifeform", lifeform, min(held, -effect.cards))
    if effect.hostility_tokens and facts_of(state)["showdown"] is not None:
        show = facts_of(state)["showdown"]
        show["hostility_tokens"] = max(0, show["hostility_tokens"] + effect.hostility_tokens)
    if effect.who == "crew" and effect.cards:
        notes.append(Note("record the crew's lost card(s) with 'Discard cards' (the crew picks "
                          "whose, unless each member loses one)", "module_d"))
    if effect.kills:
        notes.append(Note("the lifeform kills 1 crew disk of its choice: record it with "
                          "'Character killed'", "module_d"))
    return notes
