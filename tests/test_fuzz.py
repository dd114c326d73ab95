"""Any bytes into the readers of saves, settings, game records and positions give a value or
the project's own error (a message, ``RecordError``, ``NotationError``), never another
exception. The default run is short; ``-m slow`` runs each reader on many more inputs."""

from __future__ import annotations

import contextlib
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from casino.ai.basic import GreedyPolicy
from casino.ai.play import play_game
from casino.cli import get_ruleset
from casino.engine import CasinoError, legal_moves, load_ruleset
from casino.engine.notation import format_position, parse_position
from casino.engine.record import GameRecord, RecordError
from casino.persistence import Settings, load_game, load_settings
from casino.persistence.settings import to_toml
from tests.persistence.conftest import play

SHORT = settings(max_examples=120, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=3000, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])

HOSTILE = st.sampled_from([
    "9" * 5000, "-" + "7" * 4400, "Infinity", "-Infinity", "NaN", "1e999", "-0", "2.5",
    "[" * 5000 + "]" * 5000, "{\"a\": " * 3000 + "1" + "}" * 3000,
    '"' + "x" * 100_000 + '"', '"' + "r" * 300 + '"', '"/tmp"', '"../../etc/passwd.toml"',
    "true", "null", "[]", "{}", '"0"', "-1", "4", "99", str(2**64),
])
"""Raw JSON tokens that broke the readers before (issue 15): digits, nesting, sizes."""
SENTINEL = "\u0001hostile\u0001"

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats()
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=5),
    max_leaves=20)


def _valid_save() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(play(moves=12)[1].to_json())
    return data


def _valid_record() -> dict[str, Any]:
    ruleset = load_ruleset("classic")
    played = play_game(ruleset, "fuzz", [GreedyPolicy(seed=0), GreedyPolicy(seed=1)])
    game, moves = played.game, played.move_texts()
    return GameRecord.from_game(game, ["A", "B"], moves).to_dict()


SAVE = _valid_save()
RECORD = _valid_record()
POSITION = format_position(play(moves=7)[0].round)


def mutated(base: dict[str, Any]) -> st.SearchStrategy[bytes]:
    """``base`` as JSON with one value anywhere in it replaced, deleted or added."""

    @st.composite
    def build(draw: st.DrawFn) -> bytes:
        data = json.loads(json.dumps(base))
        node: Any = data
        for _ in range(draw(st.integers(0, 4))):
            if isinstance(node, dict) and node:
                key = draw(st.sampled_from(sorted(node)))
                if not isinstance(node[key], dict | list) or not node[key]:
                    break
                node = node[key]
            elif isinstance(node, list) and node:
                index = draw(st.integers(0, len(node) - 1))
                if not isinstance(node[index], dict | list) or not node[index]:
                    break
                node = node[index]
        value = SENTINEL if draw(st.booleans()) else draw(JSON)
        if isinstance(node, dict):
            key = draw(st.sampled_from(sorted(node)) | st.text(max_size=8)) if node else "x"
            if draw(st.booleans()) and key in node:
                del node[key]
            else:
                node[key] = value
        elif isinstance(node, list) and node:
            node[draw(st.integers(0, len(node) - 1))] = value
        text = json.dumps(data)
        if json.dumps(SENTINEL) in text:
            text = text.replace(json.dumps(SENTINEL), draw(HOSTILE))
        cut = draw(st.integers(0, 3))
        return text.encode()[: len(text) - cut * 7] if cut == 3 else text.encode()

    return build()


def inputs(base: bytes, structured: st.SearchStrategy[bytes]) -> st.SearchStrategy[bytes]:
    """Raw bytes, the valid text with bytes flipped, and structured mutations."""
    flipped = st.tuples(st.integers(0, max(0, len(base) - 1)), st.binary(min_size=1,
                                                                         max_size=4)).map(
        lambda t: base[: t[0]] + t[1] + base[t[0] + len(t[1]):])
    return st.one_of(st.binary(max_size=300), flipped, structured, structured)


