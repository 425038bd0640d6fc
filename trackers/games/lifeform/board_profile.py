"""Board profile: the printed Lifeform values the rulebook text does not give (spec lifeform §13).

The table enters these once from its own board. None has a default: an unset entry stays unset
and every rule that needs it says "unknown: set ... on your board profile". Values the text does
give are built in (spec §2.1, §4.1, §5.2, §11.2) and cannot be changed. Pure: the caller reads and
writes files; this module only turns a JSON-able dict into a checked profile and back.

Spaces are counted from 1: the bottom space of a Shuttle Loadout column, the first space of the
Hostility track, the [Start] space of the Cocoon, Malfunction and Android Status tracks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import cast

FORMAT = "tableside.lifeform.board_profile"
FORMAT_VERSION = 1


class Icon(StrEnum):
    """The five showdown icons; names from the rulebook's examples (spec §10.4, G12)."""

    RED_CLAW = "red claw"
    BLUE_CLAW = "blue claw"
    PURPLE_STINGER = "purple stinger"
    GREEN_EYE = "green eye"
    HARPOON_GUN = "harpoon gun"  # Crew cards only (spec §10.4)


class Kind(StrEnum):
    """The shape of a profile value."""

    INT = "a whole number"
    INT_LIST = "a list of whole numbers"
    SPACE_NUMBERS = "a list of [space, number] pairs"
    RANGE = "a [lowest, highest] pair"
    LABELS = "a list of labels"
    SPACE_LABELS = "a list of [space, label] pairs"
    BOOL = "yes or no (true/false)"


BONUSES = ("remove_power_outage", "move_power_outage", "draw_card")  # spec §5.1
MALFUNCTION_ICONS = ("none", "power_outage", "android_malfunctions", "self_destruct")  # §4.4
HUNT_ACTIONS = ("halon_search", "lifeform_reveal", "search")  # spec §11.4
ICONS = tuple(icon.value for icon in Icon)
COLUMNS = ("improvised_weaponry", "coolant", "energy_cells", "halon_gas", "spacesuits")

_SD = "Reference Guide → Self-Destruct Track (p.46); Setup step 4"
_HOST = "Reference Guide → Lifeform Board → Hostility Track (p.44); Lifeform Setup step 12"
_COCOON = "Valley Forge Track References → Cocoon Track (p.45)"
_LOAD = "Reference Guide → Shuttle Loadout (p.46); Launch the Remora Sequence (p.35)"
_STOW = "Card Summary → Stowaway Cards; Ending B; the cards themselves"
_FIGHT = "Showdown Stage → Fight Sequence (p.38-40); Token Reference → Data"
_MOD_D = "Thirteenth Passenger → Module D; the 'Surviving Crew / Actions' strip on the Remora board"


@dataclass(frozen=True)
class ProfileEntry:
    """One board value: what it is, where to look, what is allowed, a built-in value if known."""

    key: str
    label: str
    rulebook: str
    kind: Kind
    gap: str = ""
    low: int | None = None  # range of the number, or of each number in a list
    high: int | None = None
    labels: tuple[str, ...] = ()
    items: tuple[int, int] | None = None  # allowed number of list items (fewest, most)
    reveals: str = ""  # what the text does say (spec §13.1)
    known: object = None  # built into the app from the spec; read-only

    @property
    def built_in(self) -> bool:
        return self.known is not None

    def allowed(self) -> str:
        """Plain words for what may be entered."""
        parts = [str(self.kind)]
        if self.low is not None:
            parts.append(f"each number from {self.low} to {self.high}")
        if self.labels:
            parts.append("labels from: " + ", ".join(self.labels))
        if self.items is not None:
            lo, hi = self.items
            parts.append(f"{lo} item(s)" if lo == hi else f"{lo} to {hi} items")
        return "; ".join(parts)

    def unknown(self) -> str:
        """The message shown wherever a rule needs this value and it is unset (spec §13)."""
        return f"unknown: set {self.label} on your board profile (rulebook: {self.rulebook})"


_e = ProfileEntry
_I, _L, _P, _R, _B = Kind.INT, Kind.INT_LIST, Kind.SPACE_NUMBERS, Kind.RANGE, Kind.BOOL
_BONUS_REVEALS = "bonuses are Remove / Move a Power Outage and Draw a Card (spec §5.1)"

