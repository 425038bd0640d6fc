"""Space Station Phoenix: the session's upkeep and the end-game score calculator.

Modules: ``station`` (ids and endgame bonus rules), ``scoring`` (the calculator),
``score_input`` (plain data -> ScoreSheet, with every problem listed), ``score_export``
(Markdown, CSV, JSON, bar data), ``score_track`` (laps), ``game_end`` (trigger and final round),
``setup_counts``, ``diplomacy`` and ``income``; the session's actions are ``moves`` (score,
Sectors, turns, setup), ``moves_diplomacy``, ``moves_station`` (the Hub and what Sectors do,
from the ``effects`` table) and ``final_scores``.
"""

from trackers.engine.info import GameInfo, PlayMode, Tool

INFO = GameInfo(
    id="space-station-phoenix",
    title="Space Station Phoenix",
    modes=(PlayMode("standard", "competitive", (2, 3, 4)),),
    blurb="Score track with laps, the end check and final round, setup, Diplomacy bonuses.",
    rulebook_titles=("space station phoenix",),
    rulebook_words=("space station phoenix", "diplomacy", "gems"),
    synonyms=(
        ("gem", "galactic exchange mineral"),  # Components: Galactic Exchange Minerals (GEMs)
        ("turkanshee", "teal"),  # Scoring Example: species named with their colours
        ("ensaroo", "pink"),
        ("zonri", "brown"),
        ("whijinga", "gold"),
        # players "move" residents; the rulebook's Income step 3 "relocates" them
        ("relocate", "move"),
    ),
    tools=(Tool("score", "Score calculator", home_key="k", verb="score", cli_name="phoenix"),),
)
