"""Real host and client processes on 127.0.0.1: start them, read their logs, stop them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

SHM = Path("/dev/shm")
LINE = re.compile(r"port (\d+), join code ([A-Z0-9]+)")


@pytest.fixture(autouse=True)
def casino_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A private CASINO_HOME per test, in memory where there is /dev/shm."""
    in_memory = SHM.is_dir() and os.access(SHM, os.W_OK)
    home = Path(tempfile.mkdtemp(prefix="casino-net-", dir=SHM if in_memory else tmp_path))
    monkeypatch.setenv("CASINO_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    yield home
    shutil.rmtree(home, ignore_errors=True)


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "casino.cli", *args]


@dataclass
class HostProc:
    proc: subprocess.Popen[str]
    port: int
    code: str
    lines: list[str]

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def finish(self, timeout: float = 60) -> tuple[int, str, str]:
        out, err = self.proc.communicate(timeout=timeout)
        return self.proc.returncode, "".join(self.lines) + out, err

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate(timeout=10)


def start_host(*args: str, port: int = 0, advertise: bool = False) -> HostProc:
    """``casino-cli serve`` on 127.0.0.1, its first line read for the port and code; when
    ``advertise``, announced over mDNS on the loopback interface only."""
    quiet = () if advertise else ("--no-advertise",)
    proc = subprocess.Popen(
        cli("serve", "--bind", "127.0.0.1", "--port", str(port), *quiet, *args),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        m = LINE.search(line)
        if m:
            return HostProc(proc, int(m.group(1)), m.group(2), lines)
    proc.kill()
    _, err = proc.communicate()
    raise AssertionError(f"the host did not start: {''.join(lines)} {err}")


def join(host: HostProc, *args: str, code: str | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        cli("join", host.address, "--code", code or host.code, *args),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen[str], timeout: float = 60) -> tuple[int, str]:
    _, err = proc.communicate(timeout=timeout)
    return proc.returncode, err


def read_log(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def views(log: list[dict[str, Any]], seat: int | None = None) -> list[tuple[int, int, str]]:
    """(game, step, digest) of the views in a log, of one seat or all."""
    return [(e["game"], e["step"], e["digest"]) for e in log
            if "digest" in e and (seat is None or e["seat"] == seat)]


def game_overs(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["game_over"] for e in log if "game_over" in e]