SCHEMA: tuple[ProfileEntry, ...] = (
    # Built in: the text gives these (spec §2.1, §4.1, §5.2, §11.2).
    _e("self_destruct.start_2p", "Self-Destruct start, 2 players", _SD, _I, "", known=25),
    _e("self_destruct.start_3p", "Self-Destruct start, 3 players", _SD, _I, "", known=28),
    _e("self_destruct.mark_20", "Self-Destruct Vent/Stowaway/Remora mark", _SD, _I, "", known=20),
    _e("self_destruct.mark_10", "Self-Destruct Heat Analyzer mark", _SD, _I, "", known=10),
    _e("self_destruct.mark_9", "Self-Destruct late-launch mark", _SD, _I, "", known=9),
    _e("module_b.asteroid_minutes", "asteroid token spaces", "Module B", _L, "",
       known=(19, 18, 17, 16)),
    _e("halon_gas.compartments", "Halon Gas compartments, bottom first", _LOAD, _L, "",
       known=(2, 3, 4)),
    _e("halon_gas.length", "Halon Gas spaces", _LOAD, _I, "", known=9),
    _e("improvised_weaponry.flamethrower_space", "Flamethrower bonus space", _LOAD, _I, "",
       known=4),
    _e("stowaway.one_two_minute_minutes", "1-2 Minute Stowaway card range", _STOW, _R, "",
       known=(1, 2)),
    # G1, G2: Self-Destruct track.
    _e("self_destruct.minutes", "Self-Destruct numbered spaces (highest first, down to the last "
       "before Explosion)", _SD, _L, "G1", low=1, high=60, items=(1, 60),
       reveals="28, 25, 20, 19, 18, 17, 16, 10, 9 and 6 are spaces"),
    _e("self_destruct.start_4p", "Self-Destruct [START] minutes (4-player start; 0 if it prints "
       "no number)", _SD, _I, "G1", low=0, high=60),
    _e("self_destruct.terror_minutes", "Self-Destruct spaces with a Terror icon", _SD, _L, "G2",
       low=1, high=60, items=(0, 60)),
    # G3, G4: Hostility track.
    _e("hostility.length", "Hostility track number of spaces", _HOST, _I, "G4", low=2, high=60),
    _e("hostility.start_2p", "Hostility start space, 2 players", _HOST, _I, "G3", low=1, high=60),
    _e("hostility.start_3p", "Hostility start space, 3 players", _HOST, _I, "G3", low=1, high=60),
    _e("hostility.start_4p", "Hostility start space, 4 players", _HOST, _I, "G3", low=1, high=60),
    _e("hostility.draw_card_spaces", "Hostility spaces with a Draw-card icon", _HOST, _L, "G4",
       low=1, high=60, items=(0, 60)),
    _e("hostility.terror_spaces", "Hostility spaces with a Terror icon", _HOST, _L, "G4",
       low=1, high=60, items=(0, 60)),
    _e("hostility.red_claws", "Hostility red claw spaces and their numbers", _HOST, _P, "G4",
       low=1, high=6, items=(1, 60), reveals="one red claw reads 4 (Showdown example); "
       "6 Hostility tokens in the base game"),
    # G5, G6: Cocoon tracks, one value per space from [Start] to the final space.
    _e("cocoon_2p.max_hand", "Cocoon 2P MAX HAND on each space from Start", _COCOON, _L, "G5",
       low=1, high=15, items=(2, 20)),
    _e("cocoon_2p.evolution", "Cocoon 2P Evolution number on each space from Start", _COCOON,
       _L, "G5", low=0, high=10, items=(2, 20), reveals="the final space reads 3"),
    _e("cocoon_3p4p.max_hand", "Cocoon 3P/4P MAX HAND on each space from Start", _COCOON, _L,
       "G6", low=1, high=15, items=(2, 20),
       reveals="one space above Start reads 7; a space reads 8"),
    _e("cocoon_3p4p.evolution", "Cocoon 3P/4P Evolution number on each space from Start",
       _COCOON, _L, "G6", low=0, high=10, items=(2, 20), reveals="the final space reads 3"),
    # G7, G8: Malfunction and Android Status tracks.
    _e("malfunction.spaces", "Malfunction icon on each space from Start",
       "Valley Forge Track References → Malfunction Track", Kind.LABELS, "G7",
       labels=MALFUNCTION_ICONS, items=(2, 30)),
    _e("android_status.removals", "Android Status Mission tokens removed on each space from "
       "Start (before Destroyed)", "Valley Forge Track References → Android Status Track",
       _L, "G8", low=0, high=30, items=(1, 20)),
    # G9: Shuttle Loadout.
    _e("improvised_weaponry.length", "Improvised Weaponry number of spaces", _LOAD, _I, "G9",
       low=5, high=20, reveals="at least 5 spaces (Showdown example)"),
    _e("improvised_weaponry.minimum", "Improvised Weaponry spaces below the Minimum bar", _LOAD,
       _I, "G9", low=0, high=20),
    _e("improvised_weaponry.draw_numbers", "Improvised Weaponry number left of each space "
       "(bottom first; 0 where none)", _LOAD, _L, "G9", low=0, high=10, items=(5, 20),
       reveals="the 5th space reads 3 (Showdown example)"),
    _e("improvised_weaponry.bonus_spaces", "Improvised Weaponry other bonus spaces", _LOAD,
       Kind.SPACE_LABELS, "G9", labels=BONUSES, items=(0, 20), reveals=_BONUS_REVEALS),
    _e("coolant.length", "Coolant number of spaces", _LOAD, _I, "G9", low=1, high=20),
    _e("coolant.minimum", "Coolant spaces below the Minimum bar (3P/4P)", _LOAD, _I, "G9",
       low=0, high=20),
    _e("coolant.overheating_2p_space", "Coolant space marked 2P (Overheating token)", _LOAD, _I,
       "G9", low=1, high=20),
    _e("coolant.bonus_spaces", "Coolant bonus spaces", _LOAD, Kind.SPACE_LABELS, "G9",
       labels=BONUSES, items=(0, 20), reveals=_BONUS_REVEALS),
    _e("energy_cells.length", "Energy Cells number of coverable spaces", _LOAD, _I, "G9",
       low=6, high=20, reveals="at least 6 (Showdown example); the top '1' is never covered"),
    _e("energy_cells.minimum", "Energy Cells spaces below the Minimum bar", _LOAD, _I, "G9",
       low=0, high=20),
    _e("energy_cells.draw_number_spaces", "Energy Cells spaces printed 4, 3 and 2 (in that "
       "order)", _LOAD, _L, "G9", low=1, high=20, items=(3, 3),
       reveals="4 is still uncovered with 6 tokens (Showdown example)"),
    _e("energy_cells.bonus_spaces", "Energy Cells bonus spaces", _LOAD, Kind.SPACE_LABELS, "G9",
       labels=BONUSES, items=(0, 20), reveals=_BONUS_REVEALS),
    _e("halon_gas.bonus_spaces", "Halon Gas bonus spaces", _LOAD, Kind.SPACE_LABELS, "G9",
       labels=BONUSES, items=(0, 9), reveals=_BONUS_REVEALS),
    _e("spacesuits.length", "Spacesuits number of spaces", _LOAD, _I, "G9", low=1, high=20),
    _e("spacesuits.bonus_spaces", "Spacesuits bonus spaces", _LOAD, Kind.SPACE_LABELS, "G9",
       labels=BONUSES, items=(0, 20), reveals=_BONUS_REVEALS),
    # G10: Stowaway cards.
    _e("stowaway.second_card_minutes", "second Stowaway card range (minutes)", _STOW, _R, "G10",
       low=1, high=30, reveals="one of the two other cards includes 6 (Showdown example)"),
    _e("stowaway.third_card_minutes", "third Stowaway card range (minutes)", _STOW, _R, "G10",
       low=1, high=30),
    _e("stowaway.one_two_minute_icons", "1-2 Minute Stowaway card showdown icons", _STOW,
       Kind.LABELS, "G10", labels=ICONS, items=(1, 5)),
    # G12, G24, G26: Showdown values the text leaves out.
    _e("showdown.data_token_icons", "icon on each of the 4 Data tokens", _FIGHT, Kind.LABELS,
       "G12", labels=ICONS, items=(4, 4)),
    _e("showdown.tokens_in_two_for_one", "whether Data/Harpoon tokens count as icons in "
       "Two-for-One", _FIGHT, _B, "G12", reveals="Two-for-One says 'from cards and/or tokens'"),
    _e("showdown.ships_cat_matches_2p", "2-player Ship's Cat fight icons matched", "2-Player "
       "Game: The Ship's Cat; Showdown (p.40)", _I, "G26", low=1, high=5,
       reveals="it can cancel a fight icon"),
    _e("showdown.draw_when_weaponry_empty", "crew cards drawn at hibernation with Improvised "
       "Weaponry empty", "Showdown Stage → Crew Setup step 1", _I, "G24", low=0, high=10),
    # G22: Module D action strip, per number of surviving crew disks (5-6: straight to Showdown).
    *(
        _e(f"module_d.actions_{n}_disks", f"Module D actions with {n} crew disk(s)", _MOD_D,
           Kind.LABELS, "G22", labels=HUNT_ACTIONS, items=(1, 10))
        for n in (1, 2, 3, 4)
    ),
)

