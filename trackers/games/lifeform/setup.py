"""Setup by player count and the ordered setup checklist (spec lifeform §2.1, §2.2, §11).

Player names: the first name is the lifeform player, the others are the crew members in turn
order (the crew member on the lifeform's left first, spec §3.3).
"""

from __future__ import annotations

from random import Random

from trackers.engine import SessionSetup, State
from trackers.games.lifeform import asteroid_mirror, asteroids, supplies
from trackers.games.lifeform.board import board_of
from trackers.games.lifeform.decks import build_decks
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.module_d import hiding_secret
from trackers.games.lifeform.secrets import IMAGES, build_secrets
from trackers.games.lifeform.tracks import build_tracks, reread
from trackers.games.lifeform.words import count
from trackers.pieces import Secret

VENTS = {2: 1, 3: 1, 4: 2}  # spec §2.1
POWER_OUTAGES = {2: 3, 3: 3, 4: 6}  # spec §2.1
MISSION_POOL_AFTER_SETUP = 10  # spec §1.3, T2
COLUMNS = ("improvised_weaponry", "coolant", "energy_cells", "halon_gas", "spacesuits")


def setup(s: SessionSetup, rng: Random) -> State:
    """Every piece on its setup space for 2, 3 or 4 players (spec §2.1, §2.2)."""
    players = s.players
    modules = list(s.options.get("modules", []))
    lifeform, crew = s.names[0], list(s.names[1:])
    state = State()  # the board values: seeded by Game.start, which then re-reads the tracks
    facts_of(state).update({
        "status": "in progress", "players": players, "modules": modules,
        "character_pool": s.options.get("character_pool", ""),
        "lifeform": lifeform, "crew": crew, "stage": "setup", "round": 0, "phase": "",
        "setup_ticked": [], "characters": {},
        "members": {m: {"role": "characters", "heat_analyzer": True} for m in crew},
        "ships_cat": {"in_play": players == 2, "controller": crew[0] if players == 2 else None,
                      "cards": 10 if players == 2 else 0, "aboard": False},
        "sister": {"controller": None, "cards": 0},
        "images": {"on_board": list(IMAGES[:2]), "aside": [IMAGES[2]]},
        "calibration_due": "setup step 17", "attack": None, "reacted": [],
        "vents": {"setup": VENTS[players], "used": 0},
        "power_outages_at_setup": POWER_OUTAGES[players],
        "tokens_on_board": supplies.build(POWER_OUTAGES[players]),
        "overheating_moves": 0, "stowaway_token": False,
        "loadout": {c: 0 for c in COLUMNS}, "mission_pool": MISSION_POOL_AFTER_SETUP,
        "special_cards": {"mining_laser": "on board", "flamethrower": "on board"},
        "objectives": {"drawn": len(crew), "done": []},
        "android": {"active": False, "destroyed": False, "deviation_used": False,
                    "path_step": 0, "off_path": False},
        "security_door": "off the board", "bulkhead_door": None, "hull_breach": None,
        "lifeform_survival": None, "turn": None, "lifeform_activity": None,
        "last_man_aboard": False, "pending_control": [], "pending_role": [],
        "ending": None, "showdown": None, "hunt": None,
    })
    spaces = []
    if "B" in modules:  # a game saved before the option was offered: the app's own tokens
        if s.options.get("asteroid_tokens", "app") == "mirror":
            asteroid_mirror.setup_mirror(state)
            spaces = list(asteroids.SPACES)
        else:
            spaces = asteroids.setup_asteroids(state, rng)
    state.pieces.update(build_tracks(players, spaces))
    state.pieces.update(build_secrets(crew))
    state.pieces.update(build_decks(lifeform, crew))
    if "D" in modules:
        state.pieces["hiding_place"] = hiding_secret()
    reread(state, board_of({}))  # every track on its unset spaces until values come
    return state


