"""A tester's network report (s35 net5): each friend at the table reads it right.

Real hosts on 127.0.0.1 (a `casino-cli serve` process, or the window's own host in this
process), real clients and real windows (SDL's dummy driver)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from casino import __version__, i18n
from casino.ai.basic import GreedyPolicy
from casino.engine import load_ruleset
from casino.engine.notation import format_move
from casino.net.client import HOST_CLOSED, JoinRefused, Seated, url_of
from casino.net.protocol import PROTOCOL_VERSION, GameOver, Hello, StateFrame
from casino.net.remote import LocalHost, Remote
from casino.net.table import SeatSpec, Table
from casino.ui.words import reason_text
from tests.net.conftest import join, start_host


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


# -- 2. a computer is named in each window's language ----------------------------------------


def test_a_computer_in_a_hosts_refusal_is_named_in_the_guests_language() -> None:
    """A Swedish guest away at the end read 'final score Bo 9, Computer 2 (greedy) 21': the
    host's words. The refusal names a computer by its seat and level, said by each window."""
    table = Table(load_ruleset("classic"), [SeatSpec(kind="person"),
                                            SeatSpec(kind="computer", level="greedy")],
                  seed="s35")
    local = LocalHost(table, port=0, bind="127.0.0.1")
    local.hosted.computer_delay = 0.0  # the window's host paces its computer for the eye
    address = f"127.0.0.1:{local.port}"

    async def bo() -> JoinRefused:
        seated = await Seated.open(url_of(address), hello(table.code, "Bo"))
        await play_to_the_end(seated)
        await seated.close()
        try:
            await Seated.open(url_of(address), hello(table.code, "Bo", token=seated.token))
        except JoinRefused as exc:
            return exc
        raise AssertionError("a table whose game is over seated Bo again")

    try:
        refusal = asyncio.run(bo())
    finally:
        local.close()
    totals = table.game.totals
    assert str(refusal.reason) == ("this table has ended: its last game is over, final score "
                                   f"Bo {totals[0]}, Computer 2 (Easy) {totals[1]}")
    i18n.set_language("sv")
    said = reason_text(refusal.reason)
    assert f"Dator 2 (Lätt) {totals[1]}" in said and "Computer" not in said, said


def test_whose_turn_it_is_names_the_computer_in_the_guests_language() -> None:
    from casino.net.protocol import ErrorFrame, PlayMove, encode, parse_host
    from casino.net.table import Refused

    table = Table(load_ruleset("classic"), [SeatSpec(kind="person"),
                                            SeatSpec(kind="computer", level="expert")],
                  seed="s35")
    anna = table.sit(hello(table.code, "Anna"))
    if table.to_move() is anna:  # her move first: then it is the computer's turn
        view = table.game.view_for(0)
        table.play(anna, PlayMove(type="move", step=table.step,
                                  move=format_move(GreedyPolicy().choose(view))))
    with pytest.raises(Refused) as refused:
        table.play(anna, PlayMove(type="move", step=table.step, move="AS t"))
    frame = parse_host(encode(ErrorFrame.of(refused.value.reason)))
    assert isinstance(frame, ErrorFrame)
    assert frame.reason == "it is not your turn: Computer 2 (Expert) is to move"
    i18n.set_language("sv")
    assert "Dator 2 (Expert)" in reason_text(frame.why), reason_text(frame.why)


def test_an_older_peer_is_refused_with_both_versions_named() -> None:
    """Version 7 changed what a seat and a refusal carry: a version-6 guest is refused at
    the hello, told both versions, rather than misreading the table."""
    host = start_host("--ruleset", "classic", "--seats", "person,person", "--no-record")

    async def old() -> JoinRefused:
        old_hello = hello(host.code, "Old").model_copy(update={"version": 6})
        try:
            await Seated.open(url_of(host.address), old_hello)
        except JoinRefused as exc:
            return exc
        raise AssertionError("a version-6 hello was seated")

    try:
        refusal = asyncio.run(old())
        assert str(refusal.reason).startswith(
            f"version mismatch: this host speaks protocol 7 (casino {__version__}), you have "
            "protocol 6"), refusal.reason
    finally:
        host.kill()


# -- 3. a host's own ruleset teaches its examples to the guests ---------------------------


