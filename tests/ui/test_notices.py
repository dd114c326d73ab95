"""Notices from damaged files reach the screen whole but bounded (issue 15 #6)."""

from __future__ import annotations

from pathlib import Path

from casino.persistence.settings import FILE_NAME
from casino.ui.app import MAX_NOTICE, launch, parse_args
from casino.ui.scenes.dialogs import NoticeScene
from tests.ui.driver import steps
from tests.ui.helpers import keep_shot


def test_a_notice_quoting_a_huge_value_is_cut_short(casino_home: Path) -> None:
    """A 3 MB name in the settings, and a notice of 2 MB: both shown cut, drawing stays fast."""
    (casino_home / FILE_NAME).write_text('player_name = "' + "N" * (3 << 20) + '"\n')
    app = launch(parse_args([]))
    assert not isinstance(app, int)
    app.notices.append("a damaged file says " + "blah " * 400_000)
    steps(app)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    assert any("player_name" in m for m in notice.messages)
    assert all(len(m) <= MAX_NOTICE for m in notice.messages)
    app.draw()
    keep_shot(app.screen, "notice_huge_value")
