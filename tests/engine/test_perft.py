"""Perft: positions with their legal-move counts, and move-sequence counts at depths 2 and 3
(tests/data/NAME.positions and NAME.perft)."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino.engine import legal_moves, load_ruleset
from casino.engine.notation import parse_position
from casino.engine.ruleset import bundled_names
from tests.data.perft import perft  # the count that wrote the files

DATA = Path(__file__).resolve().parent.parent / "data"


def cases() -> list[tuple[str, int, str]]:
    out = []
    for name in bundled_names():
        path = DATA / f"{name}.positions"
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                count, _, position = line.partition("|")
                out.append((name, int(count), position.strip()))
    return out


def test_every_ruleset_has_a_positions_file() -> None:
    for name in bundled_names():
        assert (DATA / f"{name}.positions").is_file(), name


@pytest.mark.parametrize(("name", "count", "position"), cases())
def test_legal_move_count(name: str, count: int, position: str) -> None:
    assert len(legal_moves(parse_position(load_ruleset(name), position))) == count


def perft_cases(depth: int) -> list[tuple[str, int, str]]:
    """(ruleset, expected count, position) at ``depth`` from tests/data/NAME.perft, which
    the engine of commit a0e227d computed before the generator was rewritten for speed."""
    out = []
    for name in bundled_names():
        for line in (DATA / f"{name}.perft").read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                counts, _, position = line.partition("|")
                count = counts.split()[depth - 1]
                if count != "-":
                    out.append((name, int(count), position.strip()))
    return out


def test_every_ruleset_has_a_perft_file() -> None:
    for name in bundled_names():
        assert (DATA / f"{name}.perft").is_file(), name


@pytest.mark.parametrize(("name", "count", "position"), perft_cases(2))
def test_perft_depth_2(name: str, count: int, position: str) -> None:
    assert perft(parse_position(load_ruleset(name), position), 2) == count


@pytest.mark.slow
@pytest.mark.parametrize(("name", "count", "position"), perft_cases(3))
def test_perft_depth_3(name: str, count: int, position: str) -> None:
    assert perft(parse_position(load_ruleset(name), position), 3) == count
