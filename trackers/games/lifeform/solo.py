"""The Dragon's Domain solo game with Thirteenth Passenger module C: its play mode, options,
setup, and the two trackers it shares with the table (spec lifeform §11.3, §4.1, §4.6, G21).

The Dragon's Domain rules themselves are not in our texts: the player plays them at the table
and the app keeps what module C adds (the Crisis deck, the Remora board, the post-launch
shuttlecraft phase), the Self-Destruct track as in the Lifeform game, and a Motion tracker (the
lifeform's distance from you) because the manual clamp unlock moves it.

Self-Destruct holds the printed minute (Explosion = 0), as in the Lifeform game; its one-player
start is a board value. The Motion tracker holds the lifeform's space counted from you (1 = the
space next to you); "closer" moves it down. Both are placed once their board values are entered.
"""

from __future__ import annotations

from random import Random
from typing import Any

from trackers.engine import ActionError, Note, Option, SessionSetup, State
from trackers.engine.game import EndRecord
from trackers.games.lifeform import INFO, asteroid_mirror, asteroids, crisis, remora, solo_board
from trackers.games.lifeform.facts import facts_of
from trackers.pieces import Counter, Milestone, Move, Track

MODE = INFO.mode("solo")  # declared with the package's INFO
OPTIONS = (
    # Its own name, not "modules": the standard game's option keeps that name (saved games
    # read it), and one game's options need different names (New game gives each a field).
    Option("solo_modules", "Thirteenth Passenger modules", "multi", ["C"], ("B", "C"),
           help="A and D need a lifeform player", modes=(MODE.id,),
           labels={"B": "B: asteroid impacts", "C": "C: solo Crisis and Search"}),
    Option("crisis_deck", "Crisis deck", "choice", "mirror", crisis.DECK_MODES,
           help="mirror: you draw the real card and enter what it does; virtual: you list the "
                "deck once and the app shuffles and draws", modes=(MODE.id,),
           labels={"mirror": "mirror (you draw the real cards)",
                   "virtual": "virtual (the app draws from your list)"}),
    # The texts do not say whether a cleared chamber may be pointed at (G21): a table setting.
    Option("guess_cleared", "Hunt: the guess may name a cleared chamber", "choice", "no",
           ("no", "yes"), help="no: the guess list holds only chambers still in play",
           modes=(MODE.id,), labels={"no": "no: only chambers still in play",
                                     "yes": "yes: every chamber of the Remora"}),
)
SOURCE_SD = "Lifeform rulebook p. 46, Self-Destruct Track"
NO_LIFEFORM = "no lifeform player in solo: the app does not apply it"

SD_NOTES = {
    "20": f"Self-Destruct 20: you may now board the Remora. The lifeform player's Vent token and "
          f"secret Stowaway pick: {NO_LIFEFORM} ({SOURCE_SD})",
    "10": f"Self-Destruct 10: in the Lifeform game the Heat Analyzer tokens leave and Android "
          f"Pathway Deviation opens to the lifeform player; {NO_LIFEFORM} ({SOURCE_SD})",
    "9": f"Self-Destruct 9: the late-launch mark of the Lifeform game; in solo your Dragon's "
         f"Domain rules say when you may launch ({SOURCE_SD})",
    "Explosion": f"Self-Destruct reached Explosion: the Valley Forge blows up, and you with it "
                 f"unless the Remora has launched ({SOURCE_SD})",
}


def is_solo(state: State) -> bool:
    return facts_of(state).get("mode") == MODE.id


def module_c(state: State) -> bool:
    return "C" in facts_of(state)["modules"]


