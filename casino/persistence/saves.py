"""The game in progress: a small JSON document of the deal and the moves, replayed to resume.

The save holds what fixes a game (ruleset, players, seed, first dealer) and every move in
the engine's notation, round by round. Resuming re-plays the moves through the engine, so a
resumed ``Game`` is the saved one exactly. Undo is the same move list with its tail cut off.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import json
import os
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Annotated, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from casino.engine import Game, Move, Ruleset
from casino.engine.errors import CasinoError
from casino.engine.notation import format_move
from casino.engine.record import RecordError, error_reason, replay_moves, start_game
from casino.engine.ruleset import name_problem
from casino.engine.wording import Reason, Said
from casino.persistence.files import (
    Loaded,
    atomic_write,
    clean_temporary,
    data_dir,
    describe_os_error,
    keep_aside,
    move_no_clobber,
    process_alive,
    read_limited,
    shorten,
)
from casino.persistence.problems import invalid

FILE_NAME = "current-game.json"
LOCK_NAME = "current-game.lock"

RulesetLoader = Callable[[str], Ruleset]


class SaveError(ValueError):
    """A save that does not replay: names the round and move where it goes wrong.

    ``reason`` says it as data, for a window in another language; ``str()`` in English."""

    def __init__(self, reason: Reason | str) -> None:
        self.reason = reason if isinstance(reason, Reason) else Reason.plain(reason)
        super().__init__(str(self.reason))


class SeatInfo(BaseModel):
    """Who sits in a seat: a name, and the computer level (None for the person)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    level: str | None = None


SeatMove = tuple[Annotated[int, Field(ge=0, le=3)], Annotated[str, Field(max_length=200)]]


class SavedGame(BaseModel):
    """A game as moves from a seed; ``rounds[r]`` lists ``(seat, move text)`` in play order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: Literal[1] = 1
    ruleset: str = Field(min_length=1, max_length=4096)
    """The ruleset's name, or the absolute path of the file it was played from (its ``ref``)."""
    ruleset_digest: str | None = Field(None, max_length=64)
    """The rules' fingerprint when the game started (``Ruleset.digest``): a changed file is
    noticed. None in saves written before it was kept."""
    players: tuple[SeatInfo, ...] = Field(min_length=2, max_length=4)
    seed: int | str
    first_dealer: int = Field(ge=0, le=3)
    teams: bool | None = None
    """Four players as two teams or each alone; None (and older saves): as the ruleset has it."""
    rounds: tuple[tuple[SeatMove, ...], ...] = ((),)
    undo_used: bool = False
    daily: date | None = None
    started: datetime = Field(default_factory=lambda: datetime.now(UTC))

    @field_validator("ruleset")
    @classmethod
    def _a_ruleset_ref(cls, ref: str) -> str:
        if ref.startswith("/") and ref.endswith(".toml"):
            return ref
        problem = name_problem(ref)
        if problem is not None:
            raise ValueError(f"{problem} (a ruleset's name, or a .toml file's full path)")
        return ref

    @classmethod
    def new(cls, game: Game, players: Sequence[SeatInfo], daily: date | None = None) -> SavedGame:
        """The save of a game just started with ``Game.start``."""
        if len(players) != game.players:
            raise ValueError(f"{len(players)} seats named for a {game.players}-player game")
        return cls(ruleset=game.ruleset.ref, ruleset_digest=game.ruleset.digest,
                   players=tuple(players), seed=game.seed, first_dealer=game.first_dealer,
                   teams=game.teams, daily=daily)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def moves(self) -> list[list[tuple[int, str]]]:
        """The moves per round as ``GameRecord.from_game`` takes them."""
        return [[(seat, text) for seat, text in rnd] for rnd in self.rounds]

    def with_move(self, before: Game, move: Move) -> SavedGame:
        """This save after ``move`` is played in ``before`` (the game as it was before it)."""
        entry = (before.round.to_move, format_move(move))
        rounds = list(self.rounds)
        while len(rounds) <= before.round_index:
            rounds.append(())
        rounds[before.round_index] = (*rounds[before.round_index], entry)
        return self.model_copy(update={"rounds": tuple(rounds)})

    def with_next_round(self, game: Game) -> SavedGame:
        """This save once ``game`` (the game after ``next_round``) has dealt a new round."""
        rounds = list(self.rounds)
        while len(rounds) <= game.round_index:
            rounds.append(())
        return self.model_copy(update={"rounds": tuple(rounds)})

    def undone(self, seat: int = 0) -> SavedGame | None:
        """The save before ``seat``'s last move and every move after it; None if it has none.

        This is "undo my last move and the computer's reply"; the result is marked as a game
        in which undo was used.
        """
        for r in range(len(self.rounds) - 1, -1, -1):
            for k in range(len(self.rounds[r]) - 1, -1, -1):
                if self.rounds[r][k][0] == seat:
                    rounds = (*self.rounds[:r], self.rounds[r][:k])
                    return self.model_copy(update={"rounds": rounds, "undo_used": True})
        return None

    def move_count(self) -> int:
        return sum(len(r) for r in self.rounds)

    def to_json(self) -> str:
        return self.model_dump_json(indent=1)


