"""One package per game; ``registry`` finds them by id."""
