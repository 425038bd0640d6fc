"""Thirteenth Passenger module D: hunting the lifeform aboard the Remora (spec lifeform §11.4).

Just before the Showdown (where exactly is C10: the caller decides) the lifeform hides in one of
five locations (a secret), bets 2 one-point Hostility tokens openly on a location other than the
Engineering Compartment, and the crew works through the actions printed on the Remora board for
its number of surviving crew disks (G22: the strip is a board-profile value). Pure: a Hunt is a
frozen value and every step returns a new one. The hiding place never appears in repr() or in
public_view(); it shows only through the outcomes the rules make public.

Who gains or loses each "card" is not printed in the text (G22). We read it from the board's
colour note (spec §11.4): the Failed Crew Search row is the crew's (blue), the two lower rows are
the lifeform's (green; the higher a penalty, the lower a reward). Check it on your board.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from trackers.games.lifeform.board import Board
from trackers.games.lifeform.words import LIFEFORM_ONLY, count
from trackers.pieces import Secret


class Location(StrEnum):
    COCKPIT = "Cockpit"
    STORAGE_BAY = "Storage Bay"
    HYPERSLEEP = "Hypersleep Chamber"  # printed "Hyperleep Chamber" in the expansion text
    SUPPLY_LOCKER = "Supply Locker"
    ENGINEERING = "Engineering Compartment"


@dataclass(frozen=True)
class Effect:
    """One outcome from the Remora board table (spec §11.4); positive gains, negative loses."""

    who: str  # "crew", "lifeform" or "" for no effect
    text: str
    cards: int = 0
    per_crew_member: bool = False
    hostility_tokens: int = 0
    kills: int = 0
    ignore_hand_limit: bool = False


_NONE = Effect("", "no effect")
FAILED_SEARCH = {  # blue, the crew's instructions (G22 colour reading)
    Location.COCKPIT: _NONE,
    Location.STORAGE_BAY: Effect("crew", "the crew loses 1 card", cards=-1),
    Location.HYPERSLEEP: _NONE,
    Location.SUPPLY_LOCKER: _NONE,
    Location.ENGINEERING: Effect("crew", "each surviving crew member loses 1 card", cards=-1,
                                 per_crew_member=True),
}
DISCOVERED = {  # green, higher area: the lifeform's penalty
    Location.COCKPIT: _NONE,
    Location.STORAGE_BAY: Effect("lifeform", "the lifeform loses 1 card", cards=-1),
    Location.HYPERSLEEP: _NONE,
    Location.SUPPLY_LOCKER: Effect("lifeform", "the lifeform loses 1 Hostility token",
                                   hostility_tokens=-1),
    Location.ENGINEERING: Effect("lifeform", "the lifeform loses 2 cards", cards=-2),
}
REMAINS_HIDDEN = {  # green, lower area: the lifeform's reward
    Location.COCKPIT: Effect("lifeform", "the lifeform gains 1 Hostility token",
                             hostility_tokens=1),
    Location.STORAGE_BAY: Effect("lifeform", "the lifeform gains 2 cards, ignoring its hand "
                                 "limit", cards=2, ignore_hand_limit=True),
    Location.HYPERSLEEP: Effect("lifeform", "the lifeform gains 2 Hostility tokens",
                                hostility_tokens=2),
    Location.SUPPLY_LOCKER: Effect("lifeform", "the lifeform gains 1 card, ignoring its hand "
                                   "limit", cards=1, ignore_hand_limit=True),
    Location.ENGINEERING: Effect("lifeform", "the lifeform kills 1 crew member's disk of its "
                                 "choice; a player losing their last disk is out of the "
                                 "Showdown", kills=1),
}
BET_TOKENS = 2  # spec §11.4 step 2: two one-point Hostility tokens


def hunt_actions(crew_disks: int, profile: Board) -> tuple[tuple[str, ...] | None, str]:
    """The strip's actions for this many surviving crew disks, or None with why (§11.4, G22)."""
    if crew_disks <= 0:
        return (), "no surviving crew disk: there is no Showdown to hunt before"
    if crew_disks >= 5:
        return (), ("5 or 6 crew disks survived: go straight to the Showdown (Thirteenth "
                    "Passenger, Module D step 4); "
                    "the text is unclear here: the table decides whether the hiding card, the bet "
                    "and the "
                    "Engineering kill still apply")
    key = f"module_d.actions_{crew_disks}_disks"
    actions = profile.labels(key)
    if actions is None:
        return None, profile.unknown(key)
    said = ", then ".join(a.replace("_", " ") for a in actions)  # in the strip's own words
    return actions, f"{count(crew_disks, 'crew disk')}: {said}"


