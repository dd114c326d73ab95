"""Helpers for tests on real files: finding backups, and a folder made read-only."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# Imported now: a test may run code as the user nobody, who cannot read /root's packages.
import platformdirs  # noqa: F401

import casino.cli
import casino.engine.ratings  # noqa: F401
from casino.ai.basic import GreedyPolicy
from casino.engine import Game, load_ruleset
from casino.persistence import SavedGame, SeatInfo

NOBODY = 65534


def backups(folder: Path, name: str) -> list[Path]:
    """The backups ``keep_aside`` made of ``name`` in ``folder``."""
    return sorted(p for p in folder.iterdir() if p.name.startswith(f"{name}.broken-")
                  and not p.name.endswith(("-journal", "-wal", "-shm")))


@contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """``folder`` cannot be written while the block runs.

    Permission bits do not bind root (CI runs as root), so as root the block runs with the
    effective user ``nobody``; the folders above ``folder`` get the traverse bit meanwhile.
    """
    changed: list[tuple[Path, int]] = []

    def chmod(path: Path, mode: int) -> None:
        changed.append((path, stat.S_IMODE(path.stat().st_mode)))
        path.chmod(mode)

    as_root = os.geteuid() == 0
    chmod(folder, 0o555)
    if as_root:
        for parent in folder.parents:
            mode = stat.S_IMODE(parent.stat().st_mode)
            if mode & 0o001:
                continue
            chmod(parent, mode | 0o001)
        groups = os.getgroups()
        os.setgroups([])
        os.setegid(NOBODY)
        os.seteuid(NOBODY)
    try:
        yield
    finally:
        if as_root:
            os.seteuid(0)
            os.setegid(0)
            os.setgroups(groups)
        for path, mode in reversed(changed):
            path.chmod(mode)


def play(ruleset: str = "classic", seed: int | str = "t", players: int = 2,
         moves: int | None = None, undo_used: bool = False,
         teams: bool | None = None) -> tuple[Game, SavedGame]:
    """A game between greedy players, saved as it goes: to its end, or ``moves`` moves in."""
    game = Game.start(load_ruleset(ruleset), players, seed, teams=teams)
    seats = [SeatInfo(name="Ann")] + [
        SeatInfo(name=f"Computer {s}", level="greedy") for s in range(1, players)]
    save = SavedGame.new(game, seats).model_copy(update={"undo_used": undo_used})
    policies = [GreedyPolicy(seed=f"{seed}:{s}") for s in range(players)]
    played = 0
    while not game.is_over() and (moves is None or played < moves):
        if game.round_over():
            game = game.next_round()
            save = save.with_next_round(game)
            continue
        move = policies[game.round.to_move].choose(game.view_for(game.round.to_move))
        save = save.with_move(game, move)
        game = game.play(move)
        played += 1
    return game, save


REPO = Path(__file__).resolve().parents[2]


def child(code: str, *args: str, home: Path | None = None, timeout: float = 60,
          env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new Python process (with the repository importable); its result.

    ``home`` becomes the child's CASINO_HOME. The code finds its arguments in ``sys.argv[1:]``.
    """
    environ = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    if home is not None:
        environ["CASINO_HOME"] = str(home)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], env=environ,
                          capture_output=True, text=True, timeout=timeout, check=False)
