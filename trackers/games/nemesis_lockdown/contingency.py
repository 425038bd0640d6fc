"""Victory Check step 1: the Active Contingency's effect on one survivor.

Rulebook, Leaving the Facility (Contingency): Green saves everyone; Gray destroys every
outbound CSS container; Red wipes out the Facility; Yellow removes those with too much
sensitive information; Blue saves only those whose reports were properly filed. Green, Gray
and Red turn on where the survivor is, which the app knows: Gray hits those evacuated by a
CSS Pod, Red those still inside the Facility (the Isolation Room; the Bunker and the Pods are
outside, as the Autodestruction section counts them). What Yellow and Blue turn on the text
does not define, so the table answers that question for each survivor: there is no default.
"""

from __future__ import annotations

from trackers.engine import ActionError, State
from trackers.games.nemesis_lockdown import crew
from trackers.games.nemesis_lockdown.facts import facts_of

CODES = ("Green", "Yellow", "Blue", "Gray", "Red")
YES, NO = "yes", "no"
ANSWERS = (YES, NO)
RULE = "rulebook: Leaving the Facility, Contingency"
# The question the table answers for a code the text leaves undefined, and which answer kills.
QUESTIONS = {"Yellow": ("does {name} hold too much sensitive information?", YES),
             "Blue": ("did {name} file proper reports?", NO)}


def active(state: State) -> str | None:
    code: str | None = facts_of(state)["active_contingency"]
    return code


def question(state: State, name: str) -> str | None:
    """The question the Active Contingency asks about ``name``, or None when the app knows."""
    code = active(state)
    if code not in QUESTIONS:
        return None
    return QUESTIONS[code][0].format(name=name)


def answer_labels(state: State) -> dict[str, str]:
    """What the form shows for yes and no under the code now face up."""
    code = active(state)
    if code not in QUESTIONS:
        return {YES: "yes (asked only for Yellow and Blue)",
                NO: "no (asked only for Yellow and Blue)"}
    kills = QUESTIONS[code][1]
    return {a: f"{a}: {'the ' + code + ' Contingency kills them' if a == kills else 'spared'}"
            for a in ANSWERS}


def effect(state: State, name: str, where: str, answer: str | None) -> tuple[bool, str]:
    """(dies, the sentence the table reads) for one survivor standing ``where``."""
    code = active(state)
    if code == "Green":
        return False, f"Green saves everyone: {name} is spared"
    if code == "Gray":
        if where == crew.EVACUATED:
            return True, (f"Gray destroys every outbound CSS container: {name}, evacuated by a "
                          "CSS Pod, dies")
        return False, f"Gray hits only the CSS containers: {name}, {where}, is spared"
    if code == "Red":
        if where == crew.ISOLATED:
            return True, (f"Red wipes out the Facility: {name}, still inside in the Isolation "
                          "Room, dies")
        return False, f"Red wipes out the Facility: {name}, {where}, is outside and spared"
    asked = question(state, name)
    assert code is not None and asked is not None  # the codes are the five above
    if answer not in ANSWERS:
        raise ActionError(f"contingency_answer: the Active Contingency is {code}, whose effect "
                          f"the table decides ({RULE}): {asked} Give yes or no",
                          "contingency_answer")
    kills = answer == QUESTIONS[code][1]
    said = f"{code}: {asked[:1].upper()}{asked[1:]} {answer}"
    return kills, f"{said}: {name} {'dies' if kills else 'is spared'}"
