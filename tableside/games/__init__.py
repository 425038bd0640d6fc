"""Each game's own commands: ``tableside.games.<package>`` defines ``TOOLS``, tool id -> a
function adding the tool's command under its verb (``tableside score phoenix``)."""

from __future__ import annotations

import argparse
import importlib
import importlib.util

from trackers.games.registry import infos


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """One sub-command per tool verb ("score"), with a command per game that has the tool."""
    verbs: dict[str, argparse._SubParsersAction[argparse.ArgumentParser]] = {}
    for info in infos():
        for tool in info.tools:
            if not (tool.verb and tool.cli_name):
                continue
            name = f"tableside.games.{info.package}"
            if importlib.util.find_spec(name) is None:
                continue
            adders = importlib.import_module(name).TOOLS
            if tool.verb not in verbs:
                parser = subparsers.add_parser(tool.verb, help=f"{tool.verb} a finished game "
                                               "from a file", description=f"{tool.title}s.")
                verbs[tool.verb] = parser.add_subparsers(dest=f"{tool.verb}_game",
                                                         metavar="GAME", required=True)
            adders[tool.id](verbs[tool.verb], tool.cli_name)
