"""The loop a warm interpreter runs to have children killed on order (the kill tests).

A test's script imports the app once, defines what a child plays, and ends with this loop:
each order line read (JSON ``[argument, out, err]``, the files the child's output and errors
go to, or null to keep the script's own) forks a child playing ``play(argument)``; the next
line read has it killed with SIGKILL, and its exit code is printed as JSON ``{"code": n}``
(``-9``: it was killed playing, not crashing). A fresh interpreter per kill spent ~0.14 s of
CPU on imports before it played at all.
"""

from __future__ import annotations

import json

KILL_ON_ORDER = '''
def kill_on_order(play):
    import json, os, signal, sys, traceback
    while True:
        order = sys.stdin.readline()
        if not order:
            break
        argument, out, err = json.loads(order)
        pid = os.fork()
        if pid == 0:  # the child: its printed lines and its errors where the order says
            try:
                for fd, path in ((1, out), (2, err)):
                    if path is not None:
                        os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), fd)
                play(argument)
            except BaseException:
                traceback.print_exc()
                sys.stderr.flush()
            finally:
                os._exit(1)
        sys.stdin.readline()  # the parent says when
        os.kill(pid, signal.SIGKILL)  # not yet waited for: the id is still the child's
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"code": os.waitstatus_to_exitcode(status)}), flush=True)
'''


def order(argument: object, out: object = None, err: object = None) -> str:
    """One order line: a child playing ``argument``, its output to ``out``, errors to
    ``err`` (paths, or None for the script's own)."""
    return json.dumps([argument, None if out is None else str(out),
                       None if err is None else str(err)]) + "\n"
