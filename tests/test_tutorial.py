"""The tutorial's scripted deals are legal positions whose solutions the engine accepts."""

from __future__ import annotations

import pytest

from casino.engine import Trail, legal_moves, play
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
    assert others, "a lesson needs a wrong choice to teach"
    assert lesson.judge(others[0]) == (False, lesson.wrong)


def test_an_illegal_try_gets_the_engines_reason() -> None:
    lesson = LESSONS[3]  # the multiple build: its owner may not trail
    solved, message = lesson.judge(Trail(lesson.state().hands[0][2]))
    assert not solved and "take, raise or duplicate your 8 build" in message


def test_the_lessons_teach_what_the_issue_lists() -> None:
    titles = " ".join(lesson.title.lower() for lesson in LESSONS)
    for topic in ("taking a card", "add up", "building", "multiple build", "raising",
                  "sweep", "scores"):
        assert topic in titles
