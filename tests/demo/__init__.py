"""A small made-up game that exercises every piece, for engine and save tests.

It lives only here (its rules in ``game``, its reference card in ``card.md``): a test
registers it, and it then shows wherever the four real games show.
"""

from trackers.engine.info import GameInfo, PlayMode

INFO = GameInfo(
    id="demo",
    title="Demo",
    modes=(PlayMode("standard", "standard", (2, 3)),),
    blurb="A made-up game for the tests: a countdown, fires, a bag, a deck and a plan.",
    rulebook_titles=("demo rules",),
    rulebook_words=("zorblax",),
    synonyms=(("hatch", "airlock door"),),
    home="tests.demo",
)
