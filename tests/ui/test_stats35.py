"""Statistics and the Hall of Fame read whole at every size, in English and Swedish (s35):
at 640x400 the Statistics' twelve columns cut their heads ("Pts/rou…", "Sopni…") and shrank
"Klassiskt kasino med sopningar" and a four-player daily score below a readable size.

Real record books in the test's own CASINO_HOME, filled with whole games through the
persistence API; real windows (SDL_VIDEODRIVER=dummy) clicked like a person would."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pygame
import pytest

from casino import i18n
from casino.persistence import Records, SeatInfo
from casino.ui import scene as scene_module
from casino.ui.app import App
from casino.ui.scene import text_width
from casino.ui.scenes import records
from casino.ui.scenes.records import HallOfFameScene, StatisticsScene
from tests.persistence.conftest import play
from tests.ui.driver import centre, click, steps
from tests.ui.helpers import Drawn, make_app, shot, spy

SIZES = [(640, 400), (800, 600), (1280, 800)]
LANGUAGES = ["en", "sv"]
SMALLEST = 10
"""The smallest type any line of these screens may have, in pixels (DejaVu Sans): the body
font at 640x400 is 12, the table's 10 and the help under it 10 (it was 9); nothing is drawn
smaller, nor shrunk to fit."""
RULESETS = ["classic", "classic-sweeps", "royal", "spitenet", "kasino", "munter", "draw",
            "spade", "casino33"]
LEVELS = ["beginner", "greedy", "heuristic", "hard", "expert"]  # as the title offers them
LONG_NAME = "Maximiliana \u00d6stergren-L"  # 24 characters, the longest a name may be


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def fill(home: Path, name: str = "Ann") -> None:
    """A record book of whole games: two to four of each ruleset against every level in
    turn, some with four players, some with undo, every third a daily deal."""
    book = Records.open(home).value
    k = 0
    for r, ruleset in enumerate(RULESETS):
        for _j in range(2 + r % 3):
            k += 1
            players = 4 if k % 5 == 0 and ruleset not in ("spitenet", "casino33") else 2
            game, save = play(ruleset=ruleset, seed=f"f{k}", players=players)
            seats = [SeatInfo(name=name)] + [SeatInfo(name=n, level=LEVELS[k % len(LEVELS)])
                                             for n in ["Computer", "Bot", "Kim"][:players - 1]]
            daily = date(2026, 11, 1) + timedelta(days=k) if k % 3 == 0 else None
            assert book.add_game(game, seats, save.moves(), undo_used=k % 4 == 0,
                                 daily=daily).messages == ()


def problems(drawn: Drawn, app: App) -> list[str]:
    """What is wrong with the lines drawn: smaller than ``SMALLEST``, shrunk or cut to fit
    their room, outside the window or the dialog, or touching the line beside them."""
    screen = app.screen.get_rect()
    box = pygame.Rect(app.stack.top.layout().box)  # type: ignore[attr-defined]
    said: list[str] = []
    lines = [d for d in drawn if d["text"].strip()]
    for d in lines:
        if d["size"] < SMALLEST:
            said.append(f"{d['text']!r} at {d['size']} px")
        if d["max_width"] and text_width(d["text"], d["size"], d["bold"],
                                         d["cards"]) > d["max_width"]:
            said.append(f"{d['text']!r} shrunk or cut to {d['max_width']} px")
        if not screen.contains(d["rect"]) or not box.contains(d["rect"]):
            said.append(f"{d['text']!r} at {tuple(d['rect'])} outside the dialog")
    for d in lines:
        for e in lines:
            if d is not e and d["rect"].left <= e["rect"].left and \
                    d["rect"].inflate(6, 0).colliderect(e["rect"]):
                said.append(f"{d['text']!r} touches {e['text']!r}")
    return said


def in_columns(drawn: Drawn, scene: StatisticsScene | HallOfFameScene) -> list[str]:
    """Each table text that is not inside its column's cell (that of the head row moved
    down to the text's row), the heads included."""
    if isinstance(scene, StatisticsScene):
        table = scene.table()
        cells, heads = table.cells, table.heads
        rows = [table.heads, *table.body]
    else:
        cells, heads = scene.cells(scene.table_rows()[0]), scene.heads()
        rows = [heads, *scene.body()]
    body_rows = scene.table_rows()
    said = []
    for texts, row in zip(rows, body_rows, strict=False):
        for text, (x, _y, w, _h) in zip(texts, cells, strict=True):
            if not text:
                continue
            found = [d["rect"] for d in drawn if d["text"] == text
                     and row[1] <= d["rect"].centery <= row[1] + row[3]]
            assert found, (text, heads)
            if not any(x <= f.left and f.right <= x + w for f in found):
                said.append(f"{text!r} at {tuple(found[0])} outside its column {x}..{x + w}")
    return said


def statistics(size: tuple[int, int], language: str, name: str = "Ann") -> App:
    app = make_app(size=size, player_name=name, language=language)
    app.show_title()
    steps(app)
    app.stack.push(StatisticsScene(app))
    steps(app)
    return app


