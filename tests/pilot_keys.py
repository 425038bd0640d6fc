"""Helpers for pilot tests: drive widgets by keys as a player would."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.command import CommandList
from textual.keys import key_to_character
from textual.pilot import Pilot
from textual.widgets import Select

from tableside.api import Tableside
from tests.textual_probe import key_named, select_options


async def choose(pilot: Pilot[None], selector: str, label: object) -> None:
    """Focus the Select at ``selector`` and pick the option shown as ``label`` (or whose value
    is ``label``), by keys."""
    select = pilot.app.screen.query_one(selector, Select)
    pilot.app.screen.set_focus(select)
    await _pick(pilot, select, label)


async def choose_focused(pilot: Pilot[None], label: object) -> None:
    """Pick ``label`` in the Select that has the focus, by keys."""
    select = pilot.app.focused
    assert isinstance(select, Select), f"expected a Select, focus is on {select}"
    await _pick(pilot, select, label)


async def _pick(pilot: Pilot[None], select: Select[Any], label: object) -> None:
    """Open ``select`` with space (Enter on a list already chosen confirms it), then the
    arrows to the option shown as ``label`` (or whose value is ``label``) and Enter, in one
    burst; the list opens on the value chosen (a default, or the only choice), else on its
    first line."""
    wanted = str(label)
    labels = [str(prompt) for prompt, _ in select_options(select)]
    values = [str(value) for _, value in select_options(select)]
    target = labels.index(wanted) if wanted in labels else values.index(wanted)
    start = values.index(str(select.value)) if str(select.value) in values else 0
    await pilot.press("space")
    await pilot.pause()
    steps = target - start
    await burst(pilot, *["down" if steps > 0 else "up"] * abs(steps), "enter")
    assert str(select.value) == values[target], (select, label)


async def burst(pilot: Pilot[Any], *keys: str) -> None:
    """``keys`` posted to the app at once, as a terminal delivers fast typing: the
    app must read them in order, and the screen is drawn once for them all, not once a key
    (a pilot's CPU is its frames). Then wait until they are handled. A key is named as
    pilot.press names it: one character ("/" becomes "slash"), or a key name ("enter")."""
    for key in keys:
        if len(key) == 1:
            event = events.Key(key if key.isalnum() else key_named(key), key)
        else:
            event = events.Key(key, key_to_character(key))
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    for _ in range(4):  # each pause lets the keys go one step further (app, field, screen)
        await pilot.pause()


async def key(pilot: Pilot[Any], pressed: str) -> None:
    """A key that opens a form or a list: what it opens is read before typing on (as a person
    does)."""
    await pilot.press(pressed)
    await pilot.pause()


async def palette(pilot: Pilot[Any], title: str) -> None:
    """ctrl+p, type the action's title (one burst), Enter on the top match (checked to be
    that action)."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await burst(pilot, *title)
    for _ in range(60):
        commands = pilot.app.screen.query_one(CommandList)
        if commands.highlighted is not None and str(
                commands.get_option_at_index(commands.highlighted).prompt).startswith(title):
            break
        await pilot.pause(0.05)
    else:
        raise AssertionError(f"the palette does not offer {title!r} first")
    await pilot.press("enter")
    await pilot.pause()


def save_game(data: Path, game: str, players: int,
              moves: Sequence[tuple[str, dict[str, Any]]] = (), **create: Any) -> str:
    """A saved game (with some moves played) for the app to resume; returns its id."""
    table = Tableside(data)
    play = table.create(game, players, **create)
    for name, args in moves:
        play.do(name, **args)
    play.close()
    table.close()
    return play.id


def record_notifications(app: App[Any]) -> list[str]:
    """Every message the app shows as a notification from now on, in order."""
    messages: list[str] = []
    original = app.notify

    def spy(message: str, **kwargs: Any) -> None:
        messages.append(message)
        original(message, **kwargs)

    app.notify = spy  # type: ignore[method-assign]
    return messages


def pins_offer_answered_not_now(monkeypatch: Any) -> None:
    """New game's "Set the PINs now?" answered Not now as soon as it shows, as the table
    would that plays on: for pilots about something else (each secret's curtain still asks
    its owner). A pilot about the offer asks for the ``pins_offer_shown`` fixture."""
    from tui.screens.set_pin import PinsOfferScreen

    def not_now(screen: PinsOfferScreen) -> None:
        screen.dismiss(False)  # not awaited: a screen's own handler may not wait for it

    monkeypatch.setattr(PinsOfferScreen, "on_mount", not_now, raising=False)


NAMES = ["Ann", "Bo", "Cy", "Di"]


def saved(data: Path, game: str, title: str, moves: int = 0) -> str:
    """A saved game of ``game`` (two players where it can), ``moves`` simple steps in."""
    from trackers.games.registry import get_game

    definition = get_game(game)
    players = 2 if 2 in definition.player_counts else definition.player_counts[0]
    # A list option with nothing chosen by default (Pandora's crew): one choice per player.
    options = {o.name: list(o.choices[:players]) for o in definition.options
               if o.kind == "multi" and not o.default}
    table = Tableside(data)
    play = table.create(game, players, names=NAMES[:players], title=title, seed="snapshots",
                        options=options)
    for _ in range(moves):
        possible = [a for a in play.actions() if play.available(a.name) and not a.params
                    and not a.board_needs(play.state, {})]
        if not possible:
            break
        play.do(possible[0].name)
    play.close()
    table.close()
    return play.id


async def resume_first(pilot: Pilot[Any]) -> Any:
    """Home's first saved game resumed by Enter, as a player would; its session screen."""
    from tui.screens.session import SessionScreen

    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SessionScreen)
    return screen


@contextlib.asynccontextmanager
async def playing(data: Path, size: tuple[int, int] = (80, 24)
                  ) -> AsyncIterator[tuple[Any, Pilot[Any], Any]]:
    """The app on ``data`` with Home's first saved game resumed by Enter: (the app, its
    pilot, the game's session screen)."""
    from tui.app import TablesideApp

    app = TablesideApp(data_dir=data)
    async with app.run_test(size=size) as pilot:
        yield app, pilot, await resume_first(pilot)


def demo_with(monkeypatch: Any, *actions: Any, **changes: Any) -> None:
    """The demo game with ``actions`` added (and ``changes`` to its other fields, e.g. its
    setup), for one test."""
    from dataclasses import replace

    from trackers.games import registry

    demo = registry.get_game("demo")
    monkeypatch.setitem(registry._LOADED, "demo",
                        replace(demo, actions=(*demo.actions, *actions), **changes))
