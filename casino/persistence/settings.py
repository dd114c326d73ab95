"""The player's settings, validated by pydantic and kept in ``settings.toml``.

A missing file gives the defaults. A file that does not parse is kept aside as a backup and
the defaults are used; a file with bad values keeps its good values, each bad one is named
in a message with what was expected and replaced by its default, and the original file is
kept aside. Nothing here raises for a bad file: messages come back for the UI to show.
"""

from __future__ import annotations

import errno
import json
import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from casino.engine.wording import Said
from casino.persistence.files import (
    Loaded,
    atomic_write,
    clean_temporary,
    config_dir,
    describe_os_error,
    keep_aside,
    read_limited,
    shorten,
)
from casino.persistence.problems import field_name, field_problem, found

FILE_NAME = "settings.toml"
MAX_OPPONENTS = 3
MIN_WINDOW = (640, 400)
"""The smallest window the game is laid out for: smaller, the table was cut off (no hand, no
buttons), and the cut-off size was saved for the next launch."""



def at_least_the_floor(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` grown to ``MIN_WINDOW`` where it falls short."""
    return max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1])


Level = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,31}$")]
"""A computer player's level name, as ``casino.ai.registry.POLICIES`` names them."""
SeatName = Annotated[str, Field(max_length=24, pattern=r"^[^\x00-\x1f\x7f]*$")]
"""Another person's name at this screen, as typed (may be blank while typing)."""


class Settings(BaseModel):
    """Everything the new-game and settings dialogs choose; changes are new copies."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: Literal[1] = 1
    player_name: str = Field("Player", min_length=1, max_length=24)
    card_back: str = Field("lattice", pattern=r"^[a-z0-9][a-z0-9_-]{0,31}$")
    speed: int = Field(4, ge=1, le=9, description="1 fastest .. 9 slowest, as in Munter")
    animation: bool = True
    sound: bool = True
    end_turn_staging: bool = Field(False, description="SpiteNET's End Turn: stage, then commit")
    four_colour: bool = False
    language: Literal["system", "en", "sv"] = Field(
        "system", description="the window's language; system: Swedish on a Swedish locale")
    large_indices: bool = False
    ruleset: str = Field("classic", pattern=r"^([^/\\\x00-\x1f]{1,64}|/[^\x00-\x1f]{1,4095})$",
                         description="a bundled ruleset's name, a user ruleset's file stem, "
                         "or the absolute path of a ruleset file (casino --ruleset FILE)")
    opponents: int = Field(1, ge=1, le=MAX_OPPONENTS)
    difficulties: tuple[Level, Level, Level] = Field(
        ("heuristic", "heuristic", "heuristic"),
        description="level of each opponent seat, or person for another person at this "
                    "screen; only the first `opponents` are used",
    )
    seat_names: tuple[SeatName, SeatName, SeatName] = Field(
        ("", "", ""),
        description="names of the people in seats 2-4 when `difficulties` says person "
                    "(pass and play); blank: Player N",
    )
    first_dealer: Literal["coin", "me", "opponent"] = "coin"
    daily_deal: bool = False
    teams: bool = Field(True, description="four players as two teams where the rules allow; "
                        "false: each alone")
    window_size: tuple[Annotated[int, Field(ge=MIN_WINDOW[0], le=10000)],
                       Annotated[int, Field(ge=MIN_WINDOW[1], le=10000)]] = (1280, 800)

    @field_validator("player_name")
    @classmethod
    def _printable(cls, value: str) -> str:
        if value != value.strip() or not value.isprintable():
            raise ValueError("a name of printable characters without leading/trailing spaces")
        return value

    def changed(self, **changes: Any) -> Settings:
        """A validated copy with ``changes``; raises pydantic's ValidationError if bad."""
        return Settings.model_validate({**self.model_dump(), **changes})

    @property
    def players(self) -> int:
        """Seats at the table: the person and the opponents."""
        return self.opponents + 1

    def levels(self) -> tuple[str, ...]:
        """The levels of the opponents in play, seat 1 first."""
        return self.difficulties[: self.opponents]


def settings_path(directory: Path | None = None) -> Path:
    return config_dir(directory) / FILE_NAME


def to_toml(settings: Settings) -> str:
    """The settings as TOML (flat keys: strings, integers, booleans and arrays of them)."""
    lines = ["# Casino settings: edit while the game is closed; a bad value is reported.", ""]
    for key, value in settings.model_dump(mode="json").items():
        lines.append(f"{key} = {_toml_value(value)}")
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON escapes are valid TOML
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")


def _below_the_floor(error: Any) -> bool:
    """A window size too small for the game (saved by a version that allowed it): it is
    raised to the smallest, not dropped for the default."""
    return bool(error["loc"]) and error["loc"][0] == "window_size" \
        and error["type"] == "greater_than_equal"


def _expected(error: Any) -> str:
    if _below_the_floor(error):
        return Said("{problem}; using {number}", problem=field_problem(error),
                    number=str(error["ctx"]["ge"]))
    if error["type"] == "extra_forbidden":
        return Said("{field}: not a setting (found {value}); ignored",
                    field=shorten(field_name(error)), value=found(error))
    if field_name(error) == "version" and type(error["input"]) is int and error["input"] > 1:
        return Said("version: {value}, written by a newer version of Casino (this one reads "
                    "version 1); the settings this version knows are used", value=found(error))
    return Said("{problem}; using the default", problem=field_problem(error))


def _salvage(data: dict[str, Any], errors: list[Any]) -> Settings:
    """Keep the good values of a hand-edited file, dropping each field that had an error."""
    bad = {str(e["loc"][0]) for e in errors if e["loc"]}
    kept = {k: v for k, v in data.items() if k not in bad and k in Settings.model_fields}
    size = data.get("window_size")
    sized = [e for e in errors if e["loc"] and e["loc"][0] == "window_size"]
    if sized and all(_below_the_floor(e) for e in sized) and isinstance(size, list | tuple) \
            and all(type(v) is int for v in size):
        kept["window_size"] = at_least_the_floor((size[0], size[1]))
    try:
        return Settings.model_validate(kept)
    except ValidationError:  # pragma: no cover - each bad top-level field was removed
        return Settings()


def load_settings(directory: Path | None = None) -> Loaded[Settings]:
    """The saved settings, or the defaults; messages name each problem found.

    A problem file is renamed to ``settings.toml.broken-<time>`` and a repaired file written
    in its place, so the next start is quiet.
    """
    path = settings_path(directory)
    clean_temporary(path.parent)
    problems: list[str]
    try:
        data = tomllib.loads(read_limited(path).decode("utf-8"))
    except FileNotFoundError:
        return Loaded(Settings())
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.EFBIG):  # no permission, a folder...
            return Loaded(Settings(), (Said(
                "{path}: cannot read the settings ({error}); using the defaults",
                path=str(path), error=describe_os_error(exc)),))
        settings = Settings()  # a pipe would hang the launch, a huge file fill the memory
        problems = [Said("not a settings file ({error}); using all the defaults",
                         error=describe_os_error(exc))]
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        settings = Settings()
        problems = [Said("not a valid settings file ({error}); using all the defaults",
                         error=shorten(str(exc), 200))]
    except (RecursionError, ValueError) as exc:  # nested too deep, thousands of digits
        settings = Settings()
        reason = Said("nested too deeply") if isinstance(exc, RecursionError) \
            else shorten(str(exc), 200)
        problems = [Said("not a valid settings file ({error}); using all the defaults",
                         error=reason)]
    else:
        try:
            return Loaded(Settings.model_validate(data))
        except ValidationError as exc:
            errors = exc.errors()
            settings = _salvage(data, errors)
            problems = [_expected(e) for e in errors]
    messages: list[str] = [Said("{path}: {problem}", path=str(path), problem=p) for p in problems]
    backup = keep_aside(path)
    if backup is None:
        messages.append(Said("{path}: could not be moved aside; it is left as it was and "
                             "your changes this session will not be saved over it",
                             path=str(path)))
        return Loaded(settings, tuple(messages))
    messages.append(Said("the original file is kept as {backup}", backup=str(backup)))
    error = save_settings(settings, directory)
    if error:
        messages.append(error)
    return Loaded(settings, tuple(messages))


def save_settings(settings: Settings, directory: Path | None = None) -> str | None:
    """Write the settings atomically; None on success, else a message to show.

    A file that exists but does not load cleanly is kept aside first, never overwritten.
    """
    path = settings_path(directory)
    try:
        present = path.exists()
    except OSError as exc:
        return Said("{path}: settings not saved ({error})", path=str(path),
                    error=describe_os_error(exc))
    if present and not _loads_cleanly(path) and keep_aside(path) is None:
        return Said("{path}: not saved: the old file could not be kept aside", path=str(path))
    try:
        atomic_write(path, to_toml(settings).encode("utf-8"))
    except OSError as exc:
        return Said("{path}: settings not saved ({error})", path=str(path),
                    error=describe_os_error(exc))
    return None


def _loads_cleanly(path: Path) -> bool:
    try:
        Settings.model_validate(tomllib.loads(read_limited(path).decode("utf-8")))
    except (OSError, ValueError, RecursionError):  # the decoding and parse errors too
        return False
    return True
