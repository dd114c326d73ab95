"""Whether the engine runs compiled, and whether that build is stale.

The optional compiled build (``CASINO_COMPILE=1 pip install -e .``, see ``setup.py``) puts C
extension modules beside their sources, where Python imports them instead of the ``.py``
files: a source edited after the build would run its old compiled self. ``stale`` finds such
modules; the test session stops on them and the game and CLI warn.
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent

REBUILD = ("rebuild with `CASINO_COMPILE=1 pip install -e .`, or delete the compiled files "
           "(*.so, *.pyd under casino/) to run pure Python")


def compiled() -> bool:
    """The engine runs from compiled extension modules, not its Python sources."""
    from casino.engine import generate

    return isinstance(generate.__loader__, ExtensionFileLoader)


def stale(folder: Path = PACKAGE) -> list[Path]:
    """The sources under ``folder`` that are newer than the compiled module beside them, in
    a source checkout (``setup.py`` beside the package): an installed copy is not edited, and
    installing writes its files in no particular order."""
    if not (folder.parent / "setup.py").exists():
        return []
    suffixes = tuple(EXTENSION_SUFFIXES)
    # Names as text, not a Path per file: every start of the CLI in a checkout walks this.
    built = sorted(Path(top, name) for top, _, names in os.walk(folder)
                   for name in names if name.endswith(suffixes))
    out = []
    for path in built:
        for suffix in EXTENSION_SUFFIXES:
            if path.name.endswith(suffix):
                source = path.with_name(path.name.removesuffix(suffix) + ".py")
                if source.exists() and source.stat().st_mtime > path.stat().st_mtime:
                    out.append(source)
                break
    return out


def stale_warning(folder: Path = PACKAGE) -> str | None:
    """One line naming the stale compiled modules and what to do, or None."""
    found = stale(folder)
    if not found:
        return None
    names = ", ".join(str(p.relative_to(folder.parent)) for p in found)
    return f"casino: compiled code is older than {names}: it runs the old code; {REBUILD}"
