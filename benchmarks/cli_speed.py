"""``casino-cli simulate`` against the engine in-process: random rounds per CPU second.

Three figures, measured in alternated runs in one process so that each pair sees the same
machine load:

- ``in_process``: the same two-player classic games as the CLI run beside it, played straight
  on the engine (``Game.start``, ``legal_moves`` and ``apply`` on its states, the round's end
  handed to the game, ``next_round``), each seat choosing with the generator its
  ``RandomPolicy`` would have: the very moves the CLI plays, so the ratio carries no bias from
  which deals either side drew (per-round cost varies a lot with the table);
- ``cli``: ``casino-cli simulate --players random,random`` called in this process
  (``casino.cli.main``): whole games through the policies' views, with its checks;
- ``cli_process``: the same command as a new process, its start-up included (the child's
  CPU time from ``getrusage``). The child runs as an installed program does, from compiled
  bytecode (kept in a temporary ``PYTHONPYCACHEPREFIX``, written by an untimed first start),
  even where the environment sets ``PYTHONDONTWRITEBYTECODE``: compiling the package's
  modules anew is no cost an installed ``casino-cli`` pays.

It prints each rate and its ratio to ``in_process``; issue 17's target is the CLI within
15 % (ratio >= 0.85). It also prints the ratio to ``engine_speed.random_rounds`` (the first
rounds of games 0, 1, ..., without scoring), the baseline of earlier runs. A process's
start-up (Python, pydantic, the rulesets, the CLI's modules) is a fixed cost, so
``cli_process`` nears ``cli`` as ``--process-games`` grows.

    python benchmarks/cli_speed.py [--chunks 30] [--games 10] [--rounds 35]
        [--processes 5] [--process-games 300] [--profile]

``--rounds`` is the length of the earlier baseline's run. ``--profile`` prints cProfile's
top lines (by cumulative time) of one in-process CLI run.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import json
import os
import pstats
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from engine_speed import engine_kind, random_rounds  # noqa: E402

from casino.ai.basic import RandomPolicy  # noqa: E402
from casino.cli import main as cli_main  # noqa: E402
from casino.engine import Game, legal_moves, load_ruleset  # noqa: E402
from casino.engine.rules import apply  # noqa: E402

TARGET = 0.85


def simulate_args(games: int, seed: str) -> list[str]:
    return ["simulate", "--games", str(games), "--seed", seed, "--players", "random,random",
            "--json"]


def same_games(games: int, seed: str) -> tuple[int, float]:
    """Rounds and rounds per CPU second of ``simulate``'s games of ``seed`` on the bare engine.

    Each seat draws from the generator of the ``RandomPolicy`` that ``simulate`` seats there
    (``rng.choice`` of the listing, as its ``choose`` does), so these are the CLI's games."""
    rs = load_ruleset("classic")
    rngs = [[RandomPolicy(f"{seed}:{g}:{i}").rng for i in range(2)] for g in range(games)]
    rounds = 0
    started = time.process_time()
    for g in range(games):
        choose = [rng.choice for rng in rngs[g]]
        game = Game.start(rs, 2, f"{seed}:{g}")
        while True:
            state = game.round
            while not state.is_over():
                state = apply(state, choose[state.to_move](legal_moves(state)))
            game = game.advanced(state)
            rounds += 1
            if game.is_over():
                break
            game = game.next_round()
    return rounds, rounds / (time.process_time() - started)


def cli_in_process(games: int, seed: str) -> tuple[int, float]:
    """Rounds and rounds per CPU second of ``casino-cli simulate`` run by ``main`` here."""
    out = io.StringIO()
    started = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = cli_main(simulate_args(games, seed))
    elapsed = time.process_time() - started
    assert status == 0, out.getvalue()
    rounds: int = json.loads(out.getvalue())["rounds"]
    return rounds, rounds / elapsed


def cli_process(games: int, seed: str, env: dict[str, str]) -> tuple[int, float]:
    """Rounds and rounds per CPU second of ``casino-cli simulate`` as a new process, start-up
    included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "casino.cli", *simulate_args(games, seed)],
                          capture_output=True, text=True, check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rounds: int = json.loads(done.stdout)["rounds"]
    return rounds, rounds / cpu


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
    runs: dict[str, list[tuple[float, float, float]]] = {"cli": [], "cli_process": []}
    for k in range(args.chunks):
        seed = f"bench:{k}"
        rounds, base = same_games(args.games, seed)
        earlier = random_rounds("classic", args.rounds)
        cli_rounds, cli = cli_in_process(args.games, seed)
        assert cli_rounds == rounds, "the CLI played other games than the engine loop"
        runs["cli"].append((base, cli, earlier))
    with tempfile.TemporaryDirectory() as cache:
        env = {key: value for key, value in os.environ.items()
               if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        cli_process(1, "warm-up", env)  # writes the bytecode an installed program has
        for k in range(args.processes):
            seed = f"proc:{k}"
            rounds, base = same_games(args.process_games, seed)
            earlier = random_rounds("classic", args.process_games * 7 // 2)
            cli_rounds, cli = cli_process(args.process_games, seed, env)
            assert cli_rounds == rounds, "the CLI played other games than the engine loop"
            runs["cli_process"].append((base, cli, earlier))
    print("classic, random vs random, CPU time; median of the ratios of alternated runs; "
          f"engine {engine_kind()}")
    print(f"{'':<12} {'in-process':>11} {'CLI':>9}  ratio (target {TARGET}); "
          "ratio to the earlier baseline")
    for name, pairs in runs.items():
        ratio = statistics.median(cli / base for base, cli, _ in pairs)
        earlier_ratio = statistics.median(cli / earlier for _, cli, earlier in pairs)
        base_rate = statistics.median(base for base, _, _ in pairs)
        cli_rate = statistics.median(cli for _, cli, _ in pairs)
        games = args.games if name == "cli" else args.process_games
        print(f"{name:<12} {base_rate:9.1f}/s {cli_rate:7.1f}/s  {ratio:.2f} "
              f"({'meets' if ratio >= TARGET else 'misses'}; {len(pairs)} runs of {games} "
              f"games); {earlier_ratio:.2f}")
    return 0

if __name__ == "__main__":
    sys.exit(main())
