"""The client side: sit down at a hosted table, follow one's own view, send moves.

``Seated`` is one connection to a host. ``run_bot`` is ``casino-cli join``: a computer
player at a remote table that rejoins with its seat token when the connection drops (or the
host is restarted) and exits when the table's last game ends.
"""

from __future__ import annotations

import asyncio
import errno
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from casino import __version__
from casino.ai.basic import Policy
from casino.engine.moves import Move
from casino.engine.notation import format_move
from casino.engine.rules import legal_moves
from casino.engine.ruleset import Ruleset, with_teaching
from casino.engine.state import PlayerView
from casino.engine.wording import Reason
from casino.net.protocol import (
    PROTOCOL_VERSION,
    TRANSPORT_MAX,
    ErrorFrame,
    FrameError,
    GameOver,
    Hello,
    PlayMove,
    Seats,
    StateFrame,
    Welcome,
    encode,
    parse_host,
    view_digest,
)
from casino.persistence.files import atomic_write, describe_os_error, read_limited

HostFrame = Welcome | Seats | StateFrame | GameOver | ErrorFrame
PolicyFactory = Callable[[str, str], Policy]


class JoinRefused(Exception):
    """The host would not seat us (wrong code, full table, other version): not retried."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


HOST_CLOSED = Reason("the host has closed the table")
"""What a window reads when the host said goodbye; the table tells it from a lost line."""


def closed(exc: ConnectionClosed) -> Reason:
    """A dropped connection in a player's words (the window shows it at the table), not the
    websocket library's ("no close frame received or sent")."""
    if exc.rcvd is not None:  # the host said goodbye: it ended the table or was shut down
        return HOST_CLOSED
    return Reason("the connection to the host was lost")


def unreachable(url: str, exc: BaseException) -> Reason:
    """Why ``url`` could not be reached, in a player's words: refused means the host's game
    is not running there now; the system's own words otherwise (without the errno)."""
    address = url.removeprefix("ws://").removeprefix("wss://").rstrip("/")
    if isinstance(exc, ConnectionRefusedError) or (
            isinstance(exc, OSError) and exc.errno == errno.ECONNREFUSED):
        return Reason("no table is hosted at {address} now", address=address)
    if isinstance(exc, TimeoutError):
        return Reason("{address} does not answer", address=address)
    if isinstance(exc, OSError) and exc.errno is not None:
        return Reason("cannot reach {address}: {error}", address=address,
                      error=os.strerror(exc.errno))
    return Reason("cannot reach {address}: {error}", address=address, error=str(exc))


UNREACHABLE = frozenset({"no table is hosted at {address} now", "{address} does not answer",
                         "cannot reach {address}: {error}"})
"""The message ids of ``unreachable``: nothing answered at the table's address."""


def cannot_reach(reason: Reason | None) -> bool:
    """Whether ``reason`` says the host could not be reached at all (not a refusal)."""
    return reason is not None and reason.message in UNREACHABLE


