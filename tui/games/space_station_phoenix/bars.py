"""Each player's Space Station Phoenix total as a stacked bar of letters, one per category.

The letters carry the meaning (colour only helps), so the bars read the same in light and dark
themes and on a monochrome terminal. A legend line names the letters.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from trackers.games.space_station_phoenix.score_export import ScoreBar

# Category -> (letter, legend word). C categories get the species' letter (brown: R).
LETTERS: dict[str, tuple[str, str]] = {
    "in_game": ("I", "in-game"),
    "sectors": ("A", "Sectors"),
    "residents": ("B", "residents"),
    "plurality_teal": ("T", "teal"),
    "plurality_pink": ("P", "pink"),
    "plurality_brown": ("R", "brown"),
    "plurality_gold": ("G", "gold"),
    "plurality_human": ("H", "Humans"),
    "hub_bonus": ("D", "Hub"),
    "sector_bonus": ("L", "Level-3"),
    "leftovers": ("E", "leftovers"),
}
STYLES: dict[str, str] = {
    "I": "bold", "A": "cyan", "B": "green", "T": "bright_cyan", "P": "magenta",
    "R": "yellow", "G": "bright_yellow", "H": "white", "D": "blue", "L": "bright_blue",
    "E": "red",
}
LEGEND: tuple[str, ...] = (
    "I in-game  A Sectors  B residents  D Hub  L Level-3  E leftovers  * winner",
    "Most of a species: T teal  P pink  R brown  G gold  H Humans",
)
NAME_WIDTH = 8


def bar_runs(
    segments: list[tuple[str, int]], width: int, scale_total: int
) -> list[tuple[str, int]]:
    """(letter, cells) for one bar: widths follow the points; each segment at least 1 cell."""
    positive = [(letter, points) for letter, points in segments if points > 0]
    if not positive or scale_total <= 0 or width <= 0:
        return []
    runs: list[tuple[str, int]] = []
    running = used = 0
    for letter, points in positive:
        start = round(running * width / scale_total)
        end = round((running + points) * width / scale_total)
        cells = min(max(1, end - start), width - used)
        if cells > 0:
            runs.append((letter, cells))
            used += cells
        running += points
    return runs


class ScoreBars(Widget):
    """One line per player: name, the stacked bar, the total (* winner); then the legend."""

    DEFAULT_CSS = """
    ScoreBars {
        height: auto;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.bars: tuple[ScoreBar, ...] = ()

    def show(self, bars: tuple[ScoreBar, ...]) -> None:
        self.bars = bars
        self.refresh(layout=True)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.bars) + len(LEGEND)

    def render(self) -> Text:
        width = max(20, self.content_size.width or 78)
        bar_width = width - NAME_WIDTH - 7
        top = max((sum(s.points for s in b.segments if s.points > 0) for b in self.bars),
                  default=0)
        text = Text(no_wrap=True, overflow="ellipsis")
        for bar in self.bars:
            segments = [(LETTERS[s.category][0], s.points) for s in bar.segments]
            runs = bar_runs(segments, bar_width, top)
            text.append(f"{bar.name[:NAME_WIDTH]:<{NAME_WIDTH}} ")
            for letter, cells in runs:
                text.append(letter * cells, style=STYLES[letter])
            text.append(" " * (bar_width - sum(cells for _, cells in runs)))
            text.append(f" {bar.total:>4}", style="bold")
            text.append("*" if bar.winner else " ")
            text.append("\n")
        text.append("\n".join(line[:width] for line in LEGEND), style="dim")
        return text
