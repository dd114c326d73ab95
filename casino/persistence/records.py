"""Finished games in an SQLite database: Munter's Hall of Fame, statistics, Casino 33 ratings.

The schema is versioned with ``PRAGMA user_version`` and brought up to date by the
``MIGRATIONS`` in order, each in one transaction. A file that is not an SQLite database, or
fails SQLite's own check, is renamed aside with a message and a fresh database started; a
database written by a newer version of the game is left untouched and nothing is recorded.
"""

from __future__ import annotations

import functools
import json
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from casino.engine import Game, Ruleset
from casino.engine.ratings import rate_record
from casino.engine.record import GameRecord, RecordError
from casino.engine.wording import Said
from casino.persistence.files import Loaded, data_dir, describe_os_error, keep_aside
from casino.persistence.problems import invalid
from casino.persistence.saves import SavedGame, SeatInfo, default_loader

FILE_NAME = "records.sqlite3"
HALL_OF_FAME_SIZE = 15

_HEADER = b"SQLite format 3\x00"
_COMPANIONS = ("-journal", "-wal", "-shm")

MIGRATIONS: tuple[str, ...] = (
    # 1: games, who sat where with what result, and the hall of fame's running tally.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        finished TEXT NOT NULL,          -- ISO 8601, UTC
        ruleset TEXT NOT NULL,
        seed TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        winner INTEGER,                  -- winning side; NULL for a drawn game
        undo_used INTEGER NOT NULL DEFAULT 0,
        daily TEXT,                      -- the daily deal's date, ISO 8601
        record TEXT NOT NULL             -- casino.cli.game_record as JSON
    );
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        level TEXT,                      -- computer level; NULL for a person
        side INTEGER NOT NULL,
        points INTEGER NOT NULL,         -- the side's final total
        sweeps INTEGER NOT NULL,         -- the side's sweeps over the game
        won INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE hall_of_fame (
        name TEXT PRIMARY KEY,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        points INTEGER NOT NULL
    );
    """,
    # 2: Casino 33 rating points per seat, and an index for statistics per ruleset.
    """
    ALTER TABLE seats ADD COLUMN rating INTEGER;
    CREATE INDEX games_by_ruleset ON games (ruleset, finished);
    CREATE INDEX seats_by_name ON seats (name);
    """,
    # 3: the Hall of Fame tells a person from a computer of the same name (a player called
    # "Computer" was merged with the opponent). An old row is a person's if a person ever
    # sat under that name.
    """
    CREATE TABLE fame (
        name TEXT NOT NULL,
        computer INTEGER NOT NULL DEFAULT 0,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (name, computer)
    );
    INSERT INTO fame (name, computer, games, wins, points)
        SELECT h.name,
               EXISTS (SELECT 1 FROM seats s WHERE s.name = h.name)
               AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.name = h.name AND s.level IS NULL),
               h.games, h.wins, h.points
        FROM hall_of_fame h;
    DROP TABLE hall_of_fame;
    ALTER TABLE fame RENAME TO hall_of_fame;
    """,
    # 4: a computer's row per level, so that wins against Easy and against Expert are told
    # apart. An old computer row takes the level its name always played at; a name that
    # played at several keeps one row marked '*' (its tally cannot be split); '' where no
    # game says (and for a person's row).
    """
    CREATE TABLE fame (
        name TEXT NOT NULL,
        computer INTEGER NOT NULL DEFAULT 0,
        level TEXT NOT NULL DEFAULT '',
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        points INTEGER NOT NULL,
        PRIMARY KEY (name, computer, level)
    );
    INSERT INTO fame (name, computer, level, games, wins, points)
        SELECT h.name, h.computer,
               CASE WHEN h.computer THEN
                   (SELECT CASE COUNT(DISTINCT s.level) WHEN 0 THEN '' WHEN 1 THEN MAX(s.level)
                           ELSE '*' END
                    FROM seats s WHERE s.name = h.name AND s.level IS NOT NULL)
               ELSE '' END,
               h.games, h.wins, h.points
        FROM hall_of_fame h;
    DROP TABLE hall_of_fame;
    ALTER TABLE fame RENAME TO hall_of_fame;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

