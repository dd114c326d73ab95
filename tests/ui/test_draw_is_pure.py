"""``draw`` never changes a scene: its attributes are the same before and after a frame."""

from __future__ import annotations

import copy

import pygame

from casino.ui.app import App
from casino.ui.scenes.title import TitleScene
from tests.ui.driver import centre, click, key, steps, top_name
from tests.ui.helpers import make_app, table_at
from tests.ui.test_screenshots import BUILDS, CHOICE


def assert_draw_is_pure(app: App) -> None:
    for scene in app.stack.scenes:
        before = {name: (value, copy.copy(value)) for name, value in vars(scene).items()}
        app.draw()
        after = vars(scene)
        assert before.keys() == after.keys(), type(scene).__name__
        for name, (original, snapshot) in before.items():
            assert after[name] is original, f"{type(scene).__name__}.{name} replaced in draw"
            if type(snapshot).__eq__ is not object.__eq__:  # a value: compare contents
                assert after[name] == snapshot, f"{type(scene).__name__}.{name} changed in draw"


def test_title_table_choice_menu_and_unseen_draw_without_changing() -> None:
    app = make_app(end_turn_staging=True)
    app.stack.push(TitleScene(app))
    steps(app)
    assert_draw_is_pure(app)
    scene = table_at(app, "classic", BUILDS)
    click(centre(scene.item_boxes()[0]))
    steps(app)
    assert_draw_is_pure(app)
    key(pygame.K_u)
    steps(app)
    assert_draw_is_pure(app)
    scene = table_at(app, "classic", CHOICE)
    click(centre(scene.item_boxes()[0]))
    steps(app)
    key(pygame.K_1)
    steps(app)
    assert top_name(app) == "ChoiceScene"
    assert_draw_is_pure(app)
    key(pygame.K_2)  # stage the build
    steps(app)
    assert scene.staged is not None
    assert_draw_is_pure(app)
    key(pygame.K_ESCAPE)
    key(pygame.K_ESCAPE)
    key(pygame.K_ESCAPE)
    steps(app)
    assert top_name(app) == "MenuScene"
    assert_draw_is_pure(app)


def test_new_scenes_draw_without_changing() -> None:
    import random

    from casino.engine import load_ruleset
    from casino.persistence import Records
    from casino.ui.scenes.dialogs import ConfirmScene, NoticeScene, rules_page
    from casino.ui.scenes.options import SettingsScene
    from casino.ui.scenes.records import HallOfFameScene, StatisticsScene
    from casino.ui.scenes.review import ReviewScene
    from casino.ui.scenes.tutorial import TutorialScene
    from tests.ui.test_play import play_to_game_over

    app = make_app()
    app.new_game()
    play_to_game_over(app, random.Random(1))
    assert_draw_is_pure(app)
    record_id = app.stack.top.session.record_id  # type: ignore[union-attr]
    record = Records.open().value.game_record(record_id)
    assert record is not None
    for make in (lambda: SettingsScene(app), lambda: HallOfFameScene(app),
                 lambda: StatisticsScene(app), lambda: rules_page(app, load_ruleset("spade")),
                 lambda: NoticeScene(app, ["note"]),
                 lambda: ConfirmScene(app, "Sure?", "Really?", "Yes", lambda: None)):
        app.stack.replace(TitleScene(app))
        app.stack.push(make())
        steps(app)
        assert_draw_is_pure(app)
    app.stack.replace(TutorialScene(app, 1))
    steps(app)
    assert_draw_is_pure(app)
    app.stack.replace(ReviewScene(app, record, analyse=lambda view, seed: []))
    steps(app, 5)
    key(pygame.K_RIGHT)
    steps(app)
    assert_draw_is_pure(app)
