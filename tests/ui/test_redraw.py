"""A finished background job (hint, computer move) is drawn without any input (issue 16, bug 1)."""

from __future__ import annotations

import time

import pygame

from casino.ui.app import App
from tests.ui.driver import key, steps
from tests.ui.helpers import make_app, table_at
from tests.ui.test_play import POSITION


def screen_is_current(app: App) -> bool:
    """True if the window shows what a fresh frame of the current state would show."""
    shown = app.screen.copy()
    app.draw()
    return bool(pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(app.screen, "RGB"))


def test_hint_is_drawn_when_it_arrives_without_a_mouse_move() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    key(pygame.K_h)
    steps(app)
    assert scene.message.startswith("Thinking of a hint")
    deadline = time.monotonic() + 20
    while scene.hint is None and time.monotonic() < deadline:
        app.step(0.02)  # no events at all: the person waits
        time.sleep(0.01)
    assert scene.hint is not None
    steps(app, 3)
    assert scene.message.startswith("Hint:")
    assert screen_is_current(app), "the hint is worked out but the window still shows the old text"