_BY_KEY = {entry.key: entry for entry in SCHEMA}
_KNOWN_SD_SPACES = (28, 25, 20, 19, 18, 17, 16, 10, 9, 6)  # spec §4.1, G1


def entry(key: str) -> ProfileEntry:
    """The schema entry for `key`; KeyError names the key."""
    if key not in _BY_KEY:
        raise KeyError(f"{key!r} is not a Lifeform board profile entry")
    return _BY_KEY[key]


@dataclass(frozen=True)
class ProfileError:
    """One problem: the key (or keys) and what is allowed."""

    key: str
    message: str

    def __str__(self) -> str:
        return f"{self.key}: {self.message}"


class ProfileInvalid(ValueError):
    """Raised when a profile has errors; nothing is changed."""

    def __init__(self, errors: list[ProfileError]) -> None:
        self.errors = errors
        super().__init__("; ".join(str(e) for e in errors))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _normalize(e: ProfileEntry, value: object) -> object:
    """Check one value against its entry; return it in tuple form or raise ValueError."""
    bad = ValueError(f"expected {e.allowed()}, got {value!r}")

    def number(v: object) -> int:
        if not _is_int(v):
            raise bad
        n = cast(int, v)
        if e.low is not None and e.high is not None and not e.low <= n <= e.high:
            raise bad
        return n

    def label(v: object) -> str:
        if not isinstance(v, str) or v not in e.labels:
            raise bad
        return v

    if e.kind is Kind.INT:
        return number(value)
    if e.kind is Kind.BOOL:
        if not isinstance(value, bool):
            raise bad
        return value
    if not isinstance(value, list | tuple):
        raise bad
    if e.kind is Kind.RANGE:
        if len(value) != 2:
            raise bad
        low, high = number(value[0]), number(value[1])
        if low > high:
            raise ValueError(f"lowest {low} is above highest {high}")
        return (low, high)
    if e.items is not None and not e.items[0] <= len(value) <= e.items[1]:
        raise bad
    if e.kind is Kind.INT_LIST:
        return tuple(number(v) for v in value)
    if e.kind is Kind.LABELS:
        return tuple(label(v) for v in value)
    pairs = []
    for v in value:
        if not isinstance(v, list | tuple) or len(v) != 2 or not _is_int(v[0]) or v[0] < 1:
            raise bad
        second = number(v[1]) if e.kind is Kind.SPACE_NUMBERS else label(v[1])
        pairs.append((v[0], second))
    if len({p[0] for p in pairs}) != len(pairs) and e.kind is Kind.SPACE_NUMBERS:
        raise ValueError("a space is listed twice")
    if len(set(pairs)) != len(pairs):
        raise ValueError("a [space, label] pair is listed twice")
    return tuple(pairs)


