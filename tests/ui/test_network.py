"""The network scenes with a real host on 127.0.0.1 in this process: host, lobby, play."""

from __future__ import annotations

import time

import pygame

from casino.engine.notation import format_move
from casino.engine.rules import legal_moves
from casino.net.remote import Remote
from casino.ui.layout import hand_boxes
from casino.ui.scenes.network import LobbyScene, NetTableScene, NetworkScene, move_words
from casino.ui.scenes.title import TitleScene
from tests.ui.driver import centre, click, key, steps
from tests.ui.helpers import make_app
from tests.ui.test_screenshots import save


def wait_for(app, what, timeout: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        steps(app, 1)
        if what():
            return
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_move_words_use_card_symbols() -> None:
    assert move_words("9C x 9H [5S 3D]") == "9\u2663 takes 9\u2665 [5\u2660 3\u2666]"
    assert move_words("AS=14 x KD") == "A\u2660 as 14 takes K\u2666"
    assert move_words("4H b8x2 4S") == "4\u2665 builds 8 \u00d72 with 4\u2660"
    assert move_words("10D t") == "10\u2666 trails"


def test_title_leads_to_the_network_scene() -> None:
    app = make_app()
    app.stack.push(TitleScene(app))
    steps(app)
    key(pygame.K_n)
    steps(app)
    assert isinstance(app.stack.top, NetworkScene)
    save(app, "network")


def test_hosting_shows_the_lobby_then_a_person_joins_and_plays() -> None:
    app = make_app(player_name="Anna")
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    wait_for(app, lambda: lobby.remote.seats is not None)
    save(app, "lobby")
    assert [s.open for s in lobby.remote.seats.seats] == [False, True]
    other = Remote(f"127.0.0.1:{lobby.local.port}", lobby.local.code, "Ben")
    try:
        wait_for(app, lambda: isinstance(app.stack.top, NetTableScene))
        table = app.stack.top
        assert isinstance(table, NetTableScene)
        wait_for(app, lambda: table.view is not None)
        view = table.view
        assert view is not None and len(view.hand) == 4
        save(app, "network_table")
        # Whoever is to move plays a trail; the other side sees the step advance.
        step = table.remote.state.step  # type: ignore[union-attr]
        if view.to_move == view.player:
            _, _, _, hand = table.regions()
            click(centre(hand_boxes(hand, len(view.hand), table.card_size())[0]))
            steps(app)
        else:
            wait_for(app, lambda: other.poll() is not None and other.state is not None)
            assert other.state is not None and other.ruleset is not None
            move = legal_moves(other.state.view.to_view(other.ruleset))[-1]
            other.send_move(other.state.step, format_move(move))
        wait_for(app, lambda: table.remote.state is not None and table.remote.state.step > step)
        save(app, "network_table_after_move")
    finally:
        other.close()
        click(centre(table.buttons[0].box))
        steps(app)


def test_move_words_in_swedish_use_swedish_letters() -> None:
    from casino import i18n

    i18n.set_language("sv")
    try:
        assert move_words("JC x JH") == "Kn\u2663 tar in Kn\u2665"
        assert move_words("AS=14 x KD") == "E\u2660 som 14 tar in K\u2666"
    finally:
        i18n.set_language("en")
