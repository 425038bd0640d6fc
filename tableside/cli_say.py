"""`tableside say ID`: the latest action's announcement, spoken (or written to a WAV file
with ``--to``) and printed; `tableside voice`: whether each game speaks, the rate, the volume.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tableside.api import OpenSession, Tableside, TablesideError
from tableside.cli import fail
from tableside.text import plain
from tableside.voice.espeak import VoiceSettings


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("say", help="speak the latest action's announcement")
    p.add_argument("id")
    p.add_argument("--to", metavar="FILE.wav", type=Path,
                   help="write the speech to this WAV file instead of playing it")
    p.set_defaults(func=_say)
    p = subparsers.add_parser("voice", help="spoken announcements: on or off per game, the "
                                            "rate and the volume")
    p.add_argument("game", nargs="?", help="a game id, to turn its announcements on or off")
    p.add_argument("switch", nargs="?", choices=("on", "off"))
    p.add_argument("--rate", type=int, metavar="WPM", help="words a minute, 80 to 300")
    p.add_argument("--volume", type=int, metavar="N", help="0 to 200 (100 normal)")
    p.set_defaults(func=_voice)


def _say(args: argparse.Namespace) -> int:
    from tableside.cli_saves import _with_session
    from tableside.voice import choices

    def work(play: OpenSession) -> int:
        phrases = play.session.announcement()
        if not phrases:
            print("The latest action has no announcement.")
            return 0
        for phrase in phrases:
            print(plain(phrase))
        if args.to is None and choices.sound_off():
            return 0
        table = Tableside(args.data_dir, read_only=True, by="cli")
        settings = choices.voice_settings(table)
        table.close()
        return _speak(phrases, settings, args.to)

    return _with_session(args, work, read_only=True)


def _speak(phrases: list[str], settings: VoiceSettings, to: Path | None) -> int:
    from tableside.voice.espeak import VoiceUnavailable
    from tableside.voice.speaker import Speaker, spoken, write_wav

    if to is not None:
        if to.suffix.casefold() != ".wav":
            return fail(f"--to: give a file name ending in .wav ({to.name!r} given)")
        try:
            write_wav(to, spoken(phrases), settings)
        except VoiceUnavailable as err:
            return fail(str(err))
        except OSError as err:
            return fail(f"--to: {to} could not be written ({err.strerror or err})")
        return 0
    said: list[str] = []
    speaker = Speaker(settings, said.append)
    speaker.say(phrases)
    speaker.wait()
    speaker.close()
    for notice in said:
        print(f"tableside: {notice}", file=sys.stderr)
    return 1 if said else 0


def _voice(args: argparse.Namespace) -> int:
    from tableside.voice import choices
    from trackers.engine import ActionError
    from trackers.games.registry import game_ids, get_game

    for name, value, bounds in (("--rate", args.rate, choices.RATE),
                                ("--volume", args.volume, choices.VOLUME)):
        problem = None if value is None else choices.check(name, value, bounds)
        if problem:
            return fail(problem)
    if args.game is not None and args.switch is None:
        return fail("give on or off after the game id: tableside voice GAME off")
    try:
        game = get_game(args.game) if args.game is not None else None
    except ActionError as err:
        return fail(str(err))
    try:
        table = Tableside(args.data_dir, by="cli")
        if game is not None:
            table.set_setting(choices.game_key(game.id), args.switch == "on")
        if args.rate is not None:
            table.set_setting("voice:rate", args.rate)
        if args.volume is not None:
            table.set_setting("voice:volume", args.volume)
        settings = choices.voice_settings(table)
        lines = [f"{get_game(g).title}: {'on' if choices.speaks(table, get_game(g)) else 'off'}"
                 for g in game_ids() if get_game(g).announce is not None]
        table.close()
    except TablesideError as err:
        return fail(str(err))
    for line in lines:
        print(line)
    print(f"rate {settings.rate} words a minute, volume {settings.volume}")
    return 0
