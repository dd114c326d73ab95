"""Discoverable controls: the keys overlay, tooltips, and Enter playing the hinted move."""

from __future__ import annotations

import time

import pygame
import pytest

from casino.ui.words import move_text
from tests.ui.driver import centre, key, steps, top_name
from tests.ui.helpers import make_app, table_at
from tests.ui.test_play import POSITION
from tests.ui.test_screenshots import save


def test_question_mark_and_f1_open_the_keys_overlay() -> None:
    app = make_app()
    table_at(app, "classic", POSITION)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH,
                                         mod=pygame.KMOD_SHIFT, unicode="?", scancode=0))
    steps(app)
    assert top_name(app) == "KeysScene"
    save(app, "keys_overlay")
    key(pygame.K_ESCAPE)
    steps(app)
    assert top_name(app) == "TableScene"
    key(pygame.K_F1)
    steps(app)
    assert top_name(app) == "KeysScene"


def test_every_table_button_has_a_tooltip_naming_its_key() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    for button in scene.buttons:
        assert "(" in button.tip and ")" in button.tip, button.action
    hint = next(b for b in scene.buttons if b.action == "hint")
    pygame.mouse.set_pos(centre(hint.box))
    steps(app)
    save(app, "tooltip")


def test_enter_plays_the_hinted_move() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    key(pygame.K_h)
    deadline = time.monotonic() + 20
    while scene.hint is None and time.monotonic() < deadline:
        steps(app, 1, 0.02)
        time.sleep(0.01)
    assert scene.hint is not None
    hinted = scene.hint[0]
    key(pygame.K_RETURN)
    steps(app)
    assert scene.session.log[0].text == f"You: {move_text(hinted, scene.session.ruleset)}"


@pytest.mark.parametrize("name", ["classic", "munter"])
def test_rules_help_has_sections_examples_and_about_apart(name: str) -> None:
    from casino.engine import load_ruleset
    from casino.ui.scenes.dialogs import EXAMPLE, HEADING, SMALL, rules_page

    app = make_app()
    app.show_title()
    page = rules_page(app, load_ruleset(name))
    app.stack.push(page)
    steps(app)
    lines = [line for line, _ in page.lines()]
    heads = [line.removeprefix(HEADING) for line in lines if line.startswith(HEADING)]
    assert heads[:2] == ["The game", "How to play"] and heads[-1] == "About these rules"
    about = lines.index(HEADING + "About these rules")
    assert all(line.startswith(SMALL) for line in lines[about + 1:])  # smaller, and last
    assert any(line.startswith(EXAMPLE) for line in lines[:about]) == bool(page.examples)
    save(app, f"rules_{name}")


def test_title_buttons_tell_their_keys() -> None:
    from casino.ui.scenes.title import TitleScene

    app = make_app()
    title = TitleScene(app)
    app.stack.push(title)
    steps(app)
    tips = {b.label: b.tip_text() for b in [*title.buttons, *title.more]}
    assert tips["Play"] == "Key: Enter" and tips["Rules"] == "Key: R"
    assert all(tip.startswith("Key: ") for tip in tips.values())
    play = title.buttons[0]
    pygame.mouse.set_pos(centre(play.box))
    steps(app)
    save(app, "title_tooltip")
