"""Endings A, B and C at launch, with the Stowaway reveal and the +/- token (spec lifeform §9).

Checking order (spec §9): a Last Man Aboard kill gives Ending C; else before the 9-minute mark
with everyone aboard, Ending A; from 9 with everyone aboard, Ending B; from 9 with characters on
both the Remora and the Valley Forge, Ending C. Where the texts contradict each other (C9: a Last
Man Aboard kill with a launch before 9) the decision carries both readings, labelled, and the
table chooses. Stowaway ranges other than the 1-2 Minute card come from the board profile (G10).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import characters, loadout
from trackers.games.lifeform.board import Board
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.launch import Status
from trackers.games.lifeform.moves import finish, late_launch
from trackers.games.lifeform.words import count
from trackers.pieces import Secret, Track

LATE_LAUNCH_MINUTE = 9  # spec §4.1


class Ending(StrEnum):
    A = "A"
    B = "B"
    C = "C"


class Outcome(StrEnum):
    CREW_WINS = "the crew wins"
    SHOWDOWN = "the Showdown begins"
    UNKNOWN = "unknown"


class StowawayCard(StrEnum):
    """The three Stowaway cards; only the 1-2 Minute card is named in the text (spec §6.2, G10)."""

    ONE_TWO_MINUTE = "1-2 Minute"
    SECOND = "second"
    THIRD = "third"


STOWAWAY_RANGE_KEYS = {
    StowawayCard.ONE_TWO_MINUTE: "stowaway.one_two_minute_minutes",
    StowawayCard.SECOND: "stowaway.second_card_minutes",
    StowawayCard.THIRD: "stowaway.third_card_minutes",
}


@dataclass(frozen=True)
class LaunchMoment:
    """The state at launch. `self_destruct` is the minute printed on the tracker's space."""

    player_count: int
    self_destruct: int
    characters_aboard: int
    characters_on_valley_forge: int
    last_man_aboard_kill: bool = False  # the lifeform killed the last character left aboard the VF
    stowaway_card: StowawayCard | None = None  # the lifeform's secret card, revealed for Ending B
    stowaway_token: bool = False  # the lifeform holds the +/- Stowaway token (how: G11)
    cocoon_space: int | None = None  # Cocoon tracker space (Start = 1), for Ending C

    def __post_init__(self) -> None:
        if self.player_count not in (2, 3, 4):
            raise ValueError(f"player_count: expected 2, 3 or 4, got {self.player_count!r}")
        if self.characters_aboard < 1:
            raise ValueError("characters_aboard: a launch needs at least 1 surviving character "
                             "aboard the Remora (rulebook p. 35, Launch the Remora Sequence)")
        if self.characters_on_valley_forge < 0:
            raise ValueError("characters_on_valley_forge: expected 0 or more")
        if self.characters_on_valley_forge and self.self_destruct > LATE_LAUNCH_MINUTE:
            raise ValueError("characters_on_valley_forge: characters may be left behind only "
                             "once Self-Destruct has reached 9 (rulebook p. 35, Launch the Remora "
                             "Sequence)")
        if self.last_man_aboard_kill and self.characters_on_valley_forge:
            raise ValueError("characters_on_valley_forge: after a Last Man Aboard kill no "
                             "character is left on the Valley Forge (rulebook, Last Man Aboard!)")


@dataclass(frozen=True)
class StowawayCheck:
    """Ending B's reveal: was the launch minute inside the card's range (spec §9)?"""

    card: StowawayCard
    minutes: tuple[int, int] | None  # the card's range, inclusive; None while unset (G10)
    minute: int  # the tracker's minute
    checked_minute: int | None  # the minute that fell in range (minute, or +/-1 with the token)
    correct: bool | None
    used_token: bool
    card_kept: bool  # the 1-2 Minute card goes into the Showdown
    why: str


