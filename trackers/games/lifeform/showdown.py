"""The Showdown stage (spec lifeform §10): its start, the hibernation carried out (the numbers
are ``hibernation``'s), the fights (targets §10.5 step 1, who wins §10.6, the Dragging card
§10.7) and the checklist.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import characters, decks, hunt_order
from trackers.games.lifeform.board import ICONS, Board, Icon
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.fight import (
    CrewCard,
    Holdings,
    Verdict,
    cancel_options,
    check_fight,
    committed_icons,
)
from trackers.games.lifeform.hibernation import (
    numbers,
    value_text,
)
from trackers.games.lifeform.moves import add_hostility, finish
from trackers.games.lifeform.tracks import cocoon_key
from trackers.games.lifeform.words import count


def legal_targets(surviving_crew: Sequence[str], previous_target: str | None) -> tuple[str, ...]:
    """Step 1: any surviving crew member but the last fight's target, unless only one is left
    (spec §10.5 step 1)."""
    if len(surviving_crew) <= 1:
        return tuple(surviving_crew)
    return tuple(name for name in surviving_crew if name != previous_target)


def lifeform_can_still_win(lifeform_cards: int, surviving_crew: int) -> bool:
    """Each fight needs a Lifeform card and eliminates at most one crew member (§10.5, T19)."""
    return lifeform_cards >= surviving_crew > 0


def showdown_winner(surviving_crew: int, lifeform_cards: int) -> str | None:
    """'lifeform' once no surviving crew member is left; 'crew' once the lifeform cannot play a
    card; None while fights go on (spec §10.6)."""
    if surviving_crew == 0:
        return "lifeform"
    if lifeform_cards == 0:
        return "crew"
    return None


def dragging_card_claws(characters_on_card: int) -> int:
    """The Dragging Terror card's special fight: 1 claw for 1 character, 3 for 2 (spec §10.7;
    the claws' colour and the procedure are on the card, G25)."""
    if characters_on_card not in (1, 2):
        raise ValueError("characters_on_card: the card holds 1 or 2 killed characters")
    return 1 if characters_on_card == 1 else 3

HOSTILITY_TOKENS_IN_BOX = 6  # base game (the expansion's 2 serve module D's bet)
KEEP_READINGS = ("keep 1 (rule text)", "keep all (worked example)")
RESULTS = ("matched", "eliminated", "cancelled: Halon Gas Blast", "cancelled: Remora token",
           "cancelled: Mining Laser")


def begin_showdown(state: State, ending: str, card_kept: bool) -> list[Note]:
    """After Ending B (correct guess) or C (spec §10.1)."""
    facts_of(state)["stage"] = "showdown"
    facts_of(state)["status"] = f"Showdown (after Ending {ending})"
    facts_of(state)["showdown"] = {"ending": ending, "hibernated": False, "halon": 0,
                               "remora": False, "hostility_tokens": 0,
                               "stowaway_card": card_kept, "previous_target": None,
                               "eliminated": [], "fights": 0, "refill_due": ending == "C"}
    notes = [Note("The Showdown begins: do the hibernation ('Hibernation'); the panel shows "
                  "its numbers (rulebook p. 38, Showdown Stage)", "hibernation",
                  key_moment=f"Ending {ending}: the lifeform is aboard, the Showdown began"),
             Note("if the lifeform holds the 'Dragging its victims into the cooling shafts' "
                  "Terror card, its special fight comes before the others: 1 claw with 1 "
                  "character on it, 3 with 2; the rest is on the card (rulebook, Card Reference: "
                  "Terror Cards)",
                  "showdown")]
    if "D" in facts_of(state)["modules"]:
        notes.append(Note("Module D: the hunt for the lifeform comes just before the Showdown; "
                          "it needs the Halon tokens and surviving disks, so the app offers it "
                          "after the hibernation, before the first fight (the text is unclear: "
                          "your table "
                          "may place it elsewhere)", "module_d"))
    return notes


def surviving_crew(state: State) -> list[str]:
    """Crew members with a surviving character, not eliminated (spec §10.3)."""
    gone = (facts_of(state)["showdown"] or {}).get("eliminated", [])
    return [m for m in facts_of(state)["crew"]
            if m not in gone and facts_of(state)["members"][m]["role"] == "characters"
            and characters.surviving(state, m)]


def refill_choices(state: State, profile: Board) -> list[str]:
    """How many cards the lifeform may discard before the Ending C refill: 0 up to the
    Evolution number, and no more than it holds (rulebook, Ending C)."""
    evolution = decks.cocoon_value(state, profile, "evolution") or 0
    held = decks.hand_size(state, facts_of(state)["lifeform"])
    return [str(n) for n in range(min(evolution, held) + 1)]


