"""A test game whose actions make claims about sealed secrets (trackers.engine.claims): the
demo game with two secrets of Ann's and two ways to question them."""

from trackers.engine.info import GameInfo, PlayMode

INFO = GameInfo(
    id="claims-demo",
    title="Claims demo",
    modes=(PlayMode("standard", "standard", (2,)),),
    blurb="The demo game with claims about Ann's sealed cards.",
    rulebook_titles=("claims demo rules",),
    home="tests.claims_game",
)