def in_folder(name: str, data: bytes, read: Callable[[Path], object]) -> object:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / name).write_bytes(data)
        return read(Path(folder))


def check_save(data: bytes) -> None:
    value, messages = in_folder("current-game.json", data, lambda d: load_game(d))  # type: ignore[misc]
    assert value is not None or messages or not data


def check_settings(data: bytes) -> None:
    value, _ = in_folder("settings.toml", data, lambda d: load_settings(d))  # type: ignore[misc]
    assert isinstance(value, Settings)


def check_record(data: bytes) -> None:
    with contextlib.suppress(RecordError):
        GameRecord.from_json(data).replay(get_ruleset)


def check_position(text: str) -> None:
    for name in ("classic", "kasino", "casino33", "munter"):
        try:
            state = parse_position(load_ruleset(name), text)
        except CasinoError:
            continue
        legal_moves(state)


SAVES = inputs(json.dumps(SAVE).encode(), mutated(SAVE))
TOML_HOSTILE = st.builds(
    "{} = {}".format, st.sampled_from([*sorted(Settings.model_fields), "x" * 300]),
    st.sampled_from([
        "9" * 5000, "[" * 3000 + "]" * 3000, '"' + "x" * 100_000 + '"', '"' + "r" * 300 + '"',
        "inf", "nan", "-1", "1979-05-27", "{a = 1}", "[1, [2, [3]]]", '"../x"', '""']))
SETTINGS = inputs(to_toml(Settings()).encode(), st.lists(
    st.one_of(st.sampled_from(to_toml(Settings()).splitlines()), st.text(max_size=40),
              TOML_HOSTILE, TOML_HOSTILE),
    max_size=8).map(lambda lines: "\n".join(lines).encode()))
RECORDS = inputs(json.dumps(RECORD).encode(), mutated(RECORD))
POSITION_HOSTILE = st.sampled_from([
    "9" * 5000, "[b" + "8" * 5000 + " 5S 3H @1]", "[b8 5S 3H @99]", "[b9 5S 3H @1]",
    "[k4 4S 4H @1]", "[s7 5H 2D @-1]", "[b8x" + "2" * 5000 + " 5S 3H @1]", "*", "*/*", "-",
    "/".join(["AS"] * 13), " ".join(["AS", "AS"]), "0/0/0/0/0", "-1", "7", "1111111", "",
])


@st.composite
def positions(draw: st.DrawFn) -> str:
    """The valid position with one field replaced by random or hostile text."""
    fields = POSITION.split(";")
    index = draw(st.integers(0, len(fields)))
    new = draw(POSITION_HOSTILE) if draw(st.booleans()) else draw(st.text(max_size=20))
    if index == len(fields):
        fields.append(new)
    else:
        fields[index] = new
    return ";".join(fields)


POSITIONS = st.text(max_size=120) | positions() | positions() | st.tuples(
    st.integers(0, len(POSITION)), st.text(max_size=6)).map(
        lambda t: POSITION[: t[0]] + t[1] + POSITION[t[0] + len(t[1]):])


@SHORT
@given(SAVES)
def test_save_reader(data: bytes) -> None:
    check_save(data)


@SHORT
@given(SETTINGS)
def test_settings_reader(data: bytes) -> None:
    check_settings(data)


@SHORT
@given(RECORDS)
def test_record_reader(data: bytes) -> None:
    check_record(data)


@settings(SHORT, max_examples=600)
@given(POSITIONS)
def test_position_reader(text: str) -> None:
    check_position(text)


@pytest.mark.slow
@LONG
@given(SAVES)
def test_save_reader_long(data: bytes) -> None:
    check_save(data)


@pytest.mark.slow
@LONG
@given(SETTINGS)
def test_settings_reader_long(data: bytes) -> None:
    check_settings(data)


@pytest.mark.slow
@LONG
@given(RECORDS)
def test_record_reader_long(data: bytes) -> None:
    check_record(data)


@pytest.mark.slow
@LONG
@given(POSITIONS)
def test_position_reader_long(text: str) -> None:
    check_position(text)
