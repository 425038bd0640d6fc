"""Read a rulebook file the user owns and cut it into sections, refusing what cannot be a rulebook.

Nothing here touches the library: a refusal leaves it exactly as it was.
"""

from __future__ import annotations

import codecs
import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from references.errors import GameNeeded, ImportRefused
from references.games import GAMES, check_game, infer_game
from references.pdf import read_pdf, split_pdf
from references.sectioning import (
    ParsedText,
    RawSection,
    bounded,
    split_markdown,
    split_plain,
)

Progress = Callable[[float, str], None]

MAX_BYTES = 20 * 1024 * 1024
TEXT_SUFFIXES = {".txt": "text", ".md": "markdown", ".markdown": "markdown"}
ALLOWED = ".txt, .md or .pdf"
_USE = f"use a {ALLOWED} file"


@dataclass
class LoadedBook:
    """A rulebook read and sectioned, ready to be stored in one transaction."""

    title: str
    game: str
    source: str
    sha256: str
    sections: list[RawSection]
    pages_without_text: tuple[int, ...] = ()
    notes: list[str] = field(default_factory=list)


def load_rulebook(path: Path, game: str | None, progress: Progress | None = None) -> LoadedBook:
    """Read, check and section `path`; ImportRefused (with the file's name) when it cannot."""
    if game is not None:
        check_game(game)
    name = path.name
    suffix = path.suffix.lower()
    if suffix not in TEXT_SUFFIXES and suffix != ".pdf":
        shown = f"{suffix} files" if suffix else "files without an extension"
        raise ImportRefused(f"{name}: {shown} cannot be imported; use a {ALLOWED} file")
    data = _read_bytes(path)
    digest = hashlib.sha256(data).hexdigest()
    if progress:
        progress(0.05, f"read {name}")
    pages: tuple[int, ...] = ()
    notes: list[str] = []
    if suffix == ".pdf":
        if not data.lstrip()[:5] == b"%PDF-":
            raise ImportRefused(f"{name}: this is not a PDF file (it lacks the %PDF- header)")
        pdf = read_pdf(path, progress)
        if not any(page.strip() for page in pdf.pages):
            raise ImportRefused(
                f"{name}: no page has text (a scanned PDF?); import a PDF with a text layer, "
                "or a .txt or .md copy"
            )
        parsed = split_pdf(pdf, path.stem)
        pages = pdf.pages_without_text
        if pages:
            notes.append("pages with no text (scanned images?): " + ", ".join(map(str, pages)))
        text = "\n".join(pdf.pages)
    else:
        text = _decode(data, name)
        if TEXT_SUFFIXES[suffix] == "markdown":
            parsed = split_markdown(text, path.stem)
        else:
            parsed = split_plain(text, path.stem)
    parsed.sections = bounded(parsed.sections)  # search costs with the longest section
    if progress:
        progress(0.8, f"found {len(parsed.sections)} sections")
    _check_sections(parsed, name)
    chosen = game or infer_game(parsed.title, text)
    if chosen is None:
        raise GameNeeded(
            f"{name}: could not tell which game this rulebook is for; name it "
            f"(one of {', '.join(GAMES)})"
        )
    return LoadedBook(
        title=parsed.title,
        game=chosen,
        source=name,
        sha256=digest,
        sections=parsed.sections,
        pages_without_text=pages,
        notes=notes + parsed.notes,
    )


def _read_bytes(path: Path) -> bytes:
    name = path.name
    try:
        if not path.is_file():
            what = "is a folder, not a file" if path.is_dir() else "does not exist"
            raise ImportRefused(f"{path}: {what}; give a {ALLOWED} file")
        size = path.stat().st_size
        if size == 0:
            raise ImportRefused(f"{name}: the file is empty; give a {ALLOWED} file with text")
        if size > MAX_BYTES:
            raise ImportRefused(
                f"{name}: the file is {size / 1024 / 1024:.1f} MB; the limit is "
                f"{MAX_BYTES // 1024 // 1024} MB"
            )
        return path.read_bytes()
    except OSError as error:
        raise ImportRefused(f"{name}: could not be read ({error.strerror or error})") from None


def _decode(data: bytes, name: str) -> str:
    """UTF-8 (with or without BOM), UTF-16/32 with a BOM, or Windows-1252; else refuse."""
    for bom, encoding in (
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            try:
                return _checked_text(data.decode(encoding), name)
            except UnicodeDecodeError:
                break
    if b"\x00" in data[:8192]:
        raise ImportRefused(f"{name}: this looks like a binary file, not text; {_USE}")
    for encoding in ("utf-8", "cp1252"):
        try:
            return _checked_text(data.decode(encoding), name)
        except UnicodeDecodeError:
            continue
    raise ImportRefused(f"{name}: the text is neither UTF-8 nor Windows-1252; save it as UTF-8")


def _checked_text(text: str, name: str) -> str:
    if not text.strip():
        raise ImportRefused(f"{name}: the file holds only blank space; give a file with text")
    sample = text[:20000]
    control = sum(1 for c in sample if ord(c) < 32 and c not in "\n\r\t\f")
    if control > len(sample) * 0.02:
        raise ImportRefused(f"{name}: this looks like a binary file, not text; {_USE}")
    return text


def _check_sections(parsed: ParsedText, name: str) -> None:
    words = sum(len(s.body.split()) + len(s.title.split()) for s in parsed.sections)
    if words < 3:
        raise ImportRefused(f"{name}: too little text to search ({words} words)")
