"""The scene toolkit's text helpers."""

from __future__ import annotations

import pygame

from casino.ui.scene import text_width, wrap


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
