"""The game report: the players' scores as one race, each other value that moved as a chart
(tui.widgets.report_charts), the values that never moved in one line, the key moments marked
on the charts' axis and listed by the same letters, the end (final scores as bars), and every
revealed secret beside its commitment code.

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

from tableside.history import report_markdown
from trackers.engine.report import Report
from trackers.pieces.secret import MISMATCH
from tui.widgets.keys_footer import KeysFooter
from tui.widgets.path_text import path_lines
from tui.widgets.report_charts import (
    ReportChart,
    align,
    letters,
    race_series,
    unmoved_line,
)

CHARTS_SHOWN = 8  # the first eight charts; the Markdown has every series
BAR_WIDTH = 30


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
    for moment, mark in zip(report.moments, letters(report), strict=True):
        # the letter marks it on the charts' axis
        text.append(f"  {mark:<2}{unit} {moment.moment}: ")
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
            race = race_series(report)
            charts = ([ReportChart(race, report, "Scores")] if race else []) + [
                ReportChart([s], report, s.label) for s in report.series
                if s.changed and s not in race]
            align(charts[:CHARTS_SHOWN])
            yield from charts[:CHARTS_SHOWN]
            if len(charts) > CHARTS_SHOWN:
                yield Static(f"{len(charts) - CHARTS_SHOWN} more in the Markdown (m)")
            if unmoved_line(report):
                yield Static(Text(unmoved_line(report)), id="report-unmoved")
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
