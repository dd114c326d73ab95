"""The record book on a real SQLite file: hall of fame, statistics, ratings, damage, schema."""

from __future__ import annotations

import concurrent.futures
import signal
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from casino import i18n
from casino.cli import get_ruleset, replay_record
from casino.engine import Game
from casino.engine.ratings import rate_record
from casino.engine.record import GameRecord
from casino.persistence import Records, SavedGame, SeatInfo, replay
from casino.persistence.records import FILE_NAME, SCHEMA_VERSION, SEVERAL_LEVELS, _migrate
from casino.ui.words import notice_text

from .conftest import backups, child, play, read_only

T0 = datetime(2026, 1, 1, 12, tzinfo=UTC)


@pytest.fixture(scope="module")
def finished() -> tuple[Game, SavedGame]:
    """One finished classic game; seat 0 (Ann) wins it."""
    for seed in range(20):
        game, save = play(seed=seed)
        if game.winner() == 0:
            return game, save
    raise AssertionError("no seed where seat 0 wins")


def user_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        version: int = conn.execute("PRAGMA user_version").fetchone()[0]
    return version


def book(tmp_path: Path) -> Records:
    records, messages = Records.open(tmp_path)
    assert messages == () and records.usable
    return records


def add(records: Records, game: Game, save: SavedGame, names: tuple[str, str],
        minutes: int = 0, **kw: object) -> int:
    """Record ``game`` with the seats named ``names`` (seat 1 keeps its computer level)."""
    seats = [SeatInfo(name=names[0], level=save.players[0].level),
             SeatInfo(name=names[1], level=save.players[1].level)]
    game_id, messages = records.add_game(game, seats, save.moves(),
                                         finished=T0 + timedelta(minutes=minutes), **kw)  # type: ignore[arg-type]
    assert messages == () and game_id is not None
    return game_id


def test_new_database_has_the_current_schema(tmp_path: Path) -> None:
    book(tmp_path)
    assert user_version(tmp_path / FILE_NAME) == SCHEMA_VERSION == 4


def test_munters_hall_of_fame(tmp_path: Path, finished: tuple[Game, SavedGame]) -> None:
    game, save = finished
    win, lose = game.totals
    records = book(tmp_path)
    add(records, game, save, ("Ann", "Computer"))
    add(records, game, save, ("Ann", "Bob"), minutes=1)
    rows = {r.name: r for r in records.hall_of_fame()}
    assert (rows["Ann"].games, rows["Ann"].wins, rows["Ann"].points) == (2, 2, 2 * win)
    # the loser adds their points and subtracts the winner's
    assert (rows["Bob"].games, rows["Bob"].wins, rows["Bob"].points) == (1, 0, lose - win)
    assert rows["Bob"].computer and not rows["Ann"].computer
    assert rows["Ann"].win_rate == 1.0 and rows["Bob"].win_rate == 0.0
    assert [r.name for r in records.hall_of_fame()] == ["Ann", "Computer", "Bob"]
    assert [r.name for r in records.hall_of_fame("name", descending=False)] == [
        "Ann", "Bob", "Computer"]
    assert records.hall_of_fame("games")[0].name == "Ann"
    assert records.hall_of_fame("win_rate", descending=False)[0].name == "Bob"
    assert records.hall_of_fame("wins", descending=True)[0].name == "Ann"


def test_a_person_named_like_the_computer_keeps_their_own_row(
        tmp_path: Path, finished: tuple[Game, SavedGame]) -> None:
    """Issue 15 #12: a player called "Computer" was merged with the opponent of that name."""
    game, save = finished
    win, lose = game.totals
    records = book(tmp_path)
    add(records, game, save, ("Computer", "Computer"))  # the person wins, the computer loses
    fame = {(r.name, r.computer): r for r in records.hall_of_fame()}
    assert len(fame) == 2
    assert (fame["Computer", False].wins, fame["Computer", False].points) == (1, win)
    assert (fame["Computer", True].wins, fame["Computer", True].points) == (0, lose - win)
    assert records.stats("Computer").wins == 1 and records.stats("Computer").games == 1
    assert records.stats("Computer", computer=True).wins == 0
    assert len(records.games("Computer")) == 1 and records.stats_by_level("Computer")


