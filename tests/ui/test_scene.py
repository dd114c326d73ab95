"""The scene toolkit's text helpers."""

from __future__ import annotations

import pygame

from casino.ui.scene import text_width, wrap, wrap_evenly


def test_wrap_is_cached_yet_every_caller_gets_its_own_lines() -> None:
    """``wrap`` is cached (every frame wraps the same log again); a caller that changes the
    lines it got must not change what the next caller gets."""
    pygame.font.init()
    text = "you took 3\u2660 and 7\u2665 with 10\u2666, a sweep; 73\u00a0% of the cards"
    lines = wrap(text, 16, 120)
    expected = list(lines)
    assert len(lines) > 1
    assert all(text_width(line, 16, False, True) <= 120 for line in lines)
    assert any("73\u00a0%" in line for line in lines)  # never broken at the non-breaking space
    lines[0] = "changed"
    lines.append("more")
    assert wrap(text, 16, 120) == expected


def test_a_two_line_status_wraps_evenly_not_a_line_and_a_leftover() -> None:
    pygame.font.init()
    text = ("Not allowed: 9\u2665 cannot take the 8 build (5\u2660 3\u2666): they do not make "
            "groups of 9; and a build of 17 is above 10.")
    width = text_width(text, 16, False, True) - 40  # a word or two too long for one line
    greedy = wrap(text, 16, width)
    even = wrap_evenly(text, 16, width)
    assert len(greedy) == len(even) == 2
    assert " ".join(even) == " ".join(greedy)
    widths = [text_width(line, 16, False, True) for line in even]
    assert max(widths) <= width
    assert max(widths) - min(widths) < width // 4  # greedy: a full line and a word or two
    assert wrap_evenly("one line", 16, 400) == ["one line"]
