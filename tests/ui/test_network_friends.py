"""Two friends at a network table over 127.0.0.1 can tell what is going on: who left, who
came back, where the computer plays for whom, that the host closed the table, how to get a
seat back after a crash, and that a person on the other side is not 'thinking'."""

from __future__ import annotations

import contextlib
import gc
import warnings
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from casino.net.remote import Remote
from casino.ui.app import App
from casino.ui.remote_session import RemoteSession
from casino.ui.scenes.network import LobbyScene, NetworkScene
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import TitleScene
from tests.net.conftest import HostProc, start_host
from tests.ui.driver import key, steps
from tests.ui.helpers import make_app
from tests.ui.test_network import anna_hosts, play_own, wait_for
from tests.ui.test_newcomer31 import drawn_texts


@contextlib.contextmanager
def anna_and_ben(seat_timeout: float = 60.0) -> Iterator[tuple[App, TableScene, RemoteSession,
                                                             Remote]]:
    """Anna's window hosts on 127.0.0.1 (the computer sits in for an absent person after
    ``seat_timeout`` seconds, the host's own knob); Ben, a bare connection, takes the other
    seat; Anna has played her first move if she was first: it is Ben's turn."""
    app, lobby = anna_hosts()
    assert lobby.local is not None
    lobby.local.hosted.seat_timeout = seat_timeout
    ben = Remote(f"127.0.0.1:{lobby.local.port}", lobby.local.code, "Ben")
    try:
        wait_for(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene)
        session = table.session
        assert isinstance(session, RemoteSession)
        wait_for(app, lambda: ben.poll() is not None and ben.welcome is not None)
        if session.to_move() == table.viewer:
            play_own(app, table)
        wait_for(app, lambda: session.to_move() == 1 and not session.frames)
        yield app, table, session, ben
    finally:
        ben.close()
        app.stack.replace(TitleScene(app))
        steps(app)


def test_a_connection_closed_twice_leaves_no_coroutine_behind() -> None:
    """A window that left and then closed again (Ben above, in every test's clean-up) made
    its second close's coroutine for a loop already stopped: 'Seated.close was never
    awaited', said by whichever later test the garbage collector ran in."""
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        with anna_and_ben() as (_app, _table, _session, ben):
            ben.close()
        del ben, _app, _table, _session  # a loop never run again holds what was handed it
        gc.collect()
    assert not [w for w in said if "never awaited" in str(w.message)], said


def test_a_guest_forgets_a_table_whose_last_game_is_over() -> None:
    """After the table's last game the Network screen still offered 'Join takes your seat
    back at …' for a table that was gone: the seat is forgotten when the last game ends."""
    from casino.net.protocol import GameOver
    from casino.persistence.tokens import known_tokens, remember_token
    from casino.ui.scenes.network import newest_seat, table_key

    with anna_and_ben() as (_app, _table, _session, ben):
        wait_for(_app, lambda: ben.poll() is not None and ben.state is not None)
        assert ben.welcome is not None
        remember_token(table_key(ben.address, ben.code), ben.welcome.token)
        his = RemoteSession.start(ben)
        ben.frames.put(GameOver(game=0, totals=[3, 8], winner=1, rounds=2, more=True))
        his.poll()
        assert newest_seat(known_tokens(), None) == (ben.address, ben.code)  # more to come
        ben.frames.put(GameOver(game=1, totals=[21, 9], winner=0, rounds=4, more=False))
        his.poll()
        assert newest_seat(known_tokens(), None) is None


def test_a_person_at_another_window_is_choosing_not_thinking(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """'Ben's turn / thinking…' read as a computer."""
    with anna_and_ben() as (app, _table, _session, _ben):
        drawn = drawn_texts(monkeypatch)
        steps(app, 1)
        texts = [text for text, _rect in drawn]
        assert "Ben's turn" in texts and not any(t.startswith("thinking") for t in texts)
        assert any(t.startswith("choosing") for t in texts)


def test_ctrl_z_at_a_network_table_says_there_is_no_undo() -> None:
    """It said 'Nothing of yours to take back yet.' after six moves."""
    with anna_and_ben() as (app, table, _session, _ben):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
                                             mod=pygame.KMOD_CTRL, unicode="", scancode=0))
        steps(app, 1)
        assert table.message.startswith("No undo at a network table")


