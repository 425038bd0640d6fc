"""The Lifeform action declarations by phase; ``actions`` gathers them into one list."""
