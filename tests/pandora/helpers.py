"""Shared helpers for the Pandora Celeste tests: a game past setup, walking the Cycle."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trackers.engine import Note, Session, SessionSetup
from trackers.games.pandora_celeste import cycle, darkness
from trackers.games.pandora_celeste.game import GAME
from trackers.games.pandora_celeste.view import panels

OWN_ACTIONS = {"count": "count_noise", "tick": "end_cycle", "nasties": "nasty_round"}


def started(crew: Sequence[str], eps: Sequence[tuple[str, int | None]] = (("Vacuum", 4),
                                                                          ("Aircon", 6)),
            players: int | None = None, mode: str = "", board: dict[str, Any] | None = None,
            seed: str = "pandora", company: Sequence[str] = (), **options: Any) -> Session:
    """A Full Game past setup, at the start of Cycle 1 (a Company Agenda for those in
    ``company``)."""
    setup = SessionSetup(players or len(crew), {"crew": list(crew), **options},
                         board=dict(board or {}), mode=mode)
    s = Session(GAME, setup, seed=seed)
    through_setup(s, eps, company)
    return s


def through_setup(game: Any, eps: Sequence[tuple[str, int | None]] = (("Vacuum", 4),
                                                                       ("Aircon", 6)),
                  company: Sequence[str] = (), pin: str | None = None) -> None:
    """Take ``game`` (a Session, or a game open through the API) through its setup to the
    start of Cycle 1, entering ``eps`` at the Emergency Protocols step, each crewmember's
    Agenda (a Company one for those in ``company``; through the API sealed with ``pin``, or
    with no PIN) and the first start location each may take."""
    while cycle.current(game.state) != "protocols":
        game.do("next_step")
    for name, start in eps:
        game.do("add_protocol", name=name, start=start)
    while game.state.facts["phase"] == "setup":
        enter_setup(game, company, pin)
        game.do("next_step")


def enter_setup(game: Any, company: Sequence[str] = (), pin: str | None = None) -> None:
    """What the setup step now due records: the Agendas, or the start locations."""
    from trackers.games.pandora_celeste.crew import slug
    from trackers.games.pandora_celeste.setup import WAKE_UP, start_choices
    from trackers.pieces import Secret

    step, state = cycle.current(game.state), game.state
    sealed = {} if isinstance(game, Session) else (
        {"pin": pin} if pin else {"decline_pin": True})
    for name, entry in state.facts["crew"].items():
        if step == "agendas":
            for key, value in (("agenda", "Test Agenda"),
                               ("company", "Company Agenda" if name in company
                                else "no Company Agenda")):
                piece = state.pieces.get(f"{slug(name)}_{key}")
                if isinstance(piece, Secret) and not piece.is_set:
                    game.do("choose_secret", secret=f"{slug(name)}_{key}", value=value,
                            **sealed)
        if step == "start" and not entry["room"]:
            room = start_choices(state, name)[0]
            game.do("start_location", crew=name, room=room)
            if room == WAKE_UP:  # the Wake-Up discard, held before setup goes on
                game.do("wake_up", crew=name)


def walk_to(s: Session, key: str) -> None:
    """Take the Cycle's steps (with their own actions) until ``key`` is due."""
    for _ in range(40):
        now = cycle.current(s.state)
        if now == key:
            return
        if s.state.facts["phase"] == "setup":
            enter_setup(s)
        if darkness.due(s.state):  # the ShipStern's dark: nobody in it, unless a test says
            s.do("darkness", crew=darkness.NOBODY)
        s.do(OWN_ACTIONS.get(now, "next_step"))
    raise AssertionError(key)


def panel(s: Session, title: str) -> tuple[str, ...]:
    """The lines of the first panel whose title starts with (or holds) ``title``."""
    for found in panels(s.state):
        if title in found.title:
            return found.lines
    raise AssertionError(f"no panel {title!r}")


def texts(notes: Sequence[Note | str]) -> str:
    return "\n".join(n.text if isinstance(n, Note) else n for n in notes)


def power(s: Session, vehicle: str, stations: int = 1, **extra: Any) -> None:
    """Power Up each Station of ``vehicle`` with both icons, as the table would: one Station
    a player turn («Powering Up»), by the crew aboard it in turn (else any living one), a
    crewmember's turn ended before they power a second."""
    from trackers.games.pandora_celeste import crew, escape

    alive = crew.alive(s.state)
    aboard = [n for n in escape.vehicles(s.state)[vehicle]["crew"] if n in alive]
    names = aboard or alive
    for i in range(stations):
        who = names[i % len(names)]
        if s.state.facts["crew"][who].get("powered"):
            s.do("end_turn", crew=who)
        s.do("power_up", vehicle=vehicle, station=i + 1, who=who,
             **({"icons": 2} if vehicle != "Escape Pod" else {}) | extra)


def act_three(game: Any, pins: dict[str, str] | None = None) -> None:
    """The Act III Reveal after Abandon Ship: each crewmember aboard reveals their Agenda type
    (through the API with their player's PIN from ``pins``)."""
    from trackers.games.pandora_celeste import crew, escape
    from trackers.pieces import Secret

    for name in crew.alive(game.state):
        piece = game.state.pieces.get(f"{crew.slug(name)}_company")
        if escape.escaped(game.state, name) or not isinstance(piece, Secret) \
                or not piece.is_set or piece.revealed:
            continue
        sealed = {} if isinstance(game, Session) or pins is None else {"pin": pins[piece.owner]}
        game.do("reveal_secret", secret=f"{crew.slug(name)}_company", **sealed)
