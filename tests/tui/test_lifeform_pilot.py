"""Pilot test of a Lifeform session at 80x24.

One 3-player game on the made-up test board ``BOARD`` to the Showdown, with an Ending C launch:
the moves where keys matter are typed as a player would (an action's key, or ctrl+p and its
title; Selects opened with Enter and moved with the arrows; numbers typed; ctrl+s for OK): the
turn, the attack and its reaction, the Reality Calibration behind the curtain, Lurk, the
launch, the Ending C refill, the hibernation and the fights (all but two that repeat an earlier
fight's keys). The rest (the draft, filling the Loadout, the clock, those two fights) goes
through the API, which is what the keys call.

At each fight the lifeform's hand is checked against a count this test keeps itself, and the
game must be won by the side the rulebook says: the lifeform has no card left while a crew
member survives, so the crew wins. Before its reveal the real image must show nowhere public
(screen, log, export, catalog), and the public view must equal the same game replayed with the
other image chosen (rulebook p. 10, Reality Calibration).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import pytest
from textual.app import App
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, Select

from tableside import private
from tableside.api import OpenSession, Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD
from tests.pilot_keys import burst, choose_focused, palette, resume_first
from tests.tui.screen_text import panel_text, screen_text
from trackers.engine import Session, SessionSetup
from trackers.engine.session import Event
from trackers.games.lifeform import crew_share, decks
from trackers.games.lifeform.game import GAME
from trackers.pieces import PhysicalDeck, Secret
from tui.app import TablesideApp
from tui.games.lifeform.loadout import LoadoutRow, bar
from tui.games.lifeform.screen import LifeformScreen, banner_lines, loadout_rows
from tui.screens.owner_pin import OwnerPinScreen

SIZE = (80, 24)
NAMES = ("Sarah", "Andrew", "Jacob")  # Sarah plays the lifeform
CODE = re.compile(r"\b[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}\b")
Args = dict[str, Any]
LIFE_PIN = "sarah-pin-9"  # Sarah's PIN, set at her first Reality Calibration


# --- playing by keys ------------------------------------------------------------------------
def seen(app: TablesideApp) -> str:
    return screen_text(cast("App[object]", app))


def panel(app: TablesideApp, selector: str) -> str:
    return panel_text(cast("App[object]", app), selector)


def game_screen(app: TablesideApp) -> LifeformScreen:
    assert isinstance(app.screen, LifeformScreen), type(app.screen)
    return app.screen


async def fill_fields(pilot: Pilot[None], names: list[str], args: Args) -> None:
    """The form's fields come in the script's order, then its OK button (Tab's order, read
    from the focus chain without pressing it), and the form opens on the first; each field
    the script gives is set by keys (a list already on the value, a default or the only
    choice, is left as it is); then ctrl+s, the OK button from any field."""
    form = pilot.app.screen
    # a field its rules leave out of this form (Step 2's question once an activity is on
    # record) is not there to fill
    names = [n for n in names if form.query(f"#arg-{n}") or form.query(f"#sole-{n}")]
    # a choice with one possible answer is shown filled in, never asked (the shared rule)
    for name in [n for n in names if form.query(f"#sole-{n}")]:
        if name in args:
            assert form.query_one(f"#arg-{name}", Select).value == args[name], name
        names = [n for n in names if n != name]
    if not names:
        await pilot.press("ctrl+s")
        await pilot.pause()
        return
    chain = form.focus_chain
    fields = [w for w in chain if (w.id or "").startswith("arg-")]
    assert [w.id for w in fields] == [f"arg-{name}" for name in names], (fields, names)
    after = chain[chain.index(fields[-1]) + 1]  # Tab from the last field: the OK button
    assert isinstance(after, Button), after
    first = pilot.app.focused
    assert first is not None and first.id == f"arg-{names[0]}", (first, names)
    for name in names:
        if name not in args:
            continue
        value = args[name]
        widget = form.query_one(f"#arg-{name}")
        if isinstance(widget, Select) and widget.value == value:
            continue
        form.set_focus(widget)
        if isinstance(widget, Select):
            await choose_focused(pilot, str(value))
        elif isinstance(widget, Checkbox):
            if bool(value) != widget.value:
                await pilot.press("space")
        elif isinstance(widget, Input):
            await burst(pilot, *str(value))
        assert str(getattr(widget, "value", None)) == str(value), (name, widget)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def play_step(pilot: Pilot[None], name: str, args: Args,
                    by_palette: bool = True) -> list[str]:
    """One scripted action by keys; returns what the curtain said (for secret actions).

    ``by_palette=False``, for an action without a key whose palette path an earlier step
    took: its form is opened by what the palette's Enter runs, then filled by keys."""
    app = cast(TablesideApp, pilot.app)
    play = game_screen(app).play
    head = play.head
    action = play.session.action(name)
    if action.key:
        await pilot.press(action.key)
        await pilot.pause()
    elif by_palette:
        await palette(pilot, action.title)
    else:
        await game_screen(app).run_action(f"run('{name}')")
        await pilot.pause()
    open_params = [p.name for p in action.params if not p.secret]
    secret_params = [p.name for p in action.params if p.secret]
    curtain: list[str] = []
    if open_params:
        await fill_fields(pilot, open_params, args)
    if isinstance(app.screen, OwnerPinScreen):  # it opens the lifeform's sealed identifier
        assert "PRIVATE: Sarah only" in seen(app) and "Hand the laptop to Sarah" in seen(app)
        await burst(pilot, *LIFE_PIN)
        await pilot.press("enter")
        await pilot.pause()
    if secret_params:
        curtain.append(seen(app))  # the curtain, before the laptop is handed over
        await pilot.press("enter")  # no PIN
        await pilot.pause()
        await fill_fields(pilot, secret_params, args)
        if isinstance(app.screen, OwnerPinScreen):  # a PIN set: choosing again needs it
            assert "PRIVATE: Sarah only" in seen(app)
            await burst(pilot, *LIFE_PIN)
            await pilot.press("enter")
            await pilot.pause()
        curtain.append(seen(app))  # the cleared screen
        await pilot.press("enter")
        await pilot.pause()
    assert not isinstance(app.screen, CommandPalette)
    game_screen(app)  # the form is closed
    assert play.head == head + 1, f"{name} was not recorded: {seen(app)}"
    return curtain


