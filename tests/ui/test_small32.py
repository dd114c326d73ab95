"""A newcomer's small puzzles at the title and the table (the s32 watch, items 1, 6, 7, 10-13
and 15): each test failed on the code before its fix."""

from __future__ import annotations

import pygame

from casino.ui.app import App
from casino.ui.layout import Box
from casino.ui.scenes.network import NetworkScene
from casino.ui.scenes.network import value_at as network_value_at
from casino.ui.scenes.options import SettingsScene, value_at
from casino.ui.scenes.title import TitleScene
from tests.ui.driver import click, steps
from tests.ui.helpers import make_app, shot


def at_title(**options: object) -> tuple[App, TitleScene]:
    app = make_app(**options)
    app.show_title()
    steps(app)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    return app, title


def on_the_back_arrow(box: Box, left: int) -> tuple[int, int]:
    """A point on a row's \u2039, drawn at ``left``."""
    return left + 4, box[1] + box[3] // 2


# -- 7. a click on \u2039 steps back ------------------------------------------------------------


def test_a_click_on_the_back_arrow_steps_back_on_the_title() -> None:
    app, title = at_title()
    rules = title.option_boxes()[1]
    first = app.settings.ruleset
    click(on_the_back_arrow(rules, value_at()(rules)))
    steps(app)
    back = app.settings.ruleset
    assert back == title.rulesets[-1] if first == title.rulesets[0] else \
        title.rulesets[title.rulesets.index(first) - 1]
    click((rules[0] + rules[2] - 10, rules[1] + rules[3] // 2))  # the \u203a end: forward
    steps(app)
    assert app.settings.ruleset == first
    click((rules[0] + 10, rules[1] + rules[3] // 2))  # the label: forward, as before
    steps(app)
    assert app.settings.ruleset != first and app.settings.ruleset != back


def test_a_click_on_the_back_arrow_steps_back_in_settings() -> None:
    app, _title = at_title(speed=4)
    settings = SettingsScene(app)
    app.stack.push(settings)
    steps(app)
    speed = settings.option_boxes()[1]
    click(on_the_back_arrow(speed, value_at(settings.LABEL_SHARE)(speed)))
    steps(app)
    assert app.settings.speed == 3
    click((speed[0] + speed[2] - 10, speed[1] + speed[3] // 2))
    steps(app)
    assert app.settings.speed == 4


def test_a_click_on_the_back_arrow_steps_back_on_the_network_screen() -> None:
    app = make_app()
    scene = NetworkScene(app)
    app.stack.replace(scene)
    steps(app)
    rows, _found, _box = scene.boxes()
    k = next(i for i, (name, _label, _value) in enumerate(scene.rows()) if name == "rules")
    before = scene.rows()[k][2]
    click(on_the_back_arrow(rows[k], network_value_at(rows[k])))
    steps(app)
    back = scene.rows()[k][2]
    assert back != before
    click((rows[k][0] + rows[k][2] - 10, rows[k][1] + rows[k][3] // 2))
    steps(app)
    assert scene.rows()[k][2] == before
    shot(app, "network_rows")
