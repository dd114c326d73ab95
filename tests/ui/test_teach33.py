"""A newcomer learns each variant from its Rules page (s33): the variant's own examples, the
Classic rules a variant builds on, and pages where nothing is cut off."""

from __future__ import annotations

import pygame
import pytest

from casino.engine import load_ruleset
from casino.engine.ruleset import bundled_names
from casino.ui.layout import fit_font
from casino.ui.scene import text_width
from casino.ui.scenes.dialogs import EXAMPLE, HEADING, TextScene, move_pictures_width, rules_page
from casino.ui.words import symbols
from tests.ui.driver import key, steps
from tests.ui.helpers import keep_shot, make_app

SIZES = [(1280, 800), (640, 400)]


def open_rules(name: str, size: tuple[int, int] = (1280, 800), language: str = "en"
               ) -> TextScene:
    app = make_app(size=size, language=language)
    app.show_title()
    steps(app)
    page = rules_page(app, load_ruleset(name))
    app.stack.push(page)
    steps(app)
    return page


@pytest.mark.parametrize("name", bundled_names())
def test_a_rules_page_shows_the_variants_own_examples(name: str) -> None:
    # Every page showed the tutorial's first five Classic plays, whatever the rules.
    ruleset = load_ruleset(name)
    page = open_rules(name)
    own = [symbols(e.text) for e in ruleset.examples]
    lines = [line for line, _new in page.lines()]
    text = " ".join(lines)
    for caption in own:
        assert " ".join(caption.split()) in text
    # each example's words come just before its cards
    rows = [k for k, line in enumerate(lines) if line.startswith(EXAMPLE)]
    assert len(rows) >= len(own) and all(not lines[k - 1].startswith((HEADING, EXAMPLE))
                                         for k in rows)


@pytest.mark.parametrize("name", ["draw", "royal", "spade"])
def test_a_variant_that_says_as_classic_explains_classic(name: str) -> None:
    page = open_rules(name)
    lines = [line for line, _new in page.lines()]
    heads = [line.removeprefix(HEADING) for line in lines if line.startswith(HEADING)]
    assert "Classic Casino: the rules these build on" in heads
    text = " ".join(lines)
    assert "Build: put a card on table cards so they add up" in text
    assert "take 7\u2665 with 7\u2663" in " ".join(caption for _m, caption in page.examples)


def test_royal_leaves_out_a_classic_example_its_face_cards_play_otherwise() -> None:
    page = open_rules("royal")
    captions = " ".join(line for line, _new in page.lines())
    assert "K\u2663 takes 10\u2660 and 3\u2665" in captions  # Royal's own
    assert "never a sum" not in captions  # Classic's King, which Royal's King is not


def test_a_self_contained_variant_does_not_repeat_classic() -> None:
    for name in ("classic", "classic-sweeps", "spitenet", "kasino"):
        heads = [line for line, _new in open_rules(name).lines() if line.startswith(HEADING)]
        assert not any("build on" in h for h in heads), (name, heads)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("name", bundled_names())
def test_every_rules_page_fits_page_by_page(name: str, language: str,
                                           size: tuple[int, int]) -> None:
    page = open_rules(name, size, language)
    app = page.app
    lay = page.layout()
    font = fit_font(app.screen.get_height()) - 1
    width = lay.rows[0][2] - 12
    for line, _new in page.lines():
        if line.startswith(EXAMPLE):
            move, words = page.examples[int(line.removeprefix(EXAMPLE))]
            height = page.line_height(line) - 6
            assert move_pictures_width(move, height) + 10 + text_width(words, font - 1) \
                <= width, (line, words)
        elif line.startswith(HEADING):
            assert text_width(line.removeprefix(HEADING), font + 1, bold=True) <= width, line
    for k in range(20):
        end = page.scroll + page.page()
        if end < len(page.lines()):  # an example's words stay on the page of its cards
            assert not page.lines()[end][0].startswith(EXAMPLE)
        app.draw()
        keep_shot(app.screen, f"teach_rules_{name}_{language}_{size[0]}_{k}")
        before = page.scroll
        key(pygame.K_PAGEDOWN)
        steps(app)
        if page.scroll == before:
            break
    assert page.scroll + page.page() == len(page.lines())
