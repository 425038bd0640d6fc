"""What the Lifeform screen shows (spec lifeform §4-§11): the panels (board values still
unset, the lifeform's side, the crew, the Loadout, launch readiness, the ending, the
Showdown) and the checklist (the setup steps, then the round's phases)."""

from __future__ import annotations

from trackers.engine import Panel, State
from trackers.games.lifeform import (
    asteroid_mirror,
    asteroids,
    characters,
    crew_share,
    decks,
    hibernation,
    hunt_order,
    loadout,
    moves,
    showdown,
    supplies,
    turns,
    upkeep,
)
from trackers.games.lifeform.board import BOARD_VALUES, Board, board_of, warnings
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.rounds import PHASE_STEPS, PHASES, pending
from trackers.games.lifeform.setup import auto_done, steps
from trackers.games.lifeform.words import count
from trackers.pieces import Secret


def profile_panel(state: State) -> Panel:
    """One line for the printed values not entered (spec §13): a newcomer without the board
    to hand is asked for each when a rule first needs it, where to look included, so the
    panel does not list them; the Board profile screen takes them all at once."""
    unset = [v.key for v in BOARD_VALUES if v.key not in state.board]
    lines = [f"{len(unset)} printed value{'s' if len(unset) != 1 else ''} not entered: each is "
             "asked when a rule needs it (or enter them now in the Board profile)"] if unset \
        else ["every printed value is entered"]
    lines += [f"check: {w}" for w in warnings(state.board)]
    return Panel("Board profile", tuple(lines), "setup")



def lifeform_panel(state: State, profile: Board) -> Panel:
    f = facts_of(state)
    lifeform = f["lifeform"]
    real = state.piece("real_lifeform", Secret)
    limit = decks.hand_limit(state, lifeform, profile)
    crew = ", ".join(f"{m} {decks.hand_size(state, m)}" for m in f["crew"])
    lines = [  # the hands first, short enough to stay in view at 80x24 without scrolling
        f"{lifeform}: {count(decks.hand_size(state, lifeform), 'Lifeform card')} (MAX HAND "
        f"{'unset' if limit is None else limit})",
        f"crew hands (limit {decks.CREW_HAND_LIMIT}): {crew}",
        f"Vent tokens held by the lifeform: {moves.vents_held(state)}",
        f"images on the Valley Forge: {', '.join(f['images']['on_board'])}; identifier: "
        f"{real.public_value()}",
        f"Stowaway card: {state.piece('stowaway', Secret).public_value()}; +/- Stowaway token: "
        f"{'held' if f['stowaway_token'] else 'not held'}",
        "android: " + ("destroyed" if f["android"]["destroyed"] else "active" if
                       f["android"]["active"] else "not active yet")
        + ("; Pathway Deviation used" if f["android"]["deviation_used"] else ""),
    ]
    if moves.remora_open(state):
        lines.append("the Remora is open to characters (Self-Destruct reached 20)")
    if moves.late_launch(state):
        lines.append("late launch: characters may be left behind (Self-Destruct reached 9)")
    lines += upkeep.android_lines(state)
    lines += supplies.lines(state)
    lines += [f"to do: {p}" for p in pending(state)]
    return Panel("Lifeform", tuple(lines), "reality_calibration")


def ending_panel(state: State) -> Panel | None:
    ending = facts_of(state).get("ending")
    if not ending:
        return None
    lines = []
    for i, r in enumerate(ending["readings"]):
        chosen = " (applied)" if ending["chosen"] == i else ""
        lines.append(f"{r['label']}: Ending {r['ending']}, {r['outcome']}{chosen}")
        lines.append(f"  why: {r['why']}")
    return Panel("Ending", tuple(lines), "endings")


def showdown_panel(state: State) -> Panel | None:
    show = facts_of(state).get("showdown")
    if not show:
        return None
    alive = showdown.surviving_crew(state)
    lines = [f"crew pool: Remora token {'yes' if show['remora'] else 'no'}, Halon Gas Blast "
             f"{show['halon']}",
             f"lifeform: {count(decks.hand_size(state, facts_of(state)['lifeform']), 'card')}, "
             f"{count(show['hostility_tokens'], 'Hostility token')}"
             + ("; holds the 1-2 Minute card" if show["stowaway_card"] else ""),
             f"surviving crew members: {', '.join(alive) or 'none'}; fights so far "
             f"{show['fights']}"]
    if show["eliminated"]:
        lines.append(f"eliminated: {', '.join(show['eliminated'])}")
    hunt = facts_of(state).get("hunt")
    if hunt and not hunt.get("skipped"):
        nxt = (hunt_order.next_action(state) or "none (the hunt is over)").replace("_", " ")
        marked = ", ".join(hunt["revealed_empty"])
        lines.append(f"module D: bet on {hunt['bet']}; searched "
                     f"{', '.join(hunt['searched']) or 'nothing'}"
                     + (f"; marked empty by the lifeform: {marked}" if marked else "")
                     + f"; next action: {nxt}")
    if show.get("combat_tokens") or show.get("reward"):
        lines.append(f"combat tokens from the hunt: {show.get('combat_tokens', 0)}")
    return Panel("Showdown", tuple(lines), "showdown")


def panels(state: State) -> list[Panel]:
    """Every panel, in screen order."""
    profile = board_of(state.board)
    out = [profile_panel(state), lifeform_panel(state, profile), characters.panel(state),
           loadout.loadout_panel(state, profile), loadout.readiness_panel(state, profile)]
    lines = asteroids.panel_lines(state) + asteroid_mirror.panel_lines(state)
    if lines:
        out.append(Panel("Asteroids (module B)", tuple(lines), "module_b"))
    for extra in (turn_panel(state), ending_panel(state), showdown_panel(state)):
        if extra is not None:
            out.append(extra)
    if facts_of(state)["stage"] == "showdown":
        out.append(hibernation.hibernation_panel(state, profile))
    return out


def turn_panel(state: State) -> Panel | None:
    lines = turns.panel_lines(state)
    return Panel("Turn", tuple(lines), "round") if lines else None


def checklist(state: State) -> list[tuple[str, bool]]:
    """The setup steps to tick (spec §2.2); once all are done, the round's phases (§3.2)."""
    if facts_of(state)["stage"] == "setup":
        ticked = facts_of(state)["setup_ticked"]
        return [(f"{sid}. {text}", sid in ticked or auto_done(state, sid))
                for sid, text in steps(state)]
    return phase_checklist(state)


def phase_checklist(state: State) -> list[tuple[str, bool]]:
    f = facts_of(state)
    items = [(text, False) for text in pending(state)]
    if f["stage"] == "starship":
        i = PHASES.index(f["phase"])
        items += [(f"Round {f['round']} - {PHASE_STEPS[p]}", n < i)
                  for n, p in enumerate(PHASES)]
    elif f["stage"] == "launched":
        items.append(("The Remora launched: settle the ending ('Choose the ending reading') "
                      "(rulebook p. 36, Endings)", False))
    elif f["stage"] == "showdown":
        items += showdown.showdown_checklist(state)
        if crew_share.left(state):  # the hibernation's step 1, right after the hibernation
            at = next(n for n, (text, _) in enumerate(items) if text.startswith("Hibernation"))
            items.insert(at + 1, (f"Hibernation step 1: share {crew_share.left(state)} of the "
                                  "crew's draw ('Draw cards') (rulebook p. 38, Showdown Stage)",
                                  False))
    else:
        items.append((f"Game over: {f['status']}", True))
    return items