@pytest.mark.parametrize("tab", ["rules", "level"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_statistics_column_reads_whole(
        casino_home: Path, monkeypatch: pytest.MonkeyPatch, language: str,
        size: tuple[int, int], tab: str) -> None:
    # Twelve columns shared 564 pixels at 640x400 by fixed shares: "Pts/rou…", "Sopni…",
    # "Klassiskt kasino med s…" shrunk to 8 pixels. Now they are as wide as what they
    # show; where they do not all fit, the results come first and "More ▸" turns to the
    # sweeps, best game, streak, undo and rating.
    fill(casino_home)
    app = statistics(size, language)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    tab_button = next(b for b in scene.buttons if b.action == f"tab:{tab}")
    click(centre(tab_button.box))
    steps(app)
    seen: set[str] = set()
    for page in range(2):
        drawn = spy(monkeypatch, records)
        buttons = spy(monkeypatch, scene_module)
        shot(app, f"s35-stats-{tab}-{language}-{size[0]}-{page}")
        assert problems(drawn, app) == []
        assert problems([d for d in buttons if any(  # the title's, below, left out
            pygame.Rect(b.box).contains(d["rect"]) and d["text"] == i18n._(b.label)
            for b in scene.buttons)], app) == []
        assert in_columns(drawn, scene) == []
        seen |= {d["text"] for d in drawn}
        more = [d for d in drawn if d["text"] == i18n._("More \u25b8")]
        if page or not more:
            break
        assert size[0] < 1280 or language == "sv", "the columns turn where they fit"
        click(more[0]["rect"].center)
        steps(app)
        assert scene.page == 1
    unseen = [c.title for c in records.STAT_COLUMNS[1:]
              if not {i18n._(c.title), i18n._(c.long or c.title)} & seen]
    assert unseen == [], "a column never shown"
    if scene.table().paged:  # a page of six columns has room for the plain head
        assert {"Points a round", "Poäng per runda"} & seen, seen
    assert {"1 won", "1 vunna"} & seen or {"1 lost", "1 förlorade"} & seen  # the streaks
    assert ("73" if tab == "rules" else "\u2013") in seen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_daily_deals_and_the_rating_read_whole(
        casino_home: Path, monkeypatch: pytest.MonkeyPatch, language: str,
        size: tuple[int, int]) -> None:
    # A four-player daily score ("11 - 8 - 14 - 22") and "Klassiskt kasino med sopningar"
    # were shrunk or cut at 640x400, the latter at 800x600 too.
    fill(casino_home)
    app = statistics(size, language)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    click(centre(next(b for b in scene.buttons if b.action == "tab:daily").box))
    steps(app)
    drawn = spy(monkeypatch, records)
    shot(app, f"s35-stats-daily-{language}-{size[0]}")
    assert problems(drawn, app) == []
    assert in_columns(drawn, scene) == []
    said = " ".join(d["text"] for d in drawn)
    assert {"en": "Casino 33 rating", "sv": "Casino 33-rating"}[language] in said
    assert " v ".join(["Ann"] + {"en": ["Computer", "Bot", "Kim"],
                                 "sv": ["Dator", "Bot", "Kim"]}[language]) in said
    assert len(scene.body()) == 9


def test_more_turns_the_columns_with_page_down_too(casino_home: Path) -> None:
    fill(casino_home)
    app = statistics((640, 400), "en")
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    assert scene.table().paged and scene.page == 0
    assert "More \u25b8 (or PgDn)" in scene.help_text()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                         unicode="", scancode=0))
    steps(app)
    assert scene.page == 1 and scene.table().heads[-1] == "\u25c2 Back"
    assert "Streak: games won or lost in a row" in scene.help_text()
    click(centre(records.in_row(scene.table().cells, scene.table_rows()[0])[-1]))  # "◂ Back"
    steps(app)
    assert scene.page == 0
    wide = statistics((1280, 800), "en").stack.top
    assert isinstance(wide, StatisticsScene) and not wide.table().paged  # all at once


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_hall_of_fame_reads_whole(
        casino_home: Path, monkeypatch: pytest.MonkeyPatch, language: str,
        size: tuple[int, int]) -> None:
    # A row per computer level, an old book's "several levels" row and the longest name a
    # person may type, in bold as the player's own: each inside its column.
    data = Path(__file__).resolve().parents[1] / "data" / "records-v3.sqlite3"
    (casino_home / "records.sqlite3").write_bytes(data.read_bytes())
    fill(casino_home, LONG_NAME)
    book = Records.open(casino_home).value
    for k, friend in enumerate(["Bo", "Eva", "Li", "Siv"]):  # more than 15 rows in all
        game, save = play(seed=f"p{k}")
        seats = [SeatInfo(name=friend), SeatInfo(name="Computer", level="expert")]
        assert book.add_game(game, seats, save.moves()).messages == ()
    app = make_app(size=size, player_name=LONG_NAME, language=language)
    app.show_title()
    steps(app)
    drawn = spy(monkeypatch, records)
    app.stack.push(HallOfFameScene(app))
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, HallOfFameScene)
    for head in range(2, 6):  # sorted by each number, the arrow on its head
        click(centre(scene.head_boxes()[head]))
        steps(app)
        drawn.clear()
        shot(app, f"s35-fame-{language}-{size[0]}-{head}")
        assert problems(drawn, app) == []
        assert in_columns(drawn, scene) == []
    names = {d["text"] for d in drawn}
    several = {"en": "Computer (several levels)", "sv": "Dator (flera nivåer)"}[language]
    expert = {"en": "Computer (Expert)", "sv": "Dator (Expert)"}[language]
    assert {several, expert, LONG_NAME} <= names, names
    assert len(scene.fame) == 15  # the top 15, every one shown (the 15th was left out at
    assert [r[1] for r in scene.body() if r[1] not in names] == []  # 640x400 in Swedish)
