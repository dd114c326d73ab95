"""The ``casino`` launcher's command line: once as a real process, the rest in this one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from casino.ui.app import run

BAD = [("--size", "10x10"), ("--size=-5x-5",), ("--size", "12"), ("--size", "99999x800"),
       ("--players", "0"), ("--players", "9"), ("--speed", "0")]


def launch(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CASINO_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "casino", *args, "--seconds", "0.2"],
                          env=env, capture_output=True, text=True, timeout=60, check=False)


def check_refusal(tmp_path: Path, args: tuple[str, ...], status: object, err: str) -> None:
    assert status == 2
    assert "Traceback" not in err
    [line] = err.splitlines()
    assert line.startswith("casino: ") and args[0].split("=")[0] in line
    assert not (tmp_path / "current-game.json").exists()


def test_a_bad_argument_gives_one_line_and_exit_2_from_the_launcher(tmp_path: Path) -> None:
    """Issue 15 #7 through ``python -m casino``, as a person starts it."""
    result = launch(tmp_path, *BAD[0])
    check_refusal(tmp_path, BAD[0], result.returncode, result.stderr)


@pytest.mark.parametrize("args", BAD)
def test_bad_arguments_give_one_line_and_exit_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        args: tuple[str, ...]) -> None:
    """Issue 15 #7: --size 10x10 and -5x-5 raised in pygame; --players 0 was ignored. Run
    by the launcher's own ``run`` in this process (a process start each cost 0.3 s of CPU):
    an exception from pygame fails the test as a traceback would."""
    for name, value in (("CASINO_HOME", str(tmp_path)), ("SDL_VIDEODRIVER", "dummy"),
                        ("SDL_AUDIODRIVER", "dummy")):
        monkeypatch.setenv(name, value)
    try:
        status: object = run([*args, "--seconds", "0.2"])
    except SystemExit as exc:
        status = exc.code
    check_refusal(tmp_path, args, status, capsys.readouterr().err)