@dataclass(frozen=True)
class EndingReading:
    """One reading of the rules: the ending, its outcome, why, and what to do at the table."""

    ending: Ending
    outcome: Outcome
    label: str
    why: str
    steps: tuple[str, ...] = ()
    stowaway: StowawayCheck | None = None


@dataclass(frozen=True)
class EndingDecision:
    readings: tuple[EndingReading, ...]
    contradiction: str = ""  # e.g. "C9" when the readings disagree and the table must choose

    @property
    def decided(self) -> EndingReading | None:
        """The single reading, or None when the table must choose between readings."""
        return self.readings[0] if len(self.readings) == 1 else None


def check_stowaway(card: StowawayCard, minute: int, token: bool,
                   profile: Board) -> StowawayCheck:
    """Ending B: inclusive range check; the +/- token may shift the minute by 1 (spec §9)."""
    key = STOWAWAY_RANGE_KEYS[card]
    rng = profile.span(key)
    if rng is None:
        return StowawayCheck(card, None, minute, None, None, False, False, profile.unknown(key))
    low, high = rng
    tries = [minute, minute - 1, minute + 1] if token else [minute]
    hit = next((m for m in tries if low <= m <= high), None)
    correct = hit is not None
    used = correct and hit != minute
    kept = correct and card is StowawayCard.ONE_TWO_MINUTE
    if not correct:
        why = f"{minute} is outside the {card} card's {low}-{high}" + (
            " even with the +/- token" if token else "")
    elif used:
        why = f"{minute} {'-' if hit == minute - 1 else '+'} 1 = {hit} is inside {low}-{high} " \
              f"with the +/- token"
    else:
        why = f"{minute} is inside the {card} card's {low}-{high}"
    return StowawayCheck(card, rng, minute, hit, correct, used, kept, why)


def _ending_a(label: str, why: str) -> EndingReading:
    return EndingReading(Ending.A, Outcome.CREW_WINS, label, why,
                         ("the crew wins; there is no Stowaway check (rulebook, Endings)",))


def _cards(evolution: str) -> str:
    """The Evolution number as a count of Lifeform cards ("1 Lifeform card"); unset as is."""
    return count(int(evolution), "Lifeform card") if evolution.isdigit() else \
        f"{evolution} Lifeform cards"


def _ending_c(m: LaunchMoment, profile: Board, label: str, why: str) -> EndingReading:
    """Ending C: the Stowaway card leaves; discard up to Evolution, refill to MAX HAND (§9)."""
    track = "cocoon_2p" if m.player_count == 2 else "cocoon_3p4p"
    evolution = _cocoon_value(m, profile, f"{track}.evolution")
    max_hand = _cocoon_value(m, profile, f"{track}.max_hand")
    steps = (
        "the lifeform removes its Stowaway card from the game (the text does not say it is "
        "shown)",
        f"the lifeform may discard up to {_cards(evolution)}, the Evolution number reached "
        "on the Cocoon track",
        f"the lifeform draws back up to its max hand size: {max_hand} ('Ending C refill')",
        "go to the Showdown (rulebook p. 38, Showdown Stage)",
    )
    return EndingReading(Ending.C, Outcome.SHOWDOWN, label, why, steps)


def _cocoon_value(m: LaunchMoment, profile: Board, key: str) -> str:
    values = profile.numbers(key)
    if m.cocoon_space is None:
        return "the number on the Cocoon tracker's space"
    if values is None:
        return profile.unknown(key)
    if not 1 <= m.cocoon_space <= len(values):
        raise ValueError(f"cocoon_space: expected 1 to {len(values)} (Start = 1), "
                         f"got {m.cocoon_space}")
    return str(values[m.cocoon_space - 1])


