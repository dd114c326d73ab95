"""``casino-cli tournament``: duplicate deals between two players, with honest error bars.

Every deal pair is one game seed played twice, the second time with the seats swapped:
each round of both games is dealt from the same deck with the same dealer seat, so the
luck of the cards cancels and what is left is the difference between the players.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from casino.ai.play import play_game
from casino.engine.notation import format_position
from casino.engine.ruleset import Ruleset
from casino.engine.state import is_partnership


@dataclass
class GameResult:
    """One game of a pair, seen from the first-named player."""

    first_seat: int  # the seat the first-named player sat in
    margins: list[int]  # per round: first-named player's points minus the second's
    winner: int | None  # 0 = first-named player, 1 = second, None = drawn
    deals: list[str]  # each round's opening position, to show the deals were shared
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))


def _load(ruleset_name: str) -> Ruleset:
    from casino.cli import get_ruleset
    return get_ruleset(ruleset_name)


def play_one(ruleset: Ruleset, seed: str, names: Sequence[str], first_seat: int,
             ai_seed: str, seats: int = 2, teams: bool | None = None) -> GameResult:
    """One game of ``seed`` with the first-named player in ``first_seat``; with four seats
    each player sits in two opposite seats (a team, or two players each alone)."""
    from casino.ai.registry import POLICIES

    player_of_seat = [(s + first_seat) % 2 for s in range(seats)]
    policies = [
        POLICIES[names[p]](seed=f"{ai_seed}:{p}" + (f":{s}" if s >= 2 else ""))
        for s, p in enumerate(player_of_seat)
    ]
    played = play_game(ruleset, seed, policies, check=False, teams=teams)
    game = played.game
    margins = []
    for score in game.scores:
        points = [0, 0]
        for side, total in enumerate(score.totals):  # side k holds seat k
            points[player_of_seat[side]] += total
        margins.append(points[0] - points[1])
    w = game.winner()
    times: tuple[list[float], list[float]] = ([], [])
    for seat, seconds in enumerate(played.seconds):
        times[player_of_seat[seat]].extend(seconds)
    return GameResult(first_seat, margins, None if w is None else player_of_seat[w],
                      [format_position(deal) for deal in played.deals], times)


Job = tuple[str, tuple[str, str], str, int, int, bool | None]
"""Ruleset, the two players, seed, deal pair index, seats (2 or 4), teams (None: as the
ruleset has it); the last two may be left off for two seats."""


def play_pair(job: Job | tuple[str, tuple[str, str], str, int]) -> tuple[int, list[GameResult]]:
    """Both games of deal pair ``index``: the same seed, seats swapped."""
    ruleset_name, names, seed, index = job[:4]
    seats, teams = (job[4], job[5]) if len(job) == 6 else (2, None)
    ruleset = _load(ruleset_name)
    deal_seed = f"{seed}:{index}"
    ai_seed = f"ai:{seed}:{index}"
    return index, [play_one(ruleset, deal_seed, names, s, ai_seed, seats, teams)
                   for s in (0, 1)]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(names: Sequence[str], pairs: list[list[GameResult]],
              ruleset: str = "", seed: str = "") -> dict[str, Any]:
    """The tournament's figures; the margin's error treats each deal pair as one sample."""
    per_pair = [(sum(sum(g.margins) for g in p), sum(len(g.margins) for g in p)) for p in pairs]
    rounds = sum(n for _, n in per_pair)
    total = sum(m for m, _ in per_pair)
    ratio = total / rounds if rounds else 0.0
    k = len(per_pair)
    se = 0.0
    if k > 1 and rounds:
        mean_n = rounds / k
        var = sum((m - ratio * n) ** 2 for m, n in per_pair) / (k - 1)
        se = math.sqrt(var / k) / mean_n
    games = [g for p in pairs for g in p]
    wins = sum(1 for g in games if g.winner == 0)
    losses = sum(1 for g in games if g.winner == 1)
    decided = wins + losses
    keys = list(names) if names[0] != names[1] else [f"{names[0]}#1", f"{names[1]}#2"]
    decision: dict[str, dict[str, float]] = {}
    for i, key in enumerate(keys):
        times = sorted(t for g in games for t in g.times[i])
        decision[key] = {
            "median": statistics.median(times) if times else 0.0,
            "p95": times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0,
            "decisions": float(len(times)),
        }
    return {
        "ruleset": ruleset,
        "players": list(names),
        "seed": seed,
        "deal_pairs": k,
        "rounds": rounds,
        "margin_per_round": ratio,
        "margin_se": se,
        "games": len(games),
        "wins": [wins, losses],
        "draws": len(games) - decided,
        "win_rate": wins / decided if decided else 0.5,
        "win_rate_ci95": list(wilson(wins, decided)),
        "decision_seconds": decision,
    }


def run(ruleset_name: str, names: tuple[str, str], deals: int, seed: str, jobs: int = 1,
        show_progress: bool = True, seats: int = 2, teams: bool | None = None) -> dict[str, Any]:
    """Play ``deals`` deal pairs (on ``jobs`` processes) and summarize them."""
    from casino.cli import progress

    ruleset = _load(ruleset_name)
    work: list[Job] = [(ruleset_name, names, seed, i, seats, teams) for i in range(deals)]
    results: dict[int, list[GameResult]] = {}
    started = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for index, pair in pool.imap_unordered(play_pair, work):
                results[index] = pair
                if show_progress:
                    progress(len(results), deals, "tournament")
    else:
        for job in work:
            index, pair = play_pair(job)
            results[index] = pair
            if show_progress:
                progress(len(results), deals, "tournament")
    summary = summarize(names, [results[i] for i in range(deals)], ruleset.name, seed)
    summary["seats"] = seats
    summary["teams"] = is_partnership(ruleset, seats, teams)
    summary["elapsed_seconds"] = time.perf_counter() - started
    return summary


def cmd_tournament(args: argparse.Namespace) -> int:
    from casino.ai.registry import POLICIES
    from casino.cli import UsageError, individual_choice

    names = tuple(n.strip() for n in args.players.split(","))
    if len(names) != 2:
        raise UsageError(f"a tournament is between two players, got {len(names)}: {args.players}")
    for name in names:
        if name not in POLICIES:
            known = ", ".join(POLICIES)
            raise UsageError(f"unknown player {name!r}; known players: {known}")
    if args.deals < 1:
        raise UsageError(f"--deals must be at least 1, got {args.deals}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {args.jobs}")
    ruleset = _load(args.ruleset)
    if args.seats not in ruleset.players:
        raise UsageError(f"{ruleset.name} is not played by {args.seats} players: no tournament")
    teams = individual_choice(args, args.seats)
    pair = (names[0], names[1])
    summary = run(args.ruleset, pair, args.deals, str(args.seed), args.jobs,
                  seats=args.seats, teams=teams)
    if args.json:
        print(json.dumps(summary))
        return 0
    lo, hi = summary["win_rate_ci95"]
    seating = "" if args.seats == 2 else (
        ", each in two opposite seats " + ("as a team" if summary["teams"] else "each alone"))
    print(f"{ruleset.title}: {names[0]} vs {names[1]}{seating}, {summary['deal_pairs']} deal "
          f"pairs (seats swapped), {summary['rounds']} rounds, {summary['games']} games")
    print(f"margin per round ({names[0]} - {names[1]}): "
          f"{summary['margin_per_round']:+.2f} ± {summary['margin_se']:.2f} (SE)")
    print(f"{names[0]} wins {summary['wins'][0]}, {names[1]} wins {summary['wins'][1]}, "
          f"draws {summary['draws']}: win rate {summary['win_rate']:.1%} "
          f"(95 % CI {lo:.1%} to {hi:.1%})")
    for key, d in summary["decision_seconds"].items():
        print(f"  {key:<12} decision time median {d['median'] * 1000:.2f} ms, "
              f"p95 {d['p95'] * 1000:.2f} ms over {int(d['decisions'])} decisions")
    print(f"elapsed {summary['elapsed_seconds']:.1f} s")
    return 0


def add_parser(subparsers: Any) -> None:
    """Register ``tournament`` on the CLI's subparsers."""
    p = subparsers.add_parser(
        "tournament", help="duplicate-deal match between two players, with error bars"
    )
    p.add_argument("--ruleset", default="classic")
    p.add_argument("--players", required=True, help="two players, e.g. expert,greedy")
    p.add_argument("--deals", type=int, default=100, help="deal pairs (each played twice)")
    p.add_argument("--seed", default="0")
    p.add_argument("--seats", type=int, choices=(2, 4), default=2,
                   help="4: each player sits in two opposite seats")
    p.add_argument("--individual", action="store_true",
                   help="with four seats, each seat alone, not two teams")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_tournament)
