"""Split a text into titled sections, each with a level (1 = chapter) and a Markdown body.

Plain text: the text's own table of contents when it has one (entries found again in the body, in
order); inside a flat contents list, and in texts without one, heading lines (short, isolated,
title-case or ALL CAPS lines). Markdown: `#` headings, where a trailing `{#key other_key}` gives
context-help topic keys and is dropped from the shown title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

FRONT_MATTER = "Front matter"
#: Characters a section's body holds at most: a longer one is cut into parts of about half
#: that (at a paragraph where it has one, else a line, else a space). A search costs with the
#: size of the sections it matches and marks, so a 20 MB text with no heading must not be one
#: section. The longest section of the five rulebook texts holds about 6,400 characters, so
#: a real rulebook's sections stay whole.
MAX_SECTION_CHARS = 8000

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_TOC_HEADING = re.compile(r"^\s*(table of )?contents\s*$", re.IGNORECASE)
_BULLET = re.compile(r"^[•·▪◦*\-–]\s*")
_PAGE_NUMBER = re.compile(r"(\s*\.{2,}\s*|\t+|\s{2,})\d{1,4}$")
_TRAILING_NUMBER = re.compile(r"\s+\d{1,4}$")
_MD_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_MD_TOPICS = re.compile(r"\s*\{#?([A-Za-z0-9_][A-Za-z0-9_ #-]*)\}\s*$")
_SMALL_TEXT = "a an the of and or to in on for with at by from into vs & is as your you when if"
_SMALL_WORDS = frozenset((_SMALL_TEXT + " out up not per its it be are").split())


@dataclass
class RawSection:
    """A section before it is stored: no id yet, level relative to the book (1 = chapter)."""

    title: str
    level: int
    body: str
    topics: tuple[str, ...] = ()


@dataclass
class ParsedText:
    """A text cut into sections, with its title and what the cutting noticed."""

    title: str
    sections: list[RawSection]
    notes: list[str] = field(default_factory=list)


def clean_text(text: str) -> str:
    """Unix newlines, no control characters (they would clash with the hit markers)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\ufeff", "")
    text = _CONTROL.sub("", text)
    return "\n".join(line.rstrip() for line in text.split("\n"))


def with_paths(title: str, sections: list[RawSection]) -> list[tuple[RawSection, tuple[str, ...]]]:
    """Each section with its path: the book title, its ancestors' titles, its own title."""
    stack: list[tuple[int, str]] = []
    out: list[tuple[RawSection, tuple[str, ...]]] = []
    for section in sections:
        while stack and stack[-1][0] >= section.level:
            stack.pop()
        out.append((section, (title, *(t for _, t in stack), section.title)))
        stack.append((section.level, section.title))
    return out


