"""The printed Lifeform values the rulebook text does not give, as board values (spec §13).

Each value reads the way the board does: numbers, lists of spaces, yes/no, ranges ("3-8"),
pairs ("6:2, 12:4"), and lists of printed icons ("none, Power Outage, Self-Destruct +1").
None has a default: a key the table has not entered is unset, an action that needs it asks
for it (``needs``), and the rule that reads it says so. Values the text does give are built
in (``KNOWN``) and are not board values.

Spaces are counted from 1: the bottom space of a Shuttle Loadout column, the first space of
the Hostility track, the [Start] space of the Cocoon, Malfunction and Android Status tracks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from trackers.engine import ActionError, BoardValue


class Icon(StrEnum):
    """The five showdown icons; names from the rulebook's examples (spec §10.4, G12)."""

    RED_CLAW = "red claw"
    BLUE_CLAW = "blue claw"
    PURPLE_STINGER = "purple stinger"
    GREEN_EYE = "green eye"
    HARPOON_GUN = "harpoon gun"  # Crew cards only (spec §10.4)


ICONS = tuple(icon.value for icon in Icon)
COLUMNS = ("improvised_weaponry", "coolant", "energy_cells", "halon_gas", "spacesuits")
# Printed icon -> the id the rules use.
BONUSES = {"Remove a Power Outage": "remove_power_outage",
           "Move a Power Outage": "move_power_outage", "Draw a Card": "draw_card"}  # §5.1
MALFUNCTION_ICONS = {"none": "none", "Power Outage": "power_outage",
                     "Android Malfunctions!": "android_malfunctions",
                     "Self-Destruct": "self_destruct"}  # spec §4.4
HUNT_ACTIONS = {"Halon search": "halon_search", "Lifeform reveal": "lifeform_reveal",
                "Search": "search"}  # spec §11.4

# The text gives these (spec §2.1, §4.1, §5.2, §11.2): built in, never asked.
KNOWN: dict[str, Any] = {
    "self_destruct.start_2p": 25, "self_destruct.start_3p": 28,
    "self_destruct.mark_20": 20, "self_destruct.mark_10": 10, "self_destruct.mark_9": 9,
    "module_b.asteroid_minutes": (19, 18, 17, 16),
    "halon_gas.compartments": (2, 3, 4), "halon_gas.length": 9,
    "improvised_weaponry.flamethrower_space": 4,
    "stowaway.one_two_minute_minutes": (1, 2),
}
KNOWN_SD_SPACES = (28, 25, 20, 19, 18, 17, 16, 10, 9, 6)  # spaces the rulebook names (G1)

_SD = "rulebook p. 46, Self-Destruct Track; Setup step 4"
_HOST = "rulebook p. 44, Lifeform Board: Hostility Track; Lifeform Setup step 12"
_COCOON = "rulebook p. 45, Valley Forge Track References: Cocoon Track"
_LOAD = "rulebook p. 46, Shuttle Loadout; p. 35, Launch the Remora Sequence"
_STOW = "rulebook, Card Summary: Stowaway Cards; Ending B; the cards themselves"
_FIGHT = "rulebook pp. 38-40, Showdown Stage: Fight Sequence; p. 48, Token Reference: Data"
_MOD_D = ("Thirteenth Passenger, Module D; the Surviving Crew / Actions strip on the Remora "
          "board")


