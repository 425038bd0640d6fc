"""The hibernation numbers of the Showdown (spec lifeform §10.2): six steps, each number with a
one-line why. A number that needs an unset board value is None and its why says which value to
set (spec §13). Where the texts disagree (C3: keep 1 drawn card, or keep all of them as the
worked example does) both readings are given. ``showdown`` carries the steps out.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackers.engine import Panel, State
from trackers.games.lifeform import characters, decks, loadout
from trackers.games.lifeform.board import Board
from trackers.games.lifeform.facts import facts_of
from trackers.games.lifeform.launch import Loadout
from trackers.games.lifeform.words import count
from trackers.pieces import Track

CREW_HAND_LIMIT = 6  # spec §7


@dataclass(frozen=True)
class Number:
    """A computed number (None = unknown), its one-line why, and the spec section."""

    value: int | None
    why: str
    rule: str


@dataclass(frozen=True)
class KeepReading:
    """One reading of hibernation step 4 (C3): how many drawn cards the lifeform keeps."""

    label: str
    keeps: int | None
    hand_after: int | None  # after the lifeform's hand limit
    discards_for_limit: int | None
    why: str


@dataclass(frozen=True)
class Hibernation:
    crew_cards: Number  # step 1
    remora_token: Number  # step 3a
    halon_tokens: Number  # step 3b + 3c
    lifeform_draw: Number  # step 4
    lifeform_keeps: tuple[KeepReading, ...]  # step 4, both C3 readings
    characters_killed: Number  # step 5
    hostility_space: Number  # after step 5's kills
    hostility_tokens: Number  # step 6
    notes: tuple[str, ...] = ()


def crew_cards_to_draw(loadout: Loadout, profile: Board) -> Number:
    """Step 1: the number printed left of the highest Improvised Weaponry token (§10.2, G24)."""
    rule = "rulebook p. 38, Showdown Stage step 1"
    tokens = loadout.improvised_weaponry
    if tokens == 0:
        value = profile.number("showdown.draw_when_weaponry_empty")
        if value is None:
            return Number(None, "Improvised Weaponry is empty; "
                          + profile.unknown("showdown.draw_when_weaponry_empty"), rule)
        return Number(value, f"Improvised Weaponry is empty: {value} (your table's setting)", rule)
    numbers = profile.numbers("improvised_weaponry.draw_numbers")
    if numbers is None:
        return Number(None, profile.unknown("improvised_weaponry.draw_numbers"), rule)
    if tokens > len(numbers):
        raise ValueError(f"Improvised Weaponry: {tokens} tokens, but your board values "
                         f"list {len(numbers)} spaces")
    value = numbers[tokens - 1]
    return Number(value, f"the highest Improvised Weaponry token is on space {tokens}, printed "
                         f"{value}", rule)


def halon_gas_blast_tokens(loadout: Loadout, player_count: int, profile: Board) -> Number:
    """Step 3b/3c: one per fully covered compartment (2, 3, 4 spaces), +1 in 2P (§5.2, §10.2)."""
    sizes = profile.numbers("halon_gas.compartments") or ()
    tokens = loadout.halon_gas
    if tokens > sum(sizes):
        raise ValueError(f"loadout halon_gas: {tokens} tokens, but the column has {sum(sizes)}")
    full, top = 0, 0
    for size in sizes:
        top += size
        full += tokens >= top
    bonus = 1 if player_count == 2 else 0
    why = (f"Halon Gas holds {tokens}: {count(full, 'full compartment')} of "
           f"{'/'.join(map(str, sizes))}")
    why += " +1 for a 2-player game" if bonus else " (no 2-player bonus)"
    return Number(full + bonus, why, "rulebook p. 38, Showdown Stage step 3; rulebook p. 46, "
                                     "Shuttle Loadout")


def lifeform_draw(loadout: Loadout, profile: Board) -> Number:
    """Step 4: the highest Energy Cells number (4, 3, 2; the top 1 is never covered) left
    uncovered (spec §5.2, §10.2)."""
    rule = "rulebook p. 38, Showdown Stage step 4"
    spaces = profile.numbers("energy_cells.draw_number_spaces")
    if spaces is None:
        return Number(None, profile.unknown("energy_cells.draw_number_spaces"), rule)
    tokens = loadout.energy_cells
    uncovered = [n for n, space in zip((4, 3, 2), spaces, strict=True) if space > tokens]
    value = max(uncovered, default=1)
    return Number(value, f"Energy Cells holds {tokens}: the highest uncovered number is {value}",
                  rule)


def _max_hand(player_count: int, cocoon_space: int,
              profile: Board) -> tuple[int | None, str]:
    """The lifeform's MAX HAND on its Cocoon space (spec §4.3, §7), with why."""
    key = "cocoon_2p.max_hand" if player_count == 2 else "cocoon_3p4p.max_hand"
    hands = profile.numbers(key)
    if hands is None:
        return None, profile.unknown(key)
    if not 1 <= cocoon_space <= len(hands):
        raise ValueError(f"cocoon_space: expected 1 to {len(hands)} (Start = 1), "
                         f"got {cocoon_space}")
    return hands[cocoon_space - 1], f"MAX HAND {hands[cocoon_space - 1]} on Cocoon space " \
                                    f"{cocoon_space}"


