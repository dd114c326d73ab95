"""The window's own host (``casino.net.remote.LocalHost``) on a port it cannot have."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest

from casino.engine import load_ruleset
from casino.net.remote import LocalHost
from casino.net.table import SeatSpec, Table

HOST_THREADS = ("casino-host", "casino-table-saver")


def host_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name in HOST_THREADS and t.is_alive()]


def test_a_host_on_a_busy_port_leaves_no_thread_behind(tmp_path: Path) -> None:
    # The network window says the port is in use and asks for another: each refused try
    # left its event loop and its saver running for the rest of the program.
    before = host_threads()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        table = Table(load_ruleset("classic"), [SeatSpec(kind="person")] * 2, seed="1")
        for _ in range(3):
            with pytest.raises(OSError):
                LocalHost(table, port=port, bind="127.0.0.1",
                          save_path=tmp_path / "hosted-table.json")
    assert host_threads() == before
    assert not (tmp_path / "hosted-table.json").exists()  # nothing written in its place