@dataclass(frozen=True)
class IconList(BoardValue):
    """A row of printed icons, read left to right or bottom to top ("none, Power Outage").

    With ``spaced`` each entry names its space: "2: Draw a Card, 5: Remove a Power Outage".
    The board value's ``labels`` are the printed names; ``codes`` maps each to the id the
    rules use, which is what is kept.
    """

    codes: Mapping[str, str] | None = None
    spaced: bool = False
    fewest: int = 0
    most: int = 30

    def parse(self, raw: Any) -> Any:
        empty = isinstance(raw, str) and raw.strip().casefold() in ("", "none")
        items = [] if empty else self._items(raw, r"\s*,\s*|\s*;\s*")
        out: list[Any] = []
        for item in items:
            if self.spaced:
                parts = ([p.strip() for p in item.split(":", 1)] if isinstance(item, str)
                         else list(item) if isinstance(item, (list, tuple)) else [])
                if len(parts) != 2:
                    raise self._bad(raw)
                out.append([self._number(parts[0]), self._code(parts[1], raw)])
            else:
                out.append(self._code(item, raw))
        if not self.fewest <= len(out) <= self.most:
            raise ActionError(f"{self.label}: give {self._count()}", self.key)
        return out

    def _count(self) -> str:
        if self.fewest == self.most:
            return f"{self.fewest} entries"
        return f"{self.fewest} to {self.most} entries"

    def _code(self, text: Any, raw: Any) -> str:
        codes = dict(self.codes or {label: label for label in self.labels})
        if isinstance(text, str):
            wanted = text.strip().casefold()
            for label, code in codes.items():
                if wanted in (label.casefold(), code.casefold()):
                    return code
        raise self._bad(raw)

    def allowed(self) -> str:
        names = ", ".join(self.labels)
        if self.spaced:
            return f"space: icon pairs such as '2: {self.labels[0]}' (icons: {names})"
        return f"{self._count()} separated by commas, each one of: {names}"

    def show(self, value: Any) -> str:
        if value is None:
            return "unset"
        names = {code: label for label, code in (self.codes or {}).items()}
        if self.spaced:
            return ", ".join(f"{s}: {names.get(c, c)}" for s, c in value) or "none"
        return ", ".join(names.get(c, c) for c in value) or "none"


def _icons(key: str, label: str, look_at: str, codes: Mapping[str, str], *, spaced: bool = False,
           fewest: int = 0, most: int = 30, help: str = "") -> IconList:
    return IconList(key, label, look_at, "label", labels=tuple(codes), codes=dict(codes),
                    spaced=spaced, fewest=fewest, most=most, minimum=1, maximum=30, help=help)


_ICON_CODES = {icon: icon for icon in ICONS}
_BONUS_HELP = "spaces with a bonus icon (Remove / Move a Power Outage, Draw a Card); none: 'none'"

