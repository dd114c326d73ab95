"""A hand card clicked with nothing selected: it trails at once only when that is all it can
do; a card that could take or build asks first, so nothing is trailed by surprise."""

from __future__ import annotations

import pygame
import pytest

from casino.engine import Trail, legal_moves
from casino.ui.app import App
from casino.ui.layout import inside
from casino.ui.scenes.dialogs import ChoiceScene
from casino.ui.scenes.table import OFFER_LIMIT, TableScene
from casino.ui.words import move_text
from tests.ui.driver import centre, click, hand_click_point, key, steps, top_name
from tests.ui.helpers import make_app, table_at
from tests.ui.test_play import POSITION  # hand 4S 8H 2C 3C, table 4H KS
from tests.ui.test_screenshots import save

CROWD = "0;1;8D 7H 9C 5S/5D 6D 7D 9D;AH 2C 3S 5H 6C 4D 2D 3H;-/-;*"
"""Eight loose cards: the 8D alone can take or build in 44 ways, or trail."""


def click_hand(app: App, scene: TableScene, index: int) -> None:
    boxes = scene.hand_card_boxes()
    click(hand_click_point(boxes[index], boxes[index + 1] if index + 1 < len(boxes) else None))
    steps(app)


def choice(app: App) -> ChoiceScene:
    top = app.stack.top
    assert isinstance(top, ChoiceScene), top_name(app)
    return top


def logged(scene: TableScene) -> list[str]:
    return [entry.text for entry in scene.session.log]


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    steps(app)


def free_table_point(scene: TableScene) -> tuple[int, int]:
    """A point on the table that is on no table item."""
    x, y, w, h = scene.layout().table
    for py in range(y + 10, y + h - 10, 10):
        for px in range(x + 10, x + w - 10, 10):
            if not any(inside(box, px, py) for box in scene.item_boxes()):
                return px, py
    raise AssertionError("the table has no free space")


def test_a_lone_click_on_a_card_that_can_take_asks_what_it_should_do() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    before = scene.session.game
    click_hand(app, scene, 0)  # 4S: take 4H, build 8 on it, or trail
    dialog = choice(app)
    assert dialog.title == "What should 4\u2660 do?"
    assert dialog.options == ["take 4\u2665 with 4\u2660", "build 8: 4\u2660 on 4\u2665",
                              "trail 4\u2660"]  # captures first, the trail last
    assert scene.session.game is before and not scene.session.log
    box = pygame.Rect(dialog.layout().box)  # the 4H the moves use stays in sight
    assert not box.colliderect(scene.item_boxes()[0])
    key(pygame.K_ESCAPE)
    steps(app)
    key(pygame.K_1)  # the number key asks the same
    steps(app)
    assert choice(app).options[-1] == "trail 4\u2660"
    assert scene.session.game is before


def test_a_lone_click_on_a_card_that_can_only_trail_trails_at_once() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    click_hand(app, scene, 0)  # 4S could take: it asks
    choice(app)
    key(pygame.K_ESCAPE)
    steps(app)
    click_hand(app, scene, 2)  # 2C can do nothing but trail: no question
    assert top_name(app) == "TableScene"
    assert logged(scene)[0] == "You: trail 2\u2663"


def test_picking_a_move_in_the_choice_plays_it() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    click_hand(app, scene, 0)
    dialog = choice(app)
    click(centre(dialog.layout().rows[0]))  # take 4H with 4S
    steps(app)
    assert logged(scene)[0] == "You: take 4\u2665 with 4\u2660"
    assert "4\u2660" not in [str(c) for c in scene.session.game.round.hands[0]]


def test_cancel_leaves_everything_as_it_was() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    before = scene.session.game
    key(pygame.K_1)
    steps(app)
    cancel = choice(app).buttons[0]
    click(centre(cancel.box))
    steps(app)
    assert top_name(app) == "TableScene"
    assert scene.session.game is before and not scene.session.log
    assert scene.selection == [] and scene.staged is None and scene.can_act()


def test_a_drag_onto_free_table_space_trails_without_asking() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    click_hand(app, scene, 0)  # the same card clicked asks ...
    choice(app)
    key(pygame.K_ESCAPE)
    steps(app)
    x, y, _w, h = scene.hand_card_boxes()[0]
    drag(app, (x + 5, y + h // 2), free_table_point(scene))  # ... dragged to free space, trails
    assert top_name(app) == "TableScene"
    assert logged(scene)[0] == "You: trail 4\u2660"


@pytest.mark.parametrize("size", [(1280, 800), (640, 400)])
def test_a_card_with_many_moves_gets_a_choice_that_fits_and_scrolls(
        size: tuple[int, int]) -> None:
    app = make_app(size=size)
    scene = table_at(app, "classic", CROWD)
    moves = [m for m in legal_moves(scene.session.view()) if str(m.card) == "8D"]
    click_hand(app, scene, 0)
    dialog = choice(app)
    assert len(dialog.options) == len(moves) == 45
    lay = dialog.layout()
    window = pygame.Rect(0, 0, *size)
    box = pygame.Rect(lay.box)
    assert window.contains(box)
    assert all(box.contains(pygame.Rect(r)) for r in (*lay.rows, *lay.buttons))
    assert 3 <= len(lay.rows) < 45  # as many as fit, the rest a scroll away
    assert dialog.notes()[0].startswith(f"moves 1-{len(lay.rows)} of 45")
    assert max(r[1] + r[3] for r in lay.rows) < lay.buttons[0][1]
    save(app, f"lone_card_many_moves_{size[0]}x{size[1]}")
    key(pygame.K_UP)  # from the first to the last: the trail, scrolled into sight
    steps(app)
    assert dialog.top == 45 - len(lay.rows) and dialog.options[dialog.hover] == move_text(
        Trail(moves[0].card))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    steps(app)
    assert dialog.top == 45 - len(lay.rows) - 2
    last = dialog.layout().rows[-1]
    click(centre(last))  # the row shown last is the option at top + rows - 1
    steps(app)
    assert logged(scene)[0] == f"You: {move_text(dialog.moves[42], scene.session.ruleset)}"


def test_a_card_with_hundreds_of_captures_lists_the_first_and_says_how_to_get_the_rest() -> None:
    app = make_app()
    scene = table_at(app, "classic", "0;1;10C/-;AC AD AH AS 2C 2D 2H 2S 3C 3D 3H;*/-")
    count = len(legal_moves(scene.session.view()))  # 231 captures of the 10C, and the trail
    key(pygame.K_1)
    steps(app)
    dialog = choice(app)
    assert len(dialog.options) == OFFER_LIMIT and dialog.options[-1] == "trail 10\u2663"
    assert dialog.notes()[-1] == (f"{count - OFFER_LIMIT} more moves are not listed: select "
                                  "the table cards you mean first, then click your card.")
