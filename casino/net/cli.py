"""``casino-cli serve`` (a headless host) and ``casino-cli join`` (a remote computer player)."""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from casino.cli import UsageError, get_ruleset, make_policy

if TYPE_CHECKING:
    from casino.net.host import HostedTable
    from casino.net.table import SeatSpec, Table

# The network modules (asyncio, websockets, zeroconf) are imported by the command that runs
# them: every ``casino-cli`` command builds this parser, and most never touch the network.

SAVE_NAME = "hosted-table.json"
LINGER = 900.0
"""Seconds a table whose last game is over stays up while anyone is still connected: a
guest reads the result and the score sheet at their own pace (serve left 5 s, and their
window then read that the connection was lost)."""


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("serve", help="host a network table without a window")
    p.add_argument("--ruleset", default="classic")
    p.add_argument("--seats", default="person,person",
                   help="one per seat: person, or computer:LEVEL (e.g. person,computer:expert)")
    p.add_argument("--port", type=int, default=7777, help="TCP port (0 picks a free one)")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (default: all)")
    p.add_argument("--code", help="the join code (default: 6 random characters)")
    p.add_argument("--games", type=int, default=1, help="games to play in a row at the table")
    p.add_argument("--linger", type=float, default=LINGER,
                   help="after the last game, seconds the table stays up while players are "
                   "still at it, reading the result (default: %(default)g); serve ends as soon "
                   "as the last has left, and Ctrl+C ends it at any time")
    p.add_argument("--seed", help="deal seed (default: secret and random)")
    p.add_argument("--save", help=f"the table's save file (default: {SAVE_NAME} in the data "
                   "folder); an unfinished table saved there is resumed")
    p.add_argument("--new", action="store_true", help="start afresh, ignoring a saved table")
    p.add_argument("--seat-timeout", type=float, default=120.0,
                   help="seconds a dropped person's seat waits before a computer plays it")
    p.add_argument("--stand-in", default="heuristic", help="level of that computer")
    p.add_argument("--rate", type=float, default=20.0, help="frames a second one client may send")
    p.add_argument("--tables", type=int, default=1, help="tables to host at once (one code each)")
    p.add_argument("--log", help="write each view sent (its digest) as JSON lines to this file")
    p.add_argument("--json", action="store_true", help="print a JSON summary at the end")
    p.add_argument("--no-advertise", action="store_true",
                   help="do not announce the table on the local network")
    p.add_argument("--no-record", action="store_true",
                   help="do not add finished games to Statistics and the Hall of Fame")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("join", help="sit a computer player down at a network table")
    p.add_argument("address", help="HOST:PORT of the host")
    p.add_argument("--code", required=True, help="the join code the host shows")
    p.add_argument("--level", default="greedy", help="computer level that plays the seat")
    p.add_argument("--name", default="Computer")
    p.add_argument("--seat", type=int, help="seat to take, 1 to 4 (default: the first open)")
    p.add_argument("--token-file", help="keep the seat token here; if it exists, rejoin with it")
    p.add_argument("--log", help="write each view received (its digest) as JSON lines here")
    p.add_argument("--retry", type=float, default=30.0,
                   help="seconds to keep reconnecting after the connection drops")
    p.add_argument("--delay", type=float, default=0.0, help="seconds to wait before each move")
    p.set_defaults(func=cmd_join)


def _usage(message: str) -> Exception:
    return UsageError(message)


def _open_log(path: str | None) -> TextIO | None:
    if not path:
        return None
    try:
        return open(path, "a", encoding="utf-8", buffering=1)
    except OSError as exc:
        raise _usage(f"{path}: cannot write the log ({exc.strerror})") from None


def cmd_join(args: argparse.Namespace) -> int:
    import asyncio

    from casino.net.client import BotOptions, read_token, run_bot, url_of

    try:
        url_of(args.address)
        read_token(Path(args.token_file) if args.token_file else None)
    except ValueError as exc:
        raise _usage(str(exc)) from None
    make_policy(args.level, 0)
    if args.seat is not None and not 1 <= args.seat <= 4:
        raise _usage("--seat: seats are numbered 1 to 4")
    log = _open_log(args.log)
    opts = BotOptions(
        address=args.address, code=args.code, level=args.level, name=args.name,
        seat=None if args.seat is None else args.seat - 1,
        token_file=Path(args.token_file) if args.token_file else None, log=log,
        retry=args.retry, delay=args.delay,
    )
    try:
        return asyncio.run(run_bot(opts, make_policy))
    finally:
        if log is not None:
            log.close()


