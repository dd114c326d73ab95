"""The product around the table, driven by posted events on real files in a tmp CASINO_HOME:
settings that persist, save/resume/undo, the record book's scenes, new-game options, the
tutorial. Screenshots of each new scene are saved in $CASINO_SHOTS when it is set.
"""

from __future__ import annotations

import json
import os
import random
import time
from datetime import date
from pathlib import Path

import pygame
import pytest

from casino.engine import Capture, legal_moves, load_ruleset
from casino.persistence import Records, load_game, load_settings
from casino.persistence.daily import daily_seed
from casino.tutorial import LESSONS
from casino.ui.app import App, launch, parse_args
from casino.ui.scenes.dialogs import MenuScene, NoticeScene, TextScene, rules_page
from casino.ui.scenes.options import SettingsScene
from casino.ui.scenes.records import FAME_KEYS, HallOfFameScene, StatisticsScene
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import ResumeScene, TitleScene, option_rows
from casino.ui.scenes.tutorial import TutorialScene
from tests.ui.driver import centre, click, click_move, key, steps, top_name
from tests.ui.helpers import make_app, shot
from tests.ui.test_play import choose_on_title, play_to_game_over


def press_ctrl(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=pygame.KMOD_LCTRL,
                                         unicode="", scancode=0))


def button_of(scene: object, action: str) -> tuple[int, int]:
    for button in [*scene.buttons, *getattr(scene, "more", [])]:  # type: ignore[attr-defined]
        if button.action == action:
            return centre(button.box)
    raise AssertionError(f"no {action} button")


def start_from_title(app: App) -> TableScene:
    app.show_title()
    steps(app)
    key(pygame.K_RETURN)
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    return scene


def play_human_moves(app: App, scene: TableScene, count: int) -> None:
    """Play ``count`` moves of the person, letting the computer answer between them.

    Bounded by the clock: the computer thinks on another thread, in real time."""
    played = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if scene.can_act():
            if played == count:
                return
            options = legal_moves(scene.session.view())
            captures = [m for m in options if isinstance(m, Capture)]
            click_move(app, (captures or options)[0])
            played += 1
        else:
            time.sleep(0.0005)
        steps(app)
    raise AssertionError("the person never got to move")


# -- 1. settings --------------------------------------------------------------------


