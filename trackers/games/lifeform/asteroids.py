"""Thirteenth Passenger module B: asteroid impact tokens on Self-Destruct 19-16 (spec §11.2).

At setup the 4 tokens (1 hit, 3 alerts) are shuffled face down onto 19, 18, 17 and 16. A game
that draws at the moment (trackers.pieces.chance) decides a token only when it is turned over,
drawn from the tokens not seen yet: nothing in the files says where the hit lies. A game started
before shuffled them at setup (which is where: ``facts["hidden"]``, blanked in every export).
A token is looked at when the tracker arrives on its space. Whether a token on a space the
tracker jumps over is checked is not stated (G20): the app holds such tokens and the table
decides ("Asteroid tokens jumped over"). On a hit, one Asteroid Impact card is drawn at random
(each strikes one starship deck; the card texts are G20) and every other token and card leaves
the game unseen.
"""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform.facts import facts_of
from trackers.pieces import Move, Track
from trackers.pieces.chance import Chance

SPACES = (19, 18, 17, 16)  # spec §11.2 (built in: board_profile "module_b.asteroid_minutes")
TOKENS = ("hit", "alert", "alert", "alert")  # 1 "Struck by asteroids!", 3 "Impact imminent!"
IMPACT_CARDS = ("1", "2", "3")  # the 3 Asteroid Impact cards; which deck each strikes is G20


def setup_asteroids(state: State, rng: Random) -> list[int]:
    """Shuffle the tokens face down onto the spaces; returns the spaces holding one."""
    if not isinstance(rng, Chance):  # a game started before: shuffled now, kept hidden
        tokens = list(TOKENS)
        rng.shuffle(tokens)
        facts_of(state).setdefault("hidden", {})["asteroids"] = {
            str(space): token for space, token in zip(SPACES, tokens, strict=True)}
    facts_of(state)["asteroids"] = {"face_down": list(SPACES), "revealed": {}, "jumped": [],
                                "held": [], "struck": None}
    return list(SPACES)


def on_move(state: State, move: Move, rng: Random) -> list[Note]:
    """The asteroid tokens a Self-Destruct move reached or passed, in order (spec §11.2, G20)."""
    fired = [m.at for m in move.fired if m.key.startswith("asteroid ")]
    if not fired:
        return []
    info = facts_of(state)["asteroids"]
    if info["held"]:  # an earlier jump is still undecided: keep the order
        info["held"] += fired
        return [Note("asteroid tokens wait for the decision on the jumped-over ones", "module_b")]
    jumped = [s for s in fired if s != move.new]
    if not jumped:
        return _arrive(state, fired, rng)
    info["held"], info["jumped"] = fired, jumped
    spaces = ", ".join(str(s) for s in jumped)
    return [Note(f"Self-Destruct jumped over asteroid token(s) on {spaces}: the text does not say "
                 "whether a skipped token is checked; the "
                 "table decides with "
                 "'Asteroid tokens jumped over' (check them, or leave them unchecked)",
                 "module_b")]


def resolve_jumped(state: State, check: bool, rng: Random) -> list[Note]:
    """The table's G20 decision for the held tokens, then every held token in order."""
    info = facts_of(state)["asteroids"]
    if not info["held"]:
        raise ActionError("no asteroid token is waiting for a decision", "check")
    held, jumped = info["held"], info["jumped"]
    info["held"], info["jumped"] = [], []
    notes: list[Note] = []
    for space in held:
        if space not in info["face_down"]:
            continue  # removed after a hit earlier in this list
        if space in jumped and not check:
            _remove(state, space)
            notes.append(Note(f"asteroid token on {space} left unchecked: it leaves the game "
                              "face down (the table's decision: the text is silent)", "module_b"))
        else:
            notes += _arrive(state, [space], rng)
    return notes


def _arrive(state: State, spaces: list[int], rng: Random) -> list[Note]:
    """Tokens to look at: the table flips its own (mirror), or the app turns its over."""
    if facts_of(state)["asteroids"].get("mirror"):
        return _to_flip(state, spaces)
    return _check_all(state, spaces, rng)


