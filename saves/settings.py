"""Settings and board profiles: a file of their own beside the catalog.

``settings.json`` is written atomically with the previous version kept as
``settings.json.bak``, under ``settings.json.lock`` so two windows changing settings lose
neither change. Losing the catalog loses no setting (it is only the list of games).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from saves.atomic import PRIVATE_FILE, atomic_write

SETTINGS_FORMAT = 1
LOCK_SECONDS = 30.0


def _load(path: Path) -> dict[str, Any]:
    """The settings in ``path``; raises ValueError (or OSError) when it cannot be used."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("settings"), dict):
        raise ValueError("not a settings file")
    fmt = data.get("format")
    if not isinstance(fmt, int) or fmt > SETTINGS_FORMAT:
        raise ValueError(f"settings format {fmt!r}")
    return dict(data["settings"])


class Settings:
    """Key/value settings (board profiles are ``board:<game>``). ``warnings`` says what was
    repaired on opening; ``read_only`` writes nothing (changes last until the program ends)."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = path
        self.backup = path.with_name(path.name + ".bak")
        self.read_only = read_only
        self.warnings: list[str] = []
        self._memory: dict[str, Any] | None = None

    @property
    def exists(self) -> bool:
        return self.path.exists() or self.backup.exists()

    def all(self) -> dict[str, Any]:
        """Every setting, read from the file now (another window may have changed one)."""
        if self._memory is not None:
            return dict(self._memory)
        for candidate in (self.path, self.backup):
            if not candidate.exists():
                continue
            try:
                values = _load(candidate)
            except (OSError, ValueError, UnicodeDecodeError):
                self._note_damage(candidate)
                continue
            return values
        return {}

    def _note_damage(self, path: Path) -> None:
        """Say that ``path`` is damaged (never silently): its settings and board profiles
        are not used; a writing window keeps it aside for a look, a reading one leaves it."""
        fallback = " (the last good copy, settings.json.bak, is used instead)" \
            if path == self.path and self.backup.exists() else ""
        message = (f"{path} is damaged and could not be read; the settings and board "
                   f"profiles it held are not used{fallback}")
        if not self.read_only and path == self.path:
            kept = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
            try:
                path.replace(kept)
                message = (f"{path} was damaged and could not be read; it was kept as "
                           f"{kept.name} and the settings and board profiles it held are "
                           f"not used{fallback}")
            except OSError:
                pass
        if message not in self.warnings:
            self.warnings.append(message)

    def get(self, key: str, default: Any = None) -> Any:
        return self.all().get(key, default)

    def set(self, key: str, value: Any) -> None:
        self.update({key: value})

    def update(self, values: dict[str, Any]) -> None:
        """Change several settings in one write."""
        if self.read_only:
            self._memory = self.all() | values
            return
        from filelock import FileLock  # imported late: reading needs no lock

        with FileLock(str(self.path) + ".lock", timeout=LOCK_SECONDS, mode=PRIVATE_FILE):
            data = self.all() | values
            payload = json.dumps({"format": SETTINGS_FORMAT, "settings": data}, indent=1,
                                 sort_keys=True, ensure_ascii=False).encode()
            if self.path.exists():
                atomic_write(self.backup, self.path.read_bytes())
            atomic_write(self.path, payload)
