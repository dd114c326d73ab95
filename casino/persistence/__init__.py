"""What the game keeps between runs: settings, the record book, the game in progress.

Nothing here imports pygame or raises for a bad file: loads return ``Loaded(value,
messages)`` and writes return an error message or None, for the UI to show.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from casino.persistence.daily import daily_date, daily_seed
    from casino.persistence.files import ENV_HOME, Loaded, config_dir, data_dir
    from casino.persistence.records import FameRow, GameSummary, Records, Stats
    from casino.persistence.saves import (
        SavedGame,
        SaveError,
        SeatInfo,
        discard_game,
        load_game,
        replay,
        save_game,
    )
    from casino.persistence.settings import Settings, load_settings, save_settings

__all__ = [
    "ENV_HOME", "FameRow", "GameSummary", "Loaded", "Records", "SaveError", "SavedGame",
    "SeatInfo", "Settings", "Stats", "config_dir", "daily_date", "daily_seed", "data_dir",
    "discard_game", "load_game", "load_settings", "replay", "save_game", "save_settings",
]

# Each name is imported from its module when first asked for: ``casino-cli`` reads rulesets
# through ``casino.persistence.rulesets`` and need not build the settings, saves and record
# book models (a tenth of its start-up) to do it.
_HOMES = {
    "daily_date": "daily", "daily_seed": "daily", "ENV_HOME": "files", "Loaded": "files",
    "config_dir": "files", "data_dir": "files", "FameRow": "records", "GameSummary": "records",
    "Records": "records", "Stats": "records", "SavedGame": "saves", "SaveError": "saves",
    "SeatInfo": "saves", "discard_game": "saves", "load_game": "saves", "replay": "saves",
    "save_game": "saves", "Settings": "settings", "load_settings": "settings",
    "save_settings": "settings",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value
