"""Pandora Celeste upkeep: timers, noise and First Target, fire, hull, wounds (spec §1-§12)."""
