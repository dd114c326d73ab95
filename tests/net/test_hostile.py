"""A hostile client against a real host process: nothing it sends changes the game, and
every frame it sends is answered with an error frame."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from contextlib import ExitStack
from typing import Any

from websockets.sync.client import ClientConnection, connect

from casino.engine import load_ruleset
from casino.engine.cards import DECK
from casino.engine.errors import CasinoError
from casino.engine.notation import format_move, parse_move
from casino.engine.rules import legal_moves
from casino.net.protocol import PROTOCOL_VERSION, Hello, encode, parse_host
from tests.net.conftest import HostProc, cli, start_host

CLASSIC = load_ruleset("classic")


def hello(host: HostProc, **fields: Any) -> str:
    data = {"code": host.code, "name": "Eve", **fields}
    return encode(Hello(type="hello", version=PROTOCOL_VERSION, **data))


def sit(host: HostProc, seat: int, stack: ExitStack) -> ClientConnection:
    ws = stack.enter_context(connect(f"ws://{host.address}", proxy=None, max_size=None))
    ws.send(hello(host, seat=seat))
    assert parse_host(ws.recv(timeout=30)).type == "welcome"
    return ws


def next_state(ws: ClientConnection) -> Any:
    while True:
        frame = parse_host(ws.recv(timeout=30))
        if frame.type == "state":
            return frame


def junk(rng: random.Random, state: Any, seat: int) -> str | bytes:
    """One bad frame: broken JSON, wrong shapes, huge, binary, or a move that is not legal."""
    view = state.view.to_view(CLASSIC)
    kind = rng.randrange(12)
    if kind == 0:
        return "{" * rng.randrange(1, 40) + "move"
    if kind == 1:
        return json.dumps(rng.choice([[1, 2], "move", 7, None, {"type": "dance"}]))
    if kind == 2:
        return json.dumps({"type": "move", "step": "now", "move": 5})
    if kind == 3:
        return json.dumps({"type": "move", "step": state.step, "move": "x" * 300})
    if kind == 4:
        return "[" * 5000 + "]" * 5000  # deeply nested
    if kind == 5:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 6 and rng.random() < 0.3:
        return json.dumps({"type": "move", "step": 0, "move": "5H t", "pad": "a" * 70_000})
    if kind == 7:  # a seated connection claiming another seat
        return json.dumps({"type": "hello", "version": PROTOCOL_VERSION, "code": "ZZZZZZ",
                           "name": "Eve", "seat": 1 - seat})
    if kind == 8:
        return json.dumps({"type": "move", "step": state.step + rng.randrange(1, 5),
                           "move": f"{rng.choice(DECK)} t"})
    # A move in the notation: a card not held, a capture that does not add up, a build
    # without the card to take it, or any move when it is not this seat's turn.
    while True:
        card = rng.choice(view.hand) if view.hand and rng.random() < 0.7 else rng.choice(DECK)
        items = [str(c) for c in rng.sample(DECK, rng.randrange(0, 3))]
        text = rng.choice([f"{card} t", f"{card} x {' '.join(items)}",
                           f"{card} b{rng.randrange(2, 14)} {' '.join(items)}"])
        if view.to_move != seat:
            break
        try:
            move = parse_move(view, text)
        except CasinoError:
            break
        if move not in legal_moves(view):
            break
    return json.dumps({"type": "move", "step": state.step, "move": text})


def test_two_thousand_hostile_frames_change_nothing(tmp_path: Any) -> None:
    host = start_host("--ruleset", "classic", "--seed", "11", "--rate", "100000",
                      "--save", str(tmp_path / "t.json"))
    stack = ExitStack()
    try:
        seats = [sit(host, 0, stack), sit(host, 1, stack)]
        states = [next_state(ws) for ws in seats]
        assert {s.step for s in states} == {0}
        rng = random.Random(19)
        errors = 0
        for n in range(2000):
            seat = n % 2
            ws = seats[seat]
            frame = junk(rng, states[seat], seat)
            ws.send(frame)
            try:
                reply = parse_host(ws.recv(timeout=30))
            except TimeoutError:
                raise AssertionError(f"frame {n} got no answer: {str(frame)[:80]!r}") from None
            assert reply.type == "error", f"frame {n} ({str(frame)[:80]!r}) got {reply}"
            assert reply.reason and not reply.fatal
            errors += 1
        assert errors == 2000
        # Claims on seats by new connections: taken seats, made-up tokens, wrong codes.
        for fields in ({"seat": 0}, {"seat": 1}, {"token": "A" * 22}, {"code": "WRONG1"},
                       {"seat": 3}):
            with connect(f"ws://{host.address}", proxy=None) as other:
                other.send(hello(host, **fields))
                reply = parse_host(other.recv(timeout=30))
                assert reply.type == "error" and reply.fatal, reply
        assert host.proc.poll() is None
        # Nothing moved: the side to move now plays, and both see step 1 next.
        mover = states[0].view.to_move
        view = states[mover].view.to_view(CLASSIC)
        seats[mover].send(json.dumps({"type": "move", "step": 0,
                                      "move": format_move(legal_moves(view)[0])}))
        for ws in seats:
            assert next_state(ws).step == 1
    finally:
        stack.close()
        host.kill()


def test_a_flood_is_refused_frame_by_frame(tmp_path: Any) -> None:
    # Four frames a second (bursts of 10): at least 200 of the 300 are refused unless a
    # loaded host takes over 20 s to read them (at 20 a second, one that took over 3 s let
    # too many through); one a second made the refill below wait a whole second.
    host = start_host("--ruleset", "classic", "--seed", "12", "--rate", "4",
                      "--save", str(tmp_path / "t.json"))
    stack = ExitStack()
    try:
        seats = [sit(host, 0, stack), sit(host, 1, stack)]
        states = [next_state(ws) for ws in seats]
        for _ in range(300):
            seats[0].send('{"type": "move", "step": 99, "move": "5H t"}')
        reasons = [parse_host(seats[0].recv(timeout=30)) for _ in range(300)]
        assert all(r.type == "error" for r in reasons)
        limited = [r for r in reasons if "too many frames" in r.reason]  # type: ignore[union-attr]
        assert len(limited) >= 200
        time.sleep(0.3)  # the bucket refills a token: the flooder may play again
        mover = states[0].view.to_move
        view = states[mover].view.to_view(CLASSIC)
        seats[mover].send(json.dumps({"type": "move", "step": 0,
                                      "move": format_move(legal_moves(view)[0])}))
        assert next_state(seats[1 - mover]).step == 1
    finally:
        stack.close()
        host.kill()


def test_refusals_end_a_join_with_one_line(tmp_path: Any) -> None:
    host = start_host("--ruleset", "classic", "--seats", "person,computer:random",
                      "--save", str(tmp_path / "t.json"))
    stack = ExitStack()
    try:
        wrong = subprocess.run(cli("join", host.address, "--code", "NOPE99"),
                               capture_output=True, text=True, timeout=60)
        assert wrong.returncode == 2
        assert wrong.stderr.strip().splitlines() == ["casino-cli join: refused: wrong join code"]
        sit(host, 0, stack)
        full = subprocess.run(cli("join", host.address, "--code", host.code),
                              capture_output=True, text=True, timeout=60)
        assert full.returncode == 2
        assert full.stderr.strip().splitlines() == ["casino-cli join: refused: the table is full"]
        # A client of another protocol version: both versions are named.
        other = subprocess.run(
            [sys.executable, "-c",
             "import sys, casino.net.client as c; c.PROTOCOL_VERSION = 99; "
             "from casino.cli import main; "
             f"sys.exit(main(['join', '{host.address}', '--code', '{host.code}']))"],
            capture_output=True, text=True, timeout=60)
        assert other.returncode == 2
        (line,) = other.stderr.strip().splitlines()
        assert "version mismatch" in line and f"protocol {PROTOCOL_VERSION}" in line \
            and "protocol 99" in line
    finally:
        stack.close()
        host.kill()
