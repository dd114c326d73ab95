"""Where everything goes: pure functions of the window size and counts, tested without a window.

Rectangles are plain ``(x, y, w, h)`` tuples of ints so this module needs no display;
callers wrap them in ``pygame.Rect`` where they draw.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from casino.i18n import N_

Box = tuple[int, int, int, int]

CARD_ASPECT = 338 / 489
"""Width over height of the bundled card faces."""

PILE_STEP = 0.19
"""How far each card of a fanned pile sits below the one before, as a fraction of its height."""


def card_size_for_height(height: float) -> tuple[int, int]:
    h = max(24, int(height))
    return max(16, round(h * CARD_ASPECT)), h


def inside(box: Box, x: int, y: int) -> bool:
    bx, by, bw, bh = box
    return bx <= x < bx + bw and by <= y < by + bh


@dataclass(frozen=True)
class TableLayout:
    """The regions of the table scene for one window size and number of players."""

    size: tuple[int, int]
    margin: int
    font: int  # body text size in pixels
    card: tuple[int, int]  # full-size card (the hand)
    small: tuple[int, int]  # opponents' cards and capture piles
    opponents: tuple[Box, ...]  # one box per other seat, in seat order 1, 2, ...
    table: Box
    stock: Box
    status: Box
    hand: Box
    own_pile: Box
    panel: Box
    buttons: tuple[Box, ...]
    sheet: Box
    log: Box


BUTTONS = (N_("Hint"), N_("Unseen"), N_("End turn"), N_("Menu"))


@lru_cache(maxsize=32)
def table_layout(width: int, height: int, players: int,
                 buttons: int = len(BUTTONS)) -> TableLayout:
    """Split a ``width`` x ``height`` window: opponents on top, table, status, hand; panel right.

    ``buttons`` under the panel: up to three in one row, four in two rows of two.
    """
    width, height = max(width, 640), max(height, 400)
    margin = max(4, round(min(width, height) * 0.012))
    font = max(12, min(22, round(height * 0.021)))
    panel_w = int(min(max(width * 0.24, 250), 380))
    main_w = width - panel_w
    card_h = min(height * 0.17, (main_w - 2 * margin) / 9.5 / CARD_ASPECT)
    card = card_size_for_height(card_h)
    small = card_size_for_height(card[1] * 0.62)
    line = round(font * 1.5)

    # An opponent's box holds its capture pile with the two lines of counts under it ("0
    # cards", "0\u2660"): with the box one line under the pile, the spades fell out of it and
    # the cards' line lay on its frame.
    counts = 2 * round(max(11, font - 3) * 1.25)  # render.draw_capture_pile's lines
    opp_h = max(small[1] + line + 2 * margin, margin + 14 + small[1] + counts + 3)
    opponents_n = players - 1
    opp_w = (main_w - margin) // opponents_n
    opponents = tuple(
        (margin + i * opp_w, margin, opp_w - margin, opp_h) for i in range(opponents_n)
    )
    hand_h = card[1] + round(card[1] * 0.1) + line + margin
    hand_y = height - hand_h - margin
    own_pile = (margin, hand_y + round(card[1] * 0.1), small[0] + 2 * margin, hand_h - margin)
    hand = (own_pile[0] + own_pile[2] + margin, hand_y,
            main_w - own_pile[2] - 3 * margin, hand_h)
    # The status line sits over the hand, inset like it: a long refusal wraps there rather
    # than running from the window's edge into the side panel.
    status = (hand[0] + margin, hand_y - line - margin, hand[2] - 2 * margin, line)
    table_y = margin + opp_h + margin
    table_h = status[1] - margin - table_y
    stock = (margin, table_y + (table_h - small[1]) // 2, small[0] + 2 * margin, small[1] + line)
    table = (stock[0] + stock[2] + margin, table_y, main_w - stock[2] - 3 * margin, table_h)

    px = main_w
    pw = panel_w - margin
    button_h = round(line * 1.4)
    count = max(1, buttons)
    cols = count if count <= 3 else 2
    bw = (pw - (cols - 1) * margin) // cols
    rows = math.ceil(count / cols)
    by0 = height - margin - rows * button_h - (rows - 1) * margin
    boxes = tuple(
        (px + (i % cols) * (bw + margin), by0 + (i // cols) * (button_h + margin), bw, button_h)
        for i in range(count)
    )
    sheet_h = line * 12
    sheet = (px, margin, pw, sheet_h)
    log = (px, margin * 2 + sheet_h, pw, by0 - margin * 3 - sheet_h)
    panel = (px - margin // 2, 0, panel_w + margin // 2, height)
    return TableLayout(
        (width, height), margin, font, card, small, opponents, table, stock, status, hand,
        own_pile, panel, boxes, sheet, log,
    )


def hand_boxes(area: Box, count: int, card: tuple[int, int]) -> list[Box]:
    """Card boxes for a hand of ``count``, centred, overlapping only when the area is tight."""
    if count <= 0:
        return []
    x, y, w, _ = area
    cw, ch = card
    gap = cw * 1.08
    if count > 1 and cw + gap * (count - 1) > w:
        gap = (w - cw) / (count - 1)
    total = cw + gap * (count - 1)
    left = x + (w - total) / 2
    top = y + round(ch * 0.1)
    return [(round(left + i * gap), top, cw, ch) for i in range(count)]


MOVE_ROOM = 5
"""Room kept beside a computer's fanned backs for its move or "thinking", in body text
sizes: the longest word drawn there ("thinking...", a card with "with") fits at 800x600."""


def hidden_fan(count: int, card_w: int, width: int, keep: int) -> tuple[float, int]:
    """The step between ``count`` face-down cards fanned in ``width`` pixels and the fan's
    width, leaving ``keep`` pixels of it free for text: a third of a card apart where there
    is room, closer in a narrow box (a back hides nothing), yet never under an eighth of a
    card (three pixels at least), so the backs can still be counted."""
    if count <= 0:
        return 0.0, 0
    if count == 1:
        return 0.0, card_w
    most = card_w * 0.35
    least = min(most, max(3.0, card_w / 8))
    step = max(least, min(most, (width - keep - card_w) / (count - 1)))
    return step, round(card_w + step * (count - 1))


@dataclass(frozen=True)
class TableGrid:
    """Slots for table items: each slot holds a card or a fanned pile under its tag."""

    card: tuple[int, int]
    slots: tuple[Box, ...]
    tag: int  # height of the tag strip above a pile


@lru_cache(maxsize=64)
def table_grid(area: Box, items: int, spaces: int | None, card: tuple[int, int],
               deepest: int = 1, tag_lines: int = 1, least_w: int = 0) -> TableGrid:
    """Slots for ``items`` table items (at least ``spaces`` when the tableau is fixed).

    Slots are deep enough to fan a pile of ``deepest`` cards (up to six) with every card's
    corner in sight, with ``tag_lines`` lines of tag over them (an owner's name on a line of
    its own, a multiple build's groups), and at least ``least_w`` wide (the narrowest name a
    tag gives, whole). Cards shrink until every slot fits; one slot is always spare so a
    trail has a place.
    """
    x, y, w, h = area
    wanted = max(items + 1, spaces or 0, 1)
    fan = PILE_STEP * max(2.2, min(deepest, 6) - 1)
    ch = card[1]
    while True:
        cw, ch = card_size_for_height(ch)
        tag = tag_line(ch) * tag_lines
        slot_w = max(round(cw * 1.18), min(least_w, w))
        slot_h = tag + ch + round(ch * fan)
        cols = max(1, w // slot_w)
        rows = math.ceil(wanted / cols)
        if rows * slot_h <= h or ch <= 30:
            break
        ch = int(ch * 0.92)
    cols = min(cols, wanted)
    rows = math.ceil(wanted / cols)
    pad_x = (w - cols * slot_w) // 2
    pad_y = max(0, (h - rows * slot_h) // 2)
    slots = tuple(
        (x + pad_x + (i % cols) * slot_w, y + pad_y + (i // cols) * slot_h, slot_w, slot_h)
        for i in range(wanted)
    )
    return TableGrid((cw, ch), slots, tag)


def tag_line(card_h: int) -> int:
    """The height of one line of a pile's tag over cards ``card_h`` high."""
    return max(14, round(card_h * 0.17))