class Lost(Exception):
    """The connection failed or dropped: worth retrying with the seat token."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


def url_of(address: str) -> str:
    """``HOST:PORT`` (or a ws:// URL) as the URL to connect to."""
    if address.startswith(("ws://", "wss://")):
        return address
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise ValueError(Reason("{address}: expected HOST:PORT, e.g. 192.168.1.20:7777",
                                address=repr(address)))
    return f"ws://{host}:{port}"


class Seated:
    """One connection to a host, seated at a table after ``open`` returns."""

    def __init__(self, ws: ClientConnection, welcome: Welcome) -> None:
        self.ws = ws
        self.welcome = welcome
        self.seat = welcome.seat
        self.token = welcome.token
        self.ruleset = with_teaching(Ruleset.model_validate(welcome.ruleset))

    @classmethod
    async def open(cls, url: str, hello: Hello, timeout: float = 30.0) -> Seated:
        try:
            ws = await asyncio.wait_for(
                connect(url, max_size=TRANSPORT_MAX, compression=None, proxy=None,
                        open_timeout=timeout), timeout)
        except (OSError, InvalidHandshake, TimeoutError) as exc:
            raise Lost(unreachable(url, exc)) from None
        try:
            await ws.send(encode(hello))
            first = parse_host(await asyncio.wait_for(ws.recv(), timeout))
        except ConnectionClosed as exc:
            await ws.close()
            raise Lost(closed(exc)) from None
        except (TimeoutError, OSError) as exc:
            await ws.close()
            raise Lost(unreachable(url, exc)) from None
        except FrameError as exc:
            await ws.close()
            raise JoinRefused(Reason("{url} is not a Casino host ({error})", url=url,
                                     error=exc.reason)) from None
        if isinstance(first, ErrorFrame):
            await ws.close()
            raise JoinRefused(first.why)
        if not isinstance(first, Welcome):
            await ws.close()
            raise JoinRefused(Reason("the host answered with {type} instead of a welcome",
                                     type=repr(first.type)))
        if first.version != PROTOCOL_VERSION:
            await ws.close()
            raise JoinRefused(Reason(
                "version mismatch: the host speaks protocol {host} (casino {host_app}), this "
                "client {client} (casino {client_app})", host=first.version, host_app=first.app,
                client=PROTOCOL_VERSION, client_app=__version__))
        try:
            return cls(ws, first)
        except ValidationError as exc:
            await ws.close()
            raise JoinRefused(Reason("the host's ruleset does not validate: {error}",
                                     error=str(exc))) from None

    async def recv(self) -> HostFrame:
        try:
            raw = await self.ws.recv()
        except ConnectionClosed as exc:
            raise Lost(closed(exc)) from None
        return parse_host(raw)

    async def send_move(self, step: int, text: str) -> None:
        try:
            await self.ws.send(encode(PlayMove(type="move", step=step, move=text)))
        except ConnectionClosed as exc:
            raise Lost(closed(exc)) from None

    async def close(self) -> None:
        await self.ws.close()


@dataclass
class BotOptions:
    address: str
    code: str
    level: str = "greedy"
    name: str = "Computer"
    seat: int | None = None
    token_file: Path | None = None
    log: TextIO | None = None
    retry: float = 30.0
    delay: float = 0.0


def read_token(path: Path | None) -> str | None:
    """The seat token kept in ``path`` (None when there is no such file yet).

    ValueError naming the file when it is there but is not a token file ``join`` wrote: it is
    never written over (it may be another file given by mistake).
    """
    if path is None:
        return None
    try:
        data = json.loads(read_limited(path, 1 << 16).decode("utf-8"))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ValueError(f"--token-file {path}: cannot be read ({describe_os_error(exc)})"
                         ) from None
    except (ValueError, RecursionError):
        data = None
    token = data.get("token") if isinstance(data, dict) else None
    if not isinstance(token, str):
        raise ValueError(f"--token-file {path}: not a seat token file (JSON with a \"token\", "
                         "as join writes it); left as it is: give another file or remove it")
    return token


def keep_token(path: Path, address: str, seat: int, token: str) -> str | None:
    """Write the seat token to ``path``; None, or why it could not be (the game goes on)."""
    try:
        atomic_write(path, json.dumps({"address": address, "seat": seat, "token": token}
                                      ).encode())
    except OSError as exc:
        return (f"--token-file {path}: the seat token is not kept ({describe_os_error(exc)}); "
                "the game goes on, but cannot be rejoined after a restart")
    return None


async def run_bot(opts: BotOptions, make_policy: PolicyFactory) -> int:
    """Play at a remote table until its last game ends: 0; refused: 2; host gone: 1."""
    url = url_of(opts.address)
    token = read_token(opts.token_file)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + opts.retry
    said = ""  # the last reason printed: a host that stays away is said once, not 5 times a second
    token_said = False
    while True:
        hello = Hello(type="hello", version=PROTOCOL_VERSION, app=__version__, code=opts.code,
                      name=opts.name, seat=None if token else opts.seat, token=token)
        try:
            seated = await Seated.open(url, hello)
        except JoinRefused as exc:
            print(f"casino-cli join: refused: {exc}", file=sys.stderr)
            return 2
        except Lost as exc:
            if loop.time() > deadline:
                print(f"casino-cli join: {exc}", file=sys.stderr)
                return 1
            if str(exc) != said:
                print(f"casino-cli join: {exc}; trying again", file=sys.stderr)
                said = str(exc)
            await asyncio.sleep(0.2)
            continue
        token = seated.token
        if opts.token_file is not None:
            problem = keep_token(opts.token_file, opts.address, seated.seat, token)
            if problem and not token_said:  # said once, not at every rejoin
                print(f"casino-cli join: {problem}", file=sys.stderr)
                token_said = True
        try:
            status = await _play(seated, opts, make_policy)
        except Lost as exc:
            print(f"casino-cli join: {exc}; rejoining", file=sys.stderr)
            status = None
        finally:
            await seated.close()
        if status is not None:
            return status
        deadline = loop.time() + opts.retry


async def _play(seated: Seated, opts: BotOptions, make_policy: PolicyFactory) -> int | None:
    policies: dict[int, Policy] = {}
    while True:
        frame = await seated.recv()
        if isinstance(frame, StateFrame):
            view = frame.view.to_view(seated.ruleset)
            if opts.log is not None:
                opts.log.write(json.dumps({"game": frame.game, "step": frame.step,
                                           "seat": seated.seat,
                                           "digest": view_digest(view)}) + "\n")
            if view.to_move == seated.seat and view.hand and view.player == seated.seat:
                policy = policies.get(frame.game)
                if policy is None:
                    policies = {frame.game: make_policy(opts.level,
                                                        f"{opts.name}:{seated.seat}:{frame.game}")}
                    policy = policies[frame.game]
                if opts.delay:
                    await asyncio.sleep(opts.delay)
                move = await _choose(policy, view)
                await seated.send_move(frame.step, format_move(move))
        elif isinstance(frame, GameOver):
            if opts.log is not None:
                opts.log.write(json.dumps({"game_over": frame.model_dump()}) + "\n")
            if not frame.more:
                return 0
        elif isinstance(frame, ErrorFrame):
            print(f"casino-cli join: the host says: {frame.reason}", file=sys.stderr)
            return 2 if frame.fatal else 3


async def _choose(policy: Policy, view: PlayerView) -> Move:
    if not legal_moves(view):
        raise Lost(Reason("no legal move in the view: out of step with the host"))
    return await asyncio.to_thread(policy.choose, view)
