"""The scored Space Station Phoenix sheet as Markdown, CSV, a JSON-ready dict and bar data.

Pure: strings and plain data out, no files. Players are columns, categories are rows (the
rulebook's score sheet layout, spec §7.2 and §8.2).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trackers.games.space_station_phoenix.scoring import CATEGORIES, ScoreResult

CATEGORY_LABELS: dict[str, str] = {
    "in_game": "In-game points",
    "sectors": "A. Sectors built",
    "residents": "B. Residents (2 each)",
    "plurality_teal": "C. Plurality: teal (Turkanshee)",
    "plurality_pink": "C. Plurality: pink (Ensaroo)",
    "plurality_brown": "C. Plurality: brown (Zonri)",
    "plurality_gold": "C. Plurality: gold (Whijinga)",
    "plurality_human": "C. Plurality: Humans",
    "hub_bonus": "D. Hub endgame bonus",
    "sector_bonus": "D. Level-3 endgame bonuses",
    "leftovers": "E. Leftover GEMs & resources",
    "total": "Total",
}


def winner_line(result: ScoreResult) -> str:
    """"Winner: Connor" or "Shared win: Ana and Bo", plus how it was decided."""
    label = "Winner" if len(result.winners) == 1 else "Shared win"
    return f"{label}: {' and '.join(result.winners)} ({result.winner_why})"


# The open rulings in the table's words (what the sheet's file calls them is the key).
RULING_WORDS: dict[str, str] = {
    "sector_315_copies_b4": "does Sector 315 copy Hub B-4's bonus?",
    "free_sectors_count_as_built": "do free Sectors count as built for A-6?",
}


def unset_lines(result: ScoreResult, decide: Callable[[str], str] | None = None) -> list[str]:
    """One line per open ruling (spec §10) that could still change a score; ``decide`` says
    where the ruling is set (the screen's palette, the file's settings) for a setting key."""
    return [f"{u.player}: {u.why}. Open ruling: {RULING_WORDS.get(u.setting, u.setting)}"
            + (f" ({decide(u.setting)})" if decide else "") for u in result.unset]


def rows(result: ScoreResult) -> list[list[str]]:
    """The sheet as text cells: a header row, one row per category, then the total."""
    table = [["Category", *(p.name for p in result.players)]]
    for category in CATEGORIES:
        table.append(
            [CATEGORY_LABELS[category], *(str(p.cell(category).points) for p in result.players)]
        )
    table.append([CATEGORY_LABELS["total"], *(str(p.total.points) for p in result.players)])
    return table


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(result: ScoreResult, *, explain: bool = False) -> str:
    """A Markdown table (total in bold), the winner line, and optionally every cell's reason."""
    table = rows(result)
    header, body, total = table[0], table[1:-1], table[-1]
    lines = [
        "| " + " | ".join(_md_cell(c) for c in header) + " |",
        "|---" + "|---:" * (len(header) - 1) + "|",
    ]
    lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in body]
    lines.append("| " + " | ".join(f"**{_md_cell(c)}**" for c in total) + " |")
    lines += ["", winner_line(result)]
    lines += [f"- {line}" for line in unset_lines(result)]
    if explain:
        for player in result.players:
            lines += ["", f"{player.name}:"]
            lines += [
                f"- {CATEGORY_LABELS[c.category]}: {_md_cell(c.why)}"
                for c in (*player.cells, player.total)
            ]
    return "\n".join(lines) + "\n"


def _csv_field(text: str) -> str:
    # RFC 4180 quoting, done by hand so this module stays free of file-like objects.
    if any(ch in text for ch in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def to_csv(result: ScoreResult) -> str:
    """CSV: the header, one row per category, the total row, then a Winner row."""
    table = rows(result)
    table.append(["Winner", *(("yes" if p.name in result.winners else "") for p in result.players)])
    return "".join(",".join(_csv_field(c) for c in row) + "\r\n" for row in table)


def to_json(result: ScoreResult) -> dict[str, Any]:
    """The --json shape: players with their categories and total, and the winner names.

    An ``unset`` list is added only when a ruling the rulebook leaves open (spec §10) could
    still change a score.
    """
    data: dict[str, Any] = {
        "players": [
            {"name": p.name, "categories": p.points(), "total": p.total.points}
            for p in result.players
        ],
        "winners": list(result.winners),
    }
    if result.unset:
        data["unset"] = [
            {"player": u.player, "setting": u.setting, "why": u.why} for u in result.unset
        ]
    return data


@dataclass(frozen=True)
class BarSegment:
    """One category's share of a player's bar; points may be negative only for in_game."""

    category: str
    label: str
    points: int


@dataclass(frozen=True)
class ScoreBar:
    """A player's total as a stacked bar of its non-zero categories, in sheet order."""

    name: str
    total: int
    segments: tuple[BarSegment, ...]
    winner: bool


def stacked_bars(result: ScoreResult) -> tuple[ScoreBar, ...]:
    """Bar data per player for the TUI: where each player's points came from."""
    return tuple(
        ScoreBar(
            name=p.name,
            total=p.total.points,
            segments=tuple(
                BarSegment(c.category, CATEGORY_LABELS[c.category], c.points)
                for c in p.cells
                if c.points != 0
            ),
            winner=p.name in result.winners,
        )
        for p in result.players
    )


def breakdown_arg(result: ScoreResult) -> str:
    """Each player's points by the six groups the game's record keeps ("Anna=1/44/50/32/14/1":
    in-game, A Sectors, B residents, C pluralities, D endgame bonuses, E leftovers)."""
    groups = (("in_game",), ("sectors",), ("residents",),
              tuple(c for c in CATEGORIES if c.startswith("plurality_")),
              ("hub_bonus", "sector_bonus"), ("leftovers",))
    return ", ".join(
        f"{p.name}=" + "/".join(str(sum(p.cell(c).points for c in group)) for group in groups)
        for p in result.players)
