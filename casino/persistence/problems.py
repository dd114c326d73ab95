"""A file's bad values in words: the field, what it should be and what was found.

Every file the game reads through pydantic (the settings, the saved game, a hosted table's
save) names its problems with these, so a hand-edited or damaged file of any kind is
reported the same way, and in the window's language (each part is a ``Said``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import ValidationError

from casino.engine.wording import Said
from casino.persistence.files import shorten

MOST_PROBLEMS = 5
"""A file with more bad values than this names the first ones only."""


def field_name(error: Any) -> str:
    """Where in the file: ``players.1.level``; ``(file)`` for the whole document."""
    return ".".join(str(part) for part in error["loc"]) or "(file)"


def found(error: Any) -> str:
    """The value found, quoted and cut short."""
    return shorten(repr(error["input"]))


def wanted(error: Any) -> str:
    """What pydantic says a value should be, in words a player reads; pydantic's English
    for the kinds of values no file of the game has."""
    ctx = error.get("ctx") or {}
    match error["type"]:
        case "bool_type" | "bool_parsing":
            return Said("should be true or false")
        case "int_type" | "int_parsing" | "int_from_float":
            return Said("should be a whole number")
        case "greater_than_equal":
            return Said("should be at least {number}", number=str(ctx.get("ge")))
        case "less_than_equal":
            return Said("should be at most {number}", number=str(ctx.get("le")))
        case "literal_error":
            # pydantic quotes text ("'en' or 'sv'") but not numbers ("1")
            values = tuple(re.findall(r"'[^']*'|-?\b\d+\b", str(ctx.get("expected"))))
            return Said("should be one of {values:or}", values=values)
        case "string_type":
            return Said("should be text in quotes")
        case "string_too_short":
            return Said("should be at least {number} characters long",
                        number=str(ctx.get("min_length")))
        case "string_too_long":
            return Said("should be at most {number} characters long",
                        number=str(ctx.get("max_length")))
        case "tuple_type" | "list_type" | "too_short" | "too_long":
            return Said("should be a list of the right length")
        case "dict_type" | "model_type" | "model_attributes_type":
            return Said("should be a group of named values in braces")
        case "date_type" | "date_parsing" | "date_from_datetime_parsing" \
                | "date_from_datetime_inexact":
            return Said("should be a date such as {example}", example="2026-12-02")
        case "datetime_type" | "datetime_parsing" | "datetime_from_date_parsing":
            return Said("should be a date and time such as {example}",
                        example="2026-12-02T13:05:00Z")
    return str(error["msg"])


def field_problem(error: Any) -> str:
    """One bad value: ``seed: should be a whole number (found [1])``."""
    field = shorten(field_name(error))
    match error["type"]:
        case "missing":
            return Said("{field}: missing", field=field)
        case "extra_forbidden":
            return Said("{field}: not expected here (found {value})", field=field,
                        value=found(error))
        case "json_invalid":
            reason = str((error.get("ctx") or {}).get("error", error["msg"]))
            return Said("not valid JSON ({error})", error=shorten(reason, 200))
    return Said("{field}: {error} (found {value})", field=field, error=wanted(error),
                value=found(error))


def merged(errors: Iterable[Any]) -> list[Any]:
    """The errors with each value that fits none of a union's kinds said once.

    pydantic reports ``seed: int | str`` holding ``[1]`` twice, at ``seed.int`` and
    ``seed.str``; they become one error at ``seed`` whose wish lists both kinds. A list
    too short only because one of its items is bad is said by that item's error alone.
    """
    errors = list(errors)
    inner = {tuple(e["loc"][:k]) for e in errors for k in range(len(e["loc"]))}
    out: list[Any] = []
    for error in errors:
        if error["type"] == "too_short" and tuple(error["loc"]) in inner:
            continue  # a bad item counts as missing: the item's own error says it
        last = out[-1] if out else None
        if (last is not None and len(error["loc"]) > 1 and _kind_tag(error["loc"][-1])
                and last["loc"][:-1] == error["loc"][:-1] and last["input"] is error["input"]
                and _kind_tag(last["loc"][-1])):
            out[-1] = {**last, "union": (*last.get("union", (last,)), error)}
            continue
        out.append(error)
    return out


_TYPE_TAGS = frozenset({"int", "str", "bool", "float", "bytes", "date", "datetime", "time",
                        "none", "list", "tuple", "dict", "set"})


def _kind_tag(part: object) -> bool:
    """Whether a location's last part names one kind of a union as pydantic tags it ('int',
    'constrained-str', "literal['a']", a model's class name), not a field: two fields beside
    each other holding one object (7, None, True: Python keeps one of each) are two errors,
    not two kinds of one value. The files' fields are snake_case and no type's name."""
    if not isinstance(part, str):
        return False
    return part in _TYPE_TAGS or re.fullmatch(r"[a-z_][a-z0-9_]*", part) is None


def _said(error: Any) -> str:
    union = error.get("union")
    if not union:
        return field_problem(error)
    field = ".".join(str(part) for part in error["loc"][:-1])
    wishes = Said("{wishes:or}", wishes=tuple(wanted(e) for e in union))
    return Said("{field}: {error} (found {value})", field=shorten(field), error=wishes,
                value=found(error))


def invalid(exc: ValidationError, most: int = MOST_PROBLEMS) -> str:
    """Every bad value of a file (the first ``most``), joined with semicolons."""
    said = [_said(e) for e in merged(exc.errors())]
    return joined(said[:most] + ([Said("{n} more", n=len(said) - most)]
                                 if len(said) > most else []))


def joined(problems: Sequence[str]) -> str:
    """``a; b; c``, each part kept for translation."""
    if not problems:
        return ""
    text = problems[-1]
    for problem in reversed(problems[:-1]):
        text = Said("{problem}; {more}", problem=problem, more=text)
    return text
