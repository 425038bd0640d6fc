"""The table's own things, kept in the settings beside the games: board profiles (printed
values entered once), settings, the player's keys and drafts of forms. ``Tableside`` has
them; a game being played reaches them through it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from tableside.arguments import checked
from tableside.basics import TablesideError, _plain, game_definition

if TYPE_CHECKING:
    from saves.store import Store

PROFILE_FORMAT = "tableside.board-profile"
PROFILE_VERSION = 1


class ProfilesAndSettings:
    """Mixin for ``Tableside``: everything kept in ``store.settings``."""

    store: Store

    # --- settings ----------------------------------------------------------------------
    @checked
    def board_profile(self, game: str) -> dict[str, Any]:
        """The printed board values this table entered once for ``game``."""
        found = self.setting(f"board:{game}", {})
        return dict(found) if isinstance(found, dict) else {}

    @checked
    def set_board_profile(self, game: str, values: dict[str, Any]) -> None:
        """Replace the table's board profile for ``game``; every value is checked first."""
        definition = game_definition(game)
        checked = definition.parse_board(values)
        self.set_setting(f"board:{game}", checked)

    @checked
    def set_board_value(self, game: str, key: str, raw: Any) -> Any:
        """Enter one printed value (checked with the rest of the profile); returns it parsed."""
        profile = self.board_profile(game)
        profile[key] = raw
        definition = game_definition(game)
        checked = definition.parse_board(profile)
        self.set_setting(f"board:{game}", checked)
        return checked[key]

    @checked
    def accept_board_defaults(self, game: str) -> int:
        """Take the game's published board defaults into the profile (values the table
        already entered are kept); returns how many values were added."""
        definition = game_definition(game)
        profile = self.board_profile(game)
        added = {k: v for k, v in definition.board_defaults.items() if k not in profile}
        self.set_board_profile(game, profile | added)
        return len(added)

    @checked
    def clear_board_value(self, game: str, key: str) -> None:
        profile = self.board_profile(game)
        profile.pop(key, None)
        self.set_setting(f"board:{game}", profile)

    @checked
    def export_board_profile(self, game: str) -> dict[str, Any]:
        """The profile as a file's content, to share with another table."""
        definition = game_definition(game)
        shown = {key: value if definition.board_value(key).kind == "int"  # as the board
                 else definition.board_value(key).show(value)  # reads: "3-8", "yes"
                 for key, value in self.board_profile(game).items()}
        return {"format": PROFILE_FORMAT, "version": PROFILE_VERSION, "game": game,
                "values": shown}

    @checked
    def import_board_profile(self, game: str, data: Any) -> int:
        """Take a shared profile (all or nothing); returns how many values it held."""
        from trackers.engine import ActionError

        if not isinstance(data, dict) or data.get("format") != PROFILE_FORMAT:
            raise TablesideError(f"format: this is not a Tableside board profile "
                                 f"(expected \"format\": \"{PROFILE_FORMAT}\")")
        version = data.get("version")
        if not isinstance(version, int) or version > PROFILE_VERSION:
            raise TablesideError(f"version: {version!r}; this Tableside reads board profiles "
                                 f"up to version {PROFILE_VERSION}")
        if data.get("game") != game:
            raise TablesideError(f"game: the file is for {data.get('game')!r}, not {game!r}")
        values = data.get("values")
        if not isinstance(values, dict):
            raise TablesideError("values: give an object of board value keys and values")
        try:
            self.set_board_profile(game, values)
        except ActionError as err:
            raise TablesideError(str(err)) from err
        return len(values)

    @_plain("the settings cannot be read")
    @checked
    def setting(self, key: str, default: Any = None) -> Any:
        """A setting (settings.json: kept apart from the list of games)."""
        return self.store.settings.get(key, default)

    @_plain("the setting could not be saved")
    @checked
    def set_setting(self, key: str, value: Any) -> None:
        self.store.settings.set(key, value)

    # --- the player's keys (binding id -> key), read by the app at start ---------------
    def keymap(self) -> dict[str, str]:
        """The keys the player chose instead of the app's (``App.set_keymap``)."""
        found = self.setting("keymap", {})
        if not isinstance(found, dict):
            return {}
        return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str)}

    def set_key(self, binding: str, key: str | None) -> None:
        """Give the binding ``binding`` ("session.undo", "lifeform.attack") the key ``key``;
        None gives it back its own. A game action may not take a key every game screen
        keeps (trackers.engine.keys.RESERVED_KEYS)."""
        from trackers.engine.keys import RESERVED_KEYS
        from trackers.games.registry import game_ids

        if not re.fullmatch(r"[a-z0-9_-]+(\.[a-z0-9_-]+)?", binding):
            raise TablesideError(f"binding: {binding!r} is not a binding id; give one such as "
                                 "session.undo or <game>.<action> (F1 lists them)")
        keymap = self.keymap()
        if key is None:
            keymap.pop(binding, None)
        else:
            key = key.strip()
            if not re.fullmatch(r"[A-Za-z0-9_+,-]{1,40}", key):
                raise TablesideError(f"key: {key!r} is not a key; give one such as z, ctrl+z "
                                     "or f5")
            if binding.split(".")[0] in game_ids() and key in RESERVED_KEYS:
                raise TablesideError(f"key: {key!r} is kept by every game screen for "
                                     f"{RESERVED_KEYS[key]}; choose another")
            keymap[binding] = key
        self.set_setting("keymap", keymap)

    # --- drafts: typed work kept as it is typed (a score sheet), until finished or discarded ---
    @checked
    def draft(self, name: str) -> Any:
        """The draft saved under ``name`` (e.g. "<session id>:score"), or None."""
        return self.setting(f"draft:{name}")

    @checked
    def save_draft(self, name: str, data: Any) -> None:
        self.set_setting(f"draft:{name}", data)

    @checked
    def drop_draft(self, name: str) -> None:
        self.set_setting(f"draft:{name}", None)
