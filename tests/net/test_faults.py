"""Faults with real processes: a client killed mid-deal, a seat left empty, a host crash."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from casino.engine import load_ruleset
from casino.engine.notation import format_move
from casino.engine.rules import legal_moves
from casino.net.protocol import PROTOCOL_VERSION, Hello, encode, parse_host
from casino.persistence.records import Records
from tests.net.conftest import cli, finish, game_overs, join, read_log, start_host, views

CLASSIC = load_ruleset("classic")


def wait_for_lines(path: Path, count: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and len(path.read_text().splitlines()) >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"{path} did not reach {count} lines")


def test_killed_client_rejoins_with_its_token_and_the_game_ends_as_recorded(
        tmp_path: Path, casino_home: Path) -> None:
    host_log = tmp_path / "host.log"
    host = start_host("--ruleset", "classic", "--seed", "3", "--log", str(host_log),
                      "--save", str(tmp_path / "table.json"))
    token = tmp_path / "a.token"
    a1, a2, b = tmp_path / "a1.log", tmp_path / "a2.log", tmp_path / "b.log"
    first = join(host, "--seat", "1", "--name", "Anna", "--token-file", str(token),
                 "--log", str(a1), "--delay", "0.02")
    other = join(host, "--seat", "2", "--name", "Ben", "--log", str(b))
    try:
        wait_for_lines(a1, 12)  # mid-deal: a dozen views in, the first deal has 8 moves
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        time.sleep(0.3)
        assert host.proc.poll() is None
        again = join(host, "--name", "Anna", "--token-file", str(token), "--log", str(a2))
        assert finish(again, 60)[0] == 0
        assert finish(other, 60)[0] == 0
        status, _, err = host.finish()
    finally:
        host.kill()
        other.kill()
    assert status == 0, err
    hosted = read_log(host_log)
    # Every view seat 1 logged, before the kill and after the rejoin, is the host's view as
    # sent: the killed client's views are the start of the host's, the rejoined client's the
    # end of them. Views the host sent in the moment the client was killed may never have
    # been read, so a gap between the two is allowed (it is only as wide as that moment).
    before, after, sent = views(read_log(a1)), views(read_log(a2)), views(hosted, 0)
    assert before and after and len(before) + len(after) <= len(sent)
    assert sent[:len(before)] == before
    assert sent[len(sent) - len(after):] == after
    assert views(read_log(b)) == views(hosted, 1)
    rejoined = views(read_log(a2))[0]
    assert rejoined in views(hosted, 0)
    (result,) = game_overs(hosted)
    assert game_overs(read_log(a2)) == [result] == game_overs(read_log(b))
    (summary,) = Records.open(casino_home).value.games()
    assert summary.winner == result["winner"]
    assert list(summary.totals) == result["totals"]
    assert summary.names == ("Anna", "Ben") and summary.levels == (None, None)


def test_a_dropped_seat_waits_then_a_computer_plays_it(tmp_path: Path) -> None:
    host = start_host("--ruleset", "classic", "--seed", "4", "--seat-timeout", "0.3",
                      "--stand-in", "greedy", "--save", str(tmp_path / "table.json"))
    quitter = join(host, "--seat", "1", "--name", "Anna", "--delay", "0.05")
    seen: list[dict[str, object]] = []
    try:
        with connect(f"ws://{host.address}", proxy=None) as ws:
            ws.send(encode(Hello(type="hello", version=PROTOCOL_VERSION, code=host.code,
                                 name="Ben", seat=1)))
            assert parse_host(ws.recv(timeout=30)).type == "welcome"
            while True:  # until Anna has sat down and the game has started
                frame = parse_host(ws.recv(timeout=30))
                if frame.type == "state":
                    break
            quitter.send_signal(signal.SIGKILL)
            quitter.wait(10)
            waited = stood_in = False
            while True:
                seen.append(frame.model_dump())
                if frame.type == "seats":
                    waited = waited or frame.waiting_for == [0]
                    stood_in = stood_in or frame.seats[0].stand_in
                if frame.type == "state" and frame.view.to_move == 1 and frame.view.hand:
                    move = legal_moves(frame.view.to_view(CLASSIC))[0]
                    ws.send(json.dumps({"type": "move", "step": frame.step,
                                        "move": format_move(move)}))
                if frame.type == "game_over":
                    break
                frame = parse_host(ws.recv(timeout=20))
        assert waited, "the others were not told the game waits for Anna"
        assert stood_in, "no computer took Anna's seat after the timeout"
        assert host.finish()[0] == 0
    finally:
        host.kill()


def test_a_crashed_host_is_hosted_again_and_the_players_rejoin(tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    log1, log2 = tmp_path / "host1.log", tmp_path / "host2.log"
    args = ("--ruleset", "kasino", "--seats", "person,person,computer:greedy", "--seed", "5",
            "--save", str(save))
    host = start_host(*args, "--log", str(log1))
    bots = [join(host, "--seat", str(n + 1), "--name", name, "--token-file",
                 str(tmp_path / f"{name}.token"), "--log", str(tmp_path / f"{name}.log"),
                 "--delay", "0.01", "--retry", "60")
            for n, name in enumerate(("Anna", "Ben"))]
    again = None
    try:
        wait_for_lines(log1, 60)
        host.proc.send_signal(signal.SIGKILL)
        host.proc.wait(10)
        assert save.exists()
        again = start_host(*args, "--log", str(log2), port=host.port)
        assert "resuming" in "".join(again.lines)
        assert again.code == host.code
        for bot in bots:
            status, err = finish(bot, 120)
            assert status == 0, err
        status, _, err = again.finish(60)
        assert status == 0, err
    finally:
        for proc in bots:
            proc.kill()
        host.kill()
        if again is not None:
            again.kill()
    assert not save.exists(), "a finished table's save is removed"
    hosted = read_log(log2)
    (result,) = game_overs(hosted)
    for seat, name in enumerate(("Anna", "Ben")):
        seen = views(read_log(tmp_path / f"{name}.log"))
        after = views(hosted, seat)
        assert after and seen[-len(after):] == after
        assert game_overs(read_log(tmp_path / f"{name}.log")) == [result]


def test_the_save_of_a_table_names_no_secret_to_clients(tmp_path: Path) -> None:
    """The seed that fixes the deck stays with the host: it is random unless given."""
    host = start_host("--ruleset", "classic", "--save", str(tmp_path / "t.json"))
    try:
        with connect(f"ws://{host.address}", proxy=None) as ws:
            ws.send(encode(Hello(type="hello", version=PROTOCOL_VERSION, code=host.code,
                                 name="Ann")))
            welcome = ws.recv(timeout=10)
        wait_for_lines(tmp_path / "t.json", 1)  # written by the host's saver thread
        saved = json.loads((tmp_path / "t.json").read_text())
        assert len(saved["seed"]) >= 16
        assert saved["seed"].split(":")[0] not in str(welcome)
    finally:
        host.kill()
    assert os.path.exists(tmp_path / "t.json")


def test_a_token_file_join_did_not_write_is_refused_and_left_alone(tmp_path: Path) -> None:
    """It was read as no token, then written over with the new seat's token."""
    mistaken = tmp_path / "notes.txt"
    mistaken.write_bytes(b"my notes \x00\xff")
    proc = subprocess.run(cli("join", "127.0.0.1:1", "--code", "ABCD12", "--retry", "0",
                              "--token-file", str(mistaken)),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(f"casino-cli: --token-file {mistaken}: not a seat token file")
    assert mistaken.read_bytes() == b"my notes \x00\xff"


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs /proc")
def test_a_token_file_that_cannot_be_written_is_said_and_the_game_goes_on(
        tmp_path: Path) -> None:
    """Writing the token raised OSError after sitting down: a traceback, and the seat left."""
    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy", "--seed", "4")
    unwritable = Path("/proc/self/casino-test/token.json")  # no folder can be made there
    bot = join(host, "--level", "greedy", "--token-file", str(unwritable))
    try:
        status, err = finish(bot, 60)
        assert host.finish()[0] == 0
    finally:
        host.kill()
        bot.kill()
    assert status == 0, err
    assert f"--token-file {unwritable}: the seat token is not kept" in err
    assert "Traceback" not in err


def test_a_saved_table_is_never_written_over_by_serve(tmp_path: Path) -> None:
    """A damaged save stopped serve without saying what to do, and --new saved the new table
    over the old file (the window keeps it aside as NAME.unfinished-<time>)."""
    save = tmp_path / "table.json"
    save.write_bytes(b'{"format": 1, "co')
    refused = subprocess.run(cli("serve", "--port", "0", "--no-advertise", "--save", str(save)),
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert refused.stderr.startswith(f"casino-cli: {save}: not a saved table")
    assert refused.stderr.endswith("; --new starts afresh and keeps that file aside\n")
    host = start_host("--seats", "person,computer:greedy", "--save", str(save), "--new")
    bot = join(host, "--level", "greedy")
    try:
        assert finish(bot, 60)[0] == 0 and host.finish()[0] == 0
    finally:
        host.kill()
        bot.kill()
    [aside] = tmp_path.glob("table.json.unfinished-*")
    assert aside.read_bytes() == b'{"format": 1, "co'
    assert f"the table saved in {save} is kept as {aside}" in host.lines[0]


@pytest.mark.parametrize("edit", ["a seat more than players", "game_no beyond games"])
def test_a_saved_table_whose_parts_do_not_agree_is_refused_at_the_start(
        tmp_path: Path, edit: str) -> None:
    """Three seats saved for a two-player game were served, and the host failed with an
    IndexError once a person sat in the third."""
    from casino.net.table import SeatSpec, Table

    table = Table(CLASSIC, SeatSpec.parse_list("person,computer:greedy"), code="ABCD12",
                  seed="s", games=1)
    data = json.loads(table.snapshot().model_dump_json())
    if edit == "a seat more than players":
        data["seats"].append(data["seats"][0])
        seats, field = "person,computer:greedy,person", "seats: 3 seats, but current.players"
    else:
        data["game_no"] = 5
        seats, field = "person,computer:greedy", "game_no: 5 should be below games (1)"
    save = tmp_path / "table.json"
    save.write_text(json.dumps(data))
    result = subprocess.run(cli("serve", "--port", "0", "--no-advertise", "--seats", seats,
                                "--save", str(save)), capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"casino-cli: {save}: not a saved table: {field}")


def test_serve_new_that_stops_at_a_bad_log_leaves_the_saved_table_in_place(
        tmp_path: Path) -> None:
    """--new kept the saved table aside before it opened --log: a log it could not write
    stopped serve with the table already renamed, so the next serve found none to resume."""
    save = tmp_path / "table.json"
    save.write_bytes(b'{"format": 1, "co')
    log = tmp_path / "no-such-folder" / "serve.log"
    refused = subprocess.run(cli("serve", "--port", "0", "--no-advertise", "--save", str(save),
                                 "--new", "--log", str(log)),
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.startswith(f"casino-cli: {log}: cannot write the log")
    assert save.read_bytes() == b'{"format": 1, "co'
    assert not list(tmp_path.glob("table.json.unfinished-*"))


def test_serve_new_on_a_port_in_use_leaves_the_saved_table_in_place(tmp_path: Path) -> None:
    """--new kept the saved table aside and only then found the port taken: serve stopped
    with 'address already in use' and the table gone from its place for nothing."""
    from casino.net.table import SeatSpec, Table

    table = Table(CLASSIC, SeatSpec.parse_list("person,computer:greedy"), code="ABCD12",
                  seed="s", games=1)
    save = tmp_path / "table.json"
    save.write_text(table.snapshot().model_dump_json())
    before = save.read_bytes()
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        for new in (("--new",), ()):
            refused = subprocess.run(
                cli("serve", "--bind", "127.0.0.1", "--port", str(port), "--no-advertise",
                    "--seats", "person,computer:greedy", "--save", str(save), *new),
                capture_output=True, text=True, timeout=60)
            assert refused.returncode == 2 and refused.stdout == ""
            kept = f". The saved table stays in {save}" if new else ""
            assert refused.stderr == (
                f"casino-cli: cannot listen on 127.0.0.1:{port}: the port is in use by another "
                "program (perhaps another casino-cli serve, or a Casino window hosting); stop "
                f"it, or give another --port (--port 0 picks a free one){kept}\n")
            assert save.read_bytes() == before
            assert not list(tmp_path.glob("table.json.unfinished-*"))