# --- setup ---------------------------------------------------------------------------------
def setup(s: SessionSetup, rng: Random) -> State:
    """The solo game on its setup spaces: module C's three changes (spec §11.3) and the
    trackers whose board values are already on the profile."""
    modules = list(s.options.get("solo_modules", ["C"]))
    state = State()  # the board values: seeded by Game.start, which places the trackers
    facts_of(state).update({
        "mode": MODE.id, "players": 1, "player": s.names[0], "modules": modules,
        "stage": "play", "setup_ticked": [],
        "remora": remora.new_remora(), "crisis": crisis.new_crisis(
            str(s.options.get("crisis_deck", "mirror"))),
        "shuttle": None, "launch": None, "result": None, "explosion": False,
        "guess_cleared": s.options.get("guess_cleared", "no") == "yes",
    })
    state.pieces["action_cards"] = Counter("Action cards in hand", 0)
    if "B" in modules:  # a game saved before the option was offered: the app's own tokens
        if s.options.get("asteroid_tokens", "app") == "mirror":
            asteroid_mirror.setup_mirror(state)
            facts_of(state)["asteroid_spaces"] = list(asteroids.SPACES)
        else:
            facts_of(state)["asteroid_spaces"] = asteroids.setup_asteroids(state, rng)
    place_trackers(state)
    return state


SETUP_STEPS = (  # (id, text, the module it belongs to)
    ("1", "The Dragon's Domain solo setup (its own rulebook)", ""),
    ("2", "Module C: shuffle the 9 new Crisis cards into the C-Deck Crisis deck", "C"),
    ("3", "Module C: the Remora board beside the table, within reach", "C"),
    ("4", "Module C: a spare token on the start space of the Docking Clamps track and of the "
          "Life Support track", "C"),
    ("5", "The Self-Destruct tracker on its one-player start (board value)", ""),
    ("6", "Module B: the 4 asteroid tokens face down on Self-Destruct 19-16 (the app shuffled "
          "them) and the 3 Asteroid Impact cards aside", "B"),
)


def setup_steps(state: State) -> list[tuple[str, str]]:
    modules = facts_of(state)["modules"]
    return [(sid, text) for sid, text, module in SETUP_STEPS if not module or module in modules]


def open_setup_steps(state: State) -> list[str]:
    return [sid for sid, _ in setup_steps(state) if sid not in facts_of(state)["setup_ticked"]]


# --- the two trackers ----------------------------------------------------------------------
def sd_milestones(state: State) -> list[Milestone]:
    marks = [Milestone(20, "20", SD_NOTES["20"], topic="self_destruct"),
             Milestone(10, "10", SD_NOTES["10"], topic="self_destruct"),
             Milestone(9, "9", SD_NOTES["9"], topic="self_destruct"),
             Milestone(0, "Explosion", SD_NOTES["Explosion"], topic="self_destruct")]
    terror = state.board.get("self_destruct.terror_minutes") or ()
    marks += [Milestone(m, f"Terror icon {m}", f"Self-Destruct {m} (Terror icon): the lifeform "
                        f"player may place a Terror token; {NO_LIFEFORM} ({SOURCE_SD})",
                        topic="self_destruct") for m in terror]
    marks += [Milestone(m, f"asteroid {m}", f"Self-Destruct {m}: an asteroid token is here "
                        "(Thirteenth Passenger, Module B)", topic="module_b")
              for m in facts_of(state).get("asteroid_spaces", []) if _face_down(state, m)]
    return marks


def _face_down(state: State, space: int) -> bool:
    return space in facts_of(state).get("asteroids", {}).get("face_down", [])


