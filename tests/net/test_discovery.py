"""Tables announce themselves over mDNS (zeroconf) and are found in the join list; kept on
the loopback interface (a host bound to 127.0.0.1 is announced there alone)."""

from __future__ import annotations

import asyncio
import secrets
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from zeroconf._protocol.incoming import DNSIncoming

from casino.engine import load_ruleset
from casino.net.discovery import FoundTable, browse
from casino.net.protocol import PROTOCOL_VERSION, SERVICE_TYPE
from casino.net.remote import LocalHost
from casino.net.table import SeatSpec, Table
from tests.net.conftest import cli, finish, start_host


def tables_on_port(port: int, seconds: float = 1.5) -> list[FoundTable]:
    """The tables on ``port`` announced within ``seconds`` on the loopback interface."""
    return [t for t in asyncio.run(browse(seconds, interface="127.0.0.1")) if t.port == port]


def found_on_port(port: int, bound: float = 30.0) -> list[FoundTable]:
    """The tables on ``port``, browsing until one is found: an idle machine answers within a
    fraction of a second, a loaded one later; ``bound`` is only for a table never found."""
    found = asyncio.run(browse(bound, interface="127.0.0.1",
                               until=lambda tables: any(t.port == port for t in tables)))
    return [t for t in found if t.port == port]


