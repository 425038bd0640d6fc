"""Space Station Phoenix: the session screen and the score calculator (a Home tool)."""

from tui.games.space_station_phoenix.score_sheet import ScoreSheetScreen
from tui.games.space_station_phoenix.screen import PhoenixScreen

SCREEN = PhoenixScreen
TOOLS = {"score": ScoreSheetScreen}
