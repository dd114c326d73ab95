"""Bundled rulesets are made without pydantic (so ``casino-cli simulate`` starts without it):
this proves, file by file, that doing so gives exactly the value pydantic's validation gives,
and that the check would catch a bundled file that is broken."""

from __future__ import annotations

import dataclasses
import pickle
from importlib import resources
from typing import Any

import pytest
from pydantic import ValidationError

from casino.engine.errors import RulesetError
from casino.engine.ruleset import (
    Ruleset,
    _built,
    _Finder,
    bundled_names,
    load_ruleset,
    ruleset_problems,
)


def _data(name: str) -> dict[str, Any]:
    """A bundled file's data with its ``base`` merged in, as the resolver reads it."""
    where = f"rulesets/{name}.toml"
    text = resources.files("casino.rulesets").joinpath(f"{name}.toml").read_text("utf-8")
    return _Finder(()).data(text, name, where, ())


def _shape(value: object) -> object:
    """``value`` with the type of every part spelled out, so ``1`` and ``True`` or ``4``
    and ``"4"`` differ (``==`` alone would call some of them equal)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,
                [(f.name, _shape(getattr(value, f.name))) for f in dataclasses.fields(value)])
    if isinstance(value, list):
        return ("list", [_shape(v) for v in value])
    if isinstance(value, dict):
        return ("dict", [(_shape(k), _shape(v)) for k, v in value.items()])
    return (type(value).__name__, value)


def _same_as_validated(data: dict[str, Any]) -> bool:
    """Whether building ``data`` without pydantic gives exactly what pydantic validates it
    to (False when either refuses it)."""
    try:
        validated = Ruleset.model_validate(data)
        built = _built(data)
    except (ValidationError, TypeError, ValueError):
        return False
    return _shape(built) == _shape(validated) and repr(built) == repr(validated) \
        and built.digest == validated.digest and vars(built).keys() == vars(validated).keys() \
        and _shape(pickle.loads(pickle.dumps(built))) == _shape(validated)


@pytest.mark.parametrize("name", bundled_names())
def test_a_bundled_ruleset_built_without_pydantic_is_the_validated_one(name: str) -> None:
    data = _data(name)
    assert _same_as_validated(data)
    loaded = load_ruleset(name)
    assert _shape(loaded) == _shape(Ruleset.model_validate(data))
    assert ruleset_problems(name) == []


@pytest.mark.parametrize(("part", "key", "value"), [
    ("deal", "first_hand", "4"),       # pydantic reads the number; built, it stays text
    ("deal", "first_hand", 0),         # out of bounds
    ("build", "increase", 1),          # pydantic makes it True
    ("build", "style", "towers"),      # not a style
    ("game", "target", 21.0),          # pydantic makes it 21
    ("deal", "colour", 1),             # an unknown field
])
def test_the_check_catches_a_broken_bundled_file(part: str, key: str, value: object) -> None:
    for name in ("classic", "munter"):
        data = _data(name)
        data[part] = {**data.get(part, {}), key: value}
        assert not _same_as_validated(data), (name, part, key, value)


def test_a_bundled_file_that_does_not_build_gets_pydantics_message() -> None:
    """What building cannot make (an unknown field, a missing one, a problem across fields)
    it refuses, and the resolver then names the problem as for any file."""
    data = _data("classic")
    for broken in ({**data, "colour": 1}, {k: v for k, v in data.items() if k != "title"},
                   {**data, "players": [2, 2]}):
        with pytest.raises((TypeError, ValueError)):
            _built(broken)
        with pytest.raises(RulesetError, match=r"classic\.toml: field (colour|title|players)"):
            _Finder(()).validate(broken, "rulesets/classic.toml")