def test_a_served_table_is_found_joined_from_the_list_and_gone_when_it_ends() -> None:
    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy",
                      "--games", "1", "--no-record", advertise=True)
    try:
        found = found_on_port(host.port)
        assert len(found) == 1, found
        table = found[0]
        assert (table.address, table.ruleset, table.open_seats, table.version) == \
            ("127.0.0.1", "classic", 1, PROTOCOL_VERSION)
        assert host.code not in table.name  # the code is read off the host's screen
        # announced as the window announces, "NAME RULESET": the list shows the machine's name
        machine = "".join(ch for ch in socket.gethostname().split(".")[0]
                          if ch.isalnum() or ch in " -_")
        assert table.name == f"{machine} classic"[:40]
        bot = subprocess.Popen(cli("join", table.where, "--code", host.code, "--level", "greedy"),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        status, err = finish(bot, timeout=120)
        assert status == 0, err
        status, out, err = host.finish()
        assert status == 0, f"{out} {err}"
    finally:
        host.kill()
    assert tables_on_port(host.port) == []


def test_a_table_hosted_from_the_window_is_announced_until_it_closes() -> None:
    table = Table(load_ruleset("kasino"), [SeatSpec(kind="person")] * 3)
    # Names are machine-wide: another run of this test at the same moment would make the
    # second one "Anna kasino-2".
    name = f"Anna kasino {secrets.token_hex(4)}"
    local = LocalHost(table, port=0, bind="127.0.0.1", announce=name)
    try:
        found = found_on_port(local.port)
        assert [(t.name, t.ruleset, t.open_seats) for t in found] == [(name, "kasino", 3)]
    finally:
        local.close()
    assert tables_on_port(local.port) == []


def test_hosting_from_the_window_does_not_wait_for_the_announcement(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Claiming a name on the network takes about 1.2 s of probes, and the window waited for
    them: Host froze the lobby. The host now serves at once while its loop announces, and
    closing waits for the announcement so that its goodbye is still said."""
    from casino.net.discovery import Announcer

    release = threading.Event()
    calls: list[str] = []

    async def slow_start(self: Announcer) -> None:
        calls.append("start")
        await asyncio.to_thread(release.wait, 30)
        calls.append("announced")

    async def stop(self: Announcer) -> None:
        calls.append("stop")

    monkeypatch.setattr(Announcer, "start", slow_start)
    monkeypatch.setattr(Announcer, "stop", stop)
    table = Table(load_ruleset("classic"), [SeatSpec(kind="person")] * 2)
    local = LocalHost(table, port=0, bind="127.0.0.1", announce="Cy classic")
    try:
        assert "announced" not in calls  # the host is up before its announcement is
        with socket.create_connection(("127.0.0.1", local.port), timeout=5):
            pass
    finally:
        release.set()
        local.close()
    assert calls == ["start", "announced", "stop"]


SECOND_LOOPBACK = "127.0.0.2"
"""Linux answers on all of 127.0.0.0/8; a browse from here is told apart from others'."""

linux_only = pytest.mark.skipif(sys.platform != "linux",
                                reason="127.0.0.2 and SO_REUSEPORT as on Linux")


@contextmanager
def mdns_heard() -> Iterator[list[tuple[str, DNSIncoming]]]:
    """The mDNS packets sent on the loopback interface while the block runs, with the
    address each came from, heard by a socket that shares port 5353 as every mDNS program on
    a machine does."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(("", 5353))
    sock.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP,
                    socket.inet_aton("224.0.0.251") + socket.inet_aton("127.0.0.1"))
    sock.settimeout(0.05)
    packets: list[tuple[str, DNSIncoming]] = []
    done = threading.Event()

    def hear() -> None:
        while not done.is_set():
            try:
                data, (source, _port) = sock.recvfrom(9000)
            except TimeoutError:
                continue
            packets.append((source, DNSIncoming(data)))

    thread = threading.Thread(target=hear, daemon=True)
    thread.start()
    try:
        yield packets
    finally:
        done.set()
        thread.join(5)
        sock.close()


def heard_within(check: Callable[[], bool], bound: float) -> bool:
    """Whether ``check`` becomes true, within ``bound`` seconds, as packets arrive."""
    deadline = time.monotonic() + bound
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@linux_only
def test_a_browse_asks_for_answers_every_mdns_program_hears() -> None:
    """The join list's questions ask for multicast answers. An answer asked for by unicast
    (the QU bit) goes to port 5353 of the asking machine, which the browser shares with every
    mDNS program there (avahi, a table hosted from another window): the kernel hands it to
    one of them, often not the browser, and the table was missing from the list (or found
    only by a later question, after a second). The browse speaks from 127.0.0.2, so the
    questions of other programs on this machine (from 127.0.0.1) are told apart."""
    with mdns_heard() as packets:
        asyncio.run(browse(0.5, interface=SECOND_LOOPBACK))

        def asked() -> list[bool]:
            return [q.unicast for source, p in list(packets)
                    if source == SECOND_LOOPBACK and p.is_query()
                    for q in p.questions if q.name == SERVICE_TYPE]

        heard_within(lambda: bool(asked()), 2.0)
    assert asked() and not any(asked()), asked()


@linux_only
def test_a_table_that_closes_says_goodbye() -> None:
    """Closing a hosted table withdraws its announcement (records with a time to live of
    0), so a browser that had heard of it drops it at once instead of listing it for the
    announcement's hour and a quarter; the goodbye used to be cut off by the close."""
    table = Table(load_ruleset("classic"), [SeatSpec(kind="person")] * 2)
    name = f"Bo classic {secrets.token_hex(4)}"
    local = LocalHost(table, port=0, bind="127.0.0.1", announce=name)
    with mdns_heard() as packets:
        local.close()

        def goodbye() -> bool:
            return any(r.name == f"{name}.{SERVICE_TYPE}" and r.ttl == 0
                       for _source, p in list(packets) if not p.is_query()
                       for r in p.answers())

        assert heard_within(goodbye, 5.0), "no goodbye was heard"


def announced_as(port: int, wanted: Callable[[FoundTable], bool],
                 bound: float = 20.0) -> FoundTable | None:
    """The table on ``port`` as announced once ``wanted`` is true of it, or as last found
    when it is not within ``bound`` seconds; each look is a fresh browse, as Find tables is."""
    deadline = time.monotonic() + bound
    last: FoundTable | None = None
    while time.monotonic() < deadline:
        found = found_on_port(port, bound=min(10.0, max(1.0, deadline - time.monotonic())))
        last = found[0] if found else last
        if last is not None and wanted(last):
            return last
        time.sleep(0.2)
    return last


def test_the_announcement_follows_the_seats_and_says_when_play_starts() -> None:
    """Cy's Find tables still read '2 open seats' after Ann had joined Bea's table of three:
    the seats were counted once, when the host started. They are counted again whenever
    someone sits down, and a table whose seats are all taken reads as being played."""
    from casino.net.remote import Remote

    table = Table(load_ruleset("classic"), [SeatSpec(kind="person")] * 3, seed="1")
    token = table.reserve(0, "Bea")  # as the window seats its own player first
    name = f"Bea classic {secrets.token_hex(4)}"
    local = LocalHost(table, port=0, bind="127.0.0.1", announce=name)
    where = f"127.0.0.1:{local.port}"
    remotes: list[Remote] = []
    try:
        first = announced_as(local.port, lambda t: True)
        assert first is not None and (first.open_seats, first.state) == (2, "open")
        remotes.append(Remote(where, table.code, "Bea", token=token))
        remotes.append(Remote(where, table.code, "Ann"))
        after_ann = announced_as(local.port, lambda t: t.open_seats == 1)
        assert after_ann is not None and (after_ann.open_seats, after_ann.state) == (1, "open")
        remotes.append(Remote(where, table.code, "Cy"))
        full = announced_as(local.port, lambda t: t.state == "playing")
        assert full is not None and (full.open_seats, full.state) == (0, "playing")
        remotes.pop(1).close()  # Ann leaves: her seat is kept for her, play goes on
        time.sleep(0.5)
        still = announced_as(local.port, lambda t: True)
        assert still is not None and (still.open_seats, still.state) == (0, "playing")
    finally:
        for remote in remotes:
            remote.close()
        local.close()
