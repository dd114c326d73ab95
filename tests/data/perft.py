"""Write ``NAME.perft``: move-sequence counts at depths 1-3 from fixed positions (perft).

The positions are those of ``NAME.positions`` (plus, for classic, the crowded tables of
``benchmarks/engine_speed.py``). The files were computed by the engine of commit a0e227d,
before the generator was rewritten for speed, and ``tests/engine/test_perft.py`` checks
the engine against them. Run with the engine to record on the path:
``PYTHONPATH=<tree> python tests/data/perft.py NAME ...`` (all rulesets by default).
"""

from __future__ import annotations

import sys
from pathlib import Path

from casino.engine import legal_moves, load_ruleset
from casino.engine.notation import parse_position
from casino.engine.rules import apply
from casino.engine.ruleset import bundled_names
from casino.engine.state import State

DEPTHS = (1, 2, 3)
EXTRA = {
    # benchmarks/engine_speed.py CROWDED and TWELVE_LOOSE, the opponent holding one King;
    # depth 3 on these runs to millions of sequences, so they stop at depth 2.
    "classic": [
        "0;1;10C 9C 8C 7C/KD;AH 2H 3H 4H 5H 6H 7H 8H 9H 2D 3D 4D [b10 6S 4S @1] "
        "[b9x2 5S 4C 9S @1];-/-;*",
        "0;1;10C 9C 8C 7C/KD;AH 2H 3H 4H 5H 6H AS 2S 3S 4S 5S 6S;-/-;*",
    ],
}
SHALLOW = 2


def perft(state: State, depth: int) -> int:
    """Move sequences of ``depth`` plies from ``state`` (a finished round has none)."""
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(apply(state, m), depth - 1) for m in moves)


def positions(name: str) -> list[str]:
    path = Path(__file__).with_name(f"{name}.positions")
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            out.append(line.partition("|")[2].strip())
    return out + EXTRA.get(name, [])


def main(names: list[str]) -> None:
    for name in names or bundled_names():
        rs = load_ruleset(name)
        lines = [f"# {name}: perft (move sequences) at depths {', '.join(map(str, DEPTHS))} "
                 "| position; computed by commit a0e227d's engine (tests/data/perft.py);",
                 "# '-' marks a depth not computed."]
        extra = EXTRA.get(name, [])
        for text in positions(name):
            state = parse_position(rs, text)
            depths = DEPTHS[:SHALLOW] if text in extra else DEPTHS
            counts = " ".join(str(perft(state, d)) if d in depths else "-" for d in DEPTHS)
            lines.append(f"{counts} | {text}")
        path = Path(__file__).with_name(f"{name}.perft")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {path} ({len(lines) - 1} positions)")


if __name__ == "__main__":
    main(sys.argv[1:])
