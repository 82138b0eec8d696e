"""Benchmark of `arena serve`: login to title, memory per game, keystroke to redraw, idle CPU.

A real server on loopback (a fresh data folder), driven by asyncssh clients that keep the
screen in pyte and answer the game's queries as a terminal does:
- login to title: from the `p` that opens the game to the title on the client's screen;
- memory: the proportional set size (`/proc/PID/smaps_rollup`, Pss) of each game process with
  `--games` open, and of the template they are forked from;
- keystroke to redraw: `?` (the help) and Enter (back) on the title, from the key sent to the
  screen changed on the client, median and 95th percentile;
- idle CPU: the server's and the template's CPU over `--idle` seconds with every game open and
  nobody typing.
With `--load N`: N sessions at once, each starting an `ap` run and auto-fighting it (`A`, and
Enter or space through the pages) for `--seconds`; then the server is stopped and every
player's run journal is resumed, each command's state hash checked.
Goals (issue 31): at most 20 MB a game with 20 open, at most 1 s to the title, median under
20 ms a keystroke, under 2 % CPU idle.

Run: python benchmarks/bench_server.py [--games 20] [--idle 30] | [--load 50 --seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.server.conftest import Server, Terminal


def pss_kb(pid: int) -> int:
    """A process's proportional set size in kB."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1])
    return 0


def children(parent: int) -> list[int]:
    """The pids whose parent is `parent`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                found.append(int(entry))
    return sorted(found)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def player(port: int, name: str) -> tuple[Terminal, float]:
    """Register `name`, open the game; the client and the seconds from `p` to the title."""
    term = await Terminal().connect(port)
    await term.wait_for("r) register")
    for text, wait in (("r", "name:"), (name + "\r", "password:"),
                       ("correct horse\r", "again:"), ("correct horse\r", "Registered")):
        term.send(text)
        await term.wait_for(wait)
    start = time.perf_counter()
    term.send("p")
    await term.wait_for("ew run", 60)
    return term, time.perf_counter() - start


async def keystrokes(term: Terminal, rounds: int) -> list[float]:
    """Seconds from a key to the changed screen: `?` then Enter, `rounds` times."""
    times = []
    for _ in range(rounds):
        for key, wait in (("?", "How a run works"), ("\r", "ew run")):
            before = term.text
            start = time.perf_counter()
            term.send(key)
            while term.text == before or wait not in term.text:
                await asyncio.sleep(0.0005)
            times.append(time.perf_counter() - start)
    return times


async def measure(server: Server, games: int, idle: float) -> None:
    """Open `games` games, then print each measure."""
    clients, opening = [], []
    for i in range(games):
        term, seconds = await player(server.port, f"p{i:02d}")
        clients.append(term)
        opening.append(seconds)
    template = next((pid for pid in children(server.proc.pid)
                     if b"arena.cli.template" in Path(f"/proc/{pid}/cmdline").read_bytes()), 0)
    game_pids = children(template)
    sizes = [pss_kb(pid) for pid in game_pids]
    print(f"login to title: median {statistics.median(opening) * 1000:.0f} ms, "
          f"max {max(opening) * 1000:.0f} ms over {games} logins (goal 1 s)")
    print(f"memory with {len(game_pids)} games open: Pss per game median "
          f"{statistics.median(sizes) / 1024:.1f} MB, max {max(sizes) / 1024:.1f} MB "
          f"(goal 20 MB); template {pss_kb(template) / 1024:.1f} MB, server "
          f"{pss_kb(server.proc.pid) / 1024:.1f} MB")
    times = await keystrokes(clients[0], 25)
    ordered = sorted(times)
    print(f"keystroke to redraw: median {statistics.median(times) * 1000:.1f} ms, 95th "
          f"percentile {ordered[int(0.95 * (len(ordered) - 1))] * 1000:.1f} ms "
          f"({len(times)} keys; goal median 20 ms)")
    await asyncio.sleep(2)
    before = cpu_seconds(server.proc.pid) + cpu_seconds(template)
    await asyncio.sleep(idle)
    used = cpu_seconds(server.proc.pid) + cpu_seconds(template) - before
    print(f"idle with {games} games open: server and template CPU {100 * used / idle:.2f} % "
          f"over {idle:.0f} s (goal 2 %)")
    for term in clients:
        await term.close()


STEPS = (("--more--", " "), ("choose a ruleset", "2"), ("choose a party", "\r"),
         ("take the road", "1"), ("Enter: fight", "\r"), ("Enter leaves", "\r"),
         ("Enter: on", "\r"), ("march on", "\r"), ("back to the title", "\r"),
         ("? help", "A"), ("ew run", "n"))  # the most telling first: "New run: ..." too


async def drive(term: Terminal, until: float) -> int:
    """Auto-fight a run on `term` until `until` (monotonic); the keys sent."""
    sent = 0
    while time.monotonic() < until:
        text = term.text
        key = next((k for shown, k in STEPS if shown in text), "\r")
        term.send(key)
        sent += 1
        deadline = time.monotonic() + 10
        while term.text == text and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
    return sent


async def load(server: Server, sessions: int, seconds: float) -> list[int]:
    """`sessions` players at once, each auto-fighting a run for `seconds`; keys per session."""
    clients = [(await player(server.port, f"l{i:02d}"))[0] for i in range(sessions)]
    until = time.monotonic() + seconds
    keys = await asyncio.gather(*(drive(term, until) for term in clients))
    for term in clients:
        await term.close()
    return list(keys)


def verify(data: Path) -> tuple[int, int]:
    """Resume every player's run journal (each command's state hash checked); (runs, commands)."""
    from arena.assets import load_library  # noqa: PLC0415
    from arena.run.live import resume  # noqa: PLC0415
    from arena.run.runjournal import NAME  # noqa: PLC0415

    library = load_library()
    runs = commands = 0
    for journal in sorted((data / "players").glob(f"*/saves/{NAME}")):
        live, _ = resume(journal, library)
        runs += 1
        commands += sum(len(bout.steps) for bout in live.run.bouts)
        if live.fight is not None:
            commands += len(live.fight.recorder.steps)
            live.fight.recorder.battle.__exit__(None, None, None)
    return runs, commands


def main() -> int:
    """Start a server, measure, stop it."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--idle", type=float, default=30.0)
    parser.add_argument("--load", type=int, default=0, metavar="SESSIONS",
                        help="instead: this many sessions auto-fighting at once")
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data")
        try:
            if args.load:
                keys = asyncio.run(load(server, args.load, args.seconds))
            else:
                asyncio.run(measure(server, args.games, args.idle))
        finally:
            server.stop()
        if args.load:
            runs, commands = verify(Path(folder) / "data")
            print(f"{args.load} sessions auto-fighting for {args.seconds:.0f} s: "
                  f"{sum(keys)} keys sent (min {min(keys)} a session); server exit "
                  f"{server.proc.returncode}; {runs} run journals resumed and verified, "
                  f"{commands} commands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
