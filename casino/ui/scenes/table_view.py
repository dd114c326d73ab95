"""Drawing the table scene from its state: reads the scene and the game, changes nothing."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

import pygame

from casino.engine import Card
from casino.engine.reasons import move_items
from casino.engine.scoring import score_round
from casino.engine.state import deals_in_round
from casino.i18n import N_, _, ngettext
from casino.ui import assets
from casino.ui.layout import Box, TableLayout, hand_boxes, pile_boxes
from casino.ui.render import (
    draw_capture_pile,
    draw_card,
    draw_free_space,
    draw_hidden_hand,
    draw_item,
    seat_colour,
    seat_ink,
)
from casino.ui.scene import (
    CHIP,
    DIM,
    ERROR,
    HILITE,
    HINT,
    TEXT,
    draw_text,
    draw_tip,
    panel,
    shown_whole,
    text_image,
    text_width,
    wrap,
    wrap_evenly,
)
from casino.ui.session import Session
from casino.ui.words import card_text, rank_letter

if TYPE_CHECKING:
    from casino.ui.scenes.table import TableScene

TAKE = (255, 110, 80)
"""Outline of what the computer is about to take or build on."""

CATEGORY_NAMES = {
    # the points for having the most, not a count: "Cards 3" beside a pile of "2 cards" was
    # read as a count
    "cards": N_("Most cards"), "spades": N_("Most spades"), "aces": N_("Aces"),
    "sweeps": N_("Sweeps"),
    "last_taker": N_("Last take"), "spade_cards": N_("Every spade"),
    "earlier": N_("Earlier rounds"),
}
"""The score sheets' words for the categories a ruleset scores (``RoundScore.categories``)."""

CATEGORY_CARDS = {"big_casino": "10D", "little_casino": "2S", "jack_of_spades": "JS"}
"""Categories named by the one card they score for, drawn as that card (10\u2666, Kn\u2660)."""


def category_name(category: str) -> str:
    """A score category as the sheets name it: a word, or the card it is for. A category
    of a player's own ruleset that has no name here is worded from its key, never shown
    as the key ('spade_cards' read so in Spade Casino's sheets)."""
    card = CATEGORY_CARDS.get(category)
    if card is not None:
        return card_text(Card.parse(card))
    name = CATEGORY_NAMES.get(category)
    return _(name) if name is not None else category.replace("_", " ").capitalize()


def colour_of(session: Session, seat: int) -> tuple[int, int, int]:
    """A seat's colour at this window: counted from its own seat (``Session.colour_of``),
    by team where there are partnerships."""
    return seat_colour(session.colour_of(seat), session.game.round.partnership)


def ink_of(session: Session, seat: int) -> tuple[int, int, int]:
    """A seat's colour for letters on the panel (``render.seat_ink``), as ``colour_of``."""
    return seat_ink(session.colour_of(seat), session.game.round.partnership)


def last_move(session: Session, seat: int) -> str:
    """A seat's last move in this round (nothing yet after a new round starts)."""
    for entry in reversed(session.log):
        if entry.seat == seat:
            return entry.text.split(": ", 1)[-1]
        if entry.seat < 0 and entry.text.startswith(_("Round {number}").format(number="")):
            break
    return ""


def opponent_move_lines(scene: TableScene, seat: int) -> list[str]:
    """A computer seat's last move as drawn in its box: up to four lines beside its hand."""
    return opponent_move_fit(scene, seat)[0]