def test_migration_splits_nothing_it_cannot_know(tmp_path: Path) -> None:
    """Version 2 rows: a name only computers used becomes a computer's row."""
    path = tmp_path / FILE_NAME
    _migrate(path, upto=2)
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("INSERT INTO games (id, finished, ruleset, seed, rounds, winner, record)"
                     " VALUES (1, ?, 'classic', '7', 3, 0, '{}')", (T0.isoformat(),))
        conn.execute("INSERT INTO seats VALUES (1, 0, 'Ann', NULL, 0, 21, 2, 1, NULL)")
        conn.execute("INSERT INTO seats VALUES (1, 1, 'Bot', 'hard', 1, 9, 0, 0, NULL)")
        conn.execute("INSERT INTO hall_of_fame VALUES ('Ann', 1, 1, 21)")
        conn.execute("INSERT INTO hall_of_fame VALUES ('Bot', 1, 0, -12)")
        conn.execute("INSERT INTO hall_of_fame VALUES ('Gone', 4, 2, 30)")
    records = book(tmp_path)
    assert {(r.name, r.computer) for r in records.hall_of_fame()} == {
        ("Ann", False), ("Bot", True), ("Gone", False)}


def test_hall_of_fame_keeps_the_top_fifteen(tmp_path: Path,
                                            finished: tuple[Game, SavedGame]) -> None:
    game, save = finished
    records = book(tmp_path)
    for n in range(18):
        add(records, game, save, (f"P{n:02}", "Computer"), minutes=n)
    rows = records.hall_of_fame("name", descending=False)
    assert len(rows) == 15 and "Computer" not in {r.name for r in rows}
    assert records.clear_hall_of_fame() is None
    assert records.hall_of_fame() == []
    assert records.stats("P00").games == 1  # statistics stay


def test_statistics_streaks_and_levels(tmp_path: Path, finished: tuple[Game, SavedGame]) -> None:
    game, save = finished
    records = book(tmp_path)
    add(records, game, save, ("Ann", "Bot"))  # win
    add(records, game, save, ("Bot", "Ann"), minutes=1)  # loss
    add(records, game, save, ("Ann", "Bot"), minutes=2, undo_used=True)  # win
    add(records, game, save, ("Ann", "Bot"), minutes=3)  # win
    stats = records.stats("Ann")  # the person Ann; the computer seat named Ann is apart
    assert (stats.games, stats.wins, stats.losses, stats.draws) == (3, 3, 0, 0)
    assert stats.streak == 3 and stats.undo_games == 1
    assert stats.best_game == max(game.totals)
    assert stats.rounds == 3 * len(game.scores)
    assert stats.points == 3 * game.totals[0]
    assert stats.points_per_round == stats.points / stats.rounds
    assert stats.sweeps == sum(sum(s.sweeps[0] for s in game.scores) for _ in range(3))
    assert records.stats("Ann", computer=True).games == 1
    assert records.stats("Bot").streak == 1
    assert records.stats("Bot", computer=True).streak == -3
    assert set(records.stats_by_ruleset("Ann")) == {"classic"}
    # Ann met the greedy level only in the games where Bot sat in seat 1
    by_level = records.stats_by_level("Ann")
    assert set(by_level) == {"greedy"} and by_level["greedy"].games == 3
    assert records.stats("Nobody").games == 0
    summaries = records.games("Ann")
    assert [g.undo_used for g in summaries] == [False, True, False]
    assert summaries[0].totals == game.totals and summaries[0].winner == 0


def test_ratings_daily_and_the_stored_record(tmp_path: Path) -> None:
    game, save = play("casino33", seed="c33")
    records = book(tmp_path)
    game_id = add(records, game, save, ("Ann", "Bot"), daily=date(2026, 3, 4))
    record = records.game_record(game_id)
    assert record is not None and record["daily"] == "2026-03-04"
    replay_record(record, "stored")  # the stored record re-plays through the engine
    ratings = rate_record(GameRecord.parse(record), get_ruleset)
    [summary] = records.games()
    assert summary.ratings == ratings and summary.daily == date(2026, 3, 4)
    stats = records.stats_by_ruleset("Ann")["casino33"]
    assert (stats.rated_games, stats.ratings) == (1, ratings[0])
    assert records.daily_results(date(2026, 3, 4)) == [summary]
    assert records.daily_results(date(2026, 3, 5)) == []
    assert records.game_record(999) is None


