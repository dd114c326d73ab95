"""What the game keeps between runs: settings, the record book, the game in progress.

Nothing here imports pygame or raises for a bad file: loads return ``Loaded(value,
messages)`` and writes return an error message or None, for the UI to show.
"""

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