def place_trackers(state: State) -> list[Note]:
    """Put Self-Destruct and the Motion tracker on their start spaces once those are known."""
    notes: list[Note] = []
    board = state.board
    start = board.get(solo_board.SD_START)
    if "self_destruct" not in state.pieces and start is not None:
        state.pieces["self_destruct"] = Track("Self-Destruct", start, advance=-1, lowest=0,
                                              highest=start, milestones=sd_milestones(state),
                                              space_names={0: "Explosion"})
        notes.append(Note(f"Self-Destruct placed on {start} (your one-player start)",
                          "self_destruct"))
    length, where = board.get(solo_board.MOTION_LENGTH), board.get(solo_board.MOTION_START)
    if "motion" not in state.pieces and length is not None and where is not None:
        state.pieces["motion"] = Track("Motion tracker (spaces from you)", where, advance=-1,
                                       lowest=1, highest=length, space_names={1: "next to you"})
        notes.append(Note(f"Motion tracker: the lifeform starts on space {where} of {length}",
                          "module_c"))
    order = ("self_destruct", "motion", "action_cards")
    state.pieces = {**{k: state.pieces[k] for k in order if k in state.pieces},
                    **{k: p for k, p in state.pieces.items() if k not in order}}
    return notes


def board_changed(state: State, key: str, value: Any) -> list[Note]:
    """A solo board value entered: cross-checks, then the trackers it places."""
    problems = solo_board.check_board(state.board)
    if problems:
        raise ActionError("; ".join(problems), key)
    notes = place_trackers(state)
    if key == "self_destruct.terror_minutes" and "self_destruct" in state.pieces:
        sd = state.piece("self_destruct", Track)
        sd.milestones = sd_milestones(state)
    return notes


def advance_sd(state: State, minutes: int, why: str, rng: Random) -> list[Note]:
    """Self-Destruct ``minutes`` toward Explosion; milestones fire on reach or pass (§4.1)."""
    sd = state.piece("self_destruct", Track)
    if sd.position == 0:
        return [Note("Self-Destruct is already at Explosion", "self_destruct")]
    move: Move = sd.move(minutes)
    notes = [Note(f"Self-Destruct {sd.space_name(move.old)} -> {sd.space_name(move.new)} "
                  f"({why})", "self_destruct")]
    notes += [Note(text, "self_destruct") for text in move.notes()]
    if "asteroids" in facts_of(state):
        notes += asteroids.on_move(state, move, rng)
    if move.new == 0 and facts_of(state)["launch"] is None:
        facts_of(state)["explosion"] = True
    return notes


def motion_closer(state: State, spaces: int) -> list[Note]:
    motion = state.piece("motion", Track)
    move = motion.move(spaces)
    notes = [Note(f"Motion tracker: the lifeform moves from space {move.old} to "
                  f"{motion.space_name(move.new)}", "module_c")]
    if move.blocked and spaces > 0:
        notes.append(Note("the lifeform is already next to you on the Motion tracker: your "
                          "Dragon's Domain rules say what that means", "module_c"))
    elif move.blocked:  # moved away as far as the tracker goes
        notes.append(Note(f"the lifeform is at the far end of the Motion tracker (space "
                          f"{motion.position}): it can go no farther", "module_c"))
    return notes


# --- the end ---------------------------------------------------------------------------------
def end(state: State) -> EndRecord | None:
    f = facts_of(state)
    player = f["player"]
    if f["explosion"]:
        return EndRecord("Explosion", "the Valley Forge exploded before the Remora launched",
                         sides=("lifeform",), outcomes={player: "lost"})
    result = f["result"]
    if result is None:
        return None
    won = result["won"]
    return EndRecord(result["ending"], result["summary"],
                     winners=(player,) if won else (), sides=("player",) if won else
                     ("lifeform",), outcomes={player: "survivor" if won else "lost"})


def status(state: State) -> str:
    record = end(state)
    if record is not None:
        # Home's status column holds 28 characters: the outcome, without "the fight: "
        return f"ended: {record.ending.rsplit(': ', 1)[-1]}"
    stage = facts_of(state)["stage"]
    return {"play": "solo: before the launch", "shuttle": "solo: post-launch shuttlecraft "
            "phase", "fight": "solo: the fight"}.get(stage, "solo: in progress")


def moment(state: State) -> dict[str, int]:
    """Crisis cards resolved so far: the solo game's own clock for the report."""
    return {"crisis": facts_of(state)["crisis"]["resolved"]}
