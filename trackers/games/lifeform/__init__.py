"""Lifeform and its Thirteenth Passenger expansion: pure rules (spec: shared/spec/lifeform.md)."""
