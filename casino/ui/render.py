"""Drawing cards, piles with their tags, hidden hands and capture piles from plain values."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from casino.engine import Card, Pile, PileKind, Ruleset
from casino.engine.rules import takers
from casino.engine.state import TableItem, item_cards
from casino.i18n import _, ngettext
from casino.ui import assets
from casino.ui.layout import Box, TableGrid, grid_for, pile_boxes, tag_line
from casino.ui.scene import DIM, TEXT, draw_text, text_width
from casino.ui.settings import Settings
from casino.ui.words import rank_letter, symbols


def seat_colour(seat: int, partnership: bool) -> tuple[int, int, int]:
    return assets.SEAT_COLOURS[seat % 2 if partnership else seat % len(assets.SEAT_COLOURS)]


def seat_ink(seat: int, partnership: bool) -> tuple[int, int, int]:
    """A seat's colour for letters on the dark panel or the felt (the log, the score
    sheets' heads): ``seat_colour`` a quarter of the way to white. Each channel plus 70 made
    the olive seat's lines the highlight's yellow and the teal one's the hint's cyan."""
    r, g, b = seat_colour(seat, partnership)
    return (r + (255 - r) // 4, g + (255 - g) // 4, b + (255 - b) // 4)


def draw_card(surface: pygame.Surface, card: Card | None, box: Box, settings: Settings,
              outline: tuple[int, int, int] | None = None) -> None:
    """A face (``card``) or a back (``None``) in ``box``, with a shadow and optional outline."""
    rect = pygame.Rect(box)
    radius = max(3, rect.w // 12)
    shadow = rect.move(max(1, rect.w // 40), max(2, rect.w // 30))
    pygame.draw.rect(surface, (8, 40, 22), shadow, border_radius=radius)
    if card is None:
        surface.blit(assets.card_back(settings.card_back, rect.size), rect)
    else:
        surface.blit(assets.card_face(card, rect.size, settings.four_colour,
                                      settings.large_indices), rect)
    if outline is not None:
        pygame.draw.rect(surface, outline, rect.inflate(6, 6), 3, border_radius=radius + 2)


def tag_text(ruleset: Ruleset, pile: Pile) -> str:
    """The engine's tag ('9 x2', 'block 7', '12 (Q)') in the player's language and letters."""
    text = takers(ruleset, pile).replace(" x", " \u00d7")
    kind = pile.kind.value
    if pile.kind is not PileKind.BUILD and text.startswith(kind + " "):
        text = (_("block {value}") if pile.kind is PileKind.BLOCK else _("stack {value}")).format(
            value=text[len(kind) + 1:])
    return re.sub(r"\(([^)]*)\)", lambda m: "(" + "/".join(
        symbols(n) if len(n) > 1 else rank_letter(n) for n in m.group(1).split("/")) + ")", text)


def build_groups(pile: Pile) -> list[str]:
    """A multiple build's groups in play order, as sums: ['5+4', '9']; [] if not multiple or
    its cards do not split into runs of its value (an Ace counted high, say)."""
    if not pile.multiple:
        return []
    groups: list[str] = []
    run: list[Card] = []
    for c in pile.cards:
        run.append(c)
        total = sum(x.rank for x in run)
        if total == pile.value:
            groups.append("+".join(rank_letter(x.rank_text) for x in run))
            run = []
        elif total > pile.value:
            return []
    return groups if not run and len(groups) == pile.sets else []


TAG_PX = 10
"""The smallest letters of a pile's tag, in pixels: a tag in a narrow slot gives up words,
never size (an 8-pixel "C2: 10" and a third line smaller still were unreadable)."""

TAG_PAD = 6
"""A tag's letters keep this much of its width free, half each side, inside its outline."""


def tag_size(card: tuple[int, int]) -> tuple[int, int]:
    """(line height, letter size) of the tags over cards of ``card`` size."""
    line = tag_line(card[1])
    return line, max(TAG_PX, round(line * 0.7))


def _width(text: str, size: int, bold: bool) -> int:
    return assets.font(size, bold).size(text)[0]


def value_texts(ruleset: Ruleset, pile: Pile) -> list[str]:
    """What a tag says takes ``pile``, longest first: '12 (Q) \u00d72', '12 (Q)', '12'. The
    count of a multiple build goes first when room is short (its groups, or the fan, still
    show it), then the card's name; a stack says its value alone, a block keeps its word."""
    if pile.kind is PileKind.STACK:
        return [_("stack {value}").format(value=pile.value), str(pile.value)]
    full = tag_text(ruleset, pile)
    texts = [full, re.sub(r" \u00d7\d+", "", full)]
    texts.append(re.sub(r" \([^)]*\)", "", texts[-1]))
    return list(dict.fromkeys(texts))