# --- secrets ----------------------------------------------------------------------------------
def public_view(state: Any, notes: list[str], log: list[str]) -> str:
    """Everything the table may see of a state, commitment codes blanked."""
    parts = [json.dumps(state.public_dict(), sort_keys=True), *notes, *log]
    parts += [piece.summary() for piece in state.pieces.values()]
    for p in GAME.panels(state):  # type: ignore[misc]
        parts += [p.title, *p.lines]
    parts += [step for step, _ in GAME.checklist(state)]  # type: ignore[misc]
    parts += banner_lines(state) + [repr(row) for row in loadout_rows(state)]
    return CODE.sub("CODE", "\n".join(parts))


def replayed_with(play: OpenSession, seq: int, args: Args) -> Session:
    """The same game with event ``seq`` given other arguments (the other secret)."""
    events = [Event(e.seq, e.action, e.args | args if e.seq == seq else e.args, e.at,
                    by=e.by) for e in play.session.events[:play.head]]
    return Session(play.game, play.session.setup, play.session.seed, events=events)


def last_event(play: OpenSession, action: str) -> int:
    return max(e.seq for e in play.session.events[:play.head] if e.action == action)


def assert_kept(app: TablesideApp, data: Path, piece_name: str, value: str, action: str,
                param: str, other: str, leaks: list[str]) -> None:
    """``value`` is set, unrevealed, and public nowhere (screen, log, export, catalog)."""
    play = game_screen(app).play
    secret = play.session.state.piece(piece_name, Secret)
    assert secret.value is None and not secret.revealed  # sealed: only the PIN opens it
    assert private.open_secret(play, piece_name, LIFE_PIN, "test")["value"] == value
    assert f"{secret.label}: hidden (code {secret.code})" in panel(app, "#tracks")
    text = seen(app)
    log = [h.text for h in play.history()]
    export = play.export()
    # The export's texts; its state is checked below (the Secret piece lists the public choices).
    exported = "\n".join([json.dumps(export["session"]), *export["notes"],
                          *(h["action"] for h in export["history"])])
    catalog = " ".join(str(v) for info in Tableside(data).sessions()
                       for v in info.__dict__.values())
    for pattern in leaks:
        for where, found in (("screen", text), ("log", "\n".join(log)),
                             ("export", exported), ("catalog", catalog)):
            assert not re.search(pattern, found), f"{value!r} shows in the {where}: {pattern}"
    assert export["state"]["pieces"][piece_name]["value"] is None
    assert export["state"]["pieces"][piece_name]["nonce"] is None
    # The history line says a secret was chosen, in words, and never names it.
    seqs = {e.seq for e in play.session.events[:play.head] if e.action == action}
    lines = [h.text for h in play.history() if h.seq in seqs]
    assert lines and all("secret" in line and "=" not in line for line in lines)
    # The strongest check: the public view would be the same had the other value been chosen.
    other_game = replayed_with(play, last_event(play, action), {param: other})
    assert other_game.state.piece(piece_name, Secret).value == other
    mine = public_view(play.session.state, export["notes"],
                       [h["action"] for h in export["history"]])
    theirs = public_view(other_game.state, [n.text for n in other_game.notes],
                         [h.text for h in other_game.history()])
    assert mine == theirs


