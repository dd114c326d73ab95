"""Drawing cards, piles with their tags, hidden hands and capture piles from plain values."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame

from casino.engine import Card, Pile, PileKind, Ruleset
from casino.engine.rules import takers
from casino.engine.state import TableItem, item_cards
from casino.i18n import _, ngettext
from casino.ui import assets
from casino.ui.layout import Box, pile_boxes
from casino.ui.scene import DIM, SHRINK, TEXT, draw_text, text_width
from casino.ui.settings import Settings
from casino.ui.words import rank_letter, symbols


def seat_colour(seat: int, partnership: bool) -> tuple[int, int, int]:
    return assets.SEAT_COLOURS[seat % 2 if partnership else seat % len(assets.SEAT_COLOURS)]


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


def draw_item(surface: pygame.Surface, item: TableItem, slot: Box, card: tuple[int, int],
              tag: int, ruleset: Ruleset, settings: Settings,
              colour_of: Callable[[int], tuple[int, int, int]],
              outline: tuple[int, int, int] | None, hidden: set[Card],
              owners: tuple[tuple[str, ...], ...] = ()) -> None:
    """A loose card, or a pile fanned under a tag in its owner's colour naming what takes it,
    led by the owner's name ("You: 8"), so ownership is not told by colour alone: of the
    names ``owners`` gives a seat, longest first, the first that fits ("Computer 3: 10",
    else "Comp 3: 10"), else the value alone in the owner's colour.
    ``colour_of`` gives a seat's colour as the caller counts seats (the table from the
    window's own seat, the review from the reviewed one)."""
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
        colour = colour_of(item.owner)
        tag_words = tag_text(ruleset, item)
        # Shorter and shorter, the first that fits its slot is drawn (side by side, wider
        # tags overlapped and hid each other's owner): "Dator: 11", not "Dator: 11 (Kn)" cut;
        # a stack "Comp: 10", never "Comp: stac…", which lost the value.
        texts = [tag_words, re.sub(r" \([^)]*\)", "", tag_words)]
        if item.kind is PileKind.STACK:
            texts = [_("stack {value}").format(value=item.value), str(item.value)]
        line_h = max(14, round(card[1] * 0.17))  # a tag line; the grid gives two when tall
        groups = build_groups(item) if tag >= 2 * line_h else []
        if groups:  # "[5][5]" under it says the build is double: "Comp 4: 5" fits, not "\u00d72"
            texts.append(re.sub(r" \u00d7\d+", "", texts[-1]))
        if item.owner < len(owners):  # the value alone, in the owner's colour, before a
            # tag cut short ("Partn\u2026" at 640x400 lost what the build is)
            texts = [f"{owner}: {t}" for owner in owners[item.owner] for t in texts] + texts
        size = max(10, round(line_h * 0.7))
        room = slot[2] - 4
        # a tenth smaller at most ("Partner: 10" at 1280x800), else as small as any text
        # gets ("You: 10" at 640x400), else the value alone
        text = next((t for shrink in (0.9, SHRINK) for t in texts
                     if assets.font(size, True).size(t)[0] * shrink + 8 <= room), texts[-1])
        lines = [text, "".join(f"[{g}]" for g in groups)] if groups else [text]
        sizes = [size, size - 2][:len(lines)]  # the groups a little smaller
        widest = max(assets.font(z, k == 0).size(t)[0] for k, (t, z) in
                     enumerate(zip(lines, sizes, strict=True)))
        width = min(room, max(card[0] * 2 // 3, widest + 12))
        pill = pygame.Rect(0, 0, width, line_h * len(lines) - 2)
        pill.midbottom = (boxes[0][0] + card[0] // 2, boxes[0][1] - 1)
        pygame.draw.rect(surface, colour, pill, border_radius=line_h // 2)
        pygame.draw.rect(surface, (255, 255, 255), pill, 1, border_radius=line_h // 2)
        for k, (line, z) in enumerate(zip(lines, sizes, strict=True)):
            draw_text(surface, line, z, (pill.centerx, pill.y + line_h * k + line_h // 2),
                      (255, 255, 255), "center", bold=k == 0, max_width=pill.w - 6,
                      cards=False)


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
