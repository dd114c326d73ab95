"""``casino-cli``: headless simulation, replays, move listing and ruleset checks.

Bad input (unknown ruleset, malformed file, bad position or move text) gives one line on
stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import casino
from casino import native
from casino.ai import registry
from casino.ai.basic import Policy
from casino.ai.play import play_game
from casino.engine import rules
from casino.engine.errors import CasinoError
from casino.engine.notation import format_move, parse_position
from casino.engine.ruleset import Ruleset
from casino.engine.state import is_partnership
from casino.persistence.rulesets import all_rulesets, check_ruleset, ruleset_folders
from casino.persistence.rulesets import get_ruleset as find_ruleset

# The game record (pydantic models) and the tournament are imported by the commands that use
# them: building the record's models is a measurable part of every process start (issue 17).


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


def get_ruleset(ref: str) -> Ruleset:
    """A ruleset by name (bundled or the player's) or file path, as everything finds it."""
    return find_ruleset(ref)


def make_policy(name: str, seed: int | str) -> Policy:
    """A computer player by name (``casino.ai.registry.POLICIES``); UsageError if unknown."""
    try:
        return registry.make_policy(name, seed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


class RecordFile:
    """``simulate --record``: one complete JSON line per game, or a one-line error.

    Each line is flushed as it is written; if the disk fills, the file is cut back to its
    last complete line, so every line in it replays.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games = 0
        try:
            self.file = path.open("wb", buffering=0)
        except OSError as exc:
            raise UsageError(f"--record {path}: cannot write ({exc.strerror or exc})") from None
        self.good = 0

    def add(self, line: str) -> None:
        data = memoryview(line.encode("utf-8") + b"\n")
        try:
            while data:
                written = self.file.write(data)
                if not written:
                    raise OSError(errno.EIO, "the file takes no more data")
                data = data[written:]
        except OSError as exc:
            with contextlib.suppress(OSError):
                self.file.truncate(self.good)
            raise UsageError(f"--record {self.path}: stopped after {self.games} games "
                             f"({exc.strerror or exc}); the file holds those "
                             f"{self.games} complete records") from None
        self.good += len(line.encode("utf-8")) + 1
        self.games += 1

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.file.close()


def positive(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: at least 1")
    return value


def cmd_simulate(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(args.ruleset)
    names = args.players.split(",")
    if len(names) not in ruleset.players:
        raise UsageError(f"{ruleset.name} is for {ruleset.players} players, got {len(names)}")
    for name in names:
        make_policy(name, 0)
    teams = individual_choice(args, len(names))
    partnership = is_partnership(ruleset, len(names), teams)
    wins = [0] * (2 if partnership else len(names))
    points = [0] * len(wins)
    draws = 0
    violations: list[str] = []
    rounds = 0
    sweeps = 0
    by_category: dict[str, int] = {}
    record_file = RecordFile(Path(args.record)) if args.record else None
    started = time.perf_counter()
    try:
        for g in range(args.games):
            seed = f"{args.seed}:{g}"
            policies = [make_policy(n, f"{seed}:{i}") for i, n in enumerate(names)]
            try:
                played = play_game(ruleset, seed, policies, teams=teams)
            except AssertionError as exc:
                violations.append(f"game seed {seed!r}: {exc}")
                continue
            game = played.game
            winner = game.winner()
            if winner is None:
                draws += 1
            else:
                wins[winner] += 1
            rounds += len(game.scores)
            points = [a + b for a, b in zip(points, game.totals, strict=True)]
            for score in game.scores:
                sweeps += sum(score.sweeps)
                for name, column in score.by_category().items():
                    by_category[name] = by_category.get(name, 0) + sum(column)
            if record_file is not None:
                record_file.add(played.record(names).to_json())
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
        "points": points,
        "points_by_category": by_category,
        "sweeps_per_round": sweeps / rounds if rounds else 0.0,
        "rounds_per_second": rounds / elapsed if elapsed else 0.0,
        "violations": len(violations),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{ruleset.title}: {args.games} games, {rounds} rounds, players {args.players}")
        side = "team (seats 1+3, 2+4)" if partnership else "seat"
        print(f"wins per {side}: " + ", ".join(map(str, wins)) + f"; draws {draws}")
        print(f"game points per {side}: " + ", ".join(map(str, points)))
        for name, total in by_category.items():
            print(f"  {name:<14} {total}")
        print(f"sweeps per round {summary['sweeps_per_round']:.3f}; "
              f"{summary['rounds_per_second']:.1f} rounds/s; "
              f"{len(violations)} invariant violations")
    for line in violations[:10]:
        print(f"casino-cli: violation in {line}", file=sys.stderr)
    return 1 if violations else 0


def individual_choice(args: argparse.Namespace, players: int) -> bool | None:
    """``--individual``: four players each alone (False teams); None leaves the ruleset's way."""
    if not getattr(args, "individual", False):
        return None
    if players != 4:
        raise UsageError(f"--individual is for four players, got {players}")
    return False


def replay_record(data: object, where: str) -> None:
    """Re-play one decoded game record and check all it states; UsageError at a problem."""
    from casino.engine.record import GameRecord, RecordError

    try:
        GameRecord.parse(data).replay(get_ruleset)
    except RecordError as exc:
        raise UsageError(f"{where}: {exc}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    from casino.engine.record import GameRecord, RecordError

    path = Path(args.file)
    try:
        with path.open("rb") as source:
            lines = source.read().splitlines()
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror or exc}") from None
    count = failed = 0
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            GameRecord.from_json(line).replay(get_ruleset)
        except RecordError as exc:
            print(f"casino-cli: {path}:{n}: {exc}", file=sys.stderr)
            failed += 1
            if not args.keep_going:
                return 2
        else:
            count += 1
        progress(n, len(lines), "replay")
    if failed:
        print(f"{count} games replayed; {failed} records do not replay", file=sys.stderr)
        return 2
    print(f"{count} games replayed: every move legal; scores, totals and winners as recorded")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from casino.ai import tournament

    names = tuple(n.strip() for n in args.players.split(","))
    if len(names) != 2:
        raise UsageError(f"a tournament is between two players, got {len(names)}: {args.players}")
    if args.deals < 1:
        raise UsageError(f"--deals must be at least 1, got {args.deals}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {args.jobs}")
    ruleset = get_ruleset(args.ruleset)
    teams = individual_choice(args, args.seats)
    try:
        summary = tournament.run(ruleset, (names[0], names[1]), args.deals, str(args.seed),
                                 args.jobs, lambda done, total: progress(done, total, "tournament"),
                                 seats=args.seats, teams=teams)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
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


def cmd_moves(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(args.ruleset)
    state = parse_position(ruleset, args.position)
    for move in rules.legal_moves(state):
        print(format_move(move))
    return 0


def cmd_rulesets(args: argparse.Namespace) -> int:
    """The good rulesets with a line each (yours marked, with the file), then the bad ones."""
    listed = all_rulesets()
    for item in listed:
        if item.ruleset is not None:
            mine = f" [yours: {item.where}]" if item.origin == "yours" else ""
            print(f"{item.name:<16} {item.ruleset.description}{mine}")
    bad = [item for item in listed if item.ruleset is None]
    if bad:
        print(f"\nNot offered ({len(bad)} of your files in "
              f"{', '.join(map(str, ruleset_folders()))}):")
        for item in bad:
            print(f"{item.name:<16} {item.problem}")
    return 0


def cmd_check_ruleset(args: argparse.Namespace) -> int:
    problems = check_ruleset(args.file)
    if problems:
        for line in problems:
            print(line, file=sys.stderr)
        return 2
    print(f"{args.file}: valid")
    return 0


def version_line() -> str:
    """The version, and whether the engine runs compiled (``setup.py``) or as Python."""
    engine = "compiled engine" if native.compiled() else "pure Python engine"
    return f"casino {casino.__version__}, {engine}"


COMMANDS = ("simulate", "replay", "moves", "rulesets", "check-ruleset", "tournament", "serve",
            "join")
"""Every command, in the order ``--help`` lists them (``serve`` and ``join`` are
``casino.net.cli``'s)."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone: a command reads none of the
    others' options, and building all eight parsers cost ~11 M instructions at every start
    (issue 17). Its usage line names every command either way, so each message reads the
    same."""

    def wanted(name: str) -> bool:
        return command is None or command == name

    parser = argparse.ArgumentParser(prog="casino-cli", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(
        dest="command", required=True,
        metavar=None if command is None else "{" + ",".join(COMMANDS) + "}")
    if wanted("simulate"):
        p = sub.add_parser("simulate", help="play seeded games between built-in players")
        p.add_argument("--ruleset", default="classic")
        p.add_argument("--games", type=positive, default=100)
        p.add_argument("--seed", default="0")
        p.add_argument("--players", default="random,random",
                       help="comma-separated, one per seat")
        p.add_argument("--record", help="write one JSON line per game to this file")
        p.add_argument("--individual", action="store_true",
                       help="four players each alone, not as two teams")
        p.add_argument("--json", action="store_true",
                       help="print the summary as one JSON object")
        p.set_defaults(func=cmd_simulate)
    if wanted("replay"):
        p = sub.add_parser("replay", help="re-play game records and check all they state")
        p.add_argument("file")
        p.add_argument("--keep-going", action="store_true",
                       help="report every bad record, not only the first")
        p.set_defaults(func=cmd_replay)
    if wanted("moves"):
        p = sub.add_parser("moves", help="list the legal moves of a position")
        p.add_argument("--ruleset", default="classic")
        p.add_argument("--position", required=True)
        p.set_defaults(func=cmd_moves)
    if wanted("rulesets"):
        p = sub.add_parser("rulesets", help="list the rulesets with a line each")
        p.set_defaults(func=cmd_rulesets)
    if wanted("check-ruleset"):
        p = sub.add_parser("check-ruleset",
                           help="validate a ruleset (a file, or a name), naming every problem")
        p.add_argument("file",
                       help="a .toml file, or the name of a bundled ruleset or of yours")
        p.set_defaults(func=cmd_check_ruleset)
    if wanted("tournament"):
        p = sub.add_parser(
            "tournament", help="duplicate-deal match between two players, with error bars")
        p.add_argument("--ruleset", default="classic")
        p.add_argument("--players", required=True, help="two players, e.g. expert,greedy")
        p.add_argument("--deals", type=int, default=100,
                       help="deal pairs (each played twice)")
        p.add_argument("--seed", default="0")
        p.add_argument("--seats", type=int, choices=(2, 4), default=2,
                       help="4: each player sits in two opposite seats")
        p.add_argument("--individual", action="store_true",
                       help="with four seats, each seat alone, not two teams")
        p.add_argument("--jobs", type=int, default=1, help="worker processes")
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.set_defaults(func=cmd_tournament)
    if command is None or command in ("serve", "join"):
        from casino.net.cli import add_parsers as add_net_parsers

        add_net_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    stale = native.stale_warning()
    if stale:
        print(stale, file=sys.stderr)
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(argv[0] if argv and argv[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except (CasinoError, UsageError) as exc:
        print(f"casino-cli: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`casino-cli moves … | head`): stop quietly, as a shell
        # tool does, and keep Python from reporting the pipe again at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    return status


if __name__ == "__main__":
    # ``python -m casino.cli``: run the module as imported, not this second copy named
    # __main__, whose UsageError is not the one ``casino.net.cli`` raises (it escaped main as
    # a traceback).
    from casino.cli import main as imported_main

    sys.exit(imported_main())
