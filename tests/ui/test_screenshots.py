"""Screenshots of the key screens, saved as PNGs for a person to look at (in $CASINO_SHOTS).

Each test also checks that the picture is not blank.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from casino.ui.app import App
from casino.ui.scenes.title import TitleScene
from tests.ui.driver import centre, click, key, steps, top_name
from tests.ui.helpers import make_app, table_at
from tests.ui.test_play import play_to_game_over

SHOTS = Path(os.environ.get("CASINO_SHOTS", "/tmp/shots"))
BUILDS = ("0;1;4S 8H 2C 9H/5D 6D 7D 8D;4H KS [b8 5S 3D @1] [b9x2 5C 4C 9C @0] 7C AD;"
          "AH 2H 3H/QD QC;*;0/0;1;00;2")

CHOICE = ("0;1;4S 8H 2C 9H/5D 6D 7D 8D;4H KS [b9x2 5C 4C 9C @1] 7C AD;"
          "AH 2H 3H/QD QC 5S 3D;*;0/0;1;00;2")


def save(app: App, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.draw()
    path = SHOTS / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    colours = {app.screen.get_at((x, y))[:3] for x in range(0, app.screen.get_width(), 37)
               for y in range(0, app.screen.get_height(), 29)}
    assert len(colours) > 20, f"{name} looks blank"
    return path


def test_title() -> None:
    app = make_app()
    app.stack.push(TitleScene(app))
    steps(app)
    save(app, "title")


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1920, 1080)])
def test_table_with_builds_and_tags(size: tuple[int, int]) -> None:
    app = make_app(size=size)
    scene = table_at(app, "classic", BUILDS)
    click(centre(scene.item_boxes()[0]))
    steps(app)
    save(app, f"builds_{size[0]}x{size[1]}")


def test_choice_window() -> None:
    app = make_app()
    scene = table_at(app, "classic", CHOICE)
    click(centre(scene.item_boxes()[0]))  # 4H
    steps(app)
    key(pygame.K_1)  # 4S: take 4H, or build 8?
    steps(app)
    assert top_name(app) == "ChoiceScene"
    save(app, "choice")


def test_illegal_message_and_hint() -> None:
    app = make_app()
    scene = table_at(app, "classic", BUILDS)
    click(centre(scene.item_boxes()[1]))  # KS
    steps(app)
    key(pygame.K_3)
    steps(app)
    assert scene.message_kind == "error"
    save(app, "illegal")
    key(pygame.K_u)
    steps(app)
    save(app, "unseen")


@pytest.mark.parametrize("players", [3, 4])
def test_mid_game_many_players(players: int) -> None:
    app = make_app(players=players, four_colour=players == 4, large_indices=players == 4)
    app.new_game()
    rng = random.Random(1)
    from casino.engine import legal_moves
    from tests.ui.driver import click_move

    for _ in range(200):
        scene = app.stack.top
        if scene is not None and getattr(scene, "can_act", lambda: False)():
            if len(scene.session.log) > 3 * players:  # type: ignore[attr-defined]
                break
            click_move(app, rng.choice(legal_moves(scene.session.view())))  # type: ignore[attr-defined]
        steps(app)
    save(app, f"table_{players}p")


def test_round_breakdown_and_game_over() -> None:
    app = make_app()
    app.new_game()
    rng = random.Random(3)
    for _ in range(5000):
        if top_name(app) == "SummaryScene":
            break
        scene = app.stack.top
        if getattr(scene, "can_act", lambda: False)():
            from casino.engine import legal_moves
            from tests.ui.driver import click_move

            click_move(app, rng.choice(legal_moves(scene.session.view())))  # type: ignore[union-attr]
        steps(app)
    save(app, "summary")
    play_to_game_over(app, rng)
    save(app, "game_over")


def test_animation_frame() -> None:
    app = make_app(animation=True, speed=9)
    scene = table_at(app, "classic", BUILDS)
    click(centre(scene.item_boxes()[3]))  # the 9 build, taken with 9H
    steps(app)
    key(pygame.K_4)
    app.step(0.0)
    steps(app, 3, 0.1)
    assert scene.animator.busy()
    save(app, "flight")
