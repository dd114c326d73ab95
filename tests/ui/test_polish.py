"""Small things two helpers noticed (s31): a save's unknown computer level, a game that
cannot be saved, the partner's header at 800x600."""

from __future__ import annotations

import json
from pathlib import Path

from casino.ai.basic import GreedyPolicy
from casino.engine import load_ruleset
from casino.persistence.saves import FILE_NAME
from casino.ui.scenes.title import ResumeScene
from casino.ui.session import Session
from tests.ui.driver import steps
from tests.ui.helpers import make_app, shot


def save_with_level(home: Path, level: str) -> None:
    """A three-player game saved with Computer 2 at ``level``."""
    Session.new(load_ruleset("classic"), 3, 5, "heuristic", persist=True)
    path = home / FILE_NAME
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"][1]["level"] = level
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_save_naming_a_level_this_version_lacks_says_what_it_plays_at(
        casino_home: Path) -> None:
    """It resumed at greedy without a word: the dialog called it 'Grandmaster'."""
    save_with_level(casino_home, "grandmaster")
    app = make_app(size=(800, 600))
    app.show_title()
    steps(app)
    dialog = app.stack.top
    assert isinstance(dialog, ResumeScene)
    lines = dialog.describe()
    assert "Computer 2 plays at Easy: this version has no level 'grandmaster'" in lines
    assert "Computer 2 (Easy)" in lines[0] and "Grandmaster" not in lines[0]
    assert "Computer 3 (Medium)" in lines[0]
    shot(app, "resume_unknown_level_800")
    app.resume(dialog.save, dialog.game)
    session = app.stack.top.session  # type: ignore[attr-defined]
    assert isinstance(session.seats[1].policy, GreedyPolicy)


def test_a_save_with_known_levels_says_nothing_about_them(casino_home: Path) -> None:
    save_with_level(casino_home, "hard")
    app = make_app(size=(800, 600))
    app.show_title()
    steps(app)
    dialog = app.stack.top
    assert isinstance(dialog, ResumeScene)
    assert not any("this version has no level" in line for line in dialog.describe())


def test_the_unknown_level_is_said_in_swedish_in_the_swedish_window(casino_home: Path) -> None:
    save_with_level(casino_home, "grandmaster")
    app = make_app(size=(800, 600), language="sv")
    app.show_title()
    steps(app)
    dialog = app.stack.top
    assert isinstance(dialog, ResumeScene)
    assert "Dator 2 spelar på nivån Lätt: den här versionen har ingen nivå 'grandmaster'" in \
        dialog.describe()
    shot(app, "resume_unknown_level_800_sv")
