"""Each title with secrets, played through the API with every secret chosen under its owner's
PIN: after every step, no file under the data folder (journal, seal, snapshots, catalog,
settings, logs) holds a secret not yet revealed (its value or nonce) or any PIN, as text,
JSON-escaped, base64 or hex. Once revealed, the value is in the files: the search finds it."""

from __future__ import annotations

import json
from collections.abc import Collection
from pathlib import Path

from tableside import vault
from tableside.api import OpenSession, Tableside
from tests.test_secrets_at_rest import files_holding, forms, nonce_forms, sealed_of
from trackers.pieces import Secret

_OPENED: dict[tuple[str, str, str], dict[str, str]] = {}  # a PIN opens slowly: once a code


def unrevealed(play: OpenSession, pins: dict[str, str]) -> dict[str, dict[str, str]]:
    """Every player's secret chosen and not yet revealed, opened as its owner would."""
    out = {}
    for name, piece in play.session.state.pieces.items():
        owner = str((piece.locked or {}).get("to", "")) if isinstance(piece, Secret) else ""
        if owner and owner != vault.APP_OWNER and not piece.revealed:
            key = (play.id, name, str(piece.code))
            if key not in _OPENED:
                _OPENED[key] = sealed_of(play, name, pins[owner])
            out[name] = _OPENED[key]
    return out


def nothing_at_rest(root: Path, play: OpenSession, pins: dict[str, str],
                    public: Collection[str] = ()) -> list[str]:
    """What the files show of a secret before its reveal, or of a PIN (empty: nothing).
    ``public``: values that are also words of the files' public text ("second" is also a
    field's name): searched for only as a JSON value."""
    needles = [f for pin in pins.values() for f in forms(pin)]
    for shown in unrevealed(play, pins).values():
        needles += nonce_forms(shown["nonce"])
        quoted = json.dumps(shown["value"]).encode()
        if shown["value"] in public:  # as a record's value, not a field's name
            needles += [b":" + quoted, b": " + quoted]
        else:  # a short one ("Red") as a JSON string too
            needles += [*forms(shown["value"]), quoted]
    return files_holding(root, needles)


def test_a_nemesis_lockdown_game(tmp_path: Path) -> None:
    pins = {"Ann": "ann-pin-41", "Bo": "bo-pin-52", "Cy": "cy-pin-63"}
    chosen = {1: ("Ann escapes and Cy is dead", "Gray", "Blue"),
              2: ("Bo kills the Queen alone", "Red", "Yellow"),
              3: ("Cy leaves the nest burning", "Green", "Gray")}
    table = Tableside(tmp_path)
    play = table.create("nemesis-lockdown", 3, names=list(pins))
    for owner, pin in pins.items():
        play.set_pin(owner, pin)
        assert nothing_at_rest(tmp_path, play, pins) == []
    for i, (objective, first, second) in chosen.items():
        pin = pins[play.setup.names[i - 1]]
        play.do("choose_secret", secret=f"p{i}_objective", value=objective, pin=pin)
        play.do("choose_secret", secret=f"p{i}_contingency", value=first, pin=pin)
        if f"p{i}_contingency_2" in play.state.pieces:
            play.do("choose_secret", secret=f"p{i}_contingency_2", value=second, pin=pin)
        assert nothing_at_rest(tmp_path, play, pins) == []
    _play_on(play, tmp_path, pins, steps=30)
    assert play.head > 20
    play.do("reveal_secret", secret="p2_objective", pin=pins["Bo"])
    assert nothing_at_rest(tmp_path, play, pins) == []
    assert files_holding(tmp_path, forms("Bo kills the Queen alone"))  # the search finds it
    play.close()
    table.close()


def _play_on(play: OpenSession, root: Path, pins: dict[str, str], steps: int,
             public: Collection[str] = ()) -> None:
    """Plain steps of the game (no arguments), the files searched after each."""
    for _ in range(steps):
        possible = [a for a in play.actions() if play.available(a.name) and not a.params
                    and not a.board_needs(play.state, {})]
        if not possible:
            return
        play.do(possible[0].name)
        assert nothing_at_rest(root, play, pins, public) == []


