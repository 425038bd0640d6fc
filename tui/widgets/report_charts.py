"""The game report's pictures: the players' scores together in one chart (a race), each
other value that moved in its own chart, on one axis for all of them.

The x axis is the game's own moments (rounds, turns, Cycles): moment m runs from m to m + 1
and the actions played in it are spread across it in order, so a round of 29 actions reads as
29 steps, not one jump. The key moments are marked on the axis by letter (A, B, ...), the
letters the list of key moments below the charts uses. A value that never moved is said in
one line instead of drawn (``unmoved_line``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from string import ascii_uppercase

from textual_plotext import PlotextPlot

from trackers.engine.report import Point, Report, Series

CHART_HEIGHT = 10
TICKS_EXACT = 4  # a chart 10 lines high shows this many values on its axis, each on its row
MOMENT_TICKS = 12  # at most this many moments numbered on the axis (every 2nd, 3rd... past it)


def placer(report: Report) -> Callable[[int, int], float]:
    """Where an action sits on the x axis: its moment, plus its place among that moment's
    actions; the setup (action 0) at the start of the first moment."""
    per_moment: dict[int, list[int]] = {}
    for seq, moment in enumerate(report.moment_of_action, start=1):
        per_moment.setdefault(moment, []).append(seq)
    place: dict[int, float] = {}
    for moment, seqs in per_moment.items():
        for k, seq in enumerate(seqs):
            place[seq] = moment + (k + 1) / (len(seqs) + 1)
    first = min(per_moment, default=1)

    def x(seq: int, moment: int) -> float:
        return float(first) if seq == 0 else place.get(seq, float(moment))
    return x


def steps(points: Sequence[Point], x: Callable[[int, int], float], end: float
          ) -> tuple[list[float], list[int]]:
    """A value as steps: it holds until the action that changed it, then reads its new value
    (a sloped line would seem to start the change early); held on to ``end``."""
    xs: list[float] = []
    ys: list[int] = []
    for index, point in enumerate(points):
        at = x(point.seq, point.moment)
        if index:
            xs.append(at)
            ys.append(points[index - 1].value)
        xs.append(at)
        ys.append(point.value)
    if points and (not xs or end > xs[-1]):
        xs.append(end)
        ys.append(points[-1].value)
    return xs, ys


def value_ticks(values: list[int], most: int = 5) -> list[int]:
    """At most ``most`` whole-number ticks from the lowest value to the highest, both shown."""
    if not values:
        return []
    low, high = min(values), max(values)
    if low == high:
        return [low]
    step = max(1, -(-(high - low) // (most - 1)))  # rounded up: never more than ``most``
    ticks = list(range(low, high, step))
    return [*ticks, high] if high - ticks[-1] >= step / 2 or len(ticks) < 2 else \
        [*ticks[:-1], high]


def letters(report: Report) -> list[str]:
    """Each key moment's mark: one letter per action (A, B, ...), so the moments one action
    made share it (the ending and its scores); "" past Z and on a moment's second line."""
    out: list[str] = []
    seqs: list[int] = []
    for moment in report.moments:
        if moment.seq in seqs:
            out.append("")
            continue
        seqs.append(moment.seq)
        index = len(seqs) - 1
        out.append(ascii_uppercase[index] if index < len(ascii_uppercase) else "")
    return out


def markers(names: Sequence[str]) -> list[str]:
    """Each player's mark in the race: their initial, or their number when initials clash."""
    initials = [name[:1].upper() or "?" for name in names]
    if len(set(initials)) == len(initials):
        return initials
    return [str(i + 1) for i in range(len(names))]


def race_series(report: Report) -> list[Series]:
    """The series that are the players' scores (named for the players), when two or more."""
    players = set(report.players)
    race = [s for s in report.series if s.label in players and s.changed]
    return race if len(race) > 1 else []


def unmoved_line(report: Report) -> str:
    """Every value that never moved, in one line ("" when all moved)."""
    still = [f"{s.label} {s.shown(s.points[0].value)}" for s in report.series
             if not s.changed and s.points]
    return f"Never moved: {', '.join(still)}" if still else ""


class ReportChart(PlotextPlot):
    """One chart of the report: one series, or the race of every player's score."""

    DEFAULT_CSS = """
    ReportChart { height: 10; }
    """

    def __init__(self, series: Sequence[Series], report: Report, title: str) -> None:
        super().__init__(classes="report-chart")
        self.series = tuple(series)
        self.report = report
        self.title_text = title

    def on_mount(self) -> None:
        super().on_mount()
        report, plt = self.report, self.plt
        x = placer(report)
        end = float(report.length + 1)
        plt.title(self.title_text)
        race = len(self.series) > 1
        # in a race each player's line is drawn with their initial: told apart without
        # colour, and the title says whose (a legend would sit over the lines)
        marked = markers([s.label for s in self.series]) if race else ["braille"]
        if race:
            plt.title(f"{self.title_text}: " + ", ".join(
                f"{m} {s.label}" for m, s in zip(marked, self.series, strict=True)))
        for series, marker in zip(self.series, marked * len(self.series), strict=False):
            xs, ys = steps(series.points, x, end)
            plt.plot(xs, ys, marker=marker)
        marks: list[tuple[float, str]] = []
        for moment, mark in zip(report.moments, letters(report), strict=True):
            if mark:
                at = x(moment.seq, moment.moment)
                plt.vline(at, "gray")
                marks.append((at, mark))
        first = min(report.moment_of_action, default=1)
        every = max(1, -(-(report.length + 1 - first) // MOMENT_TICKS))
        # the moments' numbers first (moment 0 is the setup, before the first round); a key
        # moment's letter where it does not sit on one (its line is drawn either way)
        numbers = [(float(m), str(m) if m else "setup")
                   for m in range(first, report.length + 1, every)]
        ticks = sorted(numbers + [(at, mark) for at, mark in marks
                                  if all(abs(at - n) > 0.15 for n, _ in numbers)])
        plt.xticks([t for t, _ in ticks], [label for _, label in ticks])
        plt.xlabel(f"{report.unit}s (letters: the key moments below)"
                   if report.moments else f"{report.unit}s")
        values = sorted({p.value for s in self.series for p in s.points})
        shown = values if len(values) <= TICKS_EXACT else value_ticks(values)
        ends = sorted({min(values), *(s.points[-1].value for s in self.series if s.points)}
                      ) if values else []
        if race and len(ends) <= TICKS_EXACT:
            shown = ends  # where each player ends, exactly (the race's result)
        # whole numbers on the axis: a score is never 4.33
        plt.yticks([float(t) for t in shown], [self.series[0].shown(t) for t in shown])
