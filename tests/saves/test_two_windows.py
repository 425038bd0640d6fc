"""One game, many windows: the app, the CLI and scripts writing the same session lose nothing.

Real processes where it matters (two writers, a catalog race, a window holding a game open);
counts are bounded and nothing asserts wall-clock time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tableside.api import Tableside, TablesideError
from tests.demo.game import GAME
from trackers.engine import ActionError, Session, SessionSetup
from trackers.pieces import Counter, Track

REPO = Path(__file__).resolve().parents[2]
# Every other window here is a process of its own, forked from one interpreter that did these
# imports once (SERVER below): a fresh interpreter per window cost ~0.1 s of CPU before it
# did anything. Each script runs as its own program would, with its arguments in sys.argv and
# its own standard input, output (named pipes) and errors (a file).
PRELUDE = f"""
import json, sys
sys.path.insert(0, {str(REPO)!r})
from tests.demo.game import GAME
from tests.demo import INFO
from trackers.games import registry
registry.infos()
registry._INFOS["demo"] = INFO
registry._LOADED["demo"] = GAME
from tableside.api import Tableside
"""

IMPORTS = PRELUDE + """
import os, signal, traceback
from tableside.cli import main
from filelock import FileLock  # the half writer's imports
from saves.journal import encode_line
"""
FORKS = hasattr(os, "fork") and hasattr(os, "mkfifo")  # else a fresh interpreter each (Fresh)

SERVER = IMPORTS + """
base = dict(globals())
while True:
    order = sys.stdin.readline()
    if not order:
        break
    kind, *rest = json.loads(order)
    if kind == "start":
        script, argv, stdin, stdout, stderr = rest
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.dup2(os.open(stdin, os.O_RDONLY), 0)
                os.dup2(os.open(stdout, os.O_WRONLY), 1)
                os.dup2(os.open(stderr, os.O_WRONLY | os.O_CREAT, 0o600), 2)
                sys.stdin = open(0, closefd=False)
                sys.stdout = open(1, "w", closefd=False)
                sys.stderr = open(2, "w", closefd=False)
                sys.argv = ["-c", *argv]
                exec(script, dict(base))
                code = 0
            except BaseException:
                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        print(pid, flush=True)
    elif kind == "kill":  # not yet waited for: the id is still the child's
        os.kill(rest[0], signal.SIGKILL)
        print("killed", flush=True)
    else:
        print(os.waitstatus_to_exitcode(os.waitpid(rest[0], 0)[1]), flush=True)
"""

WRITER = """
root, session_id, count, name = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
table = Tableside(root, by=name)
play = table.load(session_id)
print("ready", flush=True)
sys.stdin.readline()  # both start together
for i in range(count):
    play.do("advance", spaces=1) if i % 2 else play.do("fire")
    print(json.dumps({"seq": play.head}), flush=True)
play.close()
table.close()
"""

CREATOR = """
root, count = sys.argv[1], int(sys.argv[2])
print("ready", flush=True)
sys.stdin.readline()
for i in range(count):
    table = Tableside(root)
    play = table.create("demo", 2, title=f"{sys.argv[3]} {i}")
    print(play.id, flush=True)
    play.close()
    table.close()
"""

CLI_LOOP = """
root, session_id, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
sys.stdin.readline()
for i in range(count):  # one `tableside do` per action, as a shell loop would run it
    code = main(["--data-dir", root, "do", session_id, "advance" if i % 2 else "fire",
                 *(["spaces=1"] if i % 2 else []), "--json"])
    print(json.dumps({"code": code}), flush=True)