def test_a_pandora_celeste_game(tmp_path: Path) -> None:
    from tests.pandora.helpers import enter_setup
    from trackers.games.pandora_celeste import cycle
    from trackers.games.pandora_celeste.crew import slug
    from trackers.games.pandora_celeste.game import GAME

    crew = [o for o in GAME.options if o.name == "crew"][0].choices[:2]
    pins = {"Ann": "ann-pin-41", "Bo": "bo-pin-52"}
    agendas = {"Ann": "Ann wants the Bridge sealed", "Bo": "Bo wants the Widget aboard"}
    company = {"Ann": "Company Agenda", "Bo": "no Company Agenda"}
    table = Tableside(tmp_path)
    play = table.create("pandora-celeste", 2, names=list(pins), options={"crew": list(crew)})
    for owner, pin in pins.items():
        play.set_pin(owner, pin)
    while cycle.current(play.state) != "protocols":
        play.do("next_step")
    for name, start in (("Vacuum", 4), ("Aircon", 6)):
        play.do("add_protocol", name=name, start=start)
    while play.state.facts["phase"] == "setup":
        if cycle.current(play.state) == "agendas":
            for name, piece in play.state.pieces.items():
                if isinstance(piece, Secret) and not piece.is_set:
                    text = (agendas if name.endswith("_agenda") else company)[piece.owner]
                    play.do("choose_secret", secret=name, value=text, pin=pins[piece.owner])
                    assert nothing_at_rest(tmp_path, play, pins) == []
        else:
            enter_setup(play)
        play.do("next_step")
    assert len(unrevealed(play, pins)) == 4
    _play_on(play, tmp_path, pins, steps=30)
    assert play.head > 20
    play.do("reveal_secret", secret=f"{slug(crew[1])}_agenda", pin=pins["Bo"])
    assert nothing_at_rest(tmp_path, play, pins) == []
    assert files_holding(tmp_path, forms(agendas["Bo"]))  # the search finds it
    play.close()
    table.close()


# the Stowaway card "second" is also the name of a field (record_characters' second)
PUBLIC_WORDS = ("second",)


def test_a_lifeform_game_with_module_d(tmp_path: Path) -> None:
    """The rulebook's worked example to the Showdown, with the Thirteenth Passenger's module D
    hunt: the Reality Calibration, the Stowaway card, the crew's Secret Objectives and the
    hiding place, each chosen with its owner's PIN."""
    from tests.lifeform.test_lifeform_session_showdown import example, hibernate

    pins = {"Lifeform player": "sarah-pin-9", "Crew (not the Lifeform player)": "crew-pin-7"}
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("hide_in_remora", location="Storage Bay")
    s.do("hunt_bet", location="Cockpit")
    table = Tableside(tmp_path)
    play = table.create("lifeform", s.setup.players, names=s.setup.names,
                        options=dict(s.setup.options), board=dict(s.setup.board), seed=s.seed)
    for owner, pin in pins.items():
        play.set_pin(owner, pin)
    objectives = False
    for event in s.events[:s.head]:
        if not objectives and play.available("record_objective"):
            for slot, title in zip(("1", "2"), ("Keep the Cockpit lit all night",
                                                "Nobody sleeps in Hypersleep"), strict=True):
                play.do("record_objective", slot=slot, title=title,
                        pin=pins["Crew (not the Lifeform player)"])
            objectives = True
        args = event.args
        needed = play.pin_needed(event.action, **args)
        owner = needed[0] if needed else play.action(event.action).private_to
        play.do(event.action, pin=pins.get(owner or ""), **args)
        found = nothing_at_rest(tmp_path, play, pins, PUBLIC_WORDS)
        assert found == [], (event.action, found)
    assert objectives and "hiding_place" in unrevealed(play, pins)
    play.do("hunt_step", step="skip the Halon search")
    for location in ("Cockpit", "Storage Bay"):
        play.do("hunt_step", step="search", location=location, pin=pins["Lifeform player"])
        assert nothing_at_rest(tmp_path, play, pins, PUBLIC_WORDS) == []
    assert play.state.piece("hiding_place", Secret).revealed
    assert files_holding(tmp_path, [b'"value":"Storage Bay"'])  # the search finds it
    play.close()
    table.close()
