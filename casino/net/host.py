"""The host: one asyncio WebSocket server carrying frames to and from its tables.

Each ``Table`` holds the one authoritative engine of a game; the host only moves frames.
It never blocks on a client: every connection has its own outbox and writer task, frames
are size-capped and rate-limited, and the computer players think in a worker thread. After
every move the table is saved atomically, so a host that crashes is hosted again from its
save and the players rejoin their seats with their tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TextIO

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from casino.ai.basic import Policy
from casino.engine.errors import CasinoError
from casino.engine.record import error_reason
from casino.engine.ruleset import Ruleset, wire_data
from casino.engine.wording import Reason, Said
from casino.net.protocol import (
    MAX_FRAME,
    TRANSPORT_MAX,
    ErrorFrame,
    FrameError,
    GameOver,
    Hello,
    PlayMove,
    StateFrame,
    Welcome,
    encode,
    parse_client,
    view_digest,
)
from casino.net.table import Refused, Seat, Table, TableSave
from casino.persistence.files import atomic_write, describe_os_error, read_limited
from casino.persistence.problems import invalid
from casino.persistence.saves import replay
from casino.persistence.tokens import code_key

OUTBOX_LIMIT = 512
"""Frames queued for one client before it counts as stuck and is disconnected."""

BAD_CODES_PER_MINUTE = 10
"""Wrong join codes one address may try in a minute before it is told to wait."""


class Bucket:
    """A token bucket: ``rate`` frames a second on average, bursts of ``burst``.

    Only refused frames count: a move that is played gives its token back, so a fast bot
    is never limited while a client sending junk is."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.at = time.monotonic()

    def refund(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1.0)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass(eq=False)
class Connection:
    """One client's socket, its outbox, its rate limit, and the seat it sits in."""

    ws: ServerConnection
    bucket: Bucket
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    hosted: HostedTable | None = None
    seat: Seat | None = None
    closing: bool = False

    def send(self, text: str) -> None:
        if self.closing:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.outbox.put_nowait(text)

    def error(self, reason: Reason | str, fatal: bool = False) -> None:
        """Send an error frame: a ``Reason`` goes with its code and parameters."""
        self.send(encode(ErrorFrame.of(reason, fatal)))
        if fatal:
            self.close()

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait(None)

    async def write_loop(self) -> None:
        """Send queued frames in order; None closes the connection after what came before."""
        while True:
            text = await self.outbox.get()
            if text is None:
                await self.ws.close(1008 if self.seat is None else 1000)
                return
            await self.ws.send(text)


PolicyFactory = Callable[[str, str], Policy]


