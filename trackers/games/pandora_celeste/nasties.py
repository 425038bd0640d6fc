"""The Nasties: what the rulebook says of each, and the Active Nasty Area (spec pandora-celeste
§5.1, §5.2).

``facts["nasties"]`` lists the Nasties in play in the order their cards entered the Active
Nasty Area, which is the order they act in. Each entry keeps its number (``id``, never reused),
name, kind, room, Hits, wound markers and where it is: on the board, shut in the Iso-Ward,
frozen in a Cryo-Pod or off the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.pandora_celeste.facts import facts_of

KINDS = ("Little", "Big", "Static")
ON_BOARD = "on the board"
ISO_WARD = "shut in the Iso-Ward"
CRYO_POD = "frozen in a Cryo-Pod"
OFF_BOARD = "off the board"
PLACES = (ON_BOARD, ISO_WARD, CRYO_POD, OFF_BOARD)
OTHER = "another Nasty"


@dataclass(frozen=True)
class Kind:
    """A Nasty as the rulebook describes it (spec §5.2); a value it leaves to the card is a
    board value (``hits_key``/``dmg_key``), asked for when first needed."""

    name: str
    kind: str
    hits: int | None = None
    hits_key: str | None = None
    dmg: int | None = None
    dmg_key: str | None = None
    draws: bool = True  # draws a Nasty Action card when it activates
    reduction: int = 0  # taken off every Hit it takes
    burrows: bool = False  # a HIT burrows in instead of dealing dmg (no push-your-luck)
    whole_room: bool = False  # strikes every creature in the room where its move ends
    instincts: str = "towards the First Target"


CATALOGUE: dict[str, Kind] = {k.name: k for k in (
    Kind("ScuttleBug", "Little", hits=1, dmg=0, burrows=True,
         instincts="1 room towards the First Target, by the Vents rather than through a door"),
    Kind("Bug", "Little", hits=2, dmg=2,
         instincts="up to 3 rooms towards the First Target, striking the first non-Bug it meets"),
    Kind("SpyBot", "Little", hits_key="spybot_hits", dmg=0,
         instincts="its own card: it is not aggressive"),
    Kind("MonsterBug", "Big", hits=8, dmg=5, reduction=1,
         instincts="up to 5 rooms towards the First Target (it may use the Vents), striking "
                   "the first non-Bug it meets: 5 dmg less 1 per room it moved"),
    Kind("Trophy Hunter", "Big", hits_key="trophy_hunter_hits", dmg_key="trophy_hunter_dmg",
         draws=False, instincts="as its Xeno Data Log says"),
    Kind("Time Jumper", "Big", hits_key="time_jumper_hits", dmg_key="time_jumper_dmg"),
    Kind("FN(R1R)", "Big", hits_key="fn_r1r_hits", dmg=3, whole_room=True,
         instincts="towards the First Target; where its move ends it strikes every creature "
                   "there for 3 dmg"),
    Kind("Fenn", "Little", dmg=0, draws=False,
         instincts="2 rooms towards the First Target when Little Nasties move"),
)}
BIG_NAMES = tuple(k.name for k in CATALOGUE.values() if k.kind == "Big")


def names_to_reveal(state: State) -> list[str]:
    """The Nasties the rulebook describes, those this table entered, and "another Nasty"."""
    return [*CATALOGUE, *facts_of(state)["nasty_kinds"], OTHER]


def known_names(state: State) -> list[str]:
    return [*CATALOGUE, *facts_of(state)["nasty_kinds"]]


def area(state: State) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = facts_of(state)["nasties"]
    return found


def label(entry: dict[str, Any]) -> str:
    return f"{entry['id']}. {entry['name']}"


def labels(state: State) -> list[str]:
    """The choices for a Nasty: "2. Bug", in Active Nasty Area order."""
    return [label(n) for n in area(state)]


def find(state: State, chosen: str, field: str = "nasty") -> dict[str, Any]:
    for entry in area(state):
        if label(entry) == chosen:
            return entry
    raise ActionError(f"{field}: {chosen!r} is not in the Active Nasty Area; give one of "
                      f"{', '.join(labels(state)) or 'none (the area is empty)'}", field)


def kind_of(state: State, entry: dict[str, Any]) -> Kind:
    """The description of this Nasty: the rulebook's, or the table's own for another."""
    if entry["name"] in CATALOGUE:
        return CATALOGUE[entry["name"]]
    own = facts_of(state)["nasty_kinds"][entry["name"]]
    move = own.get("move")
    return Kind(entry["name"], own["kind"], hits=own["hits"], dmg=own["dmg"],
                draws=own["kind"] != "Static",
                instincts=(f"up to {move} room{'' if move == 1 else 's'} towards the First "
                           "Target, as its card says" if move else "as its card says"))


def hits(state: State, entry: dict[str, Any]) -> int | None:
    kind = kind_of(state, entry)
    if kind.hits is not None:
        return kind.hits
    value = state.board.get(kind.hits_key or "")
    return value if isinstance(value, int) else None


def dmg(state: State, entry: dict[str, Any]) -> int | None:
    kind = kind_of(state, entry)
    if kind.dmg is not None:
        return kind.dmg
    value = state.board.get(kind.dmg_key or "")
    return value if isinstance(value, int) else None


def needs_for(name: str) -> list[str]:
    """Board values a Nasty of this name needs before it can fight (its Hits, its damage)."""
    kind = CATALOGUE.get(name)
    if kind is None:
        return []
    return [k for k in (kind.hits_key, kind.dmg_key) if k]


def on_board(state: State) -> list[dict[str, Any]]:
    return [n for n in area(state) if n["place"] == ON_BOARD and not n["player"]]


def add(state: State, name: str, room: str, *, place: str = ON_BOARD,
        own: dict[str, Any] | None = None, why: str = "revealed") -> tuple[dict[str, Any],
                                                                          list[Note | str]]:
    """A Nasty's card goes at the end of the Active Nasty Area (spec §5.1)."""
    if name not in CATALOGUE:
        known = facts_of(state)["nasty_kinds"].get(name)
        if known is None:
            if own is None:
                raise ActionError(f"name: {name!r} is not a Nasty the rulebook describes; enter "
                                  "it once with its kind, Hits and damage", "name")
            facts_of(state)["nasty_kinds"][name] = own
    facts_of(state)["nasty_seq"] += 1
    entry = {"id": facts_of(state)["nasty_seq"], "name": name, "room": room.strip(),
             "wounds": 0, "place": place, "player": "", "broke_out": False,
             "since_cycle": facts_of(state)["cycle"]}
    area(state).append(entry)
    kind = kind_of(state, entry)
    where = f" in {entry['room']}" if entry["room"] else ""
    return entry, [Note(f"{label(entry)} ({kind.kind} Nasty) {why}{where}: its card goes at the "
                        "end of the Active Nasty Area; it acts from the next Nasty Action Round",
                        "nasties")]


