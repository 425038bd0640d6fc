"""The Space Station Phoenix actions, with their keys and arguments; ``moves`` does them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackers.engine import Action, Param, State
from trackers.games.space_station_phoenix import facts, final_scores
from trackers.games.space_station_phoenix import moves as steps
from trackers.games.space_station_phoenix import moves_diplomacy as diplomacy
from trackers.games.space_station_phoenix import moves_station as station
from trackers.games.space_station_phoenix.diplomacy import TRACKS
from trackers.games.space_station_phoenix.facts import facts_of
from trackers.games.space_station_phoenix.view import setup_steps


def _names(state: State) -> list[str]:
    return facts.players(state)


def _next_without_hub(state: State) -> str | None:
    """The first player, in turn order, whose kept Hub is not recorded yet (the form
    preselects them: at setup the Hubs are recorded one player after another)."""
    hubs = facts_of(state).get("hubs", {})
    return next((name for name in _names(state) if not hubs.get(name)), None)


def _whose(args: dict[str, Any], thing: str) -> str:
    """"Ann's score" or, when the player was left blank, "the active player's score"."""
    return f"{args['player']}'s {thing}" if args.get("player") else f"the active player's {thing}"


def _count(number: int, word: str) -> str:
    return f"{number} {word}" + ("" if abs(number) == 1 else "s")


def _points_log(args: dict[str, Any]) -> str:
    points = int(args["points"])
    return f"{'+' if points > 0 else ''}{_count(points, 'point')} to {_whose(args, 'score')}"


def _sector_log(args: dict[str, Any]) -> str:
    number = f" {args['number']}" if args.get("number") else ""
    free = " (free)" if args.get("free") else ""
    who = args.get("player") or "The active player"
    return f"{who} built a Level-{args['level']} Sector{number}{free}"


def _aliens_log(args: dict[str, Any]) -> str:
    count = int(args.get("count", 1) if args.get("count") is not None else 1)
    if count < 0:
        return f"{_count(-count, 'Alien')} returned to the supply"
    return f"{_count(count, 'Alien')} taken from the supply"


def _token_log(args: dict[str, Any]) -> str:
    steps = int(args.get("steps") or 1)
    way = "up" if steps > 0 else "back"
    return f"{_whose(args, str(args['track']))} Diplomacy token {way} {_count(abs(steps), 'space')}"


@dataclass(frozen=True)
class _Setup(Action):
    """Ticks the next setup step, and the log names it. The step is found in ``validate``,
    which runs when the table acts (not at replay), and kept with the event's arguments."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        steps, done = setup_steps(state), int(facts_of(state)["setup_done"])
        if done < len(steps):
            step = steps[done]
            checked["step"] = f"{done + 1}. " + (step if len(step) <= 90 else step[:89] + "…")
        return checked

    def describe(self, args: dict[str, Any]) -> str:
        step = args.get("step")
        return f"Setup step done: {step}" if step else "Setup: the next step done"


@dataclass(frozen=True)
class _Whose(Action):
    """An action about one player: left blank, it is the active player, written into the
    record when the table acts (``validate`` does not run at replay), so the log names them."""

    def validate(self, state: State, args: dict[str, Any]) -> dict[str, Any]:
        checked = super().validate(state, args)
        current = facts.active(state)
        if not checked.get("player") and current is not None:
            checked["player"] = current
        if self.name == "build_sector":
            # What the Sector does when built: applied to records made from now on; a record
            # made before replays as it was played (no additional turn it never had).
            checked["effects"] = True
        return checked

    def describe(self, args: dict[str, Any]) -> str:
        if self.name == "end_turn" and args.get("player"):
            return f"{args['player']}'s turn ended: end-of-game check"
        return super().describe(args)


PLAYER = Param("player", "choice", "whose (blank: the active player)", choices=_names,
               optional=True)

