"""The engine decides as it did: seeded play and the test positions hashed ply by ply
(listings in order, every move applied) against tests/data/engine-digests.json, written
by ``benchmarks/engine_digests.py record`` before the speed work of issue 17 (the long
expert tournament and every saved game depend on the same moves in the same order)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import engine_digests  # noqa: E402

SAVED = json.loads((ROOT / "tests" / "data" / "engine-digests.json").read_text("utf-8"))
CASES = engine_digests.cases(SAVED["rounds"])


@pytest.mark.parametrize(("kind", "args"), CASES, ids=[engine_digests.key(*c) for c in CASES])
def test_digest_unchanged(kind: str, args: tuple[object, ...]) -> None:
    assert engine_digests.digest(kind, args) == SAVED["digests"][engine_digests.key(kind, args)]