MINE = '''base = "classic"
title = "Our house rules"
description = "Classic Casino where a sweep scores 2 points."
source = "us"
[[examples]]
text = "Our favourite: 7C takes 7H."
position = "0;1;7C 2D KH 4S/QS 3C 8H 9D;7H JD 5S;*/-"
move = "7C x 7H"
[scoring]
sweep = 2
'''


def test_a_guest_at_a_hosts_own_ruleset_sees_its_examples(tmp_path: Path) -> None:
    """The examples were left out of the welcome; a guest has no copy of the host's file,
    so the Rules page showed none."""
    from casino.ui.scenes.dialogs import rules_page
    from tests.ui.helpers import make_app

    path = tmp_path / "mine.toml"
    path.write_text(MINE, encoding="utf-8")
    host = start_host("--ruleset", str(path), "--seats", "person,person", "--no-record")
    remote = Remote(host.address, host.code, "Bo")
    try:
        wait(lambda: (remote.poll(), remote.ruleset is not None or remote.problem)[1])
        assert remote.ruleset is not None, remote.problem
        assert [e.text for e in remote.ruleset.examples] == ["Our favourite: 7C takes 7H."]
        page = rules_page(make_app(size=(800, 600)), remote.ruleset)
        assert [text for _move, text in page.examples] == ["take 7\u2665 with 7\u2663"]
        assert "Our favourite: 7\u2663 takes 7\u2665." in page.text
    finally:
        remote.close()
        host.kill()


# -- 4. the lobby's seat marks are the seats' colours ----------------------------------------