def test_add_saved_uses_the_save(tmp_path: Path) -> None:
    game, save = play(seed="s", undo_used=True)
    records = book(tmp_path)
    game_id, _ = records.add_saved(save, game)
    [summary] = records.games()
    assert summary.id == game_id and summary.undo_used and summary.names == ("Ann", "Computer 1")
    assert summary.levels == (None, "greedy")


def test_unfinished_games_are_refused(tmp_path: Path) -> None:
    game, save = play(moves=3)
    with pytest.raises(ValueError, match="finished"):
        book(tmp_path).add_saved(save, game)
    done, save = play(seed="s")
    with pytest.raises(ValueError, match="1 seats"):
        book(tmp_path).add_game(done, save.players[:1], save.moves())


@pytest.fixture
def filled(tmp_path: Path, finished: tuple[Game, SavedGame]) -> Iterator[Path]:
    records = book(tmp_path)
    game, save = finished
    for n in range(30):
        add(records, game, save, (f"P{n}", "Computer"), minutes=n)
    yield tmp_path / FILE_NAME


@pytest.mark.parametrize("damage", ["garbage", "truncated", "zeroed-page"])
def test_damaged_database_moved_aside(filled: Path, damage: str) -> None:
    original = filled.read_bytes()
    if damage == "garbage":
        broken = b"this is not a database at all\n" * 100
    elif damage == "truncated":
        broken = original[: len(original) // 3 + 7]
    else:
        broken = original[:4096] + b"\x00" * 4096 + original[8192:]
    filled.write_bytes(broken)
    records, messages = Records.open(filled.parent)
    assert records.usable
    assert len(messages) == 1 and "damaged" in messages[0] and str(filled) in messages[0]
    [backup] = backups(filled.parent, FILE_NAME)
    assert backup.read_bytes() == broken and str(backup) in messages[0]
    assert records.games() == [] and user_version(filled) == SCHEMA_VERSION


def test_newer_schema_is_refused_not_wiped(filled: Path, finished: tuple[Game, SavedGame]) -> None:
    with closing(sqlite3.connect(filled)) as conn:
        conn.execute("PRAGMA user_version = 99")
        conn.commit()
    before = filled.read_bytes()
    records, messages = Records.open(filled.parent)
    assert not records.usable and "newer version" in messages[0] and "schema 99" in messages[0]
    game, save = finished
    game_id, why = records.add_saved(save, game)
    assert game_id is None and "not recorded" in why[0]
    assert records.hall_of_fame() == [] and records.clear_hall_of_fame() is not None
    assert filled.read_bytes() == before
    assert backups(filled.parent, FILE_NAME) == []


def test_migration_from_version_one_keeps_the_games(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    _migrate(path, upto=1)
    with closing(sqlite3.connect(path)) as conn, conn:
        conn.execute("INSERT INTO games (id, finished, ruleset, seed, rounds, winner, record)"
                     " VALUES (1, ?, 'classic', '7', 3, 0, '{}')", (T0.isoformat(),))
        conn.execute("INSERT INTO seats VALUES (1, 0, 'Ann', NULL, 0, 21, 2, 1)")
        conn.execute("INSERT INTO seats VALUES (1, 1, 'Bot', 'hard', 1, 9, 0, 0)")
        conn.execute("INSERT INTO hall_of_fame VALUES ('Ann', 1, 1, 21)")
    assert user_version(path) == 1
    records = book(tmp_path)
    assert user_version(path) == SCHEMA_VERSION
    [summary] = records.games()
    assert summary.names == ("Ann", "Bot") and summary.totals == (21, 9)
    assert summary.ratings is None
    assert records.stats_by_level("Ann")["hard"].wins == 1
    assert records.hall_of_fame()[0].points == 21


def test_read_only_folder_without_a_database(tmp_path: Path,
                                             finished: tuple[Game, SavedGame]) -> None:
    with read_only(tmp_path):
        records, messages = Records.open(tmp_path)
        assert not records.usable and "cannot be written" in messages[0]
        game, save = finished
        assert records.add_saved(save, game).value is None
    assert list(tmp_path.iterdir()) == []


def test_read_only_folder_with_a_database(filled: Path,
                                          finished: tuple[Game, SavedGame]) -> None:
    before = filled.read_bytes()
    filled.chmod(0o444)
    with read_only(filled.parent):
        records, messages = Records.open(filled.parent)
        assert messages == () and len(records.hall_of_fame()) == 15
        game, save = finished
        game_id, why = records.add_saved(save, game)
        assert game_id is None and "game not recorded" in why[0]
        assert records.clear_hall_of_fame() is not None
    assert filled.read_bytes() == before
    assert len(Records.open(filled.parent).value.games()) == 30


def test_a_database_damaged_while_open_reports_reads(filled: Path) -> None:
    records = Records.open(filled.parent).value
    filled.write_bytes(b"\x00" * 8192)
    assert records.games() == []
    assert records.read_errors and str(filled) in records.read_errors[0]


def test_partners_share_their_side_result(tmp_path: Path) -> None:
    game, save = play(seed="p4", players=4)
    assert game.sides == 2
    records = book(tmp_path)
    records.add_saved(save, game)
    winner = game.winner()
    assert winner is not None
    rows = {r.name: r for r in records.hall_of_fame()}
    for seat, info in enumerate(save.players):
        side = seat % 2
        row = rows[info.name]
        expected = game.totals[side] - (0 if side == winner else game.totals[winner])
        assert (row.wins, row.points) == (int(side == winner), expected)


def test_a_process_killed_inside_a_write_leaves_the_records_usable(
        tmp_path: Path, finished: tuple[Game, SavedGame]) -> None:
    """Issue 15 #1: a hot journal after SIGKILL used to make every launch read-only."""
    result = child("""
        import os, signal, sqlite3, sys
        from casino.persistence import Records
        from tests.persistence.conftest import play
        records = Records.open().value
        game, save = play(seed=1)
        assert records.add_saved(save, game).value == 1
        conn = sqlite3.connect(records.path, isolation_level=None)
        conn.execute("PRAGMA cache_size = 1")  # spill pages into the file before commit
        conn.execute("BEGIN")
        for i in range(100):
            conn.execute("UPDATE games SET record = ?", ("x" * 20000,))
            conn.execute("INSERT INTO hall_of_fame (name, games, wins, points)"
                         " VALUES (?, 1, 1, 1)", (f"n{i}" * 50,))
        os.kill(os.getpid(), signal.SIGKILL)
    """, home=tmp_path)
    assert result.returncode == -signal.SIGKILL, result.stderr
    assert (tmp_path / "records.sqlite3-journal").exists()
    records, messages = Records.open(tmp_path)
    assert messages == () and records.usable
    [before] = records.games()
    assert {r.name for r in records.hall_of_fame()} == {"Ann", "Computer 1"}
    game, save = finished
    assert records.add_saved(save, game).value == 2
    assert replay_record(records.game_record(before.id) or {}, "x") is None
    assert not (tmp_path / "records.sqlite3-journal").exists()


def test_processes_opening_a_fresh_database_at_once_all_record(tmp_path: Path) -> None:
    """Issue 15 #3: concurrent first opens raced on the migrations. The three processes
    start together once all are ready (each writes its clock to a file and waits for the
    others'), not after a fixed wait long enough for the slowest start-up."""
    folders = [tmp_path / f"db{i}" for i in range(12)]
    ready = tmp_path / "ready"
    ready.mkdir()
    code = """
        import os, sys, time
        from pathlib import Path
        from casino.persistence import Records
        ready, folders = Path(sys.argv[1]), sys.argv[2:]
        mine = ready / f"{os.getpid()}.time"
        mine.with_suffix(".part").write_text(repr(time.time()))
        mine.with_suffix(".part").rename(mine)
        deadline = time.time() + 30
        while len(clocks := list(ready.glob("*.time"))) < 3 and time.time() < deadline:
            time.sleep(0.002)
        start = max(float(p.read_text()) for p in clocks) + 0.05
        for i, folder in enumerate(folders):
            time.sleep(max(0.0, start + 0.05 * i - time.time()))
            records, messages = Records.open(Path(folder))
            print(records.usable, *messages)
    """
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        runs = list(pool.map(lambda _: child(code, str(ready), *map(str, folders)), range(3)))
    lines = [line for run in runs for line in run.stdout.splitlines()]
    assert all(run.returncode == 0 for run in runs), [run.stderr for run in runs]
    assert lines == ["True"] * 36
    for folder in folders:
        assert user_version(folder / FILE_NAME) == SCHEMA_VERSION


def test_rows_edited_by_hand_are_left_out_not_fatal(filled: Path) -> None:
    """Issue 15 #5: a ``finished`` that is not a date crashed the Statistics screen."""
    with closing(sqlite3.connect(filled)) as conn, conn:
        conn.execute("UPDATE games SET finished = 'last Tuesday' WHERE id = 3")
        conn.execute("UPDATE seats SET points = 'many' WHERE game_id = 4 AND seat = 1")
        conn.execute("UPDATE games SET record = '[[[' WHERE id = 5")
    records, messages = Records.open(filled.parent)
    assert messages == ()
    # the game with 'many' points is left out of the list too: the daily tab compares totals
    assert len(records.games()) == 28
    assert "2 games with unreadable dates, names or numbers" in records.read_errors[0]
    assert records.stats("Computer", computer=True).games == 29
    assert "damaged game rows" in records.read_errors[1]
    assert records.game_record(5) is None and "damaged" in records.read_errors[2]
    assert records.games("P0")[0].names == ("P0", "Computer")


def test_hall_of_fame_and_game_rows_edited_by_hand_are_left_out(filled: Path) -> None:
    """Text in a Hall of Fame number or a name stored as bytes crashed the Hall of Fame
    (sorting 'many' against numbers) and the daily list (joining the names)."""
    with closing(sqlite3.connect(filled)) as conn, conn:
        conn.execute("UPDATE hall_of_fame SET points = 'many' WHERE name = 'P3'")
        conn.execute("UPDATE hall_of_fame SET name = X'00ff', points = 999 WHERE name = 'P4'")
        conn.execute("UPDATE seats SET name = X'00ff' WHERE game_id = 6 AND seat = 0")
    records, _ = Records.open(filled.parent)
    for key in ("name", "games", "wins", "points", "win_rate"):
        rows = records.hall_of_fame(key)  # type: ignore[arg-type]
        assert len(rows) == 13 and all(isinstance(r.name, str) for r in rows)
        assert all(type(r.points) is int for r in rows)
    assert "2 Hall of Fame rows with unreadable names or numbers left out" in \
        records.read_errors[0] and str(filled) in records.read_errors[0]
    assert len(records.games()) == 29 and all(isinstance(n, str) for g in records.games()
                                              for n in g.names)
    assert "1 game with unreadable dates, names or numbers" in records.read_errors[-1]


def test_a_stored_record_that_does_not_replay_is_not_handed_to_the_review(filled: Path) -> None:
    """The review replays the record: a move edited by hand raised RecordError in the window."""
    with closing(sqlite3.connect(filled)) as conn, conn:
        conn.execute("UPDATE games SET record = json_set(record, '$.rounds[0].moves[0][1]',"
                     " 'KH t') WHERE id = 2")
    records, _ = Records.open(filled.parent)
    assert records.game_record(1) is not None and records.read_errors == []
    assert records.game_record(2) is None
    assert "game 2's record does not replay" in records.read_errors[0]
    assert "(round 1 move" in records.read_errors[0] and str(filled) in records.read_errors[0]


def test_a_record_that_does_not_replay_is_said_in_the_players_language(filled: Path) -> None:
    """The file and field were Swedish and the rest the engine's English: 'protokollet för
    parti 2 går inte att spela upp igen (rounds[0].moves[2] (round 1 move 3): 'KS x QH': QH
    is not a loose card on the table)'."""
    with closing(sqlite3.connect(filled)) as conn, conn:
        conn.execute("UPDATE games SET record = json_set(record, '$.rounds[0].moves[2][1]',"
                     " '2S x QH') WHERE id = 2")
    records, _ = Records.open(filled.parent)
    assert records.game_record(2) is None
    [said] = records.read_errors
    assert said == (f"{filled}: game 2's record does not replay (rounds[0].moves[2] (round 1 "
                    "move 3): '2S x QH': QH is not a loose card on the table)")
    try:
        i18n.set_language("sv")
        shown = notice_text(said)
    finally:
        i18n.set_language("en")
    assert shown == (f"{filled}: protokollet för parti 2 går inte att spela upp igen "
                     "(rounds[0].moves[2] (runda 1, drag 3): '2S x QH': D♥ ligger inte som "
                     "ett löst kort på bordet)")


def test_a_stored_records_bad_values_are_named_as_a_saves_are(filled: Path) -> None:
    """A record edited by hand said pydantic's English ('seed.constrained-int: Input should
    be ...'), not the field, what it should be and what was found, in the window's language."""
    with closing(sqlite3.connect(filled)) as conn, conn:
        conn.execute("UPDATE games SET record = json_set(record, '$.first_dealer', 7,"
                     " '$.seed', json('[1]')) WHERE id = 2")
    records, _ = Records.open(filled.parent)
    assert records.game_record(2) is None
    [said] = records.read_errors
    assert said.startswith(f"{filled}: game 2's record is damaged (")
    assert "first_dealer: should be at most 3 (found 7)" in said
    assert "seed: should be a whole number or should be text in quotes (found [1])" in said
    assert "Input should" not in said and "constrained" not in said
    try:
        i18n.set_language("sv")
        shown = notice_text(said)
    finally:
        i18n.set_language("en")
    assert f"{filled}: protokollet för parti 2 är skadat (" in shown
    assert "first_dealer: ska vara högst 3 (hittade 7)" in shown
    assert "should" not in shown and "found" not in shown


@pytest.mark.parametrize("drop", ["DROP TABLE seats", "DROP TABLE hall_of_fame",
                                  "ALTER TABLE seats DROP COLUMN rating"])
def test_a_table_dropped_by_hand_is_kept_aside_and_a_new_book_started(
        filled: Path, finished: tuple[Game, SavedGame], drop: str) -> None:
    """Every game's record failed with 'no such table: seats', at every launch."""
    with closing(sqlite3.connect(filled)) as conn, conn:
        conn.execute(drop)
    broken = filled.read_bytes()
    records, messages = Records.open(filled.parent)
    what = drop.split()[-1] if drop.startswith("DROP") else "seats.rating"
    assert len(messages) == 1 and f"{what} is missing" in messages[0]
    assert "damaged" in messages[0] and "new record book" in messages[0]
    [backup] = backups(filled.parent, FILE_NAME)
    assert backup.read_bytes() == broken
    game, save = finished
    assert records.add_saved(save, game).value == 1 and len(records.hall_of_fame()) == 2


def test_every_missing_table_and_column_is_named_in_one_message(filled: Path) -> None:
    """The check named the first thing missing only ('the column games.daily is missing'),
    so a second look found the next."""
    with closing(sqlite3.connect(filled)) as conn, conn:
        conn.executescript("DROP TABLE hall_of_fame; ALTER TABLE seats DROP COLUMN rating;"
                           " ALTER TABLE games DROP COLUMN daily;")
    _, messages = Records.open(filled.parent)
    [backup] = backups(filled.parent, FILE_NAME)
    assert messages == (
        f"{filled}: damaged (the table hall_of_fame and the columns games.daily and "
        f"seats.rating are missing); kept as {backup} and a new record book started",)
    try:
        i18n.set_language("sv")
        shown = notice_text(messages[0])
    finally:
        i18n.set_language("en")
    assert "(tabellen hall_of_fame och kolumnerna games.daily och seats.rating saknas)" in shown


def test_four_players_each_alone_are_recorded_seat_by_seat(tmp_path: Path) -> None:
    # docs/RULES.md#classic-players-and-deal: four each alone; statistics follow the seats
    game, save = play(seed="a4", players=4, teams=False)
    assert game.sides == 4 and save.teams is False
    records = book(tmp_path)
    game_id = records.add_saved(save, game).value
    assert game_id is not None
    winner = game.winner()
    assert winner is not None
    rows = {r.name: r for r in records.hall_of_fame()}
    for seat, info in enumerate(save.players):
        assert rows[info.name].wins == int(seat == winner)
        assert records.stats(info.name, computer=seat > 0).points == game.totals[seat]
    summary = records.games()[0]
    assert summary.totals == game.totals and summary.winner == winner
    stored = records.game_record(game_id)
    assert stored is not None and stored["teams"] is False
    replay_record(stored, "stored")


def test_a_ruleset_rated_by_its_file_is_rated_under_any_name(tmp_path: Path) -> None:
    """The rating points follow the ruleset's ``scoring.ratings``: a game of the player's
    own copy of Casino 33 is rated, a game of a ruleset without ratings is not."""
    from casino.engine.ruleset import parse_ruleset

    mine = parse_ruleset('base = "casino33"\nname = "mine"\ntitle = "Mine"\n', "mine.toml")
    game, save = play("casino33", seed="mine")
    game = replay(save.model_copy(update={"ruleset": "mine"}), lambda _name: mine)
    records = book(tmp_path)
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bot", level="greedy")]
    added = records.add_game(game, seats, save.moves(), load_ruleset=lambda _name: mine)
    assert added.value is not None
    plain, plain_save = play("classic", seed="plain")
    records.add_game(plain, seats, plain_save.moves())
    rated = {g.ruleset: g.ratings for g in records.games()}
    assert rated["classic"] is None
    assert rated["mine"] == rate_record(
        GameRecord.parse(records.game_record(added.value, lambda _name: mine)),
        lambda _name: mine)


def test_the_hall_of_fame_keeps_a_computers_row_per_level(
        tmp_path: Path, finished: tuple[Game, SavedGame]) -> None:
    """Session 35: a win against Easy and one against Expert were added up in one row."""
    game, save = finished
    records = book(tmp_path)
    for minutes, level in enumerate(["greedy", "expert", "expert"]):
        seats = [SeatInfo(name="Ann"), SeatInfo(name="Computer", level=level)]
        assert records.add_game(game, seats, save.moves(),
                                finished=T0 + timedelta(minutes=minutes)).messages == ()
    fame = {(r.name, r.computer, r.level): r.games for r in records.hall_of_fame()}
    assert fame == {("Ann", False, ""): 3, ("Computer", True, "greedy"): 1,
                    ("Computer", True, "expert"): 2}


V3_BOOK = Path(__file__).resolve().parents[1] / "data" / "records-v3.sqlite3"
"""A record book the old code wrote (schema 3, main at 9072db7): Ann lost to the computer
"Computer" once at Easy and once at Expert (one Hall of Fame row, 2 games, 45 points), Bea
lost to "Bot" at Hard; games finished 2026-11-01 12:00-12:02 UTC."""


def test_a_record_book_of_schema_3_made_by_the_old_code_is_migrated(
        tmp_path: Path, finished: tuple[Game, SavedGame]) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(V3_BOOK.read_bytes())
    assert user_version(path) == 3
    records = book(tmp_path)  # no message: nothing kept aside
    assert user_version(path) == SCHEMA_VERSION == 4 and backups(tmp_path, FILE_NAME) == []
    fame = {(r.name, r.computer, r.level): (r.games, r.wins, r.points)
            for r in records.hall_of_fame()}
    # the tally over two levels cannot be split, and says so; one level is named
    assert fame == {("Computer", True, SEVERAL_LEVELS): (2, 2, 45),
                    ("Bot", True, "hard"): (1, 1, 27),
                    ("Ann", False, ""): (2, 0, -16), ("Bea", False, ""): (1, 0, -21)}
    games = records.games()
    assert [g.names for g in games] == [("Bea", "Bot"), ("Ann", "Computer"), ("Ann", "Computer")]
    assert set(records.stats_by_level("Ann")) == {"greedy", "expert"}
    assert all(records.game_record(g.id) is not None for g in games)
    # a new game against the Expert gets a row of its own beside the old tally
    game, save = finished
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Computer", level="expert")]
    assert records.add_game(game, seats, save.moves()).messages == ()
    fame = {(r.name, r.computer, r.level): r.games for r in records.hall_of_fame()}
    assert fame[("Computer", True, "expert")] == 1
    assert fame[("Computer", True, SEVERAL_LEVELS)] == 2 and fame[("Ann", False, "")] == 3
