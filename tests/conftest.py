"""The test session stops at once when a compiled module is older than its source: the tests
would run the old compiled code, not the source being tested (see ``casino/native.py``).

Where ``PYTHONDONTWRITEBYTECODE`` is set (CI sets it, so that a checkout gets no
``__pycache__`` folders), the session keeps bytecode outside the checkout instead, for its
test workers and every process a test starts: each of the hundred or so ``casino-cli`` and
game processes otherwise compiled the package from source again (0.11 s of CPU for a bare
``casino-cli`` start instead of 0.06 s), and each worker rewrote and compiled every test
module.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from casino import i18n
from casino.native import stale_warning


def keep_bytecode_outside_the_checkout() -> None:
    """Write bytecode under a folder of this user's in the temporary folder, through the
    environment that workers and child processes inherit; Python checks each file against
    its source's time and size, as in ``__pycache__``."""
    if not sys.dont_write_bytecode or os.environ.get("PYTHONPYCACHEPREFIX"):
        return
    if not hasattr(os, "getuid"):
        return  # no owner to check the shared temporary folder against
    folder = Path(tempfile.gettempdir()) / f"casino-tests-pycache-{os.getuid()}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        if folder.stat().st_uid != os.getuid():
            return
    except OSError:
        return
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    sys.pycache_prefix = str(folder)
    sys.dont_write_bytecode = False


def pytest_configure(config: pytest.Config) -> None:
    stale = stale_warning()
    if stale:
        pytest.exit(stale, returncode=4)
    keep_bytecode_outside_the_checkout()


@pytest.fixture(autouse=True)
def english_again() -> Iterator[None]:
    """Every test ends speaking English: a window opened in Swedish (``language="sv"``) set
    the language for the whole worker, and a later test there read 'Runda 2' for 'Round 2'
    (one run in ten, wherever the work-stealing scheduler put the two)."""
    yield
    i18n.set_language("en")  # also after a test's pseudo-locale (``i18n.use``)