BOARD_VALUES: tuple[BoardValue, ...] = (
    # G1, G2: the Self-Destruct track.
    BoardValue("self_destruct.minutes", "Self-Destruct spaces (highest first)", _SD, "ints",
               1, 60, help="every numbered space down to the last before Explosion; the "
               "rulebook names 28, 25, 20, 19-16, 10, 9 and 6"),
    BoardValue("self_destruct.start_4p", "Self-Destruct [START] minutes (0: no number)", _SD,
               "int", 0, 60),
    BoardValue("self_destruct.terror_minutes", "Self-Destruct spaces with a Terror icon", _SD,
               "ints", 1, 60),
    # G3, G4: the Hostility track.
    BoardValue("hostility.length", "Hostility track spaces", _HOST, "int", 2, 60),
    BoardValue("hostility.start_2p", "Hostility start space, 2 players", _HOST, "int", 1, 60),
    BoardValue("hostility.start_3p", "Hostility start space, 3 players", _HOST, "int", 1, 60),
    BoardValue("hostility.start_4p", "Hostility start space, 4 players", _HOST, "int", 1, 60),
    BoardValue("hostility.draw_card_spaces", "Hostility spaces with a Draw-card icon", _HOST,
               "ints", 1, 60),
    BoardValue("hostility.terror_spaces", "Hostility spaces with a Terror icon", _HOST, "ints",
               1, 60),
    BoardValue("hostility.red_claws", "Hostility red claws (space:number)", _HOST, "pairs", 1,
               60, help="one red claw reads 4 (Showdown example)"),
    # G5, G6: the Cocoon tracks, one number per space from Start.
    BoardValue("cocoon_2p.max_hand", "Cocoon 2P MAX HAND on each space from Start", _COCOON,
               "ints", 1, 15),
    BoardValue("cocoon_2p.evolution", "Cocoon 2P Evolution on each space from Start", _COCOON,
               "ints", 0, 10, help="the final space reads 3"),
    BoardValue("cocoon_3p4p.max_hand", "Cocoon 3P/4P MAX HAND on each space from Start",
               _COCOON, "ints", 1, 15, help="the space above Start reads 7 (Showdown example)"),
    BoardValue("cocoon_3p4p.evolution", "Cocoon 3P/4P Evolution on each space from Start",
               _COCOON, "ints", 0, 10, help="the final space reads 3"),
    # G7, G8: the Malfunction and Android Status tracks.
    _icons("malfunction.spaces", "Malfunction icon on each space from Start",
           "rulebook, Valley Forge Track References: Malfunction Track", MALFUNCTION_ICONS,
           fewest=2),
    BoardValue("android_status.removals", "Android Status tokens removed on each space from "
               "Start (before Destroyed)", "rulebook, Valley Forge Track References: Android "
               "Status Track", "ints", 0, 30),
    # G9: the Shuttle Loadout.
    BoardValue("improvised_weaponry.length", "Improvised Weaponry spaces", _LOAD, "int", 5, 20),
    BoardValue("improvised_weaponry.minimum", "Improvised Weaponry spaces below the Minimum "
               "bar", _LOAD, "int", 0, 20),
    BoardValue("improvised_weaponry.draw_numbers", "Improvised Weaponry number left of each "
               "space (bottom first; 0 where none)", _LOAD, "ints", 0, 10,
               help="the 5th space reads 3 (Showdown example)"),
    _icons("improvised_weaponry.bonus_spaces", "Improvised Weaponry bonus spaces", _LOAD,
           BONUSES, spaced=True, help=_BONUS_HELP),
    BoardValue("coolant.length", "Coolant spaces", _LOAD, "int", 1, 20),
    BoardValue("coolant.minimum", "Coolant spaces below the Minimum bar (3P/4P)", _LOAD, "int",
               0, 20),
    BoardValue("coolant.overheating_2p_space", "Coolant space marked 2P (Overheating token)",
               _LOAD, "int", 1, 20),
    _icons("coolant.bonus_spaces", "Coolant bonus spaces", _LOAD, BONUSES, spaced=True,
           help=_BONUS_HELP),
    BoardValue("energy_cells.length", "Energy Cells coverable spaces", _LOAD, "int", 6, 20,
               help="the top 1 is never covered"),
    BoardValue("energy_cells.minimum", "Energy Cells spaces below the Minimum bar", _LOAD,
               "int", 0, 20),
    BoardValue("energy_cells.draw_number_spaces", "Energy Cells spaces printed 4, 3 and 2",
               _LOAD, "ints", 1, 20, help="in that order; 6 tokens leave the 4 uncovered"),
    _icons("energy_cells.bonus_spaces", "Energy Cells bonus spaces", _LOAD, BONUSES,
           spaced=True, help=_BONUS_HELP),
    _icons("halon_gas.bonus_spaces", "Halon Gas bonus spaces", _LOAD, BONUSES, spaced=True,
           help=_BONUS_HELP),
    BoardValue("spacesuits.length", "Spacesuits spaces", _LOAD, "int", 1, 20),
    _icons("spacesuits.bonus_spaces", "Spacesuits bonus spaces", _LOAD, BONUSES, spaced=True,
           help=_BONUS_HELP),
    # G10: the Stowaway cards other than 1-2 Minute.
    BoardValue("stowaway.second_card_minutes", "Second Stowaway card: range (minutes)", _STOW,
               "range", 1, 30, help="one of the two other cards includes 6 (Showdown example)"),
    BoardValue("stowaway.third_card_minutes", "Third Stowaway card: range (minutes)", _STOW,
               "range", 1, 30),
    _icons("stowaway.one_two_minute_icons", "1-2 Minute card showdown icons", _STOW,
           _ICON_CODES, fewest=1, most=5),
    # G12, G24, G26: Showdown values the text leaves out.
    _icons("showdown.data_token_icons", "Icon on each of the 4 Data tokens", _FIGHT,
           _ICON_CODES, fewest=4, most=4),
    BoardValue("showdown.tokens_in_two_for_one", "Data and Harpoon tokens count as icons in "
               "Two-for-One", _FIGHT, "bool", help="Two-for-One says 'from cards and/or "
               "tokens'"),
    BoardValue("showdown.ships_cat_matches_2p", "2-player Ship's Cat fight icons matched",
               "rulebook, 2-Player Game: The Ship's Cat; p. 40, Showdown", "int", 1, 5),
    BoardValue("showdown.draw_when_weaponry_empty", "Crew cards drawn at hibernation with "
               "Improvised Weaponry empty", "rulebook p. 38, Showdown Stage: Crew Setup step 1",
               "int", 0, 10),
    # G22: the module D action strip, per number of surviving crew disks.
    *(_icons(f"module_d.actions_{n}_disks", f"Module D actions with {n} crew disk"
             + ("s" if n > 1 else ""), _MOD_D, HUNT_ACTIONS, fewest=1, most=10)
      for n in (1, 2, 3, 4)),
    # G13: the board map; the app needs only the length of the android's A.I. Path.
    BoardValue("android.path_chambers", "Chambers on the Android A.I. Path after Hypersleep, "
               "the Remora last", "rulebook, Valley Forge Blueprint; Android Phase", "int", 1,
               30),
    # G20: which deck each Asteroid Impact card strikes is printed on the cards.
    _icons("module_b.impact_decks", "Deck each Asteroid Impact card strikes (cards 1-3)",
           "Thirteenth Passenger, Module B: the 3 Asteroid Impact cards",
           {"A-Deck": "A-Deck", "B-Deck": "B-Deck", "C-Deck": "C-Deck"}, fewest=3, most=3),
)

