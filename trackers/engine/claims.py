"""A public claim about a sealed secret, decided by its seal: never by a typed yes or no.

A player says something about another player's hidden choice ("the accused holds a Company
Agenda", "the lifeform is not hidden here"). The game's action names the secret and what
the claim says it holds, and calls ``decide``:

    from trackers.engine.claims import absent_param, decide

    Action("call_out", "Call out", "...", call_out,
           (Param("accused", "choice", ...), absent_param("accused player")))

    def call_out(state, args, rng):
        verdict, notes = decide(state, f"{slug(args['accused'])}_company", "Company",
                                claim=f"{args['accused']} holds a Company Agenda",
                                absent=args[ABSENT])
        if verdict is None:       # the owner could not open it: the table goes on, unchecked
            return notes + [...]  # the rulebook's way on without the answer
        return notes + ([...] if verdict else [...])

``decide`` asks the sealed secret (``Secret.holds``). The engine cannot open it: it raises
``SecretLocked``, and the app (tableside.private) opens it with the owner's PIN, typed on the
laptop or at their seat, in one trial before the action is recorded; the record keeps only
the answer (``_answers``), never the value. Nothing in the game package changes for that.

Where the owner cannot give their PIN (absent, or a PIN forgotten), ``owner_absent=yes``
(``absent_param``) lets the table go on: the claim is not decided, the secret stays sealed,
the action's log line says "unchecked" and the report lists it as a key moment. When a claim
may be made is the game's rule (its ``why_not``); how it is decided is this module's.
"""

from __future__ import annotations

from trackers.engine.actions import ABSENT, Note, Param
from trackers.engine.state import State
from trackers.pieces import Secret

UNCHECKED = "unchecked_claims"  # facts: every claim the table went on without checking


def absent_param(whose: str) -> Param:
    """The explicit way on without the owner, never the default."""
    return Param(ABSENT, "bool", f"yes: the {whose} is absent or cannot give their PIN; the "
                 "claim is left unchecked", optional=True, default=False)


def decide(state: State, name: str, says: str, *, claim: str, absent: bool = False,
           topic: str | None = None) -> tuple[bool | None, list[Note]]:
    """Whether the sealed secret ``name`` holds ``says`` (True or False, decided by the
    seal), or None when its owner is absent: then the claim is recorded unchecked and the
    note says so. ``claim`` is the claim in the table's words, for the log and the report."""
    secret = state.piece(name, Secret)
    if absent:
        state.facts.setdefault(UNCHECKED, []).append({"secret": name, "claim": claim})
        return None, [Note(f"{claim}: unchecked ({secret.label} stays sealed, code "
                           f"{secret.code}; its owner could not open it)", topic,
                           key_moment=f"{claim}: unchecked, its owner was absent")]
    held = secret.holds(says)
    return held, [Note(f"{claim}: {'true' if held else 'false'}, as {secret.label} "
                       f"(code {secret.code}) says", topic)]


def went_on_without(state: State, name: str) -> list[Note]:
    """A reveal its owner could not give: the table goes on, the secret stays sealed (only
    the owner's PIN opens it), the log and the report mark it unchecked."""
    secret = state.piece(name, Secret)
    claim = f"{secret.label}: not revealed"
    state.facts.setdefault(UNCHECKED, []).append({"secret": name, "claim": claim})
    return [Note(f"{claim}: unchecked ({secret.label} stays sealed, code {secret.code}; its "
                 "owner could not open it), the table goes on without it",
                 key_moment=f"{claim}: unchecked, its owner was absent")]


def gone_without(state: State, name: str) -> bool:
    """Whether the table went on without revealing the secret ``name`` (``went_on_without``):
    a rule that waits for its reveal waits no more."""
    return any(c.get("secret") == name and c.get("claim", "").endswith(": not revealed")
               for c in state.facts.get(UNCHECKED, []))