@dataclass(frozen=True)
class Hunt:
    """The hunt so far. `hiding_place` is the lifeform's secret (kept out of repr)."""

    hiding_place: Location = field(repr=False)
    bet: Location
    crew_disks: int
    actions: tuple[str, ...]
    halon_tokens: int  # Halon Gas Blast tokens in the crew pool now (C10)
    step: int = 0
    disks_placed: int = 0
    halon_spent: int = 0
    searched: tuple[Location, ...] = ()
    revealed_empty: tuple[Location, ...] = ()  # Lifeform Reveal Mission tokens
    found: bool = False

    @property
    def next_action(self) -> str | None:
        if self.found or self.step >= len(self.actions):
            return None
        return self.actions[self.step]

    @property
    def finished(self) -> bool:
        return self.next_action is None

    def public_view(self) -> dict[str, object]:
        """Everything the crew may see: no hiding place until the rules reveal it."""
        view: dict[str, object] = {
            "bet": str(self.bet), "crew_disks": self.crew_disks, "actions": list(self.actions),
            "next_action": self.next_action, "disks_placed": self.disks_placed,
            "halon_spent": self.halon_spent, "searched": [str(x) for x in self.searched],
            "revealed_empty": [str(x) for x in self.revealed_empty], "found": self.found}
        if self.found:
            view["hiding_place"] = str(self.hiding_place)
        return view


def start_hunt(hiding_place: Location, bet: Location, crew_disks: int,
               actions: tuple[str, ...], halon_tokens: int) -> Hunt:
    """Steps 1-3 set up: secret hiding place, open bet (not Engineering), the strip's actions."""
    if bet is Location.ENGINEERING:
        raise ValueError("bet: the Hostility tokens may go on any location except the "
                         "Engineering Compartment (Thirteenth Passenger, Module D step 2)")
    if not 1 <= crew_disks <= 4:
        raise ValueError(f"crew_disks: the hunt is for 1 to 4 surviving crew disks; with 5 or 6 "
                         "go straight to the Showdown (Thirteenth Passenger, Module D), got "
                         f"{crew_disks}")
    if not actions or any(a not in ("halon_search", "lifeform_reveal", "search")
                          for a in actions):
        raise ValueError("actions: expected halon_search, lifeform_reveal or search")
    if halon_tokens < 0:
        raise ValueError("halon_tokens: expected 0 or more")
    return Hunt(hiding_place, bet, crew_disks, tuple(actions), halon_tokens)


def _expect(hunt: Hunt, *allowed: str) -> str:
    action = hunt.next_action
    if action not in allowed:
        raise ValueError(f"the next module D action is {action or 'none: the hunt is over'}, "
                         f"not {' or '.join(allowed)}")
    return action


def lifeform_reveal(hunt: Hunt, location: Location) -> Hunt:
    """The lifeform marks a location where it is not hiding with a spare Mission token. The
    seal decides it before this step (``remora_hunt.check_mark``); a mark made with the owner
    absent stands unchecked, and a false one is told when the hiding place is revealed
    (``false_marks``)."""
    _expect(hunt, "lifeform_reveal")
    if location in hunt.revealed_empty:
        raise ValueError(f"location: {location} is already marked")
    return replace(hunt, step=hunt.step + 1, revealed_empty=(*hunt.revealed_empty, location))


def false_marks(hunt: Hunt) -> tuple[Location, ...]:
    """Locations the lifeform marked as empty although it hid there (at most one)."""
    return tuple(x for x in hunt.revealed_empty if x is hunt.hiding_place)


def skip_halon(hunt: Hunt) -> Hunt:
    """The crew passes on the optional Halon Gas Blast search."""
    _expect(hunt, "halon_search")
    return replace(hunt, step=hunt.step + 1)


@dataclass(frozen=True)
class SearchResult:
    location: Location
    found: bool
    effect: Effect
    why: str


