"""A newcomer learns each variant from its Rules page (s33): the variant's own examples, the
Classic rules a variant builds on, and pages where nothing is cut off."""

from __future__ import annotations

import pygame
import pytest

from casino.engine import legal_moves, load_ruleset
from casino.engine.ruleset import bundled_names
from casino.tutorial import LESSONS
from casino.ui.app import App
from casino.ui.layout import fit_font
from casino.ui.scene import text_width
from casino.ui.scenes.dialogs import (
    EXAMPLE,
    HEADING,
    ConfirmScene,
    TextScene,
    move_pictures_width,
    rules_page,
)
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.tutorial import TutorialScene
from casino.ui.words import symbols
from tests.ui.driver import click, click_move, hand_click_point, key, steps, top_name, until
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
    title = page.title
    holds = f"Where {title} says otherwise above, {title} holds."  # s33: Royal contradicted
    assert " ".join(holds.split()) in text and text.index(holds) < text.index("Build: put a")
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


# -- the tutorial teaches what the table enforces ------------------------------------------


def lesson_scene(app: App, title: str) -> TutorialScene:
    index = next(k for k, lesson in enumerate(LESSONS) if lesson.title == title)
    scene = TutorialScene(app, index)
    app.stack.replace(scene)
    steps(app)
    return scene


def wait_for_reply(app: App, scene: TutorialScene) -> None:
    """Step until the computer's scripted reply is played (``REPLY_DELAY`` seconds of frames
    after the praise): a fixed count of frames went on silently when it never came."""
    until(app, lambda: scene.reply_in is None)


@pytest.mark.parametrize("title", [lesson.title for lesson in LESSONS if lesson.then])
def test_a_lesson_that_promises_the_take_plays_that_turn(title: str) -> None:
    # Lessons 3 and 5 ended on "take it with your 8/10 next turn"; that turn never came.
    app = make_app()
    scene = lesson_scene(app, title)
    lesson = scene.lesson
    assert lesson.then is not None
    click_move(app, lesson.solution_moves()[0])
    steps(app)
    assert scene.solved and not scene.finished() and scene.feedback == lesson.done
    wait_for_reply(app, scene)
    assert scene.turn == 1 and not scene.solved and scene.seat_to_move() == 0
    assert scene.session.log[-1].seat == 1  # the computer's reply is in the log
    lines, _bottom = scene.lesson_lines()
    assert " ".join(line for line, _y, _said in lines).startswith(
        symbols(lesson.then.teach)[:20])
    take = lesson.solution_moves(1, scene.session.game.round)[0]
    click_move(app, take)
    steps(app)
    assert scene.finished() and scene.feedback == lesson.then.done
    app.draw()
    keep_shot(app.screen, f"teach_lesson_{title.split()[0]}_taken")


def test_undo_in_a_lesson_starts_it_again() -> None:
    app = make_app()
    scene = lesson_scene(app, "Building")
    click_move(app, scene.lesson.solution_moves()[0])
    wait_for_reply(app, scene)
    assert scene.turn == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                         unicode="", scancode=0))
    steps(app)
    again = app.stack.top
    assert isinstance(again, TutorialScene) and again is not scene
    assert again.turn == 0 and again.session.game.round == scene.lesson.state()
    click_move(app, again.lesson.solution_moves()[0])
    steps(app)
    assert again.solved


def test_the_table_refuses_a_trail_while_you_own_a_build_and_the_lesson_says_why() -> None:
    app = make_app()
    scene = lesson_scene(app, "Your build binds you")
    boxes = scene.hand_card_boxes()
    king = [str(c) for c in scene.view().hand].index("KH")
    nxt = boxes[king + 1] if king + 1 < len(boxes) else None
    click(hand_click_point(boxes[king], nxt))  # the King alone: a trail, which is refused
    steps(app)
    assert not scene.solved and scene.message_kind == "error"
    assert "take, raise or duplicate your 8 build" in scene.feedback and not scene.feedback_ok
    app.draw()
    keep_shot(app.screen, "teach_lesson_refused")
    click_move(app, scene.lesson.solution_moves()[0])
    steps(app)
    assert scene.finished()


def test_the_last_take_gives_the_rest_of_the_table() -> None:
    app = make_app()
    scene = lesson_scene(app, "The last take")
    click_move(app, scene.lesson.solution_moves()[0])
    steps(app, 20)
    assert scene.finished() and top_name(app) == "TutorialScene"  # no round sheet
    taken = {str(c) for c in scene.session.game.round.captures[0]}
    assert {"6C", "6H", "KD", "3S"} <= taken


def finish(app: App) -> None:
    scene = lesson_scene(app, LESSONS[-1].title)
    click_move(app, scene.lesson.solution_moves()[0])
    steps(app)
    key(pygame.K_n)  # Finish
    steps(app)


def test_finish_offers_a_game_of_classic_against_easy() -> None:
    # Finish went back to the title without a word.
    app = make_app(ruleset="royal", level="expert")
    finish(app)
    assert top_name(app) == "ConfirmScene"
    app.draw()
    keep_shot(app.screen, "teach_finish")
    key(pygame.K_RETURN)  # the default: nothing is lost by it
    steps(app)
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, TutorialScene)
    assert table.session.ruleset.name == "classic" and len(table.session.seats) == 2
    assert table.session.save is not None
    assert table.session.save.players[1].level == "greedy"  # Easy
    assert app.settings.difficulties[0] == "expert"  # the title's choice stays (s35 shell #4)


def test_finish_asks_before_replacing_a_saved_game() -> None:
    app = make_app()
    app.new_game()
    table = app.stack.top
    assert isinstance(table, TableScene)
    table.perform(legal_moves(table.view())[0])
    finish(app)
    key(pygame.K_y)  # play Classic
    steps(app)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and ask.title == "Put your saved game aside?"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "sv"])
def test_every_lesson_is_read_whole(language: str, size: tuple[int, int]) -> None:
    app = make_app(size=size, language=language)
    for index, lesson in enumerate(LESSONS):
        scene = TutorialScene(app, index)
        app.stack.replace(scene)
        steps(app)
        for turn in range(lesson.turns):
            lines, bottom = scene.lesson_lines()
            assert lines and lines[-1][1] <= bottom, (lesson.title, turn)
            click_move(app, lesson.solution_moves(turn, scene.session.game.round)[0])
            steps(app)
            lines, bottom = scene.lesson_lines()
            assert lines[-1][2] and lines[-1][1] <= bottom, (lesson.title, turn, "done")
            wait_for_reply(app, scene)
        app.draw()
        keep_shot(app.screen, f"teach_lesson_{index}_{language}_{size[0]}")
