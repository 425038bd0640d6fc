"""Printed values the rulebook text does not give (spec pandora-celeste §12.1): the Turn Cycle
Tracker's boxes, Emergency Protocol delays, the Nasty Action deck and the Nasties' numbers.

No defaults: until the table enters one, the screen says it is not set and the action that
needs it asks for it.
"""

from __future__ import annotations

from trackers.engine import ActionError, BoardValue, State
from trackers.games.pandora_celeste.nasties import OTHER_NASTIES, kinds_from_text

_TRACKER = ("the printed Turn Cycle Tracker (rulebook «Moving Nasties», «4. End of Cycle», "
            "«Checking the Vents»)")
_EP = "the Emergency Protocol card, above its Override («How the Timers Work»)"
_DECK = ("your Nasty Action cards, in any fixed order: card 1, card 2, … («Nasty Action "
         "Cards», «Nasties vs Crewmembers»)")
_LOG = "the Nasty's card and the Xeno Data Log («Big Nasties», «Drawing & Placing Nasties»)"

# Emergency Protocols whose delay limit is printed only on their card (Vacuum's 2 is given).
DELAY_KEYS = {"aircon": "delays_aircon", "lockdown": "delays_lockdown",
              "jettison": "delays_jettison", "don't call me dave": "delays_dave",
              "contamination alert": "delays_contamination"}
INSTRUCTIONS = ("Follow Instincts", "Move towards the Bridge/Engineering",
                "Attack the noisiest creature in this room", "Move to attack the nearest creature",
                "Pause & do nothing")

MOVERS = ("Little Nasties move", "All Nasties move")


def _printed(name: str) -> str:
    """A Protocol's name as printed: "Don't Call Me Dave", where str.title() gave "Don'T"."""
    return " ".join(word[:1].upper() + word[1:] for word in name.split())


BOARD_VALUES: tuple[BoardValue, ...] = (
    BoardValue("other_nasties", "Nasties you entered yourself",
               "kept here by the app each time you enter one in a game; edit to correct",
               "text"),
    BoardValue("tracker_top", "Turn Cycle Tracker: its highest number", _TRACKER, "int", 1, 30),
    BoardValue("cargo_deck", "Cargo Deck (virtual mode)",
               "your Cargo Cards: 'name = kind; ...', the kind Agri, Military, Tech, Tech: "
               "Widgets, Cargo Bay Nasty or XWT Control", "text"),
    BoardValue("big_nasty_boxes", "Tracker boxes saying Big or All Nasties Move", _TRACKER,
               "ints", 0, 30, help="the numbers of those boxes"),
    BoardValue("check_aircon_boxes", "Tracker boxes saying Check Aircon", _TRACKER, "ints", 0,
               30, help="the numbers of those boxes"),
    *(BoardValue(key, f"{_printed(name)}: delays its card allows", _EP, "int", 0, 9)
      for name, key in DELAY_KEYS.items()),
    BoardValue("deck_gold", "Nasty Action deck: each card's gold number", _DECK,
               "ints", 0, 99, help="one number per card: the list's length is the deck's size"),
    BoardValue("deck_top", "Nasty Action deck: each card's top instruction", _DECK,
               "ints", 1, 5, help="1 Follow Instincts, 2 Move towards the Bridge/Engineering, "
               "3 Attack the noisiest, 4 Move to attack the nearest, 5 Pause"),
    BoardValue("deck_bottom", "Nasty Action deck: each card's bottom instruction",
               _DECK, "ints", 1, 5, help="the same numbers as the top instructions"),
    BoardValue("deck_top_red", "Nasty Action deck: cards with a red top Hit Box", _DECK,
               "ints", 1, 99, help="card positions in your list; the others are blue (MISS)"),
    BoardValue("deck_bottom_red", "Nasty Action deck: cards with a red bottom Hit Box",
               _DECK, "ints", 1, 99, help="card positions in your list"),
    BoardValue("deck_reshuffle", "Nasty Action deck: cards with the reshuffle icon", _DECK,
               "ints", 1, 99, help="card positions in your list"),
    BoardValue("spybot_hits", "SpyBot: Hits", _LOG, "int", 1, 20),
    BoardValue("trophy_hunter_hits", "Trophy Hunter: Hits", _LOG, "int", 1, 30),
    BoardValue("trophy_hunter_dmg", "Trophy Hunter: damage", _LOG, "int", 0, 10),
    BoardValue("time_jumper_hits", "Time Jumper: Hits", _LOG, "int", 1, 30),
    BoardValue("time_jumper_dmg", "Time Jumper: damage", _LOG, "int", 0, 10),
    BoardValue("fn_r1r_hits", "FN(R1R) CyberHound: Hits", _LOG, "int", 1, 30),
    BoardValue("objective_timer", "Abandon Ship: Cycles on the Objective Timer",
               "the Abandon Ship Protocol card («Decoupling» names the timer, not its length)",
               "int", 1, 30, help="at 0 the Bridge Decouples by itself, whoever is aboard"),
    BoardValue("abandon_movers", "Abandon Ship: which Nasties move each Cycle",
               "your table's reading: with no Countdown Marker left the rulebook does not say",
               "label", labels=MOVERS),
    BoardValue("bridge_stations", "Bridge: Stations Powered Up before it Decouples",
               "the Bridge's three Stations («Powering Up»)", "int", 1, 3),
)


