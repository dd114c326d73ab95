"""The record of a finished game, and its replay: every stated fact re-derived by the engine.

A ``GameRecord`` is what ``casino-cli simulate --record`` writes (one JSON object a line)
and what the record book keeps: the ruleset, the seats, the seed and first dealer, each
round's moves and score, the totals and the winner. ``GameRecord.replay`` deals from the
seed, plays every move through the rules and compares everything the record states with
what the engine derives; the first difference raises ``RecordError`` naming the field.

``replay_moves`` is the one loop that re-derives a game from its moves: the record's
replay, a saved game in progress, the review's steps and Casino 33's ratings all use it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from casino.engine.errors import CasinoError
from casino.engine.game import Game
from casino.engine.moves import Move
from casino.engine.notation import parse_move
from casino.engine.ruleset import Ruleset
from casino.engine.wording import Reason, Said

RulesetLoader = Callable[[str], Ruleset]

MAX_SEED = 2**63
Seat = Annotated[StrictInt, Field(ge=0, le=3)]
MoveText = Annotated[StrictStr, Field(min_length=1, max_length=200)]
Name = Annotated[StrictStr, Field(min_length=1, max_length=40)]
Points = Annotated[StrictInt, Field(ge=-1000, le=1000)]


class RecordError(CasinoError):
    """A game record that is malformed or does not replay; ``field`` says where.

    ``field`` is a path into the record such as ``rounds[2].score (round 3)`` or ``winner``,
    ``problem`` what is wrong there, both in English; ``reason`` says the two as data, so a
    window reads a hand-edited save or record in its own language.
    """

    def __init__(self, field: str | Reason, problem: str | Reason) -> None:
        where = field if isinstance(field, Reason) else Reason.plain(field)
        what = problem if isinstance(problem, Reason) else Reason.plain(problem)
        self.reason = Reason("{field}: {problem}", field=where, problem=what)
        self.field = str(where)
        self.problem = str(what)
        super().__init__(str(self.reason))


class RoundRecord(BaseModel):
    """One round: ``(seat, move)`` in play order, and the points per category per side."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    moves: tuple[tuple[Seat, MoveText], ...] = Field(max_length=60)
    score: dict[Annotated[StrictStr, Field(max_length=40)], tuple[Points, ...]] = Field(
        max_length=20)


