"""The game report's pictures: the players' scores together in one chart (a race), each
other value that moved in its own chart, on one axis for all of them.

The x axis is the game's own moments (rounds, turns, Cycles): moment m runs from m to m + 1
and the actions played in it are spread across it in order, so a round of 29 actions reads as
29 steps, not one jump. The key moments are lines on the charts, lettered on the row under the
axis (A, B, ...) as in the list of key moments below the charts; every chart's plot starts in
the same column, so the lines and letters of one moment stand one under the other. A value
that never moved is said in one line instead of drawn (``unmoved_line``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from string import ascii_uppercase

from textual.app import RenderResult
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


BLANK = "\u2800"  # an empty cell the plotting library keeps (it trims spaces from a label)


def letter_row(marks: Sequence[tuple[float, str]], span: tuple[float, float],
               columns: int) -> str:
    """The row under the x axis that letters the key moments, ``columns`` cells wide: each
    letter under its line, letters too close to stand apart joined ("AB", or "N-U" for a
    run), one empty cell at least between two labels."""
    start, end = span

    def cells(group: list[tuple[float, str]]) -> tuple[int, str]:
        """Where a group's label starts, and the label."""
        label = group[0][1] if len(group) == 1 else \
            f"{group[0][1]}{'' if len(group) == 2 else '-'}{group[-1][1]}"
        at = (group[0][0] + group[-1][0]) / 2
        col = round((at - start) / (end - start) * (columns - 1)) if end > start else 0
        return min(max(col - len(label) // 2, 0), max(columns - len(label), 0)), label

    groups = [[mark] for mark in sorted(marks)]
    joined = True
    while joined:  # a joined label is wider: it may now meet its neighbour
        joined = False
        for i in range(len(groups) - 1):
            left, label = cells(groups[i])
            if left + len(label) + 1 > cells(groups[i + 1])[0]:
                groups[i:i + 2] = [groups[i] + groups[i + 1]]
                joined = True
                break
    row = [BLANK] * columns
    for group in groups:
        left, label = cells(group)
        row[left:left + len(label)] = list(label)
    return "".join(row[:columns])


LABEL_MOST = 12  # a value's name longer than this is cut ("Android Malfu…") on the axis


def label_width(series: Sequence[Series]) -> int:
    """The widest value label the charts of ``series`` show (at most ``LABEL_MOST``)."""
    return min(LABEL_MOST, max((len(s.shown(p.value)) for s in series for p in s.points),
                               default=1))


def axis_label(text: str, width: int) -> str:
    """A value's label, right-aligned to ``width`` and cut to it."""
    return (text if len(text) <= width else text[:width - 1] + "…").rjust(width)


def align(charts: Sequence[ReportChart]) -> None:
    """Give every chart the widest label of them all, so their plots line up."""
    width = label_width([s for chart in charts for s in chart.series])
    for chart in charts:
        chart.label_width = width


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

    # the race is taller: its lines share one scale, the final scoring's jump included
    DEFAULT_CSS = """
    ReportChart { height: 10; }
    ReportChart.-race { height: 16; }
    """

    def __init__(self, series: Sequence[Series], report: Report, title: str) -> None:
        super().__init__(classes="report-chart -race" if len(series) > 1 else "report-chart")
        self.series = tuple(series)
        self.report = report
        self.title_text = title
        self.label_width = label_width(self.series)
        self._marks: list[tuple[float, str]] = []
        self._span = (0.0, 1.0)

    def on_mount(self) -> None:
        super().on_mount()
        report, plt = self.report, self.plt
        x = placer(report)
        end = float(report.length + 1)
        plt.title(f"{self.title_text}, by {report.unit}")
        race = len(self.series) > 1
        # in a race each player's line is drawn with their initial: told apart without
        # colour, and the title says whose (a legend would sit over the lines)
        marked = markers([s.label for s in self.series]) if race else ["braille"]
        if race:
            plt.title(f"{self.title_text} by {report.unit}: " + ", ".join(
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
        # the moments' numbers on the axis (moment 0 is the setup, before the first round);
        # the key moments' letters on the row under it, each under its line (``render``)
        numbers = [(float(m), str(m) if m else "setup")
                   for m in range(first, report.length + 1, every)]
        plt.xticks([at for at, _ in numbers], [label for _, label in numbers])
        self._marks, self._span = marks, (float(first), end)
        plt.xlim(*self._span)
        plt.xlabel(f"{report.unit}s")
        values = sorted({p.value for s in self.series for p in s.points})
        shown = values if len(values) <= TICKS_EXACT else value_ticks(values)
        ends = sorted({min(values), *(s.points[-1].value for s in self.series if s.points)}
                      ) if values else []
        if race and len(ends) <= TICKS_EXACT:
            shown = ends  # where each player ends, exactly (the race's result)
        # whole numbers on the axis: a score is never 4.33; every chart's labels as wide as
        # the widest (``align``), so that the charts' x axes line up one under the other
        plt.yticks([float(t) for t in shown],
                   [axis_label(self.series[0].shown(t), self.label_width) for t in shown])

    def render(self) -> RenderResult:
        """The key moments lettered for the width the chart has now, then drawn."""
        columns = self.size.width - self.label_width - 2  # the y labels, the frame
        if self._marks:
            self.plt.xlabel(letter_row(self._marks, self._span, max(columns, 1)))
        return super().render()