def _ending_b(m: LaunchMoment, profile: Board) -> EndingReading:
    why = f"Self-Destruct is on {m.self_destruct}, at or past 9, and every surviving " \
          f"character is aboard (rulebook, Endings)"
    if m.stowaway_card is None:
        raise ValueError("stowaway_card: Ending B reveals the lifeform's chosen Stowaway card; "
                         "pass it in")
    check = check_stowaway(m.stowaway_card, m.self_destruct, m.stowaway_token, profile)
    token_step = ("the +/- Stowaway token is removed from the game",) if m.stowaway_token else ()
    reveal = f"the lifeform reveals its Stowaway card: {m.stowaway_card}"
    if check.correct is None:
        return EndingReading(Ending.B, Outcome.UNKNOWN, "rules", why,
                             (reveal, check.why), check)
    if not check.correct:
        return EndingReading(Ending.B, Outcome.CREW_WINS, "rules", why,
                             (reveal, f"wrong guess: {check.why}", *token_step,
                              "the crew wins (rulebook, Endings)"), check)
    card_step = ("the lifeform keeps the 1-2 Minute card for the Showdown" if check.card_kept
                 else "the Stowaway card is removed from the game")
    return EndingReading(Ending.B, Outcome.SHOWDOWN, "rules", why,
                         (reveal, f"correct guess: {check.why}", *token_step, card_step,
                          "go to the Showdown (rulebook p. 38, Showdown Stage)"), check)


def decide_ending(moment: LaunchMoment, profile: Board) -> EndingDecision:
    """Ending A, B or C for a launch that met every criterion (spec §9; C9 gives two readings)."""
    m = moment
    late = m.self_destruct <= LATE_LAUNCH_MINUTE
    if m.last_man_aboard_kill:
        lma_why = ("the lifeform killed the last character left on the Valley Forge: it stows "
                   "away and its Stowaway card is ignored (rulebook, Last Man Aboard!; "
                   "Endings)")
        if late:
            return EndingDecision((_ending_c(m, profile, "rules", lma_why),))
        a_why = f"Self-Destruct {m.self_destruct} has not reached 9 and every surviving " \
                f"character is aboard: Ending A's condition also holds"
        return EndingDecision((
            _ending_c(m, profile, "reading 1 (proposed): Last Man Aboard comes first", lma_why),
            _ending_a("reading 2: Ending A's condition holds", a_why),
        ), contradiction="a Last Man Aboard kill before 9")
    if m.characters_on_valley_forge:
        left = m.characters_on_valley_forge
        why = (f"Self-Destruct is on {m.self_destruct}, at or past 9, and "
               f"{count(left, 'character')} {'stays' if left == 1 else 'stay'} on the Valley "
               "Forge (rulebook, Endings)")
        return EndingDecision((_ending_c(m, profile, "rules", why),))
    if not late:
        return EndingDecision((_ending_a("rules", f"Self-Destruct {m.self_destruct} has not "
                                         "reached 9 and every surviving character is aboard "
                                         "(rulebook, Endings)"),))
    return EndingDecision((_ending_b(m, profile),))