def _cross_checks(v: Mapping[str, object]) -> list[ProfileError]:
    """Checks between entries and against the facts the text gives (spec §13.1 'reveals')."""
    errors: list[ProfileError] = []

    def err(key: str, message: str) -> None:
        errors.append(ProfileError(key, message))

    def ints(key: str) -> tuple[int, ...] | None:
        return cast("tuple[int, ...] | None", v.get(key))

    minutes = ints("self_destruct.minutes")
    if minutes is not None:
        if any(a <= b for a, b in zip(minutes, minutes[1:], strict=False)):
            err("self_destruct.minutes", "must go strictly down, highest minute first")
        missing = [m for m in _KNOWN_SD_SPACES if m not in minutes]
        if missing:
            err("self_destruct.minutes", f"must include {missing} (spaces the rulebook names)")
        terror = ints("self_destruct.terror_minutes") or ()
        if any(m not in minutes for m in terror):
            err("self_destruct.terror_minutes", "every entry must be one of self_destruct.minutes")
        start = v.get("self_destruct.start_4p")
        if start is not None and start != 0 and cast(int, start) <= max(minutes):
            err("self_destruct.start_4p", f"must be 0 or above {max(minutes)}")
    length = cast("int | None", v.get("hostility.length"))
    if length is not None:
        for key in ("hostility.start_2p", "hostility.start_3p", "hostility.start_4p"):
            if v.get(key) is not None and cast(int, v[key]) > length:
                err(key, f"must be a space from 1 to hostility.length ({length})")
        for key in ("hostility.draw_card_spaces", "hostility.terror_spaces"):
            if any(s > length for s in ints(key) or ()):
                err(key, f"spaces must be from 1 to hostility.length ({length})")
    claws = cast("tuple[tuple[int, int], ...] | None", v.get("hostility.red_claws"))
    if claws is not None:
        if length is not None and any(s > length for s, _ in claws):
            err("hostility.red_claws", f"spaces must be from 1 to hostility.length ({length})")
        if 4 not in [n for _, n in claws]:
            err("hostility.red_claws", "one red claw must read 4 (rulebook Showdown example)")
    for track in ("cocoon_2p", "cocoon_3p4p"):
        hand, evo = ints(f"{track}.max_hand"), ints(f"{track}.evolution")
        if hand is not None and evo is not None and len(hand) != len(evo):
            err(f"{track}.evolution", f"needs one number per space, like {track}.max_hand")
        if evo is not None and evo[-1] != 3:
            err(f"{track}.evolution", "the final space must read 3 (Cocoon Track, p.45)")
    hand = ints("cocoon_3p4p.max_hand")
    if hand is not None and (hand[1] != 7 or 8 not in hand):
        err("cocoon_3p4p.max_hand", "space 2 (one above Start) must read 7 and a space must "
            "read 8 (rulebook examples)")
    spaces = cast("tuple[str, ...] | None", v.get("malfunction.spaces"))
    if spaces is not None and spaces.count("android_malfunctions") != 1:
        err("malfunction.spaces", "exactly one space must be 'android_malfunctions'")
    for column in COLUMNS:
        col_len = 9 if column == "halon_gas" else cast("int | None", v.get(f"{column}.length"))
        if col_len is None:
            continue
        for key in (f"{column}.minimum", "coolant.overheating_2p_space"):
            if key.startswith(column) and v.get(key) is not None and cast(int, v[key]) > col_len:
                err(key, f"must be at most {column}.length ({col_len})")
        bonus = cast("tuple[tuple[int, str], ...]", v.get(f"{column}.bonus_spaces") or ())
        if any(s > col_len for s, _ in bonus):
            err(f"{column}.bonus_spaces", f"spaces must be from 1 to {col_len}")
    numbers = ints("improvised_weaponry.draw_numbers")
    if numbers is not None:
        iw_len = v.get("improvised_weaponry.length")
        if iw_len is not None and len(numbers) != iw_len:
            err("improvised_weaponry.draw_numbers", f"needs {iw_len} numbers, one per space")
        if numbers[4] != 3:
            err("improvised_weaponry.draw_numbers", "the 5th space must read 3 (rulebook "
                "Showdown example)")
    cells = ints("energy_cells.draw_number_spaces")
    if cells is not None:
        if len(set(cells)) != 3:
            err("energy_cells.draw_number_spaces", "the 4, 3 and 2 must be on different spaces")
        if cells[0] < 7:
            err("energy_cells.draw_number_spaces", "the 4 must be above space 6 (rulebook "
                "Showdown example: 6 tokens leave the 4 uncovered)")
        ec_len = v.get("energy_cells.length")
        if ec_len is not None and max(cells) > cast(int, ec_len):
            err("energy_cells.draw_number_spaces", f"spaces must be at most {ec_len}")
    second = cast("tuple[int, int] | None", v.get("stowaway.second_card_minutes"))
    third = cast("tuple[int, int] | None", v.get("stowaway.third_card_minutes"))
    if second and third and not any(lo <= 6 <= hi for lo, hi in (second, third)):
        err("stowaway.third_card_minutes", "one of the two other Stowaway cards must include 6 "
            "(rulebook Showdown example)")
    return errors