ACTIONS: tuple[Action, ...] = (
    _Whose("add_points", "Add or take away points",
           "Move a player's score marker; lap tokens follow; 40 or more is checked at the end "
           "of their own turn.", steps.add_points,
           (PLAYER, Param("points", "int", "points to add (below 0 takes away)")),
           key="a", short="Points", topic="score_track", log_text=_points_log),
    _Whose("end_turn", "End the turn (end-of-game check)",
           "The active player's turn is over: check 40 points, 9 Sectors and 4 or fewer Aliens; "
           "in the final round, one more player has played. An additional turn (Sectors 301, "
           "323, 208) comes first.", steps.end_turn,
           key="e", short="End turn", moves_play=True, topic="end_of_game",
           why_not=steps.why_not_end_turn,
           log_text=lambda args: "Turn ended: end-of-game check"),
    _Whose("build_sector", "A Sector was built",
           "Count a Sector on a player's station; what it does when built follows (points, "
           "Aliens, Diplomacy advances, an additional turn, a free Sector) or is asked.",
           steps.build_sector,
           (PLAYER, Param("level", "int", "its level", minimum=1, maximum=3),
            Param("number", "str", "its number, e.g. 308 (its effects follow)", optional=True,
                  max_length=3),
            Param("free", "bool", "gained free (Hubs B-6 to B-11, Sector 326)", optional=True,
                  default=False)),
           key="l", short="Sector", topic="level3_sectors", log_text=_sector_log),
    Action("aliens_taken", "Aliens taken from the supply",
           "Aliens leave the Home Planets board (below 0: returned); 4 or fewer left ends the "
           "game at the end of the turn.", steps.aliens_taken,
           (Param("count", "int", "how many (below 0: returned)", minimum=-25, maximum=100,
                  optional=True, default=1),),
           key="m", short="Aliens", topic="end_of_game", log_text=_aliens_log),
    Action("ship_used", "A ship was used: Diplomacy bonuses",
           "Who takes which bonus on the ship's Diplomacy track, from every player's level.",
           diplomacy.ship_used,
           (Param("ship", "choice", "the ship type used", choices=diplomacy.SHIP_TYPES),),
           key="d", short="Ship used", topic="diplomacy",
           log_text=lambda args: f"{args['ship']} ship used: Diplomacy bonuses"),
    _Whose("move_token", "Move a Diplomacy token",
           "Advance a player's token on one Diplomacy track (the levels feed the bonuses).",
           diplomacy.move_token,
           (PLAYER, Param("track", "choice", "which track",
                          choices=tuple(facts.TRACK_LABELS[t] for t in TRACKS)),
            Param("steps", "int", "spaces up (below 0: back, to correct)", minimum=-5,
                  maximum=5, optional=True, default=1)),
           key="w", short="Dipl. up", topic="diplomacy", log_text=_token_log),
    _Whose("income_taken", "Income taken",
           "The player takes Income: Hub B-6's point is added, and the Hub's and Sectors' "
           "income abilities are listed (Sector 226 counted from the Diplomacy tokens).",
           station.income_taken, (PLAYER,), key="g", short="Income", topic="income",
           log_text=lambda args: f"Income taken by {args.get('player') or 'the active player'}"),
    Action("keep_hub", "Hub kept",
           "Record the Station Hub a player keeps (first game: dealt by the app; correct it "
           "here): it reaches the score calculator, and its effects are applied or asked.",
           station.keep_hub,
           (Param("player", "choice", "whose Hub", choices=_names,
                  suggested=_next_without_hub),
            Param("hub", "choice", "the Hub kept", choices=station.hub_choices)),
           key="j", short="Hub", topic="station_hub",
           log_text=lambda args: f"{args['player']} keeps Hub {args['hub']}"),
    Action("free_sector_326", "Sector 326's free Sector",
           "The free Level-1 Sector of any colour that Sector 326 gives when built (none if "
           "the station already has one of each colour).", steps.settle_326,
           (Param("number", "str", "its number, e.g. 104 (blank if not known)", optional=True,
                  max_length=3),
            Param("none", "bool", "none: a Level-1 Sector of each colour already",
                  optional=True, default=False)),
           topic="level3_sectors", why_not=station.why_not_326,
           log_text=lambda args: "Sector 326: no free Sector" if args.get("none") else
           "Sector 326: a free Level-1 Sector" + (f" {args['number']}" if args.get("number")
                                                  else "")),
    Action("extra_turn", "An additional turn (Sector 208)",
           "After a Diplomacy-ship action, 3 GEMs paid for an additional turn (once per "
           "action); it comes when this turn ends.", station.extra_turn,
           topic="end_of_game", why_not=station.why_not_extra_turn,
           log_text=lambda args: "Sector 208: an additional turn"),
    _Whose("income_check", "May this player take Income?",
           "Income needs 7 GEMs or fewer, a used ship of their own, or no ship to use.",
           diplomacy.check_income,
           (PLAYER, Param("gems", "int", "GEMs the player holds", minimum=0),
            Param("own_ships_used", "int", "their own ships carrying GEMs", minimum=0,
                  optional=True, default=0),
            Param("no_ship_to_use", "bool", "no ship at all can be used", optional=True,
                  default=False)),
           key="i", short="Income?", topic="income",
           log_text=lambda args: f"Income check for {args.get('player') or 'the active player'} "
                                 f"({_count(int(args['gems']), 'GEM')})"),
    _Setup("setup_step", "Setup: the next step done",
           "Mark the next step of the setup checklist as done.", steps.setup_step,
           key="n", short="Setup", topic="setup", why_not=steps.setup_done_why),
    Action("setup_all", "Setup is done",
           "Mark every setup step as done.", steps.setup_all, topic="setup",
           why_not=steps.setup_done_why),
    _Whose("return_sector", "A Sector was returned",
           "Take a Sector off a station (Hub A-12) or correct a count.", steps.return_sector,
           (PLAYER, Param("level", "int", "its level", minimum=1, maximum=3),
            Param("number", "str", "its number, if it was recorded", optional=True,
                  max_length=3)),
           topic="level3_sectors",
           log_text=lambda args: _sector_log(args).replace(" built a ", " returned a ")),
    Action("set_turn", "Set whose turn it is",
           "A correction before the end is triggered: the named player is active.",
           steps.set_turn, (Param("player", "choice", "whose turn", choices=_names),),
           topic="end_of_game", why_not=steps.why_not_set_turn,
           log_text=lambda args: f"{args['player']}'s turn, set by hand"),
    Action("set_ruling", "Decide an open ruling",
           "Answer a question the rulebook text leaves to the table.", steps.set_ruling,
           (Param("ruling", "choice", "which question", choices=tuple(facts.RULINGS)),
            Param("answer", "choice", "the table's answer", choices=("yes", "no"))),
           topic="end_of_game", after_end=True,
           log_text=lambda args: f"Ruling: {args['ruling']}: {args['answer']}"),
    Action("record_final_scores", "Record the final scores",
           "Keep the totals from the score calculator as this game's result.",
           final_scores.record_final_scores,
           (Param("scores", "str", "each player's total: Anna=142, Beth=141, ..."),
            Param("winners", "str", "the winners, when a tie-break decided",
                  optional=True),
            Param("breakdown", "str", "each player's points by category: Anna=1/44/50/32/14/1 "
                  "(in-game/Sectors/residents/pluralities/endgame bonuses/leftovers)",
                  optional=True, max_length=600)),
           topic="end_of_game", after_end=True,
           why_not=final_scores.not_scoring_yet,
           log_text=lambda args: f"Final scores: {args['scores']}"
                                 + (f" (winner {args['winners']})" if args.get("winners") else "")),
)