def launch(state: State, profile: Board, confirm_unknown: bool,
           absent: bool = False) -> list[Note]:
    """All criteria met and every crew member agrees: the Remora launches (spec §5.3). With the
    lifeform player absent, Ending B's card stays sealed and the table settles the ending."""
    if facts_of(state)["stage"] not in ("starship", "setup"):
        raise ActionError("the Remora can launch only during the Starship stage", "action")
    check = loadout.readiness(state, profile, crew_agree=True)
    missing = [f"{c.name} ({c.why})" for c in check.criteria if c.status is Status.NOT_MET]
    if missing:
        raise ActionError("launch: not every criterion is met: " + "; ".join(missing), "action")
    unknown = [f"{c.name} ({c.why})" for c in check.criteria if c.status is Status.UNKNOWN]
    if unknown and not confirm_unknown:
        raise ActionError("launch: these criteria need a board value the app does not have; "
                          "check them on your board and launch with confirm_unknown=yes: "
                          + "; ".join(unknown), "confirm_unknown")
    aboard, left = characters.counts(state)
    sd = state.piece("self_destruct", Track).space_name()
    left_behind = f", {left} left on the Valley Forge" if left else ""
    notes = [Note("The Remora launches! (rulebook p. 35, Launch the Remora Sequence)", "launch",
                  key_moment=f"The Remora launched at Self-Destruct {sd} with "
                             f"{aboard} aboard{left_behind}")]
    every_one_aboard = left == 0 and not facts_of(state)["last_man_aboard"]
    card = None
    unshown = every_one_aboard and late_launch(state) and absent
    if unshown:
        notes += _stowaway_unshown(state)
    elif every_one_aboard and late_launch(state):
        card, reveal = _reveal_stowaway(state)
        notes += reveal
    try:
        moment = LaunchMoment(
            player_count=facts_of(state)["players"], self_destruct=loadout.sd_position(state),
            characters_aboard=aboard, characters_on_valley_forge=left,
            last_man_aboard_kill=facts_of(state)["last_man_aboard"], stowaway_card=card,
            stowaway_token=facts_of(state)["stowaway_token"],
            cocoon_space=state.piece("cocoon", Track).position)
        decision = _unshown_readings(moment) if unshown else decide_ending(moment, profile)
    except ValueError as err:
        raise ActionError(f"launch: {err}", "action") from err
    facts_of(state)["ending"] = {"moment": _moment_dict(moment), "readings": [], "chosen": None}
    facts_of(state)["stage"] = "launched"
    return notes + _decide(state, decision)


def _moment_dict(moment: LaunchMoment) -> dict[str, Any]:
    data = asdict(moment)
    data["stowaway_card"] = None if moment.stowaway_card is None else str(moment.stowaway_card)
    return data


def _reveal_stowaway(state: State) -> tuple[StowawayCard, list[Note]]:
    secret = state.piece("stowaway", Secret)
    if not secret.is_set:
        raise ActionError("launch: the lifeform has not chosen its Stowaway card (at the 20 "
                          "mark): 'Choose the Stowaway card' first", "action")
    value, key, ok = secret.reveal()
    verdict = "matches" if ok else "DOES NOT match"
    return StowawayCard(value), [Note(f"the lifeform reveals its Stowaway card: {value} (nonce "
                                      f"{key}; it {verdict} code {secret.code}) (rulebook, "
                                      "Endings)",
                                      "stowaway")]


def _stowaway_unshown(state: State) -> list[Note]:
    from trackers.games.lifeform.absent import not_revealed

    if not state.piece("stowaway", Secret).is_set:
        raise ActionError("launch: the lifeform has not chosen its Stowaway card (at the 20 "
                          "mark): 'Choose the Stowaway card' first", "action")
    return [not_revealed(state, "stowaway", "Ending B at the launch", "the rulebook does not "
                         "say how Ending B ends without the card shown: the table decides")]


def _unshown_readings(m: LaunchMoment) -> EndingDecision:
    """Ending B with the card unshown: no reading in the text, so both outcomes are offered."""
    why = (f"Self-Destruct is on {m.self_destruct}, at or past 9, and every surviving "
           "character is aboard (rulebook, Endings); the Stowaway card was not shown")
    return EndingDecision((
        EndingReading(Ending.B, Outcome.CREW_WINS, "the card unshown counts as no correct guess",
                      why, ("the crew wins (rulebook, Endings)",)),
        EndingReading(Ending.B, Outcome.SHOWDOWN, "the table accepts the lifeform's guess", why,
                      ("the Stowaway card leaves the game unshown (the 1-2 Minute card, if it "
                       "was that, is not kept: nobody can show it)",
                       "go to the Showdown (rulebook p. 38, Showdown Stage)")),
    ), contradiction="the Stowaway card cannot be revealed")


def _reading_dict(r: EndingReading) -> dict[str, Any]:
    check = r.stowaway
    return {"ending": str(r.ending), "outcome": str(r.outcome), "label": r.label, "why": r.why,
            "steps": list(r.steps),
            "stowaway_correct": None if check is None else check.correct,
            "card_kept": bool(check and check.card_kept)}


