"""Building apps for tests: a window with chosen settings, a game from a position string."""

from __future__ import annotations

from dataclasses import replace

from casino.engine import load_ruleset
from casino.engine.notation import parse_position
from casino.ui.app import App
from casino.ui.scenes.table import TableScene
from casino.ui.settings import Settings
from tests.ui.driver import steps


def make_app(size: tuple[int, int] = (1280, 800), **options: object) -> App:
    settings = Settings(sound=False, animation=False, level="greedy", ai_process=False)
    for name, value in options.items():
        setattr(settings, name, value)
    return App(settings, size, seed=11, fps=0)


def table_at(app: App, ruleset: str, position: str) -> TableScene:
    """Open the table and put the game at ``position`` (a test fixture, like a dealt deck)."""
    app.settings.ruleset = ruleset
    app.settings.players = position.split(";")[2].count("/") + 1
    app.new_game()
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    state = parse_position(load_ruleset(ruleset), position)
    scene.session.game = replace(scene.session.game, round=state)
    scene.animator.clear()
    steps(app)
    return scene
