"""A friend away from a hosted table: the computer's moves for them survive the host's
restart, and every player is told how long the game waits before the computer sits in."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from casino.engine import load_ruleset
from casino.engine.errors import CasinoError
from casino.engine.notation import format_move
from casino.engine.rules import legal_moves
from casino.net.host import load_table
from casino.net.protocol import PROTOCOL_VERSION, Hello, StateFrame, encode, parse_host
from casino.net.table import SeatSpec, Table
from tests.net.conftest import HostProc, cli, start_host

CLASSIC = load_ruleset("classic")


def sit(ws: ClientConnection, host: HostProc, name: str, seat: int | None = None,
        token: str | None = None) -> str:
    """Seat a bare connection at ``host``; the seat's token."""
    ws.send(encode(Hello(type="hello", version=PROTOCOL_VERSION, code=host.code, name=name,
                         seat=seat, token=token)))
    welcome = parse_host(ws.recv(timeout=30))
    assert welcome.type == "welcome", welcome
    return welcome.token


def at(host: HostProc) -> ClientConnection:
    return connect(f"ws://{host.address}", proxy=None, open_timeout=30)


def saved_step(path: Path) -> int:
    try:
        return int(json.loads(path.read_text("utf-8"))["step"])
    except (OSError, ValueError, KeyError):
        return -1


def test_the_computers_moves_for_a_friend_are_still_marked_after_the_host_restarts(
        tmp_path: Path) -> None:
    """A host that reopened its saved table had forgotten which moves the computer made for
    the away friend: back at the table, the friend read them as their own."""
    save = tmp_path / "table.json"
    args = ("--ruleset", "classic", "--seats", "person,person", "--seed", "4",
            "--seat-timeout", "0.3", "--stand-in", "greedy", "--save", str(save))
    host = start_host(*args)
    try:
        with at(host) as anna:
            sit(anna, host, "Anna", seat=0)
            with at(host) as ben:  # Ben's window goes away before his first move
                ben_token = sit(ben, host, "Ben", seat=1)
            stood_step = play_until_the_computer_plays_for_ben(anna)
            deadline = time.monotonic() + 30
            while saved_step(save) < stood_step and time.monotonic() < deadline:
                time.sleep(0.05)  # the saver has written the move the computer made
            host.proc.send_signal(signal.SIGKILL)  # the host crashes
            host.proc.wait(10)
    finally:
        host.kill()
    again = start_host(*args)
    try:
        with at(again) as ben:
            sit(ben, again, "Ben", token=ben_token)
            frame = parse_host(ben.recv(timeout=30))
            while not isinstance(frame, StateFrame):
                frame = parse_host(ben.recv(timeout=30))
        his = [m for m in frame.moves if m.seat == 1]
        assert his, "Ben's seat made no move before the crash"
        assert all(m.stand_in for m in his), [(m.move, m.stand_in) for m in his]
    finally:
        again.kill()


def play_until_the_computer_plays_for_ben(anna: ClientConnection) -> int:
    """Anna plays her moves until the computer has played one for Ben: its step."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        frame = parse_host(anna.recv(timeout=30))
        if not isinstance(frame, StateFrame):
            continue
        if frame.last is not None and frame.last.seat == 1 and frame.last.stand_in:
            return frame.step
        if frame.view.to_move == 0 and frame.view.hand:
            move = legal_moves(frame.view.to_view(CLASSIC))[0]
            anna.send(json.dumps({"type": "move", "step": frame.step,
                                  "move": format_move(move)}))
    raise AssertionError("the computer never sat in for Ben")


def played_for_ben(table: Table) -> Table:
    """Two people at ``table``; Ben away from the start, the computer playing his first
    two moves and Anna hers."""
    from casino.net.protocol import PlayMove

    seats = [table.sit(Hello(type="hello", version=PROTOCOL_VERSION, code=table.code,
                             name=n)) for n in ("Anna", "Ben")]
    table.leave(seats[1])
    seats[1].stand_in = True
    while sum(1 for s, _m in table.save.rounds[0] if s == 1) < 2:
        mover = table.seats[table.game.round.to_move]
        move = legal_moves(table.game.view_for(mover.index))[0]
        if mover is seats[1]:
            table.play_computer(mover, move)
        else:
            table.play(mover, PlayMove(type="move", step=table.step, move=format_move(move)))
    return table


def test_a_saved_table_keeps_its_stand_in_moves_and_an_older_file_loads_without(
        tmp_path: Path) -> None:
    table = played_for_ben(Table(CLASSIC, SeatSpec.parse_list("person,person"), seed="3"))
    marks = [m.stand_in for m in table.round_moves()]
    assert any(marks)
    path = tmp_path / "hosted-table.json"
    path.write_bytes(table.snapshot().file_bytes())
    assert [m.stand_in for m in load_table(path, load_ruleset).round_moves()] == marks

    older = json.loads(path.read_text("utf-8"))
    del older["stood_in"]  # a file written before the marks were kept
    path.write_text(json.dumps(older), "utf-8")
    assert not any(m.stand_in for m in load_table(path, load_ruleset).round_moves())

    # a table where the computer never sat in writes no marks: an older version opens it
    plain = Table(CLASSIC, SeatSpec.parse_list("person,person"), seed="3")
    assert "stood_in" not in json.loads(plain.snapshot().file_bytes())


@pytest.mark.parametrize(("value", "said"), [
    ([{"round": -1, "move": 0}], "stood_in.0.round: should be at least 0 (found -1)"),
    ("all", "stood_in: should be a list of the right length (found 'all')"),
    ([{"round": 0, "move": "x"}], "stood_in.0.move: should be a whole number (found 'x')"),
    ([{"round": 0, "move": 1, "seat": 1}], "stood_in.0.seat: not expected here (found 1)"),
    ([{"round": 0, "move": 0}, {"round": 4, "move": 0}], "stood_in.1: round 5 has no move 1"),
    ([{"round": 0, "move": 90}], "stood_in.0: round 1 has no move 91"),
])
def test_a_bad_stand_in_mark_is_named_by_file_and_field_and_the_file_is_kept(
        tmp_path: Path, value: Any, said: str) -> None:
    table = played_for_ben(Table(CLASSIC, SeatSpec.parse_list("person,person"), seed="3"))
    data = json.loads(table.snapshot().file_bytes())
    data["stood_in"] = value
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data), "utf-8")
    before = path.read_bytes()
    with pytest.raises(CasinoError) as raised:
        load_table(path, load_ruleset)
    assert str(raised.value).startswith(f"{path}: not a saved table: {said}")
    if value == "all":  # serve names it too, without a traceback, and leaves the file
        import subprocess

        result = subprocess.run(cli("serve", "--port", "0", "--no-advertise", "--seats",
                                    "person,person", "--save", str(path)),
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert result.stderr.startswith(f"casino-cli: {path}: not a saved table: {said}")
    assert path.read_bytes() == before