def bounded(sections: list[RawSection], limit: int = MAX_SECTION_CHARS) -> list[RawSection]:
    """The sections with every body longer than ``limit`` cut into parts of at most half
    ``limit`` characters (smaller parts make the matched words quicker to mark), titled
    "<title> (part 2 of 9)" after the first; the parts stay at the section's level, so the
    contents list them side by side."""
    out: list[RawSection] = []
    for section in sections:
        if len(section.body) <= limit:
            out.append(section)
            continue
        pieces = _cut_body(section.body, max(1, limit // 2))
        for n, piece in enumerate(pieces, 1):
            title = section.title if n == 1 else f"{section.title} (part {n} of {len(pieces)})"
            out.append(RawSection(title, section.level, piece,
                                  section.topics if n == 1 else ()))
    return out


def _cut_body(body: str, limit: int) -> list[str]:
    """``body`` in pieces of at most ``limit`` characters, each cut at the last paragraph
    break in its second half, else the last line break, else the last space."""
    pieces: list[str] = []
    start = 0
    while len(body) - start > limit:
        window_end = start + limit
        cut = -1
        for mark in ("\n\n", "\n", " "):
            at = body.rfind(mark, start + limit // 2, window_end)
            if at > start:
                cut = at
                break
        if cut < 0:
            cut = window_end  # one endless word: cut it anyway
        piece = body[start:cut].strip()
        if piece:
            pieces.append(piece)
        start = cut
    rest = body[start:].strip()
    if rest:
        pieces.append(rest)
    return pieces


# ---------------------------------------------------------------- Markdown


def split_markdown(text: str, fallback_title: str) -> ParsedText:
    """Sections at `#` headings (outside code fences); a lone top `#` heading is the title."""
    lines = clean_text(text).split("\n")
    headings: list[tuple[int, int, str, tuple[str, ...]]] = []  # line, level, title, topics
    fenced = False
    for i, line in enumerate(lines):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        match = None if fenced else _MD_HEADING.match(line)
        if match:
            title, topics = _split_topics(match.group(2))
            if title:
                headings.append((i, len(match.group(1)), title, topics))
    title = fallback_title
    top_level = [h for h in headings if h[1] == 1]
    shift = 0
    if headings and headings[0][1] == 1 and len(top_level) == 1:
        title = headings[0][2]
        shift = 1
    sections: list[RawSection] = []
    first = headings[0][0] if headings else len(lines)
    preamble = "\n".join(lines[:first]).strip()
    if preamble:
        sections.append(RawSection(FRONT_MATTER, 1, preamble))
    for n, (line_no, level, heading, topics) in enumerate(headings):
        end = headings[n + 1][0] if n + 1 < len(headings) else len(lines)
        body = "\n".join(lines[line_no + 1 : end]).strip()
        if shift and n == 0:
            if body:
                sections.append(RawSection(FRONT_MATTER, 1, body))
            continue
        sections.append(RawSection(heading, max(1, level - shift), body, topics))
    if not sections:
        sections.append(RawSection(title, 1, "\n".join(lines).strip()))
    return ParsedText(title, sections)


def _split_topics(heading: str) -> tuple[str, tuple[str, ...]]:
    match = _MD_TOPICS.search(heading)
    if not match:
        return heading.strip(), ()
    keys = tuple(k.lstrip("#") for k in match.group(1).split() if k.lstrip("#"))
    return heading[: match.start()].strip(), keys


# ---------------------------------------------------------------- plain text


def split_plain(text: str, fallback_title: str) -> ParsedText:
    """Sections from the text's own contents list where it has one, else from heading lines."""
    lines = clean_text(text).split("\n")
    notes: list[str] = []
    toc = _find_toc(lines)
    if toc is not None:
        toc_line, body_start, entries = toc
        title = _title_before(lines, toc_line) or fallback_title
        found, missing = _place_entries(lines, body_start, entries)
        structural = {line for line, _ in found}
        if missing:
            shown = ", ".join(missing[:8]) + (" …" if len(missing) > 8 else "")
            notes.append(f"{len(missing)} contents entries not found in the text: {shown}")
        if max(level for _, level in entries) == 1:
            # A flat contents list names only the chapters: find the headings inside them too.
            taken = {line for line, _ in found}
            extra = [
                (i, 2)
                for i in _heading_lines(lines, body_start)
                if i not in taken and i > min(taken, default=len(lines))
            ]
            found = sorted(found + extra)
        headings = found
    else:
        body_start = 0
        structural = set()
        first = _first_line(lines)
        title = first if first and looks_like_heading(first) else fallback_title
        candidates = [i for i in _heading_lines(lines, 0) if lines[i].strip() != title]
        caps = {i for i in candidates if lines[i].strip().isupper()}
        two_levels = bool(caps) and len(caps) < len(candidates)
        headings = [(i, 1 if (i in caps or not two_levels) else 2) for i in candidates]
        if not headings:
            notes.append("no headings found: the text is one section")
    sections = _cut(lines, body_start, headings, title, structural)
    if not sections:
        sections = [RawSection(title, 1, _markdownish(lines))]
    return ParsedText(title, sections, notes)


def _find_toc(lines: list[str]) -> tuple[int, int, list[tuple[str, int]]] | None:
    """(contents heading line, first body line, [(entry, level)]) or None."""
    for t, line in enumerate(lines[:400]):
        if not _TOC_HEADING.match(line):
            continue
        j = t + 1
        while j < len(lines) and (not lines[j].strip() or _TOC_HEADING.match(lines[j])):
            j += 1
        block: list[str] = []
        while j < len(lines) and lines[j].strip():
            block.append(lines[j])
            j += 1
        entries = _parse_entries(block)
        if len(entries) < 2 or len(block) > 400:
            continue
        first = _norm(entries[0][0])
        if any(_norm(line) == first for line in lines[j:]):
            return t, j, entries
    return None


def _parse_entries(block: list[str]) -> list[tuple[str, int]]:
    raw: list[tuple[str, int]] = []
    for line in block:
        expanded = line.replace("\t", "    ")
        indent = len(expanded) - len(expanded.lstrip())
        entry = _BULLET.sub("", expanded.strip())
        stripped = _PAGE_NUMBER.sub("", entry).strip()
        entry = stripped or entry
        if not entry or len(entry) > 120:
            return []
        raw.append((entry, indent))
    indents = sorted({indent for _, indent in raw})
    return [(entry, indents.index(indent) + 1) for entry, indent in raw]


def _place_entries(
    lines: list[str], start: int, entries: list[tuple[str, int]]
) -> tuple[list[tuple[int, int]], list[str]]:
    """Find each contents entry in the body, in order; prefer a line standing alone."""
    found: list[tuple[int, int]] = []
    missing: list[str] = []
    pos = start
    for entry, level in entries:
        target = _norm(entry)
        loose = None
        exact = None
        for k in range(pos, len(lines)):
            if _norm(lines[k]) != target:
                continue
            if _isolated(lines, k):
                exact = k
                break
            if loose is None:
                loose = k
        hit = exact if exact is not None else loose
        if hit is None and _TRAILING_NUMBER.search(entry):
            # "Board 4": perhaps a page number after a single space
            retry, _ = _place_entries(lines, pos, [(_TRAILING_NUMBER.sub("", entry), level)])
            hit = retry[0][0] if retry else None
        if hit is None:
            missing.append(entry)
            continue
        found.append((hit, level))
        pos = hit + 1
    return found, missing


def _heading_lines(lines: list[str], start: int) -> list[int]:
    return [
        i for i in range(start, len(lines)) if _isolated(lines, i) and looks_like_heading(lines[i])
    ]


def looks_like_heading(line: str) -> bool:
    """A short title line: no sentence inside it, mostly capitalised words, or ALL CAPS."""
    s = line.strip()
    if not 2 <= len(s) <= 70 or "\t" in line:
        return False
    if s[0] in "•·*-–—\"'“‘(" or s[-1] in ".,;:" or not (s[0].isupper() or s[0].isdigit()):
        return False
    numbered = re.sub(r"^(\d+|[IVX]+)[.)]\s+", "", s)  # "1. The Crew Round", "II. Event Phase"
    if re.search(r"[.!?]\s", numbered[:-1]):  # a sentence ends inside: flavour, not a title
        return False
    words = s.split()
    lettered = [w for w in words if any(c.isalpha() for c in w)]
    if len(words) > 10 or not lettered:
        return False
    if s.isupper():
        return True
    significant = [w for w in lettered if w.lower().strip("'\"():!?,…") not in _SMALL_WORDS]
    if not significant:
        return False
    capitalised = sum(1 for w in significant if next(c for c in w if c.isalpha()).isupper())
    return capitalised / len(significant) >= 0.6


def _cut(
    lines: list[str],
    start: int,
    headings: list[tuple[int, int]],
    title: str,
    structural: set[int],
) -> list[RawSection]:
    sections: list[RawSection] = []
    first = headings[0][0] if headings else len(lines)
    preamble = _markdownish(lines[start:first], skip=title)
    if preamble:
        sections.append(RawSection(FRONT_MATTER if headings else title, 1, preamble))
    for n, (line_no, level) in enumerate(headings):
        end = headings[n + 1][0] if n + 1 < len(headings) else len(lines)
        body = _markdownish(lines[line_no + 1 : end])
        opens_chapter = n + 1 < len(headings) and headings[n + 1][1] > level
        # Contents entries stay even when empty (the contents pane shows them); a found
        # heading with nothing under it and nothing beneath it is dropped.
        if body or line_no in structural or opens_chapter:
            sections.append(RawSection(lines[line_no].strip(), level, body))
    return sections


def _markdownish(lines: list[str], skip: str = "") -> str:
    """Plain lines as Markdown: bullets become list items, tab rows a table, lines paragraphs."""
    out: list[str] = []
    table: list[list[str]] = []

    def flush_table() -> None:
        if not table:
            return
        width = max(len(row) for row in table)
        rows = [row + [""] * (width - len(row)) for row in table]
        out.append("| " + " | ".join(rows[0]) + " |")
        out.append("|" + " --- |" * width)
        out.extend("| " + " | ".join(row) + " |" for row in rows[1:])
        out.append("")
        table.clear()

    for line in lines:
        if skip and line.strip() == skip:
            continue
        if "\t" in line.strip():
            table.append([cell.strip().replace("|", "\\|") for cell in line.strip().split("\t")])
            continue
        flush_table()
        stripped = line.strip()
        if not stripped:
            continue
        expanded = line.replace("\t", "    ")
        indent = len(expanded) - len(expanded.lstrip())
        if _BULLET.match(stripped) and stripped[0] in "•·▪◦":
            out.append(" " * indent + "- " + _BULLET.sub("", stripped))
        else:
            if out and out[-1].lstrip().startswith("- "):
                out.append("")
            out.append(stripped)
            out.append("")
    flush_table()
    return "\n".join(out).strip()


def _isolated(lines: list[str], i: int) -> bool:
    before = i == 0 or not lines[i - 1].strip()
    after = i + 1 >= len(lines) or not lines[i + 1].strip()
    return before and after and bool(lines[i].strip())


def _norm(text: str) -> str:
    text = _BULLET.sub("", text.strip())
    text = text.replace("’", "'").replace("‘", "'").replace("–", "-").replace("—", "-")
    return " ".join(text.casefold().split())


def _title_before(lines: list[str], index: int) -> str:
    for line in reversed(lines[:index]):
        if line.strip() and not _TOC_HEADING.match(line):
            return line.strip()[:120]
    return ""


def _first_line(lines: list[str]) -> str:
    for line in lines[:20]:
        if line.strip():
            return line.strip()[:120] if len(line.strip()) <= 120 else ""
    return ""