def _decide(state: State, decision: EndingDecision) -> list[Note]:
    ending = facts_of(state)["ending"]
    ending["readings"] = [_reading_dict(r) for r in decision.readings]
    ending["contradiction"] = decision.contradiction
    if decision.decided is None:
        facts_of(state)["status"] = ("launched: the table chooses a reading "
                                     f"({decision.contradiction})")
        lines = [f"reading '{r.label}': Ending {r.ending}, {r.outcome} ({r.why})"
                 for r in decision.readings]
        return [Note(f"The texts disagree here ({decision.contradiction}): " + "; ".join(
            lines) + ". Choose with 'Choose the ending reading'", "endings")]
    return apply_reading(state, 0)


def reading_labels(state: State) -> list[str]:
    ending = facts_of(state).get("ending") or {}
    return [r["label"] for r in ending.get("readings", [])]


def apply_reading(state: State, index: int) -> list[Note]:
    """Carry out one reading: who won, or the Showdown begins (spec §9)."""
    ending = facts_of(state)["ending"]
    r = ending["readings"][index]
    ending["chosen"] = index
    # The report's moment: a win is the engine's own "The end"; a Showdown says it begins.
    notes = [Note(f"Ending {r['ending']} ({r['why']})", "endings")]
    notes += [Note(step, "endings") for step in r["steps"]
              if not step.startswith("the lifeform reveals its Stowaway card")]  # said at launch
    if r["ending"] == "B" and ending["moment"]["stowaway_token"]:
        facts_of(state)["stowaway_token"] = False  # removed after Ending B whatever the result
    if r["outcome"] == Outcome.CREW_WINS:
        finish(state, "crew", f"the crew won (Ending {r['ending']})", f"Ending {r['ending']}")
    elif r["outcome"] == Outcome.SHOWDOWN:
        from trackers.games.lifeform.showdown import begin_showdown

        notes += begin_showdown(state, r["ending"], bool(r["card_kept"]))
    else:
        facts_of(state)["status"] = f"launched: Ending {r['ending']} undecided"
        notes.append(Note("the Stowaway card's range is not entered yet (it is printed on the "
                          "card): "
                          "enter it, then 'Choose the ending reading' to settle", "stowaway"))
    return notes


def choose_reading(state: State, label: str | None, profile: Board) -> list[Note]:
    """The table's choice between readings (C9), or a re-check once a range is entered (G10)."""
    ending = facts_of(state).get("ending")
    if ending is None or facts_of(state)["stage"] != "launched":
        raise ActionError("there is no ending waiting for the table's choice", "reading")
    readings = ending["readings"]
    if len(readings) == 1 and readings[0]["outcome"] == Outcome.UNKNOWN:
        moment = dict(ending["moment"])
        card = moment.pop("stowaway_card")
        decision = decide_ending(LaunchMoment(
            **moment, stowaway_card=None if card is None else StowawayCard(card)), profile)
        if decision.decided is not None and decision.decided.outcome is Outcome.UNKNOWN:
            raise ActionError("reading: the Stowaway card's range is still not entered (it is "
                              "printed on the card)", "reading")
        return _decide(state, decision)
    labels = [r["label"] for r in readings]
    if label not in labels:
        raise ActionError(f"reading: give one of {', '.join(labels)}", "reading")
    return apply_reading(state, labels.index(label))


def declare_lifeform_win(state: State, reason: str) -> list[Note]:
    """Manual end (spec §3.1): every surviving character is aboard and the launch criteria can no
    longer be met, or another win the app cannot see."""
    finish(state, "lifeform", f"the lifeform won: {reason}", "Lifeform win declared")
    return [Note(f"The lifeform wins: {reason} (rulebook, Gameplay Overview)", "endings")]
