"""Three things a player read wrong or could not read (s32): a computer's box at four players
that said nothing, hosting on a port in use, and the Hall of Fame's cut status line."""

from __future__ import annotations

import errno
import socket
import sqlite3
from contextlib import closing
from dataclasses import replace
from typing import Any

import pygame
import pytest

from casino.ui import render
from casino.ui.layout import Box, fit_font
from casino.ui.scene import shown_whole
from casino.ui.scenes import table_view
from casino.ui.session import LogEntry
from casino.ui.words import notice_text, reason_text
from tests.ui.driver import steps
from tests.ui.helpers import keep_shot, make_app, shot, table_at

SIZES = [(1280, 800), (1000, 700), (800, 600)]
HANDS = {2: "0;1;4S 5H 6H KD/QS 3H 7H 6D;JD 9C;-/-;*",
         3: "0;2;4S 5H 6H KD/QS 3H 7H 6D/2C 3C 4C 5C;JD 9C;-/-/-;*",
         4: "0;3;4S 5H 6H KD/QS 3H 7H 6D/2C 3C 4C 5C/8S 8H 9H 10H;JD 9C;-/-/-/-;*"}
"""Every seat holding four cards, the first trick of a deal."""
MOVE = "take 7\u2666 with 7\u2663"


def spy_lines(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, bool, int | None,
                                                              pygame.Rect]]:
    """Every line the table draws from now on: text, size, bold, room given, where it landed."""
    drawn: list[tuple[str, int, bool, int | None, pygame.Rect]] = []
    real = table_view.draw_text

    def spy(surface: pygame.Surface, text: str, size: int, pos: tuple[int, int],
            *args: Any, **kw: Any) -> pygame.Rect:
        rect: pygame.Rect = real(surface, text, size, pos, *args, **kw)
        drawn.append((text, size, bool(kw.get("bold")), kw.get("max_width"), rect))
        return rect

    monkeypatch.setattr(table_view, "draw_text", spy)
    return drawn


def spy_backs(monkeypatch: pytest.MonkeyPatch) -> list[Box]:
    """Every face-down card the drawing helpers draw (a hand's fan, a capture pile)."""
    backs: list[Box] = []
    real = render.draw_card

    def spy(surface: pygame.Surface, card: object, box: Box, *args: Any, **kw: Any) -> None:
        if card is None:
            backs.append(tuple(box))  # type: ignore[arg-type]
        real(surface, card, box, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "draw_card", spy)
    return backs


@pytest.mark.parametrize(("players", "teams"), [(2, False), (3, False), (4, False), (4, True)])
@pytest.mark.parametrize("size", SIZES)
def test_a_computer_with_four_cards_says_its_move_and_its_turn(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int,
        teams: bool) -> None:
    # Four players at 800x600: a computer holding three or four cards showed neither its
    # last move nor "thinking" in its box, as the text was drawn only where the room beside
    # the fan of backs was over 30 pixels. A newcomer could not tell what a computer had
    # just done, or whose turn it was.
    app = make_app(size=size, players=players, teams=teams)
    table = table_at(app, "classic", HANDS[players])
    session = table.session
    mover = 2 if teams else 1  # the partner's turn, or the next seat's
    state = replace(session.game.round, to_move=mover, teams=teams)
    session.game = replace(session.game, round=state)
    assert state.partnership == (players == 4 and teams)
    session.log = [LogEntry(seat, f"{session.seats[seat].shown}: {MOVE}", 1)
                   for seat in range(1, players) if seat != mover]
    lines = spy_lines(monkeypatch)
    backs = spy_backs(monkeypatch)
    app.draw()
    keep_shot(app.screen, f"four-cards-{players}{'-teams' if teams else ''}-{size[0]}")
    lay = table.layout()
    for seat in table.others():
        box = pygame.Rect(lay.opponents[table.place(seat) - 1])
        hand = table.opponent_hand_box(seat)
        fan = [b for b in backs if b[1] == hand[1] and box.left <= b[0] < hand[0] + hand[2]]
        assert len(fan) == 4, (seat, fan)
        fan_right = max(b[0] + b[2] for b in fan)
        pile = pygame.Rect(table.pile_box(seat))
        said = [(text, size_, bold, room, rect) for text, size_, bold, room, rect in lines
                if box.contains(rect) and rect.top >= hand[1] - lay.font
                and rect.left >= fan_right and rect.right <= pile.left]
        texts = [text for text, *_rest in said]
        assert said, (seat, "says nothing beside its cards")
        for text, size_, bold, room, _rect in said:
            assert room is not None and shown_whole(text, size_, room, bold), (seat, text)
        if seat == mover:  # "Computer 3's turn", not "Computer 3 (partner)'s turn"
            assert texts[-1].startswith("thinking"), texts
            assert " ".join(texts[:-1]) == f"{session.seats[seat].shown}'s turn", texts
        else:
            assert " ".join(texts) == MOVE, texts


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_a_seat_the_computer_plays_for_says_so_whole(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int) -> None:
    # At three and four players the header '(away, the computer plays)' and the line 'the
    # computer plays for them' beside the backs both ended in '…' (163 px in a 56 px room at
    # four players, 800x600): the one sign that a friend's seat is the computer's was lost.
    app = make_app(size=size, players=players)
    table = table_at(app, "classic", HANDS[players])
    session = table.session
    state = replace(session.game.round, to_move=1)
    session.game = replace(session.game, round=state)
    session.seats[1] = replace(session.seats[1], name="Ben")  # a friend at another window
    monkeypatch.setattr(session, "stood_in", lambda seat: seat == 1)
    lines = spy_lines(monkeypatch)
    app.draw()
    box = pygame.Rect(table.layout().opponents[table.place(1) - 1])
    said = [(text, size_, bold, room) for text, size_, bold, room, rect in lines
            if box.contains(rect)]
    head = [line for line in said if line[0].startswith("Ben")
            and "computer plays" in line[0]]
    doing = [line for line in said if "computer plays" in line[0] and line not in head]
    # beside three or four players' narrow fans the header alone says it; 'thinking' there
    assert head and (doing or players > 2), said
    for text, size_, bold, room in head + doing:
        assert room is not None and shown_whole(text, size_, room, bold), (text, room)


