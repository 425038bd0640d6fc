"""Hidden choices kept honest by commitment codes (spec lifeform §6): Reality Calibration, a
character meeting an image, the attack, the Stowaway card, the Secret Objectives.

Every hidden value lives in a ``Secret`` piece; notes and log lines show only its code until it is
revealed. Each (re-)choice draws its nonce from the event's own random stream, so a replay rebuilds
the same code and a new choice always gets a new one.
"""

from __future__ import annotations

from random import Random

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import characters, decks
from trackers.games.lifeform.board import Board
from trackers.games.lifeform.endings import StowawayCard
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.moves import add_hostility, advance_sd, call_calibration
from trackers.games.lifeform.words import CREW_ONLY, LIFEFORM_ONLY
from trackers.pieces import Secret, Track
from trackers.pieces.secret import is_sealed

IMAGES = ("Image 1", "Image 2", "Image 3")  # spec §1.1: 3 image figures, 3 identifiers
STOWAWAY_CARDS = tuple(card.value for card in StowawayCard)  # spec §6.2, G10
REACTIONS = {"hide": "Hide", "run": "Run!", "shock_prod": "Shock-Prod"}  # spec §3.10


def nonce(rng: Random) -> str:
    return f"{rng.getrandbits(64):016x}"


def build_secrets(crew: list[str]) -> dict[str, Secret]:
    """The Lifeform Identifier, the Stowaway card and one Secret Objective per crew member."""
    pieces = {
        "real_lifeform": Secret("Real lifeform (Lifeform Identifier)", LIFEFORM_ONLY,
                                list(IMAGES[:2]), managed=True),
        "stowaway": Secret("Stowaway card", LIFEFORM_ONLY, list(STOWAWAY_CARDS), managed=True),
    }
    for i in range(1, len(crew) + 1):  # spec §2.2 step 19: 1 per crew member
        pieces[f"objective_{i}"] = Secret(f"Secret Objective {i}", CREW_ONLY, managed=True)
    return pieces


def _real(state: State) -> Secret:
    return state.piece("real_lifeform", Secret)


def is_real(state: State, image: str) -> bool:
    """Whether ``image`` is the one the lifeform chose at its last Reality Calibration."""
    return _real(state).holds(image)


# --- Reality Calibration (spec §6.1) --------------------------------------------------------
def calibrate(state: State, image: str | dict[str, str], rng: Random) -> list[Note]:
    """The lifeform secretly picks which image on the Valley Forge is real (it may keep it)."""
    on_board = facts_of(state)["images"]["on_board"]
    if not is_sealed(image) and image not in on_board:  # a sealed one: checked before sealing
        raise ActionError(f"image: choose one of the images on the Valley Forge: "
                          f"{', '.join(on_board)}", "image")
    secret = _real(state)
    secret.choices = list(on_board)
    code = secret.choose(image, nonce(rng))
    why = facts_of(state)["calibration_due"]
    facts_of(state)["calibration_due"] = None
    notes = [Note(f"Reality Calibration done{f' ({why})' if why else ''}: the identifier is face "
                  f"down; commitment code {code} (rulebook p. 10, Reality "
                  "Calibration)", "reality_calibration")]
    if facts_of(state)["attack"] is not None:
        facts_of(state)["attack"] = None
        notes.append(Note("the attack is over (step 6 done)", "reality_calibration"))
    return notes


def _reveal_real(state: State) -> tuple[str, list[Note]]:
    secret = _real(state)
    if not secret.is_set:
        raise ActionError("the lifeform has not made its Reality Calibration yet", "image")
    if secret.revealed:
        raise ActionError("the identifier is already face up: do the Reality Calibration first "
                          "(rulebook p. 10, Reality Calibration)", "image")
    value, key, ok = secret.reveal()
    verdict = "matches" if ok else "DOES NOT match"
    return value, [Note(f"the lifeform turns its identifier over: {value} is the real lifeform "
                        f"(nonce {key}; it {verdict} code {secret.code})", "reality_calibration")]


