"""Decision time of the computer players and the hint, on one core.

Prints the median and 95th percentile time per decision of each level and of the hint,
in seconds and as a ratio to a baseline measured in the same process (one engine ply:
``legal_moves`` + ``apply`` on the same positions), so figures taken on a busy or slow
machine can still be compared. Targets (issues 6 and 17): expert median <= 0.3 s,
p95 <= 1.0 s, hard median <= 0.1 s; the hint asks the Expert's search (so the review never
marks the hinted move a mistake), and is held to the same.

With ``--baseline REV`` the script checks REV out into a temporary git worktree and times
both trees in alternating child processes, a few positions at a time (this tree, then REV),
in CPU time (``time.process_time``), so both see the same machine load; it prints each
tree's median and p95 and the ratio now / REV, and checks that both trees chose the same
move on every position.

    python benchmarks/ai_speed.py [--ruleset classic] [--positions 150] [--levels ...]
        [--baseline REV] [--chunk 5] [--repeats 1]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"expert": (0.3, 1.0), "hard": (0.1, None), "hint": (0.3, 1.0)}

if __name__ == "__main__" and "--child" not in sys.argv:
    sys.path.insert(0, str(ROOT))

from casino.ai.basic import GreedyPolicy  # noqa: E402
from casino.ai.hint import hint  # noqa: E402
from casino.ai.registry import POLICIES  # noqa: E402
from casino.engine import Game, State, apply, legal_moves, load_ruleset  # noqa: E402
from casino.engine.notation import format_move  # noqa: E402


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


def timed(fn: Callable[[State], object], states: list[State],
          clock: Callable[[], float] = time.perf_counter) -> list[float]:
    times = []
    for st in states:
        started = clock()
        fn(st)
        times.append(clock() - started)
    return times


def p95(times: list[float]) -> float:
    times = sorted(times)
    return times[min(len(times) - 1, int(0.95 * len(times)))]


def decider(name: str) -> Callable[[State], Any]:
    """The decision of level ``name`` (or the hint's move) on a state."""
    if name == "hint":
        return lambda st: hint(st.view_for(st.to_move))[0]
    policy = POLICIES[name](seed="bench")
    return lambda st: policy.choose(st.view_for(st.to_move))


def target_text(name: str, med: float, high: float) -> str:
    if name not in TARGETS:
        return ""
    t_med, t_p95 = TARGETS[name]
    ok = med <= t_med and (t_p95 is None or high <= t_p95)
    text = f"median <= {t_med} s" + ("" if t_p95 is None else f", p95 <= {t_p95} s")
    return f"{text}: {'met' if ok else 'NOT met'}"


def child_main(ruleset: str, count: int, seed: str, level: str, start: int, stop: int) -> None:
    """Time ``level`` on positions ``start:stop`` in CPU time; print the times and moves."""
    import casino

    states = sample_positions(ruleset, count, seed)[start:stop]
    decide = decider(level)
    times, moves = [], []
    for st in states:
        t = time.process_time()
        move = decide(st)
        times.append(time.process_time() - t)
        moves.append(format_move(move))
    engine = str(Path(casino.__file__).resolve().parent.parent)
    print(json.dumps({"times": times, "moves": moves, "tree": engine, "kind": code_kind()}))


def code_kind() -> str:
    """Whether the engine and the search run compiled (``setup.py``) or as Python."""
    from engine_speed import engine_kind

    return f"engine {engine_kind()}, AI {engine_kind('casino.ai.ismcts')}"


KINDS: dict[str, str] = {}
"""tree -> the code_kind its children ran."""


def run_child(tree: Path, args: argparse.Namespace, level: str, start: int, stop: int,
              ) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    with tempfile.TemporaryDirectory() as cwd:
        done = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--child", "--ruleset",
             args.ruleset, "--positions", str(args.positions), "--seed", args.seed,
             "--levels", level, "--start", str(start), "--stop", str(stop)],
            cwd=cwd, env=env, check=True, capture_output=True, text=True,
        )
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    if result["tree"] != str(tree.resolve()):
        raise SystemExit(f"the child did not import the code of {tree}")
    KINDS[str(tree)] = result["kind"]
    return result