def ending_c_refill(state: State, discard: int, profile: Board) -> list[Note]:
    """Ending C: the lifeform discards up to the Evolution number, then draws up to its max
    hand size, before the hibernation (rulebook, Ending C; spec §9, §10.1)."""
    show = facts_of(state)["showdown"]
    if not show or not show.get("refill_due"):
        raise ActionError("the Ending C refill is done already (or this is not Ending C)",
                          "discard")
    if str(discard) not in refill_choices(state, profile):
        allowed = refill_choices(state, profile)
        raise ActionError(f"discard: 0 to {allowed[-1]} (the Evolution number reached)",
                          "discard")
    lifeform = facts_of(state)["lifeform"]
    limit = decks.cocoon_value(state, profile, "max_hand")
    if limit is None:
        raise ActionError(profile.unknown(
            f"{cocoon_key(facts_of(state)['players'])}.max_hand"), "discard")
    notes: list[Note] = []
    if discard:
        notes += decks.discard(state, "lifeform", lifeform, discard)
    missing = limit - decks.hand_size(state, lifeform)
    if missing > 0:
        notes += decks.draw(state, "lifeform", lifeform, missing, profile)
    show["refill_due"] = False
    held = decks.hand_size(state, lifeform)
    return notes + [Note(f"Ending C: the lifeform now holds {held} Lifeform "
                         f"card{'s' if held != 1 else ''}, its max hand size {limit}; next, "
                         "the hibernation (rulebook, Ending C)", "endings")]


def hibernate(state: State, keep: str, profile: Board) -> list[Note]:
    """Do the six steps the app can count (spec §10.2); ``keep`` settles C3."""
    show = facts_of(state)["showdown"]
    if show.get("refill_due"):
        raise ActionError("first the Ending C refill: the lifeform discards up to its Evolution "
                          "number and draws to its max hand size ('Ending C refill', rulebook, "
                          "Ending C)", "keep")
    if show["hibernated"]:
        raise ActionError("the hibernation is done already", "action")
    h = numbers(state, profile)
    if h is None:
        raise ActionError(profile.unknown(f"hostility.start_{facts_of(state)['players']}p"), "keep")
    reading = h.lifeform_keeps[KEEP_READINGS.index(keep)]
    if h.lifeform_draw.value is None or h.hostility_tokens.value is None:
        raise ActionError("hibernation: " + "; ".join(
            n.why for n in (h.lifeform_draw, h.hostility_tokens) if n.value is None), "keep")
    notes = [Note(f"1. the crew draws {value_text(h.crew_cards)} unseen and shares them among crew "
                  "members with a surviving character: record each share with 'Draw cards'; "
                  "then the hand limit of 6", "hibernation"),
             Note("2. surviving characters come off the Remora onto their boards", "hibernation")]
    show["halon"], show["remora"] = h.halon_tokens.value or 0, True
    notes.append(Note(f"3. crew pool: the Remora token and "
                      f"{count(show['halon'], 'Halon Gas Blast token')}", "hibernation"))
    lifeform, drawn = facts_of(state)["lifeform"], h.lifeform_draw.value
    notes += decks.draw(state, "lifeform", lifeform, drawn, profile, check=False)
    dropped = drawn - (reading.keeps or 0) + (reading.discards_for_limit or 0)
    if dropped:
        notes += decks.discard(state, "lifeform", lifeform, dropped)
    notes.append(Note(f"4. {reading.label}: {reading.why}", "hibernation"))
    for name in [n for n, c in facts_of(state)["characters"].items()
                 if c["where"] == characters.VALLEY_FORGE]:
        facts_of(state)["characters"][name]["where"] = characters.DEAD
        notes.append(Note(f"5. {name}, still on the Valley Forge, dies", "hibernation",
                          key_moment=f"{name} died, left on the Valley Forge"))
        notes += add_hostility(state, "character_killed", profile)
    show["hostility_tokens"] = h.hostility_tokens.value
    if show["hostility_tokens"] > HOSTILITY_TOKENS_IN_BOX:  # every component is limited
        short = show["hostility_tokens"] - HOSTILITY_TOKENS_IN_BOX
        notes.append(Note(f"only {HOSTILITY_TOKENS_IN_BOX} Hostility tokens are in the box: "
                          f"none left for the other {short}, none taken (rulebook, Components)",
                          "hibernation"))
        show["hostility_tokens"] = HOSTILITY_TOKENS_IN_BOX
    show["hibernated"] = True
    notes.append(Note(f"6. the lifeform takes {count(show['hostility_tokens'], 'Hostility token')} "
                      f"({h.hostility_tokens.why})", "hibernation"))
    return notes + _winner(state)


