"""Random clicks, drags and keys in every scene must never raise.

Each scene is opened and then hit with random events; when the monkey leaves the scene
(it found a button), the scene is opened again, until it has had its share of events.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

import pygame
import pytest

from casino.ui.app import App
from casino.ui.scenes.dialogs import GameOverScene
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import TitleScene
from casino.ui.session import Session
from tests.ui.driver import centre, click, key, steps, top_name
from tests.ui.helpers import make_app, table_at
from tests.ui.test_play import play_to_game_over
from tests.ui.test_screenshots import CHOICE

KEYS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE, pygame.K_h, pygame.K_u,
        pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_r,
        pygame.K_PAGEDOWN, pygame.K_PAGEUP, pygame.K_HOME, pygame.K_END, pygame.K_n, pygame.K_m,
        pygame.K_v, pygame.K_y, pygame.K_f, pygame.K_t, pygame.K_s, pygame.K_a]


def random_event(rng: random.Random, size: tuple[int, int]) -> None:
    width, height = size
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
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0,
                                             unicode="", scancode=0))


def finished_game(app: App) -> Session:
    app.new_game()
    play_to_game_over(app, random.Random(4))
    scene = app.stack.top
    assert isinstance(scene, GameOverScene)
    return scene.session


def openers(app: App) -> dict[str, Callable[[], None]]:
    """How to open each scene afresh."""
    done = finished_game(app)
    from casino.engine import load_ruleset
    from casino.persistence import Records
    from casino.ui.scenes.dialogs import ConfirmScene, NoticeScene, rules_page
    from casino.ui.scenes.options import SettingsScene
    from casino.ui.scenes.records import HallOfFameScene, StatisticsScene
    from casino.ui.scenes.review import ReviewScene
    from casino.ui.scenes.title import ResumeScene
    from casino.ui.scenes.tutorial import TutorialScene

    assert done.record_id is not None and done.save is None
    record = Records.open().value.game_record(done.record_id)
    assert record is not None

    def over_title(make: Callable[[], object]) -> Callable[[], None]:
        def open_it() -> None:
            app.stack.replace(TitleScene(app))
            app.stack.push(make())  # type: ignore[arg-type]
        return open_it

    def resume() -> None:
        app.new_game()
        session = app.stack.top.session  # type: ignore[union-attr]
        app.stack.replace(TitleScene(app))
        app.stack.push(ResumeScene(app, session.save, session.game))

    def title() -> None:
        app.stack.replace(TitleScene(app))

    def table() -> None:
        app.new_game()

    def choice() -> None:
        scene = table_at(app, "classic", CHOICE)
        click(centre(scene.item_boxes()[0]))
        steps(app)
        key(pygame.K_1)
        steps(app)

    def menu() -> None:
        app.new_game()
        key(pygame.K_ESCAPE)
        steps(app)

    def summary() -> None:
        session = copy.copy(done)
        app.stack.replace(TableScene(app, session))
        steps(app)

    def game_over() -> None:
        app.stack.replace(GameOverScene(app, copy.copy(done)))

    return {"TitleScene": title, "TableScene": table, "ChoiceScene": choice,
            "MenuScene": menu, "SummaryScene": summary, "GameOverScene": game_over,
            "SettingsScene": over_title(lambda: SettingsScene(app)),
            "HallOfFameScene": over_title(lambda: HallOfFameScene(app)),
            "StatisticsScene": over_title(lambda: StatisticsScene(app)),
            "TextScene": over_title(lambda: rules_page(app, load_ruleset("casino33"))),
            "NoticeScene": over_title(lambda: NoticeScene(app, ["a message " * 20])),
            "ConfirmScene": over_title(lambda: ConfirmScene(app, "Sure?", "Really?", "Yes",
                                                            lambda: None)),
            "ResumeScene": resume,
            "TutorialScene": lambda: app.stack.replace(TutorialScene(app, 3)),
            "ReviewScene": lambda: app.stack.replace(
                ReviewScene(app, record, analyse=lambda view, seed: []))}


def monkey(per_scene: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    import casino.ui.session

    # no expert search in a review the monkey opens from the game-over screen
    monkeypatch.setattr(casino.ui.session, "expert_values", lambda view, seed=0: [])
    rng = random.Random(seed)
    app = make_app(size=(1024, 700))
    counts: dict[str, int] = {}
    for name, open_scene in openers(app).items():
        counts[name] = 0
        while counts[name] < per_scene:
            app.running = True
            if top_name(app) != name:
                open_scene()
                assert top_name(app) == name, (name, top_name(app))
            random_event(rng, app.screen.get_size())
            app.step(0.05)
            counts[name] += 1
    return counts


def test_monkey_short(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = monkey(50, seed=1, monkeypatch=monkeypatch)
    assert min(counts.values()) == 50


@pytest.mark.slow
def test_monkey_ten_thousand_per_scene(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = monkey(10_000, seed=2, monkeypatch=monkeypatch)
    assert min(counts.values()) == 10_000
