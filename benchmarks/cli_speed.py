"""``casino-cli simulate`` against the engine in-process: random rounds per CPU second.

Three figures, measured in alternated runs in one process so that each pair sees the same
machine load:

- ``in_process``: two-player classic rounds with both seats choosing uniformly at random,
  straight on the engine (``engine_speed.random_rounds``: ``legal_moves`` and ``apply``);
- ``cli``: ``casino-cli simulate --players random,random`` called in this process
  (``casino.cli.main``): whole games through the policies' views, with its checks;
- ``cli_process``: the same command as a new process, its start-up included (the child's
  CPU time from ``getrusage``).

It prints each rate and its ratio to ``in_process``; issue 17's target is the CLI within
15 % (ratio >= 0.85). A process's start-up (about half a second of CPU: Python, pydantic,
the rulesets, the CLI's modules) is a fixed cost, so ``cli_process`` nears ``cli`` as
``--process-games`` grows.

    python benchmarks/cli_speed.py [--chunks 30] [--games 10] [--rounds 35]
        [--processes 5] [--process-games 300] [--profile]

``--profile`` prints cProfile's top lines (by cumulative time) of one in-process CLI run.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import pstats
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from engine_speed import random_rounds  # noqa: E402

from casino.cli import main as cli_main  # noqa: E402

TARGET = 0.85


def simulate_args(games: int, seed: str) -> list[str]:
    return ["simulate", "--games", str(games), "--seed", seed, "--players", "random,random",
            "--json"]


def cli_in_process(games: int, seed: str) -> float:
    """Rounds per CPU second of ``casino-cli simulate`` run by ``main`` in this process."""
    out = io.StringIO()
    started = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = cli_main(simulate_args(games, seed))
    elapsed = time.process_time() - started
    assert status == 0, out.getvalue()
    rounds: int = json.loads(out.getvalue())["rounds"]
    return rounds / elapsed


def cli_process(games: int, seed: str) -> float:
    """Rounds per CPU second of ``casino-cli simulate`` as a new process, start-up included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "casino.cli", *simulate_args(games, seed)],
                          capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rounds: int = json.loads(done.stdout)["rounds"]
    return rounds / cpu


def profile(games: int) -> None:
    profiler = cProfile.Profile()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        profiler.runcall(cli_main, simulate_args(games, "profile"))
    stats = pstats.Stats(profiler, stream=sys.stdout)
    stats.sort_stats("cumulative").print_stats(14)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=30,
                        help="alternations of an in-process and a CLI run")
    parser.add_argument("--games", type=int, default=10, help="games per CLI run")
    parser.add_argument("--rounds", type=int, default=35, help="rounds per in-process run")
    parser.add_argument("--processes", type=int, default=5,
                        help="CLI processes (each --process-games games)")
    parser.add_argument("--process-games", type=int, default=300)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        profile(args.games)
        return 0
    # Short runs, alternated many times: the machine's load moves while it runs, and each
    # pair of runs sees about the same load. The figure is the median of the pairs' ratios.
    pairs: dict[str, list[tuple[float, float]]] = {"cli": [], "cli_process": []}
    for k in range(args.chunks):
        base = random_rounds("classic", args.rounds)
        pairs["cli"].append((base, cli_in_process(args.games, f"bench:{k}")))
    for k in range(args.processes):
        base = random_rounds("classic", args.process_games * 7 // 2)
        pairs["cli_process"].append((base, cli_process(args.process_games, f"proc:{k}")))
    print("classic, random vs random, CPU time; median of the ratios of alternated runs")
    print(f"{'':<12} {'in-process':>11} {'CLI':>9}  ratio")
    for name, runs in pairs.items():
        ratio = statistics.median(cli / base for base, cli in runs)
        base_rate = statistics.median(base for base, _ in runs)
        cli_rate = statistics.median(cli for _, cli in runs)
        games = args.games if name == "cli" else args.process_games
        print(f"{name:<12} {base_rate:9.1f}/s {cli_rate:7.1f}/s  {ratio:.2f} "
              f"({'meets' if ratio >= TARGET else 'misses'} >= {TARGET}; {len(runs)} runs of "
              f"{games} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