def remove(state: State, entry: dict[str, Any], why: str) -> list[Note | str]:
    """A Nasty's card leaves the area; one a player ran counts against their score when it
    is killed (spec §10.4)."""
    area(state).remove(entry)
    notes: list[Note | str] = [Note(f"{label(entry)} {why}: its card leaves the Active Nasty "
                                    "Area", "nasties")]
    holder = entry["player"]
    if holder and "killed" in why:
        tally = facts_of(state)["player_nasties"].setdefault(holder,
                                                         {"kills": 0, "little": 0, "big": 0})
        big = kind_of(state, entry).kind == "Big"
        tally["big" if big else "little"] += 1
        notes.append(Note(f"Player-Nasty {holder}: {2 if big else 1} point"
                          f"{'s' if big else ''} off; lay its card face down on the mat",
                          "outcomes"))
    return notes


def wound(state: State, entry: dict[str, Any], amount: int) -> list[Note | str]:
    """Wound markers on a Nasty's card; it dies at its Hits (spec §5.6; T21, T25)."""
    if amount <= 0:
        return [Note(f"{label(entry)} takes no wound marker", "attacks")]
    entry["wounds"] += amount
    total = hits(state, entry)
    tally = (f"{entry['wounds']} of {total if total else '?'} Hits"
             if total is None or entry["wounds"] <= total else f"more than its {total} Hits")
    notes: list[Note | str] = [Note(f"{label(entry)}: {amount} wound marker"
                                    f"{'' if amount == 1 else 's'} ({tally})", "attacks")]
    if total is not None and entry["wounds"] >= total:
        notes += remove(state, entry, "is killed")
    return notes


def lines(state: State) -> list[str]:
    """The Active Nasty Area as the panel shows it, in activation order."""
    if not area(state):
        return ["empty: no Nasty is active"]
    out = []
    for entry in area(state):
        kind = kind_of(state, entry)
        total = hits(state, entry)
        parts = [f"{label(entry)}, {kind.kind}", entry["room"] or "room not given",
                 f"wounds {entry['wounds']}/{total if total else '? Hits'}"]
        if entry["place"] != ON_BOARD:
            parts.append(entry["place"])
        if entry["player"]:
            parts.append(f"played by {entry['player']}")
        out.append(", ".join(parts))
    return out


# --- Nasties the table entered, kept in the board profile for later games ---------------------

OTHER_NASTIES = "other_nasties"  # the board value holding them


def kinds_to_text(kinds: dict[str, dict[str, Any]]) -> str:
    """The table's own Nasties as the profile keeps them: "Gloop: Little, 2 Hits, 1 dmg,
    move 1; ..." (readable, and read back by ``kinds_from_text``)."""
    parts = []
    for name, own in sorted(kinds.items()):
        move = f", move {own['move']}" if own.get("move") is not None else ""
        parts.append(f"{name}: {own['kind']}, {own['hits']} Hits, {own['dmg']} dmg{move}")
    return "; ".join(parts)


def kinds_from_text(text: str) -> dict[str, dict[str, Any]]:
    """The Nasties a profile holds; ActionError naming the part that does not read."""
    kinds: dict[str, dict[str, Any]] = {}
    for part in (p.strip() for p in text.split(";") if p.strip()):
        name, _, rest = part.partition(":")
        fields = [f.strip() for f in rest.split(",")]
        numbers = [f.split()[0] for f in fields[1:] if f.split()]
        move = next((f.split()[1] for f in fields[1:] if f.startswith("move ")), None)
        if (not name.strip() or len(fields) < 3 or fields[0] not in KINDS
                or not all(n.isdigit() for n in numbers[:2])):
            raise ActionError(f"Nasties you entered: {part!r} does not read as 'Name: Little, "
                              "2 Hits, 1 dmg, move 1'", OTHER_NASTIES)
        kinds[name.strip()] = {"kind": fields[0], "hits": int(numbers[0]),
                               "dmg": int(numbers[1]),
                               "move": int(move) if move and move.isdigit() else None}
    return kinds


def kept(state: State) -> dict[str, Any]:
    """What the profile keeps after this action: every Nasty the table entered."""
    kinds = facts_of(state).get("nasty_kinds") or {}
    return {OTHER_NASTIES: kinds_to_text(kinds)} if kinds else {}