def meet_image(state: State, image: str, character: str, profile: Board,
               rng: Random, table_says: str | None = None) -> list[Note]:
    """A character moves into an image's chamber: the lifeform shows which image is real; a
    sensor ghost: Self-Destruct +1 and the ghost moves; the real one attacks; then a Reality
    Calibration either way (spec §3.10)."""
    if characters.need(state, character)["where"] != characters.VALLEY_FORGE:
        raise ActionError(f"character: {character} is aboard the Remora; images never enter it "
                          "(rulebook, Movement and Attack)", "character")
    if image not in facts_of(state)["images"]["on_board"]:
        raise ActionError(f"image: {image} is not on the Valley Forge", "image")
    if table_says is None:
        real, notes = _reveal_real(state)
    else:  # the owner is absent: the rulebook has no reading, so the table's call stands
        real = image if table_says == TABLE_CALLS[1] else ""
        notes = [_unrevealed(state, f"{character} meeting {image}",
                             f"the table calls it {table_says}")]
    if real != image:
        notes.append(Note(f"{image} is a sensor ghost: Self-Destruct +1, then the ghost moves to "
                          "the character-free chamber nearest the real lifeform (the lifeform "
                          "breaks ties) (rulebook, Movement and Attack)", "reality_calibration"))
        notes += advance_sd(state, 1, profile, rng)
        call_calibration(state, f"{character} met a sensor ghost")
        return notes + [Note("Reality Calibration due (rulebook p. 10, Reality "
                             "Calibration)", "reality_calibration")]
    return notes + _open_attack(state, real, character, "moved into the real lifeform's chamber")


def attack(state: State, target: str, absent: bool = False) -> list[Note]:
    """The lifeform attacks a chamber from the real image next to it (spec §3.10 steps 1-6);
    with its owner absent the identifier is not shown and the steps go on without it."""
    c = characters.need(state, target)
    if c["hidden"] or c["where"] != characters.VALLEY_FORGE:
        raise ActionError(f"character: {target} cannot be attacked (hidden characters and those "
                          "aboard the Remora never are, rulebook, Movement and "
                          "Attack)", "character")
    if absent:
        notes = [_unrevealed(state, f"the attack on {target}'s chamber", "the attack goes on; "
                             "the table places the attacking image itself")]
        return notes + _open_attack(state, "the attacking image", target, "the lifeform attacks")
    real, notes = _reveal_real(state)
    return notes + _open_attack(state, real, target, "the lifeform attacks")


# What the table may call an image met while the identifier cannot be revealed.
TABLE_CALLS = ("a sensor ghost", "the real lifeform")


def _unrevealed(state: State, what: str, then: str) -> Note:
    from trackers.games.lifeform.absent import not_revealed

    if not _real(state).is_set:
        raise ActionError("the lifeform has not made its Reality Calibration yet", "image")
    return not_revealed(state, "real_lifeform", what, then)


def _open_attack(state: State, image: str, target: str, how: str) -> list[Note]:
    # answered: a reaction or a Survival token recorded (step 4); killed: a kill (step 5).
    facts_of(state)["attack"] = {"image": image, "target": target, "cancelled": False,
                                 "answered": False, "killed": False}
    call_calibration(state, "the end of an attack")
    steps = [
        f"Attack ({how}) on the chamber of {target}: step 1 done, the identifier is shown",
        "step 2: each sensor ghost moves to the nearest character-free chamber next to the "
        "attacked one (one image per chamber; the lifeform breaks ties)",
        f"step 3: {image} moves into the attacked chamber",
        "step 4: each crew member with a non-hidden character there may play 1 reaction "
        "('Crew reaction'); the lifeform may cancel it; an uncancelled one is Hostility +1",
        "step 5: unless a Shock-Prod cancelled the attack, every character that did not avoid "
        "it is killed ('Character killed')",
        "step 6: Reality Calibration ('Reality Calibration') (rulebook, Movement and Attack)",
    ]
    return [Note(text, "reality_calibration") for text in steps]


