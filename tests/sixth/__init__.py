"""A sixth game for the test that adds one: the demo's rules under a title that sorts first
("Aardvark Outpost") and a card of its own, registered for a whole test run when
TABLESIDE_TEST_SIXTH_GAME is set (tests/conftest.py), to prove no other test's outcome
depends on the games there are (tests/test_sixth_game.py)."""

from trackers.engine.info import GameInfo, PlayMode

INFO = GameInfo(
    id="aardvark-outpost",
    title="Aardvark Outpost",
    modes=(PlayMode("standard", "standard", (2, 3)),),
    blurb="A sixth made-up game: the demo's rules under a title that sorts first.",
    rulebook_titles=("aardvark outpost rules",),
    rulebook_words=("aardvark",),
    synonyms=(("burrow", "tunnel"),),
    home="tests.sixth",
)
