"""One Showdown fight: can the target match every fight icon, and how (spec lifeform §10.4-10.5)?

Matching options (spec §10.5 step 5), each usable any number of times in one fight:
- a Crew card played by the target: each of its icons matches one fight icon of the same type
  (only the target's cards count: C4 is settled by the rule);
- Two-for-One: any two crew showdown icons left over auto-match one fight icon of any type;
- the Harpoon card (Harpoon Gun icon): auto-matches any three fight icons;
- a Harpoon token: auto-matches one fight icon;
- a Data token (the target's, or the SIS-TER player's): auto-matches exactly two fight icons
  identical to its icon, never just one;
- the Ship's Cat: one icon in 3P/4P; in 2P the number is G26 (board profile);
- a surplus surviving character, only if the table allows it (C5, the example's fight 6).

The solver is exact: it tries every set of cards and every use of the Data tokens, and for each
one the best same-type matching (which is a maximum per icon type), and keeps the plan that spends
the fewest items. Unspent capacity is lost (spec §10.5), so fewer items is what the crew wants.
Our reading where the text is thin: the SIS-TER player's Data tokens help only through the Data
token option; a Harpoon token is never worth more as half a Two-for-One than as its own match.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import product

from trackers.games.lifeform.board import Board, Icon

FIGHT_ICON_LIMIT = 5  # spec §10.5 step 4
HARPOON_CARD_MATCHES = 3  # spec §10.5 step 5
MAX_CARDS = 16  # far above any legal hand; keeps the exact search bounded


@dataclass(frozen=True)
class CrewCard:
    """A Crew card's showdown icons (bottom edge, spec §10.4). A Harpoon Gun icon = Harpoon card."""

    name: str
    icons: tuple[Icon, ...]

    @property
    def is_harpoon(self) -> bool:
        return Icon.HARPOON_GUN in self.icons


@dataclass(frozen=True)
class Holdings:
    """What may answer a fight aimed at one crew member (spec §10.3, §10.5)."""

    cards: tuple[CrewCard, ...] = ()
    harpoon_tokens: int = 0
    data_tokens: tuple[Icon, ...] = ()  # the target's own Data tokens
    sister_data_tokens: tuple[Icon, ...] = ()  # the SIS-TER player's, spent for the target
    ships_cat: bool = False  # the cat is available to match for this fight
    surviving_characters: int = 1


Unit = tuple[str, int, int]
"""What an answer spends: (kind, index, icon position); kinds: card, harpoon_card, data,
sister_data, harpoon_token, ships_cat, surplus. Indices point into Holdings."""


@dataclass(frozen=True)
class Answer:
    """How one fight icon is matched."""

    fight_icon: Icon
    option: str  # card, two_for_one, harpoon_card, harpoon_token, data_token, ships_cat, surplus
    how: str
    uses: tuple[Unit, ...] = ()


@dataclass(frozen=True)
class FightPlan:
    """One way to match every fight icon, answers in fight-icon order."""

    answers: tuple[Answer, ...]
    cards_played: tuple[int, ...]  # indices into Holdings.cards
    data_tokens: tuple[int, ...]  # indices into Holdings.data_tokens
    sister_data_tokens: tuple[int, ...]  # indices into Holdings.sister_data_tokens
    harpoon_tokens: int = 0
    ships_cat: int = 0
    surplus_characters: int = 0
    tokens_in_two_for_one: int = 0  # own Data tokens spent as Two-for-One icons (G12)

    @property
    def spent(self) -> int:
        return (len(self.cards_played) + len(self.data_tokens) + len(self.sister_data_tokens)
                + self.harpoon_tokens + self.ships_cat + self.surplus_characters)


def _check_icons(fight_icons: Sequence[Icon]) -> tuple[Icon, ...]:
    icons = tuple(fight_icons)
    if any(not isinstance(i, Icon) for i in icons):
        raise ValueError(f"fight icons: expected showdown icons ({', '.join(Icon)}), got {icons}")
    if len(icons) > FIGHT_ICON_LIMIT:
        raise ValueError(f"fight icons: at most {FIGHT_ICON_LIMIT}; the lifeform picks which 5 "
                         f"count when it commits more (rulebook, Fight Sequence step 4)")
    return icons


