"""Characters: who is where, deaths, Taking Control, the Ship's Cat and SIS-TER (spec lifeform §8).

Places in the players' words: "Valley Forge" (hidden or not) and "Remora"; a killed character is
"dead". Each crew member starts with 2 characters (spec §2.1); the draft happens at the table and
is recorded here (setup steps 8-9).
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, Panel, State
from trackers.games.lifeform import decks
from trackers.games.lifeform.board import Board
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.moves import add_hostility, finish, remora_open
from trackers.games.lifeform.words import count

BASE_CHARACTERS = {  # spec §1.1 (name: role)
    "Solomon": "Captain", "Motoko Umezaki": "Drilling Technician",
    "Palmer": "Engineering Technician", "Cameron": "Executive Officer",
    "Bennings": "Geologist", "Scott": "Navigation Officer", "Chandra": "Medical Officer",
    "Davis": "Mine-Corp Rep", "Durrant": "Science Officer",
}
MODULE_A_CHARACTERS = {"Emma": "Mission Attendant", "Overman": "Mining Engineer"}  # spec §11.1
VALLEY_FORGE, REMORA, DEAD = "Valley Forge", "Remora", "dead"
ROLE_NAMES = {"ships_cat": "the Ship's Cat", "sister": "the SIS-TER Mainframe"}
ROLE_CARDS = 10  # spec §1.1: 10 Ship's Cat cards, 10 SIS-TER cards


# C1: Components lists 9 disks, Setup step 8 says "twelve"; a character note names
# Villalobos, who is in no component list. The table settles it (9 is the sheet's default).
POOL_CHOICES = ("the 9 listed in Components", "the 9 and Villalobos")
VILLALOBOS = {"Villalobos": "character named in a character note"}


def character_pool(modules: list[str], pool: str = POOL_CHOICES[0]) -> dict[str, str]:
    """The disks to deal from: 9 base (+ Villalobos if the table has that disk), + Emma and
    Overman with module A (spec §1.1, §11.1; C1)."""
    extra = VILLALOBOS if pool == POOL_CHOICES[1] else {}
    return BASE_CHARACTERS | extra | (MODULE_A_CHARACTERS if "A" in modules else {})


def record_draft(state: State, member: str, first: str, second: str) -> list[Note]:
    """Setup steps 8-9: the 2 disks a crew member kept go to the Galley (A-Deck)."""
    chars = facts_of(state)["characters"]
    if first == second:
        raise ActionError("second: choose two different characters", "second")
    for name in (first, second):
        if name in chars and chars[name]["owner"] != member:
            raise ActionError(f"{name} already belongs to {chars[name]['owner']}", "first")
    for name in [n for n, c in chars.items() if c["owner"] == member]:
        del chars[name]
    for name in (first, second):
        chars[name] = {"owner": member, "where": VALLEY_FORGE, "hidden": False}
    return [Note(f"{member} keeps {first} and {second}: their disks go in the Galley (A-Deck); "
                 "each board gets a Skill and a Survival token in its Inactive Slot "
                 "(rulebook, Setup; steps 8-9)", "setup")]


def surviving(state: State, member: str | None = None) -> list[str]:
    return [n for n, c in facts_of(state)["characters"].items()
            if c["where"] != DEAD and (member is None or c["owner"] == member)]


def counts(state: State) -> tuple[int, int]:
    """(surviving characters aboard the Remora, surviving characters on the Valley Forge)."""
    chars = facts_of(state)["characters"]
    alive = surviving(state)
    return (sum(chars[n]["where"] == REMORA for n in alive),
            sum(chars[n]["where"] == VALLEY_FORGE for n in alive))


def place_words(state: State, name: str) -> str:
    c = facts_of(state)["characters"][name]
    eliminated = (facts_of(state).get("showdown") or {}).get("eliminated", [])
    if c["owner"] in eliminated and c["where"] != DEAD:
        return "eliminated in the Showdown"
    if c["where"] == VALLEY_FORGE and c["hidden"]:
        return "Valley Forge, hidden"
    return c["where"]


def need(state: State, name: str) -> dict[str, object]:
    chars = facts_of(state)["characters"]
    if name not in chars:
        have = ", ".join(chars) or "none recorded yet"
        raise ActionError(f"character: {name!r} is not in play (characters: {have})", "character")
    if chars[name]["where"] == DEAD:
        raise ActionError(f"character: {name} is dead", "character")
    return chars[name]


def board_remora(state: State, name: str) -> list[Note]:
    """A character enters the Remora: only from the 20 mark; it never leaves (spec §3.10)."""
    c = need(state, name)
    if not remora_open(state):
        raise ActionError("character: no character may enter the Remora before Self-Destruct "
                          "reaches 20 (rulebook, Movement and Attack; rulebook p. 46, "
                          "Self-Destruct Track)", "character")
    if c["where"] == REMORA:
        raise ActionError(f"character: {name} is already aboard the Remora", "character")
    c["where"], c["hidden"] = REMORA, False
    return [Note(f"{name} boards the Remora (from the Shuttlebay); it can never leave "
                 "(rulebook, Movement and Attack)", "launch")]


def set_hidden(state: State, name: str, hidden: bool) -> list[Note]:
    """Hide reaction, or no longer hidden (left the chamber / no image left) (spec §3.10)."""
    c = need(state, name)
    if c["where"] != VALLEY_FORGE:
        raise ActionError(f"character: {name} is aboard the Remora, not on the Valley Forge",
                          "character")
    c["hidden"] = hidden
    if hidden:
        return [Note(f"{name} is hidden: it stays with the image; it cannot collect Mission "
                     "tokens, react, use a Flamethrower or the Mining Laser, or Panic Move, and "
                     "cannot be attacked or Force-Moved (rulebook, Movement and Attack)", "round")]
    return [Note(f"{name} is no longer hidden (rulebook, Movement and Attack)", "round")]


def kill(state: State, name: str, noisy: bool, profile: Board) -> list[Note]:
    """A character is killed (spec §8.1): Hostility +2, Noisy or Silent, Taking Control."""
    c = need(state, name)
    aboard, on_vf = counts(state)
    last_on_vf = aboard > 0 and on_vf == 1 and c["where"] == VALLEY_FORGE
    c["where"], c["hidden"] = DEAD, False
    how = "a noisy kill" if noisy else "a silent kill"
    notes = [Note(f"{name} is killed: remove its disk and board from the game (rulebook p. 33, If "
                  "a Character is Killed)",
                  "character_death", key_moment=f"{name} died ({how})"),
             *add_hostility(state, "character_killed", profile)]
    if noisy:
        notes.append(Note("Noisy kill: Panic Move! Every surviving non-hidden character on the "
                          "Valley Forge moves at once to an adjacent chamber (no vent, Power "
                          "Outage, Terror, image or android chamber; none possible: it stays). "
                          "The crew picks the order; Motoko may ignore it. Several kills at once "
                          "make only one Panic Move (rulebook, Panic Move!)", "character_death"))
    else:
        notes.append(Note("Silent kill: nothing more happens (rulebook p. 33, If a Character is "
                          "Killed)", "character_death"))
    if last_on_vf:
        facts_of(state)["last_man_aboard"] = True
        notes.append(Note("Last Man Aboard! The lifeform killed the last character on the Valley "
                          "Forge: its Stowaway card is ignored, it stows away and a launch is "
                          "Ending C; the launch criteria still apply (rulebook, Last Man "
                          "Aboard!)", "endings"))
    if not surviving(state):
        finish(state, "lifeform", "the lifeform won: the last surviving character died",
               "Last character killed")
        return notes + [Note("No surviving character is left: the lifeform wins (rulebook, "
                             "Gameplay Overview)",
                             "endings")]
    return notes + _taking_control(state, str(c["owner"]))


def _taking_control(state: State, member: str) -> list[Note]:
    """Spec §8.3: carry on with the other character; else 2P the lifeform wins; else take a
    character from someone with 2, or discard the hand and take the Ship's Cat or SIS-TER."""
    if surviving(state, member):
        return [Note(f"{member} carries on with {', '.join(surviving(state, member))}",
                     "character_death")]
    if facts_of(state)["players"] == 2:
        finish(state, "lifeform", "the lifeform won: the crew member's last character died",
               "Last character killed")
        return [Note("2-player game: the crew member has no character left; the lifeform wins "
                     "(rulebook, Taking Control)", "endings")]
    donors = [m for m in facts_of(state)["crew"] if m != member and len(surviving(state, m)) == 2]
    if donors:
        facts_of(state)["pending_control"].append(member)
        return [Note(f"Taking Control: {member} takes over a character (board as it is, no cards "
                     f"or tokens) from {' or '.join(donors)}; who chooses is not in the text."
                     " Use 'Take control of a character' (rulebook, Taking "
                     "Control)", "character_death")]
    notes = decks.discard_hand(state, member)
    facts_of(state)["pending_role"].append(member)
    free = free_roles(state)
    words = " or ".join(ROLE_NAMES[r] for r in free)
    return notes + [Note(f"Taking Control: no crew member has 2 characters; {member} takes "
                         f"{words} for the rest of the game ('Take the Ship's Cat or SIS-TER') "
                         "(rulebook, Taking Control)", "character_death")]


