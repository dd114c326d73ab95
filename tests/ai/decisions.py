"""The AI's decisions on fixed positions, recorded once and checked after every speed-up.

A speed-up of the search must not change a single decision: the same move, the same root
visits (so the same random draws in the same order). This records, for positions met in
seeded greedy play (as ``benchmarks/ai_speed.py`` samples them, seed ``bench``), the move of
the heuristic, hard and expert levels and the hint, with hard's and expert's root visits.

    python -m tests.ai.decisions --record   # writes tests/data/ai_decisions.json
    python -m tests.ai.decisions            # checks every recorded position, prints counts

``tests/ai/test_decisions.py`` checks every tenth position in the default suite.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from casino.ai.basic import GreedyPolicy
from casino.ai.hint import hint
from casino.ai.ismcts import ISMCTSPolicy
from casino.ai.registry import POLICIES
from casino.engine import Game, State, apply, legal_moves, load_ruleset
from casino.engine.notation import format_move, format_position

RECORD = Path(__file__).resolve().parent.parent / "data" / "ai_decisions.json"
LEVELS = ("heuristic", "hard", "expert", "hint")
SETS = (  # ruleset, players, positions
    ("classic", 2, 60), ("kasino", 2, 40), ("casino33", 2, 40), ("munter", 2, 40),
    ("royal", 2, 40), ("draw", 2, 40), ("classic", 3, 12), ("classic", 4, 12),
)
SEED = "bench"


def sample_positions(ruleset: str, count: int, seed: str = SEED, players: int = 2,
                     ) -> list[State]:
    """Positions met in greedy self-play, every one where the mover has a real choice
    (two players: the same positions as ``benchmarks/ai_speed.py``)."""
    rs = load_ruleset(ruleset)
    greedy = GreedyPolicy()
    out: list[State] = []
    g = 0
    while len(out) < count:
        state = Game.start(rs, players, f"{seed}:{g}").round
        while not state.is_over() and len(out) < count:
            if len(legal_moves(state)) > 1:
                out.append(state)
            state = apply(state, greedy.choose(state.view_for(state.to_move)))
        g += 1
    return out


def positions() -> list[tuple[str, State]]:
    """(key, state) of every recorded position, in a fixed order."""
    out = []
    for ruleset, players, count in SETS:
        for k, state in enumerate(sample_positions(ruleset, count, players=players)):
            out.append((f"{ruleset}/{players}/{k}", state))
    return out


def decide(level: str, state: State) -> dict[str, Any]:
    """The decision of ``level`` on ``state``, as recorded."""
    view = state.view_for(state.to_move)
    if level == "hint":
        move, why = hint(view)
        return {"move": format_move(move), "reason": "" if why is None else str(why)}
    policy = POLICIES[level](seed=SEED)
    move = policy.choose(view)
    out: dict[str, Any] = {"move": format_move(move)}
    if isinstance(policy, ISMCTSPolicy):
        out["visits"] = [[format_move(m), n] for m, n in policy.root_visits]
    return out


def decisions(keys: set[str] | None = None, levels: tuple[str, ...] = LEVELS,
              ) -> dict[str, dict[str, Any]]:
    """Every level's decision on every position (or those in ``keys``)."""
    out: dict[str, dict[str, Any]] = {}
    for key, state in positions():
        if keys is not None and key not in keys:
            continue
        row: dict[str, Any] = {"position": format_position(state)}
        for level in levels:
            row[level] = decide(level, state)
        out[key] = row
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", action="store_true", help="write the record afresh")
    parser.add_argument("--every", type=int, default=1, help="check every n-th position")
    parser.add_argument("--levels", default=",".join(LEVELS))
    args = parser.parse_args()
    levels = tuple(args.levels.split(","))
    started = time.process_time()
    if args.record:
        rows = [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in decisions().items()]
        RECORD.write_text("{\n" + ",\n".join(rows) + "\n}\n")  # one position a line
        print(f"recorded {RECORD} in {time.process_time() - started:.0f} CPU s")
        return
    want = json.loads(RECORD.read_text())
    keys = set(list(want)[:: args.every])
    got = decisions(keys, levels)
    same = {level: 0 for level in levels}
    differ = []
    for key, row in got.items():
        if row["position"] != want[key]["position"]:
            differ.append(f"{key}: position differs")
            continue
        for level in levels:
            if row[level] == want[key][level]:
                same[level] += 1
            else:
                differ.append(f"{key} {level}: {want[key][level]} -> {row[level]}")
    for line in differ:
        print(line)
    print(f"{len(got)} positions, {time.process_time() - started:.0f} CPU s; identical: "
          + ", ".join(f"{level} {n}/{len(got)}" for level, n in same.items()))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
