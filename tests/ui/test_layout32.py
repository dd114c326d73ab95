"""The table's windows at every size, and quitting a game that cannot be saved (s32): what
players noticed, one test each, checking rectangles."""

from __future__ import annotations

import encodings.ascii  # noqa: F401  (read as the user nobody below, who cannot import it)
import re
from pathlib import Path

import pygame
import pytest

from casino.ai.basic import GreedyPolicy
from casino.ai.play import play_game
from casino.engine import load_ruleset
from casino.engine.record import GameRecord
from casino.ui import review as review_data
from casino.ui.review import Verdict
from casino.ui.scene import text_width
from casino.ui.scenes import dialogs, review
from casino.ui.scenes.dialogs import ChoiceScene, ConfirmScene, MenuScene
from casino.ui.scenes.options import SettingsScene
from casino.ui.scenes.table import TableScene
from tests.persistence.conftest import read_only
from tests.ui.driver import centre, click, key, steps, top_name
from tests.ui.helpers import make_app, shot, table_at
from tests.ui.test_newcomer31 import drawn_texts
from tests.ui.test_shell import play_human_moves

SIZES = [(1280, 800), (1000, 700), (800, 600)]
POSITION = "0;0;4S 5H 6H KD/QS 3H 7H 6D;JD 9C;-/-;*"
LONG = ("0;0;9S 8H 2C 3H/5D 6D 7D 8D;[b9x2 5C 4C 9C @1] [b9 6H 3D @0] 4H 5S 9D;"
        "AH 2H/QD QC;*;0/0;1;00;2")
"""The 9\u2660 alone: eight captures, the longest a multiple build, a build and three cards."""


