"""Three friends at one network table (s33 watch, items 5, 6 and 10): what a guest's lobby
says, whose colour is whose, and leaving a network table from the menu. A real host on
127.0.0.1 in this process, its guests over their own connections."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from casino.net.remote import Remote
from casino.ui.app import App
from casino.ui.scenes import network
from casino.ui.scenes.network import PERSON, LobbyScene, NetworkScene, leave
from tests.ui.driver import steps, until
from tests.ui.helpers import keep_shot, make_app
from tests.ui.test_newcomer31 import drawn_texts


@contextmanager
def bea_hosts_for_three() -> Iterator[tuple[App, LobbyScene]]:
    """Bea's window hosts a Classic table for three people on 127.0.0.1: her lobby."""
    app = make_app(player_name="Bea")
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.ruleset = "classic"
    scene.seats = [PERSON, PERSON]
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    try:
        until(app, lambda: lobby.remote.seats is not None)
        yield app, lobby
    finally:
        if lobby in app.stack.scenes:
            leave(app, lobby.remote, lobby.local)
        else:  # the game started: Bea's table replaced the lobby, and its exit closes the host
            from casino.ui.scenes.title import TitleScene

            app.stack.replace(TitleScene(app))


def test_a_guests_lobby_shows_the_join_code_and_who_hosts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann, the first to join, could not pass the code on to Cy: her lobby said only
    'Table at ADDRESS', and not who hosts either."""
    with bea_hosts_for_three() as (app, host_lobby):
        assert host_lobby.local is not None
        code, port = host_lobby.local.code, host_lobby.local.port
        # Ann typed the code with a 5 or a 2 where the host drew S or Z: shown as drawn
        typed = code.replace("S", "5").replace("Z", "2")
        ann = Remote(f"127.0.0.1:{port}", typed, "Ann")
        guest = LobbyScene(app, ann, None)
        try:
            until(app, lambda: (guest.update(0.0), ann.welcome is not None
                                and ann.seats is not None
                                and not ann.seats.seats[1].open)[1])
            drawn = drawn_texts(monkeypatch, network)
            guest.draw(app.screen)
            keep_shot(app.screen, "guest-lobby-code-and-host")
            texts = [text for text, _rect in drawn]
            assert f"Join code  {code}" in texts
            assert (f"Bea hosts this table: others join at 127.0.0.1:{port} with this code."
                    in texts)
            assert "Bea (the host)" in texts and "Ann (you)" in texts
            drawn.clear()
            seats = host_lobby.remote
            until(app, lambda: seats.seats is not None and not seats.seats.seats[1].open)
            host_lobby.draw(app.screen)  # the host's own window: its player is both
            texts = [text for text, _rect in drawn]
            assert "Bea (you, the host)" in texts and "Ann" in texts
        finally:
            ann.close()


def test_every_window_gives_each_friend_the_same_colour(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Bea was blue in her window, green in Ann's and red in Cy's: each window counted the
    colours from its own seat. Now a seat has one colour at every window, and each window
    says which hand is its own by the frame's label."""
    from casino.ui.remote_session import RemoteSession
    from casino.ui.scenes import table_view
    from casino.ui.scenes.table import TableScene

    with bea_hosts_for_three() as (app, host_lobby):
        assert host_lobby.local is not None
        where = f"127.0.0.1:{host_lobby.local.port}"
        guests: list[Remote] = []
        try:
            for name in ("Ann", "Cy"):  # one after the other: Ann in seat 2, Cy in seat 3
                guests.append(Remote(where, host_lobby.local.code, name))
                guest = guests[-1]
                until(app, lambda g=guest: (g.poll(), g.welcome is not None)[1])
            remotes = [host_lobby.remote, *guests]

            def all_dealt() -> bool:
                for remote in remotes:
                    remote.poll()
                return all(r.state is not None for r in remotes)

            until(app, all_dealt)
            sessions = [RemoteSession.start(remote, None) for remote in remotes]
            assert [s.me for s in sessions] == [0, 1, 2]
            colours = [[table_view.colour_of(s, seat) for seat in range(3)] for s in sessions]
            assert colours[0] == colours[1] == colours[2], colours
            assert len(set(colours[0])) == 3  # three friends, three colours
            drawn = drawn_texts(monkeypatch)
            for session, name in zip(sessions, ("Bea", "Ann", "Cy"), strict=True):
                drawn.clear()
                scene = TableScene(app, session)
                scene.draw(app.screen)
                keep_shot(app.screen, f"three-friends-{name}")
                texts = [text for text, _rect in drawn]
                assert f" {name} (you) " in texts, texts
        finally:
            for guest in guests:
                guest.close()


def press_button(app: App, label: str) -> None:
    """Click the button of the top dialog that reads ``label``."""
    from tests.ui.driver import centre, click

    top = app.stack.top
    steps(app, 1)
    button = next(b for b in top.buttons if b.label == label)  # type: ignore[attr-defined]
    click(centre(button.box))
    steps(app)


def test_leaving_a_network_table_from_the_menu_asks_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann pressed Menu -> New game at Bea's table and was back at the title in one click,
    while the others read that the game waits for her. At a network table the item reads
    'Leave the table' and says first what becomes of her seat; Quit asks too."""
    import pygame

    from casino.ui.remote_session import RemoteSession
    from casino.ui.scenes.dialogs import ConfirmScene, MenuScene
    from casino.ui.scenes.table import TableScene
    from tests.ui.driver import key, top_name

    with bea_hosts_for_three() as (app, host_lobby):
        assert host_lobby.local is not None
        where = f"127.0.0.1:{host_lobby.local.port}"
        ann = Remote(where, host_lobby.local.code, "Ann")
        until(app, lambda: (ann.poll(), ann.welcome is not None)[1])
        cy = Remote(where, host_lobby.local.code, "Cy")
        try:
            until(app, lambda: isinstance(app.stack.top, TableScene))  # Bea's
            bea_table = app.stack.top
            until(app, lambda: (ann.poll(), ann.state is not None)[1])
            session = RemoteSession.start(ann, None)  # Ann's window, a guest
            assert session.me == 1
            table = TableScene(app, session)
            app.stack.push(table)
            steps(app)
            key(pygame.K_ESCAPE)
            steps(app)
            menu = app.stack.top
            assert isinstance(menu, MenuScene)
            labels = [b.label for b in menu.buttons]
            assert "Leave the table" in labels and "New game" not in labels
            press_button(app, "Leave the table")
            ask = app.stack.top
            assert isinstance(ask, ConfirmScene), top_name(app)
            assert ask.question == ("Your seat stays yours. The game waits 2 minutes for you, "
                                    "then the host's computer plays it until you come back. "
                                    "Network \u2192 Join takes it back.")
            keep_shot(app.screen, "leave-the-table-asks")
            press_button(app, "Cancel")  # nothing happened: the menu again, still seated
            assert isinstance(app.stack.top, MenuScene) and ann.problem is None
            press_button(app, "Quit")
            ask = app.stack.top
            assert isinstance(ask, ConfirmScene)
            assert "the title offers the seat back" in ask.question
            press_button(app, "Cancel")
            press_button(app, "Resume")
            assert app.stack.top is table
            # the host's own window: leaving closes the table for everyone
            assert isinstance(bea_table, TableScene)
            app.stack.push(MenuScene(app, bea_table))
            press_button(app, "Leave the table")
            ask = app.stack.top
            assert isinstance(ask, ConfirmScene)
            assert ask.question.startswith("You host this table: leaving closes it for everyone.")
        finally:
            ann.close()
            cy.close()
