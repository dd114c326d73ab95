"""Atomic writes and their leftovers, with real processes killed mid-write."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from casino.persistence import (
    ENV_HOME,
    Records,
    Settings,
    load_game,
    load_settings,
    save_game,
    save_settings,
)

from .conftest import child, play

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


def test_casino_home_naming_a_file_says_what_to_do(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15 #13: every message said only "File exists" or "Not a directory"."""
    home = tmp_path / "casino-home"
    home.write_text("I am a file")
    monkeypatch.setenv(ENV_HOME, str(home))
    _, save = play(moves=2)
    messages = [*load_settings().messages, *load_game().messages, *Records.open().messages,
                save_game(save), save_settings(Settings())]
    for message in messages:
        assert message is not None and f"CASINO_HOME={home} is a file, not a folder" in message
        assert "set CASINO_HOME to a folder" in message and "File exists" not in message
    assert home.read_text() == "I am a file"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
def test_a_killed_window_not_yet_reaped_holds_no_save_slot(tmp_path: Path) -> None:
    """A window killed a moment ago is a zombie until its parent reaps it (a shell that has
    not looked yet, a launcher): it holds nothing, yet the next window was told "another
    Casino window is playing the saved game" until the parent got round to it."""
    import subprocess
    import sys
    import time

    from casino.persistence.files import process_alive
    from casino.persistence.saves import claim_slot, slot_owner

    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        stamp = Path(f"/proc/{proc.pid}/stat").read_text().rpartition(")")[2].split()[19]
        (tmp_path / "current-game.lock").write_text(f"{proc.pid} {stamp}\n")
        assert slot_owner(tmp_path) == proc.pid  # a live window holds the slot
        os.kill(proc.pid, signal.SIGKILL)
        for _ in range(500):  # killed, not reaped: wait() is not called until the end
            if Path(f"/proc/{proc.pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z":
                break
            time.sleep(0.01)
        assert not process_alive(proc.pid)
        assert slot_owner(tmp_path) is None
        assert claim_slot(tmp_path) is None
    finally:
        proc.kill()
        proc.wait()
