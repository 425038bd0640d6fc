"""A refusal names the action to use instead by its quoted title ("this step is done with
'Move the Time token'"). Each front end adds how to do that action there: the app its key,
the command line its action name (``tableside do ID advance_time``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from trackers.engine import Action

# A quoted title opens after a space or a bracket, never inside a word ("Player 1's turn"),
# and may hold an apostrophe inside a word ('Nasty's card'). A text that already gives the
# key after the title ("'Choose a secret', key c") is left so.
QUOTED = re.compile(r"(?<!\w)'((?:[^']|'(?=\w))+)'(?!\w)(?!,? \(?key )")


def named(text: str, actions: Iterable[Action], how: Callable[[Action], str | None]) -> str:
    """``text`` with " (how)" after each quoted title of one of ``actions``; a title may be
    quoted without its step number ('Move the Time token' for "Move the Time token (step
    5)"). ``how`` returning None adds nothing."""
    actions = tuple(actions)

    def add(match: re.Match[str]) -> str:
        quoted = match.group(1)
        for action in actions:
            if action.title == quoted or action.title.startswith(f"{quoted} ("):
                said = how(action)
                return f"{match.group(0)} ({said})" if said else match.group(0)
        return match.group(0)

    return QUOTED.sub(add, text)
