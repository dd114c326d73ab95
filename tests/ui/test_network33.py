"""Friends at a network table, on real sockets on 127.0.0.1: every player sees when the
computer takes an away friend's seat, a seat at a table that is gone can be forgotten, the
title offers a kept seat back, join codes read aloud, and the Network window at two sizes."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from casino.net.remote import Remote
from casino.ui.app import App
from casino.ui.remote_session import RemoteSession
from casino.ui.scenes import network
from casino.ui.scenes.network import NetworkScene
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import TitleScene
from tests.net.conftest import HostProc, start_host
from tests.ui.driver import steps
from tests.ui.helpers import make_app
from tests.ui.test_network import play_own, wait_for
from tests.ui.test_newcomer31 import drawn_texts


@contextlib.contextmanager
def ben_joins(host: HostProc) -> Iterator[tuple[App, TableScene, RemoteSession]]:
    """Ben's window joins ``host`` through the Network screen and sits at the table."""
    app = make_app(player_name="Ben")
    net = NetworkScene(app)
    app.stack.push(net)
    net.address, net.code = host.address, host.code
    net.join()
    try:
        yield app, *seated(app)
    finally:
        app.stack.replace(TitleScene(app))
        steps(app)


def seated(app: App) -> tuple[TableScene, RemoteSession]:
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
    return table, table.session


def test_a_player_who_is_not_the_host_sees_the_countdown_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the host's window counted down; Ben, at `casino-cli serve`'s table where nobody
    hosts from a window, read 'after a while the host's computer plays for them'."""
    host = start_host("--ruleset", "classic", "--seats", "person,person", "--seed", "4",
                      "--seat-timeout", "90")
    anna = Remote(host.address, host.code, "Anna")
    try:
        with ben_joins(host) as (app, table, session):
            if session.to_move() == session.me:
                play_own(app, table)
            anna_seat = 1 - session.me
            wait_for(app, lambda: session.to_move() == anna_seat and not session.frames)
            drawn = drawn_texts(monkeypatch)
            anna.close()  # Anna's window goes away on her turn
            wait_for(app, lambda: session.away(anna_seat))
            drawn.clear()
            steps(app, 1)
            whole = " ".join(text for text, _rect in drawn)
            assert re.search(r"Anna has left the table\. The computer takes their seat in "
                             r"1:(2\d|30) unless they come back\.", whole), whole
            assert "after a while" not in whole
    finally:
        anna.close()
        host.kill()


def test_windows_of_the_last_versions_are_refused_by_name() -> None:
    """A seat's countdown (5), the welcome's ``host`` and ``seat_timeout`` (6) and a seat's
    ``lost`` (7) are fields a window of version 4, 5 or 6 would refuse as unknown: it is
    told at the hello which versions differ, not left with a frame it cannot read."""
    from websockets.sync.client import connect

    from casino.net.protocol import PROTOCOL_VERSION, parse_host

    assert PROTOCOL_VERSION == 7
    host = start_host("--ruleset", "classic", "--seats", "person,person")
    try:
        for old in (4, 5, 6):
            with connect(f"ws://{host.address}", proxy=None, open_timeout=30) as ws:
                ws.send(json.dumps({"type": "hello", "version": old, "app": "0.1.0",
                                    "code": host.code, "name": "Old"}))
                frame = parse_host(ws.recv(timeout=30))
            assert frame.type == "error" and frame.fatal
            assert frame.reason == ("version mismatch: this host speaks protocol 7 (casino "
                                    f"0.1.0), you have protocol {old} (casino 0.1.0)")
    finally:
        host.kill()


def test_the_countdown_runs_from_when_the_seats_came() -> None:
    """The host says the seconds left when it sends the seats; a window counts on from
    when they arrived, whatever its clock says."""
    from casino.net.protocol import Seats, SeatStatus

    remote = Remote.__new__(Remote)
    remote.seats = Seats(seats=[SeatStatus(seat=0, name="A", kind="person", connected=True),
                                SeatStatus(seat=1, name="B", kind="person", connected=False,
                                           stand_in_after=30.0)], waiting_for=[1])
    import time

    remote.seats_at = time.monotonic() - 10
    left = remote.stand_in_after(1)
    assert left is not None and 19 <= left <= 20.5
    assert remote.stand_in_after(0) is None
    remote.seats_at = time.monotonic() - 100
    assert remote.stand_in_after(1) == 0.0