@dataclass(frozen=True)
class TagPlan:
    """How the tags over the table's piles name their owners, the same on every pile."""

    names: tuple[str, ...] = ()
    """The name each seat's tags give, one per seat ('Computer 4' on every pile of that
    seat, never 'C4' on the next); empty where tags give no names (the review)."""
    own_line: bool = False
    """The names stand on a line of their own over the value: the slots are too narrow
    for "Computer 4: 10" on one line at a readable size."""


@lru_cache(maxsize=64)
def plan_tags(owners: tuple[tuple[str, ...], ...], least: tuple[str, ...], room: int,
              size: int) -> TagPlan:
    """Each seat's name for its tags: of the names ``owners`` gives a seat, longest first,
    the first with which "NAME: 10" fits ``room`` at ``size`` (``least``: the shortest
    value texts of the piles there are, for one wider than "10"); where a seat has none,
    every seat's name goes on its own line, the longest that fits there whole."""
    widest = max(_width(t, size, True) for t in (*least, "10"))
    one = [next((n for n in names if _width(f"{n}: ", size, True) + widest + TAG_PAD <= room),
                None) for names in owners]
    if all(name is not None for name in one):
        return TagPlan(tuple(name for name in one if name is not None), False)
    return TagPlan(own_line_names(owners, room, size), True)


def tagged_grid(area: Box, table: tuple[TableItem, ...], spaces: int | None,
                card: tuple[int, int], ruleset: Ruleset,
                owners: tuple[tuple[str, ...], ...]) -> tuple[TableGrid, TagPlan]:
    """The table's grid and how its tags name owners: slots wide enough for each seat's
    shortest name whole, and a tag line more where names need a line of their own."""
    piles = [item for item in table if isinstance(item, Pile)]
    if not owners or not piles:
        return grid_for(area, table, spaces, card), TagPlan()
    least = tuple(sorted({value_texts(ruleset, p)[-1] for p in piles}))
    return _tagged_grid(area, table, spaces, card, owners, least)


@lru_cache(maxsize=64)
def _tagged_grid(area: Box, table: tuple[TableItem, ...], spaces: int | None,
                 card: tuple[int, int], owners: tuple[tuple[str, ...], ...],
                 least: tuple[str, ...]) -> tuple[TableGrid, TagPlan]:
    least_w = max(_width(names[-1], TAG_PX, False) for names in owners) + TAG_PAD + 2
    grid = grid_for(area, table, spaces, card, least_w=least_w)
    plan = plan_tags(owners, least, grid.slots[0][2] - 2, tag_size(grid.card)[1])
    if plan.own_line:  # the names for the slots as they are with the line added
        grid = grid_for(area, table, spaces, card, name_line=True, least_w=least_w)
        plan = TagPlan(own_line_names(owners, grid.slots[0][2] - 2, tag_size(grid.card)[1]),
                       True)
    return grid, plan


def own_line_names(owners: tuple[tuple[str, ...], ...], room: int, size: int) -> tuple[str, ...]:
    """Each seat's longest name that fits ``room`` whole on a line of its own."""
    return tuple(next((n for n in names if _width(n, size, False) + TAG_PAD <= room),
                      names[-1]) for names in owners)