def type_text(text: str, backspaces: int = 0) -> None:
    for _0 in range(backspaces):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                             unicode="", scancode=0))
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0,
                                             unicode=ch, scancode=0))


@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (640, 480)])
def test_hosting_on_a_port_in_use_says_why_and_what_to_do(size: tuple[int, int],
                                                          language: str) -> None:
    # The window said only "cannot host on port 7777: error while attempting to bind on
    # address ('0.0.0.0', 7777): address already in use", cut with an ellipsis, with no port
    # to change; serve says the port is in use by another program and what to do.
    from casino.net.cli import _cannot_listen
    from casino.net.ports import port_refusal
    from casino.ui.scenes.network import NetworkScene

    app = make_app(size=size, language=language)
    scene = NetworkScene(app)
    app.stack.push(scene)
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        scene.row = [key for key, _label, _value in scene.rows()].index("port")
        type_text(f"x{port}", backspaces=4)  # a letter is not part of a port
        steps(app)
        assert scene.port == str(port)
        scene.host(bind="127.0.0.1")  # the typed port; no announcing on the network
        assert app.stack.top is scene
        shot(app, f"host-port-in-use-{size[0]}-{language}")
        said = scene.message
    why = port_refusal(OSError(errno.EADDRINUSE, "in use"))
    assert why is not None and str(why) in _cannot_listen("127.0.0.1", port, OSError(
        errno.EADDRINUSE, "in use"))  # one sentence, the CLI's and the window's
    assert str(port) in said and reason_text(why) in said
    if language == "en":
        assert said.endswith("; close it, or type another port above (0 picks a free one)")
    else:
        assert "in use" not in said and "another" not in said
    box = scene.boxes()[2]
    size_ = fit_font(size[1]) - 1
    lines = scene.note_lines(said)
    assert " ".join(lines) == said
    assert all(shown_whole(line, size_, box[2] - 20) for line in lines), lines


def damaged_record_book() -> None:
    """A record book under $CASINO_HOME that lacks a table and two columns."""
    from casino.persistence.records import Records

    records, _messages = Records.open()
    with closing(sqlite3.connect(records.path)) as conn, conn:
        conn.executescript("DROP TABLE hall_of_fame; ALTER TABLE seats DROP COLUMN rating;"
                           " ALTER TABLE games DROP COLUMN daily;")


@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("full", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_hall_of_fames_status_is_read_whole(monkeypatch: pytest.MonkeyPatch,
                                                 size: tuple[int, int], full: bool,
                                                 language: str) -> None:
    # "…: damaged (the table hall_of_fame and the columns games.daily and seats.rating are
    # missing); kept as … and a new record book started" was one line cut with an ellipsis.
    from casino.persistence.records import FameRow
    from casino.ui.scenes import records
    from casino.ui.scenes.records import HallOfFameScene

    damaged_record_book()
    app = make_app(size=size, language=language)
    scene = HallOfFameScene(app)
    app.stack.push(scene)
    steps(app)
    [problem] = scene.problems
    assert "hall_of_fame" in problem and "games.daily" in problem
    if full:  # a hall of fame full of names, the status under them
        scene.fame = [FameRow(f"Player {k}", 20, 10, 300 - k) for k in range(15)]
    drawn: list[tuple[str, int, int | None, pygame.Rect]] = []
    real = records.draw_text

    def spy(surface: pygame.Surface, text: str, size_: int, pos: tuple[int, int],
            *args: Any, **kw: Any) -> pygame.Rect:
        rect: pygame.Rect = real(surface, text, size_, pos, *args, **kw)
        drawn.append((text, size_, kw.get("max_width"), rect))
        return rect

    monkeypatch.setattr(records, "draw_text", spy)
    shot(app, f"fame-damaged-{size[0]}-{'full-' if full else ''}{language}")
    said = notice_text(problem)
    lines = [(text, size_, room, rect) for text, size_, room, rect in drawn
             if len(text) > 8 and text in said and rect.top > scene.table_rows()[0][1]]
    assert " ".join(text for text, *_rest in lines) == said
    box = pygame.Rect(scene.layout().box)
    last_name = max((rect.bottom for text, _s, _r, rect in drawn if text.startswith("Player")),
                    default=0)
    for text, size_, room, rect in lines:
        assert room is not None and shown_whole(text, size_, room), text
        assert box.contains(rect) and rect.top >= last_name, (text, rect, last_name)
        assert rect.bottom <= min(b[1] for b in scene.layout().buttons), text
