"""Pass and play through the title's New game: two people at one screen play a whole game at
the main table; a cover hides the table between their turns, only the mover's hand is ever
drawn, undo is off, both get the record, and an unfinished game is saved and resumes."""

from __future__ import annotations

import random

import pygame
import pytest

from casino.engine import Card
from casino.engine.rules import legal_moves
from casino.persistence import load_game
from casino.persistence.records import Records
from casino.ui.scenes import table_view
from casino.ui.scenes.table import CoverScene, TableScene
from casino.ui.scenes.title import ResumeScene, TitleScene, option_rows
from casino.ui.session import PERSON
from tests.ui.driver import centre, click, key, steps
from tests.ui.helpers import make_app
from tests.ui.test_screenshots import save


def start_from_title(app_name: str = "Anna", other: str = "Ben") -> TableScene:
    """Title: seat 2 made a person by clicks, their name typed, Play pressed."""
    app = make_app(player_name=app_name)
    app.stack.push(TitleScene(app))
    steps(app)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    seat_row = next(i for i, o in enumerate(title.options()) if o.key == "level1")
    for _ in range(len(title.options()[seat_row].values)):  # step through the levels
        if app.settings.difficulties[0] == PERSON:
            break
        click(centre(option_rows(title)[seat_row]))
        steps(app)
    assert app.settings.difficulties[0] == PERSON
    for ch in other:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0,
                                             unicode=ch, scancode=0))
    steps(app)
    assert app.settings.seat_names[0] == other
    save(app, "passplay_options")
    key(pygame.K_RETURN)
    steps(app)
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    assert table.session.shared and table.session.people == [0, 1]
    return table


