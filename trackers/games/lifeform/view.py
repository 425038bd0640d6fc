"""The text panels of the Lifeform screen (spec lifeform §4-§11): what is unset on the board
profile, the lifeform's side, the launch readiness, the Loadout, the crew, and the Showdown."""

from __future__ import annotations

from trackers.engine import ActionError, Panel, State
from trackers.games.lifeform import asteroids, characters, decks, loadout, moves, showdown_flow
from trackers.games.lifeform.board_profile import BoardProfile, entry
from trackers.games.lifeform.profile_values import BOARD_VALUES, profile_of
from trackers.games.lifeform.rounds import pending
from trackers.games.lifeform.tracks import cocoon_key
from trackers.pieces import Secret

ESSENTIAL = ("self_destruct.minutes", "hostility.start_{n}p", "hostility.length",
             "{cocoon}.max_hand", "{cocoon}.evolution", "improvised_weaponry.minimum",
             "coolant.minimum", "energy_cells.minimum", "stowaway.second_card_minutes",
             "stowaway.third_card_minutes")


def profile_panel(state: State) -> Panel:
    """The printed values still unset, the ones this game needs first (spec §13)."""
    n = state.facts["players"]
    keys = [k.format(n=n, cocoon=cocoon_key(n)) for k in ESSENTIAL]
    if n == 2:
        keys[keys.index("coolant.minimum")] = "coolant.overheating_2p_space"
    unset = [v.key for v in BOARD_VALUES if v.key not in state.board]
    lines = [f"{len(unset)} printed value(s) unset: enter them from your board ('Enter a board "
             "value'); the app never guesses them (spec §13)"] if unset else [
        "every printed value is entered"]
    lines += [f"unset: {entry(k).label} [{entry(k).gap}] - look at {entry(k).rulebook}"
              for k in keys if k in unset]
    return Panel("Board profile", tuple(lines), "setup")


def lifeform_panel(state: State, profile: BoardProfile) -> Panel:
    f = state.facts
    lifeform = f["lifeform"]
    real = state.piece("real_lifeform", Secret)
    limit = decks.hand_limit(state, lifeform, profile)
    lines = [
        f"{lifeform}: {decks.hand_size(state, lifeform)} Lifeform card(s), MAX HAND "
        f"{'unset' if limit is None else limit}; Vent tokens {moves.vents_held(state)}",
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
    lines += [f"to do: {p}" for p in pending(state)]
    return Panel("Lifeform", tuple(lines), "reality_calibration")


def ending_panel(state: State) -> Panel | None:
    ending = state.facts.get("ending")
    if not ending:
        return None
    lines = []
    for i, r in enumerate(ending["readings"]):
        chosen = " (applied)" if ending["chosen"] == i else ""
        lines.append(f"{r['label']}: Ending {r['ending']}, {r['outcome']}{chosen}")
        lines.append(f"  why: {r['why']}")
    return Panel("Ending", tuple(lines), "endings")


def showdown_panel(state: State) -> Panel | None:
    show = state.facts.get("showdown")
    if not show:
        return None
    alive = showdown_flow.surviving_crew(state)
    lines = [f"crew pool: Remora token {'yes' if show['remora'] else 'no'}, Halon Gas Blast "
             f"{show['halon']}",
             f"lifeform: {decks.hand_size(state, state.facts['lifeform'])} card(s), "
             f"{show['hostility_tokens']} Hostility token(s)"
             + ("; holds the 1-2 Minute card" if show["stowaway_card"] else ""),
             f"surviving crew members: {', '.join(alive) or 'none'}; fights so far "
             f"{show['fights']}"]
    if show["eliminated"]:
        lines.append(f"eliminated: {', '.join(show['eliminated'])}")
    hunt = state.facts.get("hunt")
    if hunt and not hunt.get("skipped"):
        nxt = hunt["actions"][hunt["step"]] if hunt["step"] < len(hunt["actions"]) else "none"
        lines.append(f"module D: bet on {hunt['bet']}; searched "
                     f"{', '.join(hunt['searched']) or 'nothing'}; next action: {nxt}")
    return Panel("Showdown", tuple(lines), "showdown")


def panels(state: State) -> list[Panel]:
    """Every panel, in screen order."""
    try:
        profile = profile_of(state.board)
    except ActionError:  # the checks refuse such a board on entry; never crash the screen
        profile = BoardProfile()
    out = [profile_panel(state), lifeform_panel(state, profile), characters.panel(state),
           loadout.loadout_panel(state, profile), loadout.readiness_panel(state, profile)]
    lines = asteroids.panel_lines(state)
    if lines:
        out.append(Panel("Asteroids (module B)", tuple(lines), "module_b"))
    for extra in (ending_panel(state), showdown_panel(state)):
        if extra is not None:
            out.append(extra)
    if state.facts["stage"] == "showdown":
        out.append(showdown_flow.hibernation_panel(state, profile))
    return out
