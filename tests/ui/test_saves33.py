"""s33: a saved game is never set aside without the person's say, and the result is seen.

A newcomer's Draw, Royal and Spade games were each set aside in turn by Menu, New game then
Play (and by the tutorial's Leave), told only by a red file path; an Enter pressed in the
rhythm of hint-and-play went through "You win" unseen; the resume dialog called a partner an
opponent and kept quiet when the computer was to move.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest

from casino.engine import legal_moves
from casino.persistence.saves import FILE_NAME
from casino.ui.app import App
from casino.ui.scenes.dialogs import (
    SETTLE_SECONDS,
    ConfirmScene,
    GameOverScene,
    MenuScene,
    SummaryScene,
)
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import ResumeScene, TitleScene
from casino.ui.scenes.tutorial import TutorialScene
from casino.ui.session import HUMAN
from tests.ui.driver import centre, click, key, settled, steps, top_name
from tests.ui.helpers import finished_game, make_app, shot


def game_in_progress(app: App, moves: int = 3) -> TableScene:
    """A new game with ``moves`` played and saved, the person to move."""
    app.new_game()
    table = app.stack.top
    assert isinstance(table, TableScene)
    session = table.session
    rng = random.Random(3)
    for _ in range(moves):
        session.play(rng.choice(legal_moves(session.game.round)))
    while session.to_move() != HUMAN:
        session.play(rng.choice(legal_moves(session.game.round)))
    return table


def put_aside(home: Path) -> list[Path]:
    return sorted(home.glob(f"{FILE_NAME}.unfinished-*"))


def test_menu_new_game_says_the_game_stays_saved_and_the_title_offers_it_back(
        casino_home: Path) -> None:
    app = make_app()
    table = game_in_progress(app)
    moves = table.session.save.move_count()  # type: ignore[union-attr]
    app.stack.push(MenuScene(app, table))
    steps(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    [new] = [b for b in menu.buttons if b.action == "new"]
    click(centre(new.box))
    steps(app)
    ask = app.stack.top  # it went to the title at once, and Play there set the game aside
    assert isinstance(ask, ConfirmScene), top_name(app)
    assert "Your Classic Casino game stays saved" in ask.question
    shot(app, "s33-menu-new-game")
    click(centre(ask.buttons[0].box))  # To the title
    steps(app)
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.saved is not None
    assert title.saved[0].move_count() == moves
    key(pygame.K_RETURN)  # Play
    steps(app)
    replace = app.stack.top
    assert isinstance(replace, ConfirmScene)
    assert [b.label for b in replace.buttons] == ["Resume it", "New game", "Cancel"]
    shot(app, "s33-replace-saved-game")
    key(pygame.K_r)
    steps(app)
    again = app.stack.top
    assert isinstance(again, TableScene) and again.session.save is not None
    assert again.session.save.move_count() == moves
    assert put_aside(casino_home) == []


def test_cancel_in_the_menu_question_goes_back_to_the_menu() -> None:
    app = make_app()
    table = game_in_progress(app)
    menu = MenuScene(app, table)
    app.stack.push(menu)
    steps(app)
    menu.on_action("new", None)
    steps(app)
    key(pygame.K_ESCAPE)
    steps(app)
    assert isinstance(app.stack.top, MenuScene)
    assert app.stack.below(app.stack.top) is table


def test_leaving_the_tutorial_the_title_knows_the_saved_game(casino_home: Path) -> None:
    app = make_app()
    game_in_progress(app)
    app.stack.replace(TutorialScene(app))
    steps(app)
    key(pygame.K_ESCAPE)  # the tutorial's menu key leaves it
    steps(app)
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.saved is not None
    key(pygame.K_RETURN)  # Play asks; it started a new game over the saved one
    steps(app)
    assert isinstance(app.stack.top, ConfirmScene), top_name(app)
    assert put_aside(casino_home) == []


def test_a_game_put_aside_is_said_in_words_and_comes_back_at_the_title(
        casino_home: Path) -> None:
    app = make_app()
    game_in_progress(app)  # Classic, then a Kasino game started over it from the code
    session = finished_game(app)
    [said] = [n for n in session.notices if "put aside" in n]
    assert said.startswith("Your Classic Casino game in progress, started ")
    assert "/" not in said and FILE_NAME not in said  # a sentence, not a file path
    assert len(put_aside(casino_home)) == 1
    app.stack.replace(GameOverScene(app, session))
    steps(app)
    settled(app)
    key(pygame.K_ESCAPE)  # Title
    steps(app, 3)  # the key, its button's action, a notice if there were one
    title, offer = app.stack.scenes  # it came back only at the next launch
    assert isinstance(title, TitleScene) and title.saved is not None
    assert title.saved[1].ruleset.name == "classic" and put_aside(casino_home) == []
    assert isinstance(offer, ResumeScene)
    assert "It was put aside for a new game; that one is over, so it is back." in \
        offer.describe()
    shot(app, "s33-game-back")
    key(pygame.K_RETURN)
    steps(app)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.ruleset.name == "classic"


def run_until_settled(app: App, result: GameOverScene | SummaryScene) -> None:
    """Run the real loop until ``result`` has counted ``SETTLE_SECONDS`` of frames: a fixed
    0.6 s more of the clock fell short where a loaded machine's frames stalled (each counts a
    tenth of a second at most)."""
    deadline = time.monotonic() + 30
    while result.settle.age < SETTLE_SECONDS:
        assert time.monotonic() < deadline, "the result never settled"
        app.run(max_seconds=0.1)


def test_enter_at_once_does_not_skip_the_result_in_the_real_loop() -> None:
    """Through ``App.run``: an Enter in the first moments of the result is dropped, one after
    it plays again."""
    app = make_app()
    session = finished_game(app)
    result = GameOverScene(app, session)
    app.stack.replace(result)
    key(pygame.K_RETURN)  # pressed for the last move, in its rhythm
    app.run(max_seconds=0.3)
    assert top_name(app) == "GameOverScene"
    run_until_settled(app, result)
    key(pygame.K_RETURN)
    app.run(max_seconds=0.2)
    assert top_name(app) == "TableScene"


def test_enter_at_once_does_not_skip_the_round_sheet_in_the_real_loop() -> None:
    app = make_app()
    session = finished_game(app)
    closed: list[bool] = []
    sheet = SummaryScene(app, session, lambda: closed.append(True))
    app.stack.replace(sheet)
    key(pygame.K_RETURN)
    app.run(max_seconds=0.3)
    assert closed == [] and top_name(app) == "SummaryScene"
    run_until_settled(app, sheet)
    key(pygame.K_RETURN)
    app.run(max_seconds=0.2)
    assert closed == [True]


def test_the_menu_key_help_says_enter_plays_the_hint() -> None:
    app = make_app()
    table = game_in_progress(app, 0)
    menu = MenuScene(app, table)
    _size, lines = menu.help_lines()
    assert "H hint, then Enter plays it" in " ".join(lines)


def test_the_resume_dialog_names_the_partner_and_the_teams_score() -> None:
    app = make_app(players=4, teams=True)
    game_in_progress(app)
    app.show_title()
    steps(app)
    dialog = app.stack.top
    assert isinstance(dialog, ResumeScene)
    lines = dialog.describe()
    assert lines[0].startswith("Classic Casino with Computer 3 (partner, "), lines
    assert " against Computer 2 (" in lines[0] and ") and Computer 4 (" in lines[0], lines
    ours = dialog.game.totals[0]
    theirs = dialog.game.totals[1]
    assert f"your team {ours} \u2013 their team {theirs}" in lines[1], lines
    shot(app, "s33-resume-partners")


@pytest.mark.parametrize(("players", "said"), [
    (2, "It is the computer's turn: it plays when you resume."),
    (3, "It is the computer's turn (Computer 2): it plays when you resume.")])
def test_the_resume_dialog_says_when_the_computer_is_to_move(players: int, said: str) -> None:
    """The window was killed while the computer thought on its reply."""
    app = make_app(players=players)
    table = game_in_progress(app)
    session = table.session
    session.play(legal_moves(session.game.round)[0])  # mine; the computer's reply is pending
    assert session.to_move() != HUMAN
    app.show_title()
    steps(app)
    dialog = app.stack.top
    assert isinstance(dialog, ResumeScene)
    assert said in dialog.describe()


def test_a_game_put_aside_is_news_at_the_table_and_a_broken_file_a_problem() -> None:
    """s33 watch2: the notice that the other game was put aside showed in the error red."""
    from casino.engine.wording import Said
    from casino.persistence.saves import PUT_ASIDE

    app = make_app()
    table = game_in_progress(app, moves=1)
    table.session.notices.append(Said(PUT_ASIDE, title="Classic Casino", started="today"))
    steps(app)
    assert "was put aside" in table.message and table.message_kind == "info"
    table.session.notices.append(Said("{path}: a damaged file was kept as {backup}",
                                      path="x.json", backup="y.json"))
    steps(app)
    assert table.message_kind == "error"


def test_the_menu_at_a_network_table_offers_no_dead_undo() -> None:
    """s33 watch2: a greyed "Undo my last move" sat in the network table's menu, looking
    live; there is no undo at a network table."""
    from casino.ui.scenes.dialogs import MenuScene

    app = make_app()
    table = game_in_progress(app, moves=1)
    assert "undo" in [b.action for b in MenuScene(app, table).buttons]
    table.session.remote_table = lambda: True  # type: ignore[method-assign]
    actions = [b.action for b in MenuScene(app, table).buttons]
    assert "undo" not in actions and "leave" in actions