def default_loader(name: str) -> Ruleset:
    """A ruleset by name, bundled or from the user's rulesets folder, or by file path."""
    from casino.persistence.rulesets import get_ruleset

    return get_ruleset(name)


def replay(save: SavedGame, load_ruleset: RulesetLoader = default_loader) -> Game:
    """The game the save describes, every move checked; raises SaveError at the first fault."""
    try:
        ruleset = load_ruleset(save.ruleset)
    except CasinoError as exc:
        raise SaveError(Reason("ruleset {name}: {error}", name=repr(shorten(save.ruleset, 200)),
                               error=error_reason(exc))) from None
    try:
        game = start_game(ruleset, len(save.players), save.seed, save.first_dealer, save.teams)
        return replay_moves(game, save.rounds).game
    except RecordError as exc:
        raise SaveError(exc.reason) from None


def save_path(directory: Path | None = None) -> Path:
    return data_dir(directory) / FILE_NAME


def lock_path(directory: Path | None = None) -> Path:
    return data_dir(directory) / LOCK_NAME


def _process_stamp(pid: int) -> str:
    """When process ``pid`` started (Linux), so a reused pid is not taken for the owner."""
    try:
        stat_line = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return ""
    fields = stat_line.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else ""


def slot_owner(directory: Path | None = None) -> int | None:
    """The pid of another running Casino that holds the save slot, or None if it is free.

    The slot is ``current-game.lock`` beside the save, holding its owner's pid and start
    time; a lock whose process is gone (killed, crashed) is stale and counts as free.
    """
    try:
        text = read_limited(lock_path(directory), 200).decode("ascii")
        pid_text, _, stamp = text.strip().partition(" ")
        pid = int(pid_text)
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError):
        return None  # a damaged lock protects nothing: it is replaced
    if pid == os.getpid() or not process_alive(pid):
        return None
    if stamp and _process_stamp(pid) not in ("", stamp):
        return None  # the pid now belongs to another process
    return pid


def claim_slot(directory: Path | None = None) -> str | None:
    """Make this process the owner of the save slot; None on success, else why not."""
    owner = slot_owner(directory)
    path = lock_path(directory)
    if owner is not None:
        return Said("{path}: another Casino window (process {pid}) is playing the saved game; "
                    "this game is not saved. Finish or close the other one.",
                    path=str(save_path(directory)), pid=owner)
    mine = f"{os.getpid()} {_process_stamp(os.getpid())}".strip()
    try:
        if path.read_text(encoding="ascii").strip() == mine:
            return None
    except (OSError, UnicodeDecodeError):
        pass
    try:
        atomic_write(path, mine.encode("ascii") + b"\n")
    except OSError as exc:
        return Said("{path}: game not saved ({error})", path=str(save_path(directory)),
                    error=describe_os_error(exc))
    return None


def release_slot(directory: Path | None = None) -> None:
    """Give the slot up if this process holds it (a finished game)."""
    path = lock_path(directory)
    with contextlib.suppress(OSError, UnicodeDecodeError, ValueError):
        if int(path.read_text(encoding="ascii").split()[0]) == os.getpid():
            path.unlink()


