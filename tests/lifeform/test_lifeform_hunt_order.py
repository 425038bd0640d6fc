"""Module D's hunt in the rulebook's order, its hiding place never an oracle:
steps 1-3 before the fights, the header naming the next step, a public probe of the hiding
place that teaches nothing, the Halon blast search, the reward a number of disks can earn, the
combat tokens carried into the fights; and the Stowaway card only from its milestone."""

from __future__ import annotations

from pathlib import Path

import pytest

from tableside.api import Tableside
from tests.lifeform.test_lifeform_session_fixtures import BOARD, NAMES, new, through_setup
from tests.lifeform.test_lifeform_session_showdown import example, hibernate
from trackers.engine import ActionError, Session
from trackers.games.lifeform import hunt_order
from trackers.games.lifeform.game import GAME
from trackers.pieces import Secret

ORDER = ("hide_in_remora", "hunt_bet", "hunt_step", "fight_check", "fight_result")


def next_up(s: Session) -> str:
    """The checklist's first open step: the line the header reads as "Next: ..."."""
    return next(text for text, done in GAME.checklist(s.state) if not done)  # type: ignore


def test_the_hunt_runs_in_order_and_the_fights_wait_for_it() -> None:
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    assert next_up(s).startswith("Module D step 1: the lifeform chooses its hiding place")
    for name, args in (("fight_result", {"target": "Andrew", "result": "matched"}),
                       ("fight_check", {"target": "Andrew", "fight_icons": "green eye"}),
                       ("hunt_bet", {"location": "Cockpit"}),
                       ("hunt_step", {"step": "search", "location": "Cockpit"})):
        with pytest.raises(ActionError, match="not possible now"):
            s.do(name, **args)
    assert "the module D hunt comes first: Module D step 1" in (s.blocked("fight_result") or "")
    s.do("hide_in_remora", location="Cockpit")
    assert next_up(s).startswith("Module D step 2: the lifeform bets")
    s.do("hunt_bet", location="Storage Bay")  # 3 disks on the test board: halon, search x2
    assert next_up(s).startswith("Module D step 3: the hunt's next action is halon search")
    assert "halon search" in (s.blocked("fight_result") or "")
    s.do("hunt_step", step="skip the Halon search")
    assert "next action is search" in next_up(s)
    s.do("hunt_step", step="search", location="Hypersleep Chamber")
    s.do("hunt_step", step="search", location="Supply Locker")  # never found: the hunt ends
    assert next_up(s).startswith("Fight 1")
    assert s.blocked("fight_result") is None
    assert "the hunt is over" in (s.blocked("hunt_step") or "")
    s.do("fight_result", target="Andrew", result="matched")
    assert "never changes" in (s.blocked("hide_in_remora") or "")


def marked(hide: str) -> Session:
    """Module D after the hibernation, the strip opening with a lifeform reveal."""
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("set_board_value", key="module_d.actions_3_disks",
         value="lifeform reveal, search, search")
    s.do("hide_in_remora", location=hide)
    s.do("hunt_bet", location="Cockpit")
    return s


def test_the_seal_refuses_a_mark_on_the_real_hiding_place() -> None:
    """The lifeform's "not hidden here" mark is decided by its hiding place, never by its
    word: on the real place it is refused and nothing is recorded."""
    s = marked("Storage Bay")
    head = s.head
    with pytest.raises(ActionError, match="the seal refuses this mark") as refused:
        s.do("hunt_step", step="lifeform reveal", location="Storage Bay")
    assert refused.value.field == "location" and s.head == head
    assert s.state.facts["hunt"]["revealed_empty"] == []
    s.do("hunt_step", step="lifeform reveal", location="Cockpit")
    assert s.state.facts["hunt"]["revealed_empty"] == ["Cockpit"]


def test_a_mark_with_the_owner_absent_stands_unchecked_and_a_false_one_is_told_at_the_end(
        ) -> None:
    s = marked("Storage Bay")
    notes = s.do("hunt_step", step="lifeform reveal", location="Storage Bay",
                 owner_absent=True)
    assert any("the mark stands unchecked" in n.text for n in notes)
    s.do("hunt_step", step="search", location="Cockpit")
    notes = s.do("hunt_step", step="search", location="Supply Locker")
    text = "\n".join(n.text for n in notes)
    assert "the hiding place was the Storage Bay" in text
    assert "had marked the Storage Bay as empty, yet hid there: the mark was false" in text


