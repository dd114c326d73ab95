"""Duplicate deals between two players, with honest error bars (``casino-cli tournament``).

Every deal pair is one game seed played twice, the second time with the seats swapped:
each round of both games is dealt from the same deck with the same dealer seat, so the
luck of the cards cancels and what is left is the difference between the players. This
module plays and sums up; the command line (``casino.cli``) reads the arguments and prints.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from casino.ai.play import play_game
from casino.ai.registry import POLICIES
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


def play_one(ruleset: Ruleset, seed: str, names: Sequence[str], first_seat: int,
             ai_seed: str, seats: int = 2, teams: bool | None = None) -> GameResult:
    """One game of ``seed`` with the first-named player in ``first_seat``; with four seats
    each player sits in two opposite seats (a team, or two players each alone)."""
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


Job = tuple[Ruleset, tuple[str, str], str, int, int, bool | None]
"""Ruleset, the two players, seed, deal pair index, seats (2 or 4), teams (None: as the
ruleset has it); the last two may be left off for two seats."""

Progress = Callable[[int, int], None]
"""Called with (deal pairs done, deal pairs in all) as each pair finishes."""


def play_pair(job: Job | tuple[Ruleset, tuple[str, str], str, int]
              ) -> tuple[int, list[GameResult]]:
    """Both games of deal pair ``index``: the same seed, seats swapped."""
    ruleset, names, seed, index = job[:4]
    seats, teams = (job[4], job[5]) if len(job) == 6 else (2, None)
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


def run(ruleset: Ruleset, names: tuple[str, str], deals: int, seed: str, jobs: int = 1,
        progress: Progress | None = None, seats: int = 2, teams: bool | None = None,
        ) -> dict[str, Any]:
    """Play ``deals`` deal pairs (on ``jobs`` processes) and summarize them.

    ``names`` are keys of ``POLICIES``; ValueError for a name that is not one, or for a
    tournament the ruleset cannot seat.
    """
    for name in names:
        if name not in POLICIES:
            raise ValueError(f"unknown player {name!r}; known players: {', '.join(POLICIES)}")
    if seats not in ruleset.players:
        raise ValueError(f"{ruleset.name} is not played by {seats} players: no tournament")
    work: list[Job] = [(ruleset, names, seed, i, seats, teams) for i in range(deals)]
    results: dict[int, list[GameResult]] = {}
    started = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for index, pair in pool.imap_unordered(play_pair, work):
                results[index] = pair
                if progress is not None:
                    progress(len(results), deals)
    else:
        for job in work:
            index, pair = play_pair(job)
            results[index] = pair
            if progress is not None:
                progress(len(results), deals)
    summary = summarize(names, [results[i] for i in range(deals)], ruleset.name, seed)
    summary["seats"] = seats
    summary["teams"] = is_partnership(ruleset, seats, teams)
    summary["elapsed_seconds"] = time.perf_counter() - started
    return summary
