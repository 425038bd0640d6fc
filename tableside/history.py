"""The play history across every saved game, and each game's report.

A game's summary (title, mode, players, length in moments and minutes, ending, winners,
scores) comes from replaying its journal (``trackers.engine.report``). Replaying hundreds of
games at every look would be slow, so summaries are kept in ``history-cache.json`` beside the
journals, each with the size and time of the journal it was read from: a summary whose
journal changed since (or that is missing) is read again, so the cache is never trusted over
the journals. A folder that cannot be written just goes without the cache.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from saves.atomic import atomic_write

if TYPE_CHECKING:
    from tableside.api import OpenSession, Tableside
    from trackers.engine.report import Report

CACHE = "history-cache.json"
CACHE_FORMAT = 1


@dataclass(frozen=True)
class GameSummary:
    """One saved game as the play history shows it."""

    id: str
    game: str
    title: str  # the game's title ("Lifeform")
    name: str  # the session's own title ("Friday night")
    mode: str
    players: tuple[str, ...]
    created: str
    unit: str  # "round", "turn", "cycle"
    length: int  # how many of those the game reached
    minutes: int  # from the first action to the last
    actions: int
    ending: str | None = None  # None while the game is not over
    winners: tuple[str, ...] = ()
    sides: tuple[str, ...] = ()
    scores: dict[str, int] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()  # tamper or damage found in the game's files
    provisional: str = ""  # why the winners may still change (the game's secrets)

    @property
    def finished(self) -> bool:
        return self.ending is not None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSummary:
        data = dict(data)
        for key in ("players", "winners", "sides", "warnings"):
            data[key] = tuple(data.get(key, ()))
        return cls(**data)


def summarise(play: OpenSession) -> GameSummary:
    """A summary of an open game, from its report."""
    report = play.report()
    game = play.game
    mode = play.setup.mode
    try:
        mode_title = game.info.mode(mode).title if mode else ""
    except ValueError:
        mode_title = mode
    end = report.end
    return GameSummary(
        id=play.id, game=game.id, title=game.title, name=play.info.title, mode=mode_title,
        players=tuple(play.setup.names), created=play.info.created, unit=report.unit,
        length=report.length, minutes=_minutes(report.started, report.last),
        actions=report.actions, ending=end.ending if end else None,
        winners=tuple(end.winners) if end else (), sides=tuple(end.sides) if end else (),
        scores=dict(end.scores) if end else {}, warnings=tuple(play.warnings),
        provisional=end.provisional if end else "")


def _minutes(first: str, last: str) -> int:
    try:
        span = datetime.fromisoformat(last) - datetime.fromisoformat(first)
    except ValueError:
        return 0
    return max(0, round(span.total_seconds() / 60))


def _stamp(path: Path) -> list[int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns]


def summaries(table: Tableside) -> tuple[list[GameSummary], list[str]]:
    """Every saved game's summary, latest first, and the games that could not be read."""
    root = table.root
    cache_path = root / CACHE
    cache = _read_cache(cache_path)
    fresh: dict[str, Any] = {}
    out: list[GameSummary] = []
    problems: list[str] = []
    for info in table.sessions():
        # the seal and snapshot too: an edit of either changes the warnings shown
        stamp = [_stamp(table.store.journal_path(info.id)),
                 _stamp(table.store.seal_path(info.id)),
                 _stamp(table.store.snapshot_path(info.id))]
        kept = cache.get(info.id)
        if kept and kept.get("stamp") == stamp:
            try:
                summary = GameSummary.from_dict(kept["summary"])
            except (KeyError, TypeError):
                summary = None
            if summary is not None:
                out.append(summary)
                fresh[info.id] = kept
                continue
        try:
            play = table.load(info.id, read_only=True)
        except Exception as err:  # a damaged game is named, never a traceback
            problems.append(f"{info.title}: {err}")
            continue
        try:
            summary = summarise(play)
        finally:
            play.close()
        out.append(summary)
        fresh[info.id] = {"stamp": stamp, "summary": summary.to_dict()}
    if fresh != cache and not table.read_only:
        _write_cache(cache_path, fresh)
    return out, problems


def _read_cache(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT:
        return {}
    games = data.get("games")
    return games if isinstance(games, dict) else {}


def _write_cache(path: Path, games: dict[str, Any]) -> None:
    payload = json.dumps({"format": CACHE_FORMAT, "games": games}).encode()
    try:
        atomic_write(path, payload)
        os.chmod(path, 0o600)
    except OSError:
        pass  # only a cache: the next look reads the journals again


# --- the history: counts across games ----------------------------------------------------------


@dataclass(frozen=True)
class PlayerRecord:
    """A player's record: ``played`` counts finished games only (each a win or not);
    ``unfinished`` the games still going, which are neither a win nor a loss."""

    name: str
    played: int
    won: int
    best: dict[str, int]  # game title -> best score
    unfinished: int = 0


@dataclass(frozen=True)
class History:
    """What the play history screen and ``tableside history`` show."""

    games: tuple[GameSummary, ...]  # latest started first
    by_title: dict[str, int]  # "Lifeform, Dragon's Domain solo" -> finished games
    endings: dict[str, int]  # "Lifeform: Ending B" -> how often
    sides: dict[str, int]  # "Lifeform: crew" -> wins
    players: tuple[PlayerRecord, ...]
    high_scores: dict[str, tuple[str, int]]  # game title -> (player, score)
    minutes: int
    problems: tuple[str, ...] = ()
    unfinished: dict[str, int] = field(default_factory=dict)  # title -> games not over

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": [g.to_dict() for g in self.games], "by_title": self.by_title,
            "endings": self.endings, "wins_by_side": self.sides,
            "players": [asdict(p) for p in self.players],
            "high_scores": {k: {"player": p, "score": s} for k, (p, s) in
                            self.high_scores.items()},
            "minutes": self.minutes, "problems": list(self.problems),
            "unfinished_by_title": self.unfinished,
        }


