"""Network table figures, on 127.0.0.1 with a real host process.

1. Latency from a move sent by one client to the other client's view updated: median, p95.
2. Host CPU per game with three ``casino-cli join`` bot clients, against the engine alone
   playing the same games in-process (the ratio is the cost of hosting).
3. Concurrent tables one host process sustains at <= 50 % of a core, every table with two
   clients moving once a second between them (a brisk human pace).

    python benchmarks/net_speed.py [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

from casino.ai.play import play_game
from casino.cli import get_ruleset, make_policy
from casino.engine.notation import format_move
from casino.engine.rules import legal_moves
from casino.net.protocol import PROTOCOL_VERSION, Hello, encode, parse_host

LINE = re.compile(r"port (\d+), join code ([A-Z0-9]+)")
CLASSIC = get_ruleset("classic")


def start_host(*args: str) -> tuple[subprocess.Popen[str], int, list[str]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "casino.cli", "serve", "--bind", "127.0.0.1", "--port", "0",
         "--no-advertise", "--no-record", "--new", *args],
        stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    codes: list[str] = []
    port = 0
    tables = int(args[args.index("--tables") + 1]) if "--tables" in args else 1
    while len(codes) < tables:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("the host did not start")
        m = LINE.search(line)
        if m:
            port = int(m.group(1))
            codes.append(m.group(2))
    return proc, port, codes


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


MOVES = [0]
"""Moves the benchmark's clients have made (for the pace actually reached)."""


async def client(port: int, code: str, seat: int, think: float, stop: asyncio.Event,
                 sent: dict[int, float] | None = None, lags: list[float] | None = None) -> None:
    """A random player; with ``sent``/``lags`` it times the other seat's moves reaching it."""
    rng = random.Random(seat)
    async with connect(f"ws://127.0.0.1:{port}", proxy=None, compression=None) as ws:
        await ws.send(encode(Hello(type="hello", version=PROTOCOL_VERSION, code=code,
                                   name=f"P{seat}", seat=seat)))
        async for text in ws:
            frame = parse_host(text)
            if frame.type == "state":
                if (lags is not None and sent is not None and frame.last is not None
                        and frame.last.seat != seat and frame.step - 1 in sent):
                    lags.append(time.perf_counter() - sent.pop(frame.step - 1))
                view = frame.view.to_view(CLASSIC)
                if view.to_move == seat and view.hand:
                    if think:
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    move = format_move(rng.choice(legal_moves(view)))
                    if sent is not None:
                        sent[frame.step] = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "step": frame.step,
                                              "move": move}))
                    MOVES[0] += 1
            elif frame.type == "game_over" and not frame.more:
                return
            if stop.is_set():
                return


def latency(games: int) -> tuple[float, float, int]:
    proc, port, (code,) = start_host("--games", str(games), "--save", _tmp("lat.json"))
    sent: dict[int, float] = {}
    lags: list[float] = []

    async def run() -> None:
        stop = asyncio.Event()
        await asyncio.gather(client(port, code, 0, 0, stop, sent, lags),
                             client(port, code, 1, 0, stop, sent, lags))

    asyncio.run(run())
    proc.wait(30)
    lags.sort()
    return statistics.median(lags), lags[int(0.95 * len(lags))], len(lags)


def host_cpu_per_game(games: int) -> tuple[float, float]:
    """Host CPU per game (three bot processes) and the engine's CPU per game alone."""
    proc, port, (code,) = start_host("--games", str(games), "--seats", "person,person,person",
                                      "--save", _tmp("cpu.json"), "--json")
    bots = [subprocess.Popen([sys.executable, "-m", "casino.cli", "join",
                              f"127.0.0.1:{port}", "--code", code, "--level", "greedy"])
            for _ in range(3)]
    for bot in bots:
        bot.wait(600)
    out, _ = proc.communicate(60)
    summary = json.loads(out.strip().splitlines()[-1])
    hosting = summary["cpu_seconds"] / summary["games"]
    started = time.process_time()
    for g in range(games):
        policies = [make_policy("greedy", f"{g}:{i}") for i in range(3)]
        play_game(CLASSIC, f"b:{g}", policies)
    engine = (time.process_time() - started) / games
    return hosting, engine


def tables_at(count: int, seconds: float, think: float) -> tuple[float, float]:
    """Host CPU share (of one core) with ``count`` tables playing at a human pace, and the
    moves a second the clients actually made."""
    proc, port, codes = start_host("--tables", str(count), "--games", "1000")

    async def run() -> tuple[float, float]:
        stop = asyncio.Event()
        tasks = [asyncio.create_task(client(port, code, seat, think, stop))
                 for code in codes for seat in (0, 1)]
        await asyncio.sleep(3)  # everyone seated and playing
        before, at, moves = cpu_seconds(proc.pid), time.monotonic(), MOVES[0]
        await asyncio.sleep(seconds)
        elapsed = time.monotonic() - at
        share = (cpu_seconds(proc.pid) - before) / elapsed
        rate = (MOVES[0] - moves) / elapsed
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return share, rate

    try:
        return asyncio.run(run())
    finally:
        proc.kill()
        proc.wait()


_TMP = tempfile.mkdtemp(prefix="casino-net-bench-")


def _tmp(name: str) -> str:
    return str(Path(_TMP) / name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games, shorter windows")
    args = parser.parse_args()
    os.environ.setdefault("CASINO_HOME", _TMP)
    games = 3 if args.quick else 10
    median, p95, n = latency(games)
    print(f"latency, move sent -> other client's view updated: median {median * 1000:.2f} ms,"
          f" p95 {p95 * 1000:.2f} ms ({n} moves, classic, 127.0.0.1)")
    hosting, engine = host_cpu_per_game(games)
    print(f"host CPU per game, three bot clients (classic, 3 players): {hosting * 1000:.0f} ms;"
          f" the engine alone {engine * 1000:.0f} ms a game (x{hosting / engine:.1f})")
    think = 1.0
    window = 5.0 if args.quick else 10.0
    best = 0
    for count in (25, 50, 100, 200, 400):
        share, rate = tables_at(count, window, think)
        print(f"  {count:>3} tables: {rate:.0f} moves a second in all, host at "
              f"{share * 100:.0f} % of a core ({share / rate * 1000:.2f} ms of CPU a move)")
        if share > 0.5 or rate < count * 0.8:
            break  # over the budget, or the benchmark's own clients can no longer keep pace
        best = count
    print(f"concurrent tables at <= 50 % of a core, a move a second each: at least {best} "
          "(the largest count tried whose clients kept pace)")


if __name__ == "__main__":
    main()
