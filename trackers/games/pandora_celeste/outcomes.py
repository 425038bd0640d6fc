"""How the game ends and what each player's crewmember comes out as (spec pandora-celeste
§10; rulebook «Surviving's Just a Way of Keeping Score», «Killing's Just a Way of Keeping
Score»; T38, T39)."""

from __future__ import annotations

from typing import Any

from trackers.engine import ActionError, Note, State
from trackers.engine.game import EndRecord
from trackers.games.pandora_celeste import crew, escape, protocols
from trackers.games.pandora_celeste.facts import facts_of
from trackers.games.pandora_celeste.setup import is_true_solo
from trackers.pieces import Counter, Secret

SURVIVOR, WINNER, FIRED, LOSER = "survivor", "winner", "fired", "loser"
POD_CHOICES = ("end now", "play on")
PN_EVENTS = ("killed a crewmember", "lost a Little Nasty", "lost a Big Nasty")


def company(state: State, name: str) -> bool:
    """Whether the revealed Agenda type says Company (unrevealed: not known, so no)."""
    secret = state.pieces.get(f"{crew.slug(name)}_company")
    return (isinstance(secret, Secret) and secret.revealed
            and secret.value == "Company Agenda")


# What makes a Fulfilled Agenda fail, as the Agenda card says («Hidden Agendas», p.26).
FAILS_IF = ("nothing the app can check", "a Company Agenda fulfilled in the same craft")


def failed(state: State, name: str) -> str:
    """Why ``name``'s Fulfilled Agenda fails after all ('' when it holds)."""
    entry = facts_of(state)["crew"][name]
    if entry.get("failed"):
        return str(entry["failed"])
    if entry.get("fails_if") != FAILS_IF[1]:
        return ""
    for data in escape.vehicles(state).values():
        if name in data["crew"]:
            others = [n for n in data["crew"] if n != name
                      and facts_of(state)["crew"][n]["fulfilled"] and company(state, n)]
            if others:
                return f"{others[0]} fulfilled a Company Agenda in the same craft"
    return ""


def outcome(state: State, name: str, pod_winner: str | None) -> str:
    """One crewmember's outcome (rulebook «Surviving's Just a Way of Keeping Score»)."""
    entry = facts_of(state)["crew"][name]
    if name == pod_winner:
        return WINNER
    fulfilled = entry["fulfilled"] and not failed(state, name)
    if escape.escaped(state, name):
        if fulfilled:
            return WINNER
        if company(state, name):
            return FIRED
        return SURVIVOR
    if entry["status"] == "alive":
        return LOSER  # left on the Ship, or in a vehicle that never Decoupled
    if fulfilled and not entry["survival_needed"]:
        dead = sum(1 for c in facts_of(state)["crew"].values() if c["status"] != "alive")
        if dead * 2 < len(facts_of(state)["crew"]):
            return WINNER  # e.g. The Guardian Angel, the Nasties killed fewer than half
    return LOSER


def _holder(state: State, name: str) -> str:
    return facts_of(state)["crew"][name]["player"] or name


def scores(state: State) -> dict[str, int]:
    """Biggest Badass: +1 a kill, -1 a lost Little Nasty, -2 a lost Big one (spec §10.4)."""
    return {who: t["kills"] - t["little"] - 2 * t["big"]
            for who, t in facts_of(state)["player_nasties"].items()}


def end(state: State) -> EndRecord | None:
    lost = protocols.gone_off(state)
    facts = facts_of(state)
    if lost:
        names = ", ".join(lost)
        return EndRecord(f"{names} went off", f"the {names} Protocol reached 0: the game is "
                         "lost", outcomes={_holder(state, n): LOSER for n in facts["crew"]},
                         scores=scores(state))
    everyone_gone = all(c["status"] != "alive" or escape.escaped(state, n)
                        for n, c in facts["crew"].items())
    if facts["ended"] is None and not everyone_gone:
        return None
    if facts["showdown"] is not None:
        return None
    ending = facts["ended"] or "every crewmember is dead or escaped"
    results = {n: outcome(state, n, facts["pod_winner"]) for n in facts["crew"]}
    outcomes = {_holder(state, n): r for n, r in results.items()}
    winners = tuple(_holder(state, n) for n, r in results.items() if r == WINNER)
    summary = "; ".join(f"{n}: {r}" for n, r in results.items())
    failures = [f"{n}'s Agenda failed ({why})" for n in facts["crew"]
                if facts["crew"][n]["fulfilled"] and (why := failed(state, n))]
    if failures:
        summary += "; " + "; ".join(failures)
    hidden = hidden_agendas(state)
    if hidden:
        summary = f"provisional until every Agenda is revealed: {summary}"
    still = f"{', '.join(hidden)} still to reveal their Agenda" if hidden else ""
    return EndRecord(ending, summary, winners=winners, sides=("crew",) if winners else (),
                     outcomes=outcomes, scores=scores(state), provisional=still)


