"""What a newcomer could not read at the table (s33 watch, items 7, 8, 9, 12 and 14): the
four-colour deck in text, the Unseen panel at 640x400, the partner's box and build tags,
large indices, the chooser's thumbnails, the small title and the records' words."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from casino.engine import Card
from casino.ui import assets, render, scene
from casino.ui.layout import Box
from casino.ui.scene import DIM, TEXT, text_image, text_width
from casino.ui.scenes import dialogs, options, table_view
from casino.ui.scenes import title as title_module
from casino.ui.scenes.title import TitleScene
from tests.ui.driver import key, steps
from tests.ui.helpers import make_app, shot, table_at


def inked(image: pygame.Surface, ink: tuple[int, int, int]) -> int:
    """How many pixels of ``image`` are (nearly) ``ink``."""
    w, h = image.get_size()
    return sum(1 for x in range(w) for y in range(h)
               if all(abs(a - b) <= 12 for a, b in zip(image.get_at((x, y))[:3], ink,
                                                         strict=True)))


def test_card_chips_in_text_take_the_four_colour_deck() -> None:
    # With the four-colour deck on, the cards were green and blue but their chips in the
    # log, the score sheet, the chooser, the hint and the status stayed black and red:
    # "A\u2663" black beside a green A\u2663.
    app = make_app(four_colour=True)
    green, blue = assets.FOUR_COLOUR["C"], assets.FOUR_COLOUR["D"]
    line = text_image("take A\u2663 with 10\u2666", 18, TEXT, False, None)
    assert inked(line, green) > 20 and inked(line, blue) > 20
    # the one source: the large index of the card is inked the same
    assert assets.suit_ink("C", True) == green
    app.change_settings(four_colour=False)
    plain = text_image("take A\u2663 with 10\u2666", 18, TEXT, False, None)
    assert inked(plain, green) == 0 and inked(plain, blue) == 0
    assert inked(plain, assets.suit_ink("D", False)) > 20


SMALL = "0;1;4S 5H AC KD/QS 3H 7H 6D;JD 9C AD;-/-;*"


@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1280, 800)])
def test_the_unseen_panel_is_readable_at_every_size(monkeypatch: pytest.MonkeyPatch,
                                                    size: tuple[int, int]) -> None:
    # At 640x400 the Unseen panel drew its cards 20 pixels wide: no rank could be read.
    # Where cards would be that small, each suit's ranks are a line of text instead.
    app = make_app(size=size)
    table = table_at(app, "classic", SMALL)
    table.show_unseen = True
    faces: list[Box] = []
    lines: list[tuple[str, int]] = []
    real_card, real_text = render.draw_card, scene.draw_text

    def card_spy(surface: pygame.Surface, card: object, box: Box, *a: Any, **k: Any) -> None:
        if card is not None and pygame.Rect(table_view.unseen_box(table.layout())).contains(
                pygame.Rect(box)):
            faces.append(box)
        real_card(surface, card, box, *a, **k)  # type: ignore[arg-type]

    def text_spy(surface: pygame.Surface, text: str, size_: int, *a: Any,
                 **k: Any) -> pygame.Rect:
        lines.append((text, size_))
        return real_text(surface, text, size_, *a, **k)

    monkeypatch.setattr(table_view, "draw_card", card_spy)
    monkeypatch.setattr(table_view, "draw_text", text_spy)
    shot(app, f"look33-unseen-{size[0]}x{size[1]}")
    unseen = table.view().unseen()
    assert all(box[2] >= 40 for box in faces), faces[:3]  # a rank can be read
    if not faces:  # every suit's ranks in a line big enough to read
        for suit in "SHDC":
            line = " ".join(c.rank_text for c in unseen if c.suit == suit)
            assert any(text == line and z >= 10 for text, z in lines), line
    else:
        assert len(faces) == len(unseen)


TEAMS = ("0;0;4S 5H 6H KD/QS 3H 7H 6D/2C 3C 4C 5C/8S 8H 9H 10H;"
         "JD 9C [b10 7C 3D @2] [b5x2 5D 5S @3] [b9 6S 3S @1] [b8 2H 6C @0];-/-/-/-;*")
"""Four in two teams: the person, the partner (seat 2) and both opponents own a build."""


@pytest.mark.parametrize("size", [(1280, 800), (1000, 700), (800, 600), (640, 400)])
def test_the_partners_box_and_builds_read_as_the_others(monkeypatch: pytest.MonkeyPatch,
                                                        size: tuple[int, int]) -> None:
    # The partner's box title was squeezed to fit "(partner)" into a smaller type than the
    # other two boxes'; its build's tag read "C3: 10", which a newcomer could not read.
    app = make_app(size=size, players=4, teams=True)
    table = table_at(app, "classic", TEAMS)
    assert table.session.game.round.partnership
    heads: list[tuple[str, pygame.Rect]] = []
    tags: list[str] = []
    real_text, real_render = scene.draw_text, render.draw_text

    def head_spy(surface: pygame.Surface, text: str, size_: int, pos: tuple[int, int],
                 *a: Any, **k: Any) -> pygame.Rect:
        rect = real_text(surface, text, size_, pos, *a, **k)
        if any(pygame.Rect(box).collidepoint(pos) and pos[1] < box[1] + 12
               for box in table.layout().opponents):
            heads.append((text, rect))
        return rect

    def tag_spy(surface: pygame.Surface, text: str, *a: Any, **k: Any) -> pygame.Rect:
        tags.append(text)
        return real_render(surface, text, *a, **k)

    monkeypatch.setattr(table_view, "draw_text", head_spy)
    monkeypatch.setattr(render, "draw_text", tag_spy)
    shot(app, f"look33-partner-{size[0]}x{size[1]}")
    assert len(heads) == 3, heads
    assert len({rect.h for _t, rect in heads}) == 1, heads  # one type size, none shrunk
    assert "Computer 3" in heads[1][0] or heads[1][0] == "Partner", heads
    assert not any(t.startswith(("C3", "C2:", "C4:")) for t in tags) or size[0] < 800, tags


    def says(owner: str, value: str) -> bool:  # "You: 8", or "You" on a line over "8"
        return any(t.startswith(f"{owner}: {value}") for t in tags) or (
            owner in tags and any(t.startswith(value) for t in tags))

    assert says("You", "8"), tags  # at every size
    if size[0] >= 1000:
        assert says("Partner", "10"), tags
        assert any(t.startswith("Comp") and "9" in t for t in tags) or says(
            "Computer 2", "9"), tags


@pytest.mark.parametrize("notation", ["4S", "10D", "AH", "QC", "JD"])
@pytest.mark.parametrize("four_colour", [False, True])
def test_a_large_index_stands_alone_in_its_corner(notation: str, four_colour: bool) -> None:
    # With large corner indices each card showed its rank twice: the big index over the
    # face's own small one, drawn smaller under it.
    make_app()
    size = (94, 136)
    image = assets.card_face(Card.parse(notation), size, four_colour, True)
    band, face = assets.large_index_areas(size)
    k = face.w / 338  # the bundled faces are 338 pixels wide; their index is at x 10-48
    corner = pygame.Rect(face.x + round(10 * k), face.y + round(10 * k), round(38 * k),
                         round(108 * k))
    dark = [(x, y) for x in range(corner.left, corner.right)
            for y in range(corner.top, corner.bottom)
            if sum(image.get_at((x, y))[:3]) < 450]
    assert len(dark) <= 2, (notation, len(dark))
    # the large index itself is there
    assert any(sum(image.get_at((x, y))[:3]) < 450 for x in range(band.w // 2)
               for y in range(band.h))


def test_the_choosers_pictures_show_what_differs() -> None:
    # "take the 8 build" and "build multiple 8" showed the same pictures: 8\u2663 \u2192 the
    # 5\u2665 3\u2666 build. A build shows the card laid on what it builds.
    app = make_app()
    table_at(app, "classic", "0;1;8C 8H 2S/KS;[b8 5H 3D @0] JD;-/-;*")
    key(pygame.K_1)
    steps(app)
    choice = app.stack.top
    assert isinstance(choice, dialogs.ChoiceScene)
    kinds = [type(move).__name__ for move in choice.moves]
    assert sorted(kinds) == ["Build", "Capture"], kinds
    images = []
    for move in choice.moves:
        image = pygame.Surface((300, 60))
        dialogs.draw_move_pictures(image, move, (0, 0, 0, 60), app.settings)
        images.append(pygame.image.tobytes(image, "RGB"))
    assert images[0] != images[1]
    shot(app, "look33-chooser")


@pytest.mark.parametrize("row", [0, 1])
@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("size", [(640, 400), (800, 600), (1280, 800)])
def test_the_small_title_keeps_its_rows_type_and_its_help_clear(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str,
        row: int) -> None:
    # At 640x400 "Daily deal (today's cards)" was squeezed into a smaller type than the
    # labels above it, and the keys' help line ran from frame to frame and touched the
    # buttons over it.
    app = make_app(size=size, language=language)
    app.show_title()
    steps(app)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.row = row  # the name's row has the longest help
    labels: list[tuple[str, int, int | None]] = []
    helps: list[pygame.Rect] = []
    real = scene.draw_text

    def label_spy(surface: pygame.Surface, text: str, size_: int, *a: Any,
                  **k: Any) -> pygame.Rect:
        if k.get("max_width") is not None and a[1:2] == (DIM,):
            labels.append((text, size_, k.get("max_width")))
        return real(surface, text, size_, *a, **k)

    def help_spy(surface: pygame.Surface, text: str, size_: int, *a: Any,
                 **k: Any) -> pygame.Rect:
        rect = real(surface, text, size_, *a, **k)
        if a[1:2] == (DIM,):
            helps.append(rect)
        return rect

    monkeypatch.setattr(options, "draw_text", label_spy)
    monkeypatch.setattr(title_module, "draw_text", help_spy)
    shot(app, f"look33-title-{language}-{size[0]}x{size[1]}-row{row}")
    assert len(labels) == len(title.options()), labels
    for text, size_, room in labels:
        assert room is not None and text_width(text, size_) <= room, (text, room)
    more, play = title.more[0].box, title.buttons[0].box
    box = pygame.Rect(title.layout().box)
    lines = [r for r in helps if r.top > more[1]]  # under the description: the key help
    assert 1 <= len(lines) <= 2, lines
    for rect in lines:
        assert rect.top >= more[1] + more[3] + 2, (rect, more)
        assert rect.bottom <= play[1] - 2, (rect, play)
        assert rect.left >= box.left + 12 and rect.right <= box.right - 12, (rect, box)


def test_the_records_say_what_they_count() -> None:
    # An empty Hall of Fame offered "Clear scores"; its footnote "losers also lose the
    # winner's" did not parse; Statistics did not say that only finished games count (three
    # games put aside had vanished without a word).
    from casino.persistence import Records
    from casino.ui.scenes.records import HallOfFameScene, StatisticsScene
    from tests.persistence.conftest import play

    app = make_app()
    fame = HallOfFameScene(app)
    app.stack.push(fame)
    steps(app)
    shot(app, "look33-fame-empty")
    clear = fame.buttons[0]
    assert clear.action == "clear" and not clear.enabled
    fame.focus = 0  # Tab onto it and Enter: nothing to confirm
    key(pygame.K_RETURN)
    steps(app)
    assert app.stack.top is fame
    fame.close()

    game, save = play()
    records, _said = Records.open()
    records.add_game(game, save.players, save.moves())
    fame = HallOfFameScene(app)
    app.stack.push(fame)
    steps(app)
    assert fame.buttons[0].enabled
    shot(app, "look33-fame")
    # the footnote says what the book computed: the winner their points, the other
    # player theirs minus the winner's
    winner = game.winner()
    assert winner is not None
    points = {row.name: row.points for row in fame.fame}
    assert points["Ann"] == (game.totals[0] if winner == 0 else game.totals[0] - game.totals[1])
    assert points["Computer 1"] == (game.totals[1] if winner == 1
                                    else game.totals[1] - game.totals[0])
    assert "minus the winner's" in fame.help_text()
    fame.close()

    stats = StatisticsScene(app)
    app.stack.push(stats)
    steps(app)
    for tab in ("rules", "level", "daily"):
        stats.tab = tab
        assert "Only finished games are counted" in stats.help_text(), tab
    shot(app, "look33-statistics")
