"""Pure bookkeeping for Tableside: the pieces, the session engine and one module per game.

Nothing in this package imports Textual or touches files, clocks or the network;
``tests/test_layering.py`` checks that.
"""