class GameRecord(BaseModel):
    """A whole finished game as it was played; ``replay`` checks every part of it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ruleset: StrictStr = Field(min_length=1, max_length=4096)
    """The ruleset's name, or its file's path when it was played from a file (``Ruleset.ref``)."""
    seed: Annotated[StrictInt, Field(ge=-MAX_SEED, lt=MAX_SEED)] | Annotated[
        StrictStr, Field(max_length=200)]
    players: tuple[Name, ...] = Field(min_length=2, max_length=4)
    first_dealer: Seat
    teams: bool | None = None
    """Four players as two teams or each alone; None (and older records): as the ruleset has
    it."""
    rounds: tuple[RoundRecord, ...] = Field(min_length=1, max_length=100)
    totals: tuple[StrictInt, ...] | None = None
    """Game points per side; optional, for records written before it was kept."""
    winner: Annotated[StrictInt, Field(ge=0, le=3)] | None
    daily: date | None = None

    @classmethod
    def from_game(cls, game: Game, names: Sequence[str],
                  moves: Sequence[Sequence[tuple[int, str]]]) -> GameRecord:
        """The record of ``game`` played with ``moves`` (per round, ``(seat, text)``)."""
        return cls.model_validate({
            "ruleset": game.ruleset.ref,
            "seed": game.seed,
            "players": tuple(names),
            "first_dealer": game.first_dealer,
            "teams": game.teams,
            "rounds": tuple(
                RoundRecord(moves=tuple((seat, text) for seat, text in round_moves),
                            score=dict(score.by_category()))
                for round_moves, score in zip(moves, game.scores, strict=False)),
            "totals": game.totals,
            "winner": game.winner(),
        })

    @classmethod
    def parse(cls, data: object) -> GameRecord:
        """A record from decoded JSON (a dict); RecordError naming the first bad field."""
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            raise _record_error(exc) from None

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """A record from one line of JSON; RecordError for anything that is not one."""
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except RecursionError:
            raise RecordError("(record)", "nested too deeply to be a game record") from None
        except ValueError as exc:  # not JSON, bad UTF-8, a number of thousands of digits
            raise RecordError("(record)", f"not JSON ({str(exc)[:120]})") from None
        if not isinstance(data, dict):
            raise RecordError("(record)", f"a JSON object expected, not {type(data).__name__}")
        return cls.parse(data)

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON data (lists, not tuples); ``daily`` only when set."""
        data: dict[str, Any] = self.model_dump(mode="json", exclude_none=True)
        if self.winner is None:
            data["winner"] = None
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def replay(self, load_ruleset: RulesetLoader) -> Game:
        """Re-play the record and check every stated fact; the final game.

        Raises RecordError at the first difference: a ruleset that does not load, seats
        the ruleset does not seat, a move out of turn or illegal, a round whose moves stop
        early, a score, the number of rounds, the totals or the winner.
        """
        return self.replayed(load_ruleset).game

    def plies(self, load_ruleset: RulesetLoader) -> tuple[Ply, ...]:
        """Every move of the game as it replays, checked as ``replay`` checks them."""
        return self.replayed(load_ruleset).plies

    def replayed(self, load_ruleset: RulesetLoader) -> Replayed:
        """The checked replay (see ``replay``): every move, and the final game."""
        try:
            ruleset = load_ruleset(self.ruleset)
        except CasinoError as exc:
            raise RecordError("ruleset", error_reason(exc)) from None
        game = start_game(ruleset, len(self.players), self.seed, self.first_dealer, self.teams)
        done = replay_moves(game, [rnd.moves for rnd in self.rounds],
                            [rnd.score for rnd in self.rounds])
        game = done.game
        if not game.is_over():
            raise RecordError("rounds", Reason(
                "the game is not over after {rounds} rounds (totals {totals})",
                rounds=len(self.rounds), totals=_dashed(game.totals)))
        if self.totals is not None and tuple(self.totals) != game.totals:
            raise RecordError("totals", Reason("{recorded} recorded, {replayed} replayed",
                                               recorded=_dashed(self.totals),
                                               replayed=_dashed(game.totals)))
        if self.winner != game.winner():
            raise RecordError("winner", Reason("{recorded} recorded, {replayed} replayed",
                                               recorded=str(self.winner),
                                               replayed=str(game.winner())))
        return done


@dataclass(frozen=True, slots=True)
class Ply:
    """One move of a replayed game: the game before it, who played it, the move, and the
    game after it (a round the move ends is scored, the next one not yet dealt)."""

    before: Game
    seat: int
    move: Move
    after: Game


@dataclass(frozen=True, slots=True)
class Replayed:
    """A replay: every move in order, and the game after them (with a last round that was
    dealt before any move of it, that round)."""

    plies: tuple[Ply, ...]
    game: Game


def start_game(ruleset: Ruleset, players: int, seed: int | str, first_dealer: int,
               teams: bool | None) -> Game:
    """The first deal of a recorded or saved game; RecordError for seats that do not fit."""
    if players not in ruleset.players:
        raise RecordError("players", Reason("{count} seats; {ruleset} is played by {counts}",
                                            count=players, ruleset=ruleset.name,
                                            counts=tuple(map(str, ruleset.players))))
    if first_dealer >= players:
        raise RecordError("first_dealer", Reason(
            "{dealer} is not one of the {count} seats (0 to {last})", dealer=first_dealer,
            count=players, last=players - 1))
    try:
        return Game.start(ruleset, players, seed, first_dealer, teams)
    except ValueError as exc:
        raise RecordError("teams", error_reason(exc)) from None