def check_board(values: dict[str, object]) -> list[str]:
    """The deck lists describe one deck: the same length, positions inside it."""
    problems: list[str] = []
    own = values.get(OTHER_NASTIES)
    if isinstance(own, str):
        try:
            kinds_from_text(own)
        except ActionError as err:
            problems.append(str(err))
    gold = values.get("deck_gold")
    if not isinstance(gold, list):
        return problems
    size = len(gold)
    if size == 0:
        problems.append(f"{_label('deck_gold')}: give one number per card (none given)")
    for key in ("deck_top", "deck_bottom"):
        got = values.get(key)
        if isinstance(got, list) and len(got) != size:
            problems.append(f"{_label(key)}: give {size} entries, one per card ({len(got)} "
                            "given)")
    for key in ("deck_top_red", "deck_bottom_red", "deck_reshuffle"):
        got = values.get(key)
        if isinstance(got, list) and any(not 1 <= p <= size for p in got):
            bad = ", ".join(str(p) for p in got if not 1 <= p <= size)
            problems.append(f"{_label(key)}: positions go from 1 to {size} ({bad} given)")
    return problems


DECK_KEYS = ("deck_gold", "deck_top", "deck_bottom", "deck_top_red", "deck_bottom_red",
             "deck_reshuffle")


def deck_problems(values: dict[str, object]) -> list[str]:
    """What is wrong with the deck lists as they stand: a draw is refused while any is."""
    return [p for p in check_board({k: v for k, v in values.items() if k in DECK_KEYS})]


def _label(key: str) -> str:
    return next(v.label for v in BOARD_VALUES if v.key == key)


def box_says(state: State, key: str, number: int | None) -> bool | None:
    """Whether the tracker box ``number`` carries the entry ``key``; None while unset."""
    value = state.board.get(key)
    if number is None or not isinstance(value, list):
        return None
    return number in value


def box_lines(state: State, number: int | None) -> list[str]:
    """What the driving box says (spec §2 Phase 3 step 1, §4.2; G-01)."""
    if number is None:
        return ["no marker drives the tracker"]
    lines = [f"box {number}: Little Nasties move (they move every Cycle)"]
    for key, what in (("big_nasty_boxes", "Big Nasties move"),
                      ("check_aircon_boxes", "Check Aircon")):
        says = box_says(state, key, number)
        lines.append(f"box {number}: {what}: " + ("not on your board profile yet"
                                                  if says is None else "yes" if says else "no"))
    return lines
