"""PDF rulebooks: text per page with pdfminer.six (it keeps two-column reading order), sections
from the PDF outline (bookmarks) where it has one, else from heading lines.

pypdf mixes the columns of a two-column page; PyMuPDF is AGPL. See docs/DESIGN.md, References.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from references.errors import ImportRefused
from references.sectioning import FRONT_MATTER, ParsedText, RawSection, clean_text, split_plain

Progress = Callable[[float, str], None]


@dataclass
class PdfText:
    """What a PDF gave: text per page, its outline as (level, title, page index), its title."""

    pages: list[str]
    outline: list[tuple[int, str, int]] = field(default_factory=list)
    title: str = ""

    @property
    def pages_without_text(self) -> tuple[int, ...]:
        """1-based numbers of pages with no extractable text (scanned images, blank pages)."""
        return tuple(i + 1 for i, text in enumerate(self.pages) if not text.strip())


def read_pdf(path: Path, progress: Progress | None = None) -> PdfText:
    """Extract the text of every page and the outline; ImportRefused when pdfminer cannot."""
    from pdfminer.converter import TextConverter
    from pdfminer.layout import LAParams
    from pdfminer.pdfdocument import PDFDocument
    from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser

    try:
        with path.open("rb") as handle:
            document = PDFDocument(PDFParser(handle))
            pages = list(PDFPage.create_pages(document))
            manager = PDFResourceManager()
            buffer = io.StringIO()
            converter = TextConverter(manager, buffer, laparams=LAParams())
            interpreter = PDFPageInterpreter(manager, converter)
            texts: list[str] = []
            for n, page in enumerate(pages):
                interpreter.process_page(page)
                texts.append(clean_text(buffer.getvalue()))
                buffer.seek(0)
                buffer.truncate(0)
                if progress:
                    progress(0.7 * (n + 1) / max(1, len(pages)), f"read page {n + 1}")
            converter.close()
            page_index: dict[object, int] = {page.pageid: i for i, page in enumerate(pages)}
            outline = _outline(document, page_index)
            title = _info_title(document)
    except ImportRefused:
        raise
    except Exception as error:  # pdfminer raises many kinds; all mean "cannot read this PDF"
        raise ImportRefused(
            f"{path.name}: could not read this PDF ({type(error).__name__}: {error}); "
            "it may be damaged or encrypted"
        ) from None
    return PdfText(texts, outline, title)


def _outline(document: Any, page_index: dict[object, int]) -> list[tuple[int, str, int]]:
    from pdfminer.pdfdocument import PDFNoOutlines
    from pdfminer.pdftypes import resolve1

    entries: list[tuple[int, str, int]] = []
    try:
        items = list(document.get_outlines())
    except PDFNoOutlines:
        return []
    except Exception:
        return []
    for level, title, dest, action, _ in items:
        target = dest
        if target is None and action is not None:
            action = resolve1(action)
            if isinstance(action, dict):
                target = action.get("D")
        target = resolve1(target)
        if isinstance(target, bytes | str):
            try:
                target = resolve1(document.get_dest(target))
            except Exception:
                continue
        if isinstance(target, dict):
            target = resolve1(target.get("D"))
        if not isinstance(target, list) or not target:
            continue
        ref = target[0]
        objid = getattr(ref, "objid", None)
        if objid not in page_index:
            continue
        text = _decode(title).strip()
        if text:
            entries.append((int(level), text, page_index[objid]))
    return entries


def _info_title(document: Any) -> str:
    from pdfminer.pdftypes import resolve1

    for info in getattr(document, "info", []) or []:
        title = resolve1(info.get("Title")) if isinstance(info, dict) else None
        if title:
            return _decode(title).strip()[:120]
    return ""


def _decode(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        if value.startswith((b"\xfe\xff", b"\xff\xfe")):
            return value.decode("utf-16", errors="replace")
        return value.decode("latin-1")
    return str(value or "")


def split_pdf(pdf: PdfText, fallback_title: str) -> ParsedText:
    """Sections by the outline where there is one (cut where each title appears on its page),
    else by the text's own contents list or heading lines."""
    title = pdf.title or fallback_title
    if not pdf.outline:
        parsed = split_plain("\n\n".join(pdf.pages), title)
        if pdf.title:
            parsed.title = pdf.title
        return parsed
    text = ""
    starts: list[int] = []
    for page in pdf.pages:
        starts.append(len(text))
        text += page.strip() + "\n\n"
    starts.append(len(text))
    cuts: list[tuple[int, int, int, str]] = []  # start of body, heading start, level, title
    pos = 0
    for level, heading, page_no in pdf.outline:
        begin = max(pos, starts[page_no])
        found = _find_heading(text, heading, begin, starts[page_no + 1])
        if found is None:
            cuts.append((begin, begin, level, heading))
        else:
            cuts.append((found[1], found[0], level, heading))
            begin = found[0]
        pos = begin
    sections: list[RawSection] = []
    preamble = text[: cuts[0][1]].strip()
    if preamble:
        sections.append(RawSection(FRONT_MATTER, 1, preamble))
    for n, (body_start, _, level, heading) in enumerate(cuts):
        end = cuts[n + 1][1] if n + 1 < len(cuts) else len(text)
        body = text[body_start:end].strip() if end > body_start else ""
        sections.append(RawSection(heading, level, body))
    return ParsedText(title, sections)


def _find_heading(text: str, heading: str, start: int, end: int) -> tuple[int, int] | None:
    """(start, end) of `heading` where it begins a line between start and end, or None."""
    words = heading.split()
    if not words:
        return None
    joined = r"\s+".join(re.escape(w) for w in words)
    pattern = re.compile(r"(?mi)^[ \t]*(" + joined + ")")
    match = pattern.search(text, start, end)
    return None if match is None else (match.start(1), match.end(1))