SortKey = Literal["name", "games", "wins", "points", "win_rate"]
SEVERAL_LEVELS = "*"
"""``FameRow.level`` of a computer's row from before the rows were kept per level, when the
name had played at more than one level."""


@dataclass(frozen=True, slots=True)
class FameRow:
    """One line of the Hall of Fame."""

    name: str
    games: int
    wins: int
    points: int
    computer: bool = False
    """A computer seat's row: a person of the same name has a row of their own."""
    level: str = ""
    """A computer's level (a row per level); ``SEVERAL_LEVELS`` for a tally an older
    version kept over several levels, '' where none is known (and for a person)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Stats:
    """One player's results over a set of games.

    ``streak`` is the current run: +n for n wins in a row, -n for n losses, 0 after a draw.
    ``ratings`` sums Casino 33 rating points over the ``rated_games``.
    """

    games: int = 0
    wins: int = 0
    draws: int = 0
    rounds: int = 0
    points: int = 0
    sweeps: int = 0
    best_game: int | None = None
    streak: int = 0
    undo_games: int = 0
    rated_games: int = 0
    ratings: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    @property
    def points_per_round(self) -> float:
        return self.points / self.rounds if self.rounds else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A finished game as the statistics list it."""

    id: int
    finished: datetime
    ruleset: str
    names: tuple[str, ...]
    levels: tuple[str | None, ...]
    totals: tuple[int, ...]  # per seat: the seat's side total
    winner: int | None  # winning side
    rounds: int
    undo_used: bool
    daily: date | None
    ratings: tuple[int, ...] | None  # per seat, for rated rulesets