def attack_step(state: State, step: str) -> None:
    """Mark an open attack's step 4 ("answered") or step 5 ("killed") as recorded."""
    if facts_of(state)["attack"] is not None:
        facts_of(state)["attack"][step] = True


def attack_unsettled(state: State) -> str | None:
    """The attacked character while an attack's steps 4 and 5 have nothing recorded: no
    reaction, no Survival token, no kill, no cancel (an attack from a game saved before these
    were recorded counts as settled)."""
    attack = facts_of(state)["attack"]
    if attack is None or attack["cancelled"]:
        return None
    if attack.get("answered", True) or attack.get("killed", True):
        return None
    return str(attack["target"])


def check_reaction(state: State, reaction: str) -> None:
    """A crew reaction answers an open attack before its kills (Run! also answers a Hull
    Breach) (rulebook, Movement and Attack; rulebook p. 30, Crew Reaction Reference)."""
    if facts_of(state)["stage"] != "starship":
        return
    attack = facts_of(state)["attack"]
    if attack is None and reaction != REACTIONS["run"]:
        raise ActionError(f"reaction: {reaction} answers a lifeform attack, and no attack is "
                          "open (Run! also answers a Hull Breach) (rulebook p. 30, Crew "
                          "Reaction Reference)", "reaction")
    if attack is not None and attack.get("killed"):
        raise ActionError(f"reaction: the kills of the attack on {attack['target']}'s chamber "
                          "are recorded (step 5); reactions come before them (step 4) "
                          "(rulebook, Movement and Attack)", "reaction")


def crew_reaction(state: State, member: str, reaction: str, cancelled: bool, character: str | None,
                  profile: Board) -> list[Note]:
    """A crew reaction card (spec §3.10): at most 1 per crew member per Lifeform Activity phase
    (T18); not cancelled: carried out and Hostility +1; the card goes to the Crew discard."""
    in_lifeform_phase = facts_of(state)["phase"] == "lifeform"
    if in_lifeform_phase and member in facts_of(state)["reacted"]:
        raise ActionError(f"crew_member: {member} already played a reaction this Lifeform "
                          "Activity phase (rulebook, Lifeform Activity Phase); 'Next phase' "
                          "starts a new one",
                          "crew_member")
    if reaction in ("hide", "run") and character is None:
        raise ActionError(f"character: name the character who plays {REACTIONS[reaction]}",
                          "character")
    if character is not None and characters.need(state, character)["owner"] != member:
        raise ActionError(f"character: {character} is not {member}'s character", "character")
    notes = decks.discard(state, "crew", member, 1)
    attack_step(state, "answered")
    if in_lifeform_phase:
        facts_of(state)["reacted"].append(member)
    name = REACTIONS[reaction]
    if cancelled:
        notes += decks.discard(state, "lifeform", facts_of(state)["lifeform"], 1)
        return notes + [Note(f"the lifeform cancels {member}'s {name}: the card is discarded "
                             f"with no effect; {member} may not react again to this attack "
                             "(rulebook, Movement and Attack)", "hostility")]
    notes.append(Note(f"{member}'s {name} is carried out (rulebook, Movement and "
                      "Attack)", "hostility"))
    notes += add_hostility(state, "crew_reaction", profile)
    if reaction == "hide" and character is not None:
        notes += characters.set_hidden(state, character, True)
    elif reaction == "run" and character is not None:
        characters.need(state, character)["hidden"] = False
        notes.append(Note(f"{character} makes 1-2 moves: stop on Terror; not back through the way "
                          "the image came, nor the Security Door, nor into or through an image "
                          "or Power Outage chamber (rulebook, Movement and Attack)", "round"))
    elif reaction == "shock_prod" and facts_of(state)["attack"] is not None:
        facts_of(state)["attack"]["cancelled"] = True
        notes.append(Note("the whole attack is cancelled: nobody in the chamber dies; the "
                          "attacking image goes back the way it came (rulebook, Movement and "
                          "Attack)", "round"))
    return notes


# --- the Stowaway card (spec §4.1, §6.2) ----------------------------------------------------
def stowaway_due(state: State) -> bool:
    from trackers.games.lifeform.moves import remora_open

    return remora_open(state) and not state.piece("stowaway", Secret).is_set