def _same_game(a: SavedGame, b: SavedGame) -> bool:
    return (a.ruleset, a.seed, a.first_dealer, a.started, a.players) == (
        b.ruleset, b.seed, b.first_dealer, b.started, b.players)


def _read_save(path: Path) -> SavedGame:
    """The save in ``path`` (not replayed); OSError, or ValueError for a damaged one."""
    raw = read_limited(path)
    try:
        return SavedGame.model_validate(json.loads(raw.decode("utf-8")))
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _keep_damaged(path: Path, problem: str) -> str:
    backup = keep_aside(path)
    if backup is None:
        return Said("{path}: game not saved: the damaged save there could not be kept aside",
                    path=str(path))
    return Said("{path}: a damaged save ({problem}) was kept as {backup}", path=str(path),
                problem=problem, backup=str(backup))


def _keep_newer(path: Path, found: int) -> str:
    """Keep aside a save that a later version wrote: sound, only not readable here."""
    backup = keep_aside(path, label="newer")
    if backup is None:
        return Said("{path}: game not saved: the save there, {newer}, could not be kept aside",
                    path=str(path), newer=_newer_said(found))
    return Said("{path}: a save {newer} was kept as {backup}; resume it with that version",
                path=str(path), newer=_newer_said(found), backup=str(backup))


def _newer_said(found: int) -> str:
    """What a newer-format save is, said alike when saving over it and when resuming it."""
    return Said("written by a newer version of Casino (format {found}; this version reads "
                "format 1)", found=found)


PUT_ASIDE = Reason("Your {title} game in progress, started {started}, was put aside: it is "
                   "offered again once this game is over.").message  # Reason: for the catalogue
"""The notice of a game put aside for a new one: news for the person, not a problem."""


def person_moved(save: SavedGame) -> bool:
    """Whether the person has made a move in ``save``: a game left before its first move is
    replaced, not put aside (it came back at the title as "0 moves played", ahead of the
    game that had been put aside for it)."""
    people = {seat for seat, info in enumerate(save.players) if info.level is None}
    return any(seat in people for moves in save.rounds for seat, _move in moves)


