"""The game report: each track over the rounds as a chart, the key moments on the same axis,
the end (final scores as bars), and every revealed secret beside its commitment code.

``m`` writes the report as Markdown and ``x`` the screen as an SVG into the data folder's
exports/. Charts are ``textual-plotext`` widgets; the numbers behind them are in the
Markdown, for reading without colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Static
from textual_plotext import PlotextPlot

from tableside.history import report_markdown
from trackers.engine.report import Report, Series
from trackers.pieces.secret import MISMATCH
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.path_text import path_lines

CHARTS_SHOWN = 8  # the first eight series; the Markdown has all of them
CHART_HEIGHT = 10
TICKS_EXACT = 4  # a chart 10 lines high shows this many values on its axis, each on its row
BAR_WIDTH = 30


class SeriesChart(PlotextPlot):
    """One tracked value over the game's moments, key moments marked on the same axis."""

    DEFAULT_CSS = """
    SeriesChart { height: 10; }
    """

    def __init__(self, series: Series, report: Report) -> None:
        super().__init__(classes="report-chart")
        self.series = series
        self.report = report

    def on_mount(self) -> None:
        super().on_mount()
        points = self.series.by_moment()
        plt = self.plt
        plt.title(self.series.label)
        xs, ys = steps(points)
        plt.plot(xs, ys, marker="braille")
        marked = sorted({m.moment for m in self.report.moments})
        if marked:
            plt.vline(marked[0], "gray")
            for moment in marked[1:]:
                plt.vline(moment, "gray")
        plt.xlabel(self.report.unit)
        plt.xticks([m for m, _ in points])
        values = sorted({v for _, v in points})
        # the values reached themselves on the axis when few (a tick never sits between
        # two of them); else whole-number ticks, the lowest and highest exact
        ticks = values if len(values) <= TICKS_EXACT else value_ticks(values)
        # whole numbers on the axis: a score is never 4.33
        plt.yticks([float(t) for t in ticks], [self.series.shown(t) for t in ticks])


def steps(points: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """A value by moment as steps: it holds through each round and changes at the round it
    changed in (a straight line between rounds would seem to start the change a round early).
    ``points`` are (moment, value at its end)."""
    xs: list[int] = []
    ys: list[int] = []
    for index, (moment, value) in enumerate(points):
        if index:
            xs.append(moment)
            ys.append(points[index - 1][1])  # held until this round...
        xs.append(moment)
        ys.append(value)  # ...where it reads its new value
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


def score_bars(scores: dict[str, int], width: int = BAR_WIDTH) -> list[str]:
    """Scores as bars of '#' (readable without colour), highest first."""
    if not scores:
        return []
    top = max(max(scores.values()), 1)
    names = max(len(n) for n in scores)
    ordered = sorted(scores.items(), key=lambda item: -item[1])
    return [f"{name:<{names}} {'#' * max(0, round(width * value / top)):<{width}} {value}"
            for name, value in ordered]


def report_lines(report: Report) -> Text:
    """The key moments, the end and the secrets as plain text (never read as markup)."""
    text = Text()
    unit = report.unit.capitalize()
    text.append("Key moments\n", style="bold")
    if not report.moments:
        text.append("  none yet\n")
    for moment in report.moments:
        text.append(f"  {unit} {moment.moment}: ")
        text.append(moment.text + "\n")
    text.append("\nThe end\n", style="bold")
    end = report.end
    if end is None:
        text.append("  the game is not over\n")
    else:
        text.append(f"  {end.ending}" + (f": {end.summary}" if end.summary else "") + "\n")
        if end.winners_line():
            text.append(f"  {end.winners_line()}\n")
        if end.sides:
            text.append(f"  Winning side: {', '.join(end.sides)}\n")
        for line in score_bars(dict(end.scores)):
            text.append(f"  {line}\n")
    if report.secrets or report.has_secrets:  # a game without hidden information: none
        text.append("\nSecrets revealed\n", style="bold")
        if not report.secrets:
            text.append("  none (a secret never revealed stays out of the report)\n")
        for secret in report.secrets:
            held = f", held by {', '.join(secret.held_by)}" if secret.held_by else ""
            text.append(f"  {secret.label}: {secret.value} (code {secret.code}, nonce "
                        f"{secret.nonce}{held})\n")
            if not secret.matches:
                text.append(f"    {MISMATCH}\n", style="bold red")
    if report.table_log:
        text.append("\nLooks, wrong PINs and reveals\n", style="bold")
        for entry in report.table_log:
            text.append(f"  {entry.at[11:16]} {entry.text}"
                        f"{' (undone)' if entry.undone else ''}\n")
    if report.codes:
        text.append("\nCommitment codes shown\n", style="bold")
        for code in report.codes:
            text.append(f"  action {code.seq}: {code.secret} {code.code}\n")
    return text


class ReportScreen(Screen[None]):
    """The report of one game, finished or not."""

    BINDINGS = [
        Binding("m", "markdown", "Markdown", id="report.markdown"),
        Binding("x", "svg", "SVG", id="report.svg"),
        Binding("escape", "app.pop_screen", "Back", id="report.back"),
    ]

    def __init__(self, report: Report, name: str, exports: Path | None,
                 warnings: Sequence[str] = ()) -> None:
        """``warnings``: what was found wrong with the game's files (tamper, damage), shown
        first and kept in the Markdown: they travel with the report."""
        super().__init__()
        self.report = report
        self.game_name = name
        self.exports = exports
        self.warnings = tuple(warnings)

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        report = self.report
        plural = "s" if report.length != 1 else ""
        with VerticalScroll(id="report-body"):
            if self.warnings:
                yield Static(Text("\n".join(f"! {w}" for w in self.warnings)),
                             id="report-warnings", classes="warning")
            yield Static(Text(f"{report.title}: {report.actions} actions over {report.length} "
                              f"{report.unit}{plural}"), id="report-summary")
            for series in report.series[:CHARTS_SHOWN]:
                yield SeriesChart(series, report)
            if len(report.series) > CHARTS_SHOWN:
                yield Static(f"{len(report.series) - CHARTS_SHOWN} more in the Markdown (m)")
            yield Static(report_lines(report), id="report-lines")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.title = self.game_name
        self.sub_title = "game report"

    def _export_path(self, suffix: str) -> Path | None:
        if self.exports is None:
            self.notify("Nothing exported: this app has no data folder", severity="error")
            return None
        self.exports.mkdir(parents=True, exist_ok=True)
        return self.exports / f"report-{self.report.game}-{datetime.now():%Y%m%d-%H%M%S}{suffix}"

    def action_markdown(self) -> None:
        try:
            path = self._export_path(".md")
            if path is None:
                return
            path.write_text(report_markdown(self.report, self.game_name, self.warnings),
                            encoding="utf-8")
        except OSError as err:
            self.notify(f"Nothing exported: {err.strerror or err}", severity="error")
            return
        self.notify(f"Report written:\n{path_lines(path)}", title="Exported", markup=False)

    def action_svg(self) -> None:
        try:
            path = self._export_path(".svg")
            if path is None:
                return
            self.app.save_screenshot(path.name, str(path.parent))
        except OSError as err:
            self.notify(f"Nothing exported: {err.strerror or err}", severity="error")
            return
        self.notify(f"Screen saved:\n{path_lines(path)}", title="Exported", markup=False)