def keep_readings(draw: int | None, lifeform_hand: int, max_hand: int | None,
                  hand_why: str) -> tuple[KeepReading, ...]:
    """Step 4 under both C3 readings: the rule text (keep 1) and the worked example (keep all)."""
    readings = []
    for label, keeps in (("reading 1 (rule text): keep 1, discard the rest",
                          None if draw is None else min(draw, 1)),
                         ("reading 2 (worked example): keep every card drawn", draw)):
        if keeps is None:
            readings.append(KeepReading(label, None, None, None, "the draw is unknown"))
            continue
        total = lifeform_hand + keeps
        if max_hand is None:
            readings.append(KeepReading(label, keeps, None, None, f"{lifeform_hand} + {keeps} = "
                                        f"{total} before the hand limit; {hand_why}"))
            continue
        over = max(0, total - max_hand)
        readings.append(KeepReading(label, keeps, total - over, over,
                                    f"{lifeform_hand} + {keeps} = {total}; {hand_why}: "
                                    + (f"discard {over}" if over else "nothing to discard")))
    return tuple(readings)


def hostility_tokens(hostility_space: int, profile: Board) -> Number:
    """Step 6: the number on the highest red claw space reached or passed (spec §4.2, §10.2)."""
    rule = "rulebook p. 38, Showdown Stage step 6; rulebook p. 44, Hostility Track"
    claws = profile.pairs("hostility.red_claws")
    if claws is None:
        return Number(None, profile.unknown("hostility.red_claws"), rule)
    reached = [(space, n) for space, n in claws if space <= hostility_space]
    if not reached:
        return Number(0, f"Hostility on space {hostility_space} has reached no red claw", rule)
    space, value = max(reached)
    return Number(value, f"Hostility on space {hostility_space}: the highest red claw reached "
                         f"is on space {space}, printed {value}", rule)


