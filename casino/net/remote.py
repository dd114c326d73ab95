"""Network play beside a pygame loop: the asyncio side runs in a thread of its own.

``Remote`` is a seated connection whose frames the window collects with ``poll`` once a
frame (never blocking it); ``LocalHost`` runs a host in a thread, for hosting from the
title screen (the host's own player then joins it over 127.0.0.1 like anyone else).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import queue
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from casino import __version__
from casino.engine.ruleset import Ruleset
from casino.engine.wording import Reason
from casino.net.client import HostFrame, JoinRefused, Lost, Seated, url_of
from casino.net.discovery import Announcer
from casino.net.host import Host, HostedTable
from casino.net.protocol import (
    PROTOCOL_VERSION,
    ErrorFrame,
    FrameError,
    Hello,
    Seats,
    StateFrame,
    Welcome,
)
from casino.net.table import Table


class _Loop:
    """An asyncio loop in a daemon thread; ``call`` hands it a coroutine from any thread."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def call(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


class Remote:
    """One seat at a network table, for the window: connect, ``poll`` frames, send moves."""

    def __init__(self, address: str, code: str, name: str, token: str | None = None) -> None:
        self.url = url_of(address)
        self.address = address
        self.code = code
        self.hello = Hello(type="hello", version=PROTOCOL_VERSION, app=__version__, code=code,
                           name=name, token=token)
        self.frames: queue.Queue[HostFrame | Reason] = queue.Queue()
        self.welcome: Welcome | None = None
        self.seats: Seats | None = None
        self.seats_at = 0.0
        """When ``seats`` arrived (``time.monotonic``): its countdowns run from then."""
        self.state: StateFrame | None = None
        self.since: list[StateFrame] = []
        """The state frames from the last one without a move (a deal, a seat taken up) to
        ``state``: a table started from them misses none of the moves in between."""
        self.problem: Reason | None = None
        self.seated: Seated | None = None
        self._closed = False
        self._loop = _Loop("casino-remote")
        self._loop.call(self._run())

    async def _run(self) -> None:
        try:
            self.seated = await Seated.open(self.url, self.hello)
        except (JoinRefused, Lost) as exc:
            self.frames.put(exc.reason)
            return
        self.frames.put(self.seated.welcome)
        try:
            while True:
                self.frames.put(await self.seated.recv())
        except Lost as exc:
            self.frames.put(exc.reason)
        except FrameError as exc:  # a frame this client cannot read: said, not a silent stop
            self.frames.put(Reason("the host sent a frame this client cannot read ({error})",
                                   error=exc.reason))
            await self.seated.close()

    @property
    def ruleset(self) -> Ruleset | None:
        return self.seated.ruleset if self.seated is not None else None

    def poll(self) -> list[HostFrame]:
        """Frames that arrived since the last call; a lost connection sets ``problem``."""
        out: list[HostFrame] = []
        while True:
            try:
                item = self.frames.get_nowait()
            except queue.Empty:
                return out
            if isinstance(item, Reason):
                self.problem = item
                continue
            if isinstance(item, Welcome):
                self.welcome = item
                self.seats = Seats(seats=item.seats)
                self.seats_at = time.monotonic()
            elif isinstance(item, Seats):
                self.seats = item
                self.seats_at = time.monotonic()
            elif isinstance(item, StateFrame):
                self.state = item
                self.since = [item] if item.last is None else [*self.since, item]
            elif isinstance(item, ErrorFrame) and item.fatal:
                self.problem = item.why
            out.append(item)

    def stand_in_after(self, seat: int) -> float | None:
        """Seconds until the host's computer takes ``seat``, whose person has left, as the
        host counted when it sent the seats (None when it is not counting for that seat)."""
        status = next((s for s in self.seats.seats if s.seat == seat), None) \
            if self.seats is not None else None
        if status is None or status.stand_in_after is None:
            return None
        return max(0.0, status.stand_in_after - (time.monotonic() - self.seats_at))

    def send_move(self, step: int, text: str) -> None:
        if self.seated is not None:
            self._loop.call(self.seated.send_move(step, text))

    def close(self) -> None:
        """Leave the table; a second call does nothing (its loop is gone by then)."""
        if self._closed:
            return
        self._closed = True
        if self.seated is not None:
            done = self._loop.call(self.seated.close())
            with contextlib.suppress(Exception):  # closing a dead connection is no news
                done.result(2)
        self._loop.stop()


class LocalHost:
    """A host running in this process, for hosting from the window."""

    def __init__(self, table: Table, port: int = 7777, bind: str = "0.0.0.0",
                 save_path: Path | None = None, announce: str | None = None) -> None:
        """Host ``table`` (new, or ``load_table``'s from ``save_path``), saved there after
        every move as ``casino-cli serve`` saves its own, and announced on the network under
        the name ``announce`` (when given) so that others find it in their list."""
        self.table = table
        self.hosted = HostedTable(self.table, computer_delay=0.6, save_path=save_path)
        self.server = Host([self.hosted])
        self._loop = _Loop("casino-host")
        try:
            self.port: int = self._loop.call(self.server.start(bind, port)).result(10)
        except BaseException:  # a busy port, tried again and again from the window
            self._loop.stop()
            self._loop.loop.close()
            self.hosted.close()  # nothing was put to save: the file there stays as it is
            raise
        # Claiming the name on the network takes about 1.2 s of probes: the window goes on
        # (the lobby shows the code at once) while the host's loop announces the table.
        self.announcer: Announcer | None = None
        self._announced: concurrent.futures.Future[Any] | None = None
        if announce is not None:
            open_seats = sum(1 for seat in table.seats if seat.open)
            self.announcer = Announcer(announce, self.port, table.ruleset.name, open_seats,
                                       bind=bind)
            self._announced = self._loop.call(self.announcer.start())
            # in the host's loop, where its listeners run: the open seats and whether play
            # has started stay true as friends sit down (a second one saw "2 open seats")
            self._loop.loop.call_soon_threadsafe(self.announcer.follow, self.hosted)

    @property
    def code(self) -> str:
        return self.table.code

    def close(self) -> None:
        if self.announcer is not None and self._announced is not None:
            with contextlib.suppress(Exception):  # a table never announced says no goodbye
                self._announced.result(10)
                self._loop.call(self.announcer.stop()).result(5)
        self.hosted.closing = True
        # A connection left mid-handshake (Leave right after Host) keeps the close waiting
        # for its reply; the loop stops anyway, and the table is still written below.
        with contextlib.suppress(TimeoutError):
            self._loop.call(self.server.close()).result(5)
        self._loop.stop()
        self.hosted.close()  # the last snapshot written