def replay_moves(
    game: Game, rounds: Sequence[Sequence[tuple[int, str]]],
    scores: Sequence[Mapping[str, Sequence[int]]] | None = None,
) -> Replayed:
    """Play ``rounds`` of ``(seat, move text)`` from ``game``'s first deal, dealing each
    further round when the one before has ended; every move checked through the rules.

    This is the one loop that re-derives a game from its moves. Without ``scores`` (a game
    in progress) the last round may stop anywhere; with them (a finished game's record)
    every round must end with its moves and have the recorded score. Raises RecordError at
    the first fault, naming the round and the move.
    """
    plies: list[Ply] = []
    for r, moves in enumerate(rounds):
        if r:
            if not game.round.is_over():
                raise RecordError(_in_round(r), Reason(
                    "round {number} had not ended when round {next} began", number=r,
                    next=r + 1))
            if game.is_over():
                raise RecordError("rounds", Reason(
                    "the game was over after {count} rounds, but the record has {rounds}",
                    count=r, rounds=len(rounds)))
            game = game.next_round()
        for k, (seat, text) in enumerate(moves):
            where = Reason("{field} (round {round} move {move})",
                           field=f"rounds[{r}].moves[{k}]", round=r + 1, move=k + 1)
            state = game.round
            shown = _cut(repr(text))
            if state.is_over():
                raise RecordError(where, Reason("{move} after the round ended", move=shown))
            if seat != state.to_move:
                raise RecordError(where, Reason(
                    "{move} by seat {seat}, but it was seat {turn}'s turn", move=shown,
                    seat=seat, turn=state.to_move))
            try:
                move = parse_move(state, text)
                after = game.play(move)
            except CasinoError as exc:
                raise RecordError(where, Reason("{move}: {error}", move=shown,
                                                error=error_reason(exc))) from None
            plies.append(Ply(game, seat, move, after))
            game = after
        if scores is not None:
            _check_round(game, scores[r], r)
    return Replayed(tuple(plies), game)


def _check_round(game: Game, score: Mapping[str, Sequence[int]], r: int) -> None:
    """A recorded round ends with its moves and has the recorded score."""
    if not game.round.is_over():
        raise RecordError(_in_round(r, ".moves"), Reason("the moves end before the round does"))
    replayed = {name: list(column) for name, column in game.scores[-1].by_category().items()}
    recorded = {name: list(column) for name, column in score.items()}
    if recorded != replayed:
        raise RecordError(_in_round(r, ".score"), Reason(
            "{recorded} recorded, {replayed} replayed", recorded=_cut(str(recorded), 200),
            replayed=_cut(str(replayed), 200)))


def _in_round(r: int, part: str = "") -> Reason:
    """A round's field, with the round counted as a player counts: ``rounds[2].score
    (round 3)``."""
    return Reason("{field} (round {round})", field=f"rounds[{r}]{part}", round=r + 1)


def error_reason(exc: Exception) -> Reason:
    """An error's reason as data where it has one (an illegal move, a bad card, a ruleset's
    field), else its English text: what a file's reader says in the player's language."""
    reason = getattr(exc, "reason", None)
    if isinstance(reason, Reason):
        return reason
    said = exc.args[0] if exc.args else None
    return said.reason if isinstance(said, Said) else Reason.plain(str(exc))


def _cut(text: str, most: int = 60) -> str:
    """``text`` cut short to ``most`` characters, its end kept (a quote or a brace)."""
    return text if len(text) <= most else text[:most - 5] + "\u2026" + text[-4:]


def _dashed(values: Sequence[int]) -> str:
    return "\u2013".join(map(str, values))


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a record can hold")


def _record_error(exc: ValidationError) -> RecordError:
    """The first validation problem as a RecordError with the field's path."""
    error = exc.errors()[0]
    path = ""
    for part in error["loc"]:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    shown = _cut(repr(error.get("input")))
    return RecordError(path or "(record)", f"{error['msg']} (found {shown})")
