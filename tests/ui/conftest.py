"""UI tests run without a screen or sound card, through posted pygame events only.

Every test gets its own empty ``$CASINO_HOME``, so settings, saves and records are real
files in a temporary folder and the person's own files are never touched.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:  # the tests import their helpers as tests.ui.*
    sys.path.insert(0, ROOT)


SHM = Path("/dev/shm")


@pytest.fixture(autouse=True)
def casino_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh, private CASINO_HOME for each test (and no platformdirs fallback).

    It is made in memory (/dev/shm) where there is one: the game syncs every save to disk,
    which on a busy disk would make the whole-game tests slow.
    """
    in_memory = SHM.is_dir() and os.access(SHM, os.W_OK)
    home = Path(tempfile.mkdtemp(prefix="casino-home-", dir=SHM if in_memory else tmp_path))
    monkeypatch.setenv("CASINO_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    yield home
    shutil.rmtree(home, ignore_errors=True)
