"""Seat colours that never read as a suit, and build tags that say whose build it is, whole
and readable, in one form per seat (session 35)."""

from __future__ import annotations

import itertools
import math
import re
import time
from dataclasses import replace
from typing import Any

import pygame
import pytest

from casino.engine import Pile
from casino.ui import assets, render
from casino.ui.render import seat_colour
from casino.ui.scene import HILITE, HINT, PANEL, text_width
from casino.ui.scenes import table_view
from casino.ui.scenes.network import LobbyScene, NetworkScene
from casino.ui.scenes.table import TableScene
from casino.ui.session import LogEntry
from tests.ui.driver import steps
from tests.ui.helpers import keep_shot, make_app, table_at

# -- colour science: sRGB -> CIE Lab (D65) and the CIEDE2000 difference ------------------


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[int, int, int]) -> float:
    r, g, b = map(_linear, rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    r, g, b = map(_linear, rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(c1: tuple[int, int, int], c2: tuple[int, int, int]) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal's formulation): about 2 is a just noticeable
    difference, 10 two shades of one colour, 20 and more colours named apart."""
    (l1, a1, b1), (l2, a2, b2) = lab(c1), lab(c2)
    cm = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360
    h2 = math.degrees(math.atan2(b2, a2)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0 if c1p * c2p == 0 else (h2 - h1 + 180) % 360 - 180
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1 + h2
    elif abs(h1 - h2) <= 180:
        hm = (h1 + h2) / 2
    else:
        hm = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    rt = -math.sin(math.radians(60 * math.exp(-(((hm - 275) / 25) ** 2)))) * 2 * math.sqrt(
        cmp_ ** 7 / (cmp_ ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc, sh = 1 + 0.045 * cmp_, 1 + 0.015 * cmp_ * t
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2
                     + rt * (dc / sc) * (dhh / sh))


def test_delta_e_matches_the_published_pairs() -> None:
    # the same colour, black against white, and the old red seat against the hearts' ink
    assert delta_e((0, 0, 0), (0, 0, 0)) == 0
    assert 8 < delta_e((200, 0, 0), (215, 60, 50)) < 10  # the old red seat and the hearts
    assert delta_e((255, 255, 255), (0, 0, 0)) == pytest.approx(100, abs=0.5)


SUIT_APART = 20
"""How far (CIEDE2000) every seat colour keeps from every suit ink of both decks, and from
the felt, the highlight (yellow) and the hint (cyan). The red seat was 9 from the hearts'
ink, the blue one 14 from a four-colour deck's diamonds, the green 11 from its clubs."""

SEATS_APART = 25
"""How far the seat colours keep from each other."""


def test_no_seat_colour_reads_as_a_suit_or_as_another_seat() -> None:
    inks = {f"{suit} ({'four' if four else 'two'}-colour deck)": assets.suit_ink(suit, four)
            for suit in "CDHS" for four in (False, True)}
    marks = {"felt": (22, 92, 52), "highlight": HILITE, "hint": HINT}
    for seat in range(4):
        colour = seat_colour(seat, False)
        for name, ink in {**inks, **marks}.items():
            assert delta_e(colour, ink) >= SUIT_APART, (seat, colour, name, ink)
        # white tag letters on it, and it as letters on the score sheet's dark panel
        assert contrast(colour, (255, 255, 255)) >= 3, (seat, colour)
        assert contrast(colour, PANEL) >= 3, (seat, colour)
    for a, b in itertools.combinations(range(4), 2):
        assert delta_e(seat_colour(a, False), seat_colour(b, False)) >= SEATS_APART, (a, b)
    assert seat_colour(2, True) == seat_colour(0, True)  # partners share their team's


def test_a_seats_letters_read_as_its_colour_and_not_as_the_highlight_or_the_hint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The log lightened each seat's colour by 70 a channel: the olive seat's lines came out
    # the highlight's yellow (9 apart), the teal one's the hint's cyan (7 apart).
    app = make_app(players=4)
    table = table_at(app, "classic", FOUR)
    session = table.session
    session.game = replace(session.game, round=replace(session.game.round, teams=False))
    for seat in range(4):
        session.log.append(LogEntry(seat, f"{session.seats[seat].shown}: trail 2S", 1))
    drawn: list[tuple[str, Any]] = []
    real = table_view.draw_text

    def spy(surface: pygame.Surface, text: str, size_: int, pos: Any, colour: Any = None,
            *a: Any, **k: Any) -> pygame.Rect:
        drawn.append((text, colour))
        return real(surface, text, size_, pos, colour, *a, **k)

    monkeypatch.setattr(table_view, "draw_text", spy)
    app.draw()
    inks = {text.split(":")[0]: colour for text, colour in drawn if text.endswith(": trail 2S")}
    assert len(inks) == 4, drawn
    for seat, colour in enumerate(inks.values()):
        assert colour == render.seat_ink(seat, False)
        for mark in (HILITE, HINT):
            assert delta_e(colour, mark) >= 15, (seat, colour, mark)
        assert contrast(colour, PANEL) >= 4.5, (seat, colour)
        assert delta_e(colour, seat_colour(seat, False)) < 15  # still the seat's colour
    for a, b in itertools.combinations(inks.values(), 2):
        assert delta_e(a, b) >= 20, (a, b)


def test_the_lobby_marks_each_seat_in_its_table_colour() -> None:
    # The lobby's dots were all one green, a colour no seat has at the table (and a club's).
    app = make_app(size=(800, 600), player_name="Anna")
    scene = NetworkScene(app)
    scene.seats = ["greedy", "person"]  # the third seat open: the lobby stays
    app.stack.push(scene)
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    try:
        deadline = time.monotonic() + 30
        while lobby.remote.seats is None or len(lobby.remote.seats.seats) < 3:
            assert time.monotonic() < deadline
            steps(app, 1)
            time.sleep(0.02)
        if not isinstance(app.stack.top, LobbyScene):
            pytest.skip("the table started before the lobby was drawn")
        marks: list[tuple[tuple[int, int, int], tuple[int, int]]] = []
        real = pygame.draw.circle

        def spy(surface: pygame.Surface, colour: Any, centre: Any, radius: Any,
                width: int = 0, *a: Any, **k: Any) -> pygame.Rect:
            if width == 0:  # a filled dot; an open seat's is a grey ring
                marks.append((tuple(colour)[:3], tuple(centre)))  # type: ignore[arg-type]
            return real(surface, colour, centre, radius, width, *a, **k)

        pygame.draw.circle = spy  # type: ignore[assignment]
        try:
            lobby.draw(app.screen)
        finally:
            pygame.draw.circle = real  # type: ignore[assignment]
        keep_shot(app.screen, "colours35-lobby")
        seats = lobby.remote.seats.seats
        assert [s.connected for s in seats] == [True, True, False]
        filled = [colour for colour, _centre in marks]
        assert filled == [seat_colour(0, False), seat_colour(1, False)], filled
        for colour, centre in marks:
            assert app.screen.get_at(centre)[:3] == colour
    finally:
        lobby.local.close()
        lobby.remote.close()


# -- build tags ---------------------------------------------------------------------------

TAG_PX = 10
"""The smallest tag letters allowed, in pixels."""

FOUR = ("0;3;5H 9D 7C 8C/5D 2C 10C/KD 3C JC/QH 4C 6C;"
        "[b10 6S 4D @1] [b7 4H 3H @1] [b9x2 5S 4S 9S @3] [b8 5C 3S @2] [b6 2D AS 3D @0] "
        "[b10 8D 2H @3] 2S;*/-/-/-;-;0/0/0/0;-;0000;2")
"""Four players, each alone: two builds of Computer 2 (a 10 and a 7) and of Computer 4 (a
multiple 9 and a 10), one of Computer 3 and one of the person."""

THREE = ("0;2;5H 9D 7C 8C/5D 2C 10C QD/KD 3C JC QC;"
         "[b10 6S 4D @1] [b7 4H 3H @1] [b9x2 5S 4S 9S @2] [b8 5C 3S @2] 2S;*/-/-;-;0/0/0;-;000;2")


def tagged_table(size: tuple[int, int], players: int) -> tuple[Any, TableScene]:
    app = make_app(size=size, players=players)
    table = table_at(app, "classic", FOUR if players == 4 else THREE)
    game = table.session.game
    table.session.game = replace(game, round=replace(game.round, teams=False))
    assert not table.session.game.round.partnership
    return app, table


def drawn_tags(app: Any, table: TableScene, monkeypatch: pytest.MonkeyPatch,
               name: str) -> list[tuple[Pile, list[tuple[str, int, bool, int | None]]]]:
    """Each pile drawn and its tag's lines as drawn: (text, size, bold, max_width)."""
    piles: list[tuple[Pile, list[tuple[str, int, bool, int | None]]]] = []
    real_item, real_text = table_view.draw_item, render.draw_text
    inside: list[bool] = []

    def item_spy(surface: pygame.Surface, item: Any, *a: Any, **k: Any) -> None:
        if isinstance(item, Pile):
            piles.append((item, []))
        inside.append(isinstance(item, Pile))
        real_item(surface, item, *a, **k)
        inside.pop()

    def text_spy(surface: pygame.Surface, text: str, size: int, pos: Any,
                 colour: Any = None, anchor: str = "topleft", bold: bool = False,
                 max_width: int | None = None, cards: bool = True) -> pygame.Rect:
        if inside and inside[-1]:
            piles[-1][1].append((text, size, bold, max_width))
        return real_text(surface, text, size, pos, colour, anchor, bold, max_width, cards)

    monkeypatch.setattr(table_view, "draw_item", item_spy)
    monkeypatch.setattr(render, "draw_text", text_spy)
    app.draw()
    keep_shot(app.screen, name)
    monkeypatch.undo()
    return piles


def owner_name(lines: list[tuple[str, int, bool, int | None]]) -> str:
    """The owner's name a tag gives: before the colon, or its first line alone."""
    first = lines[0][0]
    return first.split(": ")[0] if ": " in first else first


SIZES = [(640, 400), (800, 600), (1024, 640), (1280, 800)]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_each_seat_has_one_tag_form_and_never_a_cryptic_one(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int) -> None:
    # "Computer 4: 10" on one pile and "C4: 7" on the next, and "C4" at 640x400, where a
    # newcomer could not tell whose build it was.
    app, table = tagged_table(size, players)
    piles = drawn_tags(app, table, monkeypatch, f"colours35-tags-{players}-{size[0]}x{size[1]}")
    assert len(piles) == (6 if players == 4 else 4)
    names: dict[int, set[str]] = {}
    for pile, lines in piles:
        names.setdefault(pile.owner, set()).add(owner_name(lines))
    for seat, said in names.items():
        assert len(said) == 1, (seat, said)
        (name,) = said
        assert not re.fullmatch(r"[CD]\d", name), (seat, name)
        shown = table.session.seats[seat].shown
        assert name in ("You", shown, f"Comp {seat + 1}"), (seat, name)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_tag_letters_are_never_shrunk_below_a_readable_size(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], players: int) -> None:
    # At 800x600 with four players "C2: 10" was squeezed to about 8 px, and a multiple
    # build's groups ("[5+4][9]") were drawn 2 px smaller than the tag's other line.
    app, table = tagged_table(size, players)
    piles = drawn_tags(app, table, monkeypatch, f"colours35-size-{players}-{size[0]}x{size[1]}")
    for pile, lines in piles:
        for text, px, bold, max_width in lines:
            assert px >= TAG_PX, (pile, text, px)
            width = assets.font(px, bold).size(text)[0]
            assert max_width is None or width <= max_width, (pile, text, width, max_width)
        value = lines[-1][0] if not lines[-1][0].startswith("[") else lines[-2][0]
        assert str(pile.value) in value, (pile, lines)  # what takes it is always said


def test_a_short_tag_gives_up_the_count_of_a_multiple_build_first() -> None:
    _app, table = tagged_table((1280, 800), 4)
    pile = next(p for p in table.session.game.round.table
                if isinstance(p, Pile) and p.multiple)
    texts = render.value_texts(table.session.ruleset, pile)
    assert texts == ["9 \u00d72", "9"]


# -- 640x400 with four players: whole texts inside the window -------------------------------

DEALING = ("0;3;5H 9D 7C 8C/5D 2C 10C QD/KD 3C JC QC/QH 4C 6C KC;"
           "[b10 6S 4D @1] [b9x2 5S 4S 9S @3] 2S KS;-/-/-/-;*;0/0/0/0;-;0000;1")
"""The first of three deals, builds of two computers on the table."""


LAST = ("0;3;5H 9D 7C 8C/5D 2C 10C QD/KD 3C JC QC/QH 4C 6C KC;"
        "[b10 6S 4D @1] [b9x2 5S 4S 9S @3] 2S KS;*/-/-/-;-;0/0/0/0;-;0000;3")
"""The last deal."""


@pytest.mark.parametrize("position,status", [(DEALING, "Deal 1 of 3"), (LAST, "Last deal")])
@pytest.mark.parametrize("size", [(640, 400), (800, 600)])
def test_the_table_texts_are_whole_and_inside_the_window_with_four_players(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], position: str,
        status: str) -> None:
    # "Deal 1 of 3" read "Deal 1\u2026" at 640x400, "Last deal" "Last d\u2026": the stock's
    # column is narrow.
    app = make_app(size=size, players=4)
    table = table_at(app, "classic", position)
    game = table.session.game
    table.session.game = replace(game, round=replace(game.round, teams=False))
    drawn: list[tuple[str, pygame.Rect, bool]] = []
    real = table_view.draw_text

    def spy(surface: pygame.Surface, text: str, size: int, pos: Any, colour: Any = None,
            anchor: str = "topleft", bold: bool = False, max_width: int | None = None,
            cards: bool = True) -> pygame.Rect:
        rect = real(surface, text, size, pos, colour, anchor, bold, max_width, cards)
        # whole: at its full width, neither shrunk nor cut short
        drawn.append((text, rect, rect.w >= text_width(text, size, bold, cards) - 1))
        return rect

    monkeypatch.setattr(table_view, "draw_text", spy)
    app.draw()
    keep_shot(app.screen, f"colours35-{status.split()[0]}-{size[0]}x{size[1]}")
    window = app.screen.get_rect()
    for text, rect, _whole in drawn:
        assert window.contains(rect), (text, rect)
    first = next(k for k, (text, _r, _w) in enumerate(drawn)
                 if text.startswith(status.split()[0]))
    said, whole = drawn[first][0], drawn[first][2]
    for text, _rect, line_whole in drawn[first + 1:]:  # a second line, where it wraps
        if len(said) >= len(status):
            break
        said, whole = said + " " + text, whole and line_whole
    assert whole, drawn[first:first + 2]
    assert said == status, drawn[first:first + 2]


