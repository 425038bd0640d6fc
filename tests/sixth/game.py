"""The sixth game's rules: the demo's, under its own info."""

from __future__ import annotations

from dataclasses import replace

from tests.demo.game import GAME as DEMO
from tests.sixth import INFO

GAME = replace(DEMO, info=INFO)
