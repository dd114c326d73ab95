"""Drive the app like a person: post mouse and keyboard events, then step frames."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from casino.engine import Move, legal_moves
from casino.engine.state import TableItem
from casino.ui.app import App
from casino.ui.layout import Box
from casino.ui.scene import Scene
from casino.ui.scenes.dialogs import ChoiceScene
from casino.ui.words import move_text


def centre(box: Box) -> tuple[int, int]:
    x, y, w, h = box
    return x + w // 2, y + h // 2


def click(pos: tuple[int, int], button: int = 1) -> None:
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def top_name(app: App) -> str:
    top: Scene | None = app.stack.top
    return type(top).__name__ if top is not None else ""


def steps(app: App, n: int = 2, dt: float = 0.05) -> None:
    for _ in range(n):
        app.step(dt)


def until(app: App, done: Callable[[], bool], seconds: float = 30.0, dt: float = 0.05) -> None:
    """Step frames until ``done()``, for up to ``seconds`` of real time. A computer's move is
    worked out on a thread: a fixed count of frames raced it, and lost on a loaded machine
    (test_labels' four computers at 1024x640, once a decision took 60 ms)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"still waiting after {seconds} s"
        app.step(dt)
        time.sleep(0.002)


def hand_click_point(box: Box, nxt: Box | None) -> tuple[int, int]:
    """A point on the visible part of a hand card that the next card may overlap."""
    x, y, w, h = box
    visible = w if nxt is None else min(w, nxt[0] - x)
    return x + max(2, visible // 2), y + h // 2


def click_move(app: App, move: Move, use_keys: bool = False) -> None:
    """Select the move's table items and play its hand card; answer a choice window."""
    from casino.engine.reasons import move_items
    from casino.ui.scenes.table import TableScene

    scene = app.stack.top
    assert isinstance(scene, TableScene)
    table = scene.session.game.round.table
    boxes = scene.item_boxes()
    items: tuple[TableItem, ...] = move_items(move)
    for item in items:
        click(centre(boxes[table.index(item)]))
    steps(app)
    hand = scene.session.view().hand
    index = hand.index(move.card)
    if use_keys and index < 9:
        key(pygame.K_1 + index)
    else:
        hb = scene.hand_card_boxes()
        click(hand_click_point(hb[index], hb[index + 1] if index + 1 < len(hb) else None))
    steps(app)
    choice = app.stack.top
    if isinstance(choice, ChoiceScene):
        k = choice.options.index(move_text(move, scene.session.ruleset))
        if k < 9:
            key(pygame.K_1 + k)
        else:  # past the number keys: down the list to it, then Enter
            for _ in range(k):
                key(pygame.K_DOWN)
            key(pygame.K_RETURN)
        steps(app)


def human_move(app: App) -> Move:
    from casino.ui.scenes.table import TableScene

    scene = app.stack.top
    assert isinstance(scene, TableScene)
    return legal_moves(scene.session.view())[0]


def settled(app: App) -> None:
    """Let the round's or the game's result be seen before a key or click: they ignore both
    for their first ``SETTLE_SECONDS`` (frames of a tenth of a second at most count)."""
    steps(app, 8, 0.1)
