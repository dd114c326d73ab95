"""A newcomer's small puzzles at the title and the table (the s32 watch, items 1, 6, 7, 10-13
and 15): each test failed on the code before its fix."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pygame
import pytest

from casino.engine.scoring import score_round
from casino.ui.app import App
from casino.ui.layout import Box
from casino.ui.scene import TEXT, draw_text, panel, shown_whole, text_image, tip_rect
from casino.ui.scenes import table_view
from casino.ui.scenes.dialogs import MenuScene
from casino.ui.scenes.network import NetworkScene
from casino.ui.scenes.network import value_at as network_value_at
from casino.ui.scenes.options import SettingsScene, value_at
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.table_view import category_name
from casino.ui.scenes.title import TitleScene
from tests.ui.driver import centre, click, key, steps
from tests.ui.helpers import make_app, shot, table_at


def at_title(**options: object) -> tuple[App, TitleScene]:
    app = make_app(**options)
    app.show_title()
    steps(app)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    return app, title


def on_the_back_arrow(box: Box, left: int) -> tuple[int, int]:
    """A point on a row's \u2039, drawn at ``left``."""
    return left + 4, box[1] + box[3] // 2


# -- 7. a click on \u2039 steps back ------------------------------------------------------------


def test_a_click_on_the_back_arrow_steps_back_on_the_title() -> None:
    app, title = at_title()
    rules = title.option_boxes()[1]
    first = app.settings.ruleset
    click(on_the_back_arrow(rules, value_at()(rules)))
    steps(app)
    back = app.settings.ruleset
    assert back == title.rulesets[-1] if first == title.rulesets[0] else \
        title.rulesets[title.rulesets.index(first) - 1]
    click((rules[0] + rules[2] - 10, rules[1] + rules[3] // 2))  # the \u203a end: forward
    steps(app)
    assert app.settings.ruleset == first
    click((rules[0] + 10, rules[1] + rules[3] // 2))  # the label: forward, as before
    steps(app)
    assert app.settings.ruleset != first and app.settings.ruleset != back


def test_a_click_on_the_back_arrow_steps_back_in_settings() -> None:
    app, _title = at_title(speed=4)
    settings = SettingsScene(app)
    app.stack.push(settings)
    steps(app)
    speed = settings.option_boxes()[1]
    click(on_the_back_arrow(speed, value_at(settings.label_share())(speed)))
    steps(app)
    assert app.settings.speed == 3
    click((speed[0] + speed[2] - 10, speed[1] + speed[3] // 2))
    steps(app)
    assert app.settings.speed == 4


def test_a_click_on_the_back_arrow_steps_back_on_the_network_screen() -> None:
    app = make_app()
    scene = NetworkScene(app)
    app.stack.replace(scene)
    steps(app)
    rows, _found, _box = scene.boxes()
    k = next(i for i, (name, _label, _value) in enumerate(scene.rows()) if name == "rules")
    before = scene.rows()[k][2]
    click(on_the_back_arrow(rows[k], network_value_at(rows[k])))
    steps(app)
    back = scene.rows()[k][2]
    assert back != before
    click((rows[k][0] + rows[k][2] - 10, rows[k][1] + rows[k][3] // 2))
    steps(app)
    assert scene.rows()[k][2] == before
    shot(app, "network_rows")


# -- 13. End turn only with the End-turn step --------------------------------------------------


SIZES = [(640, 400), (800, 600), (1024, 768), (1280, 800), (1920, 1080)]


def test_end_turn_shows_only_with_the_end_turn_step_and_the_buttons_lie_evenly() -> None:
    for staging in (False, True):
        for size in SIZES:
            for players in (2, 3, 4):
                app = make_app(size, players=players, end_turn_staging=staging)
                app.new_game()
                steps(app)
                scene = app.stack.top
                assert isinstance(scene, TableScene)
                actions = [b.action for b in scene.buttons]
                assert ("end_turn" in actions) == staging, (size, players)
                boxes = [pygame.Rect(b.box) for b in scene.buttons]
                lay = scene.layout()
                panel = pygame.Rect(lay.panel)
                assert all(panel.contains(r) for r in boxes)
                assert all(not a.colliderect(b) for a, b in itertools.combinations(boxes, 2))
                assert len({r.w for r in boxes}) == 1  # one width, no gap left by End turn
                rows = {r.y for r in boxes}
                assert len(rows) == (2 if staging else 1), (size, players)
                assert max(r.right for r in boxes) >= panel.right - 2 * lay.margin
                log = pygame.Rect(lay.log)
                assert log.bottom <= min(r.top for r in boxes)
                if size in ((640, 400), (1280, 800)) and players == 2:
                    shot(app, f"buttons_{size[0]}_{'staging' if staging else 'plain'}")
    app = make_app(end_turn_staging=False)
    app.new_game()
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    app.change_settings(end_turn_staging=True)  # from the menu's Settings, mid-game
    steps(app)
    assert "end_turn" in [b.action for b in scene.buttons]


# -- 15. tooltips cover nothing one needs --------------------------------------------------------


def pixels(app: App, boxes: list[Box]) -> list[bytes]:
    """The window's pixels in each of ``boxes``, as drawn now."""
    app.draw()
    return [pygame.image.tobytes(app.screen.subsurface(box), "RGB") for box in boxes]


def test_the_menu_tip_covers_no_other_table_button() -> None:
    app = make_app(end_turn_staging=True)  # four buttons, two rows: Menu under Unseen
    app.new_game()
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    menu = next(b for b in scene.buttons if b.action == "menu")
    others = [b.box for b in scene.buttons if b is not menu]
    pygame.mouse.set_pos((2, 2))
    before = pixels(app, others)
    pygame.mouse.set_pos(centre(menu.box))
    assert pixels(app, others) == before  # the tip is drawn, but over none of them
    size = text_image(menu.tip_text(), scene.layout().font - 2, TEXT, False, None) \
        .get_rect().inflate(12, 8).size
    rect = tip_rect(size, menu.box, app.screen.get_rect(), [b.box for b in scene.buttons])
    assert app.screen.get_rect().contains(rect)
    shot(app, "menu_tip")


def test_the_settings_done_tip_covers_no_card_back() -> None:
    for size in SIZES:
        app, _title = at_title(size=size)
        settings = SettingsScene(app)
        app.stack.push(settings)
        steps(app)
        done = settings.buttons[0]
        shown = [*settings.back_boxes(), *settings.option_boxes()]
        pygame.mouse.set_pos((2, 2))
        before = pixels(app, shown)
        pygame.mouse.set_pos(centre(done.box))
        assert pixels(app, shown) == before, size
        if size == (1280, 800):
            shot(app, "settings_done_tip")


# -- 10. the Unseen panel --------------------------------------------------------------------


def test_the_unseen_panel_counts_one_card_closes_on_escape_and_leaves_the_status_free(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((800, 600))
    scene = table_at(app, "classic", "0;1;9C/KS;9D 8H 5H 4S AH;*/-")  # only K\u2660 unseen
    texts: list[tuple[str, pygame.Rect]] = []
    panels: list[pygame.Rect] = []

    def text(surface: pygame.Surface, words: str, *args: object, **kw: object) -> pygame.Rect:
        rect = draw_text(surface, words, *args, **kw)  # type: ignore[arg-type]
        texts.append((words, rect))
        return rect

    def box(surface: pygame.Surface, where: Box, *args: object, **kw: object) -> None:
        panels.append(pygame.Rect(where))
        panel(surface, where, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_text", text)
    monkeypatch.setattr(table_view, "panel", box)
    key(pygame.K_u)
    steps(app)
    scene.say("A long hint that takes two lines under the panel: " + "take all of it " * 8)
    texts.clear()
    panels.clear()
    shot(app, "unseen_one_card")
    assert "Not yet seen: 1 card (U closes)" in [t for t, _r in texts]
    unseen = next(r for r in panels if r.x == scene.layout().table[0])
    status = [r for t, r in texts if "long hint" in t or "take all" in t]
    assert len(status) >= 2 and unseen.bottom <= min(r.top for r in status)
    key(pygame.K_ESCAPE)
    steps(app)
    assert not scene.show_unseen and app.stack.top is scene  # closed; no menu
    key(pygame.K_ESCAPE)
    steps(app)
    assert isinstance(app.stack.top, MenuScene)


# -- 11. the review's Close goes back to the result -----------------------------------------


def test_the_reviews_close_goes_back_to_the_game_over_screen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from casino.ui import session
    from casino.ui.scenes.dialogs import GameOverScene
    from casino.ui.scenes.review import ReviewScene
    from tests.ui.test_play import play_to_game_over

    monkeypatch.setattr(session, "expert_values", lambda view, seed: [])  # no real search
    app = make_app()
    app.new_game()
    steps(app)
    play_to_game_over(app, random.Random(5))
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    key(pygame.K_v)
    steps(app)
    assert isinstance(app.stack.top, ReviewScene)
    shot(app, "review_over_result")
    key(pygame.K_ESCAPE)  # Close
    steps(app)
    assert app.stack.top is over and len(app.stack.scenes) == 1
    shot(app, "back_at_the_result")
    key(pygame.K_RETURN)  # Play again is still there
    steps(app)
    assert isinstance(app.stack.top, TableScene)


# -- 12. the score sheet's point rows read as points ----------------------------------------


@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_sheet_names_most_cards_and_spades_whole_at_800x600_in_every_ruleset(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from casino.engine.ruleset import bundled_names, load_ruleset
    from casino.i18n import _

    drawn: list[tuple[str, int, int | None]] = []

    def text(surface: pygame.Surface, words: str, size: int, *args: object,
             **kw: object) -> pygame.Rect:
        drawn.append((words, size, kw.get("max_width")))  # type: ignore[arg-type]
        return draw_text(surface, words, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_text", text)
    for name in bundled_names():
        ruleset = load_ruleset(name)
        players = max(ruleset.players)
        app = make_app((800, 600), players=players, teams=False, ruleset=name,
                       language=language)
        app.new_game()
        steps(app)
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        drawn.clear()
        app.draw()
        sheet = {category_name(c) for c in score_round(scene.session.game.round).categories}
        words = {_("Most cards"), _("Most spades")}
        assert {"Cards", "Spades", "Kort", "Spader"}.isdisjoint(sheet), name
        if ruleset.scoring.most_cards:
            assert _("Most cards") in sheet, name
        for label, size, width in drawn:
            if label in sheet | words:
                assert width is not None and shown_whole(label, size, width, cards=False), \
                    (name, label, width)
        if name in ("classic", "casino33"):
            shot(app, f"sheet_{name}_{language}")


# -- 6. typing a name on the title ------------------------------------------------------------


def type_text(text: str) -> None:
    for ch in text:
        k = pygame.key.key_code(ch.lower()) if ch.isalpha() else pygame.K_UNKNOWN
        mod = pygame.KMOD_SHIFT if ch.isupper() else 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=ch,
                                             scancode=0))


def test_a_newcomer_types_a_name_at_once_and_the_letter_keys_still_work_elsewhere() -> None:
    app, title = at_title(player_name="Player")  # the default: nobody chose it
    assert title.row_key() == "player_name"
    shot(app, "title_fresh_name")
    type_text("Friend")
    steps(app)
    assert app.stack.top is title  # F did not open the Hall of Fame
    assert app.settings.player_name == "Friend"  # it replaced 'Player', not 'PlayerFriend'
    shot(app, "title_named")
    key(pygame.K_DOWN)
    key(pygame.K_UP)
    type_text("s")  # back on the row: added to the name now
    steps(app)
    assert app.settings.player_name == "Friends"
    key(pygame.K_DOWN)  # the rules row: letters are the buttons' keys
    type_text("f")
    steps(app)
    assert type(app.stack.top).__name__ == "HallOfFameScene"

    app, title = at_title(player_name="Player")
    name = title.option_boxes()[0]
    click(centre(name))  # clicking the box first, as in a form, also replaces it
    type_text("Bo")
    steps(app)
    assert app.settings.player_name == "Bo"

    app, title = at_title(player_name="Ann")  # a chosen name: the title opens on the rules
    assert title.row_key() == "ruleset"
    type_text("s")
    steps(app)
    assert isinstance(app.stack.top, SettingsScene)


def test_backspace_on_the_marked_default_name_clears_it() -> None:
    # 'Player' is marked as the text the next key replaces; Backspace took one letter
    # ('Playe'), and the name typed next was added to it ('PlayeBo').
    app, _title = at_title(player_name="Player")
    key(pygame.K_BACKSPACE)
    type_text("Bo")
    steps(app)
    assert app.settings.player_name == "Bo"


@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_name_rows_help_line_is_whole_at_640x400(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from casino.ui.scenes import title as title_module

    lines: list[tuple[str, int, int | None]] = []

    def text(surface: pygame.Surface, words: str, size: int, *args: object,
             **kw: object) -> pygame.Rect:
        lines.append((words, size, kw.get("max_width")))  # type: ignore[arg-type]
        return draw_text(surface, words, size, *args, **kw)  # type: ignore[arg-type]

    app, _title = at_title(size=(640, 400), player_name="Player", language=language)
    monkeypatch.setattr(title_module, "draw_text", text)
    app.draw()
    help_line = [(w, s, m) for w, s, m in lines if "Enter" in w]
    assert help_line and all(m is not None and shown_whole(w, s, m) for w, s, m in help_line)
    shot(app, f"title_fresh_640_{language}")


# -- 1. no window smaller than the table's 640x400 --------------------------------------------


def test_size_below_640x400_is_refused_with_the_floor_named() -> None:
    import argparse

    from casino.ui.app import window_size

    assert window_size("640x400") == (640, 400)
    for small in ("320x240", "639x800", "1280x399"):
        with pytest.raises(argparse.ArgumentTypeError, match="from 640x400"):
            window_size(small)


def test_a_smaller_saved_size_is_read_as_the_floor_with_a_notice(casino_home: Path) -> None:
    from casino.persistence import load_settings

    (casino_home / "settings.toml").write_text('window_size = [480, 300]\nspeed = 2\n')
    loaded = load_settings(casino_home)
    assert loaded.value.window_size == (640, 400) and loaded.value.speed == 2
    said = " ".join(loaded.messages)
    assert "window_size" in said and "using 640" in said and "using 400" in said
    assert load_settings(casino_home).value.window_size == (640, 400)  # the repaired file
    (casino_home / "settings.toml").write_text('window_size = [800, 300]\n')
    assert load_settings(casino_home).value.window_size == (800, 400)
    (casino_home / "settings.toml").write_text('window_size = [20000, 300]\n')  # too big too
    assert load_settings(casino_home).value.window_size == (1280, 800)  # the default, as before


def test_the_window_keeps_to_the_floor_and_a_smaller_size_is_never_saved(
        casino_home: Path) -> None:
    import warnings

    from casino.persistence import load_settings
    from casino.ui import app as app_module

    app = make_app((800, 600))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert pygame.Window.from_display_module().minimum_size == (640, 400)
    pygame.display.set_mode((480, 300), pygame.RESIZABLE)  # as a window manager might
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(480, 300), w=480, h=300))
    app.show_title()
    steps(app)
    assert app.screen.get_size() == (640, 400)
    shot(app, "title_at_the_floor")

    opened = app.screen.get_size()
    app.screen = pygame.Surface((480, 300))  # however the window ended this small
    app_module.remember_size(app, opened)
    assert load_settings(casino_home).value.window_size == (1280, 800)  # not 480x300
    app.screen = pygame.Surface((900, 500))
    app_module.remember_size(app, opened)
    assert load_settings(casino_home).value.window_size == (900, 500)  # a size that fits is
