"""Space Station Phoenix end-of-game check and final round (spec space-station-phoenix §6).

The check runs at the end of the active player's own turn, for that player only. Once it fires,
every other player takes exactly one more turn, clockwise from the trigger player's left; the
trigger player takes none. Open points the caller decides (spec §10.18-20): whether an extra
turn runs the check, and whether Aliens in the bag count as "in the supply" (the caller passes
the count it means).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


def aliens(count: int, colour: str = "") -> str:
    """"1 Alien", "3 Aliens", "2 green Aliens": a count said as the table says it."""
    kind = f"{colour} " if colour else ""
    return f"{count} {kind}Alien{'' if abs(count) == 1 else 's'}"

END_SCORE = 40  # spec §6 condition 1: 40 or more points
ALL_SECTORS = 9  # spec §6 condition 2: all nine Sectors on the station
ALIENS_IN_SUPPLY_AT_MOST = 4  # spec §6 condition 3: 4 or fewer Aliens (Humans not counted)


def end_triggers(*, score: int, sectors_built: int, aliens_in_supply: int) -> tuple[str, ...]:
    """The end conditions met at the end of the active player's own turn (empty: none)."""
    reasons = []
    if score >= END_SCORE:
        reasons.append(f"{score} points (40 or more)")
    if sectors_built >= ALL_SECTORS:
        reasons.append("all 9 Sectors built")
    if aliens_in_supply <= ALIENS_IN_SUPPLY_AT_MOST:
        reasons.append(f"{aliens(aliens_in_supply)} left in the supply (4 or fewer)")
    return tuple(reasons)


@dataclass(frozen=True)
class GameEnd:
    """Where the game stands: not triggered, in the final round, or over (go to scoring)."""

    players: tuple[str, ...]  # seat order, clockwise
    trigger: str | None = None
    reasons: tuple[str, ...] = ()
    still_to_play: tuple[str, ...] = ()  # final-round turns left, in order

    @property
    def triggered(self) -> bool:
        return self.trigger is not None

    @property
    def over(self) -> bool:
        """True once every other player has had their final turn: time for final scoring."""
        return self.triggered and not self.still_to_play

    def summary(self) -> str:
        if not self.triggered:
            return "game end not triggered"
        if self.over:
            return f"final round done ({self.trigger} triggered the end): final scoring"
        waiting = ", ".join(self.still_to_play)
        reasons = "; ".join(self.reasons)
        return f"final round ({self.trigger} triggered: {reasons}): {waiting} to play"


def end_of_turn(
    state: GameEnd, player: str, *, score: int, sectors_built: int, aliens_in_supply: int
) -> GameEnd:
    """Record the end of ``player``'s own turn and apply spec §6.

    Before the trigger: run the check for this player only. In the final round: the player's
    final turn is done (no new check, spec §6 pseudo-code). A turn by someone who is not still
    to play (e.g. an extra turn from Sector 208/301/323, spec §10.18) changes nothing.
    """
    if player not in state.players:
        raise ValueError(f"player: {player!r}; allowed: {', '.join(state.players)}")
    if state.over:
        raise ValueError("the game is over: go to final scoring")
    if not state.triggered:
        reasons = end_triggers(
            score=score, sectors_built=sectors_built, aliens_in_supply=aliens_in_supply
        )
        if not reasons:
            return state
        seat = state.players.index(player)
        others = state.players[seat + 1:] + state.players[:seat]
        return replace(state, trigger=player, reasons=reasons, still_to_play=others)
    if player not in state.still_to_play:
        return state
    if player != state.still_to_play[0]:
        raise ValueError(
            f"player: {player!r} is out of turn; next to play: {state.still_to_play[0]}"
        )
    return replace(state, still_to_play=state.still_to_play[1:])