def compare(args: argparse.Namespace) -> None:
    """Both trees, alternating chunk by chunk; per position the median over repeats."""
    rev = args.baseline
    levels = args.levels.split(",")
    # Stopped by a signal, still remove the baseline's worktree (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base),
                        rev], check=True)
        try:
            times: dict[tuple[str, str], list[list[float]]] = {}
            moves: dict[tuple[str, str], list[str]] = {}
            for level in levels:
                for tree in ("now", rev):
                    times[level, tree] = [[] for _ in range(args.positions)]
                for _ in range(args.repeats):
                    for start in range(0, args.positions, args.chunk):
                        stop = min(args.positions, start + args.chunk)
                        for tree, path in (("now", ROOT), (rev, base)):
                            got = run_child(path, args, level, start, stop)
                            for k, t in enumerate(got["times"]):
                                times[level, tree][start + k].append(t)
                            moves.setdefault((level, tree), []).extend(got["moves"])
                print(f"{level} done", file=sys.stderr)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=True)
    print(f"{args.ruleset}: {args.positions} positions (seed {args.seed!r}), CPU time per "
          f"decision, trees alternating every {args.chunk} positions, {args.repeats} "
          f"repeat(s); load average {os.getloadavg()[0]:.2f}; {rev}: {KINDS[str(base)]}; "
          f"now: {KINDS[str(ROOT)]}")
    print(f"{'player':<10}{rev + ' median':>16}{'now median':>12}{'ratio':>7}"
          f"{rev + ' p95':>14}{'now p95':>10}{'ratio':>7}{'total':>7}  same moves  target")
    for level in levels:
        per = {tree: [statistics.median(ts) for ts in times[level, tree]]
               for tree in ("now", rev)}
        med = {tree: statistics.median(ts) for tree, ts in per.items()}
        high = {tree: p95(ts) for tree, ts in per.items()}
        total = sum(per["now"]) / sum(per[rev])
        same = sum(a == b for a, b in zip(moves[level, "now"], moves[level, rev], strict=True))
        print(f"{level:<10}{med[rev]:16.4f}{med['now']:12.4f}{med['now'] / med[rev]:7.2f}"
              f"{high[rev]:14.4f}{high['now']:10.4f}{high['now'] / high[rev]:7.2f}"
              f"{total:7.2f}  {same}/{len(moves[level, 'now'])}  "
              f"{target_text(level, med['now'], high['now'])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--levels", default="greedy,heuristic,hard,expert")
    parser.add_argument("--baseline", metavar="REV", help="git revision to compare against")
    parser.add_argument("--chunk", type=int, default=5, help="positions per child process")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--start", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--stop", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child_main(args.ruleset, args.positions, args.seed, args.levels, args.start, args.stop)
        return
    if args.baseline:
        compare(args)
        return
    states = sample_positions(args.ruleset, args.positions, args.seed)

    def ply(st: State) -> None:
        for _ in range(10):
            apply(st, legal_moves(st)[0])

    baseline = statistics.median(timed(ply, states)) / 10
    print(f"{args.ruleset}: {len(states)} positions from greedy self-play (seed {args.seed!r}); "
          f"{code_kind()}")
    print(f"baseline: one engine ply (legal_moves + apply) = {baseline * 1e6:.1f} us (median)")
    head = f"{'player':<10} {'median s':>10} {'p95 s':>10} {'median/ply':>12} {'p95/ply':>10}"
    print(head + "  target")
    names = [*args.levels.split(","), "hint"]
    for name in names:
        times = timed(decider(name), states)
        med, high = statistics.median(times), p95(times)
        print(f"{name:<10} {med:>10.4f} {high:>10.4f} {med / baseline:>12.0f} "
              f"{high / baseline:>10.0f}  {target_text(name, med, high)}")


if __name__ == "__main__":
    main()
