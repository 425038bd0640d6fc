"""The Showdown stage at the table: hibernation numbers, fight checks and fight results
(spec lifeform §10), using showdown.py and fight.py.
"""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, Panel, State
from trackers.games.lifeform import characters, decks, loadout
from trackers.games.lifeform.board_profile import ICONS, BoardProfile, Icon
from trackers.games.lifeform.fight import (
    CrewCard,
    Holdings,
    Verdict,
    cancel_options,
    check_fight,
    committed_icons,
)
from trackers.games.lifeform.moves import add_hostility, finish
from trackers.games.lifeform.showdown import (
    Hibernation,
    hibernation,
    legal_targets,
    showdown_winner,
)
from trackers.pieces import Track

KEEP_READINGS = ("keep 1 (rule text, C3)", "keep all (worked example, C3)")
RESULTS = ("matched", "eliminated", "cancelled: Halon Gas Blast", "cancelled: Remora token",
           "cancelled: Mining Laser")


def begin_showdown(state: State, ending: str, card_kept: bool) -> list[Note]:
    """After Ending B (correct guess) or C (spec §10.1)."""
    state.facts["stage"] = "showdown"
    state.facts["status"] = f"Showdown (after Ending {ending})"
    state.facts["showdown"] = {"ending": ending, "hibernated": False, "halon": 0,
                               "remora": False, "hostility_tokens": 0,
                               "stowaway_card": card_kept, "previous_target": None,
                               "eliminated": [], "fights": 0}
    notes = [Note("The Showdown begins: do the hibernation ('Hibernation'); the panel shows "
                  "its numbers (spec §10.2)", "hibernation"),
             Note("if the lifeform holds the 'Dragging its victims into the cooling shafts' "
                  "Terror card, its special fight comes before the others: 1 claw with 1 "
                  "character on it, 3 with 2; the rest is on the card (spec §10.7, G25)",
                  "showdown")]
    if "D" in state.facts["modules"]:
        notes.append(Note("Module D: the hunt for the lifeform comes just before the Showdown; "
                          "it needs the Halon tokens and surviving disks, so the app offers it "
                          "after the hibernation, before the first fight (spec C10: your table "
                          "may place it elsewhere)", "module_d"))
    return notes


def surviving_crew(state: State) -> list[str]:
    """Crew members with a surviving character, not eliminated (spec §10.3)."""
    gone = (state.facts["showdown"] or {}).get("eliminated", [])
    return [m for m in state.facts["crew"]
            if m not in gone and state.facts["members"][m]["role"] == "characters"
            and characters.surviving(state, m)]


def numbers(state: State, profile: BoardProfile) -> Hibernation | None:
    """The six hibernation numbers (spec §10.2), or None while Hostility's start is unset."""
    if not state.facts.get("hostility_placed"):
        return None
    _, left = characters.counts(state)
    return hibernation(
        player_count=state.facts["players"], loadout=loadout.counts(state),
        hostility_space=state.piece("hostility", Track).position,
        characters_on_valley_forge=left,
        lifeform_hand=decks.hand_size(state, state.facts["lifeform"]),
        cocoon_space=state.piece("cocoon", Track).position, profile=profile)


def _value(n: object) -> str:
    value, why = getattr(n, "value", None), getattr(n, "why", "")
    return f"{'unknown' if value is None else value} ({why})"


def hibernation_panel(state: State, profile: BoardProfile) -> Panel:
    h = numbers(state, profile)
    if h is None:
        return Panel("Hibernation numbers", (profile.unknown(
            f"hostility.start_{state.facts['players']}p"),), "hibernation")
    lines = [f"1. Crew cards to draw and share: {_value(h.crew_cards)}",
             "2. Surviving characters come off the Remora onto their boards",
             f"3. Crew pool: the Remora token + Halon Gas Blast: {_value(h.halon_tokens)}",
             f"4. Lifeform draws: {_value(h.lifeform_draw)}"]
    lines += [f"   {r.label}: {r.why}" for r in h.lifeform_keeps]
    lines += [f"5. {_value(h.characters_killed)}",
              f"6. Hostility tokens: {_value(h.hostility_tokens)}", *h.notes]
    return Panel("Hibernation numbers", tuple(lines), "hibernation")