def steps(state: State) -> list[tuple[str, str]]:
    """(id, text) of the setup steps for this game, in order (spec §2.2, §11.1, §11.2)."""
    f = facts_of(state)
    players, modules = f["players"], f["modules"]
    start = {2: "[25]", 3: "[28]", 4: "[START]"}[players]
    cocoon = "Cocoon 2P" if players == 2 else "Cocoon 3P/4P"
    pool = "9 base disks" + (" + Emma and Overman (module A)" if "A" in modules else "")
    out = [
        ("1", "Gameboard in the middle; the lifeform player chosen, the rest are crew"),
        ("2", "Halo spaces: Remora token by the Shuttlebay; Mining Laser card and token by "
              "Engineering; Flamethrower card by Improvised Weaponry; Terror deck shuffled"),
        ("3", "Mission tokens in every chamber with a mission number (10 stay in the pool)"),
        ("4", f"Trackers on Start: Malfunction, Android Status, {cocoon}; Self-Destruct on "
              f"{start}"),
        ("5", "Android figure on the 'Android Malfunctions!' space of the Malfunction track"),
    ]
    if players == 2:
        out.append(("6", "Overheating token on the '2P' space of the Coolant column"))
    out += [
        ("7", "Crew deck shuffled; 3 Crew cards to each crew member (the app counted them)"),
        ("8", f"Character disks ({pool}) shuffled; 3 dealt to each crew member; each keeps 2 "
              "('Record characters')"),
        ("9", "Character boards on the " + ("2-player side" if players == 2 else "3P/4P side")
              + "; disks in the Galley; a Skill and a Survival token in each Inactive Slot"),
        ("10", f"1 Heat Analyzer token to each crew member ({len(f['crew'])})"),
    ]
    if players == 2:
        out.append(("11", "The crew member takes the 10 Ship's Cat cards face up and puts the "
                          "cat in any vent chamber"))
    out += [
        ("12", "Hostility tracker on the start space for " f"{players} players (your board"
               "); a Survival token in the lifeform's Inactive Slot"),
        ("13", "Lifeform deck shuffled; the lifeform draws 3 (the app counted them)"),
        ("14", "The 3 Stowaway cards face up beside the lifeform board"),
        ("15", f"{count(f['vents']['setup'], 'Vent token')} "
               "to the lifeform"),
        ("16", f"{f['power_outages_at_setup']} Power Outage tokens: " + (
            "2 on each deck, all in different chambers" if players == 4 else "1 on each deck")),
        ("17", "2 images in 2 lifeform-start chambers (third aside); Reality Calibration "
               "('Reality Calibration')"),
        ("18", "1 Terror token in a C-Deck chamber (placement rules: see your Token Reference)"),
        ("19", f"The crew draws {count(len(f['crew']), 'Secret Objective card')} unseen by the "
               "lifeform; 'Decide Immediately' cards are resolved now"),
        ("20", "Unused tokens form the token pool"),
    ]
    if "B" in modules:
        out.append(("B1", "Module B, your own tokens: shuffle the 4 asteroid tokens face down "
                          "onto Self-Destruct 19-16 and the 3 Asteroid Impact cards to one side; "
                          "flip each token when the tracker arrives and enter what it shows"
                    if asteroid_mirror.mirrored(state) else
                    "Module B, drawn by the app: it shuffled the 4 asteroid tokens onto "
                    "Self-Destruct 19-16 and draws the Impact card; put your tokens and cards "
                    "aside and follow what it shows"))
    if "D" in modules:
        out.append(("D1", "Module D: the Remora board, 2 spare Hostility tokens and the 5 "
                          "shuttlecraft location cards set aside for the Showdown"))
    return out


def auto_done(state: State, step: str) -> bool:
    """Steps the app sees done on its own."""
    if step == "8":
        return _all_drafted(state)
    if step == "17":
        return state.piece("real_lifeform", Secret).is_set
    return False


def _all_drafted(state: State) -> bool:
    owners = [c["owner"] for c in facts_of(state)["characters"].values()]
    return all(owners.count(m) >= 2 for m in facts_of(state)["crew"])


def open_steps(state: State) -> list[str]:
    return [sid for sid, _ in steps(state)
            if sid not in facts_of(state)["setup_ticked"] and not auto_done(state, sid)]