_BY_KEY = {v.key: v for v in BOARD_VALUES}


def value_of(key: str) -> BoardValue:
    return _BY_KEY[key]


def label(key: str) -> str:
    """A board value's label, for messages (never the key)."""
    return _BY_KEY[key].label if key in _BY_KEY else key


def _tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    return value


@dataclass(frozen=True)
class Board:
    """The values a session's table entered, read by the rules (values as tuples); built-in
    values come from ``KNOWN``. Unset values read as None."""

    values: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> Board:
        """Each value checked as the table would type it, then the cross-checks; ActionError
        names the first problem."""
        checked = {key: value_of(key).parse(raw) for key, raw in values.items()}
        problems = check_board(checked)
        if problems:
            raise ActionError("; ".join(problems), "board")
        return cls(checked)

    def get(self, key: str) -> Any:
        if key in KNOWN:
            return KNOWN[key]
        value = self.values.get(key)
        return None if value is None else _tuple(value)

    def is_set(self, key: str) -> bool:
        return self.get(key) is not None

    def unknown(self, key: str) -> str:
        """What a rule says while ``key`` is unset: the label and where to look."""
        look = _BY_KEY[key].look_at if key in _BY_KEY else ""
        return f"unknown: enter '{label(key)}' from your board ({look})"

    def number(self, key: str) -> int | None:
        return cast("int | None", self.get(key))

    def numbers(self, key: str) -> tuple[int, ...] | None:
        return cast("tuple[int, ...] | None", self.get(key))

    def pairs(self, key: str) -> tuple[tuple[int, int], ...] | None:
        return cast("tuple[tuple[int, int], ...] | None", self.get(key))

    def span(self, key: str) -> tuple[int, int] | None:
        return cast("tuple[int, int] | None", self.get(key))

    def labels(self, key: str) -> tuple[str, ...] | None:
        return cast("tuple[str, ...] | None", self.get(key))

    def flag(self, key: str) -> bool | None:
        return cast("bool | None", self.get(key))

    def unset_keys(self) -> list[str]:
        return [v.key for v in BOARD_VALUES if v.key not in self.values]


def board_of(values: Mapping[str, Any]) -> Board:
    return Board(dict(values))