def test_a_table_that_ended_while_its_guest_was_away_says_the_result_and_is_forgotten(
        ) -> None:
    """Ben's seat was still offered after the computer had played his last game to its
    end; Join then sat him at a table whose game was over, and the seat was never
    forgotten. The host, still up, now answers with the result, and the seat goes."""
    from casino.engine import load_ruleset
    from casino.net.remote import LocalHost
    from casino.net.table import SeatSpec, Table
    from casino.persistence.tokens import known_tokens, newest_seat
    from casino.ui.scenes.network import LobbyScene

    table = Table(load_ruleset("classic"), [SeatSpec(kind="person"),
                                            SeatSpec(kind="computer", level="greedy")],
                  seed="away")
    local = LocalHost(table, port=0, bind="127.0.0.1")
    local.hosted.computer_delay = 0.0
    local.hosted.seat_timeout = 0.05
    local.hosted.stand_in_level = "greedy"
    try:
        host = HostProc.__new__(HostProc)
        host.port, host.code = local.port, local.code
        with ben_joins(host) as (app, _table, _session):
            pass  # Ben's window goes away; the computer plays his seat to the end
        wait_for(app, lambda: local.hosted.done.is_set())
        assert newest_seat(known_tokens(), None) == (host.address, host.code)

        again = make_app(player_name="Ben")
        net = NetworkScene(again)
        again.stack.push(net)
        assert (net.address, net.code) == (host.address, host.code)  # still offered
        net.join()
        lobby = again.stack.top
        assert isinstance(lobby, LobbyScene)
        wait_for(again, lambda: lobby.remote.problem is not None)
        steps(again)
        said = lobby.remote.problem
        assert said is not None and str(said) == (
            "this table has ended: its last game is over, final score "
            f"Ben {table.game.totals[0]}, Computer 2 (Easy) {table.game.totals[1]}")
        assert newest_seat(known_tokens(), None) is None  # forgotten as soon as it is said
        lobby.back_to_join()
        net = again.stack.top
        assert isinstance(net, NetworkScene) and net.rejoin is None
        assert (net.address, net.code) == ("", "") and net.done == str(said)
        lobby.remote.close()
    finally:
        local.close()