def _to_flip(state: State, spaces: list[int]) -> list[Note]:
    """The tracker reached these tokens, the table's own (``asteroid_mirror``): the table
    flips each, in order."""
    info = facts_of(state)["asteroids"]
    new = [s for s in spaces if s in info["face_down"] and s not in info["to_flip"]]
    info["to_flip"] += new
    return [Note(f"asteroid token on {space}: flip your token and enter what it shows "
                 "('Module B: asteroid token flipped') (Thirteenth Passenger, Module B)",
                 "module_b") for space in new]


def _check_all(state: State, spaces: list[int], rng: Random) -> list[Note]:
    notes: list[Note] = []
    for space in spaces:
        if space in facts_of(state)["asteroids"]["face_down"]:
            notes += _check(state, space, rng)
    return notes


def _check(state: State, space: int, rng: Random) -> list[Note]:
    """Turn one token over (spec §11.2)."""
    token = _turn_over(state, space, rng)
    _remove(state, space)
    facts_of(state)["asteroids"]["revealed"][str(space)] = token
    if token == "alert":
        return [Note(f"asteroid token on {space}: Impact imminent! It leaves the game; keep "
                     "playing and check the next token when the tracker gets there (Thirteenth "
                     "Passenger, Module B)",
                     "module_b")]
    struck = rng.choice(IMPACT_CARDS)
    facts_of(state)["asteroids"]["struck"] = struck
    for other in list(facts_of(state)["asteroids"]["face_down"]):
        _remove(state, other)
    decks = state.board.get("module_b.impact_decks")
    strikes = f" (it strikes the {decks[int(struck) - 1]})" if decks else ""
    return [Note(f"asteroid token on {space}: Struck by asteroids! Draw an Asteroid Impact card "
                 f"at random (the app's draw: card {struck} of your 3{strikes}) and follow it. "
                 "Every other "
                 "asteroid token and card leaves the game unseen (Thirteenth Passenger, Module "
                 "B)", "module_b")]


def _turn_over(state: State, space: int, rng: Random) -> str:
    """The token on ``space``: as shuffled at setup, or drawn now from those not seen yet
    (a token that left unseen is as likely to have been any of them)."""
    hidden = facts_of(state).get("hidden", {}).get("asteroids")
    if hidden is not None:
        return str(hidden[str(space)])
    if not isinstance(rng, Chance):
        raise ActionError("asteroid tokens: this game kept no face-down tokens", "module_b")
    left = list(TOKENS)
    for seen in facts_of(state)["asteroids"]["revealed"].values():
        left.remove(seen)
    revealed = len(facts_of(state)["asteroids"]["revealed"])
    return sorted(left)[rng.pick("asteroid tokens", revealed + 1, len(left))]


def _remove(state: State, space: int) -> None:
    """A token leaves its space (checked or not): its milestone goes too."""
    info = facts_of(state)["asteroids"]
    if space in info["face_down"]:
        info["face_down"].remove(space)
    facts_of(state).get("hidden", {}).get("asteroids", {}).pop(str(space), None)
    sd = state.piece("self_destruct", Track)
    sd.milestones = [m for m in sd.milestones if m.key != f"asteroid {space}"]


def panel_lines(state: State) -> list[str]:
    info = facts_of(state).get("asteroids")
    if info is None:
        return []
    lines = [f"face down on Self-Destruct: {', '.join(map(str, info['face_down'])) or 'none'}"]
    words = {"hit": "Struck by asteroids!", "alert": "Impact imminent!"}
    lines += [f"{space}: {words[t]}" for space, t in info["revealed"].items()]
    if info["struck"]:
        lines.append(f"Asteroid Impact card drawn: {info['struck']}" if info.get("mirror")
                     else f"Asteroid Impact card drawn: card {info['struck']} of 3")
    if info["held"]:
        lines.append("waiting: decide on the jumped-over tokens (the text is silent)")
    return lines
