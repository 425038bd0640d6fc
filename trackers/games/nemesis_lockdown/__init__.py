"""Nemesis: Lockdown upkeep: Time track, Power, Intruder bag, markers, crew (spec §1-§15)."""
