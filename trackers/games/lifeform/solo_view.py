"""What the solo game's screen shows: the Remora board, the Crisis deck, the shuttlecraft phase
and the fight set-up, the checklist, and the banner lines (spec lifeform §11.3, §4.6, §4.7).
Screens display these lines; every figure is computed in the rule modules."""

from __future__ import annotations

from trackers.engine import Panel, State
from trackers.games.lifeform import crisis, remora, shuttle, solo, solo_board
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.solo_actions import objective_labels
from trackers.pieces import Counter, Secret, Track, VirtualDeck

TOPIC = "module_c"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def remora_panel(state: State) -> Panel:
    board = facts_of(state)["remora"]
    length = state.board.get(solo_board.LIFE_SUPPORT)
    names = objective_labels(state)
    done = board["objectives_done"]
    lines = [
        "chambers with a token: " + (", ".join(board["tokens"]) or "none"),
        "the lifeform may still hide in: " + ", ".join(remora.open_chambers(board)),
        f"Docking Clamps: {board['clamps']} of {remora.CLAMPS} unlocked"
        + (f"; manual unlocks {board['manual_unlocks']} of {remora.MANUAL_UNLOCKS}"
           if board["manual_unlocks"] else ""),
        f"Life Support: space {board['life_support']} of "
        + ("unset (board value)" if length is None else str(length))
        + (f"; bonus tokens taken: {', '.join(board['bonuses'])}" if board["bonuses"] else ""),
        "objectives: " + "; ".join(
            f"{names[key]} {'achieved' if ok else 'open'}" for key, ok in
            (("1", done[0]), ("2", done[1]), ("umbilicus", remora.umbilicus_done(board)))),
    ]
    return Panel("Remora board (module C)", tuple(lines), TOPIC)


def crisis_panel(state: State) -> Panel:
    info = facts_of(state)["crisis"]
    hand = state.piece("action_cards", Counter).value
    limit = state.board.get(solo_board.HAND_LIMIT)
    lines = [f"Crisis deck ({info['mode']}): {_plural(info['resolved'], 'card')} resolved"]
    if info["mode"] == "virtual":
        if "crisis_deck" not in state.pieces:
            lines.append("list the deck once: 'List the Crisis deck'")
        else:
            deck = state.piece("crisis_deck", VirtualDeck)
            lines.append(f"{len(deck.draw_pile)} left to draw"
                         + (f"; waiting: {info['current']}" if info["current"] else ""))
    lines.append(f"action cards in hand: {hand}; hand limit "
                 + ("unset (board value)" if limit is None else str(limit))
                 + (f"; kept Crisis cards: {', '.join(info['kept'])}" if info["kept"] else ""))
    lines.append("conditions: " + (", ".join(info["conditions"]) or "none"))
    lines.append(crisis.EXAMPLE_CARD)
    return Panel("Crisis deck (module C)", tuple(lines), TOPIC)


def trackers_panel(state: State) -> Panel:
    """What is unset, and what the solo game does not apply."""
    lines = []
    if "self_destruct" not in state.pieces:
        lines.append("Self-Destruct: your one-player start is unset; the app asks for it when "
                     "you first advance the tracker")
    if "motion" not in state.pieces:
        lines.append("Motion tracker: its length and the lifeform's start are unset; the app "
                     "asks when the lifeform first moves on it")
    lines.append("Self-Destruct effects meant for a lifeform player (the Vent token and the "
                 "Stowaway pick at 20, Pathway Deviation at 10, Terror tokens) are not applied: "
                 "there is no lifeform player in solo")
    unset = [v for v in solo_board.BOARD_VALUES if v.key not in state.board
             and v.key not in (solo_board.SD_START, solo_board.MOTION_LENGTH,
                               solo_board.MOTION_START)]
    if unset:
        lines.append("also unset, asked when first needed: "
                     + "; ".join(f"{v.label} (look at {v.look_at})" for v in unset))
    return Panel("Solo trackers", tuple(lines), "self_destruct")


