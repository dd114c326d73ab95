"""Building apps for tests: a window with chosen settings, a game from a position string."""

from __future__ import annotations

from dataclasses import replace

from casino.engine import load_ruleset
from casino.engine.notation import parse_position
from casino.ui.app import App
from casino.ui.scenes.table import TableScene
from casino.ui.settings import Settings
from tests.ui.driver import steps


def make_app(size: tuple[int, int] = (1280, 800), ai_process: bool = False,
             players: int | None = None, level: str = "greedy", **options: object) -> App:
    """An app with test settings: no sound or animation, the greedy computer, seed 11.

    ``players`` and ``level`` are shorthands for ``opponents`` and ``difficulties``; other
    keywords are ``casino.persistence.Settings`` fields.
    """
    fields: dict[str, object] = {"sound": False, "animation": False, "language": "en",
                                 "difficulties": (level,) * 3, "player_name": "You"}
    if players is not None:
        fields["opponents"] = players - 1
    fields.update(options)
    return App(Settings().changed(**fields), size, seed=11, fps=0, ai_process=ai_process)


def table_at(app: App, ruleset: str, position: str) -> TableScene:
    """Open the table and put the game at ``position`` (a test fixture, like a dealt deck).

    The game is not saved (its moves do not follow from a seed).
    """
    app.change_settings(ruleset=ruleset, opponents=position.split(";")[2].count("/"))
    app.new_game()
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    state = parse_position(load_ruleset(ruleset), position)
    scene.session.game = replace(scene.session.game, round=state)
    scene.session.save = None
    scene.animator.clear()
    steps(app)
    return scene
