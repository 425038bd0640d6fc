"""The five Lifeform trackers as engine Tracks, built from the board profile (spec lifeform §4).

Milestones fire on reach OR pass (spec §0 "Reaches or passes", §4.1, §4.2); the engine's Track
does that, and undo un-fires them by replay. Printed positions the text does not give (G1-G8) come
from the board profile; until set, a track has no milestone there and says so. When a value is
set later, ``refit`` gives the track its milestones and fires, once, those already passed.

Positions: Self-Destruct holds the printed minute (Explosion = 0; the 4-player [START] space,
whose number is G1, is held as ``START``). Hostility holds the printed space (first = 1); while
its start space (G3) is unset it counts spaces moved from 0. Cocoon, Malfunction and Android
Status hold the space counted from [Start] = 1 (Android Status: Destroyed after the last space).
"""

from __future__ import annotations

from trackers.engine import Note, State
from trackers.games.lifeform.board import Board
from trackers.games.lifeform.facts import facts_of
from trackers.pieces import Milestone, Track

START = 99  # the 4P [START] space (its printed minute is G1); internal only, shown as "START"
EXPLOSION = 0  # the space after the last numbered minute (spec §4.1)
MARK_20, MARK_10, MARK_9 = 20, 10, 9  # spec §4.1, built in (board_profile: known values)
SD_START = {2: 25, 3: 28, 4: START}  # spec §2.1 / setup step 4d

TRACK_NAMES = ("self_destruct", "hostility", "cocoon", "malfunction", "android_status")

SD_NOTES = {
    "20": "Self-Destruct 20: the lifeform gains a Vent token and secretly picks 1 of the 3 "
          "Stowaway cards (face down beside the Remora; the other 2 leave unseen); characters may "
          "now board the Remora (rulebook p. 46, Self-Destruct Track)",
    "10": "Self-Destruct 10: every Heat Analyzer token leaves the game; the lifeform may now use "
          "Android Pathway Deviation (rulebook p. 46, Self-Destruct Track)",
    "9": "Self-Destruct 9: the Remora may now launch with characters still on the Valley Forge; "
         "a launch from now on is Ending B or C (rulebook p. 46, Self-Destruct Track; rulebook, "
         "Endings)",
    "explosion": "Self-Destruct reached Explosion: the Valley Forge blows up with everything "
                 "aboard the Remora; the lifeform wins (rulebook p. 46, Self-Destruct Track; "
                 "rulebook, Gameplay Overview)",
}


def cocoon_key(players: int) -> str:
    """Cocoon 2P in a 2-player game, else Cocoon 3P/4P (spec §4.3)."""
    return "cocoon_2p" if players == 2 else "cocoon_3p4p"


# --- building ------------------------------------------------------------------------
def sd_path(players: int, profile: Board) -> list[int] | None:
    """Every space in order from the top (START in 4P) to Explosion, or None while G1 is unset."""
    minutes = profile.numbers("self_destruct.minutes")
    if minutes is None:
        return None
    return ([START] if players == 4 else []) + list(minutes) + [EXPLOSION]


def sd_milestones(profile: Board, asteroid_spaces: list[int]) -> list[Milestone]:
    """The 20/10/9 marks, Explosion, Terror icons (G2) and module B tokens (spec §4.1, §11.2)."""
    marks = [Milestone(MARK_20, "20", SD_NOTES["20"], topic="self_destruct"),
             Milestone(MARK_10, "10", SD_NOTES["10"], topic="self_destruct"),
             Milestone(MARK_9, "9", SD_NOTES["9"], topic="launch"),
             Milestone(EXPLOSION, "Explosion", SD_NOTES["explosion"], topic="endings")]
    for minute in profile.numbers("self_destruct.terror_minutes") or ():
        marks.append(Milestone(minute, f"Terror icon {minute}", f"Self-Destruct {minute} (Terror "
                               "icon): the lifeform may place 1 Terror token (rulebook p. 46, "
                               "Self-Destruct Track)",
                               topic="self_destruct"))
    for minute in asteroid_spaces:
        marks.append(Milestone(minute, f"asteroid {minute}", f"Self-Destruct {minute}: an "
                               "asteroid token is here (module B, Thirteenth Passenger, Module "
                               "B)", topic="module_b"))
    return marks


