"""Tableside's headless API and command line: what the TUI, the tests and scripts all use."""

__version__ = "0.1.0"