def hibernate(state: State, keep: str, profile: BoardProfile) -> list[Note]:
    """Do the six steps the app can count (spec §10.2); ``keep`` settles C3."""
    show = state.facts["showdown"]
    if show["hibernated"]:
        raise ActionError("the hibernation is done already", "action")
    h = numbers(state, profile)
    if h is None:
        raise ActionError(profile.unknown(f"hostility.start_{state.facts['players']}p"), "keep")
    reading = h.lifeform_keeps[KEEP_READINGS.index(keep)]
    if h.lifeform_draw.value is None or h.hostility_tokens.value is None:
        raise ActionError("hibernation: " + "; ".join(
            n.why for n in (h.lifeform_draw, h.hostility_tokens) if n.value is None), "keep")
    notes = [Note(f"1. the crew draws {_value(h.crew_cards)} unseen and shares them among crew "
                  "members with a surviving character: record each share with 'Draw cards'; "
                  "then the hand limit of 6", "hibernation"),
             Note("2. surviving characters come off the Remora onto their boards", "hibernation")]
    show["halon"], show["remora"] = h.halon_tokens.value or 0, True
    notes.append(Note(f"3. crew pool: the Remora token and {show['halon']} Halon Gas Blast "
                      "token(s)", "hibernation"))
    lifeform, drawn = state.facts["lifeform"], h.lifeform_draw.value
    notes += decks.draw(state, "lifeform", lifeform, drawn, profile, check=False)
    dropped = drawn - (reading.keeps or 0) + (reading.discards_for_limit or 0)
    if dropped:
        notes += decks.discard(state, "lifeform", lifeform, dropped)
    notes.append(Note(f"4. {reading.label}: {reading.why}", "hibernation"))
    for name in [n for n, c in state.facts["characters"].items()
                 if c["where"] == characters.VALLEY_FORGE]:
        state.facts["characters"][name]["where"] = characters.DEAD
        notes.append(Note(f"5. {name}, still on the Valley Forge, dies", "hibernation"))
        notes += add_hostility(state, "character_killed", profile)
    show["hostility_tokens"] = h.hostility_tokens.value
    show["hibernated"] = True
    notes.append(Note(f"6. the lifeform takes {show['hostility_tokens']} Hostility token(s) "
                      f"({h.hostility_tokens.why})", "hibernation"))
    return notes + _winner(state)


def parse_icons(text: str, field: str) -> tuple[Icon, ...]:
    """Icons typed as "red claw, green eye, green eye" (names: spec §10.4, G12)."""
    words = [w.strip().lower() for w in text.replace(";", ",").split(",") if w.strip()]
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


def fight_check(state: State, args: dict[str, Any], profile: BoardProfile) -> list[Note]:
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
                          "5 that count (spec §10.5 step 4): give those 5 only", "fight_icons")
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
        check = check_fight(committed, holdings, player_count=state.facts["players"],
                            profile=profile, surplus_character=surplus)
    except ValueError as err:
        raise ActionError(f"fight: {err}", "cards") from err
    notes = [Note(f"Fight against {target}: {', '.join(committed)}: {check.verdict}", "fight")]
    if check.plan is not None:
        notes.append(Note(f"one way: {check.why}", "fight"))
    notes += [Note(f"depends on: {d}", "fight") for d in check.depends_on]
    if check.verdict is not Verdict.MATCHED:
        show = state.facts["showdown"] or {}
        holder = state.facts["special_cards"]["mining_laser"]
        options = cancel_options(show.get("halon", 0), bool(show.get("remora")),
                                 holder if holder in surviving_crew(state) else None)
        notes += [Note(f"or cancel the whole fight (step 3, all agree): {o.how}", "fight")
                  for o in options]
    return notes