def grid_for(area: Box, table: tuple[object, ...], spaces: int | None,
             card: tuple[int, int], name_line: bool = False, least_w: int = 0) -> TableGrid:
    """The grid for these table items: deep enough for the deepest pile, a tag line more
    for the owners' names (``name_line``) and another when a multiple build is there."""
    deepest = max((len(getattr(item, "cards", ())) for item in table), default=1)
    tall = any(getattr(item, "sets", 1) > 1 for item in table)
    return table_grid(area, len(table), spaces, card, max(1, deepest),
                      1 + name_line + tall, least_w)


def pile_boxes(slot: Box, cards: int, card: tuple[int, int], tag: int) -> list[Box]:
    """Boxes of a pile's cards fanned downward in ``slot`` under its tag (one card: no fan)."""
    sx, sy, sw, sh = slot
    cw, ch = card
    left = sx + (sw - cw) // 2
    top = sy + tag
    if cards <= 1:
        return [(left, top, cw, ch)]
    room = sh - tag - ch
    step = min(ch * PILE_STEP, room / (cards - 1))
    return [(left, round(top + i * step), cw, ch) for i in range(cards)]


def item_box(slot: Box, cards: int, card: tuple[int, int], tag: int) -> Box:
    """The clickable box of a table item: its whole fan."""
    boxes = pile_boxes(slot, cards, card, tag)
    x, y, w, _ = boxes[0]
    last = boxes[-1]
    return (x, y, w, last[1] + last[3] - y)


