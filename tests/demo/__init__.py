"""The demo game: a small complete game in the one shape every game has, and the template
a contributor copies (docs/ADDING_A_GAME.md walks through it).

It lives only here (a test registers it; it then shows wherever the real games show):
``__init__`` (its ``GameInfo``: what menus need before any rules load), ``setup`` (the
pieces it starts with), ``actions`` (what the table does), ``board`` (printed values the
rulebook text does not give), ``view`` (what the screen shows besides the pieces: the
banner, the status, the moment), ``game`` (the wiring into one ``Game``) and ``card.md``
(its reference card, searchable).
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