"""

HOLDER = """
table = Tableside(sys.argv[1], by="app")
play = table.load(sys.argv[2])
print("open", flush=True)
sys.stdin.readline()
play.close()
table.close()
"""


# the demo game beside the real ones, for every test here (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("demo_registered")


class Server:
    """The interpreter the windows are forked from, and its orders (one at a time)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.made = 0
        self.process = subprocess.Popen([sys.executable, "-c", SERVER if FORKS else "pass"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)

    def order(self, *words: object) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(words) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, "the server stopped"
        return answer.strip()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(60)


class Child:
    """One window: like subprocess.Popen's, with its input, output, errors and exit code."""

    def __init__(self, server: Server, script: str, args: tuple[str, ...]) -> None:
        server.made += 1
        stdin, stdout, self._errors = (server.folder / f"{server.made}.{part}"
                                       for part in ("in", "out", "err"))
        os.mkfifo(stdin)
        os.mkfifo(stdout)
        self.server = server
        self.pid = int(server.order("start", script, list(args), str(stdin), str(stdout),
                                    str(self._errors)))
        self.returncode: int | None = None
        self.stdin = open(stdin, "w")  # noqa: SIM115 (closed by communicate)
        self.stdout = open(stdout)  # noqa: SIM115

    def errors(self) -> str:
        return self._errors.read_text() if self._errors.exists() else ""

    def kill(self) -> None:
        if self.returncode is None:
            self.server.order("kill", self.pid)

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            self.returncode = int(self.server.order("wait", self.pid))
        self.stdin.close()
        self.stdout.close()
        return self.returncode

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        self.stdin.close()
        out = self.stdout.read()
        self.stdout.close()
        self.wait()
        return out, self.errors()


class Fresh(subprocess.Popen[str]):
    """One window where there is no fork (Windows): a fresh interpreter, as it always was."""

    def __init__(self, script: str, args: tuple[str, ...]) -> None:
        super().__init__([sys.executable, "-c", IMPORTS + script, *args], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def errors(self) -> str:
        return self.stderr.read() if self.stderr else ""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("windows"))
    yield running
    running.close()


def start(server: Server, script: str, *args: str) -> Child | Fresh:
    child = Child(server, script, args) if FORKS else Fresh(script, args)
    assert child.stdout is not None
    first = child.stdout.readline()
    if not first:
        pytest.fail(f"the child did not start:\n{child.errors()}")
    return child


def new_game(root: Path, seed: str = "two") -> str:
    table = Tableside(root)
    play = table.create("demo", 2, seed=seed, title="Shared")
    play.close()
    table.close()
    return play.id


# --- real processes ------------------------------------------------------------------------
def test_two_processes_writing_one_game_lose_nothing(tmp_path: Path, server: Server) -> None:
    session_id = new_game(tmp_path)
    children = [start(server, WRITER, str(tmp_path), session_id, "100", f"cli {n}")
                for n in (1, 2)]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    acknowledged: dict[str, list[int]] = {}
    for n, child in enumerate(children, start=1):
        out, err = child.communicate(timeout=600)
        assert child.returncode == 0, err
        acknowledged[f"cli {n}"] = [json.loads(line)["seq"] for line in out.splitlines()]
    assert [len(v) for v in acknowledged.values()] == [100, 100]

    again = Tableside(tmp_path).load(session_id)
    events = again.session.events
    assert again.head == len(events) == 200
    assert [e.seq for e in events] == list(range(1, 201))
    for name, seqs in acknowledged.items():  # every acknowledged action is where it said
        assert all(events[seq - 1].by == name for seq in seqs), name
    assert sorted(seq for seqs in acknowledged.values() for seq in seqs) == list(range(1, 201))
    assert again.warnings == []
    # the state is what a replay of the 200 events gives, and each did its 100 actions
    assert again.state == Session(GAME, SessionSetup(2), "two", events=events).state
    assert [e.action for e in events].count("fire") == 100
    print(f"two writers: {sum(map(len, acknowledged.values()))} acknowledged, "
          f"{len(events)} in the history")


def test_two_command_line_loops_on_one_game_lose_nothing(tmp_path: Path,
                                                         server: Server) -> None:
    session_id = new_game(tmp_path)
    children = [start(server, CLI_LOOP, str(tmp_path), session_id, "25") for _ in range(2)]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    acknowledged = 0
    for child in children:
        out, err = child.communicate(timeout=600)
        assert child.returncode == 0, err
        codes = [json.loads(line)["code"] for line in out.splitlines() if '"code"' in line]
        assert codes == [0] * 25, err
        acknowledged += len(codes)
    again = Tableside(tmp_path).load(session_id)
    assert acknowledged == 50 and again.head == len(again.session.events) == 50
    assert len({e.by for e in again.session.events}) == 2  # two windows, both recorded
    assert again.warnings == []


def test_two_processes_creating_games_lose_none(tmp_path: Path, server: Server) -> None:
    Tableside(tmp_path).close()
    children = [start(server, CREATOR, str(tmp_path), "15", name) for name in ("left", "right")]
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    made: list[str] = []
    for child in children:
        out, err = child.communicate(timeout=600)
        assert child.returncode == 0, err
        made += out.split()
    table = Tableside(tmp_path)
    assert table.warnings == []  # every game was listed by its creator, none found late
    listed = {s.id for s in table.sessions()}
    assert len(made) == 30 and listed == set(made)


def test_deleting_a_game_open_in_another_window_is_refused_naming_it(
        tmp_path: Path, server: Server) -> None:
    session_id = new_game(tmp_path)
    holder = start(server, HOLDER, str(tmp_path), session_id)
    table = Tableside(tmp_path)
    try:
        with pytest.raises(TablesideError, match=rf"open in another window \(app {holder.pid}\)"):
            table.delete(session_id)
        assert [s.id for s in table.sessions()] == [session_id]
    finally:
        holder.kill()  # a window that dies does not keep its games from being deleted
        holder.wait(60)
    table.delete(session_id)
    assert table.sessions() == []


def test_opening_a_game_while_another_window_writes_truncates_nothing(
        tmp_path: Path, server: Server) -> None:
    """A writer holds the lock with half its record on disk; a reader (saves show) and a
    second window opening the game must not cut it off."""
    session_id = new_game(tmp_path)
    table = Tableside(tmp_path)
    play = table.load(session_id)
    play.do("fire")
    play.close()
    path = table.store.journal_path(session_id)
    half_writer = f"""
import os
from filelock import FileLock
from saves.journal import encode_line
lock = FileLock({str(table.store.lock_path(session_id))!r})
lock.acquire()
line = b"00000000 " + b'{{"t":"do"'
fd = os.open({str(path)!r}, os.O_WRONLY | os.O_APPEND)
os.write(fd, line[:12])
print("half", flush=True)
sys.stdin.readline()
os.write(fd, line[12:] + b',"seq":9}}\\n')  # finished later (a real record would verify)
lock.release()
"""
    child = start(server, half_writer)
    size = path.stat().st_size
    reader = Tableside(tmp_path, read_only=True).load(session_id, read_only=True)
    assert reader.head == 1
    assert path.stat().st_size == size  # the half record is still there: nothing truncated
    assert child.stdin is not None
    child.stdin.write("go\n")
    child.stdin.flush()
    child.communicate(timeout=60)
    assert path.stat().st_size > size


# --- two windows in one process (the app and a script) ---------------------------------------
def test_each_window_sees_the_others_actions_and_undo_says_whose(tmp_path: Path) -> None:
    session_id = new_game(tmp_path)
    app = Tableside(tmp_path, by="app").load(session_id)
    cli = Tableside(tmp_path, by="cli").load(session_id)
    assert app.refresh() == []
    cli.do("advance", spaces=2)
    cli.do("fire")
    seen = app.refresh()
    assert [(c.seq, c.text, c.by) for c in seen] == [
        (1, "Advance the countdown (spaces=2)", cli.session.by),
        (2, "Add a fire", cli.session.by)]
    assert app.head == 2 and app.state.piece("fires", Counter).value == 1
    assert app.refresh() == []  # seen once
    # the app acts without having looked: the CLI's actions are folded in first
    cli.do("fire")
    app.do("advance", spaces=1)
    assert app.head == 4 and app.state.piece("fires", Counter).value == 2
    # undo takes back the game's latest action, whoever made it, and says which window
    cli.refresh()
    notes = cli.undo()
    assert any("another window" in n.text and "(another app window)" in n.text for n in notes)
    assert cli.head == 3
    # the CLI's fire the app folded in as it acted is handed on once too (marked as the CLI's)
    assert [c.text for c in app.refresh()] == ["Add a fire", "Undo back to action 3"]
    assert app.refresh() == []
    app.close()
    cli.close()
    reopened = Tableside(tmp_path).load(session_id)
    assert reopened.head == 3 and reopened.state.piece("countdown", Track).position == 23


def test_an_action_no_longer_allowed_after_another_window_is_refused(tmp_path: Path) -> None:
    session_id = new_game(tmp_path)
    app = Tableside(tmp_path, by="app").load(session_id)
    cli = Tableside(tmp_path, by="cli").load(session_id)
    cli.do("escape", who="Ann")  # the game ends in the other window
    path = Tableside(tmp_path).store.journal_path(session_id)
    size = path.stat().st_size
    with pytest.raises(ActionError) as caught:
        app.do("fire")
    message = str(caught.value)
    assert "meanwhile another window changed the game" in message
    assert "(the CLI)" in message and "game is over" in message  # no process id
    assert path.stat().st_size == size  # nothing recorded
    # a jump chosen from a history that changed meanwhile is refused too
    cli.undo()
    with pytest.raises(ActionError, match="look at the history again"):
        app.jump(0)
    assert app.head == 0 and path.stat().st_size > size


def test_undo_refuses_more_steps_than_there_are_actions(tmp_path: Path) -> None:
    session_id = new_game(tmp_path)
    play = Tableside(tmp_path).load(session_id)
    play.do("fire")
    play.do("fire")
    with pytest.raises(ActionError, match="only 2 actions to undo"):
        play.undo(999)
    assert play.head == 2
    play.undo(2)
    assert play.head == 0


def test_undo_steps_999_on_the_command_line(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from tableside.cli import main

    session_id = new_game(tmp_path)
    for _ in range(3):
        assert main(["--data-dir", str(tmp_path), "do", session_id, "fire"]) == 0
    capsys.readouterr()
    assert main(["--data-dir", str(tmp_path), "undo", session_id, "--steps", "999"]) == 1
    err = capsys.readouterr().err
    assert "only 3 actions to undo" in err and "--all" in err and "Nothing was undone" in err
    assert Tableside(tmp_path).load(session_id).head == 3
    assert main(["--data-dir", str(tmp_path), "undo", session_id, "--all"]) == 0
    assert Tableside(tmp_path).load(session_id).head == 0


def test_the_list_follows_games_made_renamed_and_deleted_elsewhere(tmp_path: Path) -> None:
    home = Tableside(tmp_path)
    other = Tableside(tmp_path)
    first = other.create("demo", 2, title="First")
    first.close()
    assert [s.title for s in home.sessions()] == ["First"]
    other.rename(first.id, "Renamed")
    assert [s.title for s in home.sessions()] == ["Renamed"]
    other.delete(first.id)
    assert home.sessions() == []


def test_a_window_killed_mid_write_leaves_a_torn_record_the_next_writer_cuts(
        tmp_path: Path) -> None:
    session_id = new_game(tmp_path)
    app = Tableside(tmp_path, by="app").load(session_id)
    app.do("fire")
    path = Tableside(tmp_path).store.journal_path(session_id)
    with open(path, "ab") as handle:  # what a killed writer leaves: half a line
        handle.write(b"0123abcd {\"t\":\"do\",\"se")
    assert app.refresh() == []  # half a record is nobody's action
    app.do("fire")  # under the lock the torn bytes are cut, then the record goes on
    app.close()
    again = Tableside(tmp_path).load(session_id)
    assert again.warnings == [] and again.head == 2


def test_pid_of_this_process_is_named_in_the_records(tmp_path: Path) -> None:
    table = Tableside(tmp_path, by="cli")
    play = table.create("demo", 2)
    play.do("fire")
    play.undo()
    lines = table.store.journal_path(play.id).read_text().splitlines()
    records = [json.loads(line.split(" ", 1)[1]) for line in lines[1:]]
    assert [r["by"] for r in records] == [f"cli {os.getpid()}"] * 2
