"""Atomic writes and their leftovers, with real processes killed mid-write."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from casino.persistence import Settings, load_game, load_settings, save_settings

from .conftest import child

KILL_IN_WRITE = """
    import os, signal
    from casino.persistence import Settings, save_settings, save_game
    from tests.persistence.conftest import play
    def die(*args):  # the temporary file is written and synced: die before the rename
        os.kill(os.getpid(), signal.SIGKILL)
    for _ in range(5):
        save_settings(Settings(player_name="Old"))
        _, save = play(moves=4)
        save_game(save)
    os.replace = die
    save_settings(Settings(player_name="New"))
"""


def temporaries(folder: Path) -> list[Path]:
    return sorted(folder.glob(".*.tmp"))


def test_temporary_files_of_killed_writers_are_removed_at_the_next_start(
        tmp_path: Path) -> None:
    """Issue 15 #4: every SIGKILL inside a write used to leave a ``*.tmp`` for good."""
    for _ in range(3):
        result = child(KILL_IN_WRITE, home=tmp_path)
        assert result.returncode == -signal.SIGKILL, result.stderr
    assert len(temporaries(tmp_path)) == 3
    settings, messages = load_settings(tmp_path)
    assert settings.player_name == "Old" and messages == ()
    assert temporaries(tmp_path) == []
    assert load_game(tmp_path).value is not None


def test_a_live_writers_temporary_file_is_left_alone(tmp_path: Path) -> None:
    from casino.persistence.files import clean_temporary

    live = tmp_path / f".settings.toml.{os.getpid()}.abcd.tmp"
    other = tmp_path / ".notes.txt.tmp"  # not ours: no writer id in the name
    live.write_text("half")
    other.write_text("x")
    assert clean_temporary(tmp_path) == []
    assert live.exists() and other.exists()
    assert save_settings(Settings(), tmp_path) is None
    assert sorted(p.name for p in temporaries(tmp_path)) == sorted([live.name, other.name])