def shuttle_panel(state: State) -> Panel | None:
    phase = facts_of(state)["shuttle"]
    if phase is None:
        return None
    lines = ["chamber cards in hand: " + (", ".join(phase["held"]) or "none"),
             "cleared, out of the game: " + (", ".join(phase["removed"]) or "none")]
    if phase["choice"] == "hunt":
        secret = state.piece("hiding_chamber", Secret)
        hidden = secret.public_value() if secret.is_set else "drawn when you point"
        lines.append(f"hiding chamber: {hidden}; "
                     f"{_plural(phase['beside'], 'card')} beside the Remora")
        if phase["guess"] is not None:
            lines.append(f"your guess: {phase['guess']} ("
                         + ("right" if phase["found"] else "wrong") + ")")
    fight = phase["fight"]
    if fight is not None:
        lines.append("fight: " + (shuttle.EXTRA_BOX if fight["extra_box"] else
                                  "the conflict board as normal"))
        if fight["combat_tokens"]:
            lines.append("combat tokens on the Remora's combat zone: "
                         + ", ".join(fight["combat_tokens"]))
        lines.append(shuttle.ZONE_NOTE)
    return Panel("Post-launch shuttlecraft phase", tuple(lines), TOPIC)


def panels(state: State) -> list[Panel]:
    out = [trackers_panel(state)]
    if solo.module_c(state):
        out += [remora_panel(state), crisis_panel(state)]
        extra = shuttle_panel(state)
        if extra is not None:
            out.append(extra)
    else:
        out.append(Panel("Module C off", ("without module C the app keeps only Self-Destruct, "
                                          "the Motion tracker and your hand",), TOPIC))
    from trackers.games.lifeform import asteroids

    lines = asteroids.panel_lines(state)
    if lines:
        out.append(Panel("Asteroids (module B)", tuple(lines), "module_b"))
    return out


def _module_b_due(state: State) -> str | None:
    """Module B's token the tracker reached, or the jump to settle (Thirteenth Passenger)."""
    from trackers.games.lifeform import asteroid_mirror

    if (facts_of(state).get("asteroids") or {}).get("held"):
        return "Module B: settle the asteroid tokens jumped over ('Asteroid tokens jumped over')"
    space = asteroid_mirror.due(state)
    if space is not None:
        return (f"Module B: flip your asteroid token on {space} and enter it ('Module B: "
                "asteroid token flipped')")
    return None


def checklist(state: State) -> list[tuple[str, bool]]:
    """While playing: the setup steps not yet ticked, then what play asks; after the launch,
    what the stage asks of the player."""
    stage, phase = facts_of(state)["stage"], facts_of(state)["shuttle"]
    if stage == "play":
        ticked = facts_of(state)["setup_ticked"]
        due = _module_b_due(state)
        if due:  # first: Self-Destruct and the launch wait for it
            return [(due, False)]
        steps = [(f"{sid}. {text}", True) for sid, text in solo.setup_steps(state)
                 if sid in ticked]
        steps += [(f"{sid}. {text}", False) for sid, text in solo.setup_steps(state)
                  if sid not in ticked]
        return steps + [
            ("Play the Dragon's Domain solo game; enter each Crisis card as you resolve it",
             False),
            ("Launch the Remora when your rules allow ('Launch the Remora')", False)]
    if stage == "shuttle" and phase is not None:
        if phase["choice"] is None:
            return [("Confront or Hunt the lifeform", False)]
        return [("Point at one chamber ('Guess the chamber')", False)]
    if stage in ("fight", "launched"):
        return [("Fight on the conflict board as set up here" if stage == "fight" else
                 "Finish as your Dragon's Domain rules say", False),
                ("Record the outcome", False)]
    return []


def banner_lines(state: State) -> list[str]:
    """The solo stage line, then the next thing to do."""
    f = facts_of(state)
    sd = state.pieces.get("self_destruct")
    motion = state.pieces.get("motion")
    minute = sd.space_name() if isinstance(sd, Track) else "unset"
    distance = motion.position if isinstance(motion, Track) else "unset"
    words = {"play": "SOLO", "shuttle": "SHUTTLECRAFT", "fight": "FIGHT", "launched":
             "LAUNCHED", "over": "GAME OVER"}
    first = (f"{words.get(f['stage'], 'SOLO')} | Self-Destruct {minute} | Motion {distance} | "
             f"Clamps {f['remora']['clamps']}/3 | Life Support {f['remora']['life_support']}")
    record = solo.end(state)
    if record is not None:
        first = f"GAME OVER: {record.ending}"
    todo = [step for step, done in checklist(state) if not done]
    return [first] + ([f"Next: {todo[0]}"] if todo else [])