def test_two_people_pass_the_screen_and_both_get_the_record(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = start_from_title()
    app, session = table.app, table.session
    drawn: list[Card] = []
    real = table_view.draw_card

    def spy(surface: pygame.Surface, card: Card | None, *args: object, **kw: object) -> None:
        if card is not None:
            drawn.append(card)
        real(surface, card, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_card", spy)
    rng = random.Random(5)
    covers = changes = 0
    holder: int | None = None  # who clicked the last cover: the only hand that may be seen
    shot = False
    for _ in range(3000):
        steps(app, 1)
        top = app.stack.top
        if isinstance(top, CoverScene):
            assert app.stack.visible() == [top]  # the cover alone is drawn
            mover = session.to_move()
            assert top.name == session.seats[mover].shown
            if not covers:
                save(app, "passplay_cover")
            covers += 1
            changes += holder is not None and holder != mover
            holder = mover
            drawn.clear()  # what was drawn before the cover was the last holder's
            click((10, 10))
            continue
        if type(top).__name__ == "GameOverScene":
            break
        if top is not table:  # the round's summary: public scores only
            drawn.clear()
            key(pygame.K_RETURN)
            continue
        # Every face-up card the table drew is in the hand of the person who has the screen.
        assert holder is not None and table.viewer == holder
        hand = set(session.game.round.hands[holder])
        assert set(drawn) <= hand, "a card of another hand was drawn"
        drawn.clear()
        if session.game.round_over():
            continue
        if table.can_act():
            assert session.to_move() == holder
            table.on_action("undo")
            assert table.message_kind == "error"  # no undo with two people
            if not shot and session.log:
                save(app, "passplay_table")
                shot = True
            table.perform(rng.choice(legal_moves(table.view())))
            app.draw()  # the move as the mover sees it, before the cover
    assert session.game.is_over()
    assert covers >= 40 and changes >= 39  # every change of hands went through the cover
    games = Records.open().value.games()
    assert len(games) == 1
    assert games[0].names == ("Anna", "Ben") and games[0].levels == (None, None)
    fame = {row.name for row in Records.open().value.hall_of_fame()}
    assert {"Anna", "Ben"} <= fame


def test_an_unfinished_pass_and_play_game_is_saved_and_resumes() -> None:
    table = start_from_title()
    app, session = table.app, table.session
    rng = random.Random(2)
    for _ in range(200):
        steps(app, 1)
        if isinstance(app.stack.top, CoverScene):
            click((10, 10))
        elif table.can_act():
            table.perform(rng.choice(legal_moves(table.view())))
        if session.save is not None and session.save.move_count() >= 6:
            break
    moves = session.save.move_count() if session.save else 0
    assert moves >= 6
    loaded = load_game().value
    assert loaded is not None
    save_, game = loaded
    assert [p.name for p in save_.players] == ["Anna", "Ben"]
    assert [p.level for p in save_.players] == [None, None]
    assert game.round == session.game.round

    # A new window: the title offers the game, and it resumes at the cover, then the table.
    again = make_app(player_name="Anna")
    again.show_title()
    steps(again)
    assert isinstance(again.stack.top, ResumeScene)
    key(pygame.K_RETURN)
    steps(again)
    cover = again.stack.top
    assert isinstance(cover, CoverScene)
    assert cover.name == ("Anna", "Ben")[game.round.to_move]
    click((10, 10))
    steps(again)
    resumed = again.stack.top
    assert isinstance(resumed, TableScene) and resumed.session.shared
    assert resumed.viewer == game.round.to_move and resumed.can_act()
    assert resumed.session.game.round == game.round
    assert not resumed.session.can_undo()


def test_one_person_with_computers_is_never_covered() -> None:
    app = make_app(player_name="Anna", players=3)
    app.new_game()
    table = app.stack.top
    assert isinstance(table, TableScene) and not table.session.shared
    rng = random.Random(3)
    for _ in range(300):
        steps(app, 1)
        assert not isinstance(app.stack.top, CoverScene)
        if table.can_act():
            table.perform(rng.choice(legal_moves(table.view())))
    assert table.viewer == 0


def test_no_hand_is_shown_before_its_owner_takes_the_screen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer moves first at a table of two people: until the cover has been clicked
    every hand is drawn face down."""
    from casino.engine import load_ruleset
    from casino.ui.session import Session

    app = make_app(player_name="Anna")
    session = Session.new(load_ruleset("classic"), 3, 8, [PERSON, "greedy"], ("Anna", "Ben"),
                          first_dealer=1, persist=True)
    assert session.to_move() == 2
    app.show_table(session)
    drawn: list[Card] = []
    real = table_view.draw_card

    def spy(surface: pygame.Surface, card: Card | None, *args: object, **kw: object) -> None:
        if card is not None:
            drawn.append(card)
        real(surface, card, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_card", spy)
    for _ in range(200):
        app.draw()
        if isinstance(app.stack.top, CoverScene):
            break
        hands = {c for hand in session.game.round.hands for c in hand}
        assert not set(drawn) & hands
        drawn.clear()
        steps(app, 1)
    assert isinstance(app.stack.top, CoverScene) and session.to_move() != 2



def test_a_person_in_a_seat_is_remembered_at_the_next_launch() -> None:
    """The seat kinds are settings: launching again keeps "another person here" and the
    name (the launcher used to reset any seat that is not a computer level)."""
    from casino.persistence import load_settings, save_settings
    from casino.ui.app import launch, parse_args

    settings = load_settings().value.changed(opponents=2, difficulties=(PERSON, "hard", "hard"),
                                             seat_names=("Ben", "", ""))
    assert save_settings(settings) is None
    app = launch(parse_args([]))
    assert not isinstance(app, int)
    assert app.settings.difficulties[:2] == (PERSON, "hard")
    assert app.settings.seat_names[0] == "Ben"


def test_letters_on_a_computers_seat_row_are_no_shortcuts() -> None:
    """Typing a name on the row of a seat that is still a computer opened Network at the N
    (and other buttons at their letters); now it says how to seat a person there. Off the
    seat rows the shortcuts work as before."""
    from casino.ui.scenes.network import NetworkScene

    app = make_app(player_name="Anna", players=3)
    app.stack.push(TitleScene(app))
    steps(app)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.row = next(i for i, o in enumerate(title.options()) if o.key == "level2")
    for ch in "Nina":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0,
                                             unicode=ch, scancode=0))
        steps(app)
        assert app.stack.top is title, ch
    assert "Seat 3 is a computer" in title.note
    assert app.settings.seat_names[1] in ("", "Ben") and app.settings.difficulties[1] != PERSON
    save(app, "title_letters_on_a_computer_seat")
    key(pygame.K_RIGHT)  # a key that is not a letter: the help line is back
    steps(app)
    assert title.note == ""
    title.row = next(i for i, o in enumerate(title.options()) if o.key == "ruleset")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n",
                                         scancode=0))
    steps(app)
    assert isinstance(app.stack.top, NetworkScene)
