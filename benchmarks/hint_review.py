"""How often the post-game review marks the move the hint suggested a mistake.

A player who follows the hint and then reads "✗ the expert prefers…" in the review is told
two opposite things by one game. This plays seeded games (every seat the heuristic, the
Medium level), and at positions where the seat to move has a choice asks the hint as the
table does (``session.hint_for`` on the game's view of that seat) and judges its move as the
review would had the player played it (``review.question``, ``session.expert_values``,
``review.judge``). It prints, per ruleset, how often the review agrees (✓), calls the
hinted move a close call (≈) or a mistake (✗), with a 95 % interval for the last, and the
first positions where it is a mistake (position, totals, the move's number in the game).

    python benchmarks/hint_review.py [--rulesets classic,kasino] [--positions 300]
        [--seed agree] [--every 3] [--jobs 2]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from casino.ai.registry import heuristic  # noqa: E402
from casino.engine import Game, legal_moves, load_ruleset  # noqa: E402
from casino.engine.notation import format_move, format_position  # noqa: E402
from casino.ui.review import judge, question  # noqa: E402
from casino.ui.session import expert_values, hint_for  # noqa: E402

RULESETS = ("classic", "classic-sweeps", "kasino", "royal", "casino33", "munter", "draw",
            "spade", "spitenet")


@dataclass
class Tally:
    ruleset: str
    agrees: int = 0
    close: int = 0
    mistakes: int = 0
    seconds: float = 0.0
    examples: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return self.agrees + self.close + self.mistakes


def sample(ruleset: str, count: int, seed: str, every: int, players: int = 2) -> Tally:
    """Judge the hint at every ``every``-th position with a choice of seeded heuristic games
    until ``count`` are judged."""
    rs = load_ruleset(ruleset)
    tally = Tally(ruleset)
    started = time.process_time()
    seen = 0
    g = 0
    while tally.count < count:
        game = Game.start(rs, players, f"{seed}:{g}")
        seats = [heuristic(seed=f"{seed}:{g}:{s}") for s in range(players)]
        k = 0  # the move's index in the whole game, as the review numbers it
        while not game.is_over() and tally.count < count:
            if game.round_over():
                game = game.next_round()
                continue
            seat = game.round.to_move
            view = game.view_for(seat)
            if len(legal_moves(game.round)) > 1:
                seen += 1
                if seen % every == 0:
                    move = hint_for(view)[0]
                    verdict = judge(move, expert_values(*question(game, seat)))
                    assert verdict is not None
                    if verdict.agrees:
                        tally.agrees += 1
                    elif verdict.mistake:
                        tally.mistakes += 1
                        tally.examples.append(
                            f"{format_position(game.round)} | seat {seat} | totals "
                            f"{game.totals} | move {k} | hint {format_move(move)} | "
                            f"review {format_move(verdict.best)} costs {verdict.lost:.2f}")
                    else:
                        tally.close += 1
            game = game.play(seats[seat].choose(view))
            k += 1
        g += 1
    tally.seconds = time.process_time() - started
    return tally


def interval(hits: int, n: int) -> tuple[float, float]:
    """Wilson 95 % interval of a rate."""
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = hits / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--positions", type=int, default=300, help="judged per ruleset")
    parser.add_argument("--seed", default="agree")
    parser.add_argument("--every", type=int, default=3,
                        help="judge every n-th position with a choice (spreads over games)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--examples", type=int, default=3, help="mistakes shown per ruleset")
    args = parser.parse_args()
    rulesets = args.rulesets.split(",")
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        tallies = list(pool.map(sample, rulesets, [args.positions] * len(rulesets),
                                [args.seed] * len(rulesets), [args.every] * len(rulesets)))
    print(f"hint vs review, seed {args.seed!r}, one in {args.every} positions with a choice "
          f"of heuristic self-play; load average {os.getloadavg()[0]:.2f}")
    print(f"{'ruleset':<16}{'positions':>10}{'agrees':>8}{'close':>7}{'mistake':>8}"
          f"{'rate':>8}  95 % interval   CPU s")
    total = Tally("all")
    for t in tallies:
        low, high = interval(t.mistakes, t.count)
        print(f"{t.ruleset:<16}{t.count:>10}{t.agrees:>8}{t.close:>7}{t.mistakes:>8}"
              f"{t.mistakes / t.count:>8.1%}  {low:.1%}-{high:.1%}  {t.seconds:>8.0f}")
        total.agrees += t.agrees
        total.close += t.close
        total.mistakes += t.mistakes
    low, high = interval(total.mistakes, total.count)
    print(f"{'all':<16}{total.count:>10}{total.agrees:>8}{total.close:>7}{total.mistakes:>8}"
          f"{total.mistakes / total.count:>8.1%}  {low:.1%}-{high:.1%}")
    for t in tallies:
        for line in t.examples[:args.examples]:
            print(f"{t.ruleset}: {line}")


if __name__ == "__main__":
    main()