HINTED = ("0;3;10C 2H 3D 7C/5D 2C 4C QD/KD 3C JC QC/QH 4H 6C KC;"
          "10D 9C 3S [b10 6S 4D @1] [b7 5S 2S @3];-/-/-/-;*;0/0/0/0;-;0000;1")
"""The person holds 10\u2663 over Big Casino and a build of 10: a long hint."""


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1280, 800)])
def test_a_long_hint_keeps_clear_of_the_hands_labels_and_the_table(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    # A long hint ran down onto the "Your turn" and "You" labels standing on the hand's
    # frame (640x400: its last line touched "You"); it keeps 2 px clear of them.
    from casino.ui.scene import HINT as HINT_INK
    from tests.ui.driver import key, until

    app = make_app(size=size, players=4)
    table = table_at(app, "classic", HINTED)
    game = table.session.game
    table.session.game = replace(game, round=replace(game.round, teams=False))
    key(pygame.K_h)
    until(app, lambda: table.message.startswith("Hint:"))
    drawn: list[tuple[str, pygame.Rect, Any]] = []
    real = table_view.draw_text

    def spy(surface: pygame.Surface, text: str, size_: int, pos: Any, colour: Any = None,
            *a: Any, **k: Any) -> pygame.Rect:
        rect = real(surface, text, size_, pos, colour, *a, **k)
        drawn.append((text, rect, colour))
        return rect

    monkeypatch.setattr(table_view, "draw_text", spy)
    app.draw()
    keep_shot(app.screen, f"colours35-hint-{size[0]}x{size[1]}")
    hint = [rect for text, rect, colour in drawn if colour == HINT_INK]
    labels = [rect for text, rect, _c in drawn if text.strip() in ("Your turn", "You")]
    assert hint and len(labels) >= 2, drawn
    said = " ".join(text for text, _r, colour in drawn if colour == HINT_INK)
    assert said.startswith("Hint: ") and said.endswith("Enter plays it."), said
    lay = table.layout()
    for rect in hint:
        assert rect.collidelist([label.inflate(0, 4) for label in labels]) < 0, (rect, labels)
        assert rect.right <= lay.panel[0] and app.screen.get_rect().contains(rect), rect


@pytest.mark.parametrize("move", [
    "take the multiple 10 build (10\u2665 7\u2660 3\u2666) with 10\u2663",
    "take the 10 build (4\u2665 6\u2663) with 10\u2665"])
def test_a_computers_long_move_is_drawn_whole_in_its_box_at_640x400(
        monkeypatch: pytest.MonkeyPatch, move: str) -> None:
    # Beside the backs of a box 122 px wide the move took six 9-10 px lines, the last cut
    # short ("3\u2666) with 1\u2026"): it gives up the build's cards (in the Moves list) first.
    app = make_app(size=(640, 400), players=4)
    table = table_at(app, "classic", FOUR)
    game = table.session.game
    table.session.game = replace(game, round=replace(game.round, to_move=0, teams=False))
    table.session.log.append(LogEntry(1, f"Computer 2: {move}", 2))
    drawn: list[tuple[str, pygame.Rect, int]] = []
    real = table_view.draw_text

    def spy(surface: pygame.Surface, text: str, size_: int, pos: Any, *a: Any,
            **k: Any) -> pygame.Rect:
        rect = real(surface, text, size_, pos, *a, **k)
        drawn.append((text, rect, size_))
        return rect

    monkeypatch.setattr(table_view, "draw_text", spy)
    app.draw()
    keep_shot(app.screen, "colours35-move-640x400")
    box = pygame.Rect(table.layout().opponents[0])
    lines = [(text, rect, px) for text, rect, px in drawn
             if box.contains(rect) and text in table_view.opponent_move_lines(table, 1)]
    said = " ".join(text for text, _r, _p in lines)
    assert said.startswith("take the") and said.endswith(move[-9:]), said  # "with 10\u2663"
    assert len(lines) <= 5, lines  # not six lines crammed from the name to the box's edge
    for text, rect, px in lines:
        assert px >= TAG_PX and rect.w >= text_width(text, px) - 1, (text, rect, px)