def check_board(values: dict[str, Any]) -> list[str]:
    """Checks across values and against what the rulebook's examples show (spec §13.1)."""
    v = Board(values)
    problems: list[str] = []

    def bad(key: str, why: str) -> None:
        problems.append(f"board profile: {label(key)}: {why}")

    minutes = v.numbers("self_destruct.minutes")
    if minutes is not None:
        if list(minutes) != sorted(set(minutes), reverse=True):
            bad("self_destruct.minutes", "list each space once, highest first")
        missing = [m for m in KNOWN_SD_SPACES if m not in minutes]
        if missing:
            bad("self_destruct.minutes", "must include " + ", ".join(map(str, missing))
                + " (spaces the rulebook names)")
        if any(m not in minutes for m in v.numbers("self_destruct.terror_minutes") or ()):
            bad("self_destruct.terror_minutes", "each must be one of the Self-Destruct spaces")
        start = v.number("self_destruct.start_4p")
        if start and start <= max(minutes):
            bad("self_destruct.start_4p", f"must be 0 or above {max(minutes)}")
    length = v.number("hostility.length")
    if length is not None:
        for n in (2, 3, 4):
            start = v.number(f"hostility.start_{n}p")
            if start is not None and start > length:
                bad(f"hostility.start_{n}p", f"must be a space from 1 to {length}")
        for key in ("hostility.draw_card_spaces", "hostility.terror_spaces"):
            if any(s > length for s in v.numbers(key) or ()):
                bad(key, f"spaces must be from 1 to {length}")
    claws = v.pairs("hostility.red_claws")
    if claws is not None:
        if length is not None and any(s > length for s, _ in claws):
            bad("hostility.red_claws", f"spaces must be from 1 to {length}")
        if 4 not in [n for _, n in claws]:
            bad("hostility.red_claws", "one red claw must read 4 (rulebook p. 38, Showdown "
                "example)")
    for track in ("cocoon_2p", "cocoon_3p4p"):
        hand, evo = v.numbers(f"{track}.max_hand"), v.numbers(f"{track}.evolution")
        if hand is not None and len(hand) < 2:
            bad(f"{track}.max_hand", "give one number per space, Start first (2 or more)")
        if hand is not None and evo is not None and len(hand) != len(evo):
            bad(f"{track}.evolution", "give one number per space, as many as MAX HAND")
        if evo is not None and evo and evo[-1] != 3:
            bad(f"{track}.evolution", "the final space reads 3 (rulebook p. 45, Cocoon Track)")
    hand = v.numbers("cocoon_3p4p.max_hand")
    if hand is not None and len(hand) > 1 and hand[1] != 7:
        bad("cocoon_3p4p.max_hand", "the space above Start reads 7 (rulebook p. 38, Showdown "
            "example)")
    spaces = v.labels("malfunction.spaces")
    if spaces is not None and spaces.count("android_malfunctions") != 1:
        bad("malfunction.spaces", "exactly one space shows Android Malfunctions!")
    for column in COLUMNS:
        col_len = 9 if column == "halon_gas" else v.number(f"{column}.length")
        if col_len is None:
            continue
        for key in (f"{column}.minimum", "coolant.overheating_2p_space"):
            if key.startswith(column) and (v.number(key) or 0) > col_len:
                bad(key, f"must be at most {col_len}, the column's spaces")
        if any(s > col_len for s, _ in v.pairs(f"{column}.bonus_spaces") or ()):
            bad(f"{column}.bonus_spaces", f"spaces must be from 1 to {col_len}")
    numbers = v.numbers("improvised_weaponry.draw_numbers")
    if numbers is not None:
        iw_len = v.number("improvised_weaponry.length")
        if iw_len is not None and len(numbers) != iw_len:
            bad("improvised_weaponry.draw_numbers", f"give {iw_len} numbers, one per space")
        if len(numbers) < 5 or numbers[4] != 3:
            bad("improvised_weaponry.draw_numbers", "the 5th space reads 3 (rulebook p. 38, "
                "Showdown example)")
    cells = v.numbers("energy_cells.draw_number_spaces")
    if cells is not None:
        if len(cells) != 3 or len(set(cells)) != 3:
            bad("energy_cells.draw_number_spaces", "give 3 different spaces: the 4, the 3, "
                "the 2")
        elif cells[0] < 7:
            bad("energy_cells.draw_number_spaces", "the 4 is above space 6 (rulebook p. 38, "
                "Showdown example: 6 tokens leave it uncovered)")
        ec_len = v.number("energy_cells.length")
        if ec_len is not None and cells and max(cells) > ec_len:
            bad("energy_cells.draw_number_spaces", f"spaces must be at most {ec_len}")
    second, third = v.span("stowaway.second_card_minutes"), v.span("stowaway.third_card_minutes")
    if second and third and not any(lo <= 6 <= hi for lo, hi in (second, third)):
        bad("stowaway.third_card_minutes", "one of the two other Stowaway cards includes 6 "
            "(rulebook p. 38, Showdown example)")
    return problems


def warnings(values: Mapping[str, Any]) -> list[str]:
    """What the rulebook only illustrates: worth a second look, never refused."""
    hand = Board(values).numbers("cocoon_3p4p.max_hand")
    if hand is not None and 8 not in hand:
        return ["Cocoon 3P/4P MAX HAND: no space reads 8, though the rulebook's Lurk "
                "illustration shows a MAX HAND 8 (rulebook p. 45); check your board, and keep "
                "the values if they match it"]
    return []
