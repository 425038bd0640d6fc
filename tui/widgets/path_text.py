"""A file's path in a message, broken only between its folders (or after a hyphen in a long
name) so no word of it is cut in two, as a toast's own wrapping would."""

from __future__ import annotations

import os
import re

from rich.cells import cell_len

TOAST_WIDTH = 36  # a toast's text at 80 columns (half the screen, less its border)


def path_lines(path: object, width: int = TOAST_WIDTH) -> str:
    """``path`` as lines of at most ``width`` cells, broken after a folder separator or a
    hyphen only (a piece longer than the width keeps a line of its own)."""
    pieces = re.findall(rf"[^{re.escape(os.sep)}-]*(?:[{re.escape(os.sep)}-]|$)", str(path))
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if line and cell_len(line + piece) > width:
            lines.append(line)
            line = ""
        line += piece
    lines.append(line)
    return "\n".join(lines)
