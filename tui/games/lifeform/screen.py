"""The Lifeform session screen: the shared layout plus a stage banner and the Loadout bars.

At 80x24 the Now panel shows only the last notes; the game's panels sit below its fold. So two
things stay on screen: a banner (the stage, the round and phase, the Self-Destruct minute, how
many launch criteria are not met, what the table still owes the game, and at the end who won),
and the Shuttle Loadout as five small bars with the minimum bars marked (spec lifeform §5).
Every figure comes from trackers.games.lifeform; this module only lays it out.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from tableside.api import OpenSession
from trackers.engine import Action, ActionError, State
from trackers.games.lifeform import decks, loadout, must_do, solo, solo_view, turns
from trackers.games.lifeform.board import COLUMNS, Board, board_of
from trackers.games.lifeform.hibernation import halon_gas_blast_tokens
from trackers.games.lifeform.launch import Status
from trackers.games.lifeform.rounds import pending
from trackers.games.lifeform.setup import open_steps
from trackers.games.lifeform.view import checklist
from trackers.pieces import Track
from tui.games.lifeform.loadout import LoadoutBars, LoadoutRow
from tui.screens.session import SessionScreen
from tui.widgets.in_place import update_in_place
from tui.widgets.session_view import SessionView

PHASES = {"crew": "Crew Activity", "android": "Android", "lifeform": "Lifeform Activity"}
SHORT = {"improvised_weaponry": "Weaponry", "coolant": "Coolant", "energy_cells": "Energy",
         "halon_gas": "Halon Gas", "spacesuits": "Spacesuits"}
MINIMUM_KEYS = {"improvised_weaponry": "improvised_weaponry.minimum",
                "coolant": "coolant.minimum", "energy_cells": "energy_cells.minimum"}
WIDTH = 78


class LifeformBanner(SessionView, Static):
    """One or two lines above the trackers; the words carry the meaning, not the colour."""

    DEFAULT_CSS = """
    LifeformBanner {
        height: auto;
        padding: 0 1;
        text-style: bold;
        background: $boost;
    }
    """

    def show_session(self, play: OpenSession) -> None:
        update_in_place(self, "\n".join(banner_lines(play.state)))


class LifeformLoadout(SessionView, LoadoutBars):
    """The Shuttle Loadout bars, redrawn with the session."""

    def show_session(self, play: OpenSession) -> None:
        # The Dragon's Domain solo game keeps no Shuttle Loadout in the app.
        self.display = not solo.is_solo(play.state)
        self.show([] if solo.is_solo(play.state) else loadout_rows(play.state))


def with_keys(text: str, actions: list[Action]) -> str:
    """Each quoted action title followed by its key, or by the palette when it has none."""
    for action in actions:
        quoted = f"'{action.title}'"
        if quoted in text:
            where = f"key {action.key}" if action.key else "ctrl+p"
            text = text.replace(quoted, f"{quoted} ({where})")
    return text


def _profile(state: State) -> Board:
    return board_of(state.board)


def launch_summary(state: State, profile: Board) -> str:
    """'N criteria not met', what else holds it now (as its refusal says), 'N unknown' or
    'ready, ask the crew' (spec §5.3): all crew members must agree, which only the table
    knows."""
    criteria = [c for c in loadout.readiness(state, profile).criteria if c.key != "crew_agree"]
    not_met = sum(c.status is Status.NOT_MET for c in criteria)
    unknown = sum(c.status is Status.UNKNOWN for c in criteria)
    if not_met:
        return f"{not_met} criteria not met" if not_met > 1 else "1 criterion not met"
    waits = must_do.launch_waits(state)
    if waits:
        return waits
    if unknown:
        return f"{unknown} unknown (board values unset)"
    return "ready, ask the crew"


def banner_lines(state: State) -> list[str]:
    """The stage line, then the first thing the table still owes the game (if any)."""
    if solo.is_solo(state):
        return [_fit(line) for line in solo_view.banner_lines(state)]
    f = state.facts
    sd = state.piece("self_destruct", Track).position
    stage, status = f["stage"], str(f["status"])
    if stage == "setup":
        left = len(open_steps(state))
        by_hand = [step for step in open_steps(state) if step not in ("8", "17")]
        hint = " (n: the next one)" if by_hand else ""  # 8 and 17 tick themselves
        first = (f"SETUP: {left} {'step' if left == 1 else 'steps'} left{hint} | "
                 f"Self-Destruct {sd}")
    elif stage == "starship":
        member = turns.current(state)  # in the Crew Activity phase, whose turn it is
        phase = f"{member}'s turn" if member else PHASES.get(f["phase"], f["phase"])
        first = (f"Round {f['round']}, {phase} | Self-Destruct {sd} | Launch: "
                 f"{launch_summary(state, _profile(state))}")
    elif stage == "launched":  # the status reads "launched: ..." (launch_flow)
        first = f"LAUNCHED: {status.removeprefix('launched: ')}"
    elif stage == "showdown":  # the status reads "Showdown (after Ending B)" (showdown_flow)
        first = f"SHOWDOWN {status.removeprefix('Showdown ')}"
    else:
        first = f"GAME OVER: {status}"
    lines = [first, *hands_lines(state)]
    todo = pending(state) if stage in ("setup", "starship") else []
    if todo:
        more = f" (+{len(todo) - 1} more)" if len(todo) > 1 else ""
        lines.append(f"To do: {todo[0]}{more}")
    elif stage == "starship" and turns.current(state):
        # the key that ends the turn: not in the 80x24 footer, a new table looked for it
        lines.append(f"Next: {turns.current(state)}'s activity, then w ends the turn")
    elif stage in ("setup", "launched", "showdown"):  # the checklist's next step
        steps = [step for step, done in checklist(state) if not done]
        if steps:
            lines.append(f"Next: {steps[0]}")
    return [_fit(line) for line in lines]


def hands_lines(state: State) -> list[str]:
    """Every hand against its limit, always in view: the limit is checked as cards arrive.
    Long names go on to a second line rather than being cut."""
    lifeform = state.facts["lifeform"]
    limit = decks.hand_limit(state, lifeform, _profile(state))
    held = [f"{lifeform} (lifeform) {decks.hand_size(state, lifeform)}/"
            f"{'?' if limit is None else limit}"]
    held += [f"{m} {decks.hand_size(state, m)}/{decks.CREW_HAND_LIMIT}"
             for m in state.facts["crew"]]
    lines = ["Hands: " + held[0]]
    for hand in held[1:]:
        if len(lines[-1]) + 3 + len(hand) <= WIDTH:
            lines[-1] += " | " + hand
        else:
            lines.append("       " + hand)  # under the first hand
    return lines


def _fit(line: str) -> str:
    return line if len(line) <= WIDTH else line[:WIDTH - 3] + "..."


def loadout_rows(state: State) -> list[LoadoutRow]:
    """The five columns with their minimum bars (spec §5.2, §5.3) and bonus spaces (§5.1)."""
    profile = _profile(state)
    counts = state.facts["loadout"]
    check = loadout.readiness(state, profile)
    aboard = loadout.launch_state(state).characters_aboard
    rows = []
    for column in COLUMNS:
        count, length = counts[column], loadout.length(profile, column)
        bonus = tuple(s for s in range(1, (length or 0) + 1)
                      if loadout.bonuses(profile, column, s))
        minimum: int | None = None
        groups: tuple[int, ...] = ()
        if column == "halon_gas":  # compartments 2/3/4; a Blast token per full one (§5.2)
            groups = profile.numbers("halon_gas.compartments") or ()
            blasts = halon_gas_blast_tokens(loadout.counts(state), state.facts["players"],
                                            profile).value
            show = state.facts.get("showdown") or {}
            if show.get("hibernated"):  # in the crew pool now: spent ones (a search, a cancel) gone
                blasts = int(show["halon"])
            status = "" if blasts is None else f"{blasts} blast{'' if blasts == 1 else 's'}"
        else:
            minimum = _minimum(state, profile, column, aboard)
            status = _verdict(check.criterion(column).status, count, minimum)
        rows.append(LoadoutRow(SHORT[column], count, length, minimum, bonus, groups, status))
    return rows


def _minimum(state: State, profile: Board, column: str, aboard: int) -> int | None:
    """Spaces that must be covered: the printed Minimum bar; in a 2-player game Coolant is
    filled below the Overheating token (§4.3); Spacesuits one per character aboard (§5.3)."""
    if column == "spacesuits":
        return aboard or None
    if column == "coolant" and state.facts["players"] == 2:
        start = profile.number("coolant.overheating_2p_space")
        return None if start is None else start + state.facts["overheating_moves"] - 1
    return profile.number(MINIMUM_KEYS[column])


def _verdict(status: Status, count: int, minimum: int | None) -> str:
    if status is Status.MET:
        return "ok"
    if status is Status.UNKNOWN or minimum is None:
        return "min unset"
    return f"need {minimum - count}"


class LifeformScreen(SessionScreen):
    """SessionScreen with the Lifeform banner and the Loadout bars under the trackers."""

    DEFAULT_CSS = """
    LifeformScreen #left {
        min-width: 38;  /* the Loadout bars' width */
    }
    LifeformScreen #left > .section-title {
        display: none;
    }
    """

    # Out of the footer unless something due has no key of its own (then shown, marked);
    # always pressable: with nothing due it says so.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("exclamation_mark", "settle", "Due", id="lifeform.settle", show=False,
                tooltip="Do what the rules say is due now (the key the footer marks)"),
    ]

    def compose_banner(self) -> ComposeResult:
        yield LifeformBanner("", id="lf-banner", markup=False)

    def due_bindings(self) -> list[str]:
        """The footer marks the keys of what is due: an action's own key, else '!'."""
        keys = {a.name: a.key for a in self.play.session.actions()}
        return [f"run('{name}')" if keys.get(name) else "settle"
                for name in must_do.due_actions(self.play.state)]

    async def action_settle(self) -> None:
        """Open the form of the first thing due that has no key of its own, else of the first
        thing due; what is done one of several ways (the lifeform's one activity, an attack's
        reactions and kills) is named with their keys; with nothing due, say so."""
        actions = self.play.session.actions()
        keys = {a.name: a.key for a in actions}
        due = must_do.due_actions(self.play.state)
        first = next((n for n in due if not keys.get(n)), due[0] if due else None)
        if first is None:
            then = ("; the setup goes on with 'Tick the next setup step'"
                    if self.play.available("tick_next_step") else "")
            self.notify(with_keys(f"Nothing is due now: no step the rules require is "
                                  f"waiting{then}.", actions), markup=False)
        elif said := must_do.several_ways(self.play.state,
                                          {a.name: (a.title, a.key) for a in actions}, first):
            self.notify(f"Due now: {with_keys(said, actions)}.", markup=False)
        else:
            await self.action_run(first)

    async def action_run(self, name: str) -> None:
        """A refusal names what is due by the action's quoted title (the CLI reads it so);
        on this screen each such title gets the key that does it, or the palette."""
        if not self.offerable(name):
            try:
                action = self.play.action(name)
            except ActionError:
                action = None
            reason = self.play.session.blocked(name) if action else None
            if action is not None and reason:
                own = f" ({action.key})" if action.key else ""
                self.notify(f"{action.title}{own} is not possible now: "
                            f"{with_keys(reason, self.play.session.actions())}.",
                            severity="warning", markup=False)
                return
        await super().action_run(name)

    def compose_beside_tracks(self) -> ComposeResult:
        yield LifeformLoadout(id="lf-loadout")
