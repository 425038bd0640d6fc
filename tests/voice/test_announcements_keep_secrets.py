"""No announcement ever reads a secret: the engine hands a game's announcer the table's view,
so the words cannot hold a hidden value (checked with a spy that tries, and with every real
announcement of games played with their secrets chosen)."""

from __future__ import annotations

from dataclasses import replace

from tests.lifeform.test_lifeform_session_fixtures import new as lifeform
from tests.lifeform.test_lifeform_session_fixtures import through_setup
from tests.nemesis.lockdown_play import game as lockdown
from tests.nemesis.lockdown_play import step_to, turns_on
from tests.pandora.helpers import started, walk_to
from trackers.engine import Session, State
from trackers.engine.announce import Announcer
from trackers.pieces import Secret


def secret_values(s: Session) -> set[str]:
    return {p.value for p in s.state.pieces.values()
            if isinstance(p, Secret) and p.value and not p.revealed}


def every_announcement(s: Session) -> list[str]:
    """What each action of the history announced, replayed one by one."""
    head, said = s.head, []
    for point in range(1, head + 1):
        s.jump(point)
        said += s.announcement()
    return said


def lifeform_played() -> Session:
    s = through_setup(lifeform(3))  # Reality Calibration: Image 1
    s.do("advance_self_destruct", spaces=8)  # 28 -> 20: the Stowaway is picked
    s.do("choose_stowaway", card="second")
    s.do("advance_self_destruct", spaces=3)
    return s


def lockdown_played() -> Session:
    s = lockdown()
    s.do("choose_secret", secret="p1_objective", value="Kill the Queen before the end")
    s.do("choose_secret", secret="p2_objective", value="Escape in a CSS Pod alone")
    turns_on(s, 13)
    s.do("start_alert")
    step_to(s, "time")
    s.do("advance_time")
    return s


def pandora_played() -> Session:
    s = started(("Flygirl", "Cap"), (("Vacuum", 2), ("Aircon", 3)), seed="ticks",
                board={"objective_timer": 9})  # each Agenda chosen: "Test Agenda"
    walk_to(s, "tick")
    s.do("end_cycle")
    return s


PLAYED = (lifeform_played, lockdown_played, pandora_played)


def spy(before: State, after: State, _action: str) -> list[str]:
    """An announcer that tries to read every secret it is given."""
    return [str(p.value) for state in (before, after) for p in state.pieces.values()
            if isinstance(p, Secret)] + [str(after.facts.get("hidden", ""))]


def test_an_announcer_that_reads_secrets_is_given_none_to_read() -> None:
    for play in PLAYED:
        s = play()
        hidden = secret_values(s)
        assert hidden, play.__name__
        s.game = replace(s.game, announce=Announcer(spy))
        said = " ".join(every_announcement(s))
        assert said  # the spy spoke: what it read was the marker, never a value
        assert not [v for v in hidden if v in said], play.__name__


def test_every_real_announcement_of_a_game_with_secrets_holds_none() -> None:
    for play in PLAYED:
        s = play()
        hidden = secret_values(s)
        said = every_announcement(s)
        assert said, play.__name__
        assert not [v for v in hidden for words in said if v.casefold() in words.casefold()]
