"""Engine speed: complete random rounds per second, and move generation on a crowded table.

Prints absolute figures and ratios against a baseline measured in the same process (a
plain Python loop of fixed work), so runs on different machines compare.
Run: python benchmarks/engine_speed.py [--rounds N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from casino.engine import Game, legal_moves, load_ruleset
from casino.engine.notation import parse_position
from casino.engine.rules import apply

CROWDED = (
    "0;1;10C 9C 8C 7C/-;AH 2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D [b10 6S 4S @1] [b9x2 5S 4C 9S @1]"
    ";-/-;*"
)


def baseline(n: int = 200_000) -> float:
    """Seconds for a fixed amount of plain interpreter work: the unit of the ratios."""
    started = time.perf_counter()
    acc = 0
    for i in range(n):
        acc = (acc * 31 + i) % 1_000_003
    return time.perf_counter() - started


def random_rounds(ruleset_name: str, rounds: int) -> float:
    """Complete rounds per second, both seats choosing uniformly among legal moves."""
    rs = load_ruleset(ruleset_name)
    rng = random.Random(1)
    started = time.perf_counter()
    for r in range(rounds):
        state = Game.start(rs, 2, seed=r).round
        while not state.is_over():
            state = apply(state, rng.choice(legal_moves(state)))
    return rounds / (time.perf_counter() - started)


def crowded_generation(repeats: int) -> tuple[float, float, float, int]:
    """Median, 95th percentile and worst time to list every move of a crowded table."""
    rs = load_ruleset("classic")
    state = parse_position(rs, CROWDED)
    times = []
    count = 0
    for _ in range(repeats):
        t = time.perf_counter()
        count = len(legal_moves(state))
        times.append(time.perf_counter() - t)
    times.sort()
    return statistics.median(times), times[int(0.95 * len(times))], times[-1], count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1000)
    args = parser.parse_args()
    base = min(baseline() for _ in range(3))
    print(f"baseline loop: {base * 1000:.1f} ms")
    for name in ("classic", "royal", "spitenet"):
        rps = random_rounds(name, args.rounds)
        print(f"{name:<10} random rounds/s: {rps:8.0f}   (x baseline loops/s: {rps * base:.3f})")
    median, p95, worst, count = crowded_generation(200)
    print(f"crowded table ({count} legal moves): median {median * 1000:.2f} ms, "
          f"p95 {p95 * 1000:.2f} ms, worst {worst * 1000:.2f} ms  "
          f"(median / baseline: {median / base:.3f})")


if __name__ == "__main__":
    main()
