"""The network scenes with a real host on 127.0.0.1 in this process: host, lobby, play."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pygame
import pytest

from casino.ai.hint import opinion
from casino.engine import Card, Move, Trail
from casino.engine.notation import format_move
from casino.engine.rules import legal_moves
from casino.net.remote import Remote
from casino.ui.app import App
from casino.ui.remote_session import RemoteSession
from casino.ui.scenes import table_view
from casino.ui.scenes.dialogs import GameOverScene
from casino.ui.scenes.network import LobbyScene, NetworkScene, hosted_path
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import TitleScene
from tests.net.conftest import HostProc, start_host
from tests.ui.driver import click_move, key, settled, steps, top_name
from tests.ui.helpers import make_app
from tests.ui.test_screenshots import save


def wait_for(app, what, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    """Step the window until ``what`` is true; ``timeout`` is for a loaded machine (a
    check that passes returns at once, so a generous bound costs nothing)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        steps(app, 1)
        if what():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_title_leads_to_the_network_scene() -> None:
    app = make_app()
    app.stack.push(TitleScene(app))
    steps(app)
    key(pygame.K_n)
    steps(app)
    assert isinstance(app.stack.top, NetworkScene)
    save(app, "network")


def saved_step(path: Path) -> int | None:
    """The step of a saved table (None before the host has written it)."""
    try:
        return int(json.loads(path.read_text("utf-8"))["step"])
    except (OSError, ValueError, KeyError):
        return None


def play_own(app: App, table: TableScene, move: Move | None = None) -> None:
    """The window's person plays (a trail by default, by clicking the card), and the host's
    answer is shown."""
    session = table.session
    assert isinstance(session, RemoteSession)
    wait_for(app, table.can_act)
    step = session.shown.step if session.shown else 0
    if move is None:
        moves = legal_moves(table.view())
        move = next((m for m in moves if isinstance(m, Trail)), moves[0])
    click_move(app, move)
    wait_for(app, lambda: session.shown is not None and session.shown.step > step
             and not session.sent)
    assert any(e.seat == session.me for e in session.log)


def anna_hosts() -> tuple[App, LobbyScene]:
    """Anna's window hosts a table on 127.0.0.1, its second seat open: the lobby, seated."""
    app = make_app(player_name="Anna")
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    wait_for(app, lambda: lobby.remote.seats is not None)
    return app, lobby


