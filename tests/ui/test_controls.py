"""What a newcomer met playing by every control (s31): a settings file naming a computer
level this version lacks."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pygame
import pytest

from casino.engine import Card
from casino.persistence import load_settings
from casino.persistence.settings import FILE_NAME
from casino.ui import render
from casino.ui.scenes.dialogs import NoticeScene
from casino.ui.scenes.table import TableScene
from tests.ui.driver import centre, click, key, steps
from tests.ui.helpers import make_app, shot, table_at
from tests.ui.test_newcomer31 import drawn_texts


def settings_with_levels(home: Path, levels: list[str]) -> None:
    """A settings file with two opponents at ``levels`` (three are always stored)."""
    quoted = ", ".join(f'"{level}"' for level in levels)
    (home / FILE_NAME).write_text(f"opponents = 2\nsound = false\ndifficulties = [{quoted}]\n",
                                  encoding="utf-8")


def test_a_settings_level_this_version_lacks_is_said_once_and_medium_played(
        casino_home: Path) -> None:
    """It became Medium at launch without a word, and the file kept the missing level."""
    from casino.ui.app import launch, parse_args

    settings_with_levels(casino_home, ["grandmaster", "hard", "heuristic"])
    app = launch(parse_args(["--size", "800x600"]))
    assert not isinstance(app, int)
    steps(app)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    assert "Seat 2 plays at Medium: this version has no level 'grandmaster'" in notice.messages
    assert len(notice.messages) == 1  # the known levels are not mentioned
    shot(app, "settings_unknown_level_800")
    assert app.settings.difficulties == ("heuristic", "hard", "heuristic")
    assert load_settings(casino_home).value.difficulties == ("heuristic", "hard", "heuristic")
    again = launch(parse_args(["--size", "800x600"]))
    assert not isinstance(again, int)
    steps(again)
    assert not isinstance(again.stack.top, NoticeScene)  # said once


def test_a_level_chosen_on_the_command_line_leaves_the_file_and_says_nothing(
        casino_home: Path) -> None:
    from casino.ui.app import launch, parse_args

    settings_with_levels(casino_home, ["grandmaster", "hard", "heuristic"])
    app = launch(parse_args(["--ruleset", "classic", "--level", "hard"]))
    assert not isinstance(app, int)
    assert app.settings.difficulties == ("hard", "hard", "hard") and not app.notices
    assert load_settings(casino_home).value.difficulties[0] == "grandmaster"


def test_the_settings_unknown_level_is_said_in_swedish(casino_home: Path) -> None:
    from casino.ui.app import launch, parse_args

    settings_with_levels(casino_home, ["heuristic", "grandmaster", "hard"])
    with (casino_home / FILE_NAME).open("a", encoding="utf-8") as file:
        file.write('language = "sv"\n')
    app = launch(parse_args([]))
    assert not isinstance(app, int)
    steps(app)
    assert isinstance(app.stack.top, NoticeScene)
    assert app.stack.top.messages == [
        "Plats 3 spelar på nivån Medel: den här versionen har ingen nivå 'grandmaster'"]


def pile_counts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """Every line the capture piles' counts draw from now on, with where it landed."""
    return drawn_texts(monkeypatch, render)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
@pytest.mark.parametrize("position", [
    "0;1;4S 5H/QS 3H;JD 9C;*/-;-;0/2",  # two, the computer with two sweeps
    "0;1;4S/QS/3H/5H;JD 9C;*/-/-/-;-;0/1/0/3",  # four
])
def test_an_opponents_pile_counts_stay_inside_its_box(monkeypatch: pytest.MonkeyPatch,
                                                      size: tuple[int, int],
                                                      position: str) -> None:
    # Every game: the computer's "0\u2660" hung under its box and its "0 cards" lay on the
    # frame that lights up on its turn.
    app = make_app(size=size)
    table = table_at(app, "classic-sweeps", position)
    drawn = pile_counts(monkeypatch)
    shot(app, f"opponent-pile-{size[0]}-{position.split(';')[2].count('/') + 1}p")
    lay = table.layout()
    for seat in table.others():
        box = pygame.Rect(lay.opponents[table.place(seat) - 1])
        pile = pygame.Rect(table.pile_box(seat))
        counts = [(t, r) for t, r in drawn if r.colliderect(pile.inflate(lay.margin * 4, 200))
                  and r.top >= pile.bottom]
        assert len(counts) == 2 and any("\u2660" in t for t, _r in counts), counts
        for text, rect in counts:
            assert box.inflate(-4, -4).contains(rect), (text, rect, box)


@pytest.mark.parametrize("how", ["click", "keys"])
def test_selecting_a_table_card_says_what_comes_next_after_a_computers_move(
        monkeypatch: pytest.MonkeyPatch, how: str) -> None:
    # Four at 800x600: after the computers had played, a click on the 5\u2665 they trailed
    # left the status line on "Computer 4: trail 5\u2665"; the selection's only sign was its
    # frame turning from the orange of a card just played to a near yellow.
    app = make_app(size=(800, 600))
    table = table_at(app, "classic", "0;1;QS 8H/AC/2C/3C;TH 9S 5H;*/-/-/-;-")
    table.say("Computer 4: trail 5H")  # as the table says a computer's move
    if how == "click":
        click(centre(table.card_positions(table.session.game)[Card.parse("5H")]))
    else:
        for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_SPACE):
            key(k)
    steps(app)
    assert [str(item) for item in table.selection] == ["5H"]
    drawn = drawn_texts(monkeypatch)
    shot(app, f"selected-after-move-{how}")
    assert any(text.startswith("Now click a hand card") for text, _r in drawn), drawn
    assert not any(text.startswith("Computer 4: trail") for text, _r in drawn)


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
@pytest.mark.parametrize(("ruleset", "players"), [("classic", 3), ("kasino", 4)])
def test_the_table_says_it_is_the_daily_deal(monkeypatch: pytest.MonkeyPatch,
                                            size: tuple[int, int], ruleset: str,
                                            players: int) -> None:
    # With the daily deal switched on, nothing on the table said these were today's cards.
    # Kasino with four each alone has the sheet's most rows and columns.
    app = make_app(size=size, daily_deal=True, players=players, ruleset=ruleset,
                   teams=False)
    app.new_game()
    steps(app)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.save is not None
    drawn = drawn_texts(monkeypatch)
    shot(app, f"daily-deal-{ruleset}-{size[0]}")
    said = [(t, r) for t, r in drawn if t.startswith("The daily deal of")]
    assert [t for t, _r in said] == [f"The daily deal of {date.today().isoformat()}"]
    lay = table.layout()
    rect = said[0][1]  # in the sheet's column, clear of the move log under it
    assert rect.left >= lay.sheet[0] and rect.right <= lay.sheet[0] + lay.sheet[2], said
    assert rect.bottom <= lay.log[1], (said, lay.log)


def test_an_ordinary_deal_says_nothing_of_the_daily_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    app.new_game()
    steps(app)
    drawn = drawn_texts(monkeypatch)
    app.draw()
    assert drawn and not any(t.startswith("The daily deal") for t, _r in drawn)
