"""What puzzled a newcomer playing every other ruleset under Xvfb (play 31), one test each."""

from __future__ import annotations

from casino.ui.remote_session import RemoteSession
from tests.ui.helpers import make_app, shot
from tests.ui.test_newcomer import QuietHost


def test_a_network_move_log_calls_this_window_you_as_its_score_column_does() -> None:
    # At a network table the guest's score column read "You" while the move log named the
    # same seat "Player 2": the newcomer looked for "Player 2" and did not find it was them.
    host = QuietHost()
    session = RemoteSession.start(host, None)  # type: ignore[arg-type]
    host.play_round()
    for _ in range(9):  # part of the round, to look at
        move = session.take_computer_move()
        assert move is not None
        session.play(move)
    app = make_app()
    app.show_table(session)
    shot(app, "network-log-you")
    while (move := session.take_computer_move()) is not None:
        session.play(move)
    assert session.game.round_over()
    mine = [e.text for e in session.log if e.seat == session.me]
    theirs = [e.text for e in session.log if e.seat == 1 - session.me]
    assert mine and all(t.startswith("You: ") for t in mine), mine
    other = session.seats[1 - session.me].shown
    assert theirs and all(t.startswith(f"{other}: ") for t in theirs), theirs
    rest = [e.text for e in session.log if e.text.startswith("The rest of the table")]
    assert all("Anna" not in t for t in rest), rest