def parse_icons(text: str, field: str) -> tuple[Icon, ...]:
    """Icons typed as "red claw, green eye, green eye" (names: spec §10.4, G12)."""
    words = [w.strip().lower() for w in text.replace(";", ",").split(",")
             if w.strip() and w.strip().lower() not in ("none", "-")]
    bad = [w for w in words if w not in ICONS]
    if bad:
        raise ActionError(f"{field}: {', '.join(bad)} is not a showdown icon; give "
                          f"{', '.join(ICONS)} separated by commas", field)
    return tuple(Icon(w) for w in words)


def parse_cards(text: str) -> tuple[CrewCard, ...]:
    """Crew cards typed as "green eye + red claw; purple stinger" (one card per ';')."""
    cards = []
    for i, part in enumerate(p for p in text.split(";") if p.strip()):
        icons = parse_icons(part.replace("+", ","), "cards")
        cards.append(CrewCard(f"card {i + 1}", icons))
    return tuple(cards)


def fight_check(state: State, args: dict[str, Any], profile: Board) -> list[Note]:
    """Can the target match every fight icon, and one way to do it (spec §10.5, fight.py)."""
    target = str(args["target"])
    stowaway: tuple[str, ...] = ()
    if args.get("stowaway_card"):
        icons = profile.labels("stowaway.one_two_minute_icons")
        if icons is None:
            raise ActionError(profile.unknown("stowaway.one_two_minute_icons"), "stowaway_card")
        stowaway = icons
    committed = committed_icons(parse_icons(str(args["fight_icons"]), "fight_icons"),
                                int(args.get("hostility_tokens") or 0),
                                tuple(Icon(i) for i in stowaway))
    if len(committed) > 5:
        raise ActionError(f"fight_icons: {len(committed)} icons committed; the lifeform picks the "
                          "5 that count (rulebook, Fight Sequence step 4): give those 5 "
                          "only", "fight_icons")
    holdings = Holdings(
        cards=parse_cards(str(args.get("cards") or "")),
        harpoon_tokens=int(args.get("harpoon_tokens") or 0),
        data_tokens=parse_icons(str(args.get("data_tokens") or ""), "data_tokens"),
        sister_data_tokens=parse_icons(str(args.get("sister_data_tokens") or ""),
                                       "sister_data_tokens"),
        ships_cat=bool(args.get("ships_cat")),
        surviving_characters=len(characters.surviving(state, target)))
    surplus = {"yes": True, "no": False}.get(str(args.get("surplus_character")))
    try:
        check = check_fight(committed, holdings, player_count=facts_of(state)["players"],
                            profile=profile, surplus_character=surplus)
    except ValueError as err:
        raise ActionError(f"fight: {err}", "cards") from err
    notes = [Note(f"Fight against {target}: {', '.join(committed)}: {check.verdict}", "fight")]
    if check.plan is not None:
        notes.append(Note(f"one way: {check.why}", "fight"))
    notes += [Note(f"depends on: {d}", "fight") for d in check.depends_on]
    if check.verdict is not Verdict.MATCHED:
        show = facts_of(state)["showdown"] or {}
        holder = facts_of(state)["special_cards"]["mining_laser"]
        options = cancel_options(show.get("halon", 0), bool(show.get("remora")),
                                 holder if holder in surviving_crew(state) else None)
        notes += [Note(f"or cancel the whole fight (step 3, all agree): {o.how}", "fight")
                  for o in options]
    return notes


def fight_result(state: State, args: dict[str, Any]) -> list[Note]:
    """Record one fight (spec §10.5 steps 1-7) and see whether someone has won (§10.6)."""
    show = facts_of(state)["showdown"]
    if not show["hibernated"]:
        raise ActionError("do the hibernation first ('Hibernation', rulebook p. 38, Showdown "
                          "Stage)", "result")
    target, result = str(args["target"]), str(args["result"])
    legal = legal_targets(surviving_crew(state), show["previous_target"])
    if target not in legal:
        raise ActionError(f"target: the lifeform must target {' or '.join(legal)} (a different "
                          "crew member from the last fight unless only one is left, rulebook, "
                          "Fight Sequence "
                          "step 1)", "target")
    tokens = int(args.get("hostility_tokens") or 0)
    if tokens > show["hostility_tokens"]:
        raise ActionError(f"hostility_tokens: the lifeform has {show['hostility_tokens']}",
                          "hostility_tokens")
    notes = decks.discard(state, "lifeform", facts_of(state)["lifeform"], 1)
    show["hostility_tokens"] -= tokens
    show["previous_target"], show["fights"] = target, show["fights"] + 1
    notes.insert(0, Note(f"Fight {show['fights']} on {target}: {result}", "fight",
                         key_moment=f"Fight {show['fights']} on {target}: {result}"))
    if args.get("stowaway_card"):
        if not show["stowaway_card"]:
            raise ActionError("stowaway_card: the lifeform does not hold the 1-2 Minute card",
                              "stowaway_card")
        show["stowaway_card"] = False
        notes.append(Note("the 1-2 Minute Stowaway card leaves the game (rulebook, Fight Sequence "
                          "step 7)",
                          "fight"))
    used = int(args.get("crew_cards_used") or 0)
    if used:
        notes += decks.discard(state, "crew", target, used)
    notes += _cancel_or_settle(state, target, result)
    return notes + _winner(state)