def _data_choices(need: Counter[Icon], own: Sequence[Icon],
                  sister: Sequence[Icon]) -> Iterator[dict[Icon, tuple[int, int]]]:
    """Every way to spend Data tokens as 'two identical icons' matches: icon -> (own, SIS-TER)."""
    per_icon = []
    for icon in sorted({*own, *sister}):
        pairs = need[icon] // 2
        options = [(o, s) for o in range(min(own.count(icon), pairs) + 1)
                   for s in range(min(sister.count(icon), pairs - o) + 1)]
        per_icon.append([(icon, o, s) for o, s in options])
    for combo in product(*per_icon):
        yield {icon: (o, s) for icon, o, s in combo if o or s}


def solve_fight(fight_icons: Sequence[Icon], holdings: Holdings, *,
                tokens_in_two_for_one: bool = False, cat_matches: int = 0,
                surplus_matches: int = 0) -> FightPlan | None:
    """The cheapest plan matching every fight icon, or None if none exists (spec §10.5).

    `cat_matches` and `surplus_matches` are how many icons the Ship's Cat and spare surviving
    characters may match (0 when unavailable); `tokens_in_two_for_one` lets the target's own
    Data tokens count as icons in Two-for-One (G12). Ties prefer not giving up characters,
    then not using the cat.
    """
    fight = _check_icons(fight_icons)
    cards = holdings.cards
    if len(cards) > MAX_CARDS:
        raise ValueError(f"cards: at most {MAX_CARDS} in one fight, got {len(cards)}")
    need = Counter(fight)
    own, sister = holdings.data_tokens, holdings.sister_data_tokens
    choices = list(_data_choices(need, own, sister))
    best_key: tuple[int, int, int, int] | None = None
    best: _Choice | None = None
    for mask in range(1 << len(cards)):
        chosen = [i for i in range(len(cards)) if mask >> i & 1]
        icons: Counter[Icon] = Counter(
            i for c in chosen for i in cards[c].icons if i is not Icon.HARPOON_GUN)
        harpoon = HARPOON_CARD_MATCHES * sum(1 for c in chosen if cards[c].is_harpoon)
        for data in choices:
            rest = need.copy()
            for icon, (mine, theirs) in data.items():
                rest[icon] -= 2 * (mine + theirs)
            # Matching an icon on its own type never costs more than pairing it for
            # Two-for-One, so the most same-type matches (per type) is always best.
            same = sum(min(n, icons[t]) for t, n in rest.items())
            unmatched = sum(rest.values()) - same
            spent_data = sum(mine + theirs for mine, theirs in data.values())
            own_left = len(own) - sum(mine for mine, _ in data.values())
            for pooled in range(own_left + 1 if tokens_in_two_for_one else 1):
                free = harpoon + (icons.total() - same + pooled) // 2
                deficit = max(0, unmatched - free)
                tokens = min(deficit, holdings.harpoon_tokens)
                cat = min(deficit - tokens, cat_matches)
                spare = min(deficit - tokens - cat, surplus_matches)
                if tokens + cat + spare < deficit:
                    continue
                key = (len(chosen) + spent_data + pooled + deficit, spare, cat, mask)
                if best_key is None or key < best_key:
                    best_key, best = key, _Choice(chosen, data, pooled, tokens, cat, spare)
    return None if best is None else _build_plan(fight, holdings, best)


@dataclass(frozen=True)
class _Choice:
    """A feasible spend found by the search."""

    chosen: list[int]
    data: dict[Icon, tuple[int, int]]
    pooled: int
    harpoon_tokens: int
    cat: int
    surplus: int