def save_game(save: SavedGame, directory: Path | None = None) -> str | None:
    """Write the game in progress atomically; None on success, else a message to show.

    Another game already in the slot is never overwritten unless the person has not moved
    in it yet (``person_moved``): a different game in progress is kept as
    ``current-game.json.unfinished-<time>``, a damaged save as ``.broken-<time>`` (one a
    newer version wrote as ``.newer-<time>``); the message says so (for a game in progress
    in words for the person: which game, and that it comes back, not where it is
    filed). While another running Casino holds the slot nothing is written.
    """
    path = save_path(directory)
    refused = claim_slot(directory)
    if refused:
        return refused
    notice = None
    present: SavedGame | None = None
    try:
        present = _read_save(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        if exc.errno == errno.EISDIR:  # someone's folder: not ours to move
            return Said("{path}: game not saved ({error})", path=str(path),
                        error=describe_os_error(exc))
        notice = _keep_damaged(path, describe_os_error(exc))
    except ValidationError as exc:
        newer = _newer_in(path)
        notice = (_keep_damaged(path, invalid(exc)) if newer is None
                  else _keep_newer(path, newer))
    except ValueError as exc:
        notice = _keep_damaged(path, shorten(str(exc), 200))
    if notice is not None and path.exists():
        return notice
    if present is not None and not _same_game(present, save) and person_moved(present):
        backup = keep_aside(path, label="unfinished")
        if backup is None:
            return Said("{path}: game not saved: the game in progress there could not be kept "
                        "aside", path=str(path))
        notice = Said(PUT_ASIDE, title=_title_of(present), started=_started(present))
    try:
        atomic_write(path, save.to_json().encode("utf-8"))
    except OSError as exc:
        return Said("{path}: game not saved ({error})", path=str(path),
                    error=describe_os_error(exc))
    return notice


def holds(save: SavedGame, directory: Path | None = None) -> bool:
    """Whether the save file holds ``save`` as it is now (its last write went through)."""
    try:
        return read_limited(save_path(directory)) == save.to_json().encode("utf-8")
    except OSError:
        return False


def load_game(
    directory: Path | None = None, load_ruleset: RulesetLoader = default_loader,
) -> Loaded[tuple[SavedGame, Game] | None]:
    """The saved game and the ``Game`` it replays to, or None when there is none to resume.

    A game that had ended (the program stopped before it was recorded) comes back too:
    ``game.is_over()`` tells the caller to record it and ``discard_game``.

    A save that is not JSON, not this format, or does not replay is renamed to
    ``current-game.json.broken-<time>`` (``.newer-<time>`` when a later version wrote it) with
    a message; nothing raises.
    """
    path = save_path(directory)
    clean_temporary(path.parent)
    owner = slot_owner(directory)
    if owner is not None:
        return Loaded(None, (Said("{path}: another Casino window (process {pid}) is playing "
                                  "the saved game; it can be resumed once that window is "
                                  "closed", path=str(path), pid=owner),))
    brought = _bring_back_unfinished(path)
    back = () if brought is None else (_back_said(brought),)
    label = "broken"
    try:
        raw = read_limited(path)
    except FileNotFoundError:
        return Loaded(None)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.EFBIG):  # no permission, a folder...
            return Loaded(None, (Said("{path}: cannot read the saved game ({error})",
                                      path=str(path), error=describe_os_error(exc)),))
        problem = describe_os_error(exc)  # a pipe or a huge file: moved aside
    else:
        loaded = _resume(raw, load_ruleset)
        if isinstance(loaded, _Waiting):  # its ruleset is gone or changed: the save stays
            return Loaded(None, (*back, Said("{path}: {problem}", path=str(path),
                                             problem=loaded.message)))
        if not isinstance(loaded, str):
            save, game, notes = loaded
            return Loaded((save, game), (*back, *(Said("{path}: {problem}", path=str(path),
                                                       problem=n) for n in notes)))
        problem = loaded
        if _newer_format(raw) is not None:
            label = "newer"  # sound: only this version cannot read it
    message = Said("{path}: the saved game cannot be resumed: {problem}", path=str(path),
                   problem=problem)
    backup = keep_aside(path, label=label)
    if backup is None:
        return Loaded(None, (message, Said("{path}: could not be moved aside; it is left in "
                                           "place", path=str(path))))
    return Loaded(None, (message, Said("the file is kept as {backup}", backup=str(backup))))


def bring_back_unfinished(directory: Path | None = None) -> SavedGame | None:
    """``load_game``'s first step on its own, for a caller that offers the game brought back
    in its own words: the newest game put aside, back in the free slot; None when there is
    none, the slot is taken, or another window holds it."""
    if slot_owner(directory) is not None:
        return None
    return _bring_back_unfinished(save_path(directory))


def _bring_back_unfinished(path: Path) -> SavedGame | None:
    """With no save in the slot, put back the newest game kept aside as unfinished; the game
    brought back (None when none was, or it does not read: the load says what is wrong).

    A game in progress that a new game displaced (``save_game``) is offered again once the
    slot is free, so "Not now" never means "never". Each one comes back in turn, the newest
    first, as the games before it end: none is left behind unseen.
    """
    if path.exists():
        return None
    kept = sorted(path.parent.glob(f"{glob.escape(path.name)}.unfinished-*"))
    if not kept:
        return None
    try:
        move_no_clobber(kept[-1], path)
        return _read_save(path)
    except (OSError, ValueError):
        return None


def _back_said(save: SavedGame) -> str:
    """The notice that a game put aside is back in the slot, worded for the person."""
    return Said("Your {title} game put aside earlier (started {started}) is back: resume it "
                "now or later.", title=_title_of(save), started=_started(save))


def _title_of(save: SavedGame) -> Reason:
    """The title of a save's ruleset, as the title screen names it (in the window's
    language); its name when the ruleset does not load."""
    try:
        title = default_loader(save.ruleset).title
    except CasinoError:
        return Reason.plain(shorten(Path(save.ruleset).stem, 60))
    return Reason(title.replace("{", "{{").replace("}", "}}"))  # a title, not a template


def _started(save: SavedGame) -> str:
    """When a saved game started, in local time to the minute."""
    return save.started.astimezone().strftime("%Y-%m-%d %H:%M")


