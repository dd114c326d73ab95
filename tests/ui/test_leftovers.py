"""Small things two helpers noticed in s31 and left alone: Esc from Settings opened in the
game's menu, the "just took" frame after undo, the keys in the turn prompt, the review's
colours for a network guest, the choice window and the panel title at odd sizes."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from casino.ui.scene import text_width
from casino.ui.scenes.dialogs import MenuScene
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.table_view import colour_of
from tests.ui.driver import click, key, steps, top_name
from tests.ui.helpers import make_app, shot, table_at
from tests.ui.test_newcomer31 import drawn_texts
from tests.ui.test_shell import button_of, play_human_moves, press_ctrl, start_from_title


@pytest.mark.parametrize(("action", "page"), [("settings", "SettingsScene"),
                                              ("rules", "TextScene")])
def test_esc_in_a_page_opened_from_the_menu_goes_back_to_the_menu(
        casino_home: Path, action: str, page: str) -> None:
    """Settings, and the rules, went straight back to the table, two steps at once."""
    app = make_app()
    start_from_title(app)
    key(pygame.K_ESCAPE)
    steps(app)
    click(button_of(app.stack.top, action))
    steps(app)
    assert top_name(app) == page
    key(pygame.K_ESCAPE)
    steps(app)
    shot(app, f"leftovers_{action}_back_to_menu")
    assert isinstance(app.stack.top, MenuScene)
    assert [type(s).__name__ for s in app.stack.scenes] == ["TableScene", "MenuScene"]
    click(button_of(app.stack.top, action))  # its button does the same
    steps(app)
    click(button_of(app.stack.top, "cancel"))
    steps(app)
    assert top_name(app) == "MenuScene"
    key(pygame.K_ESCAPE)  # and Esc in the menu is back at the table
    steps(app)
    assert top_name(app) == "TableScene"


def changed_pixels(app: object, scene: TableScene, seat: int = 1) -> int:
    """How many pixels around ``seat``'s capture pile are drawn in its colour: the frame
    that says it just took."""
    app.draw()  # type: ignore[attr-defined]
    screen: pygame.Surface = app.screen  # type: ignore[attr-defined]
    around = pygame.Rect(scene.pile_box(seat)).inflate(12, 12).clip(screen.get_rect())
    mask = pygame.mask.from_threshold(screen.subsurface(around), colour_of(scene.session, seat),
                                      (1, 1, 1, 255))
    return int(mask.count())


def test_undo_takes_the_computers_just_took_frame_away(casino_home: Path) -> None:
    """After Ctrl+Z the computer's pile kept its frame for a take that was undone."""
    app = make_app()
    scene = start_from_title(app)
    assert isinstance(scene, TableScene)
    for _0 in range(8):  # until the computer's reply was a capture
        play_human_moves(app, scene, 1)
        play_human_moves(app, scene, 0)
        if scene.changed_pile is not None:
            break
    assert scene.changed_pile is not None, "the computer never took in eight moves"
    assert changed_pixels(app, scene) > 0
    press_ctrl(pygame.K_z)
    steps(app)
    assert scene.session.humans_turn()
    shot(app, "leftovers_undo_no_frame")
    assert scene.changed_pile is None and not scene.changed
    assert changed_pixels(app, scene) == 0


