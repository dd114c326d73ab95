"""Small things a player reads (s33): the target's label on the round chart, the computer's
move in its box at four players."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from casino.engine.scoring import RoundScore
from casino.ui.app import App
from casino.ui.scene import DIM, text_width
from casino.ui.scenes.dialogs import GameOverScene, SummaryScene
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.table_view import colour_of
from tests.ui.helpers import keep_shot, make_app

PLOT = (20, 55, 38)
"""The chart's background."""

SIZES = [(640, 400), (800, 600), (1024, 768), (1280, 800), (1366, 768), (1600, 900),
         (1920, 1080), (1920, 600), (700, 1080)]

FINISHES = {  # round points per side: the winner ends just over 21, the others just under
    "four rounds": ((5, 4), (5, 5), (5, 5), (7, 6)),
    "two rounds": ((12, 9), (10, 11)),
    "three players": ((7, 7, 6), (7, 6, 7), (8, 7, 7)),
    "far over": ((3, 6), (3, 6), (20, 8)),
}


def game_over_at(app: App, rounds: tuple[tuple[int, ...], ...]) -> TableScene:
    app.change_settings(opponents=len(rounds[0]) - 1)
    app.new_game()
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    session = scene.session
    scores = tuple(RoundScore(("cards",), tuple((p,) for p in points), (0,) * len(points),
                              (0,) * len(points), (0,) * len(points)) for points in rounds)
    session.game = replace(session.game, scores=scores)
    return scene


def pixels(surface: pygame.Surface, colour: tuple[int, int, int], near: int = 1,
           ) -> pygame.mask.Mask:
    """The pixels of ``surface`` within ``near`` of ``colour`` in every channel."""
    return pygame.mask.from_threshold(surface, colour, (near, near, near, 255))


def label_box(screen: pygame.Surface) -> pygame.Rect:
    """Where the chart's target label is drawn: the bounds of its text's pixels inside the
    chart (the only text there)."""
    plot = pixels(screen, PLOT).get_bounding_rects()
    chart = plot[0].unionall(plot[1:])
    text = pixels(screen.subsurface(chart), DIM, 24).get_bounding_rects()
    assert text, "no target label on the chart"
    return text[0].unionall(text[1:]).move(chart.topleft)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_line_crosses_the_charts_target_label(size: tuple[int, int]) -> None:
    """The "21" sat at the right end of the target line, where the winner's line crosses it."""
    for name, rounds in FINISHES.items():
        app = make_app(size=size)
        scene = game_over_at(app, rounds)
        colours = {colour_of(scene.session, s) for s in range(len(rounds[0]))}
        for chart in (SummaryScene(app, scene.session, lambda: None),
                      GameOverScene(app, scene.session)):
            app.stack.push(chart)
            app.draw()
            keep_shot(app.screen, f"chart_{type(chart).__name__}_{name}_{size[0]}x{size[1]}")
            box = label_box(app.screen).inflate(2, 2)
            under = app.screen.subsurface(box)
            crossed = {colour: pixels(under, colour).count() for colour in colours}
            assert not any(crossed.values()), (name, type(chart).__name__, box, crossed)
            app.stack.pop()


LONG_MOVES = {  # seat: a move as the log says it
    1: "take 9\u2663, 9\u2665, 3\u2663 with 3\u2660",
    2: "take the multiple 10 build (10\u2665 7\u2660 3\u2666) with 10\u2663",
    3: "take 9\u2663, the 9 build (4\u2660 5\u2666), 6\u2663, 3\u2666 with 9\u2660",
}


@pytest.mark.parametrize("language", ["en", "sv"])
def test_four_at_800x600_each_computers_box_says_its_whole_long_move(
        monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """The multiple build's take read "take the / multiple 10 / build (10♥ / 7♠ 3♦) wit…":
    what took it, 10♣, was cut off."""
    from casino.ui.scenes import table_view
    from casino.ui.session import LogEntry
    from tests.ui.helpers import table_at
    from tests.ui.test_newcomer31 import drawn_texts

    app = make_app(size=(800, 600), players=4, language=language)
    scene = table_at(app, "classic", "0;0;5H 9D/5D 2C/KD 3C/QH 4C;5S 5C 7S 2S KS 4D;"
                                     "*/-/-/-;-;0/0/0/0;-;0000;2")
    moves = dict(LONG_MOVES) if language == "en" else {
        1: "ta in 9\u2663, 9\u2665, 3\u2663 med 3\u2660",
        2: "ta in det multipla bygget 10 (10\u2665 7\u2660 3\u2666) med 10\u2663",
        3: "ta in 9\u2663, bygget 9 (4\u2660 5\u2666), 6\u2663, 3\u2666 med 9\u2660"}
    for seat, text in moves.items():
        scene.session.log.append(LogEntry(seat, f"{scene.session.seats[seat].shown}: {text}", 2))
    drawn = drawn_texts(monkeypatch)
    app.draw()
    keep_shot(app.screen, f"four-800-long-{language}")
    for seat, text in moves.items():  # every line whole: none cut with an ellipsis
        lines, size = table_view.opponent_move_fit(scene, seat)
        room = table_view.opponent_text_room(scene, seat)[1]
        assert " ".join(lines) == text, (seat, lines)
        assert all(text_width(line, size) <= room for line in lines), (seat, lines, room)
    for seat in moves:
        lines, _size = table_view.opponent_move_fit(scene, seat)
        x, room = table_view.opponent_text_room(scene, seat)
        top, bottom = table_view.opponent_move_column(scene, seat)
        for line in lines:
            [rect] = [r for t, r in drawn if t == line and x <= r.left < x + room]
            assert rect.right <= x + room and top <= rect.top and rect.bottom <= bottom + 2, \
                (seat, line, rect, x, room, top, bottom)
