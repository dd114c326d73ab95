"""The game record: built from a played game, and a replay that checks all it states."""

from __future__ import annotations

import json
from typing import Any

import pytest

from casino.ai.basic import GreedyPolicy
from casino.ai.play import play_game
from casino.engine import load_ruleset
from casino.engine.record import GameRecord, RecordError


def _record(ruleset: str = "classic", players: int = 2, seed: str = "rec") -> GameRecord:
    rs = load_ruleset(ruleset)
    policies = [GreedyPolicy(seed=f"{seed}:{i}") for i in range(players)]
    played = play_game(rs, seed, policies)
    game, moves = played.game, played.move_texts()
    return GameRecord.from_game(game, [f"P{i}" for i in range(players)], moves)


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    record = _record()
    assert len(record.rounds) >= 2 and record.winner is not None
    return record.to_dict()


def check(data: dict[str, Any]) -> RecordError:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(json.dumps(data)).replay(load_ruleset)
    return info.value


@pytest.mark.parametrize("ruleset,players", [("classic", 2), ("classic", 4), ("royal", 3),
                                             ("kasino", 2), ("casino33", 2), ("draw", 2)])
def test_a_played_game_round_trips_and_replays(ruleset: str, players: int) -> None:
    record = _record(ruleset, players)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    game = again.replay(load_ruleset)
    assert game.is_over() and game.totals == record.totals and game.winner() == record.winner


def test_every_stated_fact_is_checked(data: dict[str, Any]) -> None:
    """Issue 15 #8: each of these tamperings used to replay as 'consistent'."""
    other = 1 - data["winner"]
    cases: list[tuple[dict[str, Any], str]] = [
        ({"rounds": data["rounds"][:-1]}, "rounds"),
        ({"winner": other}, "winner"),
        ({"winner": None}, "winner"),
        ({"winner": 42}, "winner"),
        ({"first_dealer": 7}, "first_dealer"),
        ({"first_dealer": -1}, "first_dealer"),
        ({"first_dealer": 1 - data["first_dealer"]}, "rounds[0].moves[0]"),
        ({"totals": [data["totals"][1], data["totals"][0]]}, "totals"),
        ({"players": ["A", "B", "C"]}, "rounds[0].moves[0]"),
        ({"players": ["A"]}, "players"),
        ({"seed": "another"}, "rounds[0].moves"),
        ({"rounds": [*data["rounds"], data["rounds"][-1]]}, "rounds"),
    ]
    for change, field in cases:
        error = check({**data, **change})
        assert error.field.startswith(field), (change, str(error))


def test_a_changed_round_score_is_named(data: dict[str, Any]) -> None:
    rounds = json.loads(json.dumps(data["rounds"]))
    rounds[1]["score"]["cards"] = rounds[1]["score"]["cards"][::-1]
    if rounds[1]["score"]["cards"] == data["rounds"][1]["score"]["cards"]:
        rounds[1]["score"]["aces"] = [4, 0]
    error = check({**data, "rounds": rounds})
    assert error.field == "rounds[1].score (round 2)" and "replayed" in error.problem


def test_a_move_out_of_turn_names_both_seats(data: dict[str, Any]) -> None:
    """Issue 15 #13: the message said "seat 0 moved but it was seat 0's turn"."""
    rounds = json.loads(json.dumps(data["rounds"]))
    seat, text = rounds[0]["moves"][0]
    rounds[0]["moves"][0] = [1 - seat, text]
    error = check({**data, "rounds": rounds})
    assert f"by seat {1 - seat}, but it was seat {seat}'s turn" in str(error)
    rounds[0]["moves"][0] = [str(seat), text]  # a seat written as text is not a seat
    error = check({**data, "rounds": rounds})
    assert error.field == "rounds[0].moves[0][0]" and "integer" in error.problem


MALFORMED = {
    "no score": lambda d: {**d, "rounds": [{"moves": r["moves"]} for r in d["rounds"]]},
    "moves not pairs": lambda d: {**d, "rounds": [{**d["rounds"][0], "moves": [[0]]}]},
    "move not text": lambda d: {**d, "rounds": [{**d["rounds"][0], "moves": [[0, 5]]}]},
    "rounds a string": lambda d: {**d, "rounds": "many"},
    "rounds null": lambda d: {**d, "rounds": None},
    "rounds empty": lambda d: {**d, "rounds": []},
    "unknown key": lambda d: {**d, "cheat": True},
    "seed a float": lambda d: {**d, "seed": 1.5},
    "winner true": lambda d: {**d, "winner": True},
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_records_raise_record_error(data: dict[str, Any], case: str) -> None:
    error = check(MALFORMED[case](data))
    assert error.field and len(str(error)) < 300


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,
    '{"seed": ' + "7" * 5000 + "}",
    '{"seed": Infinity}',
    '{"seed": NaN}',
    "[1, 2]",
    "not json",
    b"\xff\xfe",
])
def test_text_that_is_no_record_raises_record_error(text: str | bytes) -> None:
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(text)
    assert info.value.field == "(record)" or info.value.field == "seed"