def test_hosting_shows_the_lobby_then_a_person_joins_and_plays() -> None:
    app, lobby = anna_hosts()
    assert lobby.local is not None
    save(app, "lobby")
    assert [s.open for s in lobby.remote.seats.seats] == [False, True]
    other = Remote(f"127.0.0.1:{lobby.local.port}", lobby.local.code, "Ben")
    try:
        wait_for(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
        assert len(table.view().hand) == 4 and table.session.seats[1].name == "Ben"
        save(app, "network_table")
        for _ in range(3):  # Anna trails by a click; Ben answers through his own connection
            if table.session.to_move() == table.viewer:
                play_own(app, table)
            else:
                wait_for(app, lambda: other.poll() is not None and other.state is not None
                         and other.state.view.to_move == other.state.view.player)
                assert other.state is not None and other.ruleset is not None
                move = legal_moves(other.state.view.to_view(other.ruleset))[-1]
                other.send_move(other.state.step, format_move(move))
                wait_for(app, lambda s=other.state.step: table.session.shown.step > s)  # type: ignore[misc,union-attr]
        assert [e.seat for e in table.session.log if e.seat >= 0][:3] in ([0, 1, 0], [1, 0, 1])
        save(app, "network_table_after_move")
        # A table hosted here is saved after every move, as casino-cli serve saves its own.
        assert hosted_path().exists()
    finally:
        other.close()
        app.stack.replace(TitleScene(app))  # leaving the table closes the connections
        steps(app)


@pytest.mark.parametrize("saved", ["damaged", "ruleset gone"])
def test_hosting_over_a_saved_table_that_does_not_load_sets_it_aside(saved: str) -> None:
    """Host started a new table and saved it over the old file as soon as the window sat
    down: a damaged table, or a sound one whose ruleset is gone for now, was lost."""
    app = make_app(player_name="Anna")
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.host(port=0, bind="127.0.0.1")  # a table to take the save of
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    wait_for(app, lambda: saved_step(hosted_path()) is not None)
    app.stack.replace(TitleScene(app))
    steps(app)
    data = json.loads(hosted_path().read_text("utf-8"))
    data["current"]["ruleset"] = "gone"
    text = b'{"format": 1, "code": "AB' if saved == "damaged" else json.dumps(data).encode()
    hosted_path().write_bytes(text)
    scene = NetworkScene(app)
    app.stack.push(scene)
    assert str(hosted_path()) in scene.message
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        wait_for(app, lambda: saved_step(hosted_path()) is not None)
    finally:
        app.stack.replace(TitleScene(app))
        steps(app)
    [aside] = hosted_path().parent.glob(f"{hosted_path().name}.unfinished-*")
    assert aside.read_bytes() == text


def test_a_damaged_seat_tokens_file_is_kept_aside_not_written_over() -> None:
    """It was read as no tokens and replaced by this table's token, silently."""
    from casino.persistence.tokens import tokens_path

    tokens_path().parent.mkdir(parents=True, exist_ok=True)
    tokens_path().write_bytes(b'{"127.0.0.1:7777 ABC123": "tok')
    app = make_app(player_name="Anna")
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        wait_for(app, lambda: lobby.remote.welcome is not None)
        steps(app)  # the lobby keeps the token
    finally:
        app.stack.replace(TitleScene(app))
        steps(app)
    [aside] = tokens_path().parent.glob(f"{tokens_path().name}.broken-*")
    assert aside.read_bytes() == b'{"127.0.0.1:7777 ABC123": "tok'
    assert len(json.loads(tokens_path().read_text())) == 1


def test_a_seat_token_that_cannot_be_kept_is_said_once_at_the_table() -> None:
    """A folder where the tokens file goes: the token is not kept (no rejoin after a
    restart), and the table says so once, in red, instead of nothing (the window's own copy
    of the token code swallowed the error, and tried again every frame)."""
    from casino.persistence.tokens import tokens_path

    tokens_path().mkdir(parents=True)
    app, lobby = anna_hosts()
    assert lobby.local is not None
    other = Remote(f"127.0.0.1:{lobby.local.port}", lobby.local.code, "Ben")
    try:
        wait_for(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert "seat token not kept" in table.message and table.message_kind == "error", \
            table.message
    finally:
        other.close()
        app.stack.replace(TitleScene(app))
        steps(app)
    assert tokens_path().is_dir()


def test_the_window_rejoins_a_serve_host_with_its_token(tmp_path: Path) -> None:
    """A window joins `casino-cli serve`, plays, drops; a new window (same user data folder)
    joins again and is back at its seat with the same view; the host is killed and hosted
    again from its save, and R at the table rejoins."""
    save_file = tmp_path / "table.json"
    args = ("--ruleset", "classic", "--seats", "person,computer:greedy", "--save",
            str(save_file), "--seat-timeout", "60")
    host = start_host(*args)
    try:
        app = make_app(player_name="Anna")
        net = NetworkScene(app)
        app.stack.push(net)
        net.address, net.code = host.address, host.code.lower()
        net.join()
        wait_for(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene)
        play_own(app, table)
        play_own(app, table)
        session = table.session
        wait_for(app, table.can_act)  # the game waits for Anna while she is away
        assert isinstance(session, RemoteSession) and session.shown is not None
        seen = session.shown.view
        app.stack.replace(TitleScene(app))  # the window goes away: its connection drops
        steps(app)

        again = make_app(player_name="Anna")
        net = NetworkScene(again)
        again.stack.push(net)
        net.address, net.code = host.address, host.code
        net.join()
        wait_for(again, lambda: isinstance(again.stack.top, TableScene))
        table = again.stack.top
        assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
        back = table.session
        assert back.shown is not None and back.shown.view == seen  # its seat, exactly
        # The moves played before the drop are in the log again, in the same words, and the
        # computer's last move is in its box and on the status line.
        before_drop = [(e.seat, e.text) for e in session.log if e.seat >= 0]
        assert [(e.seat, e.text) for e in back.log if e.seat >= 0] == before_drop
        computer = [text for seat, text in before_drop if seat == 1]
        assert computer and table_view.last_move(back, 1) == computer[-1].split(": ", 1)[1]
        assert table.message == back.log[-1].text == computer[-1]  # Anna is to move
        save(again, "network_rejoined_log")
        play_own(again, table)

        # The host crashes once the computer has answered and the save has its move (it is
        # written in a thread); hosted again from its save, the window rejoins with R. (Killed
        # while the computer was still to move, the host hosted again would have it move at
        # once, and the window would show the rejoin frame and that move in one step: the
        # position seen before the crash is then never on the screen again.)
        wait_for(again, lambda: table.can_act()
                 and saved_step(save_file) == back.shown.step)  # type: ignore[union-attr]
        host.kill()
        wait_for(again, lambda: back.problem() is not None)
        save(again, "network_lost")
        host = start_host(*args, port=host.port)
        before = back.shown.view
        logged = [(e.seat, e.text) for e in back.log if e.seat >= 0]
        key(pygame.K_r)
        wait_for(again, lambda: back.problem() is None and back.shown is not None
                 and back.remote is not None and back.remote.state is not None)
        wait_for(again, lambda: back.shown is not None and back.shown.view == before)
        assert [(e.seat, e.text) for e in back.log if e.seat >= 0] == logged  # not twice
        assert logged[:len(before_drop)] == before_drop
        play_own(again, table)
        again.stack.replace(TitleScene(again))
        steps(again)
    finally:
        host.kill()


def test_the_hosts_own_seat_is_kept_before_anyone_can_join() -> None:
    """A friend who connects before the window's own connection does not take seat 1: the
    window is seated there by token (hosting the saved table again relies on it)."""
    app = make_app(player_name="Anna")
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    try:
        first = lobby.local.table.seats[0]
        assert first.name == "Anna" and first.token is not None and not first.open
        assert lobby.remote.hello.token == first.token
        wait_for(app, lambda: lobby.remote.welcome is not None)
        assert lobby.remote.welcome is not None and lobby.remote.welcome.seat == 0
    finally:
        from casino.ui.scenes.network import leave

        leave(app, lobby.remote, lobby.local)


def test_a_table_hosted_here_is_hosted_again_from_its_save() -> None:
    """The window's host saves the table; hosting again resumes it with the same code, and
    the players (the host's own person too) are back at their seats."""
    app = make_app(player_name="Anna")
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    code = lobby.local.code
    other = Remote(f"127.0.0.1:{lobby.local.port}", code, "Ben")
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
    wait_for(app, lambda: other.poll() is not None and other.welcome is not None)
    assert other.welcome is not None
    token = other.welcome.token
    if table.session.to_move() == table.viewer:
        play_own(app, table)
    wait_for(app, lambda: table.session.shown is not None)
    seen = table.session.shown.view  # type: ignore[union-attr]
    wait_for(app, lambda: saved_step(hosted_path()) == table.session.shown.step)  # type: ignore[union-attr]
    other.close()
    app.stack.replace(TitleScene(app))  # the host quits: its table stays in the save
    steps(app)
    assert hosted_path().exists()

    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    assert lobby.local.code == code
    ben = Remote(f"127.0.0.1:{lobby.local.port}", code, "Ben", token=token)
    try:
        wait_for(app, lambda: isinstance(app.stack.top, TableScene))
        table = app.stack.top
        assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
        assert table.session.shown is not None and table.session.shown.view == seen
        wait_for(app, lambda: ben.poll() is not None and ben.welcome is not None)
        assert ben.welcome is not None and ben.welcome.seat == 1
    finally:
        ben.close()
        app.stack.replace(TitleScene(app))
        steps(app)


def join_table(host: HostProc) -> tuple[App, TableScene, RemoteSession]:
    """A window (this test's user data folder) joins the host by address and code."""
    app = make_app(player_name="Anna")
    net = NetworkScene(app)
    app.stack.push(net)
    net.address, net.code = host.address, host.code
    net.join()
    wait_for(app, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    assert isinstance(table, TableScene) and isinstance(table.session, RemoteSession)
    return app, table, table.session


def hint_here(app: App, table: TableScene) -> Move:
    """The move the table's hint (H) marks, once its search is done."""
    table.ask_hint()
    deadline = time.monotonic() + 60
    while table.hint is None and time.monotonic() < deadline:
        steps(app, 1)
        time.sleep(0.005)
    assert table.hint is not None
    return table.hint[0]


def test_a_whole_network_game_at_the_main_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Against `casino-cli serve` and its computer: every round's summary and the game's end
    come from the host's frames (the totals the host announces), and the table never draws
    a card face up that is not in this seat's own hand. After the first round the window is
    closed and a new one joins mid-game: its score sheet starts from the host's totals. The
    hint here is the search the review asks of the host's view (``casino.ai.hint.opinion``)."""
    host = start_host("--ruleset", "classic", "--seats", "person,computer:greedy")
    drawn: list[Card] = []
    real = table_view.draw_card

    def spy(surface: pygame.Surface, card: Card | None, *args: object, **kw: object) -> None:
        if card is not None:
            drawn.append(card)
        real(surface, card, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_card", spy)
    try:
        app, table, session = join_table(host)
        rng = random.Random(4)
        summaries = 0
        rejoined = hinted = False
        deadline = time.monotonic() + 240  # ~10 s on an idle machine
        while time.monotonic() < deadline:
            if summaries == 1 and not rejoined and session.game.round_index == 1:
                app.stack.replace(TitleScene(app))  # closed mid-game; a new window joins
                steps(app)
                app, table, session = join_table(host)
                assert session.shown is not None and session.shown.round == 1
                assert list(session.game.totals) == session.shown.view.totals != [0, 0]
                rejoined = True
            drawn.clear()
            steps(app, 1)
            top = app.stack.top
            if top is table:
                assert set(drawn) <= set(session.view().hand)
            if top_name(app) == "GameOverScene":
                break
            if top_name(app) == "SummaryScene":
                summaries += 1
                settled(app)
                key(pygame.K_RETURN)
            elif table.can_act():
                # the hint here asks what the host's review would ask: the host's view
                assert session.shown is not None
                host_view = session.shown.view.to_view(session.ruleset)
                assert table.view()._replace(totals=()) == host_view._replace(totals=())
                if not hinted:
                    hinted = hint_here(app, table) == opinion(host_view)[0][0]
                    assert hinted
                table.play_own(rng.choice(legal_moves(table.view())))
            else:
                time.sleep(0.005)
        assert top_name(app) == "GameOverScene"
        assert hinted
        save(app, "network_game_over")
        assert rejoined and session.over is not None and summaries == session.over.rounds
        assert list(session.game.totals) == session.over.totals
        code, out, _err = host.finish()
        assert code == 0 and "1 games played" in out
        over = app.stack.top
        assert isinstance(over, GameOverScene)
        assert over.buttons[0].label == "Host or join"  # it said "Play again"
        settled(app)
        key(pygame.K_RETURN)  # with people again, from the network scene
        steps(app)
        assert isinstance(app.stack.top, NetworkScene)
    finally:
        host.kill()


def test_a_saved_table_that_cannot_be_set_aside_is_said_and_not_written_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Host set a saved table that does not load aside with a bare rename after the new
    table was up: a rename refused (a folder the game may not change, a file held open on
    Windows) raised out of the click and closed the window."""
    import casino.persistence.files as files

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    app = make_app(player_name="Anna")
    hosted_path().parent.mkdir(parents=True, exist_ok=True)
    text = b'{"format": 1, "code": "AB'
    hosted_path().write_bytes(text)
    scene = NetworkScene(app)
    app.stack.push(scene)
    monkeypatch.setattr(Path, "replace", refuse)
    monkeypatch.setattr(files, "move_no_clobber", refuse)
    scene.host(port=0, bind="127.0.0.1")
    steps(app)
    assert app.stack.top is scene  # no table: the new one would save over the old file
    assert "could not be kept aside" in scene.message
    assert hosted_path().read_bytes() == text
