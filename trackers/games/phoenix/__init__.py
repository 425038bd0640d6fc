"""Space Station Phoenix: end-game scoring and pure in-game helpers (spec space-station-phoenix).

Modules: ``station`` (ids and endgame bonus rules), ``scoring`` (the calculator),
``score_input`` (plain data -> ScoreSheet, with every problem listed), ``score_export``
(Markdown, CSV, JSON, bar data), ``score_track`` (laps), ``game_end`` (trigger and final round),
``setup_counts``, ``diplomacy`` and ``income``.
"""

from trackers.games.phoenix.score_input import Problem, ScoreInputError, parse_score_sheet
from trackers.games.phoenix.scoring import (
    CATEGORIES,
    Level3Sector,
    PlayerSheet,
    Residents,
    ScoreResult,
    ScoreSettings,
    ScoreSheet,
    SectorsBuilt,
    score,
)

__all__ = [
    "CATEGORIES",
    "Level3Sector",
    "PlayerSheet",
    "Problem",
    "Residents",
    "ScoreInputError",
    "ScoreResult",
    "ScoreSettings",
    "ScoreSheet",
    "SectorsBuilt",
    "parse_score_sheet",
    "score",
]
