"""Pass and play: two people at one screen play a whole game; a cover screen hides the
table between their turns, only the mover's hand is ever drawn, and both get the record."""

from __future__ import annotations

import random

import pygame

from casino.engine.notation import format_move
from casino.engine.rules import legal_moves
from casino.persistence.records import Records
from casino.ui.scenes.passplay import CoverScene, PassPlayScene, PassPlayTableScene
from casino.ui.scenes.title import TitleScene
from tests.ui.driver import click, key, steps
from tests.ui.helpers import make_app
from tests.ui.test_screenshots import save


def test_two_people_pass_the_screen_and_both_get_the_record() -> None:
    app = make_app(player_name="Anna")
    app.stack.push(TitleScene(app))
    steps(app)
    key(pygame.K_p)
    steps(app)
    setup = app.stack.top
    assert isinstance(setup, PassPlayScene)
    setup.names[1] = "Ben"
    save(app, "passplay_setup")
    local = setup.play(seed=5)
    local.pause = 0
    covers = turns = 0
    rng = random.Random(5)
    viewer_before = local.viewer
    shot = False
    for _ in range(5000):
        steps(app, 1)
        top = app.stack.top
        if isinstance(top, CoverScene):
            # The cover alone is drawn: the table below it is not.
            assert app.stack.visible() == [top]
            mover = local.table.to_move()
            assert mover is not None and top.seat == mover.index != local.viewer
            if not shot:
                save(app, "passplay_cover")
            covers += 1
            click((10, 10))
            continue
        assert isinstance(top, PassPlayTableScene)
        if local.result is not None:
            break
        mover = local.table.to_move()
        view = top.inner.view
        if mover is None or view is None:
            continue
        # Only the person to move has the screen, and only their hand is drawn.
        assert view.player == mover.index == local.viewer
        assert list(view.hand) == list(local.table.game.round.hands[mover.index])
        if not shot:
            save(app, "passplay_table")
            shot = True
        if local.viewer != viewer_before:
            turns += 1
            viewer_before = local.viewer
        state = local.state
        assert state is not None
        local.send_move(state.step, format_move(rng.choice(legal_moves(view))))
    assert local.result is not None
    save(app, "passplay_game_over")
    # Every change of hands went through the cover, and there were many.
    assert covers == turns >= 40
    games = Records.open().value.games()
    assert len(games) == 1
    assert games[0].names == ("Anna", "Ben") and games[0].levels == (None, None)
    fame = {row.name for row in Records.open().value.hall_of_fame()}
    assert {"Anna", "Ben"} <= fame


def test_one_person_with_computers_is_never_covered() -> None:
    app = make_app(player_name="Anna")
    setup = PassPlayScene(app)
    app.stack.push(setup)
    setup.kinds = ["person", "greedy", "random"]
    local = setup.play(seed=3)
    local.pause = 0
    for _ in range(400):
        steps(app, 1)
        assert not isinstance(app.stack.top, CoverScene)
        view = local.state.view if local.state else None
        mover = local.table.to_move()
        if view is not None and mover is not None and mover.index == 0:
            local.send_move(local.state.step, format_move(  # type: ignore[union-attr]
                legal_moves(local.state.view.to_view(local.ruleset))[0]))  # type: ignore[union-attr]
        if local.result is not None:
            break
    assert local.viewer == 0
