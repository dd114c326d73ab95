"""Write ``NAME.positions`` for a ruleset that lacks one: positions from seeded random play
with their legal-move counts (regression anchors). Hand-checked lines are added by hand
above them, with a comment citing the seed. Run: python tests/data/sample_positions.py NAME"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from casino.engine import Game, legal_moves, load_ruleset, play
from casino.engine.notation import format_position


def sample(name: str, count: int = 12) -> list[str]:
    rs = load_ruleset(name)
    rng = random.Random(name)
    lines = []
    for seed in range(count):
        state = Game.start(rs, 2, seed).round
        for _ in range(rng.randrange(5, 40)):
            if state.is_over():
                break
            state = play(state, rng.choice(legal_moves(state)))
        if not state.is_over():
            lines.append(f"{len(legal_moves(state))} | {format_position(state)}")
    return lines


def main(names: list[str]) -> None:
    for name in names:
        path = Path(__file__).with_name(f"{name}.positions")
        if path.exists():
            print(f"{path} exists; not overwritten")
            continue
        header = [f"# {name}: expected legal-move count | position (docs/NOTATION.md).",
                  "# Sampled from seeded random games (regression anchors)."]
        path.write_text("\n".join(header + sample(name)) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
