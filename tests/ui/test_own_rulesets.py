"""The title screen offers the player's own rulesets, marked as theirs, and plays them; a broken
one is named in a notice at launch (issue 18). Real files in the test's CASINO_HOME."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from casino.ui.app import launch, parse_args
from casino.ui.scenes.dialogs import NoticeScene
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import TitleScene
from tests.ui.driver import key, steps
from tests.ui.helpers import make_app
from tests.ui.test_screenshots import save

MINE = ('base = "classic"\ntitle = "Our house rules"\n'
        'description = "Classic Casino where a sweep scores 2 points."\nsource = "us"\n'
        "[scoring]\nsweep = 2\n")


def own_ruleset(home: Path, name: str = "mine", text: str = MINE) -> Path:
    folder = home / "rulesets"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_title_offers_a_players_ruleset_marked_as_theirs(casino_home: Path) -> None:
    own_ruleset(casino_home)
    app = make_app()
    title = TitleScene(app)
    app.stack.push(title)
    [rules] = [o for o in title.options() if o.key == "ruleset"]
    assert rules.values[-1] == "mine"
    assert rules.word("mine") == "Yours: Our house rules"
    assert rules.word("classic") == "Classic Casino"
    title.row = title.options().index(rules)
    for _ in range(len(rules.values)):  # back through the list: the last is the player's
        if app.settings.ruleset == "mine":
            break
        key(pygame.K_LEFT)
        steps(app)
    assert app.settings.ruleset == "mine"
    save(app, "title_own_ruleset")
    key(pygame.K_RETURN)
    steps(app)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.ruleset.scoring.sweep == 2
    data = json.loads((casino_home / "current-game.json").read_text(encoding="utf-8"))
    assert data["ruleset"] == "mine"


def test_a_broken_ruleset_of_the_players_is_named_at_launch(casino_home: Path) -> None:
    own_ruleset(casino_home)
    own_ruleset(casino_home, "latin", MINE.replace("us", "vår")).write_bytes(
        MINE.replace("us", "vår").encode("latin-1"))
    app = launch(parse_args(["--size", "1024x640"]))
    assert not isinstance(app, int)
    steps(app)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    text = " ".join(notice.messages)
    assert f"{casino_home / 'rulesets' / 'latin.toml'} is not offered" in text
    assert "not UTF-8" in text
    title = app.stack.scenes[0]
    assert isinstance(title, TitleScene) and "mine" in title.rulesets
    assert "latin" not in title.rulesets


def test_a_ruleset_removed_while_the_title_shows_it_is_said_not_crashed(
        casino_home: Path) -> None:
    path = own_ruleset(casino_home)
    app = make_app(ruleset="mine")
    title = TitleScene(app)
    app.stack.push(title)
    steps(app)
    path.unlink()
    steps(app)  # the title still draws what it listed
    key(pygame.K_RETURN)
    steps(app, 3)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    assert "The game cannot start: unknown ruleset 'mine'" in notice.messages[0]
    assert app.stack.scenes[0] is title
