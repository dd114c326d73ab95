"""Whole games through the window, driven only by posted mouse and keyboard events."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from casino.engine import Build, Capture, legal_moves, load_ruleset
from casino.engine.ruleset import bundled_names
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import TitleScene, option_rows
from tests.ui.driver import centre, click, click_move, key, settled, steps, top_name
from tests.ui.helpers import make_app, table_at


def choose_on_title(app: object, key_name: str, wanted: str) -> None:
    """Click the option row until it shows ``wanted`` (as a person would)."""
    scene = app.stack.top  # type: ignore[attr-defined]
    assert isinstance(scene, TitleScene)
    index = [o.key for o in scene.options()].index(key_name)
    for _ in range(20):
        value = scene.current(scene.options()[index])
        if value == wanted:
            return
        click(centre(option_rows(scene)[index]))
        steps(app)  # type: ignore[arg-type]
    raise AssertionError(f"could not set {key_name} to {wanted}")


def play_to_game_over(app: object, rng: random.Random, max_moves: int = 2000,
                      dt: float = 0.05) -> int:
    """Play the person's seat with legal clicks until game over. Bounded by wall-clock time,
    not by frames: a computer player thinking in another process takes real time, which a
    busy machine stretches."""
    moves = 0
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        name = top_name(app)  # type: ignore[arg-type]
        if name == "GameOverScene":
            settled(app)  # type: ignore[arg-type]  # the result is seen before a key
            return moves
        if name == "SummaryScene":
            key(pygame.K_RETURN)
        elif name == "TableScene":
            scene = app.stack.top  # type: ignore[attr-defined]
            if scene.can_act():
                view = scene.session.view()
                options = legal_moves(view)
                preferred = [m for m in options if isinstance(m, Capture | Build)]
                move = rng.choice(preferred or options)
                click_move(app, move, use_keys=rng.random() < 0.4)  # type: ignore[arg-type]
                moves += 1
                assert moves < max_moves
            else:
                time.sleep(0.0005)  # a computer seat is thinking
        steps(app, 2, dt)  # type: ignore[arg-type]
    raise AssertionError("the game did not end")


# Four rulesets of different families by default; every bundled one under ``slow``.
EVERY_DAY = ("classic", "munter", "kasino", "casino33")


@pytest.mark.parametrize("ruleset", [
    name if name in EVERY_DAY else pytest.param(name, marks=pytest.mark.slow)
    for name in bundled_names()
])
def test_title_to_game_over_and_play_again(ruleset: str) -> None:
    app = make_app()
    app.stack.push(TitleScene(app))
    steps(app)
    choose_on_title(app, "ruleset", ruleset)
    choose_on_title(app, "level1", "greedy")
    key(pygame.K_RETURN)
    steps(app)
    assert top_name(app) == "TableScene"
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.session.ruleset.name == ruleset
    moves = play_to_game_over(app, random.Random(ruleset))
    assert moves > 20
    game = app.stack.top.session.game  # type: ignore[union-attr]
    assert game.is_over()
    key(pygame.K_RETURN)  # play again
    steps(app)
    assert top_name(app) == "TableScene"
    again = app.stack.top
    assert isinstance(again, TableScene) and again.session.game.scores == ()


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players(players: int) -> None:
    ruleset = next(n for n in bundled_names() if players in load_ruleset(n).players)
    app = make_app(ruleset=ruleset, players=players)
    app.new_game()
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.session.players == players
    play_to_game_over(app, random.Random(players))


def test_animated_game_with_sound_and_ai_process_runs_to_game_over() -> None:
    app = make_app(animation=True, sound=True, speed=1, ai_process=True)
    app.new_game()
    play_to_game_over(app, random.Random(5), dt=0.1)
    played = app.sounds.played  # the last 20 effects, newest last
    assert played[-1] in ("won", "lost"), played  # the game-over screen sounded the result
    assert {"capture", "sweep"} & set(played), played  # the moves before it sounded too


POSITION = "0;1;4S 8H 2C 3C/5D 6D 7D 9D;4H KS;-/-;*"


def test_ambiguous_click_opens_the_choice_window_and_a_choice_plays() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    click(centre(scene.item_boxes()[0]))  # select 4H
    steps(app)
    key(pygame.K_1)  # play 4S onto it: take it, or build 8?
    steps(app)
    assert top_name(app) == "ChoiceScene"
    options = app.stack.top.options  # type: ignore[union-attr]
    assert len(options) == 2
    build = next(i for i, text in enumerate(options) if text.startswith("build"))
    key(pygame.K_1 + build)
    steps(app)
    assert top_name(app) == "TableScene"
    table = scene.session.game.round.table
    assert any(getattr(item, "value", None) == 8 for item in table)


def test_choice_window_cancel_changes_nothing() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    before = scene.session.game
    click(centre(scene.item_boxes()[0]))
    steps(app)
    key(pygame.K_1)
    steps(app)
    key(pygame.K_ESCAPE)
    steps(app)
    assert top_name(app) == "TableScene" and scene.session.game is before


def test_illegal_click_says_why_and_changes_nothing() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    before = scene.session.game
    click(centre(scene.item_boxes()[0]))  # 4H
    steps(app)
    key(pygame.K_3)  # 2C cannot take 4H
    steps(app)
    assert scene.session.game is before
    assert scene.message_kind == "error" and "2\u2663 cannot take 4\u2665" in scene.message


def test_hand_card_alone_trails_and_drag_captures() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    hand = scene.hand_card_boxes()
    target = centre(scene.item_boxes()[0])
    start = (hand[0][0] + 5, hand[0][1] + 20)  # 4S
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        pos = (start[0] + (target[0] - start[0]) * k // 5,
               start[1] + (target[1] - start[1]) * k // 5)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    steps(app)
    assert top_name(app) == "ChoiceScene"  # 4S on 4H: take or build 8
    key(pygame.K_ESCAPE)
    steps(app)
    key(pygame.K_3)  # 2C alone: trail
    steps(app)
    assert "You: trail 2\u2663" in [entry.text for entry in scene.session.log]


@pytest.mark.parametrize("ai_process", [False, True])
def test_hint_highlights_a_legal_move(ai_process: bool) -> None:
    app = make_app(ai_process=ai_process)
    scene = table_at(app, "classic", POSITION)
    key(pygame.K_h)
    for _ in range(1000):  # the hint is worked out off the UI thread: give it up to 10 s
        steps(app)
        if scene.hint is not None:
            break
        time.sleep(0.01)
    assert scene.hint is not None
    move, reason = scene.hint
    assert move in legal_moves(scene.session.view())
    # A plain take says no more than its move: the line once read "take 4♥ with 4♠ — takes 4♥".
    assert reason is None
    assert scene.message == "Hint: take 4\u2665 with 4\u2660. Enter plays it."


def wait_for_hint(app: object, scene: TableScene) -> None:
    key(pygame.K_h)
    for _ in range(1000):  # worked out off the UI thread: up to 10 s
        steps(app)  # type: ignore[arg-type]
        if scene.hint is not None:
            return
        time.sleep(0.01)
    raise AssertionError("no hint came")


@pytest.mark.parametrize("how", ["escape", "right click"])
def test_escape_or_right_click_puts_a_shown_hint_away(how: str) -> None:
    """A shown hint marks cards as a selection does, so what clears a selection clears it;
    Esc opened the menu over the marks instead, and Enter still played the hint after a
    right click had said "Selection cleared"."""
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    wait_for_hint(app, scene)
    if how == "escape":
        key(pygame.K_ESCAPE)
    else:
        click((5, 5), button=3)
    steps(app)
    assert scene.hint is None and top_name(app) == "TableScene"
    before = scene.session.game
    key(pygame.K_RETURN)  # nothing hinted or staged: Enter plays nothing
    steps(app)
    assert scene.session.game is before
    key(pygame.K_ESCAPE)  # with nothing left to clear, Esc opens the menu
    steps(app)
    assert top_name(app) == "MenuScene"


def test_end_turn_staging_commits_on_enter_and_takes_back_on_escape() -> None:
    app = make_app(end_turn_staging=True)
    scene = table_at(app, "classic", POSITION)
    before = scene.session.game
    key(pygame.K_3)  # stage: trail 2C
    steps(app)
    assert scene.staged is not None and scene.session.game is before
    key(pygame.K_ESCAPE)
    steps(app)
    assert scene.staged is None
    key(pygame.K_3)
    steps(app)
    key(pygame.K_RETURN)
    steps(app)
    assert "You: trail 2\u2663" in [entry.text for entry in scene.session.log]


def test_menu_and_unseen_panel_by_keyboard() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    key(pygame.K_u)
    steps(app)
    assert scene.show_unseen
    key(pygame.K_ESCAPE)  # the panel lies over the table: Esc puts it away first
    steps(app)
    assert not scene.show_unseen and top_name(app) == "TableScene"
    key(pygame.K_ESCAPE)
    steps(app)
    assert top_name(app) == "MenuScene"
    key(pygame.K_ESCAPE)
    steps(app)
    assert top_name(app) == "TableScene"


def test_resize_keeps_playing() -> None:
    app = make_app(size=(900, 600))
    app.new_game()
    steps(app, 3)
    play_to_game_over(app, random.Random(9))


def test_window_resize_relays_the_table() -> None:
    app = make_app()
    scene = table_at(app, "classic", POSITION)
    wide = scene.layout().card
    pygame.display.set_mode((800, 560), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    steps(app)
    assert app.screen.get_size() == (800, 560)
    assert scene.layout().card[1] < wide[1]
    key(pygame.K_3)  # still playable: trail 2C
    steps(app)
    assert "You: trail 2\u2663" in [entry.text for entry in scene.session.log]


def test_typed_name_is_used_at_the_table() -> None:
    app = make_app()
    app.stack.push(TitleScene(app))
    steps(app)
    key(pygame.K_UP)  # to the name row
    for _ in range(3):
        key(pygame.K_BACKSPACE)
    for letter in "Ann":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(letter.lower()), mod=0,
                                             unicode=letter, scancode=0))
    steps(app)
    assert app.settings.player_name == "Ann"
    key(pygame.K_RETURN)
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.session.seats[0].name == "Ann"