def cmd_serve(args: argparse.Namespace) -> int:
    import asyncio

    from casino.engine.errors import CasinoError
    from casino.net.host import HostedTable, load_table
    from casino.net.table import SeatSpec, Table
    from casino.persistence.files import data_dir, keep_aside

    try:
        specs = SeatSpec.parse_list(args.seats)
    except ValueError as exc:
        raise _usage(f"--seats: {exc}") from None
    for spec in specs:
        if spec.kind == "host":
            raise _usage("--seats: a headless host has no player of its own; use person")
        if spec.level:
            make_policy(spec.level, 0)
    make_policy(args.stand_in, 0)
    if args.code is not None:
        args.code = args.code.upper()
        if not 4 <= len(args.code) <= 16 or not args.code.isalnum():
            raise _usage("--code: 4 to 16 letters and digits")
    if args.games < 1 or args.tables < 1:
        raise _usage("--games and --tables must be at least 1")
    if not 0 <= args.linger <= 86400:
        raise _usage("--linger: 0 to 86400 seconds")
    save_path = Path(args.save) if args.save else data_dir() / SAVE_NAME
    # Before a saved table is resumed or moved aside: a port in use stops serve here.
    taken = _bind_problem(args.bind, args.port)
    if taken is not None:
        kept = args.new and args.tables == 1 and save_path.is_file()
        raise _usage(_cannot_listen(args.bind, args.port, taken, save_path if kept else None))
    tables: list[Table] = []
    if args.tables == 1 and save_path.exists() and not args.new:
        try:
            table = load_table(save_path, get_ruleset)
        except CasinoError as exc:
            raise _usage(f"{exc}; --new starts afresh and keeps that file aside") from None
        kinds = [SeatSpec(kind=s.kind, level=s.level) for s in table.seats]
        if table.ruleset.name != args.ruleset or kinds != specs:
            raise _usage(f"{save_path} holds an unfinished {table.ruleset.name} table with seats "
                         f"{','.join(_spec_text(k) for k in kinds)}: give the same --ruleset "
                         "and --seats to resume it, --new to start afresh, or another --save")
        print(f"resuming the table saved in {save_path} (game {table.game_no + 1} of "
              f"{table.games}); start afresh with --new", flush=True)
        tables.append(table)
    else:
        ruleset = get_ruleset(args.ruleset)
        if len(specs) not in ruleset.players:
            raise _usage(f"{ruleset.title} is for {ruleset.players} players, not {len(specs)}")
        import secrets  # here: with hashlib it is a cost of every command's start

        seed = args.seed or secrets.token_hex(8)
        for n in range(args.tables):
            code = args.code if args.code and args.tables == 1 else None
            tables.append(Table(ruleset, specs, code=code, seed=f"{seed}:{n}", games=args.games))
    log = _open_log(args.log)  # before the saved table moves: a bad --log stops serve here
    if args.new and args.tables == 1 and save_path.is_file():
        aside = keep_aside(save_path, label="unfinished")  # never written over
        if aside is None:
            if log is not None:
                log.close()
            raise _usage(f"{save_path}: the saved table could not be kept aside; give another "
                         "--save")
        print(f"the table saved in {save_path} is kept as {aside}", flush=True)
    hosted = [
        HostedTable(t, save_path=save_path if args.tables == 1 else None,
                    seat_timeout=args.seat_timeout, stand_in_level=args.stand_in, log=log,
                    policy_factory=make_policy, record=not args.no_record)
        for t in tables
    ]
    started = time.process_time()
    try:
        asyncio.run(_serve(hosted, args))
    except OSError as exc:
        raise _usage(_cannot_listen(args.bind, args.port, exc)) from None
    finally:
        if log is not None:
            log.close()
    problems = [p for h in hosted for p in h.problems]
    for line in problems:
        print(f"casino-cli serve: {line}", file=sys.stderr)
    if args.json:
        print(json.dumps({
            "tables": len(hosted), "games": sum(len(h.results) for h in hosted),
            "cpu_seconds": round(time.process_time() - started, 4),
            "results": [h.results for h in hosted],
        }))
    else:
        print(f"{sum(len(h.results) for h in hosted)} games played")
    return 1 if any("computer at seat" in p for p in problems) else 0