def _checked(values: Mapping[str, object]) -> tuple[dict[str, object], list[ProfileError]]:
    """Normalise every user value; collect every error at once."""
    clean: dict[str, object] = {}
    errors: list[ProfileError] = []
    for key, value in values.items():
        if key not in _BY_KEY:
            errors.append(ProfileError(key, "not a Lifeform board profile entry"))
            continue
        e = _BY_KEY[key]
        if value is None:
            continue  # None means unset
        try:
            norm = _normalize(e, value)
        except ValueError as exc:
            errors.append(ProfileError(key, str(exc)))
            continue
        if e.built_in:
            if norm != e.known:
                errors.append(ProfileError(key, f"built in from the rulebook as {e.known!r}; "
                                                "it cannot be changed"))
            continue
        clean[key] = norm
    errors.extend(_cross_checks(clean))
    return clean, errors


def validate_profile(values: Mapping[str, object]) -> list[ProfileError]:
    """Every problem in a user profile dict (empty list: fine). Unset entries are not errors."""
    return _checked(values)[1]


def unset_keys(values: Mapping[str, object]) -> list[str]:
    """The user entries not yet set, in schema order (built-in entries are never unset)."""
    return [e.key for e in SCHEMA if not e.built_in and values.get(e.key) is None]


def _jsonable(value: object) -> object:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class BoardProfile:
    """A checked profile: the user's values (tuples) plus the built-in ones. Read-only."""

    values: Mapping[str, object] = field(default_factory=dict)

    @classmethod
    def from_values(cls, values: Mapping[str, object]) -> BoardProfile:
        """Check and build; raises ProfileInvalid listing every error."""
        clean, errors = _checked(values)
        if errors:
            raise ProfileInvalid(errors)
        return cls(clean)

    def updated(self, changes: Mapping[str, object]) -> BoardProfile:
        """A new profile with `changes` applied (None unsets a key); self is unchanged."""
        merged = {**self.values, **changes}
        return BoardProfile.from_values({k: v for k, v in merged.items() if v is not None})

    def get(self, key: str) -> object | None:
        """The value (built-in or set), or None while unset."""
        e = entry(key)
        return e.known if e.built_in else self.values.get(key)

    def is_set(self, key: str) -> bool:
        return self.get(key) is not None

    def unknown(self, key: str) -> str:
        return entry(key).unknown()

    def number(self, key: str) -> int | None:
        return cast("int | None", self.get(key))

    def numbers(self, key: str) -> tuple[int, ...] | None:
        return cast("tuple[int, ...] | None", self.get(key))

    def pairs(self, key: str) -> tuple[tuple[int, int], ...] | None:
        return cast("tuple[tuple[int, int], ...] | None", self.get(key))

    def span(self, key: str) -> tuple[int, int] | None:
        """A [lowest, highest] range entry."""
        return cast("tuple[int, int] | None", self.get(key))

    def labels(self, key: str) -> tuple[str, ...] | None:
        return cast("tuple[str, ...] | None", self.get(key))

    def flag(self, key: str) -> bool | None:
        return cast("bool | None", self.get(key))

    def unset_keys(self) -> list[str]:
        return unset_keys(self.values)


