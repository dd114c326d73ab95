"""Tables announce themselves over mDNS (zeroconf) and are found in the join list; kept on
the loopback interface (a host bound to 127.0.0.1 is announced there alone)."""

from __future__ import annotations

import asyncio
import subprocess

from casino.engine import load_ruleset
from casino.net.discovery import FoundTable, browse
from casino.net.protocol import PROTOCOL_VERSION
from casino.net.remote import LocalHost
from casino.net.table import SeatSpec, Table
from tests.net.conftest import cli, finish, start_host


def tables_on_port(port: int, seconds: float = 1.5) -> list[FoundTable]:
    """The tables on ``port`` announced within ``seconds`` on the loopback interface."""
    return [t for t in asyncio.run(browse(seconds, interface="127.0.0.1")) if t.port == port]


def found_on_port(port: int, tries: int = 6) -> list[FoundTable]:
    """The tables on ``port``, browsing a second at a time until one answers (a busy machine
    may answer late; an idle one answers within the first second)."""
    for _ in range(tries):
        found = tables_on_port(port, 1.0)
        if found:
            break
    return found


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
    local = LocalHost(table, port=0, bind="127.0.0.1", announce="Anna kasino")
    try:
        found = found_on_port(local.port)
        assert [(t.name, t.ruleset, t.open_seats) for t in found] == [("Anna kasino", "kasino", 3)]
    finally:
        local.close()
    assert tables_on_port(local.port) == []