def image_kept(app: TablesideApp, data: Path, image: str) -> None:
    other = "Image 2" if image == "Image 1" else "Image 1"
    assert_kept(app, data, "real_lifeform", image, "reality_calibration", "image", other,
                [rf"{image} is the real", rf"[Ii]dentifier\)?: {image}", rf"image={image}\)"])


def card_kept(app: TablesideApp, data: Path, card: str) -> None:
    other = "third" if card == "second" else "second"
    # "second=" is the Record characters field name, public; the card alone is the secret.
    assert_kept(app, data, "stowaway", card, "choose_stowaway", "card", other,
                [rf"\b{card}\b(?!=)"])


# --- the game ---------------------------------------------------------------------------------
def by_api(app: TablesideApp, steps: list[tuple[str, Args]]) -> None:
    """Moves whose keys another test covers: done through the API the keys call."""
    screen = game_screen(app)
    for name, args in steps:
        screen.play.do(name, **({"pin": LIFE_PIN} | args))  # the lifeform's own secrets
    screen.session_changed()


def hand(app: TablesideApp) -> int:
    play = game_screen(app).play
    return play.state.piece("lifeform_deck", PhysicalDeck).hands.get("Sarah", 0)


SETUP: list[tuple[str, Args]] = [
    ("record_characters", {"crew_member": "Andrew", "first": "Solomon", "second": "Palmer"}),
    ("record_characters", {"crew_member": "Jacob", "first": "Cameron", "second": "Bennings"}),
    ("reality_calibration", {"image": "Image 1", "pin": LIFE_PIN}),  # her PIN, set once
    ("tick_setup", {"step": "all remaining"}),
]
TO_THE_LAUNCH: list[tuple[str, Args]] = [  # round 2 and on: fill the Loadout, board, the clock
    *[("place_mission", {"column": "improvised_weaponry", "crew_member": "Andrew"})] * 4,
    # The 4th token takes the Flamethrower card: 7 cards of 6, cut at once (rulebook p. 43).
    ("discard_from_hand", {"who": "crew member", "crew_member": "Andrew", "count": 1}),
    *[("place_mission", {"column": c, "crew_member": "Andrew"})
      for c in ["coolant"] * 3 + ["energy_cells"] * 4 + ["spacesuits"] * 3],
    ("complete_objective", {"slot": "1"}),
    ("complete_objective", {"slot": "2"}),
    ("advance_self_destruct", {"spaces": 7}),  # 27 -> 20: the Remora opens
    ("choose_stowaway", {"card": "second"}),
    *[("board_remora", {"character": c}) for c in ("Solomon", "Palmer", "Cameron")],
    ("advance_self_destruct", {"spaces": 12}),  # 20 -> 8: Bennings stays on the Valley Forge
]
# Fights until the lifeform's cards run out: (target, result); targets alternate (step 1).
FIGHTS = [("Jacob", "matched"), ("Andrew", "matched"), ("Jacob", "cancelled: Remora token"),
          ("Andrew", "matched"), ("Jacob", "matched"), ("Andrew", "matched")]


