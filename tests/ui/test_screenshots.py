"""Screenshots of the key screens, saved as PNGs for a person to look at.

They are saved in $CASINO_SHOTS when it is set (none is written otherwise). Each test also
checks that the picture is not blank.
"""

from __future__ import annotations

import random

import pygame
import pytest

from casino.ui.app import App
from casino.ui.scenes.title import TitleScene
from tests.ui.driver import centre, click, key, steps, top_name
from tests.ui.helpers import make_app, shot, table_at
from tests.ui.test_play import play_to_game_over

BUILDS = ("0;1;4S 8H 2C 9H/5D 6D 7D 8D;4H KS [b8 5S 3D @1] [b9x2 5C 4C 9C @0] 7C AD;"
          "AH 2H 3H/QD QC;*;0/0;1;00;2")

CHOICE = ("0;1;4S 8H 2C 9H/5D 6D 7D 8D;4H KS [b9x2 5C 4C 9C @1] 7C AD;"
          "AH 2H 3H/QD QC 5S 3D;*;0/0;1;00;2")


def save(app: App, name: str) -> None:
    """Keep the window as ``name`` and check it is far from blank (a table has colour)."""
    shot(app, name, least_colours=20)


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


def test_a_long_refusal_wraps_over_the_hand() -> None:
    app = make_app()
    scene = table_at(app, "classic", BUILDS)
    click(centre(scene.item_boxes()[2]))  # the computer's 8 build
    steps(app)
    key(pygame.K_4)  # 9H can neither take it nor raise it
    steps(app)
    assert scene.message_kind == "error" and len(scene.message) > 60, scene.message
    save(app, "illegal_long")


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


# a 6-card multiple build of 9 ([5+4] [9] ... ) owned by the computer, and one of the person's
MULTIPLE = ("0;1;9S 8H 2C 3H/5D 6D 7D 8D;[b9x4 5C 4C 9C 6H 3D 9D @1] [b8 5S 3S @0] 4H 7C;"
            "AH 2H/QD QC;*;0/0;1;00;2")


def test_six_card_multiple_build() -> None:
    app = make_app()
    table_at(app, "classic", MULTIPLE)
    save(app, "multiple_build_6")


def test_your_turn_and_the_computers_turn() -> None:
    app = make_app(animation=True, speed=5)
    scene = table_at(app, "classic", CHOICE)
    save(app, "your_turn")
    key(pygame.K_3)  # 2C alone could build: the choice's last row trails it
    steps(app)
    key(pygame.K_UP)
    key(pygame.K_RETURN)  # now the computer is to play
    for _ in range(100):
        steps(app, 1, 0.05)
        if not scene.animator.busy():
            break
    assert not scene.session.humans_turn() and not scene.animator.busy()
    save(app, "computer_turn")


def test_computer_capture_mid_highlight() -> None:
    app = make_app(animation=True, speed=5)
    # the computer (greedy) holds 5D and takes the 5S and 5C on the table
    scene = table_at(app, "classic", "1;0;9H 8H/5D 2D;5S 5C KH 7C;*/-;AH 2H;0/0;0;00;1")
    for _ in range(100):
        steps(app, 1, 0.05)
        if scene.animator.glows and scene.animator.clock > 0.6:
            break
    assert scene.animator.glows
    save(app, "computer_capture_highlight")


def test_choice_window_with_card_pictures_keeps_the_selection_in_sight() -> None:
    app = make_app()
    scene = table_at(app, "classic", CHOICE)
    click(centre(scene.item_boxes()[0]))  # 4H
    steps(app)
    key(pygame.K_1)  # 4S: take 4H, or build 8?
    steps(app)
    choice = app.stack.top
    assert top_name(app) == "ChoiceScene"
    box = pygame.Rect(choice.layout().box)  # type: ignore[union-attr]
    assert not box.colliderect(scene.item_boxes()[0])
    save(app, "choice_pictures")


def test_end_of_round_last_take() -> None:
    app = make_app(animation=True, speed=5)
    scene = table_at(app, "classic", "0;1;3C/-;9H KS 4D;*/-;-;0/0;1;00;6")
    key(pygame.K_1)
    app.step(0.0)
    while scene.animator.clock < 0.9 and scene.animator.busy():
        app.step(0.05)
    save(app, "last_take")


def test_large_indices_on_ten_of_diamonds_and_a_court_card() -> None:
    app = make_app(large_indices=True, size=(1280, 800))
    table_at(app, "classic", "0;1;10D QS KH 7C/5D 6D 7D 8D;JC 10H 4D;*/-;AH 2H;0/0;1;00;2")
    save(app, "large_indices")


def test_multiple_build_groups() -> None:
    from casino.engine import load_ruleset
    from casino.engine.notation import parse_position
    from casino.ui.render import build_groups

    state = parse_position(load_ruleset("classic"), MULTIPLE)
    piles = [item for item in state.table if getattr(item, "multiple", False)]
    assert build_groups(piles[0]) == ["5+4", "9", "6+3", "9"]  # type: ignore[arg-type]
