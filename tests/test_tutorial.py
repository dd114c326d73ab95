"""The tutorial's scripted deals are legal positions whose solutions the engine accepts."""

from __future__ import annotations

import pytest

from casino.engine import Capture, Trail, legal_moves, play
from casino.engine.notation import parse_move
from casino.tutorial import LESSONS, Lesson


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.title)
def test_every_lesson_is_solvable_and_judged(lesson: Lesson) -> None:
    state = lesson.state()
    assert state.to_move == 0
    legal = legal_moves(state)
    for solution in lesson.solution_moves():
        assert solution in legal
        assert lesson.judge(solution) == (True, lesson.done)
        play(state, solution)
    others = [m for m in legal if m not in lesson.solution_moves()]
    assert others or lesson.refused, "a lesson needs a wrong choice to teach"
    if others:
        assert lesson.judge(others[0]) == (False, lesson.wrong)
    if lesson.refused:  # the move it asks to try is refused, with the engine's reason
        refused = parse_move(state, lesson.refused)
        assert refused not in legal
        assert lesson.judge(refused)[1].startswith("That move is not allowed: ")


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson.then is not None],
                         ids=lambda lesson: lesson.title)
def test_a_two_turn_lesson_plays_the_reply_and_the_promised_take(lesson: Lesson) -> None:
    # "Take it with your 8 next turn" ended the lesson: the turn never came.
    assert lesson.then is not None
    state = lesson.state_at(0)
    after = play(state, lesson.solution_moves(0, state)[0])
    reply = lesson.reply(after)
    assert reply is not None and reply in legal_moves(after)
    second = play(after, reply)
    assert second == lesson.state_at(1) and second.to_move == 0
    take = lesson.solution_moves(1, second)
    assert take and all(m in legal_moves(second) for m in take)
    assert lesson.judge(take[0], 1, second) == (True, lesson.then.done)
    assert all(isinstance(m, Capture) for m in take)


def test_an_illegal_try_gets_the_engines_reason() -> None:
    lesson = next(lesson for lesson in LESSONS if lesson.title == "A multiple build")
    solved, message = lesson.judge(Trail(lesson.state().hands[0][2]))
    assert not solved and "take, raise or duplicate your 8 build" in message


def test_the_lessons_teach_what_the_issue_lists() -> None:
    titles = " ".join(lesson.title.lower() for lesson in LESSONS)
    for topic in ("taking a card", "add up", "building", "multiple build", "raising",
                  "sweep", "scores"):
        assert topic in titles


def test_the_lessons_teach_what_the_table_enforces() -> None:
    # The tutorial left out trailing, the build's obligations, taking another's build, the
    # last take and the game to 21, which the table enforces or which decide the score.
    titles = " ".join(lesson.title.lower() for lesson in LESSONS)
    for topic in ("trailing", "your build binds you", "another's build", "last take",
                  "who wins"):
        assert topic in titles
    binds = next(lesson for lesson in LESSONS if lesson.refused)
    reason = binds.judge(parse_move(binds.state(), binds.refused))[1]
    assert "take, raise or duplicate your 8 build" in reason
    last = next(lesson for lesson in LESSONS if lesson.title == "The last take")
    state = last.state()
    after = play(state, last.solution_moves()[0])
    assert after.is_over() and {"KD", "3S"} <= {str(c) for c in after.captures[0]}
    scores = next(lesson for lesson in LESSONS if "who wins" in lesson.title)
    assert "21" in scores.done
    sweep = next(lesson for lesson in LESSONS if lesson.ruleset == "classic-sweeps")
    assert "Classic Casino scores nothing" in sweep.teach


def test_each_lesson_teaches_one_idea_in_few_words() -> None:
    for lesson in LESSONS:
        for turn in range(lesson.turns):
            teach, _wrong, done = lesson.words(turn)
            assert len(teach.split()) <= 50 and len(done.split()) <= 30, lesson.title
