"""Perft-style anchors: positions with their expected legal-move counts (tests/data)."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino.engine import legal_moves, load_ruleset
from casino.engine.notation import parse_position
from casino.engine.ruleset import bundled_names

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