# A whole game by keys: the slow group (`pytest -m slow`, .ci/run). Every run keeps its rules
# through the session (tests/lifeform: test_lifeform_session_showdown, _session_endings,
# test_lifeform_sealed for the image seen nowhere) and its screens by keys (the tests below,
# test_lifeform_small_screen, test_secrets_pin_pilot).
@pytest.mark.slow
async def test_a_3_player_game_to_the_showdown_by_keys_with_an_ending_c(tmp_path: Path) -> None:
    table = Tableside(tmp_path)
    table.create("lifeform", 3, names=NAMES, board=BOARD, title="Friday", seed="pilot").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Home: resume the only saved game
        await pilot.pause()
        play = game_screen(app).play
        assert "SETUP:" in panel(app, "#lf-banner")
        # Lifeform keeps every secret itself: the generic Secret/Reveal keys open no empty form.
        for generic in ("choose_secret", "reveal_secret"):
            assert not game_screen(app).check_action("run", (generic,))
        head = play.head
        await pilot.press("c", "v")
        await pilot.pause()
        game_screen(app)  # no form opened
        assert play.head == head
        by_api(app, SETUP)
        await pilot.pause()
        count = 3  # the lifeform's hand, as this test counts it: 3 at setup

        # Round 1: whose turn it is, one activity each (rulebook, Crew Activity Phase).
        assert "Round 1, Andrew's turn | Self-Destruct 28" in seen(app)
        await play_step(pilot, "equip", {"crew_member": "Andrew",
                                         "option": "draw 2, Self-Destruct +1"})
        assert "Self-Destruct: 27" in panel(app, "#tracks")
        await play_step(pilot, "end_turn", {})
        assert "Round 1, Jacob's turn" in seen(app)
        await play_step(pilot, "end_turn", {})
        # n: the android is not active yet, so its phase passes by itself (said on screen).
        await play_step(pilot, "next_phase", {})
        assert "the Android phase passed by itself" in panel(app, "#now")
        assert "Round 1, Lifeform Activity" in seen(app)

        # The lifeform's activity: an attack with a Lifeform card; Jacob's Shock-Prod cancels it.
        await play_step(pilot, "attack", {"character": "Bennings"})
        count -= 1
        assert hand(app) == count and "Image 1 is the real lifeform" in panel(app, "#now")
        await play_step(pilot, "crew_reaction", {"crew_member": "Jacob",
                                                 "reaction": "Shock-Prod"})
        assert "the whole attack is cancelled" in panel(app, "#now")
        curtain = await play_step(pilot, "reality_calibration", {"image": "Image 2"})
        assert "PRIVATE: Sarah only" in curtain[0]
        image_kept(app, tmp_path, "Image 2")
        await play_step(pilot, "next_phase", {})  # round 2

        # Round 2 through the API, then the lifeform Lurks back to its MAX HAND (6 at Start).
        by_api(app, [("end_turn", {}), ("end_turn", {}), ("next_phase", {})])
        await play_step(pilot, "lurk", {"discard": "1"})
        count = 6
        assert hand(app) == count
        await play_step(pilot, "next_phase", {})  # round 3: Andrew's turn

        by_api(app, TO_THE_LAUNCH)
        await pilot.pause()
        assert "Self-Destruct 8 | Launch: ready, ask the crew" in seen(app)

        # The launch with Bennings left aboard the Valley Forge: Ending C.
        await play_step(pilot, "launch", {})
        now = panel(app, "#now")
        assert "Ending C" in now and "SHOWDOWN (after Ending C)" in seen(app)
        assert "reveals its Stowaway card" not in now  # Ending C: removed unseen
        await play_step(pilot, "ending_c_refill", {"discard": "1"})
        assert hand(app) == count  # 1 discarded, then refilled to MAX HAND 6

        # Hibernation: Energy Cells 4 uncovered -> draw 4, keep 1, cut back to MAX HAND 6;
        # then Bennings, still aboard the Valley Forge, dies: Hostility 3 -> 5 passes the
        # Draw-card icon on 5, so the lifeform draws 1 more and must discard 1.
        await play_step(pilot, "hibernation", {"keep": "keep 1 (rule text)"})
        assert "Bennings, still on the Valley Forge, dies" in panel(app, "#now")
        count += 1
        assert hand(app) == count
        assert "over the hand limit of 6: discard 1" in panel(app, "#now")
        await play_step(pilot, "discard_from_hand", {"who": "lifeform", "count": 1})
        count -= 1
        assert hand(app) == count
        # Hibernation step 1: the crew's draw shared out before the fights (its keys are
        # another test's): each card to the smallest crew hand, so none goes over its limit
        assert "Draw cards" in seen(app)
        game = game_screen(app).play
        while crew_share.left(game.state):
            to = min(crew_share.receivers(game.state),
                     key=lambda m: decks.hand_size(game.state, m))
            by_api(app, [("draw_cards", {"who": "crew member", "crew_member": to, "count": 1})])
        await pilot.pause()

        # The fights: each takes one Lifeform card; the crew outlasts the lifeform's hand.
        # By keys: the first (from the palette; its target chosen), the second (its target
        # already chosen; its form opened as the palette's Enter opens it), the cancelled one
        # and the last (the game ends). The 4th and 5th repeat the second's keys and rule:
        # done through the API those keys call. The hand is checked at every fight.
        for fight, (target, result) in enumerate(FIGHTS):
            assert hand(app) == count, f"before the fight on {target}"
            args = {"target": target, "result": result}
            if fight in (3, 4):
                by_api(app, [("fight_result", args)])
                await pilot.pause()
            else:
                await play_step(pilot, "fight_result", args, by_palette=fight == 0)
            count -= 1
            assert hand(app) == count
        assert count == 0
        record = play.game.end_record(play.session.state)
        assert record is not None and record.sides == ("crew",)
        assert record.ending == "Ending C" and set(record.winners) == {"Andrew", "Jacob"}
        assert "GAME OVER" in seen(app)
        assert "the crew wins" in panel(app, "#now")
    (saved,) = Tableside(tmp_path).sessions()
    assert saved.status == "Ending C: crew won"  # whole in Home's column


