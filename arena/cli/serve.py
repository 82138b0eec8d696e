"""`arena serve`: the game over SSH for anyone (docs/server.md); the `server` extra."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from arena.cli.choices import path_arg
from arena.text import say

INSTALL = "arena serve needs the server extra: pip install -e '.[server]'"


def add_serve(sub: Any) -> None:
    """The `serve` subcommand."""
    serve = sub.add_parser(
        "serve", help="serve the game over SSH and the web: accounts, a game process per player, "
                 "watching",
        epilog="docs/server.md: running a public server, its limits and its threat model")
    serve.add_argument("--data", type=path_arg, required=True,
                       help="the server's folder: host key, accounts, players' saves, logs")
    serve.add_argument("--ssh", type=int, default=2222, metavar="PORT",
                       help="the SSH port (default 2222; 0 picks a free one)")
    serve.add_argument("--http", type=int, default=8080, metavar="PORT",
                       help="the web page's port (default 8080; 0 picks a free one)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default loopback; 0.0.0.0 opens it)")
    serve.add_argument("--no-register", dest="registration", action="store_false",
                       help="close registration: only existing accounts log in")
    serve.add_argument("--min-free", type=int, default=64, metavar="MB",
                       help="refuse new games below this much free space on the data "
                            "folder's disk (64)")
    serve.add_argument("--idle", type=int, default=1800, metavar="SECONDS",
                       help="save and stop a game nobody typed into for this long (1800)")


def run_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Serve until stopped (SIGTERM or Ctrl-C); 2 when the extra is missing or a flag is bad."""
    if not (0 <= args.ssh <= 65535 and 0 <= args.http <= 65535) or args.idle < 1 \
            or args.min_free < 0:
        say(out, "arena serve: --ssh and --http take a port 0-65535, --idle at least 1 s, "
                 "--min-free at least 0")
        return 2
    try:
        import asyncio  # noqa: PLC0415

        from arena.server.serve import Options, run  # noqa: PLC0415
    except ImportError as missing:
        say(out, f"{INSTALL} ({missing.name} is not installed)")
        return 2
    try:
        asyncio.run(run(Options(args.data, args.host, args.ssh, args.http, args.registration,
                                args.idle, args.min_free << 20)))
    except OSError as error:
        say(out, f"arena serve: cannot listen on {args.host}:{args.ssh}: "
                 f"{error.strerror or error}")
        return 2
    return 0
