"""``casino-cli``: headless simulation, replays, move listing and ruleset checks.

Bad input (unknown ruleset, malformed file, bad position or move text) gives one line on
stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from casino.ai.basic import BASIC_POLICIES, Policy
from casino.engine import rules
from casino.engine.errors import CasinoError
from casino.engine.game import Game
from casino.engine.notation import format_move, parse_move, parse_position
from casino.engine.ruleset import Ruleset, bundled_names, load_ruleset, ruleset_problems
from casino.engine.state import State

PolicyFactory = Callable[[str, int | str], Policy]


class UsageError(Exception):
    """Bad command-line input: reported as one line, exit 2."""


def progress(done: int, total: int, label: str, stream: TextIO | None = None) -> None:
    """Progress on stderr: a redrawn bar on a terminal; redirected to a file, one plain line
    each tenth of the way, so a long run's log says how far it got without control codes."""
    out = stream or sys.stderr
    if total <= 0:
        return
    if not out.isatty():
        if done * 10 // total > (done - 1) * 10 // total:
            out.write(f"{label}: {done}/{total} ({100 * done // total} %)\n")
            out.flush()
        return
    width = 30
    filled = width * done // total
    out.write(f"\r{label} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done >= total:
        out.write("\n")
    out.flush()


def user_ruleset_dirs() -> tuple[Path, ...]:
    """The user's own rulesets folder, when platformdirs can name it."""
    try:
        from platformdirs import user_config_path
    except ImportError:  # pragma: no cover - platformdirs is a dependency
        return ()
    return (user_config_path("casino") / "rulesets",)


def get_ruleset(name: str) -> Ruleset:
    return load_ruleset(name, user_ruleset_dirs())


def make_policy(name: str, seed: int | str) -> Policy:
    """A policy by name; the AI package may register stronger ones."""
    factories: dict[str, Any] = dict(BASIC_POLICIES)
    try:
        from casino.ai import registry
    except ImportError:
        pass
    else:
        factories.update(registry.POLICIES)
    if name not in factories:
        raise UsageError(f"unknown player {name!r}; known players: {', '.join(sorted(factories))}")
    policy: Policy = factories[name](seed=seed)
    return policy


def check_invariants(state: State) -> None:
    """Raise AssertionError if a card is lost or duplicated."""
    cards = state.all_cards()
    if len(cards) != 52 or len({c.index for c in cards}) != 52:
        raise AssertionError(f"{len(cards)} cards in play, {len(set(cards))} distinct")


def play_game(
    ruleset: Ruleset, seed: int | str, players: Sequence[Policy], check: bool = True,
) -> tuple[Game, list[list[tuple[int, str]]]]:
    """One complete game between policies; returns it and the moves of each round."""
    game = Game.start(ruleset, len(players), seed)
    record: list[list[tuple[int, str]]] = [[]]
    while True:
        state = game.round
        if state.is_over():
            if check:
                check_invariants(state)
                score = game.scores[-1]
                fixed = ruleset.fixed_points(state.players)
                extra = sum(score.sweeps) * ruleset.scoring.sweep + ruleset.scoring.last_taker
                if sum(score.totals) > fixed + extra:
                    raise AssertionError(f"round points {sum(score.totals)} exceed {fixed + extra}")
            if game.is_over():
                return game, record
            game = game.next_round()
            record.append([])
            continue
        seat = state.to_move
        move = players[seat].choose(game.view_for(seat))
        if check and move not in rules.legal_moves(state):
            raise AssertionError(f"seat {seat} chose an illegal move {format_move(move)}")
        record[-1].append((seat, format_move(move)))
        game = game.apply(move)
        if check and len(game.round.all_cards()) != 52:
            raise AssertionError("a card was lost or duplicated")


def cmd_simulate(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(args.ruleset)
    names = args.players.split(",")
    if len(names) not in ruleset.players:
        raise UsageError(f"{ruleset.name} is for {ruleset.players} players, got {len(names)}")
    for name in names:
        make_policy(name, 0)
    wins = [0] * (2 if ruleset.partnerships and len(names) == 4 else len(names))
    draws = 0
    violations: list[str] = []
    rounds = 0
    sweeps = 0
    by_category: dict[str, int] = {}
    record_file = open(args.record, "w", encoding="utf-8") if args.record else None  # noqa: SIM115
    started = time.perf_counter()
    try:
        for g in range(args.games):
            seed = f"{args.seed}:{g}"
            policies = [make_policy(n, f"{seed}:{i}") for i, n in enumerate(names)]
            try:
                game, moves = play_game(ruleset, seed, policies)
            except AssertionError as exc:
                violations.append(f"game seed {seed!r}: {exc}")
                continue
            winner = game.winner()
            if winner is None:
                draws += 1
            else:
                wins[winner] += 1
            rounds += len(game.scores)
            for score in game.scores:
                sweeps += sum(score.sweeps)
                for name, column in score.by_category().items():
                    by_category[name] = by_category.get(name, 0) + sum(column)
            if record_file is not None:
                record_file.write(json.dumps(game_record(game, names, moves)) + "\n")
            progress(g + 1, args.games, "simulate")
    finally:
        if record_file is not None:
            record_file.close()
    elapsed = time.perf_counter() - started
    summary = {
        "ruleset": ruleset.name,
        "games": args.games,
        "rounds": rounds,
        "wins": wins,
        "draws": draws,
        "points_by_category": by_category,
        "sweeps_per_round": sweeps / rounds if rounds else 0.0,
        "rounds_per_second": rounds / elapsed if elapsed else 0.0,
        "violations": len(violations),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{ruleset.title}: {args.games} games, {rounds} rounds, players {args.players}")
        print("wins per seat: " + ", ".join(map(str, wins)) + f"; draws {draws}")
        for name, total in by_category.items():
            print(f"  {name:<14} {total}")
        print(f"sweeps per round {summary['sweeps_per_round']:.3f}; "
              f"{summary['rounds_per_second']:.1f} rounds/s; "
              f"{len(violations)} invariant violations")
    for line in violations[:10]:
        print(f"casino-cli: violation in {line}", file=sys.stderr)
    return 1 if violations else 0


def game_record(
    game: Game, names: Sequence[str], moves: list[list[tuple[int, str]]]
) -> dict[str, Any]:
    return {
        "ruleset": game.ruleset.name,
        "seed": game.seed,
        "players": list(names),
        "first_dealer": game.first_dealer,
        "rounds": [
            {"moves": [[seat, text] for seat, text in round_moves],
             "score": {k: list(v) for k, v in score.by_category().items()}}
            for round_moves, score in zip(moves, game.scores, strict=False)
        ],
        "winner": game.winner(),
    }


def replay_record(data: dict[str, Any], where: str) -> None:
    """Re-play one game record through the engine; raise UsageError at the first problem."""
    try:
        ruleset = get_ruleset(str(data["ruleset"]))
        game = Game.start(ruleset, len(data["players"]), data["seed"], int(data["first_dealer"]))
        rounds = data["rounds"]
    except (KeyError, TypeError, ValueError) as exc:
        raise UsageError(f"{where}: not a game record ({exc})") from None
    for r, rnd in enumerate(rounds):
        if r:
            game = game.next_round()
        for k, (seat, text) in enumerate(rnd["moves"]):
            here = f"{where} round {r + 1} move {k + 1} ({text!r})"
            if seat != game.round.to_move:
                raise UsageError(
                    f"{here}: seat {seat} moved but it was seat {game.round.to_move}'s turn"
                )
            try:
                game = game.play(parse_move(game.round, text))
            except CasinoError as exc:
                raise UsageError(f"{here}: {exc}") from None
        if not game.round.is_over():
            raise UsageError(f"{where} round {r + 1}: the moves end before the round does")
        got = {k: list(v) for k, v in game.scores[-1].by_category().items()}
        if got != rnd["score"]:
            raise UsageError(
                f"{where} round {r + 1}: score {rnd['score']} recorded, {got} replayed"
            )


def cmd_replay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot read: {exc}") from None
    count = 0
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{path}:{n}: not JSON: {exc}") from None
        replay_record(data, f"{path}:{n}")
        count += 1
        progress(n, len(lines), "replay")
    print(f"{count} games replayed, all moves legal and scores consistent")
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(args.ruleset)
    state = parse_position(ruleset, args.position)
    for move in rules.legal_moves(state):
        print(format_move(move))
    return 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    names = bundled_names()
    for folder in user_ruleset_dirs():
        if folder.is_dir():
            names += sorted(p.stem for p in folder.glob("*.toml") if p.stem not in names)
    for name in names:
        try:
            rs = get_ruleset(name)
        except CasinoError as exc:
            print(f"{name:<16} (broken: {exc})")
            continue
        print(f"{name:<16} {rs.description}")
    return 0


def cmd_check_ruleset(args: argparse.Namespace) -> int:
    problems = ruleset_problems(Path(args.file))
    if problems:
        for line in problems:
            print(line, file=sys.stderr)
        return 2
    print(f"{args.file}: valid")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="casino-cli", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("simulate", help="play seeded games between built-in players")
    p.add_argument("--ruleset", default="classic")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", default="0")
    p.add_argument("--players", default="random,random", help="comma-separated, one per seat")
    p.add_argument("--record", help="write one JSON line per game to this file")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("replay", help="re-play game records and check every move")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("moves", help="list the legal moves of a position")
    p.add_argument("--ruleset", default="classic")
    p.add_argument("--position", required=True)
    p.set_defaults(func=cmd_moves)
    p = sub.add_parser("rulesets", help="list the rulesets with a line each")
    p.set_defaults(func=cmd_rulesets)
    p = sub.add_parser("check-ruleset", help="validate a ruleset file, naming every problem")
    p.add_argument("file")
    p.set_defaults(func=cmd_check_ruleset)
    try:
        from casino.ai import tournament
    except ImportError:
        pass
    else:
        tournament.add_parser(sub)
    from casino.net.cli import add_parsers as add_net_parsers

    add_net_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except (CasinoError, UsageError) as exc:
        print(f"casino-cli: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
