"""Decision time of the computer players and the hint, on one core.

Prints the median and 95th percentile time per decision of each level and of the hint,
in seconds and as a ratio to a baseline measured in the same process (one engine ply:
``legal_moves`` + ``apply`` on the same positions), so figures taken on a busy or slow
machine can still be compared. Targets (issue 6): expert median <= 0.3 s, p95 <= 1.0 s,
hint <= 150 ms.

    python benchmarks/ai_speed.py [--ruleset classic] [--positions 150] [--levels ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from casino.ai.basic import GreedyPolicy
from casino.ai.hint import hint
from casino.ai.registry import POLICIES
from casino.engine import Game, State, apply, legal_moves, load_ruleset

TARGETS = {"expert": (0.3, 1.0), "hint": (0.15, 0.15)}


def sample_positions(ruleset: str, count: int, seed: str) -> list[State]:
    """Positions met in greedy self-play, every one where the mover has a real choice."""
    rs = load_ruleset(ruleset)
    greedy = GreedyPolicy()
    out: list[State] = []
    g = 0
    while len(out) < count:
        state = Game.start(rs, 2, f"{seed}:{g}").round
        while not state.is_over() and len(out) < count:
            if len(legal_moves(state)) > 1:
                out.append(state)
            state = apply(state, greedy.choose(state.view_for(state.to_move)))
        g += 1
    return out


def timed(fn: Callable[[State], object], states: list[State]) -> list[float]:
    times = []
    for st in states:
        started = time.perf_counter()
        fn(st)
        times.append(time.perf_counter() - started)
    return sorted(times)


def p95(times: list[float]) -> float:
    return times[min(len(times) - 1, int(0.95 * len(times)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--levels", default="greedy,heuristic,hard,expert")
    args = parser.parse_args()
    states = sample_positions(args.ruleset, args.positions, args.seed)

    def ply(st: State) -> None:
        for _ in range(10):
            apply(st, legal_moves(st)[0])

    base_times = timed(ply, states)
    baseline = statistics.median(base_times) / 10
    print(f"{args.ruleset}: {len(states)} positions from greedy self-play (seed {args.seed!r})")
    print(f"baseline: one engine ply (legal_moves + apply) = {baseline * 1e6:.1f} us (median)")
    head = f"{'player':<10} {'median s':>10} {'p95 s':>10} {'median/ply':>12} {'p95/ply':>10}"
    print(head + "  target")
    rows: list[tuple[str, Callable[[State], object]]] = []
    for name in args.levels.split(","):
        policy = POLICIES[name](seed="bench")
        rows.append((name, lambda st, p=policy: p.choose(st.view_for(st.to_move))))
    rows.append(("hint", lambda st: hint(st.view_for(st.to_move))))
    for name, fn in rows:
        times = timed(fn, states)
        med, high = statistics.median(times), p95(times)
        target = ""
        if name in TARGETS:
            t_med, t_p95 = TARGETS[name]
            ok = med <= t_med and high <= t_p95
            target = f"median <= {t_med} s, p95 <= {t_p95} s: {'met' if ok else 'NOT met'}"
        print(f"{name:<10} {med:>10.4f} {high:>10.4f} {med / baseline:>12.0f} "
              f"{high / baseline:>10.0f}  {target}")


if __name__ == "__main__":
    main()
