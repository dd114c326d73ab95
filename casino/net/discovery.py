"""Finding tables on the local network: hosts announce ``_casino._tcp`` over mDNS (zeroconf).

The announcement carries the table's name, ruleset, open seats, whether play has started
and protocol version, never the join code: people read the code off the host's screen. It
is kept true while the host runs (``Announcer.follow``): a friend who looks after another
has sat down sees one open seat fewer, and a table being played reads so.

A browse asks for answers by multicast (QM questions). An answer sent by unicast (to a QU
question) goes to port 5353 of the asking machine, where every mDNS program on it (avahi,
another window, a host on the same machine) shares the port and the kernel hands the
packet to one of them only, often not the browser: the table was then missing from a short
browse, or found only by its second question a second later. A multicast answer reaches
them all.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from zeroconf import DNSQuestionType, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from casino.net.protocol import PROTOCOL_VERSION, SERVICE_TYPE

if TYPE_CHECKING:
    from casino.net.host import HostedTable

TableState = Literal["open", "playing", "over"]
"""A table as announced: waiting for people, being played (no seat open), or over."""


@dataclass(frozen=True, slots=True)
class FoundTable:
    name: str
    address: str
    port: int
    ruleset: str
    open_seats: int
    version: int
    state: TableState = "open"
    """An older host says nothing of it: its seats were counted once, when it started."""

    @property
    def where(self) -> str:
        return f"{self.address}:{self.port}"


def lan_address() -> str:
    """This machine's address on the LAN (the one its default route leaves from)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))  # no packet is sent: this only picks a route
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _interfaces(address: str | None) -> list[str] | None:
    """The interfaces to speak mDNS on: the one a host is bound to, or every one (None)."""
    if address in (None, "", "0.0.0.0", "::"):
        return None
    try:
        return [socket.gethostbyname(address)]  # "localhost" -> 127.0.0.1
    except OSError:
        return None


class Announcer:
    """Keeps one table announced while the host runs.

    A host bound to one address (``127.0.0.1`` for tables on this machine only) is
    announced with that address on that interface alone, so nobody is told of a table
    they cannot reach; a host bound to every address is announced with the LAN address.
    """

    def __init__(self, name: str, port: int, ruleset: str, open_seats: int,
                 bind: str | None = None) -> None:
        safe = "".join(ch for ch in name if ch.isalnum() or ch in " -_")[:40] or "Casino"
        self.interfaces = _interfaces(bind)
        self.ruleset = ruleset
        self.shown: tuple[int, TableState] = (open_seats, "open")
        """The open seats and the state the announcement says."""
        self.info = self._info(f"{safe}.{SERVICE_TYPE}", port,
                               [self.interfaces[0] if self.interfaces else lan_address()])
        self.zc: AsyncZeroconf | None = None
        self._announcing: Awaitable[object] | None = None
        self._lock = asyncio.Lock()
        """One change of the announcement at a time: a seat taken while the name is still
        being claimed is said once the claim is made."""
        self._stopped = False
        self._registered = False
        """The name is claimed: changes are sent (before, or after a failed claim, they only
        change what a claim would announce)."""
        self._updates: set[asyncio.Task[None]] = set()

    def _info(self, name: str, port: int, addresses: list[str],
              server: str | None = None) -> AsyncServiceInfo:
        seats, state = self.shown
        return AsyncServiceInfo(
            SERVICE_TYPE, name, port=port, server=server,
            properties={"ruleset": self.ruleset, "open": str(seats), "state": state,
                        "version": str(PROTOCOL_VERSION)},
            parsed_addresses=addresses)

    async def start(self) -> None:
        """Claim the name (after the probes) and go on announcing it in the background."""
        async with self._lock:
            if self.interfaces is None:
                self.zc = AsyncZeroconf()
            else:
                self.zc = AsyncZeroconf(interfaces=self.interfaces)
            self._announcing = await self.zc.async_register_service(self.info,
                                                                    allow_name_change=True)
            self._registered = True

    async def update(self, open_seats: int, state: TableState) -> None:
        """Announce ``open_seats`` and ``state`` from now on (the same name and address:
        ``async_update_service`` sends the new records, and every answer after carries
        them); before ``start`` it changes what ``start`` will announce."""
        async with self._lock:
            if self._stopped or self.shown == (open_seats, state):
                return
            self.shown = (open_seats, state)
            # the name as claimed: the probes may have renamed it "Anna classic-2"
            info = self._info(self.info.name, self.info.port or 0,
                              self.info.parsed_addresses(), self.info.server)
            if self.zc is not None and self._registered:
                if isinstance(self._announcing, asyncio.Future):
                    self._announcing.cancel()  # the old records' repeats are stale now
                self._announcing = await self.zc.async_update_service(info)
            self.info = info

    def follow(self, hosted: HostedTable) -> None:
        """Keep the announcement true of ``hosted``'s table as seats fill and free and play
        starts; called in the host's loop (its ``listeners`` run there)."""

        def changed() -> None:
            table = hosted.table
            state: TableState = "over" if table.over else "playing" if table.started \
                else "open"
            seats = sum(1 for seat in table.seats if seat.open)
            if (seats, state) == self.shown:
                return
            task = asyncio.get_running_loop().create_task(self.update(seats, state))
            self._updates.add(task)  # kept, or the loop may drop it half done
            task.add_done_callback(self._updates.discard)

        hosted.listeners.append(changed)
        changed()

    async def stop(self) -> None:
        """Say goodbye (every packet of it sent) and close: listening browsers drop the table."""
        async with self._lock:
            self._stopped = True
            if self.zc is not None:
                if isinstance(self._announcing, asyncio.Future):
                    self._announcing.cancel()  # a host that stops at once says goodbye at once
                await (await self.zc.async_unregister_service(self.info))
                await self.zc.async_close()
                self.zc = None