def _build_plan(fight: tuple[Icon, ...], holdings: Holdings, choice: _Choice) -> FightPlan:
    """Turn a feasible choice into answers, one per fight icon."""
    chosen, data, pooled = choice.chosen, choice.data, choice.pooled
    answers: list[Answer | None] = [None] * len(fight)

    def open_of(icon: Icon | None) -> list[int]:
        return [i for i, a in enumerate(answers)
                if a is None and (icon is None or fight[i] is icon)]

    own_used: list[int] = []
    sister_used: list[int] = []
    for icon, (o, s) in data.items():
        for kind, tokens, used, n in (("data", holdings.data_tokens, own_used, o),
                                      ("sister_data", holdings.sister_data_tokens, sister_used,
                                       s)):
            owner = "your" if kind == "data" else "SIS-TER's"
            for t in [i for i, t in enumerate(tokens) if t is icon][:n]:
                used.append(t)
                for i in open_of(icon)[:2]:
                    answers[i] = Answer(icon, "data_token", f"{owner} Data token ({icon}) "
                                        f"matches two {icon}", ((kind, t, 0),))
    pool: list[tuple[str, Unit]] = []
    for c in chosen:
        card = holdings.cards[c]
        for q, icon in enumerate(card.icons):
            if icon is Icon.HARPOON_GUN:
                continue
            slots = open_of(icon)
            if slots:
                answers[slots[0]] = Answer(icon, "card", f"card '{card.name}' ({icon})",
                                           (("card", c, q),))
            else:
                pool.append((f"'{card.name}' ({icon})", ("card", c, q)))
    spare_own = [i for i in range(len(holdings.data_tokens)) if i not in own_used][:pooled]
    own_used.extend(spare_own)
    pool += [(f"your Data token ({holdings.data_tokens[i]})", ("data", i, 0)) for i in spare_own]
    wild: list[tuple[str, str, tuple[Unit, ...]]] = []
    for c in chosen:
        if holdings.cards[c].is_harpoon:
            how = f"Harpoon card '{holdings.cards[c].name}' (auto-matches 3)"
            wild += [("harpoon_card", how, (("harpoon_card", c, 0),))] * HARPOON_CARD_MATCHES
    wild += [("two_for_one", f"Two-for-One: {a[0]} + {b[0]}", (a[1], b[1]))
             for a, b in zip(pool[::2], pool[1::2], strict=False)]
    wild += [("harpoon_token", "a Harpoon token", (("harpoon_token", k, 0),))
             for k in range(choice.harpoon_tokens)]
    wild += [("ships_cat", "the Ship's Cat", (("ships_cat", k, 0),)) for k in range(choice.cat)]
    wild += [("surplus", "a surplus surviving character (the rulebook's example "
                         "only)", (("surplus", k, 0),))
             for k in range(choice.surplus)]
    for i, (option, how, uses) in zip(open_of(None), wild, strict=False):
        answers[i] = Answer(fight[i], option, how, uses)
    if any(a is None for a in answers):  # the search proved feasibility; this cannot happen
        raise AssertionError("fight plan left an icon unmatched")
    return FightPlan(tuple(a for a in answers if a is not None), tuple(chosen),
                     tuple(sorted(own_used)), tuple(sorted(sister_used)),
                     choice.harpoon_tokens, choice.cat, choice.surplus, len(spare_own))


class Verdict(StrEnum):
    MATCHED = "every fight icon can be matched"
    NOT_MATCHED = "not every fight icon can be matched: the target is eliminated"
    DEPENDS = "matched only under a reading the table must settle"


@dataclass(frozen=True)
class FightCheck:
    verdict: Verdict
    plan: FightPlan | None
    why: str
    depends_on: tuple[str, ...] = ()  # the unset values or rulings the plan relies on