def test_a_friend_who_leaves_is_said_and_the_computers_moves_for_them_are_marked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The host saw only '(away)' for two minutes, then the computer's moves as the friend's
    own; the friend, back, read 'You: trail 9\u2665' for a move they never made."""
    with anna_and_ben(seat_timeout=0.4) as (app, _table, session, ben):
        assert ben.welcome is not None
        token = ben.welcome.token
        address, code = ben.address, ben.code
        drawn = drawn_texts(monkeypatch)
        ben.close()  # Ben's window goes away on his turn
        wait_for(app, lambda: session.away(1))
        note = session.status_note()
        assert note is not None and "Ben has left the table" in note \
            and "The computer takes their seat in 0:0" in note
        assert any(e.text == "Ben has left the table; the game waits for them."
                   for e in session.log)
        drawn.clear()
        steps(app, 1)
        assert any(t.startswith("Ben \u00b7 ") and t.endswith("(away)") for t, _r in drawn)

        # the computer sits in: said in the log, in Ben's box (drawn as the seats frame comes),
        # and its move marked
        drawn.clear()
        wait_for(app, lambda: any(e.seat == 1 and e.text.startswith("Ben (computer): ")
                                  for e in session.log))
        assert any(e.text == "The computer plays for Ben until they come back."
                   for e in session.log)
        assert session.stood_in(1)
        assert any(t.endswith("(away, the computer plays)") for t, _r in drawn)
        stood = [e.text.split(": ", 1)[1] for e in session.log
                 if e.text.startswith("Ben (computer): ")]

        # Ben comes back with his token: the host is told, and Ben's log says which moves
        # the computer made for him
        back = Remote(address, code, "Ben", token=token)
        try:
            wait_for(app, lambda: back.poll() is not None and back.state is not None
                     and back.welcome is not None)
            wait_for(app, lambda: any(e.text == "Ben is back at the table."
                                      for e in session.log))
            assert not session.stood_in(1)
            his = RemoteSession.start(back)
            mine = [e.text for e in his.log if e.seat == his.me]
            assert [t.removeprefix("The computer for you: ") for t in mine
                    if t.startswith("The computer for you: ")] == stood
            assert not any(t.startswith("You: ") and t.split(": ", 1)[1] in stood
                           for t in mine)
        finally:
            back.close()


def test_after_the_host_closes_the_table_the_friend_reads_one_clear_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The friend's window said 'host closed the table \u2014 R takes your seat back' and still
    '(away)' and 'Waiting for Anna\u2026' beside it."""
    app, lobby = anna_hosts()
    assert lobby.local is not None
    friend = make_app(player_name="Ben")  # (both windows share one data folder here:
    # Ben joins without the token file, which holds Anna's seat at the same address)
    ben = Remote(f"127.0.0.1:{lobby.local.port}", lobby.local.code, "Ben")
    friend.stack.push(LobbyScene(friend, ben, None))
    try:
        wait_for(friend, lambda: isinstance(friend.stack.top, TableScene))
        wait_for(app, lambda: isinstance(app.stack.top, TableScene))
        table = friend.stack.top
        assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
        session = table.session
        anna = app.stack.top
        assert isinstance(anna, TableScene) and isinstance(anna.session, RemoteSession)
        if session.to_move() == session.me:
            play_own(friend, table)
        wait_for(friend, lambda: session.to_move() == 0 and not session.frames)
        drawn = drawn_texts(monkeypatch)
        app.stack.replace(TitleScene(app))  # Anna quits: her window closes the table
        steps(app)
        wait_for(friend, lambda: session.problem() is not None)
        drawn.clear()
        steps(friend, 1)
        texts = [text for text, _rect in drawn]
        whole = " ".join(texts)
        assert "The host closed the table." in whole and "R takes your seat back" in whole
        assert "(away)" not in whole and "Waiting for" not in whole
        assert not any("left the table" in e.text for e in session.log)
    finally:
        friend.stack.replace(TitleScene(friend))
        steps(friend)
        app.stack.replace(TitleScene(app))
        steps(app)