def draw_item(surface: pygame.Surface, item: TableItem, slot: Box, card: tuple[int, int],
              tag: int, ruleset: Ruleset, settings: Settings,
              colour_of: Callable[[int], tuple[int, int, int]],
              outline: tuple[int, int, int] | None, hidden: set[Card],
              plan: TagPlan = TagPlan()) -> None:
    """A loose card, or a pile fanned under a tag in its owner's colour naming what takes it,
    led by the owner's name as ``plan`` gives it ("You: 8", or "Computer 4" over "10"), so
    ownership is not told by colour alone. ``colour_of`` gives a seat's colour as the caller
    counts seats (the table from the window's own seat, the review from the reviewed one)."""
    cards = item_cards(item)
    boxes = pile_boxes(slot, len(cards), card, tag)
    for c, box in zip(cards, boxes, strict=True):
        if c not in hidden:
            draw_card(surface, c, box, settings)
    if outline is not None:
        x, y, w, _0 = boxes[0]
        bottom = boxes[-1][1] + boxes[-1][3]
        radius = max(3, w // 12)
        pygame.draw.rect(surface, outline, pygame.Rect(x, y, w, bottom - y).inflate(6, 6), 3,
                         border_radius=radius + 2)
    if isinstance(item, Pile) and not hidden.intersection(cards):
        line_h, size = tag_size(card)
        room = slot[2] - 2  # centred on the cards: a neighbour's tag never touches it
        lines = tag_lines(ruleset, item, plan, room, size, tag // line_h)
        widest = max(_width(text, size, bold) for text, bold in lines)
        width = min(room, max(card[0] * 2 // 3, widest + TAG_PAD + 6))
        pill = pygame.Rect(0, 0, width, line_h * len(lines) - 2)
        pill.midbottom = (boxes[0][0] + card[0] // 2, boxes[0][1] - 1)
        pygame.draw.rect(surface, colour_of(item.owner), pill, border_radius=line_h // 2)
        pygame.draw.rect(surface, (255, 255, 255), pill, 1, border_radius=line_h // 2)
        for k, (text, bold) in enumerate(lines):
            draw_text(surface, text, size, (pill.centerx, pill.y + line_h * k + line_h // 2),
                      (255, 255, 255), "center", bold=bold, max_width=pill.w - 2,
                      cards=False)


def tag_lines(ruleset: Ruleset, pile: Pile, plan: TagPlan, room: int, size: int,
              most: int) -> list[tuple[str, bool]]:
    """A pile's tag, line by line (text, bold), at most ``most`` lines: the owner's name
    (on its own line where ``plan`` says), what takes it (the longest form that fits
    ``room``) and a multiple build's groups ("[5+4][9]") where there is a line for them."""
    name = plan.names[pile.owner] if pile.owner < len(plan.names) else None
    lines: list[tuple[str, bool]] = []
    if name is not None and plan.own_line:
        lines.append((name, False))
    prefix = f"{name}: " if name is not None and not plan.own_line else ""
    values = value_texts(ruleset, pile)
    value = next((prefix + t for t in values
                  if _width(prefix + t, size, True) + TAG_PAD <= room), prefix + values[-1])
    lines.append((value, True))
    groups = "".join(f"[{g}]" for g in build_groups(pile))
    if groups and len(lines) < most and _width(groups, size, False) + TAG_PAD <= room:
        lines.append((groups, False))
    return lines


def draw_free_space(surface: pygame.Surface, slot: Box, card: tuple[int, int], tag: int) -> None:
    """An empty tableau space (munter's fixed tableau)."""
    box = pile_boxes(slot, 1, card, tag)[0]
    pygame.draw.rect(surface, (60, 130, 90), box, 1, border_radius=max(3, box[2] // 12))


def draw_hidden_hand(surface: pygame.Surface, count: int, box: Box, card: tuple[int, int],
                     step: float, settings: Settings) -> None:
    """An opponent's hand: ``count`` backs fanned from the left of ``box``, ``step`` apart
    (``layout.hidden_fan``)."""
    if count <= 0:
        return
    x, y, _w, _h = box
    for i in range(count):
        draw_card(surface, None, (round(x + i * step), y, *card), settings)


def capture_label(cards: int, spades: int, sweeps: int | None) -> list[str]:
    """The words under a capture pile: '23 cards', '6\u2660 \u00b7 1 sweep' (no sweeps
    where they do not score: ``sweeps`` None)."""
    second = f"{spades}\u2660"
    if sweeps:
        second += " \u00b7 " + ngettext("{n} sweep", "{n} sweeps", sweeps).format(n=sweeps)
    return [ngettext("{n} card", "{n} cards", cards).format(n=cards), second]


def draw_capture_pile(surface: pygame.Surface, box: Box, card: tuple[int, int], cards: int,
                      spades: int, sweeps: int | None, settings: Settings, font: int,
                      room: tuple[int, int] | None = None) -> None:
    """A face-down stack whose thickness grows with the cards taken, with its counts below.

    ``room``: the left and right edges the counts may take (an opponent's box, where two
    lines are all there is height for); else they keep near the pile, inside the window.
    """
    x, y, w, _0 = box
    left = x + (w - card[0]) // 2
    if cards:
        layers = min(6, 1 + cards // 8)
        for i in range(layers):
            draw_card(surface, None, (left + i, y - i * 2 + 10, *card), settings)
    else:
        pygame.draw.rect(surface, (60, 130, 90), (left, y + 10, *card), 1,
                         border_radius=max(3, card[0] // 12))
    size = max(11, font - 3)
    top = y + 14 + card[1]
    lines: list[str] = []
    left_edge, right_edge = room or (0, surface.get_width())
    widest = w + 20 if room is None else right_edge - left_edge
    for line in capture_label(cards, spades, sweeps):  # the sweeps under the spades when
        # both are wider than the pile's place: "4\u2660 \u00b7 2 sweeps" ran off its
        # left edge to the window's and into the hand's frame at 800x600
        lines += line.split(" \u00b7 ") if text_width(line, size) > widest - 20 * (
            room is None) else [line]
    for line in lines:
        half = min(widest, text_width(line, size)) // 2 + 4  # kept inside the window / room
        centre = min(max(x + w // 2, left_edge + half), right_edge - half)
        draw_text(surface, line, size, (centre, top), TEXT if cards else DIM, "midtop",
                  max_width=widest, cards=False)
        top += round(size * 1.25)
