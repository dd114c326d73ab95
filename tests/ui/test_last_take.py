"""The end of a round as a person sees it (issue 16, bug 3): the last trail lands, the last
take is announced and logged, and the rest of the table goes face up to the last taker."""

from __future__ import annotations

import pygame

from casino.engine import Card
from tests.ui.driver import key, steps
from tests.ui.helpers import make_app, table_at

# the person holds the round's last card (3C), which takes nothing; the computer took last
LAST_TRAIL = "0;1;3C/-;9H KS;*/-;-;0/0;1;00;6"


def test_last_trail_lands_then_the_rest_goes_face_up_to_the_last_taker() -> None:
    app = make_app(animation=True, speed=5)
    scene = table_at(app, "classic", LAST_TRAIL)
    landing = scene.landing_box(scene.session.game)
    key(pygame.K_1)
    app.step(0.0)
    flights = scene.animator.flights
    trail = [f for f in flights if f.card == Card.parse("3C")]
    assert trail[0].end == landing, "the trailed card is seen landing on the table"
    rest = [f for f in flights if f.end == scene.pile_box(1)]
    assert {f.card for f in rest} == {Card.parse(c) for c in ("9H", "KS", "3C")}
    assert all(f.face_up for f in rest), "the last take is shown face up"
    assert min(f.delay for f in rest) >= trail[0].delay + trail[0].duration
    assert any(b.text == "Last take: Computer" for b in scene.animator.banners)
    log = [e.text for e in scene.session.log]
    assert log[-1] == "The rest of the table goes to Computer: 9\u2665, K\u2660, 3\u2663"
    for _ in range(200):  # the round ends once the cards have arrived
        steps(app, 1, 0.05)
    assert app.stack.top is not scene