@contextlib.contextmanager
def ben_sat_and_crashed(tmp_path: Path) -> Iterator[tuple[HostProc, int]]:
    """Ben's window joined `casino-cli serve` (its other seat a computer) and went away;
    the host and Ben's seat number."""
    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy",
                      "--seat-timeout", "60", "--save", str(tmp_path / "table.json"))
    try:
        app = make_app(player_name="Ben")
        net = NetworkScene(app)
        app.stack.push(net)
        assert (net.address, net.code) == ("", "")
        net.address, net.code = host.address, host.code
        net.join()
        wait_for(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
        seat = table.session.me
        app.stack.replace(TitleScene(app))  # the window goes away
        steps(app)
        yield host, seat
    finally:
        host.kill()


def join_again(app: App) -> RemoteSession:
    """Join (Enter) on the network screen; the table's session once seated."""
    key(pygame.K_RETURN)
    steps(app)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    wait_for(app, lambda: isinstance(app.stack.top, TableScene)
             or lobby.remote.problem is not None)
    assert lobby.remote.problem is None
    back = app.stack.top
    assert isinstance(back, TableScene) and isinstance(back.session, RemoteSession)
    return back.session


def test_a_window_that_crashed_is_offered_its_seat_back(tmp_path: Path) -> None:
    """After a crash the join lines were empty though seat-tokens.json held the seat."""
    with ben_sat_and_crashed(tmp_path) as (host, seat):
        again = make_app(player_name="Ben")
        net = NetworkScene(again)
        again.stack.push(net)
        assert (net.address, net.code) == (host.address, host.code)  # filled in
        assert join_again(again).me == seat
        again.stack.replace(TitleScene(again))
        steps(again)


@pytest.mark.parametrize("gone", ["another table there", "a seat it never had"])
def test_a_seat_the_host_refuses_as_gone_is_not_offered_again(gone: str) -> None:
    """A kept seat at an address where another table now listens ('wrong join code'), or
    one the table never had ('unknown seat token'), was offered again at every visit."""
    from casino.persistence.tokens import known_tokens, remember_token
    from casino.ui.scenes.network import newest_seat, table_key

    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy")
    try:
        code = "ZZZZZZ" if gone == "another table there" else host.code
        remember_token(table_key("127.0.0.1:1", "OTHERS"), "t0")  # another table: kept
        remember_token(table_key(host.address, code), "old-token")
        app = make_app(player_name="Ben")
        net = NetworkScene(app)
        app.stack.push(net)
        assert (net.address, net.code) == (host.address, code)  # offered: the newest seat
        key(pygame.K_RETURN)
        steps(app)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        wait_for(app, lambda: lobby.remote.problem is not None)
        steps(app)
        assert newest_seat(known_tokens(), None) == ("127.0.0.1:1", "OTHERS")
        lobby.remote.close()
    finally:
        host.kill()


def test_the_seat_is_found_by_the_table_when_its_address_is_another(tmp_path: Path) -> None:
    """The token was looked up by the address as typed: the same table reached another way
    (Find tables lists its LAN address) refused the window as 'the table is full'."""
    with ben_sat_and_crashed(tmp_path) as (host, seat):
        again = make_app(player_name="Ben")
        net = NetworkScene(again)
        again.stack.push(net)
        net.address, net.code = f"localhost:{host.port}", host.code
        assert join_again(again).me == seat
        again.stack.replace(TitleScene(again))
        steps(again)