class Records:
    """The record book. Every call opens its own short connection; failures become messages.

    ``usable`` is False when the database could be neither opened nor started (a read-only
    folder, a newer schema); then queries return nothing and ``add_game`` says why.
    """

    def __init__(self, path: Path, problem: str | None = None) -> None:
        self.path = path
        self.problem = problem
        self.read_errors: list[str] = []
        """Failed reads (their queries returned nothing); the UI shows and clears them."""

    @property
    def usable(self) -> bool:
        return self.problem is None

    @classmethod
    def open(cls, directory: Path | None = None) -> Loaded[Records]:
        """Open (creating or migrating) the database; messages say what had to be done."""
        path = data_dir(directory) / FILE_NAME
        messages: list[str] = []
        if path.exists():
            status, detail = _inspect(path)
            if status == "newer":
                problem = Said("{path}: written by a newer version of Casino (schema {schema}, "
                               "this version knows up to {known}); left untouched, and games "
                               "are not recorded until you update", path=str(path),
                               schema=detail, known=SCHEMA_VERSION)
                return Loaded(cls(path, problem), (problem,))
            if status == "unreadable":
                problem = Said("{path}: cannot be opened ({error}); games are not recorded",
                               path=str(path), error=detail)
                return Loaded(cls(path, problem), (problem,))
            if status == "corrupt":
                backup = keep_aside(path, _COMPANIONS)
                if backup is None:
                    problem = Said("{path}: damaged ({error}) and could not be moved aside; "
                                   "left in place, games are not recorded", path=str(path),
                                   error=detail)
                    return Loaded(cls(path, problem), (problem,))
                messages.append(Said("{path}: damaged ({error}); kept as {backup} and a new "
                                     "record book started", path=str(path), error=detail,
                                     backup=str(backup)))
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            _migrate(path)
        except (OSError, sqlite3.Error) as exc:
            reason = describe_os_error(exc) if isinstance(exc, OSError) else str(exc)
            problem = Said("{path}: cannot be written ({error}); games are not recorded",
                           path=str(path), error=reason)
            return Loaded(cls(path, problem), (*messages, problem))
        return Loaded(cls(path), tuple(messages))

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        with closing(_connect(self.path)) as conn:
            yield conn

    # -- writing ---------------------------------------------------------------------

    def add_game(
        self,
        game: Game,
        seats: Sequence[SeatInfo],
        moves: list[list[tuple[int, str]]],
        *,
        undo_used: bool = False,
        daily: date | None = None,
        finished: datetime | None = None,
        load_ruleset: Callable[[str], Ruleset] = default_loader,
    ) -> Loaded[int | None]:
        """Record a finished game and add it to the Hall of Fame; the new game's id.

        ``moves`` are the moves per round as ``(seat, move text)``, as ``SavedGame.moves()``
        gives them.
        """
        if self.problem:
            return Loaded(None, (Said("game not recorded: {problem}", problem=self.problem),))
        if not game.is_over():
            raise ValueError("only a finished game is recorded")
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats named for a {game.players}-player game")
        names = [s.name for s in seats]
        played = GameRecord.from_game(game, names, moves)
        ratings: tuple[int, ...] | None = None
        if game.ruleset.scoring.ratings == "casino33":
            ratings = rate_record(played, load_ruleset)
        record = played.to_dict()
        if daily is not None:
            record["daily"] = daily.isoformat()
        totals = game.totals
        sweeps = [sum(s.sweeps[side] for s in game.scores) for side in range(game.sides)]
        winner = game.winner()
        when = (finished or datetime.now(UTC)).astimezone(UTC)
        try:
            with self._db() as conn, conn:
                cur = conn.execute(
                    "INSERT INTO games (finished, ruleset, seed, rounds, winner, undo_used, daily,"
                    " record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (when.isoformat(), game.ruleset.name, str(game.seed), len(game.scores),
                     winner, int(undo_used), daily.isoformat() if daily else None,
                     json.dumps(record)))
                game_id = cur.lastrowid
                for seat, info in enumerate(seats):
                    side = game.round.side_of(seat)
                    won = winner == side
                    conn.execute(
                        "INSERT INTO seats (game_id, seat, name, level, side, points, sweeps, won,"
                        " rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (game_id, seat, info.name, info.level, side, totals[side], sweeps[side],
                         int(won), None if ratings is None else ratings[seat]))
                    # Munter: everyone adds their points; a loser also loses the winner's.
                    delta = totals[side] - (totals[winner] if winner is not None and not won
                                            else 0)
                    conn.execute(
                        "INSERT INTO hall_of_fame (name, computer, level, games, wins, points)"
                        " VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (name, computer, level)"
                        " DO UPDATE SET games = games + 1, wins = wins + excluded.wins,"
                        " points = points + excluded.points",
                        (info.name, int(info.level is not None), info.level or "", int(won),
                         delta))
        except sqlite3.Error as exc:
            return Loaded(None, (Said("{path}: game not recorded ({error})", path=str(self.path),
                                      error=str(exc)),))
        return Loaded(game_id)

    def add_saved(self, save: SavedGame, game: Game,
                  finished: datetime | None = None) -> Loaded[int | None]:
        """Record the finished game of a save (its seats, moves, undo flag and daily date)."""
        return self.add_game(game, save.players, save.moves(), undo_used=save.undo_used,
                             daily=save.daily, finished=finished)

    def clear_hall_of_fame(self) -> str | None:
        """Erase the Hall of Fame (the games and statistics stay); None on success.

        Ask the person first: this is Munter's CLEAR SCORES.
        """
        if self.problem:
            return Said("nothing cleared: {problem}", problem=self.problem)
        try:
            with self._db() as conn, conn:
                conn.execute("DELETE FROM hall_of_fame")
        except sqlite3.Error as exc:
            return Said("{path}: scores not cleared ({error})", path=str(self.path),
                        error=str(exc))
        return None

    # -- reading ---------------------------------------------------------------------

    def _query(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if self.problem:
            return []
        try:
            with self._db() as conn:
                return list(conn.execute(sql, args))
        except sqlite3.Error as exc:
            self.read_errors.append(Said("{path}: cannot read the records ({error})",
                                         path=str(self.path), error=str(exc)))
            return []

    def hall_of_fame(self, sort: SortKey = "points",
                     descending: bool | None = None) -> list[FameRow]:
        """The top fifteen by accumulated points, ordered by ``sort``.

        Numbers sort high first and names A to Z unless ``descending`` says otherwise.
        """
        if descending is None:
            descending = sort != "name"
        stored = self._query("SELECT name, games, wins, points, computer, level"
                             " FROM hall_of_fame"
                             " ORDER BY points DESC, wins DESC, name, computer, level LIMIT ?",
                             (HALL_OF_FAME_SIZE,))
        # A row edited by hand (points = 'many', a name as bytes) would not sort or show.
        rows = [FameRow(name, games, wins, points, bool(computer), level)
                for name, games, wins, points, computer, level in stored
                if isinstance(name, str) and isinstance(level, str)
                and all(type(v) is int for v in (games, wins, points, computer))]
        if len(rows) < len(stored):
            skipped = len(stored) - len(rows)
            self.read_errors.append(
                Said("{path}: {count} Hall of Fame row with an unreadable name or number left "
                     "out", path=str(self.path), count=skipped) if skipped == 1 else
                Said("{path}: {count} Hall of Fame rows with unreadable names or numbers left "
                     "out", path=str(self.path), count=skipped))
        if sort == "name":
            return sorted(rows, key=lambda r: (r.name.casefold(), r.computer, r.level),
                          reverse=descending)
        return sorted(rows, key=lambda r: (getattr(r, sort), r.name, r.computer, r.level),
                      reverse=descending)

    def games(self, name: str | None = None, limit: int | None = None,
              computer: bool = False) -> list[GameSummary]:
        """Finished games, newest first; only those ``name`` played in when given (the
        person of that name, or the computer seat with ``computer``)."""
        sql = "SELECT id, finished, ruleset, rounds, winner, undo_used, daily FROM games"
        args: list[Any] = []
        if name is not None:
            sql += (" WHERE id IN (SELECT game_id FROM seats WHERE name = ?"
                    " AND (level IS NOT NULL) = ?)")
            args += [name, int(computer)]
        sql += " ORDER BY finished DESC, id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        games = self._query(sql, args)
        seats: dict[int, list[tuple[Any, ...]]] = {}
        for row in self._query("SELECT game_id, name, level, points, rating FROM seats"
                               " ORDER BY game_id, seat"):
            seats.setdefault(row[0], []).append(row[1:])
        out = []
        skipped = 0
        for gid, fin, ruleset, rounds, winner, undo, daily in games:
            sat = seats.get(gid, [])
            rated = all(s[3] is not None for s in sat) and bool(sat)
            if not (_whole(rounds, undo, winner, *(s[2] for s in sat), *(s[3] for s in sat))
                    and all(isinstance(s[0], str) and isinstance(s[1], str | None)
                            for s in sat) and isinstance(ruleset, str)):
                skipped += 1  # a number or name edited by hand into something else
                continue
            try:
                out.append(GameSummary(
                    gid, _utc(datetime.fromisoformat(fin)), ruleset, tuple(s[0] for s in sat),
                    tuple(s[1] for s in sat), tuple(s[2] for s in sat), winner, rounds,
                    bool(undo), date.fromisoformat(daily) if daily else None,
                    tuple(s[3] for s in sat) if rated else None))
            except (TypeError, ValueError):  # a row edited by hand: not a date...
                skipped += 1
        if skipped:
            self.read_errors.append(
                Said("{path}: {count} game with unreadable dates, names or numbers left out "
                     "of the list", path=str(self.path), count=skipped) if skipped == 1 else
                Said("{path}: {count} games with unreadable dates, names or numbers left out "
                     "of the list", path=str(self.path), count=skipped))
        return out

    def game_record(self, game_id: int,
                    load_ruleset: Callable[[str], Ruleset] = default_loader
                    ) -> dict[str, Any] | None:
        """The stored record of a game (``casino-cli replay`` format) for the post-game review.

        A record that does not replay (edited by hand, or its ruleset changed or gone) is
        None with a message: the review re-plays it and would fail half-way.
        """
        rows = self._query("SELECT record FROM games WHERE id = ?", (game_id,))
        if not rows:
            return None
        try:
            data = json.loads(rows[0][0])
        except (TypeError, ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            self.read_errors.append(Said("{path}: game {number}'s record is damaged",
                                         path=str(self.path), number=game_id))
            return None
        try:
            record = GameRecord.model_validate(data)
        except ValidationError as exc:  # said as the other files' bad values are
            self.read_errors.append(Said("{path}: game {number}'s record is damaged ({problems})",
                                         path=str(self.path), number=game_id,
                                         problems=invalid(exc)))
            return None
        try:
            record.replayed(load_ruleset)
        except RecordError as exc:
            self.read_errors.append(Said("{path}: game {number}'s record does not replay "
                                         "({error})", path=str(self.path), number=game_id,
                                         error=exc.reason))
            return None
        return data

    def daily_results(self, day: date) -> list[GameSummary]:
        """The games played on the daily deal of ``day``."""
        return [g for g in self.games() if g.daily == day]

    def _stats(self, name: str, computer: bool, where: str = "",
               args: Sequence[Any] = ()) -> Stats:
        rows = self._query(
            "SELECT g.rounds, g.winner, g.undo_used, s.points, s.sweeps, s.won, s.rating"
            " FROM games g JOIN seats s ON s.game_id = g.id"
            f" WHERE s.name = ? AND (s.level IS NOT NULL) = ? {where}"
            " ORDER BY g.finished DESC, g.id DESC",
            (name, int(computer), *args))
        good = [r for r in rows if _whole(*r)]
        if len(good) < len(rows):  # numbers edited by hand into text: those games skipped
            self.read_errors.append(Said("{path}: {count} damaged game rows left out of the "
                                         "statistics", path=str(self.path),
                                         count=len(rows) - len(good)))
            rows = good
        if not rows:
            return Stats()
        streak = 0
        for _, winner, _, _, _, won, _ in rows:
            if winner is None or (streak > 0 and not won) or (streak < 0 and won):
                break
            streak += 1 if won else -1
        rated = [r[6] for r in rows if r[6] is not None]
        return Stats(
            games=len(rows),
            wins=sum(r[5] for r in rows),
            draws=sum(r[1] is None for r in rows),
            rounds=sum(r[0] for r in rows),
            points=sum(r[3] for r in rows),
            sweeps=sum(r[4] for r in rows),
            best_game=max(r[3] for r in rows),
            streak=streak,
            undo_games=sum(r[2] for r in rows),
            rated_games=len(rated),
            ratings=sum(rated),
        )

    def stats(self, name: str, computer: bool = False) -> Stats:
        """The results of the person ``name`` (the computer seat of that name with
        ``computer``) over every recorded game."""
        return self._stats(name, computer)

    def stats_by_ruleset(self, name: str) -> dict[str, Stats]:
        """The person ``name``'s results per ruleset played, by ruleset name."""
        rulesets = [r[0] for r in self._query(
            "SELECT DISTINCT g.ruleset FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.name = ? AND s.level IS NULL ORDER BY g.ruleset", (name,))]
        return {r: self._stats(name, False, "AND g.ruleset = ?", (r,)) for r in rulesets}

    def stats_by_level(self, name: str) -> dict[str, Stats]:
        """The person ``name``'s results per computer level faced (a game counts once for
        each level)."""
        opposing = ("SELECT o.game_id FROM seats o WHERE o.game_id = g.id AND o.level = ?"
                    " AND o.side != s.side")
        levels = [r[0] for r in self._query(
            "SELECT DISTINCT o.level FROM seats s JOIN seats o ON o.game_id = s.game_id"
            " WHERE s.name = ? AND s.level IS NULL AND o.side != s.side"
            " AND o.level IS NOT NULL ORDER BY o.level", (name,))]
        return {lv: self._stats(name, False, f"AND EXISTS ({opposing})", (lv,))
                for lv in levels}


def _whole(*values: object) -> bool:
    """Each value is a whole number or NULL, as the schema stores them (a hand edit may
    leave text there: SQLite keeps what it is given)."""
    return all(value is None or type(value) is int for value in values)


def _utc(when: datetime) -> datetime:
    """A stored time as an aware UTC time (a hand-edited one may lack its zone)."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=5)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _inspect(path: Path) -> tuple[Literal["ok", "corrupt", "newer", "unreadable"], str]:
    """What state a database file is in, without changing it."""
    try:
        with path.open("rb") as f:
            header = f.read(len(_HEADER))
    except OSError as exc:
        return "unreadable", exc.strerror or str(exc)
    if not header:
        return "ok", ""  # SQLite treats an empty file as an empty database
    if header != _HEADER:
        return "corrupt", "not an SQLite database"
    try:
        check, version = _check(path, "rw")
    except sqlite3.OperationalError as exc:
        if "readonly" not in str(exc) and "unable to open" not in str(exc):
            return _classify(exc)
        # A folder or file we may not write: look without changing anything.
        try:
            check, version = _check(path, "ro")
        except sqlite3.DatabaseError as exc2:
            return _classify(exc2)
    except sqlite3.DatabaseError as exc:
        return "corrupt", str(exc)
    if check != ["ok"]:  # a missing table is said in the window's language
        return "corrupt", check[0] if isinstance(check[0], Said) else "; ".join(
            map(str, check[:3]))
    if version > SCHEMA_VERSION:
        return "newer", str(version)
    return "ok", ""


def _check(path: Path, mode: Literal["rw", "ro"]) -> tuple[list[Any], int]:
    """SQLite's quick check and the schema version of ``path``, and whether it has the
    tables and columns of that version (a table dropped by hand fails every game's record).

    Opened read-write when allowed, so that SQLite rolls back the journal a process killed
    mid-write left behind (a read-only connection cannot, and would fail every launch).
    """
    with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True,
                                 timeout=5)) as conn:
        check = [row[0] for row in conn.execute("PRAGMA quick_check")]
        version: int = conn.execute("PRAGMA user_version").fetchone()[0]
        if check == ["ok"] and 0 < version <= SCHEMA_VERSION:
            check = _missing(_columns(conn), _schema(version)) or check
    return check, version


def _columns(conn: sqlite3.Connection) -> dict[str, set[str]]:
    """Each table's column names."""
    tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {t: {row[0] for row in conn.execute("SELECT name FROM pragma_table_info(?)", (t,))}
            for t in tables}


@functools.cache
def _schema(version: int) -> dict[str, set[str]]:
    """The tables and columns the migrations up to ``version`` make."""
    with closing(sqlite3.connect(":memory:")) as conn:
        for script in MIGRATIONS[:version]:
            for statement in _statements(script):
                conn.execute(statement)
        return _columns(conn)


def _missing(found: dict[str, set[str]], wanted: dict[str, set[str]]) -> list[str]:
    """Everything ``found`` lacks of ``wanted`` in one sentence (a list of it); [] when
    nothing (extra columns are fine). A table that is missing is named, not its columns."""
    tables = tuple(t for t in sorted(wanted) if t not in found)
    columns = tuple(f"{t}.{c}" for t in sorted(wanted) if t in found
                    for c in sorted(wanted[t] - found[t]))
    parts: list[str] = []
    if tables:
        parts.append(Said("the table {table}", table=tables[0]) if len(tables) == 1 else
                     Said("the tables {tables:and}", tables=tables))
    if columns:
        parts.append(Said("the column {column}", column=columns[0]) if len(columns) == 1 else
                     Said("the columns {columns:and}", columns=columns))
    if not parts:
        return []
    if len(tables) + len(columns) == 1:
        return [Said("{what} is missing", what=parts[0])]
    return [Said("{what:and} are missing", what=tuple(parts))]


def _classify(exc: sqlite3.DatabaseError) -> tuple[Literal["corrupt", "unreadable"], str]:
    """A failed open: damage to keep aside, or a problem (permissions, locks) to report."""
    if isinstance(exc, sqlite3.OperationalError) and not (
            "malformed" in str(exc) or "not a database" in str(exc)):
        return "unreadable", str(exc)
    return "corrupt", str(exc)


def _migrate(path: Path, upto: int = SCHEMA_VERSION) -> None:
    """Apply the migrations the file lacks, all in one ``BEGIN IMMEDIATE`` transaction.

    The version is read inside the write lock, so of several processes opening a fresh
    file at once one migrates and the others find it done (never "table already exists").
    """
    with closing(_connect(path)) as conn:
        conn.isolation_level = None  # transactions by hand
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            for n in range(version, upto):
                for statement in _statements(MIGRATIONS[n]):
                    conn.execute(statement)
            if version < upto:
                conn.execute(f"PRAGMA user_version = {upto}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


def _statements(script: str) -> Iterator[str]:
    """The complete SQL statements of a migration script, one at a time."""
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            yield buffer.strip()
            buffer = ""
    if buffer.strip():
        yield buffer.strip()
