"""The table view's voice (``SessionScreen`` mixes it in): each new action's announcement,
spoken once, from whichever window made it; never on opening, undo, redo or a jump.

Speech is made and played by ``tableside.voice.speaker`` in its own thread: nothing here
waits for it. f5 turns this game's announcements off (at once) or on, f6 says the last
one again. ``TABLESIDE_SOUND=off`` (the tests) keeps the voice and its keys out of sight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from tableside.api import OpenSession, Tableside
    from tableside.voice.choices import Settings
    from tableside.voice.speaker import Speaker
    from trackers.engine import Event

    _Screen = Screen[None]  # what the mixin is mixed into, for the type checker only
else:
    _Screen = object


class Unsaved:
    """No store at hand (a screen opened without one): each game's own default, nothing kept."""

    def setting(self, key: str, default: object = None) -> object:
        return default

    def set_setting(self, key: str, value: object) -> None:
        return None


class SpeakingAnnouncements(_Screen):
    """Mixin for the session screen: hear what each new action announces."""

    if TYPE_CHECKING:  # the session screen's own
        play: OpenSession
        table: Tableside | None

    _voice: Speaker | None = None
    _known: list[Event] | None = None  # the history as this screen last heard it
    _voice_on: bool | None = None  # this game's switch, read once and then kept here

    # --- when ----------------------------------------------------------------------------
    def hear(self) -> None:
        """After every redraw: speak the head's announcement when the head is an action this
        screen has not heard of (a new one, here or in another window). An undo, a redo, a
        jump and the opening replay move the head onto events already known: silent."""
        events, head = self.play.session.events, self.play.head
        known, self._known = self._known, events
        if known is None or head == 0:
            return  # opening the game: its history is not news
        if head <= len(known) and known[head - 1] == events[head - 1]:
            return
        if self.voice_on():
            self.speak(self.play.session.announcement())

    # --- whether, and the speaker ----------------------------------------------------------
    def voice_on(self) -> bool:
        from tableside.voice import choices

        if choices.sound_off() or self.play.game.announce is None:
            return False
        if self._voice_on is None:
            self._voice_on = choices.speaks(self._settings(), self.play.game)
        return self._voice_on

    def _settings(self) -> Settings:
        return self.table if self.table is not None else Unsaved()

    def speak(self, phrases: list[str]) -> None:
        if not phrases:
            return
        if self._voice is None:
            from tableside.voice import choices
            from tableside.voice.speaker import Speaker

            self._voice = Speaker(choices.voice_settings(self._settings()), self._notice,
                                  folder=choices.folder())
        self._voice.say(phrases)

    def _notice(self, text: str) -> None:
        """From the speaker's thread: one plain notice on the screen."""
        self.app.call_from_thread(self.notify, text, severity="warning", timeout=8,
                                  markup=False)

    def stop_voice(self) -> None:
        if self._voice is not None:
            self._voice.close()
            self._voice = None

    # --- the keys ----------------------------------------------------------------------------
    def voice_key_shown(self, action: str) -> bool | None:
        """f5 shows whenever sound is possible; f6 once there is something to repeat."""
        from tableside.voice import choices

        if choices.sound_off() or self.play.game.announce is None:
            return False
        if action == "voice_repeat":
            return True if self.voice_on() and self._voice is not None \
                and self._voice.last else None
        return True

    def action_voice_toggle(self) -> None:
        """Turn this game's announcements off at once (cutting short what plays), or on."""
        from tableside.api import TablesideError
        from tableside.voice import choices

        now = not self.voice_on()
        self._voice_on = now
        if not now and self._voice is not None:
            self._voice.stop()
        try:
            self._settings().set_setting(choices.game_key(self.play.game.id), now)
        except TablesideError as err:
            self.notify(f"The choice lasts until you leave: {err}", markup=False)
        self.notify(f"Spoken announcements {'on' if now else 'off'} for "
                    f"{self.play.game.title}.", markup=False, timeout=3)
        self.refresh_bindings()

    def action_voice_repeat(self) -> None:
        if self._voice is None or not self._voice.repeat():
            self.notify("Nothing has been announced yet.", timeout=3)