def test_the_lobby_marks_each_seat_in_its_table_colour() -> None:
    """Every seat's dot was green: the lobby now marks each in the colour it has at the table,
    in every window."""
    from casino.ui.layout import dialog_layout, fit_font
    from casino.ui.render import seat_colour
    from casino.ui.scenes.network import LobbyScene
    from tests.ui.helpers import make_app

    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy,person",
                      "--no-record")
    remote = Remote(host.address, host.code, "Bo")
    try:
        app = make_app(size=(800, 600))
        lobby = LobbyScene(app, remote, None)
        wait(lambda: (remote.poll(), remote.seats is not None)[1])
        lobby.draw(app.screen)
        w, h = app.screen.get_size()
        lay = dialog_layout(w, h, 10, 1, fit_font(h), 0.55)
        radius = max(5, fit_font(h) // 3)
        for i in range(3):  # two seats taken (a filled dot), the third open (a ring)
            bx, by, _bw, bh = lay.rows[3 + i]
            colour = tuple(app.screen.get_at((bx + 16 + radius - 1, by + bh // 2))[:3])
            assert colour == seat_colour(i, False), (i, colour)
        assert tuple(app.screen.get_at((bx + 16, by + bh // 2))[:3]) != seat_colour(2, False)
    finally:
        remote.close()
        host.kill()


# -- 5. a crash reads otherwise than a Leave -------------------------------------------------


def test_a_killed_guest_reads_as_a_lost_connection_and_a_leave_as_leaving() -> None:
    """Bo's window was killed, and the others read 'Bo has left the table', as if he had
    left on purpose. The host tells a connection that dropped from a goodbye."""
    from casino.ui.remote_session import RemoteSession

    host = start_host("--ruleset", "classic", "--seats", "person,person,person",
                      "--no-record", "--seat-timeout", "600")
    anna = Remote(host.address, host.code, "Anna")
    bo: subprocess.Popen[str] | None = None
    cy: Remote | None = None
    try:
        wait(lambda: (anna.poll(), anna.welcome is not None)[1])
        bo = join(host, "--name", "Bo", "--delay", "30")  # a real process, seated, then killed
        wait(lambda: (anna.poll(), anna.seats is not None and not anna.seats.seats[1].open)[1])
        cy = Remote(host.address, host.code, "Cy")
        wait(lambda: (anna.poll(), anna.state is not None)[1])
        session = RemoteSession.start(anna)
        os.kill(bo.pid, signal.SIGKILL)
        bo.communicate(timeout=10)
        wait(lambda: (session.poll(), 1 in (anna.seats.waiting_for if anna.seats else []))[1])
        assert anna.seats is not None and anna.seats.seats[1].lost
        cy.close()
        wait(lambda: (session.poll(), 2 in (anna.seats.waiting_for if anna.seats else []))[1])
        assert anna.seats is not None and not anna.seats.seats[2].lost
        log = [entry.text for entry in session.log if entry.seat < 0]
        assert "Bo lost the connection; the game waits for them." in log, log
        assert "Cy has left the table; the game waits for them." in log, log
    finally:
        anna.close()
        if cy is not None:
            cy.close()
        if bo is not None and bo.poll() is None:
            bo.kill()
            bo.communicate(timeout=10)
        host.kill()


# -- 6. a closed table frames no one's turn ------------------------------------------------


def test_after_the_host_closes_no_hand_is_framed_as_the_movers() -> None:
    """The host closed the table; the guest's window still lit the host's area as the one to
    move, as if play went on, and its Leave said that the game waits for the guest."""
    from casino.ui.remote_session import RemoteSession
    from casino.ui.scene import HILITE
    from casino.ui.scenes.dialogs import ConfirmScene
    from casino.ui.scenes.network import leave_question
    from casino.ui.scenes.table import TableScene
    from tests.ui.helpers import make_app

    table = Table(load_ruleset("classic"), [SeatSpec(kind="person"), SeatSpec(kind="person")],
                  seed="s35")
    token = table.reserve(0, "Anna")
    local = LocalHost(table, port=0, bind="127.0.0.1")
    address = f"127.0.0.1:{local.port}"
    anna = Remote(address, table.code, "Anna", token=token)
    bo = Remote(address, table.code, "Bo")
    closed = False
    try:
        wait(lambda: (bo.poll(), anna.poll(), bo.state is not None)[2])
        if bo.state is not None and bo.state.view.to_move == 1:  # Bo moves: then Anna is to
            view = bo.state.view.to_view(bo.ruleset)  # type: ignore[arg-type]
            bo.send_move(bo.state.step, format_move(GreedyPolicy().choose(view)))
            wait(lambda: (bo.poll(), bo.state is not None and bo.state.view.to_move == 0)[1])
        app = make_app(size=(800, 600))
        session = RemoteSession.start(bo)
        scene = TableScene(app, session)
        app.stack.push(scene)
        while session.take_computer_move() is not None:
            move = session.take_computer_move()
            assert move is not None
            session.play(move)
        lay = scene.layout()
        box = pygame.Rect(lay.opponents[0])
        scene.draw(app.screen)
        assert tuple(app.screen.get_at((box.x - 1, box.centery))[:3]) == HILITE  # Anna's turn
        local.close()
        closed = True
        wait(lambda: (session.poll(), bo.problem is not None)[1])
        assert bo.problem == HOST_CLOSED
        scene.draw(app.screen)
        assert scene.seat_to_move() is None
        assert tuple(app.screen.get_at((box.x - 1, box.centery))[:3]) != HILITE
        # and Leave no longer says that the game waits for him: nobody plays on
        question = leave_question(app, session, False, lambda: None)
        assert isinstance(question, ConfirmScene)
        assert question.question == ("The host has closed the table. Your seat stays yours: "
                                     "when they host it again, Network → Join takes it "
                                     "back."), question.question
    finally:
        anna.close()
        bo.close()
        if not closed:
            local.close()


# -- 7. Find tables shows the row under the mouse and the one chosen ------------------------


def test_find_tables_lights_the_row_under_the_mouse_and_the_one_chosen() -> None:
    """The tables found were plain lines: nothing said which a click would choose, nor which
    was chosen."""
    from casino.net.discovery import FoundTable
    from casino.ui.scenes.network import LIST_BACK, NetworkScene
    from tests.ui.driver import centre, click, steps
    from tests.ui.helpers import make_app

    app = make_app(size=(800, 600))
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.found = [FoundTable("Anna classic", "192.168.1.20", 7777, "classic", 1,
                              PROTOCOL_VERSION),
                   FoundTable("Ben royal", "192.168.1.21", 7777, "royal", 2, PROTOCOL_VERSION)]
    rows = scene.boxes()[1][1:3]

    def lit() -> list[bool]:
        """Whether each row's free end (past its words) is drawn over the list's ground."""
        scene.draw(app.screen)
        return [tuple(app.screen.get_at((x + w - 12, y + h // 2))[:3]) != LIST_BACK
                for x, y, w, h in rows]

    pygame.mouse.set_pos((2, 2))
    assert lit() == [False, False]
    pygame.mouse.set_pos(centre(rows[1]))
    assert lit() == [False, True]  # under the mouse
    click(centre(rows[0]))
    steps(app)
    assert scene.address == "192.168.1.20:7777"
    pygame.mouse.set_pos((2, 2))
    assert lit() == [True, False]  # chosen: its address is the join line's