def hidden_agendas(state: State) -> list[str]:
    """The crew whose Hidden Agenda or Agenda type is still sealed: the outcomes wait on them
    («Surviving's Just a Way of Keeping Score»: the survivors reveal their Agendas)."""
    return [n for n in facts_of(state)["crew"]
            if any(isinstance(p := state.pieces.get(f"{crew.slug(n)}_{k}"), Secret)
                   and not p.revealed for k in ("agenda", "company"))]


def end_lines(state: State, record: EndRecord) -> list[str]:
    out = [f"Game over: {record.ending}"]
    hidden = hidden_agendas(state)
    if hidden:
        out.append(f"PROVISIONAL: {', '.join(hidden)} still to reveal their Agenda ('Reveal a "
                   "secret'); the outcomes below may change")
    for name in facts_of(state)["crew"]:
        word = record.outcomes.get(_holder(state, name), "?").upper()
        out.append(f"{name}: {word}" + (" (provisional)" if hidden else ""))
        why = failed(state, name) if facts_of(state)["crew"][name]["fulfilled"] else ""
        if why:
            out.append(f"  {name}'s Agenda failed: {why}")
    for who, points in record.scores.items():
        out.append(f"Player-Nasty {who}: {points} point{'' if abs(points) == 1 else 's'}")
    if is_true_solo(state):
        out.append("True Solo: a win only by Fulfilling your Agenda")
    return out


def fulfil(state: State, name: str, survival_needed: bool,
           fails_if: str | None = None) -> list[Note | str]:
    """A crewmember declares their Agenda Fulfilled to the table (spec §9.1)."""
    entry = crew.record(state, name)
    if entry["fulfilled"]:
        raise ActionError(f"crew: {name} has Fulfilled their Agenda already", "crew")
    entry["fulfilled"] = True
    entry["survival_needed"] = survival_needed
    entry["fails_if"] = fails_if or FAILS_IF[0]
    check = (" The app checks at the end whether it fails (a Company Agenda Fulfilled in the "
             "same craft, once the Agenda types are revealed)" if fails_if == FAILS_IF[1]
             else "")
    return [Note(f"{name} has Fulfilled their Agenda: most Agendas now give Decouple Codes "
                 "(leave without the others, but only after Abandon Ship)." + check, "agendas")]


def fail(state: State, name: str, why: str) -> list[Note | str]:
    """The Agenda card's own failure condition came true (one the app cannot see)."""
    entry = crew.record(state, name)
    entry["failed"] = why.strip() or "its card's failure condition"
    return [Note(f"{name}'s Agenda fails: {entry['failed']}", "agendas",
                 key_moment=f"{name}'s Agenda failed")]


def stack_empty(state: State) -> bool:
    """No Big Nasty card is left on the stack (the Widget or the overrides spawned them)."""
    return state.piece("big_nasties", Counter).value <= 0


def check_pod_choice(state: State, args: dict[str, Any]) -> None:
    """Playing on with the Big Nasty stack empty, the table says what the escapee does (the
    rulebook has them take its top card and says nothing of an empty stack); only then."""
    instead = (args.get("instead") or "").strip()
    if args.get("choice") == "play on" and stack_empty(state) and not instead:
        raise ActionError("instead: the Big Nasty stack is empty, so there is no top card for "
                          "the escapee to take, and the rulebook does not say what they do then "
                          "(«The Escape Pod»): give what the table decides", "instead")
    if instead and (args.get("choice") != "play on" or not stack_empty(state)):
        raise ActionError("instead: only when the table plays on with the Big Nasty stack "
                          "empty; leave it blank", "instead")


