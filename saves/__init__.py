"""Persistence: the session catalog (TinyDB, atomic writes) and each session's journal."""
