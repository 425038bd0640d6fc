"""Lifeform's screen: the stage banner and the Shuttle Loadout beside the tracks."""

from tui.games.lifeform.screen import LifeformScreen

SCREEN = LifeformScreen