def stowaway_mark(state: State) -> str:
    """Where Self-Destruct stands while the Stowaway card is due: on the 20 mark, or already
    past it when one move went over it (Equip's +2 from 21)."""
    at = state.piece("self_destruct", Track).position
    if at >= 20:
        return "the next Self-Destruct move passes 20"
    return f"Self-Destruct passed 20 and is on {at}"


def stowaway_passed(state: State) -> bool:
    """Self-Destruct moved on from the 20 mark with no Stowaway card chosen (a game saved
    before the card was held there): its moment is over (rulebook p. 46)."""
    return bool(facts_of(state).get("stowaway_passed"))


def choose_stowaway(state: State, card: str, rng: Random) -> list[Note]:
    """At the 20 mark the lifeform picks 1 of 3 cards face down; never re-chosen (spec §6.2)."""
    secret = state.piece("stowaway", Secret)
    if secret.is_set:
        raise ActionError("the Stowaway card was chosen already; it is never chosen again "
                          "(rulebook, Gameplay Additional Rules)", "card")
    code = secret.choose(card, nonce(rng))
    return [Note(f"the lifeform put its Stowaway card face down beside the Remora: code {code}; "
                 "the other 2 leave the game unseen by the crew (rulebook p. 46, Self-Destruct "
                 "Track)", "stowaway")]


# --- Secret Objectives (spec §2.2 step 19, §6.2) ----------------------------------------------
def objective_slots(state: State) -> list[str]:
    return [str(i) for i in range(1, facts_of(state)["objectives"]["drawn"] + 1)]


def record_objective(state: State, slot: str, title: str, rng: Random) -> list[Note]:
    """The crew notes a drawn card's title, hidden from the lifeform (optional)."""
    if slot in facts_of(state)["objectives"]["done"]:
        raise ActionError(f"slot: Secret Objective {slot} is already completed", "slot")
    code = state.piece(f"objective_{slot}", Secret).choose(title, nonce(rng))
    return [Note(f"Secret Objective {slot} noted for the crew: code {code}", "setup")]


def complete_objective(state: State, slot: str, rng: Random | None = None,
                       absent: bool = False) -> list[Note]:
    """Any one objective on the card done: show it to the lifeform and remove it (spec §6.2).
    The card itself is shown at the table; a noted title the crew cannot reveal stays sealed
    and the objective still counts as completed."""
    done = facts_of(state)["objectives"]["done"]
    if slot in done:
        raise ActionError(f"slot: Secret Objective {slot} is already completed", "slot")
    done.append(slot)
    secret = state.piece(f"objective_{slot}", Secret)
    secret.label = f"Secret Objective {slot} (completed)"
    shown = ""
    if not secret.is_set and rng is not None:  # no title noted: it still reads completed
        secret.label = f"Secret Objective {slot} (title not noted)"
        secret.choose("completed", nonce(rng))
        secret.reveal()
    elif secret.is_set and absent:
        from trackers.games.lifeform.absent import not_revealed

        shown = " (the noted title stays sealed)"
        notes = [not_revealed(state, f"objective_{slot}", f"completing Secret Objective {slot}",
                              "the objective counts as completed: the card itself is shown "
                              "at the table")]
        left = facts_of(state)["objectives"]["drawn"] - len(done)
        return notes + [Note(f"Secret Objective {slot} completed{shown}: {left} left before "
                             "launch (rulebook, Gameplay Additional Rules)", "launch")]
    elif secret.is_set:
        value, _, ok = secret.reveal()
        shown = f" ({value}; {'matches' if ok else 'DOES NOT match'} code {secret.code})"
    left = facts_of(state)["objectives"]["drawn"] - len(done)
    return [Note(f"Secret Objective {slot} completed{shown}: show it to the lifeform and remove "
                 f"it from the game; {left} left before launch (rulebook, Gameplay Additional "
                 "Rules; rulebook p. 35, Launch the Remora Sequence)", "launch")]