def test_a_halon_blast_searches_without_a_disk_on_any_search_step() -> None:
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("set_board_value", key="module_d.actions_3_disks", value="search, search, search")
    blasts = s.state.facts["showdown"]["halon"]
    assert blasts >= 1
    s.do("hide_in_remora", location="Cockpit")
    s.do("hunt_bet", location="Storage Bay")
    s.do("hunt_step", step="halon search", location="Hypersleep Chamber")  # strip says search
    hunt = s.state.facts["hunt"]
    assert (hunt["halon_spent"], hunt["disks_placed"]) == (1, 0)
    assert s.state.facts["showdown"]["halon"] == blasts - 1
    hibernation = next(p for p in GAME.panels(s.state)  # type: ignore[attr-defined]
                       if p.title == "Hibernation numbers")
    assert any(f"{blasts - 1} left now" in line for line in hibernation.lines)


def test_two_disks_left_earn_one_zone_and_the_tokens_go_into_the_fights() -> None:
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("hide_in_remora", location="Storage Bay")
    s.do("hunt_bet", location="Cockpit")
    s.do("hunt_step", step="halon search", location="Storage Bay")  # found, no disk used
    assert next_up(s).startswith("Module D reward")  # the reward, then the fights
    reward = s.action("hunt_reward").params[0]
    choices = reward.choices(s.state)  # type: ignore[operator]
    assert len(choices) == 3 and "both zones" in choices[2]  # 3 disks left
    s.undo(3)  # back to before the hiding place
    s.do("set_board_value", key="module_d.actions_3_disks", value="search, search, search")
    s.do("hide_in_remora", location="Storage Bay")
    s.do("hunt_bet", location="Cockpit")
    found = s.do("hunt_step", step="search", location="Storage Bay")  # 1 disk used: 2 left
    line = next(n.text for n in found if n.text.startswith("reward for skilful searching"))
    assert "2 crew disks left: one of zone 1" in line and "; or zone 2" in line
    assert "both zones" not in line
    s.do("hunt_reward", zone="zone 2: the crew chooses and keeps 3 combat tokens")
    assert s.state.facts["showdown"]["combat_tokens"] == 3
    assert "the reward is recorded already" in (s.blocked("hunt_reward") or "")
    with pytest.raises(ActionError, match="the crew keeps 3 from the hunt"):
        s.do("fight_result", target="Andrew", result="matched", combat_tokens_used=4)
    s.do("fight_result", target="Andrew", result="matched", combat_tokens_used=2)
    assert s.state.facts["showdown"]["combat_tokens"] == 1
    showdown = next(p for p in GAME.panels(s.state)  # type: ignore[attr-defined]
                    if p.title == "Showdown")
    assert "combat tokens from the hunt: 1" in showdown.lines


def test_the_stowaway_card_waits_for_its_milestone() -> None:
    s = through_setup(new(3))  # Self-Destruct 28
    reason = s.blocked("choose_stowaway") or ""
    assert reason.startswith("the lifeform picks its Stowaway card when Self-Destruct reaches 20 "
                             "(now 28)")
    s.do("advance_self_destruct", spaces=8)
    assert s.blocked("choose_stowaway") is None


def test_through_the_api_a_mark_is_checked_against_the_sealed_hiding_place(
        tmp_path: Path) -> None:
    """Sealed at rest: a mark on the true place is refused by the seal (nothing recorded); a
    mark elsewhere records the seal's "not here", nothing more."""
    table = Tableside(tmp_path)
    play = table.create("lifeform", 3, names=NAMES[3], board=BOARD,
                        options={"modules": ["D"]}, seed="t")
    for name, args in API_TO_THE_HUNT:
        play.do(name, **args)
    assert play.state.piece("hiding_place", Secret).value == "(hidden)"  # sealed at rest
    head = play.head
    with pytest.raises(ActionError, match="the seal refuses this mark"):
        play.do("hunt_step", step="lifeform reveal", location="Storage Bay")
    assert play.head == head
    play.do("hunt_step", step="lifeform reveal", location="Cockpit")
    args = play.session.events[-1].args
    assert args["_answers"] == {"hiding_place": {"Cockpit": False}}
    assert "Storage Bay" not in str(args)
    play.close()
    table.close()