def hibernation(*, player_count: int, loadout: Loadout, hostility_space: int,
                characters_on_valley_forge: int, lifeform_hand: int, cocoon_space: int,
                profile: Board) -> Hibernation:
    """All six hibernation numbers from the loadout, the tracks and the profile (spec §10.2).

    Pass the state after the ending (Ending C's refill done): `lifeform_hand` is the lifeform's
    hand before step 4, `hostility_space` the tracker before step 5 (first space = 1).
    """
    if player_count not in (2, 3, 4):
        raise ValueError(f"player_count: expected 2, 3 or 4, got {player_count!r}")
    for name, value in (("hostility_space", hostility_space), ("cocoon_space", cocoon_space)):
        if value < 1:
            raise ValueError(f"{name}: expected a space of 1 or more, got {value}")
    if characters_on_valley_forge < 0 or lifeform_hand < 0:
        raise ValueError("characters_on_valley_forge and lifeform_hand: expected 0 or more")
    loadout.check_lengths(profile)
    draw = lifeform_draw(loadout, profile)
    max_hand, hand_why = _max_hand(player_count, cocoon_space, profile)
    kills = characters_on_valley_forge
    after = hostility_space + 2 * kills
    notes = [f"crew hand limit {CREW_HAND_LIMIT} applies after the draw; the cards go only to "
             "crew members with a surviving character (rulebook p. 38, Showdown Stage step 1)"]
    length = profile.number("hostility.length")
    if length is not None and after > length:
        notes.append(f"Hostility would pass the last space ({length}); the text does not say "
                     "what happens there; every red claw "
                     "counts as passed")
    return Hibernation(
        crew_cards=crew_cards_to_draw(loadout, profile),
        remora_token=Number(1, "the Remora token joins the crew pool", "rulebook p. 38, Showdown "
                                                                       "Stage step 3a"),
        halon_tokens=halon_gas_blast_tokens(loadout, player_count, profile),
        lifeform_draw=draw,
        lifeform_keeps=keep_readings(draw.value, lifeform_hand, max_hand, hand_why),
        characters_killed=Number(kills, f"{count(kills, 'character')} "
                                        "left on the Valley Forge die: "
                                        f"Hostility +2 each", "rulebook p. 38, Showdown Stage "
                                                              "step 5; rulebook p. 44, Hostility "
                                                              "Track"),
        hostility_space=Number(after, f"Hostility {hostility_space} + {2 * kills} = {after}",
                               "rulebook p. 38, Showdown Stage step 5"),
        hostility_tokens=hostility_tokens(after, profile),
        notes=tuple(notes),
    )


def numbers(state: State, profile: Board) -> Hibernation | None:
    """The six hibernation numbers (spec §10.2), or None while Hostility's start is unset."""
    if not facts_of(state).get("hostility_placed"):
        return None
    _, left = characters.counts(state)
    return hibernation(
        player_count=facts_of(state)["players"], loadout=loadout.counts(state),
        hostility_space=state.piece("hostility", Track).position,
        characters_on_valley_forge=left,
        lifeform_hand=decks.hand_size(state, facts_of(state)["lifeform"]),
        cocoon_space=state.piece("cocoon", Track).position, profile=profile)


def value_text(n: object) -> str:
    value, why = getattr(n, "value", None), getattr(n, "why", "")
    return f"{'unknown' if value is None else value} ({why})"


def _spent(state: State) -> str:
    """Blasts the pool has already spent (a module D search, a cancelled fight): the number
    the table still holds, not only the one it began with."""
    show = facts_of(state).get("showdown") or {}
    return f"; {show['halon']} left now" if show.get("hibernated") else ""


def hibernation_panel(state: State, profile: Board) -> Panel:
    h = numbers(state, profile)
    if h is None:
        return Panel("Hibernation numbers", (profile.unknown(
            f"hostility.start_{facts_of(state)['players']}p"),), "hibernation")
    lines = [f"1. Crew cards to draw and share: {value_text(h.crew_cards)}",
             "2. Surviving characters come off the Remora onto their boards",
             f"3. Crew pool: the Remora token + Halon Gas Blast: {value_text(h.halon_tokens)}"
             + _spent(state),
             f"4. Lifeform draws: {value_text(h.lifeform_draw)}"]
    lines += [f"   {r.label}: {r.why}" for r in h.lifeform_keeps]
    lines += [f"5. {value_text(h.characters_killed)}",
              f"6. Hostility tokens: {value_text(h.hostility_tokens)}", *h.notes]
    return Panel("Hibernation numbers", tuple(lines), "hibernation")
