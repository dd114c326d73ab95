"""Layout is a pure function of the window size: no overlaps, everything inside the window."""

from __future__ import annotations

import itertools

import pytest

from casino.ui.layout import (
    Box,
    dialog_layout,
    hand_boxes,
    item_box,
    table_grid,
    table_layout,
)

SIZES = [(640, 400), (1024, 640), (1280, 800), (1920, 1080), (2560, 1440), (800, 1000)]


def within(inner: Box, outer: Box) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_regions_fit_the_window_and_do_not_overlap(size: tuple[int, int], players: int) -> None:
    lay = table_layout(*size, players)
    window = (0, 0, *lay.size)
    regions = [*lay.opponents, lay.table, lay.stock, lay.status, lay.hand, lay.own_pile,
               lay.sheet, lay.log, *lay.buttons]
    for box in regions:
        assert within(box, window), box
        assert box[2] > 0 and box[3] > 0
    for a, b in itertools.combinations(regions, 2):
        assert not overlap(a, b), (a, b)


@pytest.mark.parametrize("size", SIZES)
def test_the_status_line_is_inset_like_the_hand(size: tuple[int, int]) -> None:
    """A long refusal reads over the hand, not from the window's edge into the panel."""
    lay = table_layout(*size, 2)
    sx, _, sw, _ = lay.status
    hx, _, hw, _ = lay.hand
    assert sx >= hx + lay.margin and sx + sw <= hx + hw - lay.margin
    assert sx + sw < lay.panel[0] - lay.margin


@pytest.mark.parametrize("size", SIZES)
def test_cards_get_bigger_with_the_window(size: tuple[int, int]) -> None:
    small = table_layout(640, 400, 2).card
    card = table_layout(*size, 2).card
    assert card[1] >= small[1]
    assert abs(card[0] / card[1] - 338 / 489) < 0.03


@pytest.mark.parametrize("count", range(1, 14))
def test_hand_cards_stay_inside_the_hand_area(count: int) -> None:
    lay = table_layout(1280, 800, 2)
    boxes = hand_boxes(lay.hand, count, lay.card)
    assert len(boxes) == count
    x, _, w, _ = lay.hand
    assert boxes[0][0] >= x and boxes[-1][0] + boxes[-1][2] <= x + w
    assert all(b[0] < c[0] for b, c in itertools.pairwise(boxes))


@pytest.mark.parametrize("items", [0, 4, 8, 12, 16, 24])
@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_table_slots_never_overlap_and_fit(items: int, size: tuple[int, int]) -> None:
    lay = table_layout(*size, 2)
    grid = table_grid(lay.table, items, None, lay.card)
    assert len(grid.slots) == items + 1
    for slot in grid.slots:
        assert within(item_box(slot, 5, grid.card, grid.tag), lay.table) or grid.card[1] <= 30
    for a, b in itertools.combinations(grid.slots, 2):
        assert not overlap(a, b)


def test_fixed_tableau_shows_every_space() -> None:
    lay = table_layout(1280, 800, 2)
    assert len(table_grid(lay.table, 3, 12, lay.card).slots) == 12


@pytest.mark.parametrize("rows", [1, 4, 10, 16])
def test_dialog_rows_and_buttons_inside_the_box(rows: int) -> None:
    lay = dialog_layout(1280, 800, rows, 3, 17)
    for box in (*lay.rows, *lay.buttons, lay.title):
        assert within(box, lay.box)
    for a, b in itertools.combinations(lay.buttons, 2):
        assert not overlap(a, b)