# --- the Loadout bars, without the app ----------------------------------------------------------
def test_loadout_bars_show_tokens_bonus_spaces_the_minimum_bar_and_unset_lengths() -> None:
    assert bar(LoadoutRow("Weaponry", 2, 8, 4, (2, 4))) == "##.+|...."
    assert bar(LoadoutRow("Halon Gas", 3, 9, groups=(2, 3, 4))) == "## #.. ...."
    assert bar(LoadoutRow("Energy", 1, None, 4)) == "#...|?"  # length unset: no guess
    assert bar(LoadoutRow("Spacesuits", 0, None)) == "?"


def test_two_player_coolant_bar_sits_below_the_overheating_token() -> None:
    """Spec §4.3, §5.2: in a 2-player game Coolant is filled below the Overheating token."""
    s = Session(GAME, SessionSetup(2, {"modules": []}, ("Sarah", "Andrew"), BOARD), seed="2p")
    coolant = loadout_rows(s.state)[1]
    assert coolant.minimum == 2 and coolant.status == "need 2"  # token on space 3 (test board)
    assert bar(coolant) == "..|..+.."  # a bonus on space 5
    s.do("place_mission", column="coolant", crew_member="Andrew")
    s.do("place_mission", column="coolant", crew_member="Andrew")
    assert loadout_rows(s.state)[1].status == "ok"
    s.state.facts["overheating_moves"] = 1  # the Cocoon final space pushed the token up (§4.3)
    coolant = loadout_rows(s.state)[1]
    assert bar(coolant) == "##.|.+.." and coolant.status == "need 1"


def test_unset_board_values_show_as_unset_never_guessed() -> None:
    """Spec §13: until a printed value is entered the screen says so."""
    s = Session(GAME, SessionSetup(3, {"modules": []}, NAMES, {}), seed="bare")
    rows = {row.name: row for row in loadout_rows(s.state)}
    assert bar(rows["Weaponry"]) == "?" and rows["Weaponry"].status == "min unset"
    assert bar(rows["Halon Gas"]) == ".. ... ...."  # built in: 2/3/4 compartments (§5.2)
    s.do("set_board_value", key="improvised_weaponry.minimum", value="4")
    assert bar(loadout_rows(s.state)[0]) == "....|?"
    assert banner_lines(s.state)[0].startswith("SETUP: ")


async def test_a_crew_members_form_preselects_whose_turn_it_is(tmp_path: Path) -> None:
    """In the Crew Activity phase a crew action's form opens on the crew member whose turn
    it is (another may still be picked); at the next turn, on the next crew member."""
    from tui.screens.action_form import ActionFormScreen

    table = Tableside(tmp_path)
    table.create("lifeform", 3, names=NAMES, board=BOARD, seed="turn").close()
    table.close()
    app = TablesideApp(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await resume_first(pilot)
        by_api(app, SETUP)
        await pilot.pause()
        for member in ("Andrew", "Jacob"):
            assert f"Round 1, {member}'s turn" in seen(app)
            await game_screen(app).run_action("run('equip')")
            await pilot.pause()
            form = app.screen
            assert isinstance(form, ActionFormScreen)
            chosen = form.query_one("#arg-crew_member", Select)
            assert chosen.value == member
            assert str(chosen.query_one("#label").render()).strip() == member  # shown so
            await pilot.press("escape")  # closes at once: a preselection is not typing
            await pilot.pause()
            game_screen(app)
            by_api(app, [("end_turn", {})])
            await pilot.pause()
