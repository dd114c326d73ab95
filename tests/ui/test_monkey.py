"""Random clicks, drags and keys in every scene must never raise."""

from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from casino.ui.scenes.title import TitleScene
from tests.ui.driver import top_name
from tests.ui.helpers import make_app

KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE, pygame.K_h, pygame.K_u,
        pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_r]


def monkey(events: int, seed: int, per_scene: int | None = None) -> Counter[str]:
    rng = random.Random(seed)
    app = make_app(size=(1024, 700))
    app.stack.push(TitleScene(app))
    seen: Counter[str] = Counter()
    width, height = app.screen.get_size()
    for _ in range(events):
        name = top_name(app)
        seen[name] += 1
        roll = rng.random()
        pos = (rng.randrange(width), rng.randrange(height))
        if roll < 0.45:
            button = 1 if rng.random() < 0.9 else 3
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            if rng.random() < 0.2:
                pos = (rng.randrange(width), rng.randrange(height))
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                                     buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        elif roll < 0.55:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        else:
            k = rng.choice(KEYS)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                                 scancode=0))
        app.step(0.05)
        if not app.running:  # the monkey found Quit: open the window again
            app.running = True
        if not app.stack.scenes:
            app.stack.push(TitleScene(app))
        if per_scene is not None and seen and min(seen.values()) >= per_scene and len(seen) >= 5:
            break
    return seen


def test_monkey_short() -> None:
    seen = monkey(2500, seed=1)
    assert seen["TitleScene"] and seen["TableScene"]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3])
def test_monkey_ten_thousand_per_scene(seed: int) -> None:
    seen = monkey(400_000, seed=seed, per_scene=10_000)
    assert min(seen.values()) >= 10_000, seen
