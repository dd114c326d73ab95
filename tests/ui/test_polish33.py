"""Small things a player reads (s33): the target's label on the round chart, the computer's
move in its box at four players."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from casino.engine.scoring import RoundScore
from casino.ui.app import App
from casino.ui.scene import DIM
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