async def browse(seconds: float = 2.0, interface: str | None = None,
                 until: Callable[[list[FoundTable]], bool] | None = None) -> list[FoundTable]:
    """The tables announced within ``seconds``, on every interface or on ``interface``;
    sooner once ``until`` is true of the tables found so far."""
    names: list[str] = []
    heard = asyncio.Event()

    def on_change(zeroconf: Zeroconf, service_type: str, name: str,
                  state_change: ServiceStateChange) -> None:
        if state_change is not ServiceStateChange.Removed and name not in names:
            names.append(name)
            heard.set()

    interfaces = _interfaces(interface)
    azc = AsyncZeroconf() if interfaces is None else AsyncZeroconf(interfaces=interfaces)
    browser = AsyncServiceBrowser(azc.zeroconf, SERVICE_TYPE, handlers=[on_change],
                                  question_type=DNSQuestionType.QM)
    found: dict[str, FoundTable] = {}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    try:
        while (left := deadline - loop.time()) > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(heard.wait(), left)
            heard.clear()
            if until is not None:
                await _resolve(azc, names, found)
                if until(_listed(found)):
                    break
        await _resolve(azc, names, found)
        return _listed(found)
    finally:
        await browser.async_cancel()
        await azc.async_close()


async def _resolve(azc: AsyncZeroconf, names: list[str], found: dict[str, FoundTable]) -> None:
    """Look up the names not yet in ``found`` (a table that does not answer stays out)."""
    for name in [n for n in names if n not in found]:
        info = await azc.async_get_service_info(SERVICE_TYPE, name, timeout=1000,
                                                question_type=DNSQuestionType.QM)
        if info is None or not info.parsed_addresses() or info.port is None:
            continue
        props = _decoded(info.decoded_properties)
        found[name] = FoundTable(
            name=name.removesuffix("." + SERVICE_TYPE), address=info.parsed_addresses()[0],
            port=info.port, ruleset=props.get("ruleset", "?"),
            open_seats=_int(props.get("open")), version=_int(props.get("version")),
            state=_state(props.get("state")))


def _listed(found: dict[str, FoundTable]) -> list[FoundTable]:
    return [found[name] for name in sorted(found)]


def _decoded(props: dict[str, Any]) -> dict[str, str]:
    return {str(k): str(v) for k, v in props.items() if v is not None}


def _state(text: str | None) -> TableState:
    return "playing" if text == "playing" else "over" if text == "over" else "open"


def _int(text: str | None) -> int:
    try:
        return int(text or 0)
    except ValueError:
        return 0