def pod_choice(state: State, choice: str, instead: str | None = None) -> list[Note | str]:
    """After the Escape Pod ejects: end now or play on (spec §9.5). With the Big Nasty stack
    empty the rulebook is silent: ``instead`` is what the table decided."""
    pod = escape.vehicles(state)["Escape Pod"]
    if not pod["decoupled"] or not pod["crew"]:
        raise ActionError("choice: the Escape Pod has not ejected with anyone aboard", "choice")
    escapee = pod["crew"][0]
    facts_of(state)["pod_choice"] = choice
    if choice == "end now":
        facts_of(state)["pod_winner"] = escapee
        facts_of(state)["ended"] = "the Escape Pod ejected"
        return [Note(f"The table stops: {escapee} wins", "outcomes")]
    facts_of(state)["player_nasties"].setdefault(_holder(state, escapee),
                                             {"kills": 0, "little": 0, "big": 0})
    if stack_empty(state):  # the rulebook gives no top card to take: the table's call
        decided = (f"the table decided: {instead.strip()}" if instead and instead.strip()
                   else "the table decides what they do")
        return [Note(f"Play on: the Big Nasty stack is empty, so {escapee} has no Big Nasty "
                     "card to take; the rulebook does not say what happens then («The Escape "
                     f"Pod»): {decided}", "outcomes")]
    return [Note(f"Play on: {escapee} takes the top Big Nasty card, spawns it in the ShipStern "
                 "and plays it as a Player-Nasty ('Reveal a Nasty')", "outcomes")]


def player_nasty(state: State, args: dict[str, Any]) -> list[Note | str]:
    """A Player-Nasty's tally for the Biggest Badass score (spec §5.9, §10.4)."""
    name = args["crew"]
    entry = crew.record(state, name)
    if entry["status"] == "alive" and not escape.escaped(state, name):
        raise ActionError(f"crew: {name} is alive on the Ship; only a dead or escaped "
                          "crewmember's player runs Nasties", "crew")
    tally = facts_of(state)["player_nasties"].setdefault(_holder(state, name),
                                                     {"kills": 0, "little": 0, "big": 0})
    key = {"killed a crewmember": "kills", "lost a Little Nasty": "little",
           "lost a Big Nasty": "big"}[args["event"]]
    tally[key] += 1
    points = scores(state)[_holder(state, name)]
    return [Note(f"Player-Nasty {_holder(state, name)}: {args['event']}; score {points}",
                 "outcomes")]


def take_nasty(state: State, args: dict[str, Any], played: bool = False) -> list[Note | str]:
    """A dead crewmember's player takes over a Nasty: its card goes on their mat and it no
    longer acts in the Nasty Action Round (spec §5.9). A Little Nasty comes with every other
    of its colour (a record made before that rule, ``played`` false, took the one)."""
    from trackers.games.pandora_celeste import nasties

    name = args["crew"]
    entry = crew.record(state, name)
    if entry["status"] == "alive" and not escape.escaped(state, name):
        raise ActionError(f"crew: {name} is alive on the Ship; only a dead or escaped "
                          "crewmember's player runs Nasties", "crew")
    nasty = nasties.find(state, args["nasty"])
    if nasty["player"]:
        raise ActionError(f"nasty: {nasties.label(nasty)} is run by {nasty['player']} already",
                          "nasty")
    holder = _holder(state, name)
    taken = [nasty]
    if played and nasties.kind_of(state, nasty).kind == "Little":  # the whole colour
        taken = [n for n in nasties.area(state) if n["name"] == nasty["name"]
                 and not n["player"]]
    for each in taken:
        each["player"] = holder
    facts_of(state)["player_nasties"].setdefault(holder, {"kills": 0, "little": 0, "big": 0})
    which = ", ".join(nasties.label(n) for n in taken)
    return [Note(f"{holder} runs {which} as a Player-Nasty: the card on their mat; it plays "
                 "on their turns with their own deck, not in the Nasty Action Round",
                 "outcomes")]
