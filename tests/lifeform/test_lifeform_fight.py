"""The Showdown fight helper (spec §10.4-10.5): the rulebook's fights, the §12.5 checks, and the
exact solver against a brute force that assigns every fight icon one answer at a time."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trackers.games.lifeform.board import Board, Icon
from trackers.games.lifeform.fight import (
    CrewCard,
    FightPlan,
    Holdings,
    Verdict,
    cancel_options,
    check_fight,
    committed_icons,
    pick_fight_icons,
    solve_fight,
)

R, B, P, G, H = (Icon.RED_CLAW, Icon.BLUE_CLAW, Icon.PURPLE_STINGER, Icon.GREEN_EYE,
                 Icon.HARPOON_GUN)
UNSET = Board()


def card(name: str, *icons: Icon) -> CrewCard:
    return CrewCard(name, icons)


# --- an independent check of any plan ------------------------------------------------------
def assert_valid_plan(fight: tuple[Icon, ...], h: Holdings, plan: FightPlan, *,
                      tokens2: bool, cat: int, surplus: int) -> None:
    """Every fight icon answered once, by resources that exist, each spent within its rule."""
    assert [a.fight_icon for a in plan.answers] == list(fight)
    units: Counter[tuple[str, int, int]] = Counter()
    data_hits: Counter[tuple[str, int]] = Counter()
    for a in plan.answers:
        units.update(a.uses)
        if a.option == "card":
            ((kind, c, q),) = a.uses
            assert kind == "card" and h.cards[c].icons[q] is a.fight_icon
        elif a.option == "two_for_one":
            assert len(a.uses) == 2
            for kind, i, q in a.uses:
                assert kind == "card" and h.cards[i].icons[q] is not H or kind == "data"
                assert kind != "data" or tokens2
        elif a.option == "harpoon_card":
            ((kind, c, _),) = a.uses
            assert h.cards[c].is_harpoon
        elif a.option == "data_token":
            ((kind, t, _),) = a.uses
            tokens = h.data_tokens if kind == "data" else h.sister_data_tokens
            assert tokens[t] is a.fight_icon
            data_hits[(kind, t)] += 1
    for (kind, i, q), n in units.items():
        if kind == "harpoon_card":
            assert n <= 3
        elif kind in ("data", "sister_data"):
            assert n == 2 if data_hits[(kind, i)] else n == 1
        else:
            assert n == 1, (kind, i, q)
    assert sum(1 for k, _, _ in units if k == "harpoon_token") <= h.harpoon_tokens
    assert sum(1 for k, _, _ in units if k == "ships_cat") <= cat
    assert sum(1 for k, _, _ in units if k == "surplus") <= surplus
    cards = {i for k, i, _ in units if k in ("card", "harpoon_card")}
    assert set(plan.cards_played) == cards
    spent_tokens = {(k, i) for k, i, _ in units if k not in ("card", "harpoon_card")}
    assert plan.spent == len(cards) + len(spent_tokens)


# --- brute force: one fight icon at a time, every answer, memoised on the spent state --------
def brute_force(fight: tuple[Icon, ...], h: Holdings, *, tokens2: bool, cat: int,
                surplus: int) -> int | None:
    """The fewest items spent to match every icon, or None. Deliberately literal and slow."""
    card_units = [(c, q) for c, crd in enumerate(h.cards) for q in range(len(crd.icons))]
    harpoon_cards = [c for c, crd in enumerate(h.cards) if crd.is_harpoon]

    def cost(used: frozenset[tuple[int, int]], slots: tuple[int, ...], htok: int,
             own: tuple[int, ...], sis: tuple[int, ...], cat_u: int, sur_u: int) -> int | None:
        if 1 in own or 1 in sis:
            return None  # a Data token can never match just one icon
        touched = {c for c, _ in used} | {c for c, n in zip(harpoon_cards, slots, strict=True)
                                           if n}
        return (len(touched) + htok + sum(s > 0 for s in own) + sum(s > 0 for s in sis)
                + cat_u + sur_u)

    @cache
    def go(i: int, used: frozenset[tuple[int, int]], slots: tuple[int, ...], htok: int,
           own: tuple[int, ...], sis: tuple[int, ...], cat_u: int,
           sur_u: int) -> int | None:
        if i == len(fight):
            return cost(used, slots, htok, own, sis, cat_u, sur_u)
        f = fight[i]
        results: list[int | None] = []

        def step(**kw: object) -> None:
            state = {"used": used, "slots": slots, "htok": htok, "own": own, "sis": sis,
                     "cat_u": cat_u, "sur_u": sur_u, **kw}
            results.append(go(i + 1, **state))

        for c, q in card_units:
            if (c, q) not in used and h.cards[c].icons[q] is f:
                step(used=used | {(c, q)})
        for k, c in enumerate(harpoon_cards):
            harpoon_pooled = any((c, q) in used for q, ic in enumerate(h.cards[c].icons)
                                 if ic is H)
            if slots[k] < 3 and not harpoon_pooled:
                step(slots=slots[:k] + (slots[k] + 1,) + slots[k + 1:])
        if htok < h.harpoon_tokens:
            step(htok=htok + 1)
        for d, icon in enumerate(h.data_tokens):
            if icon is f and own[d] in (0, 1):
                step(own=own[:d] + (own[d] + 1,) + own[d + 1:])
        for d, icon in enumerate(h.sister_data_tokens):
            if icon is f and sis[d] in (0, 1):
                step(sis=sis[:d] + (sis[d] + 1,) + sis[d + 1:])
        if cat_u < cat:
            step(cat_u=cat_u + 1)
        if sur_u < surplus:
            step(sur_u=sur_u + 1)
        # Two-for-One: any two unspent icons (a Harpoon Gun icon too, if its card gave no
        # auto-match), or, when allowed, the target's own tokens.
        pool: list[tuple[str, tuple[int, int]]] = [
            ("card", u) for u in card_units if u not in used
            and not (h.cards[u[0]].icons[u[1]] is H
                     and slots[harpoon_cards.index(u[0])])]
        if tokens2:
            pool += [("htok", (n, 0)) for n in range(min(2, h.harpoon_tokens - htok))]
            pool += [("own", (d, 0)) for d, s in enumerate(own) if s == 0]
        for a, b in combinations(pool, 2):
            new_used, new_htok, new_own = set(used), htok, list(own)
            for kind, ref in (a, b):
                if kind == "card":
                    new_used.add(ref)
                elif kind == "htok":
                    new_htok += 1
                else:
                    new_own[ref[0]] = 3
            step(used=frozenset(new_used), htok=new_htok, own=tuple(new_own))
        found = [r for r in results if r is not None]
        return min(found) if found else None

    return go(0, frozenset(), (0,) * len(harpoon_cards), 0, (0,) * len(h.data_tokens),
              (0,) * len(h.sister_data_tokens), 0, 0)


# --- the rulebook's Showdown example (spec §12.5) --------------------------------------------
def test_fight_1_jacob_cancels_five_stingers_and_a_token_with_halon() -> None:
    committed = committed_icons((P, P, P, P, P), hostility_tokens=1)
    assert committed.count(R) == 1 and len(committed) == 6
    options = cancel_options(halon_tokens=1, remora_token=True, mining_laser_holder="Andrew")
    assert [o.item for o in options] == ["halon", "remora", "mining_laser"]
    after = cancel_options(halon_tokens=0, remora_token=True, mining_laser_holder="Andrew")
    assert [o.item for o in after] == ["remora", "mining_laser"]


def test_fight_2_andrew_cancels_with_the_mining_laser() -> None:
    options = cancel_options(halon_tokens=0, remora_token=True, mining_laser_holder="Andrew")
    laser = [o for o in options if o.item == "mining_laser"]
    assert laser and "Andrew discards the Mining Laser card" in laser[0].how


JACOB = Holdings(cards=(card("Scan", B), card("Weld", G, R), card("Patch", P),
                        card("Brace", B)), surviving_characters=2)


def test_fight_3_jacob_matches_eye_and_claw_with_his_own_card() -> None:
    fight = committed_icons((G,), hostility_tokens=1)
    result = check_fight(fight, JACOB, player_count=3, profile=UNSET)
    assert result.verdict is Verdict.MATCHED
    assert result.plan is not None and result.plan.cards_played == (1,)  # C4: Jacob's card
    assert [a.option for a in result.plan.answers] == ["card", "card"]


def test_fight_3_only_the_targets_cards_count() -> None:
    jacob_without = Holdings(cards=(card("Scan", B), card("Patch", P)))
    result = check_fight((G, R), jacob_without, player_count=3, profile=UNSET)
    assert result.verdict is Verdict.NOT_MATCHED


ANDREW = Holdings(cards=(card("Claw", R), card("A", G), card("B", B), card("C", P),
                         card("D", G)), surviving_characters=2)


def test_fight_4_andrew_uses_a_claw_card_and_two_for_one_twice() -> None:
    fight = committed_icons((R,), hostility_tokens=2)
    assert fight == (R, R, R)
    result = check_fight(fight, ANDREW, player_count=3, profile=UNSET)
    assert result.verdict is Verdict.MATCHED and result.plan is not None
    assert [a.option for a in result.plan.answers] == ["card", "two_for_one", "two_for_one"]
    assert result.plan.spent == 5  # Andrew is left with 0 cards, as in the example


def test_fight_5_jacob_cancels_with_the_remora_token() -> None:
    options = cancel_options(halon_tokens=0, remora_token=True, mining_laser_holder=None)
    assert [o.item for o in options] == ["remora"]
    assert cancel_options(halon_tokens=0, remora_token=False, mining_laser_holder=None) == ()


@pytest.mark.parametrize("c5", [True, None, False])
def test_fight_6_andrew_with_no_cards_is_eliminated(c5: bool | None) -> None:
    empty = Holdings(surviving_characters=2)
    result = check_fight((G, G), empty, player_count=3, profile=UNSET, surplus_character=c5)
    assert result.verdict is Verdict.NOT_MATCHED  # one surplus character is not enough


def test_c5_surplus_character_reading_is_shown_when_it_would_save_the_target() -> None:
    empty = Holdings(surviving_characters=2)
    unsettled = check_fight((G,), empty, player_count=3, profile=UNSET)
    assert unsettled.verdict is Verdict.DEPENDS
    assert unsettled.depends_on and unsettled.depends_on[0].startswith("the table decides whether "
                                                                       "a second")
    allowed = check_fight((G,), empty, player_count=3, profile=UNSET, surplus_character=True)
    assert allowed.verdict is Verdict.MATCHED
    assert allowed.plan is not None and allowed.plan.answers[0].option == "surplus"
    refused = check_fight((G,), empty, player_count=3, profile=UNSET, surplus_character=False)
    assert refused.verdict is Verdict.NOT_MATCHED
    alone = Holdings(surviving_characters=1)
    assert check_fight((G,), alone, player_count=3, profile=UNSET).verdict is \
        Verdict.NOT_MATCHED


# --- more Showdown checks (spec §12.5 T20-T23) -------------------------------------------------
def test_t20_any_four_icons_match_two_blue_claws() -> None:
    h = Holdings(cards=(card("a", R, G), card("b", P, G)))
    plan = solve_fight((B, B), h)
    assert plan is not None and [a.option for a in plan.answers] == ["two_for_one"] * 2
    assert solve_fight((B, B), Holdings(cards=(card("a", R, G), card("b", P)))) is None


def test_t21_sister_data_token_matches_two_blue_claws() -> None:
    h = Holdings(cards=(card("a", R),), sister_data_tokens=(B,))
    result = check_fight((B, B), h, player_count=3, profile=UNSET)
    assert result.verdict is Verdict.MATCHED and result.plan is not None
    assert result.plan.sister_data_tokens == (0,) and result.plan.spent == 1


def test_a_data_token_never_matches_just_one_icon() -> None:
    assert solve_fight((B,), Holdings(data_tokens=(B,))) is None
    assert solve_fight((B, R), Holdings(data_tokens=(B,))) is None
    assert solve_fight((B, B, R), Holdings(data_tokens=(B,), harpoon_tokens=1)) is not None


def test_t22_harpoon_card_with_two_icons_left_loses_the_third() -> None:
    h = Holdings(cards=(card("Harpoon", H),))
    plan = solve_fight((G, R), h)
    assert plan is not None and plan.spent == 1
    assert [a.option for a in plan.answers] == ["harpoon_card", "harpoon_card"]
    assert solve_fight((G, R, B, P), h) is None  # it matches 3, not 4


def test_harpoon_token_matches_one_icon() -> None:
    assert solve_fight((P,), Holdings(harpoon_tokens=1)) is not None
    assert solve_fight((P, P), Holdings(harpoon_tokens=1)) is None


def test_t23_lifeform_picks_five_of_seven_and_two_are_lost() -> None:
    committed = committed_icons((G, G, P), hostility_tokens=4)
    assert len(committed) == 7
    fight, lost = pick_fight_icons(committed, (G, G, P, R, R))
    assert fight == (G, G, P, R, R) and lost == 2
    with pytest.raises(ValueError, match="picks exactly 5"):
        pick_fight_icons(committed, (G, G, G, R, R))
    with pytest.raises(ValueError, match="picks which 5"):
        solve_fight(committed, Holdings())
    assert pick_fight_icons((G, R)) == ((G, R), 0)


def test_stowaway_card_icons_join_the_fight() -> None:
    assert committed_icons((G,), 0, (R, B)) == (G, R, B)


# --- unknowns from the profile (G12, G26) --------------------------------------------------------
def test_g12_tokens_in_two_for_one_depends_until_set() -> None:
    h = Holdings(cards=(card("a", G),), data_tokens=(B,))
    unsettled = check_fight((R,), h, player_count=3, profile=UNSET)
    assert unsettled.verdict is Verdict.DEPENDS
    assert unsettled.depends_on[0].startswith("unknown: enter 'Data and Harpoon tokens")
    yes = Board.from_values({"showdown.tokens_in_two_for_one": True})
    no = Board.from_values({"showdown.tokens_in_two_for_one": False})
    assert check_fight((R,), h, player_count=3, profile=yes).verdict is Verdict.MATCHED
    assert check_fight((R,), h, player_count=3, profile=no).verdict is Verdict.NOT_MATCHED


def test_g26_two_player_cat_matches_one_icon_and_more_depends_on_the_profile() -> None:
    h = Holdings(ships_cat=True)
    assert check_fight((R,), h, player_count=2, profile=UNSET).verdict is Verdict.MATCHED
    more = check_fight((R, R), h, player_count=2, profile=UNSET)
    assert more.verdict is Verdict.DEPENDS
    assert "2-player Ship's Cat" in more.depends_on[0]
    two = Board.from_values({"showdown.ships_cat_matches_2p": 2})
    assert check_fight((R, R), h, player_count=2, profile=two).verdict is Verdict.MATCHED


def test_three_player_cat_matches_exactly_one_icon() -> None:
    h = Holdings(ships_cat=True)
    assert check_fight((R,), h, player_count=3, profile=UNSET).verdict is Verdict.MATCHED
    assert check_fight((R, R), h, player_count=3, profile=UNSET).verdict is Verdict.NOT_MATCHED


def test_the_cheapest_plan_is_shown() -> None:
    # A Harpoon card alone answers three icons; three single cards would cost three.
    h = Holdings(cards=(card("a", R), card("b", B), card("c", P), card("Harpoon", H, G)))
    plan = solve_fight((R, B, P), h)
    assert plan is not None and plan.cards_played == (3,)


def test_no_fight_icons_need_nothing() -> None:
    plan = solve_fight((), Holdings(cards=(card("a", R),)))
    assert plan is not None and plan.spent == 0


# --- exact solver == brute force on random hands ---------------------------------------------
FIGHT = st.lists(st.sampled_from([R, B, P, G]), max_size=5).map(tuple)
CARD = st.lists(st.sampled_from([R, B, P, G, H]), min_size=1, max_size=3).map(tuple)
DATA = st.lists(st.sampled_from([R, B, P, G]), max_size=2).map(tuple)


@given(fight=FIGHT, cards=st.lists(CARD, max_size=4), harpoon=st.integers(0, 2), own=DATA,
       sister=DATA, cat=st.integers(0, 2), surplus=st.integers(0, 1), tokens2=st.booleans())
def test_solver_matches_brute_force(fight: tuple[Icon, ...], cards: list[tuple[Icon, ...]],
                                    harpoon: int, own: tuple[Icon, ...],
                                    sister: tuple[Icon, ...], cat: int, surplus: int,
                                    tokens2: bool) -> None:
    h = Holdings(cards=tuple(CrewCard(f"c{i}", icons) for i, icons in enumerate(cards)),
                 harpoon_tokens=harpoon, data_tokens=own, sister_data_tokens=sister)
    plan = solve_fight(fight, h, tokens_in_two_for_one=tokens2, cat_matches=cat,
                       surplus_matches=surplus)
    best = brute_force(fight, h, tokens2=tokens2, cat=cat, surplus=surplus)
    assert (plan is None) == (best is None)
    if plan is not None:
        assert plan.spent == best
        assert_valid_plan(fight, h, plan, tokens2=tokens2, cat=cat, surplus=surplus)