def history(summaries_: Sequence[GameSummary], *, game: str | None = None,
            player: str | None = None, problems: Iterable[str] = ()) -> History:
    """The counts across games, filtered by game id and by a player's name.

    A game not over yet is counted apart (``unfinished``): it is neither won nor lost, so it
    adds to no one's played count. The games are listed latest started first.
    """
    wanted = sorted((s for s in summaries_
                     if (game is None or s.game == game)
                     and (player is None
                          or player.casefold() in (p.casefold() for p in s.players))),
                    key=lambda s: str(s.created or ""), reverse=True)

    def label(s: GameSummary) -> str:
        return f"{s.title}, {s.mode}" if s.mode else s.title

    by_title = Counter(label(s) for s in wanted if s.finished)
    unfinished_by_title = Counter(label(s) for s in wanted if not s.finished)
    endings = Counter(f"{s.title}: {s.ending}" for s in wanted if s.ending)
    sides = Counter(f"{s.title}: {side}" for s in wanted for side in s.sides)
    names: dict[str, str] = {}
    played: Counter[str] = Counter()
    going: Counter[str] = Counter()
    won: Counter[str] = Counter()
    best: dict[str, dict[str, int]] = {}
    high: dict[str, tuple[str, int]] = {}
    for summary in wanted:
        for name in summary.players:
            key = name.casefold()
            names.setdefault(key, name)
            (played if summary.finished else going)[key] += 1
        for name in summary.winners:
            won[name.casefold()] += 1
        for name, score in summary.scores.items():
            mine = best.setdefault(name.casefold(), {})
            mine[summary.title] = max(score, mine.get(summary.title, score))
            if summary.title not in high or score > high[summary.title][1]:
                high[summary.title] = (name, score)
    records = tuple(sorted((PlayerRecord(names[k], played[k], won[k], best.get(k, {}),
                                         going[k]) for k in names),
                           key=lambda r: (-r.played, -r.unfinished, r.name.casefold())))
    return History(tuple(wanted), dict(by_title), dict(endings), dict(sides), records, high,
                   sum(s.minutes for s in wanted), tuple(problems), dict(unfinished_by_title))


# --- the report as Markdown -----------------------------------------------------------------


def report_markdown(report: Report, title: str, warnings: Sequence[str] = ()) -> str:
    """The report's tables as Markdown: what was found wrong with the game's files first,
    then values by moment, key moments, the end, secrets."""
    from trackers.pieces.secret import MISMATCH

    unit = report.unit.capitalize()
    lines = [f"# {title}: game report", "",
             f"{report.title}, {report.actions} actions over {report.length} "
             f"{report.unit}{'s' if report.length != 1 else ''}.", ""]
    if warnings:
        lines += ["## Warnings about this game's files", "",
                  *(f"- {_cell(w)}" for w in warnings), ""]
    if report.series:
        moments = sorted({m for s in report.series for m, _ in s.by_moment()})
        lines += ["## Tracks and counters", "",
                  f"| | {' | '.join(f'{unit} {m}' for m in moments)} |",
                  f"|---|{'---:|' * len(moments)}"]
        for series in report.series:
            values = dict(series.by_moment())
            cells, last = [], ""
            for m in moments:
                last = series.shown(values[m]) if m in values else last
                cells.append(last)
            lines.append(f"| {_cell(series.label)} | {' | '.join(cells)} |")
        lines.append("")
    if report.moments:
        lines += ["## Key moments", "", f"| {unit} | What happened |", "|---:|---|"]
        lines += [f"| {m.moment} | {_cell(m.text)} |" for m in report.moments]
        lines.append("")
    if report.end is not None:
        end = report.end
        lines += ["## The end", "", f"{_cell(end.ending)}" + (f": {end.summary}"
                                                          if end.summary else ""), ""]
        if end.winners_line():
            lines += [_cell(str(end.winners_line())), ""]
        if end.scores:
            lines += ["| Player | Score |", "|---|---:|"]
            lines += [f"| {_cell(n)} | {v} |" for n, v in
                      sorted(end.scores.items(), key=lambda item: -item[1])]
            lines.append("")
    if report.secrets:
        lines += ["## Secrets revealed", "",
                  "| Secret | Value | Commitment code | Nonce | Held by |", "|---|---|---|---|---|"]
        lines += [f"| {_cell(s.label)} | {_cell(s.value)}"
                  f"{'' if s.matches else ' (' + MISMATCH + ')'} | {s.code} | {s.nonce} | "
                  f"{_cell(', '.join(s.held_by) or s.owner)} |" for s in report.secrets]
        lines.append("")
    if report.table_log:
        lines += ["## Looks, wrong PINs and reveals", "", "| When | What happened |",
                  "|---|---|"]
        lines += [f"| {line.at[:19]} | {_cell(line.text)}{' (undone)' if line.undone else ''} |"
                  for line in report.table_log]
        lines.append("")
    if report.codes:
        lines += ["## Commitment codes shown", "", "| Action | Secret | Code |", "|---:|---|---|"]
        lines += [f"| {c.seq} | {_cell(c.secret)} | {c.code} |" for c in report.codes]
        lines.append("")
    return "\n".join(lines)


def _cell(text: str) -> str:
    """Text a person typed, safe inside a Markdown table cell."""
    return " ".join(str(text).split()).replace("|", "\\|")
