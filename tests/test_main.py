"""The ``casino`` launcher's command line, run as a real process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def launch(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CASINO_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "casino", *args, "--seconds", "0.2"],
                          env=env, capture_output=True, text=True, timeout=60, check=False)


@pytest.mark.parametrize("args", [("--size", "10x10"), ("--size=-5x-5",), ("--size", "12"),
                                  ("--size", "99999x800"), ("--players", "0"),
                                  ("--players", "9"), ("--speed", "0")])
def test_bad_arguments_give_one_line_and_exit_2(tmp_path: Path, args: tuple[str, ...]) -> None:
    """Issue 15 #7: --size 10x10 and -5x-5 raised in pygame; --players 0 was ignored."""
    result = launch(tmp_path, *args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    [line] = result.stderr.splitlines()
    assert line.startswith("casino: ") and args[0].split("=")[0] in line
    assert not (tmp_path / "current-game.json").exists()