def check_fight(fight_icons: Sequence[Icon], holdings: Holdings, *, player_count: int,
                profile: Board, surplus_character: bool | None = None) -> FightCheck:
    """Apply spec §10.5 to one fight, settling unknowns from the profile and the table's C5 ruling.

    Unset values (G12 tokens in Two-for-One, G26 the 2P cat) and an unsettled C5 are first left
    out; if that fails and they would save the target, the verdict is DEPENDS and names them.
    """
    if player_count not in (2, 3, 4):
        raise ValueError(f"player_count: expected 2, 3 or 4, got {player_count!r}")
    tokens_flag = profile.flag("showdown.tokens_in_two_for_one")
    cat_2p = profile.number("showdown.ships_cat_matches_2p")
    spare = max(0, holdings.surviving_characters - 1)
    if not holdings.ships_cat:
        cat_known, cat_max = 0, 0
    elif player_count == 2:  # the text says the 2P cat cancels "a" fight icon: at least 1 (G26)
        cat_known, cat_max = (cat_2p, cat_2p) if cat_2p else (1, FIGHT_ICON_LIMIT)
    else:
        cat_known, cat_max = 1, 1  # spec §10.3: one icon, then the cat player is out
    strict = solve_fight(fight_icons, holdings, tokens_in_two_for_one=bool(tokens_flag),
                         cat_matches=cat_known,
                         surplus_matches=spare if surplus_character else 0)
    if strict is not None:
        return FightCheck(Verdict.MATCHED, strict, _summary(strict))
    wide = solve_fight(fight_icons, holdings,
                       tokens_in_two_for_one=tokens_flag is not False, cat_matches=cat_max,
                       surplus_matches=spare if surplus_character is not False else 0)
    if wide is None:
        return FightCheck(Verdict.NOT_MATCHED, None,
                          "no mix of cards and tokens matches every fight icon (rulebook, Fight "
                          "Sequence)")
    needs = []
    if tokens_flag is None and wide.tokens_in_two_for_one:
        needs.append(profile.unknown("showdown.tokens_in_two_for_one"))
    if wide.ships_cat > cat_known:
        needs.append(profile.unknown("showdown.ships_cat_matches_2p"))
    if wide.surplus_characters:
        needs.append("the table decides whether a second surviving character may be given "
                     "up to match 1 icon (rulebook Showdown example, fight 6)")
    return FightCheck(Verdict.DEPENDS, wide, _summary(wide), tuple(needs))


def _summary(plan: FightPlan) -> str:
    return "; ".join(f"{a.fight_icon} <- {a.how}" for a in plan.answers) or "no fight icons"


def committed_icons(card_icons: Sequence[Icon], hostility_tokens: int = 0,
                    stowaway_icons: Sequence[Icon] = ()) -> tuple[Icon, ...]:
    """Everything the lifeform put in (step 2): its card, +1 red claw per Hostility token (§10.4),
    and the 1-2 Minute Stowaway card's icons (G10)."""
    if hostility_tokens < 0:
        raise ValueError("hostility_tokens: expected 0 or more")
    return (*card_icons, *[Icon.RED_CLAW] * hostility_tokens, *stowaway_icons)


def pick_fight_icons(committed: Sequence[Icon],
                     chosen: Sequence[Icon] | None = None) -> tuple[tuple[Icon, ...], int]:
    """Step 4: more than 5 committed -> the lifeform picks 5, the rest are lost. (fight, lost)."""
    if len(committed) <= FIGHT_ICON_LIMIT:
        return tuple(committed), 0
    if chosen is None or len(chosen) != FIGHT_ICON_LIMIT or Counter(chosen) - Counter(committed):
        raise ValueError(f"chosen: the lifeform picks exactly {FIGHT_ICON_LIMIT} of the "
                         f"{len(committed)} committed icons (rulebook, Fight Sequence step 4)")
    return tuple(chosen), len(committed) - FIGHT_ICON_LIMIT


@dataclass(frozen=True)
class CancelOption:
    """A way to cancel the whole fight at step 3; every crew member must agree (spec §10.5)."""

    item: str  # halon, remora, mining_laser
    how: str


def cancel_options(halon_tokens: int, remora_token: bool,
                   mining_laser_holder: str | None) -> tuple[CancelOption, ...]:
    """Step 3 options: a Halon Gas Blast or the Remora token (crew pool), or the Mining Laser card
    from a surviving crew member's hand. Everything the lifeform committed is then revealed and
    discarded and the fight ends."""
    options = []
    if halon_tokens > 0:
        options.append(CancelOption("halon", f"discard a Halon Gas Blast token ({halon_tokens} "
                                              "in the crew pool)"))
    if remora_token:
        options.append(CancelOption("remora", "discard the Remora token from the crew pool"))
    if mining_laser_holder:
        options.append(CancelOption("mining_laser", f"{mining_laser_holder} discards the Mining "
                                                    "Laser card (removed from the game)"))
    return tuple(options)
