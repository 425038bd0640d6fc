"""Module D's hunt kept in the rulebook's order (Thirteenth Passenger, Module D): the hiding
place (step 1), the bet (step 2), the strip's actions (step 3), the crew's reward, and only then
the Showdown fights. Each check says what comes next and which palette entry does it; the
checklist names the next step, so the header reads it.

None of these reads the hiding place: what is refused or offered is the same wherever the
lifeform hides, so a refusal can never tell the crew anything.
"""

from __future__ import annotations

from trackers.engine import ActionError, Note, State
from trackers.games.lifeform import module_d
from trackers.games.lifeform.facts import facts_of
from trackers.pieces import Secret

RULE = "(Thirteenth Passenger, Module D)"


def in_play(state: State) -> bool:
    return "D" in facts_of(state)["modules"] and facts_of(state)["stage"] == "showdown"


def _hunt(state: State) -> dict[str, object] | None:
    hunt = facts_of(state).get("hunt")
    return hunt if isinstance(hunt, dict) else None


def _hidden(state: State) -> bool:
    piece = state.pieces.get("hiding_place")
    return isinstance(piece, Secret) and piece.is_set


def next_action(state: State) -> str | None:
    """The strip's next action while the hunt runs (public: the strip and the outcomes)."""
    hunt = _hunt(state)
    if not hunt or hunt.get("skipped") or hunt.get("found"):
        return None
    actions, step = list(hunt["actions"]), int(hunt["step"])  # type: ignore[call-overload]
    return actions[step] if step < len(actions) else None


def step_choices(state: State) -> list[str]:
    """What the strip allows now: its next action, a Halon Gas Blast for a search while the
    crew pool holds one, or keeping the blast at a Halon search (never reads the hiding place)."""
    upcoming = next_action(state)
    if upcoming is None:
        return list(module_d.STEPS)
    halon = int((facts_of(state).get("showdown") or {}).get("halon", 0))
    if upcoming == "search":
        return ["search", *(["halon search"] if halon else [])]
    if upcoming == "halon_search":
        return [*(["halon search"] if halon else []), "skip the Halon search"]
    return ["lifeform reveal"]


def hunt_done(state: State) -> bool:
    """The hunt is over (or there is none): the fights may begin."""
    if not in_play(state):
        return True
    hunt = _hunt(state)
    return hunt is not None and next_action(state) is None


def next_step(state: State) -> str | None:
    """What the hunt needs next, in the table's words, or None when it is over."""
    if hunt_done(state):
        if in_play(state) and reward_choices(state):  # its combat tokens go into the fights
            return ("Module D reward: the crew's remaining disks fill one central zone "
                    "('Module D: reward')")
        return None
    if not _hidden(state):
        return "Module D step 1: the lifeform chooses its hiding place ('Module D: choose the " \
               "hiding place')"
    if _hunt(state) is None:
        return "Module D step 2: the lifeform bets 2 Hostility tokens ('Module D: Hostility " \
               "token bet')"
    action = (next_action(state) or "").replace("_", " ")
    return f"Module D step 3: the hunt's next action is {action} ('Module D: next hunt action')"


def fights_wait(state: State) -> str | None:
    """Fights wait for the hunt (step 3 and a discovered lifeform's reward come before the
    Showdown's fights, so the combat tokens kept are there to use)."""
    todo = next_step(state)
    return None if todo is None else f"the module D hunt comes first: {todo} {RULE}"


def hide_why_not(state: State) -> str | None:
    if not in_play(state):
        return None  # not offered at all: the action's own stage check says so
    if _hidden(state):
        return "the hiding place is chosen already; it never changes " + RULE
    if facts_of(state)["showdown"] and facts_of(state)["showdown"]["fights"]:
        return "the fights have begun: the hunt comes just before them " + RULE
    return None


def bet_why_not(state: State) -> str | None:
    if not in_play(state):
        return None  # not offered at all: the action's own stage check says so
    if not _hidden(state):
        return ("the lifeform chooses its hiding place first ('Module D: choose the hiding "
                f"place') {RULE}")
    if _hunt(state) is not None:
        return "the bet is placed already " + RULE
    if not (facts_of(state)["showdown"] or {}).get("hibernated"):
        return ("the hibernation comes first: the strip the bet opens is read for the crew "
                "disks that survive it ('Hibernation') (Thirteenth Passenger, Module D; "
                "rulebook p. 38, Showdown Stage)")
    return None


def step_why_not(state: State) -> str | None:
    if not in_play(state):
        return None  # not offered at all: the action's own stage check says so
    if _hunt(state) is None:
        return fights_wait(state) or "no module D hunt is running " + RULE
    if next_action(state) is None:
        if reward_choices(state):
            return "the hunt is over: the crew's reward comes next ('Module D: reward') " + RULE
        return "the hunt is over: on to the Showdown fights " + RULE
    return None


def reward_choices(state: State) -> list[str]:
    """The zones the crew's remaining disks can fill, once the lifeform was discovered."""
    hunt = _hunt(state)
    if not hunt or not hunt.get("found") or (facts_of(state)["showdown"] or {}).get("reward"):
        return []
    left = int(hunt["crew_disks"]) - int(hunt["disks_placed"])  # type: ignore[call-overload]
    return [o.label for o in module_d.reward_options(left)]


def reward_why_not(state: State) -> str | None:
    if not in_play(state):
        return None  # not offered at all: the action's own stage check says so
    hunt = _hunt(state)
    if not hunt or not hunt.get("found"):
        return "the reward is only for a discovered lifeform, once the hunt found it " + RULE
    if (facts_of(state)["showdown"] or {}).get("reward"):
        return "the reward is recorded already " + RULE
    if not reward_choices(state):
        return "no crew disk is left for the central zones " + RULE
    return None


def take_reward(state: State, label: str) -> list[Note]:
    """The crew's disks fill a zone: they keep that many combat tokens for the fights."""
    left = int(facts_of(state)["hunt"]["crew_disks"]) - int(facts_of(state)["hunt"]["disks_placed"])
    option = next((o for o in module_d.reward_options(left) if o.label == label), None)
    if option is None:
        raise ActionError(f"zone: one of {'; '.join(reward_choices(state))}", "zone")
    show = facts_of(state)["showdown"]
    show["reward"] = label
    show["combat_tokens"] = show.get("combat_tokens", 0) + option.combat_tokens
    return [Note(f"reward: {label}; the crew carries {show['combat_tokens']} combat token(s) "
                 "into the fights (how they are used is not printed in the rulebook text: "
                 f"the table settles it) {RULE}", "module_d")]


def use_combat_tokens(state: State, used: int) -> list[Note]:
    """Combat tokens the crew spent in a fight leave its pool."""
    if not used:
        return []
    show = facts_of(state)["showdown"]
    held = show.get("combat_tokens", 0)
    if used > held:
        raise ActionError(f"combat_tokens_used: the crew keeps {held} from the hunt",
                          "combat_tokens_used")
    show["combat_tokens"] = held - used
    return [Note(f"{used} combat token(s) used; {held - used} left", "fight")]


def checklist(state: State) -> list[tuple[str, bool]]:
    """The hunt's open step for the Showdown checklist (and so for the header)."""
    todo = next_step(state)
    return [(todo, False)] if todo else []
