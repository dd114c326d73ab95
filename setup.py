"""The optional compiled engine: ``CASINO_COMPILE=1 pip install .`` (or ``-e .``).

The project is described in ``pyproject.toml``; this file only adds, when asked, the engine's
and the search's hot modules compiled by mypyc from the same sources (C extensions beside
them). Without ``CASINO_COMPILE=1`` nothing is compiled and mypy is not needed. If compiling
fails (no C compiler, no Python headers, mypy refusing the code) the install says so in one
line and goes on pure: installing never fails because of it. Games play the same either way.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent

COMPILED = [
    "casino/engine/cards.py", "casino/engine/generate.py", "casino/engine/moves.py",
    "casino/engine/obligations.py", "casino/engine/rules.py", "casino/engine/scoring.py",
    "casino/engine/state.py", "casino/engine/transition.py",
    "casino/ai/endgame.py", "casino/ai/evaluate.py", "casino/ai/ismcts.py",
    "casino/ai/pimc.py", "casino/ai/sampling.py", "casino/ai/search.py",
]
"""Every module mypyc compiles (``pimc`` because it subclasses ``search.SearchPolicy``: an
interpreted class cannot inherit from a compiled one)."""

GROUP = "casino.native"
"""One shared library for them all, ``casino/native__mypyc``: inside the package."""


def wanted() -> bool:
    return os.environ.get("CASINO_COMPILE") == "1"


def warn(why: str) -> None:
    """One line (pip shows a build's output with ``-v``; ``casino-cli --version`` tells)."""
    why = " ".join(why.split())
    if len(why) > 200:
        why = why[:197] + "..."
    print(f"warning: casino installs pure Python, not compiled: {why}", file=sys.stderr)


def extensions() -> list[Any]:
    """The extension modules to build: none unless ``CASINO_COMPILE=1``."""
    if not wanted():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        warn("CASINO_COMPILE=1 needs mypy (pip install mypy)")
        return []
    old = os.getcwd()
    os.chdir(HERE)  # mypy reads [tool.mypy] of pyproject.toml; the paths are relative
    try:
        return list(mypycify(COMPILED, opt_level="3", group_name=GROUP))
    except (Exception, SystemExit) as error:  # mypy reports errors by exiting
        warn(f"mypyc refused the sources ({error})")
        return []
    finally:
        os.chdir(old)


def build_requires() -> list[str]:
    """What compiling needs in pip's isolated build environment: mypy, and the project's
    dependencies (mypy reads their types, and the pydantic plugin)."""
    if not wanted():
        return []
    project = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return ["mypy>=1.10", *project["dependencies"]]


class OptionalBuildExt(build_ext):
    """``build_ext`` that installs pure Python when compiling fails, never half compiled."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # a missing compiler or header, a compile or link error
            for path in (*self.get_outputs(), *self._in_place()):
                Path(path).unlink(missing_ok=True)
            self.extensions = []
            warn(f"building the extensions failed ({error})")

    def _in_place(self) -> list[str]:
        """Where an editable install copies the extensions (beside their sources)."""
        out = []
        for ext in self.extensions:
            name = self.get_ext_fullname(ext.name)
            out.append(str(HERE / self.get_ext_filename(name)))
        return out


if __name__ == "__main__":
    setup(
        ext_modules=extensions(),
        cmdclass={"build_ext": OptionalBuildExt},
        setup_requires=build_requires(),
    )
