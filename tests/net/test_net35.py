"""A tester's network report (s35 net5): each friend at the table reads it right.

Real hosts on 127.0.0.1 (a `casino-cli serve` process, or the window's own host in this
process), real clients and real windows (SDL's dummy driver)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from casino import __version__
from casino.ai.basic import GreedyPolicy
from casino.engine.notation import format_move
from casino.net.client import Seated, url_of
from casino.net.protocol import PROTOCOL_VERSION, GameOver, Hello, StateFrame
from tests.net.conftest import start_host


def wait(what: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if what():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def hello(code: str, name: str, token: str | None = None) -> Hello:
    return Hello(type="hello", version=PROTOCOL_VERSION, app=__version__, code=code, name=name,
                 token=token)


async def play_to_the_end(seated: Seated) -> GameOver:
    """Play the seat with the greedy computer until the table's last game is over."""
    policy = GreedyPolicy()
    while True:
        frame = await seated.recv()
        if isinstance(frame, StateFrame):
            view = frame.view.to_view(seated.ruleset)
            if view.to_move == seated.seat and view.hand:
                await seated.send_move(frame.step, format_move(policy.choose(view)))
        elif isinstance(frame, GameOver) and not frame.more:
            return frame


# -- 1. serve stays up while a guest reads the result ---------------------------------------


def test_serve_stays_up_while_a_guest_reads_the_result_and_ends_when_they_leave() -> None:
    """The host exited 5 s after the last game, while a guest was still at the result (their
    window read that the connection was lost). Now the table stays up until the last player
    has left (or ``--linger`` seconds), then serve ends by itself."""
    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy",
                      "--seed", "s35", "--no-record")

    async def guest() -> tuple[bool, float]:
        seated = await Seated.open(url_of(host.address), hello(host.code, "Anna"))
        await play_to_the_end(seated)
        await asyncio.sleep(6.5)  # reading the score sheet
        still_up = host.proc.poll() is None
        left = time.monotonic()
        await seated.close()
        return still_up, left

    try:
        still_up, left = asyncio.run(guest())
        assert still_up, "serve ended while a guest was still reading the result"
        status, out, err = host.finish(timeout=20)
        assert time.monotonic() - left < 10  # ended once she left, not after --linger
        assert status == 0, err
        assert "the table stays up while its players read the result" in out
        assert "1 games played" in out
    finally:
        host.kill()


def test_serve_linger_bounds_the_wait_for_a_player_who_never_leaves() -> None:
    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy",
                      "--seed", "s35", "--no-record", "--linger", "1")

    async def guest() -> float:
        seated = await Seated.open(url_of(host.address), hello(host.code, "Anna"))
        await play_to_the_end(seated)
        over = time.monotonic()
        await asyncio.to_thread(host.proc.wait, 20)
        await seated.close()
        return time.monotonic() - over

    try:
        assert asyncio.run(guest()) < 8
        assert host.proc.returncode == 0
    finally:
        host.kill()