async def _serve(hosted: list[HostedTable], args: argparse.Namespace) -> None:
    import asyncio

    from casino.net.host import Host

    host = Host(hosted, rate=args.rate, burst=max(10, int(args.rate * 2)))
    port = await host.start(args.bind, args.port)
    first = hosted[0].table
    seats = ", ".join(s.name if s.kind == "computer" else "open" for s in first.seats)
    for n, h in enumerate(hosted):
        label = f"table {n + 1}: " if len(hosted) > 1 else ""
        print(f"{label}{first.ruleset.title} on port {port}, join code {h.table.code} "
              f"(seats: {seats})", flush=True)
    announcer = None
    if not args.no_advertise:
        from casino.net.discovery import Announcer

        open_seats = sum(1 for s in first.seats if s.open)
        # "HOST RULESET", as the window announces "PLAYER RULESET": the join list shows
        # the machine's name and the rules' title in the reader's language (it read
        # "Casino Classic Casino 7793", the rules twice, in English, and the port again)
        name = f"{socket.gethostname().split('.')[0]} {first.ruleset.name}"
        announcer = Announcer(name, port, first.ruleset.name, open_seats, bind=args.bind)
        try:
            await announcer.start()
            announcer.follow(hosted[0])  # the table it announces: its seats as they fill
        except Exception as exc:  # zeroconf may fail on a machine without multicast
            print(f"casino-cli serve: not announced on the LAN ({exc})", file=sys.stderr)
            announcer = None
    try:
        await asyncio.gather(*(h.done.wait() for h in hosted))
        # The players still at the table read the result and the score sheet, and leave by
        # themselves; a table stopped by a failing computer gives them 5 s to read why.
        over = all(h.table.over for h in hosted)
        linger = args.linger if over else 5.0
        if over and linger > 0 and any(h.connections for h in hosted):
            print(f"the last game is over: the table stays up while its players read the "
                  f"result, until they have left or {linger:g} s have passed (Ctrl+C ends it "
                  "now)", flush=True)
        deadline = asyncio.get_running_loop().time() + linger
        while any(h.connections for h in hosted) \
                and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.1)
    finally:
        if announcer is not None:
            with contextlib.suppress(Exception):
                await announcer.stop()
        await host.close()
        for h in hosted:
            h.close()


def _bind_problem(bind: str, port: int) -> OSError | None:
    """Why serve could not listen on ``bind``:``port``, found by binding every address it
    would listen on (as asyncio binds them) and letting them go at once; None when it can.

    ``--new`` keeps the saved table aside before the host starts, so the port is tried
    first: a port in use then stops serve with the table still in its place."""
    import errno
    import socket

    if port == 0:
        return None  # a free port is picked
    try:
        infos = socket.getaddrinfo(bind or None, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        return OSError(errno.EADDRNOTAVAIL, getattr(exc, "strerror", None) or str(exc))
    for family, kind, proto, _, address in dict.fromkeys(infos):
        with socket.socket(family, kind, proto) as sock:
            if sys.platform != "win32":  # as asyncio does: a port left in TIME_WAIT is free
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                sock.bind(address)
            except OSError as exc:
                return exc
    return None


def _cannot_listen(bind: str, port: int, exc: OSError, kept: Path | None = None) -> str:
    """What stops serve from listening, and what to do about it."""
    import errno

    from casino.net.ports import port_refusal

    why = port_refusal(exc)
    if why is None:
        said = f"cannot listen on {bind}:{port}: {exc.strerror or exc}"
    elif exc.errno == errno.EADDRINUSE:
        said = (f"cannot listen on {bind}:{port}: {why}; stop it, or give another --port "
                "(--port 0 picks a free one)")
    else:
        said = f"cannot listen on {bind}:{port}: {why}; give another --port"
    if kept is not None:
        said += f". The saved table stays in {kept}"
    return said


def _spec_text(spec: SeatSpec) -> str:
    return f"{spec.kind}:{spec.level}" if spec.level else spec.kind