def hostility_milestones(profile: Board) -> list[Milestone]:
    """Draw-card, Terror and red claw icons (spec §4.2; positions are G4)."""
    marks = []
    for space in profile.numbers("hostility.draw_card_spaces") or ():
        marks.append(Milestone(space, f"Draw card {space}", f"Hostility space {space} (Draw card): "
                               "the lifeform draws 1 Lifeform card (rulebook p. 44, Hostility "
                               "Track)", topic="hostility"))
    for space in profile.numbers("hostility.terror_spaces") or ():
        marks.append(Milestone(space, f"Terror {space}", f"Hostility space {space} (Terror): the "
                               "lifeform must place 1 Terror token (rulebook p. 44, Hostility "
                               "Track)", topic="hostility"))
    for space, number in profile.pairs("hostility.red_claws") or ():
        marks.append(Milestone(space, f"red claw {number} on {space}",
                               f"Hostility space {space} (red claw {number}): nothing now; at "
                               "the Showdown the highest red claw reached sets the lifeform's "
                               "Hostility tokens (rulebook p. 44, Hostility Track; rulebook p. "
                               "38, Showdown Stage)",
                               topic="hostility"))
    return marks


def cocoon_milestones(players: int, profile: Board) -> list[Milestone]:
    """The final space, every time it is reached (spec §4.3; the track length is G5/G6)."""
    hands = profile.numbers(f"{cocoon_key(players)}.max_hand")
    if hands is None:
        return []
    if players == 2:
        note = ("Cocoon final space (2P): move the Overheating token up 1 space in the Coolant "
                "column; the Coolant launch minimum rises by 1 (rulebook p. 45, Cocoon Track)")
    else:
        note = ("Cocoon final space (3P/4P), in order: if the third image is not on the Valley "
                "Forge, put it in a character-free vent chamber; Reality Calibration; remove 1 "
                "Mission token from a Valley Forge chamber (not the Loadout) to the pool "
                "(rulebook p. 45, Cocoon Track)")
    return [Milestone(len(hands), "final space", note, repeat=True, topic="cocoon")]


MALFUNCTION_KEYS = {"power_outage": "Power Outage", "android_malfunctions": "Android "
                    "Malfunctions!", "self_destruct": "Self-Destruct +1"}
MALFUNCTION_NOTES = {
    "power_outage": "the lifeform places 1 Power Outage token",
    "android_malfunctions": "Android Malfunctions!: the android becomes active; put it in "
                            "Hypersleep (A-Deck)",
    "self_destruct": "Self-Destruct +1 (the app moves it)",
}


def malfunction_milestones(profile: Board) -> list[Milestone]:
    """One milestone per space with an icon (spec §4.4; the layout is G7)."""
    icons = profile.labels("malfunction.spaces") or ()
    return [Milestone(i, f"{MALFUNCTION_KEYS[icon]} at {from_start(i)}",
                      f"Malfunction {from_start(i)}: {MALFUNCTION_NOTES[icon]} (rulebook, "
                      "Malfunction Track)",
                      topic="malfunction")
            for i, icon in enumerate(icons, 1) if i > 1 and icon != "none"]


def android_destroyed_space(profile: Board) -> int | None:
    """Destroyed comes after the last printed space (spec §4.5; the spaces are G8)."""
    removals = profile.numbers("android_status.removals")
    return None if removals is None else len(removals) + 1


def android_milestones(profile: Board) -> list[Milestone]:
    end = android_destroyed_space(profile)
    if end is None:
        return []
    return [Milestone(end, "Destroyed", "Android Status reached Destroyed: remove the android "
                      "from the game; a Half-lock Security Door flips back to Full-lock "
                      "(rulebook, Android Status Track)", topic="android_status")]


def build_tracks(players: int, asteroids: list[int]) -> dict[str, Track]:
    """The five trackers on their setup spaces (spec §2.2 step 4, step 12); ``reread(state,
    profile)`` then fits them to the board profile."""
    profile = Board({})
    return {
        "self_destruct": Track("Self-Destruct", SD_START[players], advance=-1, lowest=EXPLOSION,
                               highest=SD_START[players],
                               milestones=sd_milestones(profile, asteroids)),
        "hostility": Track("Hostility", 0, advance=1, lowest=0),
        "cocoon": Track("Cocoon 2P" if players == 2 else "Cocoon 3P/4P", 1, lowest=1),
        "malfunction": Track("Malfunction", 1, lowest=1),
        "android_status": Track("Android Status", 1, lowest=1),
    }


