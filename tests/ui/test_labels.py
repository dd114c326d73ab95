"""Labels that fit and say the right thing (issue 16, bug 5)."""

from __future__ import annotations

import pygame
import pytest

from casino.engine import Game, load_ruleset
from casino.tutorial import LESSONS
from casino.ui import assets
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.table_view import last_move, opponent_move_lines
from casino.ui.scenes.tutorial import TutorialScene
from casino.ui.session import LogEntry
from tests.ui.driver import key, steps, until
from tests.ui.helpers import make_app, table_at
from tests.ui.test_screenshots import save


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (800, 600)])
def test_tutorial_titles_stay_inside_their_panel(size: tuple[int, int]) -> None:
    app = make_app(size=size)
    for index in range(len(LESSONS)):
        scene = TutorialScene(app, index)
        app.stack.replace(scene)
        lay = scene.layout()
        _, _, w, _ = scene.lesson_box()
        for line in scene.title_lines():
            assert assets.font(lay.font + 2, True).size(line)[0] <= w - 4 * lay.margin, line
    steps(app)
    save(app, f"tutorial_{size[0]}x{size[1]}")


FOUR = "0;1;5H 9D/5D 2C/KD 3C/QH 4C;5S 5C 7S 2S KS 4D;*/-/-/-;-;0/0/0/0;-;0000;2"


def test_a_long_opponent_move_is_shown_whole_at_1024x640_with_four_players() -> None:
    app = make_app(size=(1024, 640), players=4)
    scene = table_at(app, "classic", FOUR)
    key(pygame.K_1)  # 5H alone: what should it do? take 5S, 5C ... then the computers answer
    steps(app)
    key(pygame.K_3)
    until(app, lambda: all(last_move(scene.session, seat) for seat in (1, 2, 3)))
    for seat in (1, 2, 3):
        last = last_move(scene.session, seat)
        assert last
        assert " ".join(opponent_move_lines(scene, seat)) == last
    save(app, "four_players_1024x640")


def test_a_new_round_clears_the_opponents_last_move() -> None:
    app = make_app()
    scene = table_at(app, "classic", "0;1;3C/-;9H KS;*/-;-;0/0;1;00;6")
    scene.session.log.append(LogEntry(1, "Computer: take 9\u2665 with 9\u2663", 6))
    assert last_move(scene.session, 1) == "take 9\u2665 with 9\u2663"
    key(pygame.K_1)  # the round's last card: the round ends
    for _ in range(20):
        steps(app, 1, 0.05)
    scene.session.next_round()  # as "Next round" does
    assert last_move(scene.session, 1) == ""
    assert not opponent_move_lines(scene, 1)


def test_draw_casino_deals_once() -> None:
    app = make_app(ruleset="draw")
    app.new_game()
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    from casino.engine.state import deals_in_round

    assert deals_in_round(scene.session.ruleset, 2) == 1
    assert Game.start(load_ruleset("draw"), 2, 1).round.deal_number == 1


def test_capture_pile_labels_in_plain_words() -> None:
    from casino.ui.render import capture_label

    assert capture_label(23, 6, 1) == ["23 cards", "6\u2660 \u00b7 1 sweep"]
    assert capture_label(1, 0, None) == ["1 card", "0\u2660"]  # sweeps do not score here


def test_score_sheet_names_seats_as_their_boxes_do() -> None:
    for players in (2, 4):
        app = make_app(players=players, ruleset="classic")
        app.new_game()
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        names = scene.session.short_side_names()
        if scene.session.game.round.partnership:
            assert names == ["Your team", "Their team"]
        else:
            assert names == [seat.name for seat in scene.session.seats]


MUNTER_FULL = "0;1;2H/QS;3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 3D;*/-"


def test_munter_says_when_a_put_goes_to_the_own_pile() -> None:
    app = make_app(animation=True)  # the computer waits while the put is seen
    scene = table_at(app, "munter", MUNTER_FULL)
    key(pygame.K_1)
    steps(app)
    assert scene.session.log[0].text == "You: put 2\u2665"
    assert "No free space on the table" in scene.message
    assert "your own capture pile" in scene.message


def test_casino33_says_stack() -> None:
    import random

    from casino.engine import Build
    from casino.ui.words import move_text

    ruleset = load_ruleset("casino33")
    for seed in range(40):
        game = Game.start(ruleset, 2, seed)
        rng = random.Random(seed)
        while not game.round_over():
            moves = game.legal_moves()
            builds = [m for m in moves if isinstance(m, Build)]
            if builds:
                assert move_text(builds[0], ruleset).startswith("stack")
                return
            game = game.play(rng.choice(moves))
    raise AssertionError("no stack found")


def test_four_seats_score_sheet_heads_are_drawn_whole_at_1024x640(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Four players each alone: 'Computer' did not fit a column and was cut to 'Com…'."""
    from casino.ui.scene import draw_text, text_width
    from casino.ui.scenes import table_view

    app = make_app(size=(1024, 640), players=4, teams=False, ruleset="classic")
    app.new_game()
    steps(app)
    cut: list[str] = []

    def measured(surface: pygame.Surface, text: str, size: int, *args: object,
                 **kw: object) -> pygame.Rect:
        limit = kw.get("max_width")
        if isinstance(limit, int) and text_width(text, size, bool(kw.get("bold"))) > limit:
            cut.append(text)
        return draw_text(surface, text, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_text", measured)
    app.draw()
    save(app, "four_alone_sheet_1024x640")
    assert "Computer" not in cut and "Computer 2" not in cut, cut


@pytest.mark.parametrize(("players", "kinds", "language"), [
    (3, ("greedy", "greedy", "greedy"), "en"),
    (3, ("person", "greedy", "greedy"), "en"),
    (3, ("person", "greedy", "greedy"), "sv"),
    (4, ("person", "greedy", "greedy"), "en"),
])
def test_three_and_four_seat_sheet_heads_are_whole_and_name_the_seats(
        players: int, kinds: tuple[str, ...], language: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """'You | Ben | Computer 3' at 1024x640: 'Computer' was cut to 'Compu…' over a column of
    its own; and a computer is named by its seat ('Computer 3' sits in Seat 3, as the title's
    options and the lobby number the seats)."""
    from casino.ui.scene import draw_text, text_width
    from casino.ui.scenes import table_view
    from casino.ui.session import shown_name

    app = make_app(size=(1024, 640), players=players, teams=False, ruleset="classic",
                   difficulties=kinds, seat_names=("", "Ben", "Cleo"), language=language)
    app.new_game()
    steps(app)
    if not isinstance(app.stack.top, TableScene):  # a person at this screen: the cover
        key(pygame.K_RETURN)
        steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    for index, seat in enumerate(scene.session.seats[1:], 1):
        if seat.policy is not None:
            assert seat.name == f"Computer {index + 1}"
    cut: list[str] = []
    heads: list[str] = []

    def measured(surface: pygame.Surface, text: str, size: int, *args: object,
                 **kw: object) -> pygame.Rect:
        limit = kw.get("max_width")
        if isinstance(limit, int) and text_width(text, size, bool(kw.get("bold"))) > limit:
            cut.append(text)
        heads.append(text)
        return draw_text(surface, text, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_text", measured)
    app.draw()
    save(app, f"sheet_{players}_{'_'.join(kinds)}_{language}_1024x640")
    names = [shown_name(s.name) for s in scene.session.seats]
    words = {w for name in names for w in name.split()}
    assert not any(w in words for text in cut for w in text.split()), cut
