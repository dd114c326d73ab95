"""Following the computer's move: its card leaves its hand, what it takes is marked before
the cards move (longer at slower speeds), and what it changed stays marked until you act."""

from __future__ import annotations

import pygame

from casino.engine import Card
from casino.ui.settings import flight_seconds, highlight_seconds
from tests.ui.driver import steps
from tests.ui.helpers import make_app, table_at

# the computer (greedy) is to play and takes 5S and 5C with its 5D
TAKES = "1;0;9H 8H/5D 2D;5S 5C KH 7C;*/-;AH 2H;0/0;0;00;1"
# the computer holds only a 2, which takes nothing here: it trails it
TRAILS = "1;0;9H 8H/2D;5S KH 7C;*/-;AH 2H;0/0;0;00;1"


def computer_moves(scene: object, app: object) -> None:
    for _ in range(200):
        steps(app, 1, 0.02)  # type: ignore[arg-type]
        if scene.session.log:  # type: ignore[attr-defined]
            return


def test_a_computer_capture_is_marked_before_the_cards_move() -> None:
    for speed in (1, 9):
        app = make_app(animation=True, speed=speed)
        scene = table_at(app, "classic", TAKES)
        computer_moves(scene, app)
        d, hold = flight_seconds(app.settings), highlight_seconds(app.settings)
        taken = {Card.parse("5S"), Card.parse("5C")}
        glows = scene.animator.glows
        assert len(glows) == 2 and all(g.duration >= d + hold - 1e-9 for g in glows)
        first = min((f for f in scene.animator.flights if f.card == Card.parse("5D")),
                    key=lambda f: f.delay)
        assert first.start[1] < scene.layout().table[1], "its card comes from its hand"
        to_pile = [f for f in scene.animator.flights if f.card in taken]
        assert all(f.delay >= first.delay + d + hold - 1e-9 for f in to_pile)
        assert scene.changed_pile == 1
    assert highlight_seconds(app.settings) > highlight_seconds(app.settings.changed(speed=1))


def test_what_the_computer_put_stays_marked_until_you_act() -> None:
    app = make_app(animation=True, speed=1)
    scene = table_at(app, "classic", TRAILS)
    computer_moves(scene, app)
    assert Card.parse("2D") in scene.changed
    for _ in range(100):
        steps(app, 1, 0.05)
    assert scene.can_act() and Card.parse("2D") in scene.changed
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0, unicode="2",
                                         scancode=0))  # trail 8H
    steps(app)
    assert not scene.changed


def test_the_first_computer_move_of_a_deal_waits_for_the_deal_to_be_seen() -> None:
    app = make_app(animation=True, speed=5, first_dealer="me")  # the computer plays first
    app.new_game()
    scene = app.stack.top
    assert scene.session.to_move() == 1  # type: ignore[union-attr]
    assert scene.wait < 0  # type: ignore[union-attr]


# four players as two teams: the partner (seat 2) and then an opponent (seat 3) trail
PARTNER_TRAILS = "2;1;9H 8H/6C/2D/4S;5S KH 7C;*/-/-/-;AH 2H;0/0/0/0;0;0000;1"


def test_what_another_seat_put_is_marked_in_that_seats_colour() -> None:
    """A partner's trail was framed in the one "changed" orange, the opponents' colour."""
    from casino.ui.render import seat_colour

    app = make_app(animation=True, speed=1)
    scene = table_at(app, "classic", PARTNER_TRAILS)
    for _ in range(400):
        steps(app, 1, 0.05)
        if scene.can_act():
            break
    assert scene.can_act()
    two, four = Card.parse("2D"), Card.parse("4S")
    assert scene.changed == {two: 2, four: 3}
    ours, theirs = seat_colour(0, True), seat_colour(1, True)
    app.draw()
    table = scene.session.game.round.table
    for card, colour, other in ((two, ours, theirs), (four, theirs, ours)):
        area = app.screen.subsurface(scene.grid().slots[table.index(card)])
        drawn = [int(pygame.mask.from_threshold(area, c, (1, 1, 1, 255)).count())
                 for c in (colour, other)]
        assert drawn[0] > 20 and drawn[1] == 0, (card, drawn)