def fight_result(state: State, args: dict[str, Any]) -> list[Note]:
    """Record one fight (spec §10.5 steps 1-7) and see whether someone has won (§10.6)."""
    show = state.facts["showdown"]
    if not show["hibernated"]:
        raise ActionError("do the hibernation first ('Hibernation', spec §10.1)", "result")
    target, result = str(args["target"]), str(args["result"])
    legal = legal_targets(surviving_crew(state), show["previous_target"])
    if target not in legal:
        raise ActionError(f"target: the lifeform must target {' or '.join(legal)} (a different "
                          "crew member from the last fight unless only one is left, spec §10.5 "
                          "step 1)", "target")
    tokens = int(args.get("hostility_tokens") or 0)
    if tokens > show["hostility_tokens"]:
        raise ActionError(f"hostility_tokens: the lifeform has {show['hostility_tokens']}",
                          "hostility_tokens")
    notes = decks.discard(state, "lifeform", state.facts["lifeform"], 1)
    show["hostility_tokens"] -= tokens
    show["previous_target"], show["fights"] = target, show["fights"] + 1
    if args.get("stowaway_card"):
        if not show["stowaway_card"]:
            raise ActionError("stowaway_card: the lifeform does not hold the 1-2 Minute card",
                              "stowaway_card")
        show["stowaway_card"] = False
        notes.append(Note("the 1-2 Minute Stowaway card leaves the game (spec §10.5 step 7)",
                          "fight"))
    used = int(args.get("crew_cards_used") or 0)
    if used:
        notes += decks.discard(state, "crew", target, used)
    notes += _cancel_or_settle(state, target, result)
    return notes + _winner(state)


def _cancel_or_settle(state: State, target: str, result: str) -> list[Note]:
    show = state.facts["showdown"]
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
        if state.facts["special_cards"]["mining_laser"] not in surviving_crew(state):
            raise ActionError("result: no surviving crew member holds the Mining Laser card",
                              "result")
        state.facts["special_cards"]["mining_laser"] = "removed"
    elif result == "eliminated":
        show["eliminated"].append(target)
        crew = decks.deck(state, "crew")
        crew.remove_from_hand(crew.hands.get(target, 0), target)
        for card in decks.special_held(state, target):
            state.facts["special_cards"][card] = "removed"
        return [Note(f"{target} is eliminated: their characters, cards and tokens leave the game "
                     "(spec §10.5 step 6)", "fight")]
    if result.startswith("cancelled"):
        return [Note(f"fight cancelled ({result[11:]}): everything the lifeform committed is "
                     "revealed and discarded (spec §10.5 step 3)", "fight")]
    return [Note(f"{target} matched every fight icon and survives (spec §10.5)", "fight")]


def kill_in_showdown(state: State, name: str) -> list[Note]:
    """A crew disk killed in the Showdown (module D's Engineering kill): a player losing the
    last one is out of the Showdown (spec §11.4)."""
    c = characters.need(state, name)
    c["where"] = characters.DEAD
    owner = str(c["owner"])
    notes = [Note(f"{name} is killed", "module_d")]
    if not characters.surviving(state, owner):
        state.facts["showdown"]["eliminated"].append(owner)
        notes.append(Note(f"{owner} has no crew disk left and is out of the Showdown "
                          "(spec §11.4)", "module_d"))
    return notes + _winner(state)


def _winner(state: State) -> list[Note]:
    winner = showdown_winner(len(surviving_crew(state)),
                             decks.hand_size(state, state.facts["lifeform"]))
    if winner == "crew":
        finish(state, "the crew won the Showdown")
        return [Note("The lifeform cannot play a Lifeform card: the crew wins (spec §10.6)",
                     "showdown")]
    if winner == "lifeform":
        finish(state, "the lifeform won the Showdown")
        return [Note("No surviving crew member is left: the lifeform wins (spec §10.6)",
                     "showdown")]
    return []


def showdown_checklist(state: State) -> list[tuple[str, bool]]:
    show = state.facts["showdown"]
    legal = legal_targets(surviving_crew(state), show["previous_target"])
    return [("Hibernation (6 steps, spec §10.2)", show["hibernated"]),
            (f"Fight {show['fights'] + 1}: target {' or '.join(legal)}; a Lifeform card face "
             "down (+ Hostility tokens); cancel?; reveal; match every icon (spec §10.5)", False)]
