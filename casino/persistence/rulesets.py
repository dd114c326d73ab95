"""The player's own rulesets: the folder the engine's resolver searches after the bundled ones.

``$CASINO_HOME/rulesets/`` when CASINO_HOME is set, else ``rulesets/`` in the user config
directory (``~/.config/casino/rulesets/`` on Linux). Everything that finds a ruleset by name
(the CLI, the title screen, ``casino --ruleset``, saves) comes through here, so all of them
see the same folder.
"""

from __future__ import annotations

from pathlib import Path

from casino.engine.ruleset import (
    Listed,
    Ruleset,
    bundled_names,
    list_rulesets,
    load_ruleset,
    ruleset_problems,
)
from casino.engine.wording import Said
from casino.persistence.files import config_dir

FOLDER = "rulesets"


def ruleset_folders(directory: Path | None = None) -> tuple[Path, ...]:
    """The folders searched for the player's rulesets (one today)."""
    return (config_dir(directory) / FOLDER,)


def get_ruleset(ref: str | Path) -> Ruleset:
    """A ruleset by name (bundled or the player's) or by file path; RulesetError if none."""
    if isinstance(ref, str) and ref in bundled_names():
        # Found before the player's folders, which are not worked out (platformdirs).
        return load_ruleset(ref)
    return load_ruleset(ref, ruleset_folders())


def all_rulesets() -> list[Listed]:
    """The bundled rulesets and the player's, each with its ruleset or its problem."""
    return list_rulesets(ruleset_folders())


def check_ruleset(ref: str | Path) -> list[str]:
    """Every problem of a ruleset (a name or file), each naming its field; [] when valid."""
    return ruleset_problems(ref, ruleset_folders())


def broken_notices() -> list[str]:
    """One line for each of the player's rulesets that is not offered, and why."""
    return [Said("Your ruleset {where} is not offered: {problem}", where=str(item.where),
                 problem=item.problem) for item in all_rulesets() if item.problem is not None]
