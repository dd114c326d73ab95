"""A lost connection in a player's words: the window showed the websocket library's
("no close frame received or sent", "[Errno 111] Connect call failed ('192.0.2.2', 7777)")."""

from __future__ import annotations

import asyncio
import socket

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.frames import Close

from casino import __version__
from casino.ai.registry import make_policy
from casino.net.client import BotOptions, Lost, Seated, closed, run_bot
from casino.net.protocol import PROTOCOL_VERSION, Hello
from casino.ui.words import reason_text


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_dropped_connection_says_it_was_lost() -> None:
    text = reason_text(closed(ConnectionClosed(None, None)))
    assert text == "the connection to the host was lost"


def test_a_host_that_says_goodbye_has_closed_the_table() -> None:
    text = reason_text(closed(ConnectionClosed(Close(1001, "going away"), None)))
    assert text == "the host has closed the table"


def test_nobody_hosting_at_the_address_is_said_plainly() -> None:
    port = free_port()  # nothing listens there once the socket is closed
    hello = Hello(type="hello", version=PROTOCOL_VERSION, app=__version__, code="ABCDEF",
                  name="Anna", seat=None, token=None)
    with pytest.raises(Lost) as caught:
        asyncio.run(Seated.open(f"ws://127.0.0.1:{port}", hello, timeout=5))
    text = reason_text(caught.value.reason)
    assert text == f"no table is hosted at 127.0.0.1:{port} now"
    assert "Errno" not in text and "ws://" not in text


def test_join_says_once_that_nobody_hosts_there_while_it_retries(
        capsys: pytest.CaptureFixture[str]) -> None:
    # `casino-cli join` to an address where no table was hosted yet printed "no table is
    # hosted at … now; trying again" five times a second, some 150 lines in 30 s.
    port = free_port()
    opts = BotOptions(address=f"127.0.0.1:{port}", code="ABCDEF", retry=1.5)
    code = asyncio.run(run_bot(opts, lambda level, seed: make_policy(level, seed)))
    err = capsys.readouterr().err.splitlines()
    assert code == 1
    assert err == [f"casino-cli join: no table is hosted at 127.0.0.1:{port} now; trying again",
                   f"casino-cli join: no table is hosted at 127.0.0.1:{port} now"]
