"""The test session stops at once when a compiled module is older than its source: the tests
would run the old compiled code, not the source being tested (see ``casino/native.py``)."""

from __future__ import annotations

import pytest

from casino.native import stale_warning


def pytest_configure(config: pytest.Config) -> None:
    stale = stale_warning()
    if stale:
        pytest.exit(stale, returncode=4)