def free_roles(state: State) -> list[str]:
    """3P: either; 4P: whichever is not taken yet (spec §8.3)."""
    taken = [facts_of(state)["members"][m]["role"] for m in facts_of(state)["crew"]]
    return [r for r in ROLE_NAMES if r not in taken]


def take_control(state: State, member: str, name: str) -> list[Note]:
    if member not in facts_of(state)["pending_control"]:
        raise ActionError(f"crew_member: {member} has no Taking Control to do", "crew_member")
    c = need(state, name)
    owner = str(c["owner"])
    if len(surviving(state, owner)) != 2:
        raise ActionError(f"character: {owner} does not have 2 surviving characters; take one "
                          "from a crew member who has 2 (rulebook, Taking Control)", "character")
    c["owner"] = member
    facts_of(state)["pending_control"].remove(member)
    return [Note(f"{member} takes control of {name} from {owner}: the board as it is; no cards "
                 "or tokens change hands (rulebook, Taking Control)", "character_death")]


def take_role(state: State, member: str, role: str) -> list[Note]:
    """Spec §8.4 / §8.5: the crew member becomes the Ship's Cat or the SIS-TER player."""
    if member not in facts_of(state)["pending_role"]:
        raise ActionError(f"crew_member: {member} still has characters or a character to take",
                          "crew_member")
    if role not in free_roles(state):
        raise ActionError(f"role: {ROLE_NAMES[role]} is taken; take "
                          f"{' or '.join(ROLE_NAMES[r] for r in free_roles(state))}", "role")
    facts_of(state)["pending_role"].remove(member)
    facts_of(state)["members"][member]["role"] = role
    facts_of(state)["members"][member]["heat_analyzer"] = False
    if role == "ships_cat":
        facts_of(state)["ships_cat"] |= {"in_play": True, "controller": member, "cards": ROLE_CARDS}
        return [Note(f"{member} takes the Ship's Cat: return every personal token to the pool; "
                     "take the 10 cat cards face up; put the cat in a vent chamber with no "
                     "character and no image. Each turn: pass, or move the cat then play 1 card "
                     "(rulebook, The Ship's Cat). The cat must be aboard for a "
                     "launch", "ships_cat")]
    facts_of(state)["sister"] |= {"controller": member, "cards": ROLE_CARDS}
    return [Note(f"{member} takes the SIS-TER Mainframe: return every personal token except Data "
                 "tokens; take the 10 SIS-TER cards face up. Each turn: pass or play 1 card "
                 "(rulebook, The Sis-ter Mainframe)", "ships_cat")]


def panel(state: State) -> Panel:
    """Who is where, per crew member (spec §8)."""
    facts = facts_of(state)
    lines = []
    for member in facts["crew"]:
        role = facts["members"][member]["role"]
        mine = [n for n, c in facts["characters"].items() if c["owner"] == member]
        people = ", ".join(f"{n} ({place_words(state, n)})" for n in mine) or "none recorded"
        extra = f"; plays {ROLE_NAMES[role]}" if role in ROLE_NAMES else ""
        lines.append(f"{member}: {people}{extra}")
    cat = facts["ships_cat"]
    if cat["in_play"]:
        where = "aboard the Remora" if cat["aboard"] else "on the Valley Forge"
        lines.append(f"Ship's Cat: {where}, {count(cat['cards'], 'card')} left")
    if facts["sister"]["controller"]:
        lines.append(f"SIS-TER: {count(facts['sister']['cards'], 'card')} left")
    if facts["last_man_aboard"]:
        lines.append("Last Man Aboard: the lifeform has stowed away (Ending C at launch)")
    return Panel("Crew and characters", tuple(lines), "character_death")