def export_profile(profile: BoardProfile) -> dict[str, object]:
    """A JSON-able dict with the format name and version; built-in values are not exported."""
    values = {e.key: _jsonable(profile.values[e.key]) for e in SCHEMA if e.key in profile.values}
    return {"format": FORMAT, "version": FORMAT_VERSION, "values": values}


def import_profile(data: object) -> BoardProfile:
    """Read an exported dict (e.g. parsed JSON); raises ProfileInvalid naming what is wrong."""
    if not isinstance(data, Mapping):
        raise ProfileInvalid([ProfileError("format", "expected a JSON object")])
    if data.get("format") != FORMAT:
        raise ProfileInvalid([ProfileError("format", f"expected {FORMAT!r}, "
                                                     f"got {data.get('format')!r}")])
    version = data.get("version")
    if not _is_int(version) or not 1 <= cast(int, version) <= FORMAT_VERSION:
        raise ProfileInvalid([ProfileError("version", f"expected 1 to {FORMAT_VERSION}, "
                                                      f"got {version!r}")])
    values = data.get("values")
    if not isinstance(values, Mapping) or not all(isinstance(k, str) for k in values):
        raise ProfileInvalid([ProfileError("values", "expected an object of key: value")])
    return BoardProfile.from_values(values)


def entries(keys: Iterable[str] | None = None) -> tuple[ProfileEntry, ...]:
    """Schema entries, all or those named, in schema order (for a setup screen)."""
    if keys is None:
        return SCHEMA
    wanted = set(keys)
    return tuple(e for e in SCHEMA if e.key in wanted)
