"""Home's way to carry the data folder to another laptop: back it up to one file, or restore
a backup (as `tableside backup` and `tableside restore` do), through the app's small forms."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tableside.api import TablesideError

if TYPE_CHECKING:
    from tui.screens.home import HomeScreen


def offer_backup(home: HomeScreen) -> None:
    """Ask: back up or restore; then the file; then do it, saying what was done."""
    from tui.screens.pick import PickScreen

    def picked(choice: str | None) -> None:
        if choice == "backup":
            _ask_file(home, "Back up every game, profile, rulebook and key to the file",
                      str(Path.home() / f"tableside-{datetime.now():%Y%m%d-%H%M}.zip"),
                      lambda path: _backup(home, path))
        elif choice == "restore":
            _ask_file(home, "Restore from the backup file", "",
                      lambda path: _restore(home, path))

    home.app.push_screen(PickScreen("Move the data folder", [
        ("Back up this data folder to one file", "backup"),
        ("Restore a backup into this data folder", "restore")]), picked)


def _ask_file(home: HomeScreen, prompt: str, value: str,
              then: Callable[[Path], None]) -> None:
    from tui.screens.confirm import TextPromptScreen

    def given(text: str | None) -> None:
        if text and text.strip():
            then(Path(text.strip()).expanduser())

    home.app.push_screen(TextPromptScreen(prompt, value), given)


def _backup(home: HomeScreen, path: Path) -> None:
    from tableside.backup import write_backup

    if home.table is None:
        return
    if path.exists():
        home.notify(f"{path} exists; nothing was written (give another name)",
                    severity="error", markup=False)
        return
    try:
        titles = write_backup(home.table.root, path)
    except (TablesideError, OSError) as err:
        home.notify(f"The backup was not written: {err}", severity="error", markup=False)
        return
    home.notify(f"Wrote {len(titles)} game(s) to {path}. Secrets stay sealed in it (PINs "
                "still needed); keep the file private: it holds the app's keys.",
                timeout=10, markup=False)


def _restore(home: HomeScreen, path: Path) -> None:
    from tableside.backup import plan_restore, read_backup, restore
    from tui.screens.confirm import ConfirmScreen

    table = home.table
    if table is None:
        return
    try:
        backup = read_backup(path)
        plan = plan_restore(table.root, backup)
    except (TablesideError, OSError) as err:
        home.notify(str(err), severity="error", markup=False)
        return

    def go(replace: bool | None) -> None:
        if plan.to_ask and not replace:
            return
        try:
            restore(table.root, backup, replace=bool(replace))
        except (TablesideError, OSError) as err:
            home.notify(str(err), severity="error", markup=False)
            return
        home.notify(f"Restored {len(plan.games)} game(s) from {path.name}.", markup=False)
        home.refresh_saves(force=True)

    if plan.to_ask and not plan.present:
        home.app.push_screen(ConfirmScreen("Restoring replaces " + "; ".join(plan.to_ask)
                                           + ". Go on? (y/n)"), go)
    else:
        go(None)
