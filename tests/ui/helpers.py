"""Building apps for tests: a window with chosen settings, a game from a position string."""

from __future__ import annotations

import inspect
import os
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from casino.engine import legal_moves, load_ruleset
from casino.engine.notation import parse_position
from casino.ui.app import App
from casino.ui.scene import draw_text
from casino.ui.scenes.table import TableScene
from casino.ui.session import Session
from casino.ui.settings import Settings
from tests.ui.driver import steps

SHOTS = os.environ.get("CASINO_SHOTS")
"""Where the UI tests save their screenshots to be looked at; unset, none is written (a PNG
costs ~80 ms to encode, ~5 s over the suite, and nobody looks in a temporary folder)."""


def keep_shot(surface: pygame.Surface, name: str) -> None:
    """Save ``surface`` as ``name``.png in $CASINO_SHOTS, when it is set."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(Path(SHOTS) / f"{name}.png"))


def shot(app: App, name: str, least_colours: int = 12) -> None:
    """Draw the window, keep it as ``name`` (``keep_shot``) and check it is not blank."""
    app.draw()
    keep_shot(app.screen, name)
    colours = {app.screen.get_at((x, y))[:3] for x in range(0, app.screen.get_width(), 37)
               for y in range(0, app.screen.get_height(), 29)}
    assert len(colours) > least_colours, f"{name} looks blank"


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


def finished_game(app: App) -> Session:
    """A whole game of Kasino played through the session (seeded random moves) and put in
    the record book, as the table does at the end."""
    app.change_settings(ruleset="kasino", opponents=1)
    app.new_game()
    table = app.stack.top
    assert isinstance(table, TableScene)
    session = table.session
    rng = random.Random(5)
    while not session.game.is_over():
        if session.game.round_over():
            session.next_round()
        else:
            session.play(rng.choice(legal_moves(session.game.round)))
    session.record()
    assert session.record_id is not None
    return session


DRAW_TEXT = inspect.signature(draw_text)
"""The real ``draw_text``'s parameters (read before any test puts a spy in its place)."""
Drawn = list[dict[str, Any]]
"""Lines of text as drawn: ``draw_text``'s arguments by name, and the ``rect`` it filled."""


def spy(monkeypatch: pytest.MonkeyPatch, module: Any) -> Drawn:
    """Every line ``module`` draws from now on: its arguments, and where it landed."""
    drawn: Drawn = []
    real = module.draw_text

    def draw_text(*args: Any, **kw: Any) -> pygame.Rect:
        bound = DRAW_TEXT.bind(*args, **kw)
        bound.apply_defaults()
        rect: pygame.Rect = real(*args, **kw)
        drawn.append({**bound.arguments, "rect": rect})
        return rect

    monkeypatch.setattr(module, "draw_text", draw_text)
    return drawn