class Saver:
    """Writes the newest snapshot of a table in a thread, so no frame waits on the disk.

    Snapshots coalesce: if moves come faster than the disk, only the newest is written.
    ``close`` writes what is pending (or removes the file, after ``remove``) and stops.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[str] = []
        self._pending: TableSave | Literal["remove"] | None = None
        self._wake = threading.Condition()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="casino-table-saver", daemon=True)
        self._thread.start()

    def put(self, snapshot: TableSave) -> None:
        with self._wake:
            self._pending = snapshot
            self._wake.notify()

    def remove(self) -> None:
        with self._wake:
            self._pending = "remove"
            self._wake.notify()

    def close(self) -> None:
        with self._wake:
            self._stop = True
            self._wake.notify()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._wake:
                while self._pending is None and not self._stop:
                    self._wake.wait()
                job, self._pending = self._pending, None
                stop = self._stop
            if job == "remove":
                with contextlib.suppress(OSError):
                    self.path.unlink()
            elif job is not None:
                try:
                    atomic_write(self.path, job.file_bytes())
                except OSError as exc:
                    self.problems.append(
                        f"{self.path}: table not saved ({describe_os_error(exc)})")
            if stop:
                return


def default_policy(level: str, seed: str) -> Policy:
    from casino.ai.registry import make_policy

    return make_policy(level, seed)


class HostedTable:
    """A table with its connections, its computer players, and its save file."""

    def __init__(self, table: Table, *, save_path: Path | None = None,
                 seat_timeout: float = 120.0, stand_in_level: str = "heuristic",
                 computer_delay: float = 0.0, log: TextIO | None = None,
                 policy_factory: PolicyFactory = default_policy,
                 record: bool = True) -> None:
        self.table = table
        self.saver = Saver(save_path) if save_path is not None else None
        self.seat_timeout = seat_timeout
        self.stand_in_level = stand_in_level
        self.computer_delay = computer_delay
        self.log = log
        self.policy_factory = policy_factory
        self.record = record
        self.connections: dict[int, Connection] = {}
        self.done = asyncio.Event()
        self.problems: list[str] = []
        self._thinking = False
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._policies: dict[tuple[int, int, str], Policy] = {}
        self.results: list[dict[str, Any]] = []
        self.listeners: list[Callable[[], None]] = []
        """Called after every change, for a window showing the table (the UI host)."""
        self.closing = False
        """The host is shutting the table: the connections it drops are not news to the
        others (no 'X left, the game waits' just before 'the host closed the table')."""

    # -- frames out ------------------------------------------------------------------

    def countdown(self) -> dict[int, float]:
        """The seats a computer will take unless their person comes back: seconds left."""
        return {index: left for index in self._timers
                if (left := self.stand_in_after(index)) is not None}

    def broadcast_seats(self) -> None:
        text = encode(self.table.seats_frame(self.countdown()))
        for conn in self.connections.values():
            conn.send(text)

    def send_state(self, seat: int, with_last: bool = True) -> None:
        conn = self.connections.get(seat)
        if conn is None:
            return
        frame = self.table.state_frame(seat, self.table.last if with_last else None)
        self._log_state(seat, frame)
        conn.send(encode(frame))

    def _log_state(self, seat: int, frame: StateFrame) -> None:
        if self.log is not None:
            digest = view_digest(frame.view)
            self.log.write(json.dumps({"game": frame.game, "step": frame.step, "seat": seat,
                                       "digest": digest}) + "\n")

    def broadcast_state(self, with_last: bool = True) -> None:
        for seat in list(self.connections):
            self.send_state(seat, with_last)

    def broadcast(self, text: str) -> None:
        for conn in self.connections.values():
            conn.send(text)

    # -- frames in -------------------------------------------------------------------

    def sit(self, conn: Connection, hello: Hello) -> None:
        was_started = self.table.started
        seat = self.table.sit(hello)
        old = self.connections.get(seat.index)
        if old is not None and old is not conn:
            old.seat = None
            old.error(Reason("your seat was taken up again with its token from another "
                             "connection"),
                      fatal=True)
        conn.hosted = self
        conn.seat = seat
        self.connections[seat.index] = conn
        timer = self._timers.pop(seat.index, None)
        if timer is not None:
            timer.cancel()
        conn.send(encode(Welcome(seat=seat.index, token=seat.token or "",
                                 ruleset=wire_data(self.table.ruleset),
                                 seats=self.table.statuses(self.countdown()),
                                 host=self.table.host_seat,
                                 seat_timeout=self.seat_timeout)))
        self.broadcast_seats()
        if self.table.started and not was_started:
            self.broadcast_state(with_last=False)
        elif self.table.started:
            self.send_state(seat.index, with_last=False)
        self.save()
        self.changed()
        self.kick_computer()

    def leave(self, conn: Connection, lost: bool = False) -> None:
        """``conn`` is gone: ``lost`` when it dropped without a goodbye (the client crashed,
        the network failed), else its person left the table."""
        seat = conn.seat
        if seat is None or self.connections.get(seat.index) is not conn:
            return
        del self.connections[seat.index]
        self.table.leave(seat, lost)
        if self.closing:
            return
        if seat.kind == "person" and not self.table.over:
            loop = asyncio.get_running_loop()
            self._timers[seat.index] = loop.call_later(self.seat_timeout, self._stand_in, seat)
        self.broadcast_seats()
        self.changed()

    def stand_in_after(self, index: int) -> float | None:
        """Seconds until a computer takes seat ``index`` of a person who dropped out, or None
        when no such wait is running (asyncio's default loop keeps ``time.monotonic``)."""
        timer = self._timers.get(index)
        return None if timer is None else max(0.0, timer.when() - time.monotonic())

    def _stand_in(self, seat: Seat) -> None:
        """The seat's person stayed away too long: a computer plays it until they return."""
        self._timers.pop(seat.index, None)
        if seat.connected:
            return
        seat.stand_in = True
        self.broadcast_seats()
        self.changed()
        self.kick_computer()

    def move(self, conn: Connection, frame: PlayMove) -> None:
        if conn.seat is None:
            conn.error(Reason("sit down first: send a hello with the join code"))
            return
        ended = self.table.play(conn.seat, frame)
        self.after_move(ended)

    def after_move(self, ended: list[GameOver]) -> None:
        """Tell everyone the new position; score, deal on, save, and wake the computers."""
        self.broadcast_state()
        for over in ended:
            self.broadcast(encode(over))
            if self.log is not None:
                self.log.write(json.dumps({"game_over": over.model_dump()}) + "\n")
            self.results.append(over.model_dump())
        self._record_finished()
        if self.table.deal_on():
            self.broadcast_state(with_last=False)
        self.save()
        if self.table.over:
            if self.saver is not None:
                self.saver.remove()
            self.done.set()
        self.changed()
        self.kick_computer()

    def changed(self) -> None:
        for listener in self.listeners:
            listener()

    # -- computers -------------------------------------------------------------------

    def kick_computer(self) -> None:
        if not self._thinking and self.table.computer_to_move() is not None:
            self._thinking = True
            asyncio.get_running_loop().create_task(self._computer_turns())

    def _policy(self, seat: Seat) -> Policy:
        level = seat.level if seat.kind == "computer" and seat.level else self.stand_in_level
        key = (self.table.game_no, seat.index, level)
        policy = self._policies.get(key)
        if policy is None:
            policy = self.policy_factory(level, f"{self.table.seed}:{key[0]}:{seat.index}")
            self._policies = {k: v for k, v in self._policies.items() if k[0] == key[0]}
            self._policies[key] = policy
        return policy

    async def _computer_turns(self) -> None:
        try:
            while (seat := self.table.computer_to_move()) is not None:
                step = self.table.step
                view = self.table.game.view_for(seat.index)
                policy = self._policy(seat)
                if self.computer_delay:
                    await asyncio.sleep(self.computer_delay)
                try:
                    move = await asyncio.to_thread(policy.choose, view)
                except Exception as exc:  # a computer that fails stops the table, saying why
                    self.problems.append(f"computer at seat {seat.index + 1} failed: {exc!r}")
                    self.done.set()
                    return
                if self.table.step != step or self.table.computer_to_move() is not seat:
                    continue
                try:
                    ended = self.table.play_computer(seat, move)
                except Refused as exc:  # a policy that breaks the rules is a bug: say so
                    self.problems.append(f"computer at seat {seat.index + 1}: {exc.reason}")
                    self.done.set()
                    return
                self.after_move(ended)
        finally:
            self._thinking = False

    # -- persistence -----------------------------------------------------------------

    def save(self) -> None:
        if self.saver is not None and not self.table.over:
            self.saver.put(self.table.snapshot())

    def close(self) -> None:
        """Write the last snapshot and stop the saver (the host is shutting down)."""
        if self.saver is not None:
            self.saver.close()
            self.problems.extend(self.saver.problems)

    def _record_finished(self) -> None:
        finished, self.table.finished = self.table.finished, []
        if not self.record or not finished:
            return
        from casino.persistence.records import Records

        records, messages = Records.open()
        self.problems.extend(messages)
        for game, save in finished:
            _, notes = records.add_game(game, save.players, save.moves())
            self.problems.extend(notes)


def load_table(path: Path, ruleset_loader: Callable[[str], Ruleset]) -> Table:
    """The table saved at ``path``; raises CasinoError naming the file and the problem (its
    argument a ``Said``, for a window to say in its language)."""
    try:
        saved = TableSave.model_validate_json(read_limited(path))  # a pipe would hang
    except OSError as exc:
        raise CasinoError(Said("{path}: cannot read the table ({error})", path=str(path),
                               error=describe_os_error(exc))) from None
    except ValidationError as exc:
        raise CasinoError(Said("{path}: not a saved table: {problem}", path=str(path),
                               problem=invalid(exc))) from None
    # Each field may be sound and the whole not: the game would fail in play, on the host.
    if len(saved.seats) != len(saved.current.players):
        raise CasinoError(Said("{path}: not a saved table: seats: {seats} seats, but "
                               "current.players names {players}", path=str(path),
                               seats=len(saved.seats), players=len(saved.current.players)))
    if saved.game_no >= saved.games:
        raise CasinoError(Said("{path}: not a saved table: game_no: {number} should be below "
                               "games ({games})", path=str(path), number=saved.game_no,
                               games=saved.games))
    rounds = saved.current.rounds
    for n, mark in enumerate(saved.stood_in):
        if mark.round >= len(rounds) or mark.move >= len(rounds[mark.round]):
            raise CasinoError(Said("{path}: not a saved table: stood_in.{n}: round {round} has "
                                   "no move {move}", path=str(path), n=n, round=mark.round + 1,
                                   move=mark.move + 1))
    try:
        game = replay(saved.current, ruleset_loader)
        ruleset = ruleset_loader(saved.current.ruleset)
    except (CasinoError, ValueError) as exc:
        raise CasinoError(Said("{path}: the saved table does not replay: {error}",
                               path=str(path), error=error_reason(exc))) from None
    return Table.restore(saved, ruleset, game)


class Host:
    """The server: routes each connection to the table whose join code it gives."""

    def __init__(self, tables: list[HostedTable], *, rate: float = 20.0, burst: int = 40) -> None:
        self.tables = tables
        self.rate = rate
        self.burst = burst
        self.server: Server | None = None
        self._bad_codes: dict[str, list[float]] = {}

    async def start(self, bind: str = "127.0.0.1", port: int = 0) -> int:
        """Listen; returns the port (a free one when ``port`` is 0)."""
        self.server = await serve(self.handler, bind, port, max_size=TRANSPORT_MAX,
                                  compression=None, ping_interval=20, ping_timeout=20)
        sock = next(iter(self.server.sockets))
        return int(sock.getsockname()[1])

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    def _address(self, ws: ServerConnection) -> str:
        peer = ws.remote_address
        return str(peer[0]) if peer else "?"

    def _too_many_bad_codes(self, address: str) -> bool:
        now = time.monotonic()
        recent = [t for t in self._bad_codes.get(address, []) if now - t < 60]
        self._bad_codes[address] = recent
        return len(recent) >= BAD_CODES_PER_MINUTE

    def _hello(self, conn: Connection, hello: Hello) -> None:
        if conn.seat is not None:
            conn.error(Reason("you are already seated at seat {seat}", seat=conn.seat.index + 1))
            return
        address = self._address(conn.ws)
        if self._too_many_bad_codes(address):
            conn.error(Reason("too many wrong join codes from your address: wait a minute"),
                       fatal=True)
            return
        code = code_key(hello.code)  # 5 typed for S, or S for the 5 of an older code
        hosted = next((h for h in self.tables if code_key(h.table.code) == code), None)
        if hosted is None:
            self._bad_codes.setdefault(address, []).append(time.monotonic())
            conn.error(Reason("wrong join code"), fatal=True)
            return
        hosted.sit(conn, hello)

    async def handler(self, ws: ServerConnection) -> None:
        conn = Connection(ws, Bucket(self.rate, self.burst))
        writer = asyncio.get_running_loop().create_task(conn.write_loop())
        lost = False
        """The connection dropped without the client's goodbye (its close frame): a crashed
        window or a failed network, not a person who left."""
        try:
            async for raw in ws:
                if writer.done() or conn.closing:
                    break
                if not conn.bucket.take():
                    conn.error(Reason("too many frames: at most {rate:g} a second",
                                      rate=self.rate))
                    continue
                try:
                    frame = parse_client(raw)
                except FrameError as exc:
                    conn.error(str(exc), exc.fatal)
                    continue
                try:
                    if isinstance(frame, Hello):
                        self._hello(conn, frame)
                    elif conn.hosted is None:
                        conn.error(Reason("sit down first: send a hello with the join code"))
                    else:
                        conn.hosted.move(conn, frame)
                        conn.bucket.refund()  # a played move is never part of a flood
                except Refused as exc:
                    conn.error(exc.reason, exc.fatal)
        except ConnectionClosed as exc:
            lost = exc.rcvd is None or exc.rcvd.code not in (1000, 1001)
        finally:
            if conn.hosted is not None:
                conn.hosted.leave(conn, lost or conn.closing)
            conn.close()
            with contextlib.suppress(ConnectionClosed, asyncio.CancelledError, TimeoutError):
                await asyncio.wait_for(writer, 5)
            writer.cancel()


__all__ = ["MAX_FRAME", "Host", "HostedTable", "load_table"]
