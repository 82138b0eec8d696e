"""The warm template: a process that has imported the game and forks one child per new game.

The server starts it once (`python -m arena.cli.template FD`, FD one end of a socket pair; it
lives with the command line because it runs the game's `main`). For each game the server
sends a request (JSON: the player's folder, the environment, the limits) with the pty's child
end attached (SCM_RIGHTS); the template forks, and the child makes that pty its controlling
terminal and its standard streams, applies the limits, takes the scrubbed environment, and
runs the game's own `main`: the modules are already imported, so a game starts in
milliseconds and shares their memory with the template until it writes to it. The template
answers with the child's pid and, later, its exit code.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import resource
import select
import signal
import socket
import sys
import termios
from pathlib import Path
from typing import Any

MAX_REQUEST = 64 * 1024
LIMITS = {"address_space": resource.RLIMIT_AS, "cpu_seconds": resource.RLIMIT_CPU,
          "open_files": resource.RLIMIT_NOFILE, "processes": resource.RLIMIT_NPROC,
          "file_size": resource.RLIMIT_FSIZE}


def warm() -> None:
    """Import what the terminal game needs before its first frame."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # no thread pool to lose in a fork
    import arena.cli.main  # noqa: PLC0415
    import arena.tui.launch  # noqa: PLC0415
    import arena.tui.run.flow  # noqa: F401, PLC0415


def child(request: dict[str, Any], tty: int, control: socket.socket) -> None:
    """Become the game on `tty` (never returns)."""
    code = 1
    try:
        control.close()
        os.setsid()
        fcntl.ioctl(tty, termios.TIOCSCTTY, 0)
        for fd in (0, 1, 2):
            os.dup2(tty, fd)
        if tty > 2:
            os.close(tty)
        os.chdir(str(request["home"]))
        for name, value in request["limits"].items():
            resource.setrlimit(LIMITS[name], (int(value), int(value)))
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in request["env"].items()})
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        # New stream objects on the pty: the template's own (sys.__stdout__, which blessed
        # writes to) were made for what its descriptors were before (a file, a pipe).
        for name, fd, mode in (("stdin", 0, "r"), ("stdout", 1, "w"), ("stderr", 2, "w")):
            stream = open(fd, mode, encoding="utf-8", errors="replace",  # noqa: SIM115
                          closefd=False)
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
        from arena.cli.main import main  # noqa: PLC0415

        code = main([])
        sys.stdout.flush()
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    except BaseException as error:  # a child never returns into the template's loop
        code = 1
        with contextlib.suppress(Exception):  # one line on the player's screen, the rest kept
            from arena.text import one_line  # noqa: PLC0415

            os.write(2, (one_line(f"arena: the game stopped: {type(error).__name__}: {error}")
                         + "\r\n").encode("utf-8", "replace"))
            import traceback  # noqa: PLC0415

            Path("crash.txt").write_text(traceback.format_exc(), encoding="utf-8")
    finally:
        os._exit(code)


def serve(control: socket.socket) -> None:
    """Answer requests until the server closes its end; report each child's exit."""
    while True:
        ready, _, _ = select.select([control], [], [], 0.2)
        _reap(control)
        if not ready:
            continue
        try:
            data, fds, _, _ = socket.recv_fds(control, MAX_REQUEST, 1)
        except OSError:
            return
        if not data:
            return
        try:
            request = json.loads(data)
        except ValueError:
            request = None
        if not isinstance(request, dict) or len(fds) != 1:
            for fd in fds:
                os.close(fd)
            continue
        pid = os.fork()
        if pid == 0:
            child(request, fds[0], control)
        os.close(fds[0])
        control.send(json.dumps({"pid": pid}).encode())


def _reap(control: socket.socket) -> None:
    """Tell the server of every child that has exited."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if not pid:
            return
        with contextlib.suppress(OSError):
            control.send(json.dumps({"exit": pid,
                                     "code": os.waitstatus_to_exitcode(status)}).encode())


def main(argv: list[str]) -> int:
    """Warm up, then serve the socket whose descriptor is `argv[0]`."""
    control = socket.socket(fileno=int(argv[0]))
    warm()
    control.send(b'{"ready": true}')
    serve(control)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