def open_menu(app_size: tuple[int, int], language: str = "en") -> tuple[TableScene, MenuScene]:
    app = make_app(size=app_size, language=language)
    table = table_at(app, "classic", POSITION)
    key(pygame.K_ESCAPE)
    steps(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    return table, menu


@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("size", SIZES)
def test_settings_from_the_menu_keeps_off_the_side_panel(size: tuple[int, int],
                                                         language: str) -> None:
    # At 1280x800 Settings, centred on the whole window, ran over the side panel's border.
    table, menu = open_menu(size, language)
    menu.on_action("settings", None)
    steps(table.app)
    settings = table.app.stack.top
    assert isinstance(settings, SettingsScene)
    shot(table.app, f"settings-over-table-{size[0]}-{language}")
    x, _y, w, _h = settings.layout().box
    assert x >= 0 and x + w <= table.layout().panel[0], (x, w, table.layout().panel)


@pytest.mark.parametrize("size", SIZES)
def test_every_window_over_the_table_keeps_to_its_felt(size: tuple[int, int]) -> None:
    table, menu = open_menu(size)
    app = table.app
    felt = table.layout().panel[0]
    for name in ("MenuScene", "TextScene", "KeysScene"):
        if name == "TextScene":
            menu.on_action("rules", None)
        elif name == "KeysScene":
            for _0 in range(2):  # the rules page back to the menu, the menu to the table
                key(pygame.K_ESCAPE)
                steps(app)
            key(pygame.K_F1)
        steps(app)
        assert top_name(app) == name
        dialog = app.stack.top
        assert isinstance(dialog, dialogs.Dialog)
        x, _y, w, _h = dialog.layout().box
        assert x >= 0 and x + w <= felt, (name, x, w, felt)


def choice_at(size: tuple[int, int], language: str) -> tuple[TableScene, ChoiceScene]:
    app = make_app(size=size, language=language)
    table = table_at(app, "classic", LONG)
    key(pygame.K_1)
    steps(app)
    choice = app.stack.top
    assert isinstance(choice, ChoiceScene) and len(choice.options) == 8
    return table, choice


@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("size", SIZES)
def test_the_move_choice_fits_the_felt_and_says_every_move_whole(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str) -> None:
    # At 1000x700 and 800x600 the window, as wide as its longest move, was wider than the
    # felt and ran over the side panel. Cut to the felt, the moves must still read whole:
    # a long one on two lines (three at most), none squeezed or ended with an ellipsis.
    table, choice = choice_at(size, language)
    drawn = drawn_texts(monkeypatch, dialogs)
    shot(table.app, f"choice-long-{size[0]}-{language}")
    lay = choice.layout()
    x, _y, w, _h = lay.box
    assert x >= 0 and x + w <= table.layout().panel[0], (x, w, table.layout().panel)
    size_now, lines = choice.option_lines()
    assert size_now >= choice_font(size) - 1 and max(len(t) for t in lines) <= 3, lines
    for option, row in zip(choice.options, lay.rows, strict=True):
        inside = [(t, r) for t, r in drawn if pygame.Rect(row).contains(r)
                  and not re.fullmatch(r"\d+\.|\u2192", t)]  # its number, its pictures' arrow
        words = [t for t, _r in inside]
        assert " ".join(words) == option, (option, words)
        for text, rect in inside:
            assert not text.endswith("\u2026") and rect.right <= x + w
            assert rect.width >= text_width(text, size_now) - 1, (text, rect)


def choice_font(size: tuple[int, int]) -> int:
    from casino.ui.layout import fit_font

    return fit_font(size[1])


@pytest.mark.parametrize("size", SIZES)
def test_the_game_menu_is_as_tall_as_what_it_holds(monkeypatch: pytest.MonkeyPatch,
                                                   size: tuple[int, int]) -> None:
    # At 1280x800 a band of empty space lay under the key help, as if something were
    # missing: the menu was a dialog three rows taller than its buttons, with room for a
    # button row it does not have.
    table, menu = open_menu(size)
    drawn = drawn_texts(monkeypatch, dialogs)
    shot(table.app, f"menu-{size[0]}")
    _x, y, _w, h = menu.layout().box
    under = menu.buttons[-1].box[1] + menu.buttons[-1].box[3]
    helps = [(t, r) for t, r in drawn if r.top >= under]
    assert helps and helps[0][0].startswith("Keys:"), drawn
    help_text = " ".join(t for t, _r in helps)
    assert help_text.endswith("clears the selection."), helps  # all of it, none cut
    last = max(r.bottom for _t, r in helps)
    assert 0 < y + h - last <= menu.layout().title[3], (y + h, last)


def review_scene(size: tuple[int, int], names: list[str]) -> review.ReviewScene:
    played = play_game(load_ruleset("royal"), "rv", [GreedyPolicy(seed=s) for s in range(2)])
    record = GameRecord.from_game(played.game, names, played.move_texts()).to_dict()
    app = make_app(size=size, language="sv")
    scene = review.ReviewScene(app, record, analyse=lambda view, seed: [])
    app.stack.push(scene)
    steps(app)
    scene.todo = []
    for k, s in enumerate(scene.steps):
        if s.seat == 0:
            scene.verdicts[k] = Verdict(s.move, 0.3)  # a close call, its words in the panel
    scene.index = max(range(len(scene.steps)), key=lambda k: len(scene.steps[k].text))
    steps(app)
    return scene


def panel_texts_keep_clear(monkeypatch: pytest.MonkeyPatch, scene: review.ReviewScene,
                           name: str) -> list[tuple[str, pygame.Rect]]:
    """Every line the review draws in its side panel, checked to keep inside the panel and
    above its buttons."""
    drawn = drawn_texts(monkeypatch, review)
    shot(scene.app, name)
    lay = scene.layout()
    buttons = min(b.box[1] for b in scene.buttons)
    panel = [(t, r) for t, r in drawn if r.left >= lay.panel[0]]
    assert len(panel) > 5, drawn
    for text, rect in panel:
        assert rect.right <= scene.app.screen.get_width(), (text, rect)
        assert rect.bottom <= buttons, (text, rect, buttons)
    return panel


@pytest.mark.parametrize("size", [(800, 600), (640, 400)])
def test_the_reviews_panel_keeps_inside_and_above_its_buttons(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    # A 24-letter name: the bold line of the move shown was wrapped as plain text and ran
    # past the window's right edge.
    scene = review_scene(size, ["Wilhelmina Wolfensberger", "Maximiliana Oxenstierna"])
    panel_texts_keep_clear(monkeypatch, scene, f"review-long-names-{size[0]}")


def test_however_long_the_move_the_review_never_draws_over_its_buttons(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The move, its verdict and the summary were drawn whatever their length, and the move
    # list's current entry whatever the room: in a short window they ran over the buttons.
    long = ("take the multiple 10 build (10\u2665 7\u2660 3\u2666 6\u2663 4\u2666), the 9 "
            "build (6\u2665 3\u2666), 4\u2665, 5\u2660, 9\u2666 with 10\u2663 ") * 3
    monkeypatch.setattr(review_data.Step, "text", property(lambda s: long))
    scene = review_scene((640, 400), ["Wilhelmina Wolfensberger", "Maximiliana Oxenstierna"])
    panel = panel_texts_keep_clear(monkeypatch, scene, "review-very-long-move")
    assert any(t.startswith("Wilhelmina") for t, _r in panel)


def unsaveable_table(casino_home: Path) -> TableScene:
    """A game in progress whose save folder turned read-only: the table says "Not saved"."""
    app = make_app()
    app.new_game()
    steps(app)
    table = app.stack.top
    assert isinstance(table, TableScene)
    play_human_moves(app, table, 1)
    with read_only(casino_home):
        play_human_moves(app, table, 1)  # its save fails: Permission denied
    steps(app)
    assert table.session.unsaved, table.session.unsaved
    return table


def choose_quit(table: TableScene) -> None:
    key(pygame.K_ESCAPE)
    steps(table.app)
    menu = table.app.stack.top
    assert isinstance(menu, MenuScene)
    quit_button = next(b for b in menu.buttons if b.action == "quit")
    click(centre(quit_button.box))
    steps(table.app)


def test_quitting_a_game_that_cannot_be_saved_asks_first(casino_home: Path) -> None:
    # The folder read-only, the table said "Not saved: quitting now loses this game", and
    # the menu's Quit quit at once all the same.
    table = unsaveable_table(casino_home)
    app = table.app
    choose_quit(table)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene) and app.running
    assert confirm.question == "This game cannot be saved. Quit and lose it?"
    shot(app, "quit-unsaved")
    x, _y, w, _h = confirm.layout().box
    assert x + w <= table.layout().panel[0]
    key(pygame.K_ESCAPE)  # Cancel: back to the menu, the game still on
    steps(app)
    assert app.running and top_name(app) == "MenuScene"
    quit_button = next(b for b in app.stack.top.buttons  # type: ignore[union-attr]
                       if b.action == "quit")
    click(centre(quit_button.box))
    steps(app)
    assert top_name(app) == "ConfirmScene"
    key(pygame.K_y)
    steps(app)
    assert not app.running


def test_a_save_file_in_the_way_asks_too(casino_home: Path) -> None:
    (casino_home / "current-game.json").mkdir()  # in the way of the save, even for root
    app = make_app()
    app.new_game()
    steps(app)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.unsaved
    choose_quit(table)
    assert top_name(app) == "ConfirmScene" and app.running


def test_quitting_a_saved_game_quits_at_once() -> None:
    app = make_app()
    app.new_game()
    steps(app)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.unsaved is None
    choose_quit(table)
    assert not app.running