def test_settings_dialog_from_the_menu_applies_at_once_and_persists(casino_home: Path) -> None:
    app = make_app()
    scene = start_from_title(app)
    key(pygame.K_ESCAPE)
    steps(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(button_of(menu, "settings"))
    steps(app)
    dialog = app.stack.top
    assert isinstance(dialog, SettingsScene)
    shot(app, "settings_over_table")
    click(centre(dialog.back_boxes()[2]))  # the third back: stripes
    steps(app)
    assert app.settings.card_back == "stripes"
    rows = dialog.option_boxes()
    keys = [o.key for o in dialog.options()]
    click(centre(rows[keys.index("four_colour")]))
    click(centre(rows[keys.index("speed")]), button=3)  # right click: one slower step back
    steps(app)
    assert app.settings.four_colour and app.settings.speed == 3
    for _ in range(keys.index("end_turn_staging") - dialog.row):
        key(pygame.K_DOWN)
    key(pygame.K_RIGHT)
    key(pygame.K_ESCAPE)  # back to the menu it was opened from, then to the table
    steps(app)
    assert app.settings.end_turn_staging and isinstance(app.stack.top, MenuScene)
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.stack.top is scene
    saved = load_settings(casino_home)
    assert not saved.messages
    assert (saved.value.card_back, saved.value.four_colour, saved.value.speed,
            saved.value.end_turn_staging) == ("stripes", True, 3, True)
    key(pygame.K_3)  # staging applies at once: the move waits for Enter
    steps(app)
    assert scene.staged is not None


def at_title() -> App:
    """A test app showing the title screen, settled."""
    app = make_app()
    app.show_title()
    steps(app)
    return app


def launch_to_notice() -> tuple[App, NoticeScene]:
    """Launch as a player would and return the notice the title screen opens with."""
    app = launch(parse_args([]))
    assert isinstance(app, App)
    steps(app)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    return app, notice


def test_a_corrupt_settings_file_is_named_on_the_title_screen(casino_home: Path) -> None:
    (casino_home / "settings.toml").write_text('speed = 12\ncard_back = "stripes"\n')
    app, notice = launch_to_notice()
    text = " ".join(notice.messages)
    assert "speed" in text and "12" in text and "broken" in text
    assert app.settings.card_back == "stripes" and app.settings.speed == 4
    shot(app, "notice_corrupt_settings")
    key(pygame.K_RETURN)
    steps(app)
    assert top_name(app) == "TitleScene"
    assert load_settings(casino_home).messages == ()  # a repaired file was written


def test_title_settings_button_and_keyboard() -> None:
    app = at_title()
    shot(app, "title")
    key(pygame.K_s)
    steps(app)
    assert top_name(app) == "SettingsScene"
    shot(app, "settings")
    key(pygame.K_RIGHT)  # the card back row
    key(pygame.K_RETURN)  # Done
    steps(app)
    assert top_name(app) == "TitleScene" and app.settings.card_back == "rings"


# -- 2. save, resume, undo, records ----------------------------------------------------


def test_every_move_is_saved_and_a_relaunch_resumes_exactly(casino_home: Path) -> None:
    app = make_app()
    scene = start_from_title(app)
    play_human_moves(app, scene, 3)
    save, game = scene.session.save, scene.session.game
    assert save is not None
    on_disk = json.loads((casino_home / "current-game.json").read_text())
    assert sum(len(r) for r in on_disk["rounds"]) == save.move_count() >= 5
    again = launch(parse_args(["--size", "1024x700"]))
    assert isinstance(again, App)
    steps(again)
    offer = again.stack.top
    assert isinstance(offer, ResumeScene)
    shot(again, "resume_offer")
    key(pygame.K_RETURN)
    steps(again)
    resumed = again.stack.top
    assert isinstance(resumed, TableScene)
    assert resumed.session.game == game and resumed.session.game.round == game.round
    assert [e.text for e in resumed.session.log] == [e.text for e in scene.session.log]
    assert [s.name for s in resumed.session.seats] == [s.name for s in scene.session.seats]


def test_undo_takes_back_my_move_and_the_reply_and_is_marked(casino_home: Path) -> None:
    app = make_app()
    scene = start_from_title(app)
    play_human_moves(app, scene, 1)
    before = scene.session.game
    play_human_moves(app, scene, 2)
    press_ctrl(pygame.K_z)
    steps(app)
    press_ctrl(pygame.K_z)
    steps(app)
    assert scene.session.game == before and scene.session.humans_turn()
    loaded = load_game(casino_home).value
    assert loaded is not None and loaded[0].undo_used and loaded[1] == before
    key(pygame.K_ESCAPE)  # and from the menu
    steps(app)
    click(button_of(app.stack.top, "undo"))
    steps(app)
    assert top_name(app) == "TableScene"
    assert scene.session.save is not None and scene.session.save.move_count() < 2
    assert "taken back" in scene.message


def test_a_finished_game_is_recorded_with_undo_and_its_save_removed(casino_home: Path) -> None:
    app = make_app()
    scene = start_from_title(app)
    play_human_moves(app, scene, 1)
    press_ctrl(pygame.K_z)
    steps(app)
    play_to_game_over(app, random.Random(5))
    assert not (casino_home / "current-game.json").exists()
    records, messages = Records.open(casino_home)
    assert not messages
    games = records.games()
    assert len(games) == 1 and games[0].undo_used and games[0].names == ("You", "Computer")
    assert records.stats("You").undo_games == 1
    shot(app, "game_over")


def test_a_game_that_ended_before_it_was_recorded_is_recorded_at_launch(
        casino_home: Path) -> None:
    app = make_app()
    start_from_title(app)
    from casino.ui.scenes.table import TableScene as Table

    scene = app.stack.top
    assert isinstance(scene, Table)
    session = scene.session
    rng = random.Random(2)
    while not session.game.is_over():  # play to the end without the window recording it
        if session.game.round_over():
            session.next_round()
            continue
        session.play(rng.choice(legal_moves(session.game.round)))
    assert (casino_home / "current-game.json").exists()
    again = launch(parse_args([]))
    assert isinstance(again, App)
    steps(again)
    assert top_name(again) == "TitleScene"
    assert len(Records.open(casino_home).value.games()) == 1
    assert not (casino_home / "current-game.json").exists()


# -- 3. hall of fame and statistics ---------------------------------------------------


def finished_games(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``n`` quick games recorded through the window's own path (Session.record).

    Saving after each move is tested elsewhere; here it is skipped (each save is synced to
    disk, which is slow on a busy machine).
    """
    import casino.ui.session

    monkeypatch.setattr(casino.ui.session, "save_game", lambda save: None)
    for k in range(n):
        app = make_app(level="beginner" if k % 2 else "greedy", ruleset="casino33" if k == 2
                       else "classic", player_name="Ann" if k == 1 else "You",
                       daily_deal=k == 0)
        app.new_game()
        scene = app.stack.top
        assert isinstance(scene, TableScene)
        session = scene.session
        rng = random.Random(k)
        while not session.game.is_over():
            if session.game.round_over():
                session.next_round()
                continue
            session.play(rng.choice(legal_moves(session.game.round)))
        assert session.record() == []


def test_hall_of_fame_sorts_by_clicked_heads_and_clears_after_confirming(
        monkeypatch: pytest.MonkeyPatch) -> None:
    finished_games(3, monkeypatch)
    app = at_title()
    click(button_of(app.stack.top, "fame"))
    steps(app)
    fame = app.stack.top
    assert isinstance(fame, HallOfFameScene)
    assert [r.points for r in fame.fame] == sorted((r.points for r in fame.fame), reverse=True)
    shot(app, "hall_of_fame")
    heads = fame.head_boxes()
    click(centre(heads[FAME_KEYS.index("name")]))
    steps(app)
    names = [r.name for r in fame.fame]
    assert names == sorted(names, key=str.casefold) and len(names) >= 3
    click(centre(heads[FAME_KEYS.index("name")]))
    steps(app)
    assert [r.name for r in fame.fame] == names[::-1]
    click(centre(heads[FAME_KEYS.index("games")]))
    steps(app)
    assert fame.sort == "games" and fame.fame[0].games == max(r.games for r in fame.fame)
    click(button_of(fame, "clear"))
    steps(app)
    assert top_name(app) == "ConfirmScene"
    shot(app, "hall_of_fame_confirm")
    key(pygame.K_RETURN)  # Enter is on Cancel
    steps(app)
    assert fame.fame
    click(button_of(fame, "clear"))
    steps(app)
    click(button_of(app.stack.top, "yes"))
    steps(app)
    assert fame.fame == [] and top_name(app) == "HallOfFameScene"
    assert Records.open().value.games()  # the games themselves are kept


def test_statistics_per_ruleset_level_and_daily(monkeypatch: pytest.MonkeyPatch) -> None:
    finished_games(3, monkeypatch)
    app = at_title()
    key(pygame.K_t)
    steps(app)
    stats = app.stack.top
    assert isinstance(stats, StatisticsScene)
    assert stats.overall.games == 2
    rules = {row[0] for row in stats.body()}
    assert rules == {"Classic Casino", "Casino 33"}
    assert stats.overall.rated_games == 1
    shot(app, "statistics_rules")
    click(button_of(stats, "tab:level"))
    steps(app)
    assert {row[0] for row in stats.body()} == {"Easy"}
    shot(app, "statistics_levels")
    click(button_of(stats, "tab:daily"))
    steps(app)
    (daily,) = stats.body()
    assert daily[0] == date.today().isoformat() and daily[1] == "Classic Casino"
    assert daily[4] in ("won", "lost", "draw")
    shot(app, "statistics_daily")
    import casino.ui.session
    from casino.ui.scenes.review import ReviewScene

    monkeypatch.setattr(casino.ui.session, "expert_values", fake_expert)
    click(button_of(stats, "review"))
    steps(app)
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.names[review.seat] == "You"
    click(button_of(review, "close"))  # back to the statistics it was opened from
    steps(app)
    assert app.stack.top is stats


# -- 4. new-game options ------------------------------------------------------------


def test_new_game_options_opponents_levels_dealer_and_daily(casino_home: Path) -> None:
    app = at_title()
    choose_on_title(app, "ruleset", "classic")
    choose_on_title(app, "opponents", "3")
    choose_on_title(app, "level1", "beginner")
    choose_on_title(app, "level3", "heuristic")
    choose_on_title(app, "first_dealer", "me")
    shot(app, "title_three_opponents")
    key(pygame.K_RETURN)
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    assert scene.session.players == 4 and scene.session.game.first_dealer == 0
    save = scene.session.save
    assert save is not None
    assert [p.level for p in save.players] == [None, "beginner", "greedy", "heuristic"]
    app.show_title()
    steps(app)
    assert top_name(app) == "ResumeScene"
    key(pygame.K_ESCAPE)  # not now
    steps(app)
    choose_on_title(app, "daily_deal", "on")
    key(pygame.K_RETURN)
    steps(app)
    # The person had not moved in the saved game: nothing to put aside, nothing to ask
    # (a game they had moved in is asked about: tests/ui/test_saves33.py).
    daily = app.stack.top
    assert not list(casino_home.glob("current-game.json.unfinished-*"))
    assert isinstance(daily, TableScene)
    assert daily.session.game.seed == daily_seed(date.today())
    assert daily.session.save is not None and daily.session.save.daily == date.today()
    assert load_settings(casino_home).value.daily_deal


def test_rules_page_shows_help_and_interpretations_and_scrolls() -> None:
    app = make_app(size=(800, 600))
    app.show_title()
    steps(app)
    ruleset = load_ruleset("munter")
    page = rules_page(app, ruleset)
    app.stack.push(page)
    steps(app)
    text = " ".join(line for line, _ in page.lines())
    assert ruleset.interpretations[-1].split()[-1] in text and "Block" in text
    shot(app, "rules_top")
    for _ in range(60):
        key(pygame.K_DOWN)
    steps(app)
    assert page.scroll > 0 and page.scroll + page.page() == len(page.lines())
    shot(app, "rules_end")
    assert isinstance(page, TextScene)


# -- 5. tutorial ------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(len(LESSONS)))
def test_each_lesson_waits_for_its_move_and_explains_a_wrong_one(index: int) -> None:
    lesson = LESSONS[index]
    app = make_app()
    app.stack.replace(TutorialScene(app, index))
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TutorialScene)
    start = scene.session.game
    solutions = lesson.solution_moves()
    wrong = [m for m in legal_moves(lesson.state()) if m not in solutions]
    if wrong:
        click_move(app, wrong[0])
        steps(app)
        assert scene.session.game == start and not scene.solved
        assert scene.feedback == lesson.wrong
        if index == 0:
            shot(app, "tutorial_wrong")
    click_move(app, solutions[0])
    steps(app)
    assert scene.solved and scene.feedback == lesson.done
    assert scene.session.game != start
    if index == 2:
        shot(app, "tutorial_solved")
    key(pygame.K_n)
    steps(app)
    if index + 1 < len(LESSONS):
        following = app.stack.top
        assert isinstance(following, TutorialScene) and following.index == index + 1
    else:  # Finish offers a game of Classic; Not now leaves for the title
        assert top_name(app) == "ConfirmScene"
        key(pygame.K_n)
        steps(app)
        assert top_name(app) == "TitleScene"


def test_tutorial_from_the_title_and_an_illegal_try() -> None:
    app = at_title()
    click(button_of(app.stack.top, "tutorial"))
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TutorialScene) and scene.index == 0
    shot(app, "tutorial")
    click(centre(scene.item_boxes()[1]))  # JD, then the 7C onto it: the engine says no
    steps(app)
    key(pygame.K_1)
    steps(app)
    assert scene.message_kind == "error" and not scene.solved
    key(pygame.K_ESCAPE)  # clears the selection
    key(pygame.K_ESCAPE)  # leaves
    steps(app)
    assert top_name(app) == "TitleScene"


def test_title_rows_are_clickable_with_three_opponents() -> None:
    app = make_app(players=4)
    app.show_title()
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TitleScene)
    assert len(option_rows(scene)) == len(scene.options()) == 8


# -- 6. post-game review ------------------------------------------------------------------


def test_review_judges_moves_against_the_expert_values() -> None:
    from casino.engine import Trail
    from casino.engine.notation import parse_move
    from casino.ui.review import judge

    state = LESSONS[0].state()
    best, other, worst = (parse_move(state, t) for t in ("7C x 7H", "2D t", "KH t"))
    assert isinstance(other, Trail)
    assert judge(best, [(best, 2.0), (other, 0.5)]).agrees  # type: ignore[union-attr]
    verdict = judge(other, [(best, 2.0), (other, 0.5)])
    assert verdict is not None and verdict.cost == pytest.approx(1.5) and not verdict.agrees
    outside = judge(worst, [(best, 2.0), (other, 0.5)])
    assert outside is not None and outside.cost is None and outside.floor == pytest.approx(1.5)
    assert judge(best, []) is None


def test_expert_values_are_the_expert_levels_search() -> None:
    """The review judges by the Expert level's own search (IS-MCTS, not PIMC): its first
    move is the move the Expert plays, and the values are round points, not visit counts."""
    from casino.ai.ismcts import ISMCTSPolicy
    from casino.ai.registry import expert
    from casino.engine import Game
    from casino.ui.session import expert_values

    state = Game.start(load_ruleset("classic"), 2, "review").round  # stock left: a search
    view = state.view_for(state.to_move)
    values = expert_values(view, "t")
    assert isinstance(expert(), ISMCTSPolicy)
    assert values == expert(seed="t").evaluate(view)
    assert values and values[0][0] == expert(seed="t").choose(view)
    assert {m for m, _ in values} <= set(legal_moves(state))
    assert all(abs(v) <= 2 * 3 * state.ruleset.fixed_points(2) for _, v in values)


def fake_expert(view: object, seed: object) -> list[tuple[object, float]]:
    """The first legal move is 'best' by a point: every other move is a marked mistake."""
    moves = legal_moves(view)  # type: ignore[arg-type]
    return [(m, 1.0 if k == 0 else 0.0) for k, m in enumerate(moves)]


def test_post_game_review_from_game_over_steps_and_marks_mistakes() -> None:
    from casino.ui.scenes.review import ReviewScene

    app = make_app()
    start_from_title(app)
    play_to_game_over(app, random.Random(9))
    over = app.stack.top
    record_id = over.session.record_id  # type: ignore[union-attr]
    assert record_id is not None
    key(pygame.K_v)
    steps(app)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    deadline = time.monotonic() + 60  # the real expert judges the person's first moves
    while len(review.verdicts) < 2 and time.monotonic() < deadline:
        steps(app, 1)
        time.sleep(0.01)
    assert len(review.verdicts) >= 2
    record = Records.open().value.game_record(record_id)
    assert record is not None
    app.stack.replace(ReviewScene(app, record, analyse=fake_expert))  # type: ignore[arg-type]
    steps(app)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    for _ in range(3000):
        steps(app, 1, 0.0)
        if not review.busy():
            break
    assert not review.busy() and review.mistakes()
    for _ in range(3):
        key(pygame.K_RIGHT)
    steps(app)
    assert review.index == 3
    click(button_of(review, "mistake"))
    steps(app)
    first = review.mistakes()[0] if review.mistakes()[0] > 3 else \
        next(k for k in review.mistakes() if k > 3)
    assert review.index == first and review.steps[first].seat == 0
    verdict = review.verdicts[first]
    assert verdict is not None and verdict.cost == pytest.approx(1.0)
    shot(app, "review")
    key(pygame.K_END)
    steps(app)
    shot(app, "review_end")
    key(pygame.K_ESCAPE)
    steps(app)
    assert top_name(app) == "TitleScene"


# -- damaged files: a message, nothing lost, nothing crashes ----------------------------------


def test_a_damaged_save_is_named_and_kept_aside_at_launch(casino_home: Path) -> None:
    (casino_home / "current-game.json").write_text('{"format": 1, "ruleset": "classic", "pla')
    app, notice = launch_to_notice()
    assert any("cannot be resumed" in m for m in notice.messages)
    assert list(casino_home.glob("current-game.json.broken-*"))
    key(pygame.K_RETURN)
    steps(app)
    assert top_name(app) == "TitleScene"


def test_a_damaged_record_book_is_named_in_the_hall_of_fame(casino_home: Path) -> None:
    (casino_home / "records.sqlite3").write_bytes(b"not a database at all" * 50)
    app = at_title()
    key(pygame.K_f)
    steps(app)
    fame = app.stack.top
    assert isinstance(fame, HallOfFameScene)
    assert fame.problems and "damaged" in fame.problems[0] and fame.fame == []
    assert list(casino_home.glob("records.sqlite3.broken-*"))
    shot(app, "hall_of_fame_damaged")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_home_is_reported_and_play_goes_on(casino_home: Path) -> None:
    app = make_app()
    casino_home.chmod(0o500)
    try:
        scene = start_from_title(app)
        play_human_moves(app, scene, 1)
        assert scene.message_kind == "error" and "not saved" in scene.message
    finally:
        casino_home.chmod(0o700)


def test_a_save_that_cannot_be_written_is_reported_and_play_goes_on(casino_home: Path) -> None:
    (casino_home / "current-game.json").mkdir()  # in the way of the save, even for root
    app = make_app()
    app.new_game()
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    assert scene.message_kind == "error" and "not saved" in scene.message
    play_human_moves(app, scene, 2)
    assert scene.session.save is not None and scene.session.save.move_count() >= 3
    assert scene.message_kind != "error"  # said once, not after every move
    shot(app, "table_save_failed")


def test_four_players_each_alone_from_the_options_to_game_over(casino_home: Path) -> None:
    """docs/RULES.md#classic-players-and-deal: four may play each alone; the options offer
    it, and the table, its score panel, the save and the record book follow the seats."""
    app = make_app(size=(1024, 640))
    app.show_title()
    steps(app)
    choose_on_title(app, "ruleset", "classic")
    choose_on_title(app, "opponents", "3 alone")
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert not any("(partner)" in o.label for o in title.options())
    shot(app, "title_four_alone")
    assert load_settings(casino_home).value.teams is False
    key(pygame.K_RETURN)
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    game = scene.session.game
    assert (game.players, game.sides, game.partnership) == (4, 4, False)
    assert scene.session.short_side_names() == ["You", "Computer 2", "Computer 3", "Computer 4"]
    assert scene.session.save is not None and scene.session.save.teams is False
    play_human_moves(app, scene, 5)
    shot(app, "table_four_alone")
    play_to_game_over(app, random.Random(4))
    final = scene.session.game
    assert final.sides == 4 and len(final.totals) == 4
    winner = final.winner()
    assert winner is not None and final.totals[winner] >= final.ruleset.game.target
    shot(app, "game_over_four_alone")
    records, _ = Records.open(casino_home)
    (summary,) = records.games()
    assert summary.totals == final.totals and summary.winner == winner
    assert summary.names == ("You", "Computer 2", "Computer 3", "Computer 4")
    print("points by seat", final.totals, "winner seat", winner)
    # and back to two teams: the same row's other value
    app.show_title()
    steps(app)
    choose_on_title(app, "opponents", "3")
    assert load_settings(casino_home).value.teams is True