API_TO_THE_HUNT: list[tuple[str, dict[str, object]]] = [
    ("record_characters", {"crew_member": "Andrew", "first": "Solomon", "second": "Palmer"}),
    ("record_characters", {"crew_member": "Jacob", "first": "Cameron", "second": "Bennings"}),
    ("reality_calibration", {"image": "Image 1", "decline_pin": True}),
    ("tick_setup", {"step": "all remaining"}),
    ("take_mining_laser", {"crew_member": "Andrew"}),
    *[("place_mission", {"column": column, "crew_member": "Jacob"})
      for column, n in (("improvised_weaponry", 5), ("coolant", 3), ("energy_cells", 6),
                        ("halon_gas", 4), ("spacesuits", 3)) for _ in range(n)],
    ("discard_from_hand", {"who": "crew member", "crew_member": "Jacob", "count": 1}),
    ("complete_objective", {"slot": "1"}),
    ("complete_objective", {"slot": "2"}),
    ("cocoon_advance", {"card": "already counted"}),
    ("discard_from_hand", {"who": "lifeform", "count": 1}),
    ("character_killed", {"character": "Bennings"}),
    ("set_value", {"target": "hostility.position", "value": 12}),
    ("advance_self_destruct", {"spaces": 8}),
    ("choose_stowaway", {"card": "second"}),
    *[("board_remora", {"character": c}) for c in ("Solomon", "Palmer", "Cameron")],
    ("advance_self_destruct", {"spaces": 14}),
    ("launch", {}),
    ("hibernation", {"keep": "keep all (worked example)"}),
    ("draw_cards", {"who": "crew member", "crew_member": "Jacob", "count": 2}),
    ("draw_cards", {"who": "crew member", "crew_member": "Andrew", "count": 1}),
    ("set_board_value", {"key": "module_d.actions_3_disks",
                         "value": "lifeform reveal, search, search"}),
    ("hide_in_remora", {"location": "Storage Bay"}),
    ("hunt_bet", {"location": "Cockpit"}),
]


def test_the_bet_names_the_strips_actions_in_the_tables_words() -> None:
    """Played at 80x24: the bet's note read 'halon_search, then search'."""
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("hide_in_remora", location="Cockpit")
    said = " ".join(n.text for n in s.do("hunt_bet", location="Storage Bay"))
    assert "3 crew disks: halon search, then search, then search" in said
    assert "_" not in said


def test_the_step_list_offers_what_the_strip_allows_now() -> None:
    """The form's list: the strip's next action, a blast for a search while the pool holds
    one, and the same list wherever the lifeform hides."""
    lists = []
    for hide in ("Cockpit", "Storage Bay"):
        s = example(("D",))
        hibernate(s, "keep all (worked example)")
        s.do("hide_in_remora", location=hide)
        s.do("hunt_bet", location="Supply Locker")  # 3 disks: halon search, search, search
        seen = [hunt_order.step_choices(s.state)]
        s.do("hunt_step", step="skip the Halon search")
        seen.append(hunt_order.step_choices(s.state))
        lists.append(seen)
    assert lists[0] == lists[1] == [["halon search", "skip the Halon search"],
                                    ["search", "halon search"]]


def test_a_discovered_lifeform_s_reward_comes_before_the_fights() -> None:
    """Played by the CLI: the hunt found the lifeform with 1 disk left, and a fight was
    accepted before the reward, so the combat token it keeps never reached the fight."""
    s = example(("D",))
    hibernate(s, "keep all (worked example)")
    s.do("hide_in_remora", location="Storage Bay")
    s.do("hunt_bet", location="Supply Locker")  # 3 disks: halon search, search, search
    s.do("hunt_step", step="halon search", location="Cockpit")
    s.do("hunt_step", step="search", location="Hypersleep Chamber")
    notes = [n.text for n in s.do("hunt_step", step="search", location="Storage Bay")]
    assert notes[-1] == "then go to the Showdown fights"
    assert next_up(s).startswith("Module D reward: the crew's remaining disks fill one")
    assert "the module D hunt comes first: Module D reward" in (s.blocked("fight_result") or "")
    assert "the crew's reward comes next" in (s.blocked("hunt_step") or "")
    s.do("hunt_reward", zone=hunt_order.reward_choices(s.state)[0])
    assert s.blocked("fight_result") is None
    assert next_up(s).startswith("Fight 1")


def test_the_fight_result_asks_combat_tokens_only_with_module_d() -> None:
    """Combat tokens come from module D's hunt: a game without it is never asked them, and
    a value given anyway is refused, naming the field."""
    fields = lambda s: [p.name for p in s.action("fight_result").shown_params(s.state)]  # noqa: E731
    assert "combat_tokens_used" in fields(example(("D",)))
    plain = example(())
    assert "combat_tokens_used" not in fields(plain)
    hibernate(plain, "keep all (worked example)")
    with pytest.raises(ActionError, match="combat_tokens_used: not asked now .*module D"):
        plain.do("fight_result", target="Andrew", result="matched", combat_tokens_used=1)
