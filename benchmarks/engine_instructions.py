"""Engine work counted in machine instructions (valgrind cachegrind): steady under load.

On a machine shared with other work, CPU-time ratios (``engine_speed.py``) move by 25 %
between runs; the number of instructions a fixed piece of work executes does not (to about
2 %, from hash seeds). This script counts them for the same figures as ``engine_speed.py``:
a random-vs-random round per ruleset (the mean over ``--rounds`` seeded rounds) and one fresh
listing of each crowded table, for this tree and for ``--baseline REV`` (a temporary git
worktree). Each figure is the difference of a run doing the work and one that only imports,
so start-up is not counted. Needs valgrind; about a minute per figure and tree.

    python benchmarks/engine_instructions.py --baseline a0e227d [--rounds 20] [--listings 5]
        [--only classic crowded]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from engine_speed import CROWDED, RULESETS, TWELVE_LOOSE  # noqa: E402

ROUNDS = """
import random, sys
from casino.engine import Game, legal_moves, load_ruleset
from casino.engine.rules import apply
rs = load_ruleset(sys.argv[1]); rng = random.Random(1)
for r in range(int(sys.argv[2])):
    state = Game.start(rs, 2, seed=r).round
    while not state.is_over():
        state = apply(state, rng.choice(legal_moves(state)))
"""

LISTING = """
import sys
from dataclasses import replace
from casino.engine import legal_moves, load_ruleset
from casino.engine.notation import parse_position
state = parse_position(load_ruleset("classic"), sys.argv[1])
legal_moves(replace(state, table=tuple(state.table)))  # import and first-use costs
for _ in range(int(sys.argv[2])):
    state = replace(state, table=tuple(list(state.table)))  # a fresh table object
    legal_moves(state)
"""


def instructions(tree: Path, script: str, arg: str, n: int) -> int:
    """Instructions of ``script arg n`` with the engine of ``tree``."""
    with tempfile.TemporaryDirectory() as cwd:
        path = Path(cwd) / "work.py"
        path.write_text(script, encoding="utf-8")
        done = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no",
             "--cachegrind-out-file=/dev/null", sys.executable, str(path), arg, str(n)],
            cwd=cwd, env=dict(os.environ, PYTHONPATH=str(tree)),
            capture_output=True, text=True, check=True,
        )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind:\n{done.stderr}")
    return int(found.group(1).replace(",", ""))


def per_unit(tree: Path, script: str, arg: str, n: int) -> float:
    """Instructions per unit of work: the start-up-only run first (it also writes the
    bytecode caches a fresh worktree lacks, which the second run then reads)."""
    start_up = instructions(tree, script, arg, 0)
    return (instructions(tree, script, arg, n) - start_up) / n


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--baseline", metavar="REV", required=True)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--listings", type=int, default=5)
    parser.add_argument("--only", nargs="+", metavar="FIGURE",
                        help="some figures: rulesets, crowded, twelve_loose")
    args = parser.parse_args()
    figures = [(name, ROUNDS, name, args.rounds) for name in RULESETS]
    figures += [("crowded", LISTING, CROWDED, args.listings),
                ("twelve_loose", LISTING, TWELVE_LOOSE, args.listings)]
    if args.only:
        figures = [f for f in figures if f[0] in args.only]
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "baseline"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base),
                        args.baseline], check=True)
        try:
            print(f"{'figure (k instructions)':<32}{args.baseline:>12}{'now':>12}{'ratio':>8}")
            for label, script, arg, n in figures:
                before = per_unit(base, script, arg, n) / 1000
                after = per_unit(ROOT, script, arg, n) / 1000
                unit = "a round" if script is ROUNDS else "a listing"
                print(f"{label + ' ' + unit:<32}{before:12,.0f}{after:12,.0f}"
                      f"{before / after:7.2f}x", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           check=True)


if __name__ == "__main__":
    main()
