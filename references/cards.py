"""The built-in reference cards: each game package ships its own ``card.md``."""

from __future__ import annotations

import hashlib
import re
from importlib import resources

#: Bump when the way cards are cut or indexed changes, so stored cards are rebuilt.
CARD_INDEX_VERSION = "1"

CARD_SOURCE = "built-in card"


_COMMENT = re.compile(r"[ \t]*<!--.*?-->[ \t]*\n?", re.DOTALL)


def shown_text(markdown: str) -> str:
    """A card without its HTML comments (they cite the spec for maintainers, not players)."""
    return _COMMENT.sub("", markdown)


def card_texts() -> dict[str, str]:
    """game id -> the Markdown of its reference card, as written (comments included)."""
    from trackers.games.registry import infos

    texts: dict[str, str] = {}
    for info in infos():
        entry = resources.files(info.home).joinpath("card.md")
        if entry.is_file():
            texts[info.id] = entry.read_text(encoding="utf-8")
    return texts


def cards_digest(texts: dict[str, str]) -> str:
    """A hash of every card and the index version: when it changes, the cards are re-indexed."""
    digest = hashlib.sha256(CARD_INDEX_VERSION.encode())
    for game in sorted(texts):
        digest.update(game.encode() + b"\0" + texts[game].encode("utf-8") + b"\0")
    return digest.hexdigest()