def name_spaces(name: str, track: Track, players: int, profile: Board) -> None:
    """Names shown on screen for the spaces the text names (Start, START, Explosion...)."""
    if name == "self_destruct":
        start = profile.number("self_destruct.start_4p")
        track.space_names = {START: "START" + (f" ({start})" if start else ""),
                             EXPLOSION: "Explosion"}
    elif name == "hostility":
        if profile.number(f"hostility.start_{players}p") is None:
            track.label = "Hostility, spaces moved"  # its printed start not entered yet
        else:
            track.label = "Hostility"
    elif name in ("cocoon", "malfunction"):
        track.space_names = _counted_from_start(30)
        icons = profile.labels("malfunction.spaces") or ()
        if name == "malfunction" and "android_malfunctions" in icons:
            track.space_names[icons.index("android_malfunctions") + 1] = "Android Malfunctions!"
    else:
        end = android_destroyed_space(profile)
        track.space_names = _counted_from_start(30) | ({end: "Destroyed"} if end else {})


def from_start(space: int) -> str:
    """A space counted from Start = 1, as the table counts it on the board: "Start",
    "Start+1" (the rulebook's example: Cocoon "1 space above Start", MAX HAND 7)."""
    return "Start" if space == 1 else f"Start+{space - 1}"


def _counted_from_start(spaces: int) -> dict[int, str]:
    return {space: from_start(space) for space in range(1, spaces + 1)}


# --- re-reading after a board value is set ------------------------------------------------
def refit(track: Track, milestones: list[Milestone], start: int) -> list[Note]:
    """New milestones for ``track``; those already passed since ``start`` fire once, now."""
    keys = {m.key for m in milestones}
    track.fired = [k for k in track.fired if k in keys]
    track.milestones = milestones
    notes = []
    for m in sorted(milestones, key=lambda m: track.progress(m.at)):
        passed = track.progress(start) < track.progress(m.at) <= track.progress(track.position)
        if passed and m.key not in track.fired:
            track.fired.append(m.key)
            notes.append(Note(f"{m.note} [already passed: its board value was just entered]",
                              m.topic))
    return notes


def reread(state: State, profile: Board, key: str = "") -> list[Note]:
    """Re-read every track a board value touches (Game.board_changed); "" re-reads all."""
    players = facts_of(state)["players"]
    tracks = {n: state.piece(n, Track) for n in TRACK_NAMES}
    for name, track in tracks.items():
        name_spaces(name, track, players, profile)
    notes: list[Note] = []
    if key.startswith("self_destruct.") or not key:
        sd = tracks["self_destruct"]
        asteroids = [m.at for m in sd.milestones if m.key.startswith("asteroid ")]
        notes += refit(sd, sd_milestones(profile, asteroids), SD_START[players])
    if key.startswith("hostility.") or not key:
        notes += _reread_hostility(state, tracks["hostility"], profile)
    if key.startswith(cocoon_key(players)) or not key:
        cocoon = tracks["cocoon"]
        hands = profile.numbers(f"{cocoon_key(players)}.max_hand")
        cocoon.highest = None if hands is None else len(hands)
        notes += refit(cocoon, cocoon_milestones(players, profile), 1)
    if key == "malfunction.spaces" or not key:
        mal = tracks["malfunction"]
        mal.highest = len(profile.labels("malfunction.spaces") or ()) or None
        notes += refit(mal, malfunction_milestones(profile), 1)
    if key == "android_status.removals" or not key:
        android = tracks["android_status"]
        android.highest = android_destroyed_space(profile)
        notes += refit(android, android_milestones(profile), 1)
    return notes


def _reread_hostility(state: State, track: Track, profile: Board) -> list[Note]:
    """Once the start (G3) is known, spaces moved so far count from it (spec §4.2)."""
    players = facts_of(state)["players"]
    start = profile.number(f"hostility.start_{players}p")
    if start is None:
        return []
    if not facts_of(state).get("hostility_placed"):
        track.position += start
        track.lowest = 1
        facts_of(state)["hostility_placed"] = True
    track.highest = profile.number("hostility.length")
    notes = []
    if track.highest is not None and track.position > track.highest:
        notes.append(Note(f"Hostility would be past its last space ({track.highest}); the text "
                          "does not say what happens there (not printed in the rulebook "
                          "text)", "hostility"))
        track.position = track.highest
    return notes + refit(track, hostility_milestones(profile), start)