def test_a_kept_seat_where_nothing_answers_is_said_plainly_and_can_be_forgotten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Join at a kept seat whose host is gone said only 'no table is hosted at … now', and
    the seat was offered again at every visit, with no way to drop it."""
    from casino.persistence.tokens import known_tokens, newest_seat, remember_token, table_key
    from casino.ui.scenes.network import LobbyScene
    from tests.ui.driver import centre, click

    remember_token(table_key("127.0.0.1:1", "OTHERS"), "t0")  # an older seat: kept
    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy",
                      "--save", str(tmp_path / "table.json"))
    try:
        with ben_joins(host):
            pass
    finally:
        host.kill()  # the host's machine is gone
    app = make_app(player_name="Ben")
    net = NetworkScene(app)
    app.stack.push(net)
    assert (net.address, net.code) == (host.address, host.code)
    net.join()
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    wait_for(app, lambda: lobby.remote.problem is not None)
    drawn = drawn_texts(monkeypatch, network)
    steps(app, 1)
    whole = " ".join(text for text, _rect in drawn)
    assert f"The host cannot be reached: no table is hosted at {host.address} now." in whole
    assert "If that game is over, forget the seat." in whole
    assert lobby.forget in lobby.shown_buttons()
    click(centre(lobby.forget.box))
    steps(app)
    assert isinstance(app.stack.top, NetworkScene)
    assert newest_seat(known_tokens(), None) == ("127.0.0.1:1", "OTHERS")
    assert app.stack.top.done == \
        f"The seat at {host.address} (code {host.code}) is forgotten."


@pytest.mark.parametrize("resume_too", [False, True])
def test_the_title_offers_a_kept_seat_back_at_launch(tmp_path: Path, resume_too: bool) -> None:
    """After a crash the title offered only the local game (or nothing): the seat kept at
    the network table had to be found on the Network screen."""
    from casino.persistence import save_game
    from casino.ui.app import launch, parse_args
    from casino.ui.scenes.network import LobbyScene
    from casino.ui.scenes.title import RejoinScene, ResumeScene

    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy",
                      "--seat-timeout", "60", "--save", str(tmp_path / "table.json"))
    try:
        with ben_joins(host) as (_app, _table, session):
            seat = session.me
        if resume_too:  # a game against the computer is saved here as well
            local = make_app()
            local.new_game()
            table = local.stack.top
            assert isinstance(table, TableScene)
            save_game(table.session.save)
        app = launch(parse_args(["--no-sound"]))
        assert not isinstance(app, int)
        app.change_settings(player_name="Ben", animation=False)
        if resume_too:  # the seat first: the friends wait for it, the local game does not
            assert [type(s) for s in app.stack.scenes] == [TitleScene, ResumeScene,
                                                           RejoinScene]
        assert isinstance(app.stack.top, RejoinScene)
        offer = app.stack.top
        assert (offer.address, offer.code) == (host.address, host.code)
        steps(app)
        from tests.ui.driver import centre, click

        click(centre(offer.buttons[0].box))  # one click: Rejoin
        steps(app)
        assert isinstance(app.stack.top, LobbyScene | TableScene)
        _back, again = seated(app)
        assert again.me == seat
        app.stack.replace(TitleScene(app))
        steps(app)
    finally:
        host.kill()


def test_the_title_offers_nothing_without_a_kept_seat() -> None:
    from casino.ui.app import launch, parse_args

    app = launch(parse_args(["--no-sound"]))
    assert not isinstance(app, int)
    assert [type(s) for s in app.stack.scenes] == [TitleScene]


def test_join_codes_have_no_look_alikes() -> None:
    """Codes held both S and 5, Z and 2, B and 8: read out or copied by hand, 'K5ZB2S' was
    typed wrong as often as not."""
    from casino.net.table import new_code

    seen = set("".join(new_code() for _ in range(3000)))
    assert not seen & set("0O1I5S2Z8B") - set("SZB")
    assert {"S", "Z", "B"} <= seen


def test_a_code_typed_with_a_look_alike_is_read_and_an_older_seat_still_rejoins(
        tmp_path: Path) -> None:
    """The host compared codes letter for letter: a friend typing S for the 5 of a table
    saved with an older code ('K5Z2B8') was refused as 'wrong join code', and a kept seat
    was not found under the code as typed."""
    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy",
                      "--code", "K5Z2B8", "--seat-timeout", "60",
                      "--save", str(tmp_path / "table.json"))
    try:
        with ben_joins(host) as (_app, _table, session):  # typed as the host wrote it
            seat = session.me
        app = make_app(player_name="Ben")
        net = NetworkScene(app)
        app.stack.push(net)
        net.address, net.code = host.address, "kszzbb"  # as read aloud: letters only
        net.join()
        _table, again = seated(app)
        assert again.me == seat  # the seat kept under 'K5Z2B8' is found and taken back
        app.stack.replace(TitleScene(app))
        steps(app)
    finally:
        host.kill()


LONG = ("cannot host on port 7777: the port is in use by another program (perhaps another "
        "casino-cli serve, or a Casino window hosting); close it, or type another port above "
        "(0 picks a free one)")


@pytest.mark.parametrize("size", [(640, 400), (1280, 800)])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("message", ["", LONG])
def test_the_network_window_has_no_empty_middle(
        size: tuple[int, int], players: int, message: str) -> None:
    """With two players the window's middle was empty: its height is kept for four seats,
    three tables found and a long message, and the tables' heading sat alone in it. The
    list of tables found now takes the room down to the message (or the buttons)."""
    from casino.net.discovery import FoundTable

    app = make_app(size, player_name="Anna")
    net = NetworkScene(app)
    app.stack.push(net)
    while len(net.rows()) < players + 5:
        net.change(1, 1)
    net.message = message
    net.found = [FoundTable(f"Host{k} classic", "192.168.1.2", 7777 + k, "classic", 1, 5)
                 for k in range(3)]
    steps(app)
    rows, found, _box = net.boxes()
    step = rows[1][1] - rows[0][1]
    gap_above = found[0][1] - (rows[-1][1] + rows[-1][3])
    lines = net.note_lines(message) if message else []
    size_ = found[0][3]
    below = net.buttons[0].box[1] - (found[-1][1] + found[-1][3])
    assert gap_above <= step * 1.5
    assert len(found) >= 4  # the heading and the three tables found
    assert below <= step + len(lines) * round(size_ * 1.3) + step // 2, (below, len(lines))
    if message:
        assert not lines[-1].endswith("\u2026")  # whole, under the list, over the buttons


def test_what_was_just_done_gives_way_at_the_next_key() -> None:
    """After 'The seat at … is forgotten' the Network screen is filled in with the next kept
    seat, but the line over the buttons went on saying what was done, never again what
    Join would do, for as long as the screen stayed open."""
    from casino.persistence.tokens import remember_token, table_key
    from casino.ui.scene import HILITE
    from tests.ui.driver import key

    remember_token(table_key("127.0.0.1:1", "OTHERS"), "t0")
    app = make_app(player_name="Ben")
    net = NetworkScene(app)
    app.stack.replace(net)
    net.done = "The seat at 127.0.0.1:2 (code GONE) is forgotten."
    assert net.note() == (net.done, HILITE)
    key(pygame.K_DOWN)
    steps(app)
    note = net.note()
    assert note is not None and note[0].startswith("Join takes your seat back at 127.0.0.1:1"), \
        note


def test_a_kept_seat_whose_address_does_not_read_says_why_on_rejoin() -> None:
    """Rejoin on a kept seat whose address Join refuses (a hand-edited seat file) closed the
    offer and left the title without a word: the refusal went to a Network screen that was
    never shown."""
    from casino.ui.scenes.title import RejoinScene
    from tests.ui.driver import key

    app = make_app(player_name="Ben")
    app.stack.replace(TitleScene(app))
    app.stack.push(RejoinScene(app, "nohost", "KSZ347"))
    steps(app)
    key(pygame.K_RETURN)
    steps(app)
    net = app.stack.top
    assert isinstance(net, NetworkScene), app.stack.scenes
    assert (net.address, net.code) == ("nohost", "KSZ347")
    assert "expected HOST:PORT" in net.message
