"""A key pressed for an action not possible now says why (``SessionScreen`` mixes it in).

The footer hides a game action's key while the action is not possible; pressed anyway, the
key gets the reason and what to do instead, with the player's own keys, never silence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events

from tableside.textual_adapter import chosen_keys
from tui.screens.keys import player_key
from tui.screens.refusal_keys import with_keys

if TYPE_CHECKING:
    from textual.screen import Screen

    from tableside.api import OpenSession

    _Screen = Screen[None]  # what the mixin is mixed into, for the type checker only
else:
    _Screen = object


class RefusingWithReason(_Screen):
    """Mixin for the session screen: a refused key says why."""

    if TYPE_CHECKING:  # the session screen's own
        play: OpenSession

        async def action_run(self, name: str) -> None: ...

    async def on_key(self, event: events.Key) -> None:
        """A game key whose action is not possible now has its binding off (the footer hides
        it): pressed anyway, it says why and what to do instead of doing nothing."""
        name = self._refused_key(event.key)
        if name is not None:
            event.stop()
            await self.action_run(name)

    def _refused_key(self, key: str) -> str | None:
        """The game action bound to ``key`` (the player's key, else the game's), when none
        bound to it is possible now (a key two modes share goes to the one that is)."""
        keymap = chosen_keys(self.app)
        bound = [a.name for a in self.play.actions()
                 if key in [k.strip() for k in (keymap.get(f"{self.play.game.id}.{a.name}")
                                                or a.key or "").split(",")]]
        if not bound or any(self.play.available(name) for name in bound):
            return None
        # Two actions sharing a key, one open at a time: the one whose own step is open
        # says what holds it.
        state = self.play.state
        for name in bound:
            enabled = self.play.action(name).enabled
            if enabled is None or enabled(state):
                return name
        return bound[0]

    def refuse(self, name: str) -> None:
        """Say that ``name`` is not possible now, why, and the keys of what to do instead."""
        action = self.play.action(name)
        reason = self.play.session.blocked(name) or "not offered on this screen"
        shown = player_key(self.app, f"{self.play.game.id}.{name}", action.key or "")
        key = f" ({shown})" if action.key else ""
        self.notify(f"{action.title}{key} is not possible now: "
                    f"{with_keys(self.app, self.play, reason)}.",
                    severity="warning", markup=False)