def _cancel_or_settle(state: State, target: str, result: str) -> list[Note]:
    show = facts_of(state)["showdown"]
    if result == "cancelled: Halon Gas Blast":
        if show["halon"] < 1:
            raise ActionError("result: no Halon Gas Blast token is left in the crew pool",
                              "result")
        show["halon"] -= 1
    elif result == "cancelled: Remora token":
        if not show["remora"]:
            raise ActionError("result: the Remora token was used already", "result")
        show["remora"] = False
    elif result == "cancelled: Mining Laser":
        if facts_of(state)["special_cards"]["mining_laser"] not in surviving_crew(state):
            raise ActionError("result: no surviving crew member holds the Mining Laser card",
                              "result")
        facts_of(state)["special_cards"]["mining_laser"] = "removed"
    elif result == "eliminated":
        show["eliminated"].append(target)
        crew = decks.deck(state, "crew")
        crew.remove_from_hand(crew.hands.get(target, 0), target)
        for card in decks.special_held(state, target):
            facts_of(state)["special_cards"][card] = "removed"
        return [Note(f"{target} is eliminated: their characters, cards and tokens leave the game "
                     "(rulebook, Fight Sequence step 6)", "fight")]
    if result.startswith("cancelled"):
        return [Note(f"fight cancelled ({result[11:]}): everything the lifeform committed is "
                     "revealed and discarded (rulebook, Fight Sequence step 3)", "fight")]
    return [Note(f"{target} matched every fight icon and survives (rulebook, Fight "
                 "Sequence)", "fight")]


def kill_in_showdown(state: State, name: str) -> list[Note]:
    """A crew disk killed in the Showdown (module D's Engineering kill): a player losing the
    last one is out of the Showdown (spec §11.4)."""
    c = characters.need(state, name)
    c["where"] = characters.DEAD
    owner = str(c["owner"])
    notes = [Note(f"{name} is killed", "module_d", key_moment=f"{name} died in the Showdown")]
    if not characters.surviving(state, owner):
        facts_of(state)["showdown"]["eliminated"].append(owner)
        notes.append(Note(f"{owner} has no crew disk left and is out of the Showdown "
                          "(Thirteenth Passenger, Module D)", "module_d"))
    return notes + _winner(state)


def _winner(state: State) -> list[Note]:
    show = facts_of(state)["showdown"]
    winner = showdown_winner(len(surviving_crew(state)),
                             decks.hand_size(state, facts_of(state)["lifeform"]))
    if winner == "crew":
        finish(state, "crew", "the crew won the Showdown", f"Ending {show['ending']}")
        return [Note("The lifeform cannot play a Lifeform card: the crew wins (rulebook, Fight "
                     "Sequence)",
                     "showdown")]
    if winner == "lifeform":
        finish(state, "lifeform", "the lifeform won the Showdown", f"Ending {show['ending']}")
        return [Note("No surviving crew member is left: the lifeform wins (rulebook, Fight "
                     "Sequence)",
                     "showdown")]
    return []


def showdown_checklist(state: State) -> list[tuple[str, bool]]:
    show = facts_of(state)["showdown"]
    legal = legal_targets(surviving_crew(state), show["previous_target"])
    refill = [("Ending C refill: discard up to the Evolution number, then draw to the max hand "
               "size (rulebook, Ending C)", False)] if show.get("refill_due") else []
    return [*refill,
            ("Hibernation (6 steps, rulebook p. 38, Showdown Stage)", show["hibernated"]),
            *hunt_order.checklist(state),
            (f"Fight {show['fights'] + 1}: target {' or '.join(legal)}; a Lifeform card face "
             "down (+ Hostility tokens); cancel?; reveal; match every icon (rulebook, Fight "
             "Sequence)", False)]
