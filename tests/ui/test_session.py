"""The session behind the window: seats, the move log, computer moves off the UI thread."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from casino.ai.basic import GreedyPolicy
from casino.engine import IllegalMoveError, Trail, legal_moves, load_ruleset
from casino.ui import session as session_module
from casino.ui.anim import Animator, Flight, ease
from casino.ui.session import HUMAN, ProcessWorker, Session, Worker, hint_for, make_policy


def wait(worker: Worker[object] | ProcessWorker[object], seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not worker.done():
        assert time.monotonic() < end, "worker did not finish"
        time.sleep(0.005)


def test_a_computer_move_is_legal_and_logged_in_words() -> None:
    s = Session.new(load_ruleset("classic"), 2, seed=1, level="greedy")
    s.use_process = False
    if s.humans_turn():
        s.play(legal_moves(s.view())[0])
    s.start_thinking()
    assert s.worker is not None
    wait(s.worker)  # type: ignore[arg-type]
    move = s.take_computer_move()
    assert move is not None and move in legal_moves(s.game.round)
    s.play(move)
    assert s.log[-1].text.startswith("Computer: ")


def test_an_illegal_move_changes_nothing() -> None:
    s = Session.new(load_ruleset("classic"), 2, seed=2, level="greedy")
    game = s.game
    not_held = next(c for c in s.game.round.hands[1 - s.to_move()])
    with pytest.raises(IllegalMoveError):
        s.play(Trail(not_held))
    assert s.game is game and not s.log


def test_a_level_this_version_lacks_plays_one_level_from_a_save_and_from_the_settings(
        ) -> None:
    """A save or settings file from another version names a level we lack: it still opens,
    at one level whichever file named it, and the notice names that level. A save fell back
    to Easy (greedy) and the settings to Medium."""
    from casino.ai.heuristic import HeuristicPolicy
    from casino.persistence import SeatInfo
    from casino.ui.app import known_levels
    from casino.ui.app import level_notices as settings_notices
    from casino.ui.session import FALLBACK_LEVEL, level_label, level_notices, played_level
    from casino.ui.settings import Settings

    settings = Settings().changed(opponents=2, difficulties=("grandmaster", "hard", "greedy"))
    assert known_levels(settings).difficulties == (FALLBACK_LEVEL, "hard", "greedy")
    assert played_level("grandmaster") == FALLBACK_LEVEL == "heuristic"
    assert isinstance(make_policy("grandmaster", 1), HeuristicPolicy)
    label = level_label(FALLBACK_LEVEL)
    assert label == "Medium"
    assert settings_notices(settings) == [
        f"Seat 2 plays at {label}: this version has no level 'grandmaster'"]
    assert level_notices([SeatInfo(name="You"), SeatInfo(name="Computer 2", level="grandmaster"),
                          SeatInfo(name="Computer 3", level="greedy")]) == [
        f"Computer 2 plays at {label}: this version has no level 'grandmaster'"]
    assert session_module.ai_levels() == ["beginner", "greedy", "heuristic", "hard", "expert"]
    s = Session.new(load_ruleset("classic"), 2, seed=3, level="grandmaster")
    move, _reason = hint_for(s.view(s.to_move()))
    assert move in legal_moves(s.view(s.to_move()))


def test_process_worker_returns_the_result_and_falls_back_on_errors() -> None:
    worker: ProcessWorker[int] = ProcessWorker(sum, [1, 2, 3])
    wait(worker)  # type: ignore[arg-type]
    assert worker.result() == 6
    unpicklable: ProcessWorker[int] = ProcessWorker(lambda: 7)  # a lambda cannot be sent
    wait(unpicklable)  # type: ignore[arg-type]
    assert unpicklable.result() == 7


def test_flights_ease_from_start_to_end() -> None:
    assert ease(0) == 0 and ease(1) == 1 and ease(0.5) == 0.5
    animator = Animator()
    animator.add(Flight(None, False, (0, 0, 10, 10), (100, 50, 10, 10), 0.0, 1.0, seat=1))
    assert animator.busy() and animator.dealing(1) == 1
    animator.update(0.5)
    assert animator.flights[0].box_at(animator.clock) == (50, 25, 10, 10)
    animator.update(0.6)
    assert not animator.busy() and animator.clock == 0.0


def test_seat_names_and_teams() -> None:
    s = Session.new(load_ruleset("classic"), 4, seed=4, level="greedy")
    assert s.seats[HUMAN].name == "You" and s.seats[HUMAN].policy is None
    assert s.side_names() == ["You & Computer 3", "Computer 2 & Computer 4"]
    assert s.short_side_names() == ["Your team", "Their team"]


def test_a_resumed_log_is_the_played_log_across_rounds() -> None:
    """The log re-read from a save (``replay_log``, one replay with the record's) is the log
    the game wrote: every move, the last take, and a round dealt with no move in it yet."""
    s = Session.new(load_ruleset("classic"), 2, seed=4, level="greedy", persist=True)
    picker = GreedyPolicy(seed=0)
    while not s.game.round_over():
        s.play(picker.choose(s.view(s.to_move())))
    s.next_round()
    assert s.save is not None and s.log[-1].text == "Round 2"
    resumed = Session.resume(s.save, s.game)
    assert [(e.seat, e.text, e.deal) for e in resumed.log] == \
        [(e.seat, e.text, e.deal) for e in s.log]
    assert any("The rest of the table goes to" in e.text for e in resumed.log)


GAME = """
import os, time
from casino.ui.session import ai_pool
if __name__ == "__main__":
    print(ai_pool().submit(os.getpid).result(timeout=60), flush=True)
    time.sleep(120)
"""


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting to be reaped counts as gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_ai_process_ends_when_the_program_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "game.py"
    script.write_text(GAME)
    root = Path(__file__).resolve().parents[2]
    game = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                            cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    assert game.stdout is not None
    try:
        ready, _, _ = select.select([game.stdout], [], [], 60)
        assert ready, "the AI process never answered"
        worker = int(game.stdout.readline())
    finally:
        game.kill()  # SIGKILL: the program gets no chance to shut its pool down
        game.wait()
    assert worker != game.pid
    end = time.monotonic() + 20
    try:
        while _alive(worker):
            assert time.monotonic() < end, "the AI process outlived the killed program"
            time.sleep(0.1)
    finally:
        if _alive(worker):
            os.kill(worker, signal.SIGKILL)