@pytest.mark.parametrize("size", [(1280, 800), (1000, 700), (800, 600)])
def test_the_turn_prompt_names_the_hint_and_menu_keys_and_still_fits(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    """"Your turn: click table cards…" named only the mouse; the keys were in the menu alone."""
    app = make_app(size=size)
    table = table_at(app, "classic", "0;0;4S 5H 6H KD/QS 3H 7H 6D;JD 9C 2S 8H;-/-;*")
    drawn = drawn_texts(monkeypatch)
    shot(app, f"leftovers_prompt_{size[0]}")
    sx, _sy, sw, _sh = table.layout().status
    lines = [(t, r) for t, r in drawn if r.left >= sx and r.right <= sx + sw
             and ("Your turn:" in t or "Esc menu" in t or "hand card" in t)]
    said = " ".join(t for t, _r in lines)
    assert said.startswith("Your turn:") and said.endswith("Keys: H hint, Esc menu."), lines
    assert len(lines) <= 2  # no third line climbing into the table's cards
    font = table.layout().font
    for text, _r in lines:  # whole, never cut short with an ellipsis
        assert text_width(text, font if len(lines) == 1 else font - 1) <= sw


def test_the_review_colours_moves_by_seat_as_the_table_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviewed from seat 1 (a guest's name in the host's record book), "You" is listed in
    seat 1's colour, the one the table gave that seat in every window, and the other player
    in seat 0's (s33 watch, item 10: colours by seat, the same everywhere)."""
    from casino.ai.basic import GreedyPolicy
    from casino.ai.play import play_game
    from casino.engine import load_ruleset
    from casino.engine.record import GameRecord
    from casino.ui.render import seat_ink
    from casino.ui.scenes import review

    played = play_game(load_ruleset("classic"), "colours",
                       [GreedyPolicy(seed=0), GreedyPolicy(seed=1)])
    record = GameRecord.from_game(played.game, ["Anna", "You"], played.move_texts()).to_dict()
    app = make_app()
    scene = review.ReviewScene(app, record, seat=1, analyse=lambda view, seed: [])
    app.stack.push(scene)
    steps(app)
    scene.index = 6
    drawn: list[tuple[str, object]] = []
    real = review.draw_text

    def spy(surface: pygame.Surface, text: str, size: int, at: object, colour: object,
            *args: object, **kw: object) -> pygame.Rect:
        if not kw.get("bold"):  # the move list, not the bold line about the move shown
            drawn.append((text, colour))
        return real(surface, text, size, at, colour, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(review, "draw_text", spy)
    shot(app, "leftovers_review_seat1")

    mine = {c for t, c in drawn if t.startswith("You: ")}
    theirs = {c for t, c in drawn if t.startswith("Anna: ")}
    assert mine and theirs
    assert theirs == {seat_ink(0, False)}  # the seat's colour for letters, as at the table
    assert seat_ink(1, False) in mine  # some are marked in a verdict's colour
    assert seat_ink(0, False) not in mine


@pytest.mark.parametrize("size", [(1280, 800), (1000, 700), (800, 600)])
def test_the_choice_window_keeps_off_the_side_panel_when_it_fits(size: tuple[int, int]) -> None:
    """Centred on the whole window, at 1280x800 it ran over the side panel's border."""
    from casino.ui.scenes.dialogs import ChoiceScene
    from tests.ui.test_lone_card import CROWD, click_hand

    app = make_app(size=size)
    table = table_at(app, "classic", CROWD)
    click_hand(app, table, 0)  # the 8\u2666 alone: many takes and builds, or trail
    choice = app.stack.top
    assert isinstance(choice, ChoiceScene)
    shot(app, f"leftovers_choice_{size[0]}")
    x, _y, w, _h = choice.layout().box
    panel = table.layout().panel[0]
    assert x >= 0 and x + w <= panel, (x, w, panel)  # at every size (s32: its moves wrap)


@pytest.mark.parametrize("size", [(1280, 800), (1000, 700), (800, 600)])
def test_the_panel_title_cuts_the_rulesets_name_never_the_round(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    """At 1000x700 it read "Classic Casino with sweeps \u00b7 roun\u2026"."""
    from casino.ui.scenes import table_view

    app = make_app(size=size)
    table = table_at(app, "classic-sweeps", "0;0;4S 5H 6H KD/QS 3H 7H 6D;JD 9C 2S 8H;-/-;*")
    drawn = drawn_texts(monkeypatch)
    shot(app, f"leftovers_panel_title_{size[0]}")
    lay = table.layout()
    titles = [t for t, r in drawn if "round 1" in t and r.left >= lay.panel[0]]
    assert len(titles) == 1, drawn
    title = titles[0]
    assert title.endswith(" \u00b7 round 1") and title.startswith("Classic Casino")
    assert table_view.text_width(title, lay.font, True) <= lay.sheet[2]


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_computers_stack_tag_keeps_its_value(monkeypatch: pytest.MonkeyPatch,
                                               size: tuple[int, int]) -> None:
    """Casino 33 under Xvfb: the computer's stack was tagged "Comp: stac…", its value cut
    away; a tag too wide for its slot now drops the word, "Comp: 10", never the number."""
    from casino.ui import render
    from casino.ui.scene import shown_whole

    app = make_app(size=size)
    table_at(app, "casino33", "0;1;7S 10D 5H 4S 9C/KS 2H 8C 6D 5C;[s10 3S 7H @1];-/-;*")
    tags: list[tuple[str, bool]] = []
    real = render.draw_text

    def spy(surface: pygame.Surface, text: str, size: int, *args: object,
            **kw: object) -> pygame.Rect:
        limit = kw.get("max_width")
        if text.startswith("Comp") and isinstance(limit, int):
            tags.append((text, shown_whole(text, size, limit, bool(kw.get("bold")), False)))
        return real(surface, text, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "draw_text", spy)
    shot(app, f"leftovers_stack_tag_{size[0]}")
    assert tags, "no computer's tag drawn"
    text, whole = tags[0]
    assert text.endswith("10") and whole, tags