@dataclass(frozen=True)
class DialogLayout:
    box: Box
    title: Box
    rows: tuple[Box, ...]
    buttons: tuple[Box, ...]


def centred_x(width: int, box_w: int, felt: int | None, margin: int) -> int:
    """Where a dialog ``box_w`` wide starts: centred on the felt ``felt`` pixels wide, left
    of a table's side panel, when it fits there (centred on the whole window it ran over
    the panel's border), else on the whole window."""
    if felt is not None and box_w <= felt - 2 * margin:
        return (felt - box_w) // 2
    return (width - box_w) // 2


def dialog_layout(width: int, height: int, rows: int, buttons: int, font: int,
                  wide: float = 0.5, felt: int | None = None) -> DialogLayout:
    """A centred dialog with a title, ``rows`` rows of text or choices and a button row;
    over a table, centred on its felt (``felt`` pixels wide) where it fits."""
    line = round(font * 1.9)
    margin = max(6, font // 2)
    w = min(width - 2 * margin, max(360, int(width * wide)))
    h = min(height - 2 * margin, line * (rows + 2) + margin * 4)
    row_h = max(font + 4, (h - line * 2 - margin * 4) // max(rows, 1))
    row_h = min(row_h, line)
    x = centred_x(width, w, felt, margin)
    y = (height - h) // 2
    title = (x + margin, y + margin, w - 2 * margin, line)
    rows_boxes = tuple(
        (x + margin, y + margin + line + i * row_h, w - 2 * margin, row_h - 2)
        for i in range(rows)
    )
    bw = min(220, (w - margin * (buttons + 1)) // max(buttons, 1))
    bx0 = x + (w - (bw * buttons + margin * (buttons - 1))) // 2
    by = y + h - margin - line
    buttons_boxes = tuple((bx0 + i * (bw + margin), by, bw, line) for i in range(buttons))
    return DialogLayout((x, y, w, h), title, rows_boxes, buttons_boxes)


def menu_layout(width: int, height: int, rows: int, text_h: int, font: int, wide: float,
                felt: int | None = None) -> DialogLayout:
    """A dialog of a title, ``rows`` rows of buttons and under them a block of text
    ``text_h`` pixels high (the last of its rows), and no button row: sized to what it holds.
    (The game menu was a general dialog three rows taller than its buttons, with room for a
    button row it does not have: a band of empty space under its key help.)"""
    line = round(font * 1.9)
    margin = max(6, font // 2)
    w = min(width - 2 * margin, max(360, int(width * wide)))
    h = min(height - 2 * margin, line * (rows + 1) + text_h + margin * 4)
    row_h = max(font + 4, min(line, (h - line - text_h - margin * 4) // max(rows, 1)))
    x = centred_x(width, w, felt, margin)
    y = (height - h) // 2
    title = (x + margin, y + margin, w - 2 * margin, line)
    top = y + margin + line
    boxes = [(x + margin, top + i * row_h, w - 2 * margin, row_h) for i in range(rows)]
    text_top = top + rows * row_h + margin
    boxes.append((x + margin, text_top, w - 2 * margin, y + h - margin - text_top))
    return DialogLayout((x, y, w, h), title, tuple(boxes), ())


def fit_font(height: int) -> int:
    """The body font size for a window height."""
    return max(12, min(22, round(height * 0.021)))