def opponent_move_fit(scene: TableScene, seat: int) -> tuple[list[str], int]:
    """The last move's lines and their type size: three lines at the box's size, or up to
    four a point or two smaller (10 px at least), so that a narrow box (four at 800x600)
    still says what was taken with what ("ta in / E\u2666 / med" had lost its "E\u2663");
    then without the taken build's cards; at the smallest size as many as the box holds
    from its name to its edge; what still does not fit ends in an ellipsis."""
    lay = scene.layout()
    room = opponent_text_room(scene, seat)[1]
    last = last_move(scene.session, seat)
    if not last:
        return [], lay.font - 2
    small = max(10, lay.font - 4)
    top, bottom = opponent_move_column(scene, seat)
    # where the whole wording would fill the column to its last line, the cards of the build
    # it took go (the Moves list has them): "take the multiple 10 build with 10\u2663", not
    # "... (10\u2665 7\u2660 3\u2666) wit\u2026" or six lines crammed in at 640x400 with four
    short = re.sub(r" \([^)]*\)", "", last)
    deepest = max(4, (bottom - top) // move_step(small, 5))
    big, mid = max(small, lay.font - 2), max(small, lay.font - 3)  # never under 10 px
    tries = [(last, big, 3), (last, mid, 4), (last, small, max(4, deepest - 1)),
             (short, big, 3), (short, mid, 4), (short, small, deepest), (last, small, deepest)]
    for text, size, most in tries:
        lines = wrap(text, size, room)
        if len(lines) <= most and all(text_width(line, size) <= room for line in lines):
            return lines, size
    return [*lines[:most - 1], " ".join(lines[most - 1:])], size


def move_step(size: int, count: int) -> int:
    """The line step of ``count`` lines beside a computer's backs: closer as they grow."""
    return round(size * (1.4 if count < 3 else 1.2 if count < 4 else 1.1))


def opponent_move_column(scene: TableScene, seat: int) -> tuple[int, int]:
    """The top and bottom of the room for the lines beside a computer's backs: under its
    name, above its box's edge."""
    lay = scene.layout()
    box = lay.opponents[scene.place(seat) - 1]
    name = lay.font - (2 if scene.session.players > 2 else 0)
    return box[1] + lay.margin // 2 + round(name * 1.4), box[1] + box[3] - lay.margin // 2


def opponent_text_room(scene: TableScene, seat: int) -> tuple[int, int]:
    """Where the text beside a computer's fan of backs starts, and how wide it may be."""
    lay = scene.layout()
    hand = scene.opponent_hand_box(seat)
    x = hand[0] + scene.opponent_fan(seat)[1] + lay.margin
    return x, hand[0] + hand[2] - x


def first_whole(texts: list[str], size: int, room: int, bold: bool = True) -> str:
    """The first of ``texts`` (longest first) that fits ``room`` whole; else the last, which
    the drawing cuts: a narrow box at three or four players said 'the computer pl…'."""
    for text in texts:
        if shown_whole(text, size, room, bold=bold):
            return text
    return texts[-1]


def turn_lines(name: str, size: int, room: int) -> list[str]:
    """'Computer 2's turn' as drawn beside its cards: on one line, or two in a narrow box;
    none where a word would be cut (its box and name are lit, and "thinking" says it)."""
    lines = wrap(_("{name}'s turn").format(name=name), size, room, bold=True)
    if len(lines) > 2 or not all(shown_whole(line, size, room, bold=True) for line in lines):
        return []
    return lines


OWN_INK = (255, 255, 255)
"""The own label's letters: white reads on each seat's colour (teal, orange, magenta, olive)."""


def frame_labels(scene: TableScene) -> list[pygame.Rect]:
    """Where the labels standing on the own hand's frame are drawn: "Your turn" on its
    left end (on the person's turn) and whose hand it is on its right (``_own_frame``)."""
    lay = scene.layout()
    area = own_area(scene)
    size = lay.font - 2
    own = text_image(" " + own_label(scene.session, scene.viewer) + " ", size, OWN_INK, True,
                     area.w // 3).get_rect(midright=(area.right - 14, area.y))
    rects = [own.inflate(4, 2)]
    if scene.can_act():
        session = scene.session
        turn = " " + (_("{name}, your turn").format(name=session.seats[scene.viewer].shown)
                      if session.shared else _("Your turn")) + " "
        rects.append(text_image(turn, size, TEXT, True, None).get_rect(
            midleft=(area.x + 14, area.y)).inflate(4, 2))
    return rects


def own_area(scene: TableScene) -> pygame.Rect:
    """The frame around this window's own hand (lit on its turn)."""
    lay = scene.layout()
    hx, hy, hw, _hh = lay.hand
    return pygame.Rect(hx, hy + lay.card[1] // 10 - lay.margin, hw,
                       lay.card[1] + 2 * lay.margin)


def own_label(session: Session, seat: int) -> str:
    """Whose hand this window shows, on its frame: 'You', or 'Bea (you)' by a name."""
    name = session.seats[seat].shown
    return name if name == _("You") else _("{name} (you)").format(name=name)


def _own_frame(scene: TableScene, surface: pygame.Surface) -> None:
    """This window's own seat: its hand framed in the seat's colour (the one every window
    gives that seat) and named on the frame's right end. Colours no longer say which seat
    is yours (each window counted them from its own, and friends disagreed about whose
    colour was whose); the frame and the label do."""
    lay = scene.layout()
    area = own_area(scene)
    colour = colour_of(scene.session, scene.viewer)
    if not scene.can_act():  # on its turn the frame is lit instead
        pygame.draw.rect(surface, colour, area, 2, border_radius=12)
    text = " " + own_label(scene.session, scene.viewer) + " "
    at = (area.right - 14, area.y)
    tag = draw_text(surface, text, lay.font - 2, at, OWN_INK, "midright", bold=True,
                    max_width=area.w // 3)
    pygame.draw.rect(surface, colour, tag.inflate(4, 2), border_radius=6)
    draw_text(surface, text, lay.font - 2, at, OWN_INK, "midright", bold=True,
              max_width=area.w // 3)


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout()
    settings = scene.app.settings
    session = scene.session
    game = session.game
    state = game.round
    surface.blit(assets.felt(surface.get_size()), (0, 0))
    hidden = scene.animator.flying()
    hint_move = scene.hint[0] if scene.hint else None
    marked = set(move_items(hint_move)) if hint_move else set()
    staged_items = set(move_items(scene.staged)) if scene.staged else set()

    # opponents
    for seat in scene.others():
        box = lay.opponents[scene.place(seat) - 1]
        to_move = scene.seat_to_move() == seat
        panel(surface, box, HILITE if to_move else colour_of(session, seat), alpha=120)
        if to_move:  # its area lights up on its turn, as the person's does on theirs
            pygame.draw.rect(surface, HILITE, pygame.Rect(box).inflate(4, 4), 3,
                             border_radius=12)
        name = session.seats[seat].shown
        count = len(state.hands[seat])
        label_w = box[2] - lay.small[0] - lay.margin * 4
        size = lay.font - (2 if session.players > 2 else 0)
        head = box_title(name, partner(scene, seat), count, size, label_w)
        if partner(scene, seat):
            name = _("{name} (partner)").format(name=name)
        if session.stood_in(seat):  # the longer word where it fits whole, as at two players
            head = first_whole([_("{seat} (away, the computer plays)").format(seat=head),
                                _("{seat} (computer plays)").format(seat=head),
                                _("{seat} (computer plays)").format(seat=name)],
                               size, label_w)  # the fan of backs shows the count
        elif session.away(seat):
            head = _("{seat} (away)").format(seat=head)
        draw_text(surface, head, size, (box[0] + lay.margin, box[1] + lay.margin // 2),
                  HILITE if to_move else TEXT, bold=True, max_width=label_w)
        hand = scene.opponent_hand_box(seat)
        x, room = opponent_text_room(scene, seat)
        lines: list[tuple[str, tuple[int, int, int], bool]]
        move_size = lay.font - 2
        if to_move and session.away(seat):
            lines = [(_("Waiting for {name}\u2026").format(name=name), HILITE, True)]
        elif to_move and not scene.animator.busy() and not session.problem():
            dots = "." * (1 + int(pygame.time.get_ticks() / 300) % 3)
            # a person at another window is choosing, not 'thinking' as a computer does
            doing = first_whole([_("the computer plays for them"), _("computer plays"),
                                 _("thinking") + dots], move_size, room, bold=False) \
                if session.stood_in(seat) \
                else _("choosing") + dots if session.is_person(seat) else _("thinking") + dots
            lines = [(line, HILITE, True) for line in
                     turn_lines(session.seats[seat].shown, move_size, room)]
            lines.append((doing, HILITE, False))
        else:
            texts, move_size = opponent_move_fit(scene, seat)
            lines = [(text, TEXT, False) for text in texts]
        step = move_step(move_size, len(lines))
        top, bottom = opponent_move_column(scene, seat)  # centred on the backs, in the box
        y = max(top, min(hand[1] + lay.small[1] // 2 - step * len(lines) // 2,
                         bottom - step * len(lines)))
        for text, colour, bold in lines:
            if room > 30:
                draw_text(surface, text, move_size, (x, y), colour, bold=bold,
                          max_width=room)
            y += step
        draw_hidden_hand(surface, count - scene.animator.dealing(seat), hand, lay.small,
                         scene.opponent_fan(seat)[0], settings)
        _capture_pile(scene, surface, seat)

    # stock and deal
    sx, sy, sw, _0 = lay.stock
    if state.stock:
        for i in range(min(4, 1 + len(state.stock) // 10)):
            draw_card(surface, None, (sx + lay.margin + i, sy - 2 * i, *lay.small), settings)
    deals = deals_in_round(session.ruleset, state.players)
    if deals > 1 or state.stock:
        draw_text(surface, _("Stock {count}").format(count=len(state.stock)), lay.font - 2,
                  (sx + sw // 2, sy + lay.small[1] + 6), TEXT, "midtop",
                  max_width=sw + lay.margin)
    else:  # one deal, drawn back up from the stock: its place says it is out, clear of the edge
        words = wrap(_("Stock empty"), lay.font - 2, sw - lay.margin, bold=True)
        step = round((lay.font - 2) * 1.3)
        top = sy + (lay.small[1] - step * len(words)) // 2
        for k, word in enumerate(words):
            draw_text(surface, word, lay.font - 2, (sx + sw // 2, top + k * step), HILITE,
                      "midtop", bold=True, max_width=sw - lay.margin)
    if deals > 1:
        deal_text = _("Last deal") if state.is_last_deal() else \
            _("Deal {number} of {count}").format(number=state.deal_number, count=deals)
        # on two lines where the stock's column is narrow ("Deal 1…" at 640x400), the
        # last where the one line was
        step = round((lay.font - 2) * 1.2)
        said = wrap_evenly(deal_text, lay.font - 2, sw + lay.margin - 4)  # "Deal" / "1 of 3"
        for k, line in enumerate(said):
            draw_text(surface, line, lay.font - 2,
                      (sx + sw // 2, sy - lay.font * 2 - (len(said) - 1 - k) * step),
                      HILITE if state.is_last_deal() else DIM, "midtop",
                      bold=state.is_last_deal(), max_width=sw + lay.margin)

    # table items
    # while a move is shown the table keeps its layout from before it, so nothing jumps
    laid_out = scene.table_from or game
    table = laid_out.round.table
    grid, plan = scene.tags(laid_out)
    spaces = scene.session.ruleset.table_spaces
    drop = scene.item_at(scene.drag_pos) if scene.drag_pos is not None else None
    for i, slot in enumerate(grid.slots):
        if i < len(table):
            item = table[i]
            outline = None
            if item in staged_items or item in scene.selection or i == drop:
                outline = HILITE
            elif item in marked:
                outline = HINT
            elif item in scene.changed:  # what another seat put or built: in its colour
                outline = colour_of(session, scene.changed[item])
            elif scene.focus == i:
                outline = (255, 255, 255)
            draw_item(surface, item, slot, grid.card, grid.tag, session.ruleset, settings,
                      functools.partial(colour_of, session), outline,
                      hidden, plan)
        elif spaces is not None:
            draw_free_space(surface, slot, grid.card, grid.tag)

    # a staged move (End turn step) shown in place: its card hovers over its target
    if scene.staged is not None:
        items = move_items(scene.staged)
        boxes = scene.item_boxes()
        if items and items[0] in state.table:
            x, y, _0, _0 = boxes[state.table.index(items[0])]
            x, y = x + grid.card[0] // 4, y + grid.card[1] // 4
        else:
            slot = grid.slots[min(len(state.table), len(grid.slots) - 1)]
            x, y, _0, _0 = pile_boxes(slot, 1, grid.card, grid.tag)[0]
        ghost = assets.card_face(scene.staged.card, grid.card, settings.four_colour,
                                 settings.large_indices).copy()
        ghost.set_alpha(190)
        surface.blit(ghost, (x, y))
        pygame.draw.rect(surface, HILITE, (x - 2, y - 2, grid.card[0] + 4, grid.card[1] + 4), 2,
                         border_radius=max(3, grid.card[0] // 12))

    # status line
    # the colour is the message's: once it is gone the prompt is plain (it was red after a
    # refusal's or a notice's message was cleared, the language changed)
    kind_colour = {"error": ERROR, "hint": HINT}.get(scene.message_kind, TEXT) \
        if scene.message else TEXT
    problem = session.problem()  # a lost connection outweighs the last message
    if problem and session.table_closed():  # one state: the table is closed, and what to do
        text = _("The host closed the table. When they host it again, R takes your seat "
                 "back.")
    else:
        text = _("{problem} \u2014 R rejoins your seat").format(problem=problem) if problem \
            else session.status_note() or scene.message or _prompt(scene)
    kind_colour = ERROR if problem else kind_colour
    sx, sy, sw, sh = lay.status
    labels = [rect.inflate(0, 6) for rect in frame_labels(scene)]  # kept 3 px clear of
    one = text_image(text, lay.font, kind_colour, False, None).get_rect(
        center=(sx + sw // 2, sy + sh // 2))
    if one.w <= sw and one.collidelist(labels) < 0:
        draw_text(surface, text, lay.font, (sx + sw // 2, sy + sh // 2), kind_colour, "center")
    else:  # two lines (three for a long notice), growing upward into the free felt above;
        # higher where the last would touch the hand frame's labels ("Your turn", "You")
        size = lay.font - 1
        status_lines = wrap_evenly(text, size, sw)
        if len(status_lines) > 3:  # the rest on the last line, cut short with an ellipsis
            status_lines = [*status_lines[:2], " ".join(status_lines[2:])]
        step = status_step(lay)
        images = [text_image(line, size, kind_colour, False, sw) for line in status_lines]
        bottom = sy + sh
        for label in labels:
            if any(abs(sx + sw // 2 - label.centerx) < (image.get_width() + label.w) // 2
                   for image in images):
                bottom = min(bottom, label.top)
        for k, line in enumerate(status_lines):
            y = bottom - (len(status_lines) - k) * step
            draw_text(surface, line, size, (sx + sw // 2, y), kind_colour, "midtop",
                      max_width=sw)

    # own hand and pile
    view = scene.view()
    boxes = hand_boxes(lay.hand, len(view.hand), lay.card)
    mouse = pygame.mouse.get_pos()
    dragging = scene.press[0] if scene.press and scene.drag_pos else None
    if scene.can_act():  # your area lights up, with "Your turn" on its edge
        glow = own_area(scene)
        pygame.draw.rect(surface, HILITE, glow, 3, border_radius=12)
        your_turn = " " + (_("{name}, your turn").format(name=session.seats[scene.viewer].shown)
                           if session.shared else _("Your turn")) + " "
        label = draw_text(surface, your_turn, lay.font - 2, (glow.x + 14, glow.y),
                          (30, 30, 20), "midleft", bold=True)
        pygame.draw.rect(surface, HILITE, label.inflate(4, 2), border_radius=6)
        draw_text(surface, your_turn, lay.font - 2, (glow.x + 14, glow.y), (30, 30, 20),
                  "midleft", bold=True)
    _own_frame(scene, surface)
    for i, (card, box) in enumerate(zip(view.hand, boxes, strict=True)):
        if card in hidden or i == dragging:
            continue
        raised = pygame.Rect(box).collidepoint(mouse) and scene.can_act()
        outline = HINT if hint_move is not None and hint_move.card == card else None
        if scene.staged is not None and scene.staged.card == card:
            outline, raised = HILITE, True
        lift = lay.card[1] // 10 if raised else 0
        face = card if scene.revealed else None  # nobody has claimed the shared screen yet
        draw_card(surface, face, (box[0], box[1] - lift, box[2], box[3]), settings, outline)
        if i < 9:
            draw_text(surface, str(i + 1), lay.font - 2,
                      (box[0] + box[2] // 2, box[1] + box[3] + 2), DIM, "midtop")
    _capture_pile(scene, surface, scene.viewer)

    _draw_panel(scene, surface)
    if scene.show_unseen:
        _draw_unseen(scene, surface)

    # flights, what the computer is about to take, the dragged card, banners
    t = scene.animator.clock
    for glow_ in scene.animator.glows:
        if glow_.shown(t):
            rect = pygame.Rect(glow_.box).inflate(10, 10)
            pygame.draw.rect(surface, TAKE, rect, 4, border_radius=max(4, rect.w // 10))
    for flight in scene.animator.flights:
        if flight.delay > t and flight.card is None:
            continue  # a dealt back appears only as it leaves the stock
        draw_card(surface, flight.card if flight.face_up else None, flight.box_at(t), settings)
    if dragging is not None and scene.drag_pos is not None and dragging < len(view.hand):
        x, y = scene.drag_pos
        cw, ch = lay.card
        draw_card(surface, view.hand[dragging], (x - cw // 2, y - ch // 2, cw, ch), settings,
                  HILITE)
    shown = 0
    for banner in scene.animator.banners:
        alpha, scale = banner.alpha_scale(t)
        if alpha <= 0:
            continue
        full = text_image(banner.text, round(lay.font * (3.6 if banner.height == 0.5 else 2.4)),
                          HILITE, True, None)
        w, h = full.get_size()
        image = pygame.transform.smoothscale(full, (round(w * scale / 1.2), round(h * scale / 1.2)))
        image.set_alpha(alpha)
        tx, ty, tw, th = lay.table
        centre = (tx + tw // 2, ty + round(th * banner.height) + shown * lay.font * 4)
        if banner.text == _("Sweep!"):
            progress = (t - banner.delay) / banner.duration
            surface.set_clip(pygame.Rect(lay.table))
            for ring in range(3):
                r = round((progress * 1.6 - ring * 0.15) * min(tw, th) / 2)
                if r > 0:
                    pygame.draw.circle(surface, HILITE, centre, r, max(1, 4 - ring))
            surface.set_clip(None)
        rect = image.get_rect(center=centre)
        back = pygame.Surface(rect.inflate(lay.font * 2, lay.font // 2).size, pygame.SRCALPHA)
        back.fill((0, 0, 0, min(alpha, 150)))
        surface.blit(back, back.get_rect(center=centre))
        surface.blit(image, rect)
        shown += 1


def partner(scene: TableScene, seat: int) -> bool:
    """Whether ``seat`` is the viewer's partner, as the engine sides them (not told by where
    the seat sits: across the table is where a partner happens to sit)."""
    state = scene.session.game.round
    return (state.partnership and seat != scene.viewer
            and state.side_of(seat) == state.side_of(scene.viewer))


def box_title(name: str, is_partner: bool, count: int, size: int, room: int) -> str:
    """A computer's box title: its name and card count, or less, the first that fits ``room``
    at the type size of the other boxes (the partner's 'Computer 3 (partner) \u00b7 3 cards'
    was shrunk to a smaller type than its neighbours'); the fan of backs shows the count."""
    if is_partner:
        name = _("{name} (partner)").format(name=name)
    texts = [ngettext("{name} \u00b7 {count} card", "{name} \u00b7 {count} cards",
                      count).format(name=name, count=count), name]
    if is_partner:
        texts.append(_("Partner"))
    return next((t for t in texts if text_width(t, size, True) <= room), texts[-1])


def owner_tag(scene: TableScene, seat: int) -> tuple[str, ...]:
    """The names a build's tag may give its owner, longest first, as a person reads them:
    'You', 'Partner', 'Computer 3' or 'Comp 3', a person's name or its first letters
    ('C3: 10' was cryptic: the slots are made wide enough for the shortest name here)."""
    session = scene.session
    if seat == scene.viewer:
        return (_("You"),)
    if partner(scene, seat):
        return (_("Partner"),)
    shown = session.seats[seat].shown
    if session.is_person(seat):  # at a network table, another person's name, not "Comp"
        return (shown, shown[:5].rstrip() + "\u2026") if len(shown) > 6 else (shown,)
    if session.players == 2:
        return (_("Computer"), _("Comp"))
    return (shown, _("Comp {number}").format(number=seat + 1))


def panel_title(name: str, number: int, size: int, width: int) -> str:
    """"Classic Casino with sweeps \u00b7 round 2", the ruleset's name cut short when the
    line is too wide, never the round ("\u2026 \u00b7 roun\u2026" at 1000x700 lost it)."""
    title = _("{title} \u00b7 round {number}").format(title=name, number=number)
    cut = name
    while text_width(title, size, True) > width and len(cut) > 1:
        cut = cut[:-1].rstrip()
        title = _("{title} \u00b7 round {number}").format(title=cut + "\u2026", number=number)
    return title


def _prompt(scene: TableScene) -> str:
    session = scene.session
    note = session.status_note()
    if note:
        return note
    if session.game.round_over():
        return _("Round over.")
    if not scene.my_turn():
        return _("{name} to play…").format(name=session.seats[session.to_move()].shown)
    if scene.selection:
        return _("Now click a hand card (or press its number) to play it onto the selection.")
    # the keys too, shortest: a newcomer met them only in the menu, which lists the rest
    return _("Your turn: click table cards to select them, then a hand card. "
             "A card alone shows what it can do.") + " " + _("Keys: H hint, Esc menu.")


def _capture_pile(scene: TableScene, surface: pygame.Surface, seat: int) -> None:
    lay = scene.layout()
    state = scene.session.game.round
    pile = state.captures[seat]
    x, y, w, h = scene.pile_box(seat)
    spades = sum(c.suit == "S" for c in pile)
    sweeps = state.sweeps[seat] if scene.session.ruleset.scoring.sweep else None
    area = (x - lay.margin, y - 10, w + 2 * lay.margin, h)
    room = None
    if seat != scene.viewer:  # the counts stay inside the seat's box, right of its move
        box = lay.opponents[scene.place(seat) - 1]
        room = (box[0] + box[2] // 2, box[0] + box[2] - lay.margin // 2)
    draw_capture_pile(surface, area, lay.small, len(pile), spades, sweeps, scene.app.settings,
                      lay.font, room)
    if scene.changed_pile == seat and seat != scene.viewer:  # the computer took cards just now
        left = area[0] + (area[2] - lay.small[0]) // 2
        rect = pygame.Rect(left - 3, y - 3, lay.small[0] + 8, lay.small[1] + 8)
        pygame.draw.rect(surface, colour_of(scene.session, seat), rect, 3,
                         border_radius=max(4, rect.w // 10))


Shared = tuple[int, int, str]
"""A word drawn once over columns ``start`` to ``end`` (inclusive): "Computer" over 3 and 4."""


def sheet_heads(names: list[str], size: int,
                width: int) -> tuple[int, list[list[str]], list[Shared]]:
    """The score sheet's column heads, each name on at most two lines; the first line that
    neighbouring columns share ("Computer" / "3", "Computer" / "4") is drawn once over them;
    and the font size: the sheet's own, or a point or two smaller where a word is still wider
    than its column, so that no head is cut (three or four seats at 1024x640)."""
    for hf in (size, size - 1, size - 2):
        heads = [wrap(name, hf, width, bold=True)[:2] for name in names]
        shared: list[Shared] = []
        k = 0
        while k < len(heads):
            end = k
            while (len(heads[k]) == 2 and end + 1 < len(heads) and len(heads[end + 1]) == 2
                   and heads[end + 1][0] == heads[k][0]):
                end += 1
            if end > k:
                shared.append((k, end, heads[k][0]))
                for j in range(k, end + 1):
                    heads[j] = ["", heads[j][1]]
            k = end + 1
        if all(text_width(t, hf, True) <= width for h in heads for t in h):
            break
    return hf, heads, shared


def _draw_panel(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout()
    session = scene.session
    game = session.game
    px, _py, _pw, ph = lay.panel
    pygame.draw.rect(surface, (12, 34, 24), lay.panel)
    pygame.draw.line(surface, (70, 110, 85), (px, 0), (px, ph), 2)

    # score sheet: points if the round ended now, and the game totals
    sx, sy, sw, _sh = lay.sheet
    f = lay.font - 2
    line = round(f * 1.55)
    title = panel_title(_(session.ruleset.title), game.round_index + 1, lay.font, sw)
    draw_text(surface, title, lay.font, (sx, sy), HILITE, bold=True, max_width=sw)
    names = session.short_side_names()
    score = score_round(game.round)
    rows = list(score.by_category().items())
    labels = [category_name(c) for c, _0 in rows]  # drawn plain; the totals' two bold
    totals = [_("This round"), _("Game")]
    # the labels get the room they need, as long as each side's column keeps a fifth of the
    # sheet ("Den här rundan" was cut to "Den här rund…" beside two wide columns); a long
    # head goes onto two lines, as the heads do anyway ("Computer" / "2")
    room = max(round(sw * 0.34), sw - len(names) * round(sw * 0.2))
    label_w = min(room, max(*(text_width(t, f) for t in labels),
                            *(text_width(t, f, True) for t in totals)) + 6)
    col_w = (sw - label_w) // max(1, len(names))
    y = sy + round(lay.font * 1.7)
    hf, heads, shared = sheet_heads(names, f, col_w - 4)
    for start, end, word in shared:  # "Computer" once over columns 2 and 3: each is too narrow
        draw_text(surface, word, hf, (sx + label_w + (start + end + 1) * col_w // 2, y), DIM,
                  "midtop", bold=True, max_width=(end - start + 1) * col_w - 4)
    for k, head in enumerate(heads):  # a long name on two lines ("Computer" / "2")
        colour = ink_of(session, k)
        for n, text in enumerate(head):
            draw_text(surface, text, hf, (sx + label_w + k * col_w + col_w // 2,
                                          y + n * round(f * 1.2)), colour, "midtop", bold=True,
                      max_width=col_w - 4)
    y += line + round(f * 1.2) * (max(len(h) for h in heads) - 1)
    for category, points in rows:
        draw_text(surface, category_name(category), f, (sx, y), DIM,
                  max_width=label_w)
        for k, p in enumerate(points):
            draw_text(surface, str(p) if p else "\u00b7", f,
                      (sx + label_w + k * col_w + col_w // 2, y), TEXT, "midtop")
        y += line
    pygame.draw.line(surface, (70, 110, 85), (sx, y), (sx + sw, y))
    y += 4
    for label, values in ((_("This round"), score.totals), (_("Game"), game.totals)):
        draw_text(surface, label, f, (sx, y), TEXT, bold=True, max_width=label_w)
        for k, v in enumerate(values):
            draw_text(surface, str(v), f, (sx + label_w + k * col_w + col_w // 2, y), TEXT,
                      "midtop", bold=True)
        y += line
    target = session.ruleset.game
    rounds = session.ruleset.rounds_in_game(session.players) or 0
    goal = _("first to {target}").format(target=target.target) if target.kind == "target" \
        else ngettext("{n} round", "{n} rounds", rounds).format(n=rounds)
    draw_text(surface, _("Points if the round ended now; game: {goal}").format(goal=goal), f - 2,
              (sx, y), DIM,
              max_width=sw)
    if session.save is not None and session.save.daily is not None:
        # the table said nowhere that these are today's cards, the deal everyone plays
        y += round((f - 2) * 1.4)
        draw_text(surface, _("The daily deal of {date}").format(
            date=session.save.daily.isoformat()), f - 2, (sx, y), HILITE, max_width=sw)

    # the log, newest at the bottom
    lx, ly, lw, lh = lay.log
    y_top = y + line + lay.margin  # under the sheet; the log box gives width and bottom
    draw_text(surface, _("Moves"), lay.font, (lx, y_top), HILITE, bold=True)
    y_top += round(lay.font * 1.6)
    lines: list[tuple[str, tuple[int, int, int]]] = []
    for entry in session.log[-12:]:
        colour = ink_of(session, entry.seat) if entry.seat >= 0 else (240, 255, 245)  # DIM+70
        for text in wrap(entry.text, f, lw):
            lines.append((text, colour))
    bottom = ly + lh
    if session.unsaved:  # as long as saving fails, under the log: what quitting would cost
        warning = wrap(_("Not saved: quitting now loses this game"), f, lw, bold=True)
        bottom -= len(warning) * line
        for k, text in enumerate(warning):
            draw_text(surface, text, f, (lx, bottom + k * line), ERROR, bold=True)
        bottom -= lay.margin
    room = max(0, (bottom - y_top) // line)
    for text, colour in lines[-room:] if room else []:
        draw_text(surface, text, f, (lx, y_top), colour)
        y_top += line

    focused = None
    for button in scene.buttons:
        button.draw(surface, lay.font - 1, focused == button.action)
        if button.action == "unseen" and scene.show_unseen:
            pygame.draw.rect(surface, HILITE, button.box, 2, border_radius=6)
    draw_tip(surface, scene.buttons, lay.font - 2)


STATUS_LINES = 3
"""The most lines the status takes, growing upward from its line over the hand."""


def status_step(lay: TableLayout) -> int:
    """How far apart the status's lines are when it takes more than one."""
    return round((lay.font - 1) * 1.35)


def unseen_box(lay: TableLayout) -> Box:
    """The Unseen panel: over the table, ending above the status's highest line (a two-line
    hint was half hidden under it)."""
    tx, ty, tw, _th = lay.table
    sy, sh = lay.status[1], lay.status[3]
    bottom = min(ty + lay.table[3], sy + sh - STATUS_LINES * status_step(lay) - lay.margin)
    return tx, ty, tw, bottom - ty


def _draw_unseen(scene: TableScene, surface: pygame.Surface) -> None:
    """Munter's "unplayed cards" panel: every card this seat has not seen yet, by suit."""
    lay = scene.layout()
    unseen = scene.view().unseen()
    box = tx, ty, tw, th = unseen_box(lay)
    panel(surface, box, alpha=255)  # over the table: a card showing through its gaps was a ghost
    draw_text(surface, ngettext("Not yet seen: {count} card (U closes)",
                                "Not yet seen: {count} cards (U closes)",
                                len(unseen)).format(count=len(unseen)),
              lay.font,
              (tx + lay.margin * 2, ty + lay.margin), HILITE, bold=True)
    by_suit: dict[str, list[Card]] = {s: [] for s in "SHDC"}
    for card in unseen:
        by_suit[card.suit].append(card)
    rows = 4
    row_h = (th - lay.font * 3) // rows
    ch = min(row_h - 4, lay.small[1])
    cw = round(ch * 0.691)
    top = ty + lay.font * 2 + lay.margin
    if cw < UNSEEN_CARD_WIDTH:
        _draw_unseen_lines(scene, surface, by_suit, (tx + lay.margin * 2, top,
                                                     tw - lay.margin * 4, row_h))
        return
    step = min(cw + 4, (tw - lay.margin * 4 - cw) // 12)
    for r, suit in enumerate("SHDC"):
        y = top + r * row_h
        for k, card in enumerate(by_suit[suit]):
            draw_card(surface, card, (tx + lay.margin * 2 + k * step, y, cw, ch),
                      scene.app.settings)


UNSEEN_CARD_WIDTH = 40
"""Narrower than this, the Unseen panel's cards could not be read (20 pixels at 640x400, no
rank to be made out): it lists each suit's ranks on a line instead."""


def unseen_line(cards: list[Card]) -> str:
    """One suit's unseen ranks as the panel's line lists them: 'A 3 7 10 Kn'; a dot for none,
    as the score sheet writes a zero."""
    return " ".join(rank_letter(card.rank_text) for card in cards) or "\u00b7"


def _draw_unseen_lines(scene: TableScene, surface: pygame.Surface,
                       by_suit: dict[str, list[Card]], area: Box) -> None:
    """The Unseen panel where cards would be too small: per suit, its symbol on a white chip
    in the deck's ink, then its ranks in words big enough to read."""
    x, y, w, row_h = area
    size = max(10, min(scene.layout().font + 2, round(row_h * 0.6)))
    four = scene.app.settings.four_colour
    for r, suit in enumerate("SHDC"):
        centre = y + r * row_h + row_h // 2
        glyph = assets.font(size, True).render(assets.SUIT_GLYPH[suit], True,
                                               assets.suit_ink(suit, four))
        chip = glyph.get_rect().inflate(size // 2, 2)
        chip.midleft = (x, centre)
        pygame.draw.rect(surface, CHIP, chip, border_radius=max(2, size // 4))
        surface.blit(glyph, glyph.get_rect(center=chip.center))
        draw_text(surface, unseen_line(by_suit[suit]), size, (chip.right + size // 2, centre),
                  TEXT, "midleft", bold=True, max_width=x + w - chip.right - size // 2,
                  cards=False)