def search(hunt: Hunt, location: Location, halon: bool = False) -> tuple[Hunt, SearchResult]:
    """A SEARCH: a crew disk marks the location, or a Halon Gas Blast token does instead (lost
    to the Showdown): on the strip's Halon step, or on a search step where the crew spends a
    blast rather than a disk (the optional Halon spend, Thirteenth Passenger, Module D). Match:
    the bet leaves and the location's Lifeform Discovered effect applies, then the Showdown.
    Else its Failed Crew Search applies (spec §11.4)."""
    action = _expect(hunt, "search", "halon_search")
    if action == "halon_search" or halon:
        if hunt.halon_spent >= hunt.halon_tokens:
            then = "skip this action" if action == "halon_search" else "search with a crew disk"
            raise ValueError(f"no Halon Gas Blast token left in the crew pool; {then}")
        hunt = replace(hunt, halon_spent=hunt.halon_spent + 1)
    else:
        if hunt.disks_placed >= hunt.crew_disks:
            raise ValueError("no crew disk left to mark a search")
        hunt = replace(hunt, disks_placed=hunt.disks_placed + 1)
    hunt = replace(hunt, step=hunt.step + 1, searched=(*hunt.searched, location))
    if location is hunt.hiding_place:
        effect = DISCOVERED[location]
        why = (f"IT'S IN HERE! The {BET_TOKENS} bet Hostility tokens leave the game; "
               f"Lifeform Discovered: {effect.text}; then the Showdown")
        return replace(hunt, found=True), SearchResult(location, True, effect, why)
    effect = FAILED_SEARCH[location]
    why = f"WHERE THE HELL IS IT?! Failed Crew Search: {effect.text}; then the next action"
    return hunt, SearchResult(location, False, effect, why)


@dataclass(frozen=True)
class RewardOption:
    """Reward for skilful searching: remaining disks on the central zones (spec §11.4)."""

    disks: int
    combat_tokens: int
    label: str


@dataclass(frozen=True)
class HuntEnd:
    """What applies as the hunt closes, before the Showdown."""

    found: bool
    effects: tuple[Effect, ...]  # Lifeform Remains Hidden, if never found
    bet_tokens_to_lifeform: int  # one-point Hostility tokens the lifeform keeps
    remaining_disks: int
    rewards: tuple[RewardOption, ...]
    notes: tuple[str, ...]


def reward_line(remaining_disks: int) -> str:
    """The reward as the crew reads it: a choice among the zones its disks can fill."""
    options = reward_options(remaining_disks)
    if not options:
        return "no crew disk is left for the central zones: no reward"
    choices = "; or ".join(o.label for o in options)
    return (f"reward for skilful searching, {count(remaining_disks, 'crew disk')} left: one of "
            f"{choices} (record it with 'Module D: reward')")


def reward_options(remaining_disks: int) -> tuple[RewardOption, ...]:
    """Zone 1 (1 disk): keep any 1 combat token; zone 2 (2 disks): keep any 3. Filling both is
    not stated (G22), so that option is labelled for the table to decide."""
    options = []
    if remaining_disks >= 1:
        options.append(RewardOption(1, 1, "zone 1: the crew chooses and keeps 1 combat token"))
    if remaining_disks >= 2:
        options.append(RewardOption(2, 3, "zone 2: the crew chooses and keeps 3 combat tokens"))
    if remaining_disks >= 3:
        options.append(RewardOption(3, 4, "both zones (the text does not say both may be "
                                          "filled): 4 combat tokens"))
    return tuple(options)


def finish_hunt(hunt: Hunt) -> HuntEnd:
    """Close the hunt once found or out of actions (spec §11.4 'I can't find it')."""
    if not hunt.finished:
        raise ValueError(f"the hunt is not over: next action is {hunt.next_action}")
    remaining = hunt.crew_disks - hunt.disks_placed
    notes = ["how kept combat tokens work in the Showdown is not stated (not printed in the "
             "rulebook text)"]
    if hunt.found:
        notes.append("the Lifeform Discovered effect was applied at the search")
        return HuntEnd(True, (), 0, remaining, reward_options(remaining), tuple(notes))
    keeps = BET_TOKENS if hunt.bet is hunt.hiding_place else 0
    notes.append("bet on the hiding place: the lifeform keeps the 2 Hostility tokens" if keeps
                 else "bet elsewhere: the lifeform does not keep the 2 Hostility tokens")
    if hunt.hiding_place is Location.ENGINEERING:
        notes.append("Engineering never searched or flushed: the board's Lifeform Remains Hidden "
                     "kill and the module's note are read as one and the same kill")
    return HuntEnd(False, (REMAINS_HIDDEN[hunt.hiding_place],), keeps, remaining, (),
                   tuple(notes))

LOCATIONS = tuple(loc.value for loc in Location)
STEPS = ("search", "halon search", "skip the Halon search", "lifeform reveal")


def hiding_secret() -> Secret:
    return Secret("Module D hiding place", LIFEFORM_ONLY, list(LOCATIONS), managed=True)