class _Waiting(NamedTuple):
    """A save that is sound but cannot go on now: its ruleset is gone or changed. It stays
    where it is, to resume once the ruleset is back."""

    message: str


def _resume(raw: bytes, load_ruleset: RulesetLoader
            ) -> tuple[SavedGame, Game, tuple[str, ...]] | _Waiting | str:
    """The save, its game and notes from a file's bytes; a save waiting for its ruleset; or
    what is wrong with them."""
    try:
        save = SavedGame.model_validate(json.loads(raw.decode("utf-8")))
        return _with_ruleset(save, load_ruleset)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return Said("not a saved game ({error})", error=str(exc))
    except ValidationError as exc:
        newer = _newer_format(raw)
        if newer is not None:
            return Said("{newer}: resume it with that version", newer=_newer_said(newer))
        return invalid(exc)
    except SaveError as exc:
        return Said("does not replay: {error}", error=exc.reason)
    except RecursionError:
        return Said("not a saved game ({error})", error=Said("nested too deeply"))
    except ValueError as exc:  # e.g. a number of thousands of digits
        return Said("not a saved game ({error})", error=shorten(str(exc), 200))


def _newer_in(path: Path) -> int | None:
    """The format number of the save in ``path`` if a later version wrote it, else None."""
    try:
        return _newer_format(read_limited(path))
    except OSError:
        return None


def _newer_format(raw: bytes) -> int | None:
    """The format number of a save that a later version of the game wrote, else None."""
    with contextlib.suppress(ValueError, RecursionError):
        data = json.loads(raw.decode("utf-8"))
        if isinstance(data, dict) and type(data.get("format")) is int and data["format"] > 1:
            return int(data["format"])
    return None


def _with_ruleset(save: SavedGame, load_ruleset: RulesetLoader
                  ) -> tuple[SavedGame, Game, tuple[str, ...]] | _Waiting:
    """Replay a save under its ruleset as it is now; a ruleset that is gone, or changed so
    that the moves no longer replay, leaves the save waiting (SaveError for other faults)."""
    keep = Said("The save is kept: it can be resumed once the ruleset is back as it was.")
    try:
        ruleset = load_ruleset(save.ruleset)
    except CasinoError as exc:
        return _Waiting(Said("your saved game cannot be resumed now: its ruleset {name} is "
                             "not there or does not load ({error}). {keep}",
                             name=repr(shorten(save.ruleset, 200)),
                             error=shorten(str(exc), 300), keep=keep))
    changed = save.ruleset_digest is not None and not ruleset.same_rules(save.ruleset_digest)
    try:
        game = replay(save, lambda _name: ruleset)
    except SaveError as exc:
        if not changed:
            raise
        return _Waiting(Said("your saved game cannot be resumed now: its ruleset {title} "
                             "({name}) changed since the game was saved, and the game does "
                             "not replay under the new rules ({error}). {keep}",
                             title=ruleset.title, name=shorten(save.ruleset, 200),
                             error=exc.reason, keep=keep))
    if not changed:
        return save, game, ()
    note = Said("the ruleset {title} ({name}) changed since this game was saved; every move "
                "so far is legal under the new rules, so the game goes on under them",
                title=ruleset.title, name=shorten(save.ruleset, 200))
    return save.model_copy(update={"ruleset_digest": ruleset.digest}), game, (note,)


def discard_game(directory: Path | None = None, save: SavedGame | None = None) -> str | None:
    """Remove the save of a game that has ended (after it was recorded); None on success.

    With ``save``, the file is removed only if it holds that game: another instance's game
    in progress stays.
    """
    path = save_path(directory)
    try:
        if save is not None and not _same_game(_read_save(path), save):
            release_slot(directory)
            return None
    except FileNotFoundError:
        release_slot(directory)
        return None
    except (OSError, ValueError):
        release_slot(directory)
        return None  # damaged: never deleted; the next load_game keeps it aside
    try:
        path.unlink(missing_ok=True)
    except OSError as exc:
        return Said("{path}: could not remove the finished game's save ({error})",
                    path=str(path), error=describe_os_error(exc))
    release_slot(directory)
    return None
