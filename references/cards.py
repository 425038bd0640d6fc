"""The built-in reference cards shipped with the package: one Markdown file per game id."""

from __future__ import annotations

import hashlib
import re
from importlib import resources

from references.games import GAMES

#: Bump when the way cards are cut or indexed changes, so stored cards are rebuilt.
CARD_INDEX_VERSION = "1"

CARD_SOURCE = "built-in card"


_COMMENT = re.compile(r"[ \t]*<!--.*?-->[ \t]*\n?", re.DOTALL)


def shown_text(markdown: str) -> str:
    """A card without its HTML comments (they cite the spec for maintainers, not players)."""
    return _COMMENT.sub("", markdown)


def card_texts() -> dict[str, str]:
    """game id -> the Markdown of its reference card, as written (comments included)."""
    folder = resources.files("references").joinpath("cards")
    texts: dict[str, str] = {}
    for game in GAMES:
        entry = folder.joinpath(f"{game}.md")
        if entry.is_file():
            texts[game] = entry.read_text(encoding="utf-8")
    return texts


def cards_digest(texts: dict[str, str]) -> str:
    """A hash of every card and the index version: when it changes, the cards are re-indexed."""
    digest = hashlib.sha256(CARD_INDEX_VERSION.encode())
    for game in sorted(texts):
        digest.update(game.encode() + b"\0" + texts[game].encode("utf-8") + b"\0")
    return digest.hexdigest()
