"""The package's layers: the engine at the bottom, the command line at the top.

The CLI (``casino/cli.py``, its network commands in ``casino/net/cli.py``, and
``casino/__main__.py``) reads arguments and prints; nothing below it imports it. The engine
imports only itself; the AI and persistence only themselves and the engine. Every module
imports on its own, and none hides a missing module of ours behind ``except ImportError``.
"""

from __future__ import annotations

import ast
import importlib
import os
from pathlib import Path

import pytest

import casino

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

PACKAGE = Path(casino.__file__).parent
CLI = {"cli", "net.cli", "__main__"}
ALLOWED = {"engine": {"engine"}, "ai": {"ai", "engine"},
           "persistence": {"persistence", "engine"}}
"""Top-level package -> the packages of ours it may import."""


def _modules() -> list[str]:
    return sorted(".".join(p.relative_to(PACKAGE).with_suffix("").parts).removesuffix(
        ".__init__") for p in PACKAGE.rglob("*.py"))


def _imports(tree: ast.AST) -> list[tuple[ast.AST, str]]:
    """Every module of ours ``tree`` imports (at the top or inside a function), as
    'cli', 'engine.rules' ..., with the import statement."""
    out: list[tuple[ast.AST, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        else:
            continue
        out.extend((node, n.removeprefix("casino.")) for n in names
                   if n.startswith("casino."))
    return out


def _tree(module: str) -> ast.AST:
    path = PACKAGE.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    return ast.parse(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("module", _modules())
def test_every_module_imports(module: str) -> None:
    importlib.import_module(f"casino.{module}" if module else "casino")


def test_nothing_below_the_cli_imports_it() -> None:
    offenders = sorted({module for module in _modules() if module not in CLI
                        for _, name in _imports(_tree(module))
                        if name == "cli" or name.startswith("cli.")})
    assert offenders == []


def test_the_lower_layers_import_only_what_is_below_them() -> None:
    wrong = []
    for module in _modules():
        top = module.split(".")[0]
        if top in ALLOWED:
            for _, name in _imports(_tree(module)):
                if name.split(".")[0] not in ALLOWED[top]:
                    wrong.append(f"{module} imports casino.{name}")
    assert wrong == []


def test_no_module_of_ours_is_optional() -> None:
    hidden = []
    for module in _modules():
        for node in ast.walk(_tree(module)):
            if not isinstance(node, ast.Try):
                continue
            caught = {ast.unparse(h.type) for h in node.handlers if h.type is not None}
            if caught & {"ImportError", "ModuleNotFoundError"} and any(
                    _imports(statement) for statement in node.body):
                hidden.append(f"{module}: line {node.lineno}")
    assert hidden == []


def test_simulate_starts_without_the_network_or_the_record_book() -> None:
    """``casino-cli simulate`` in a new process loads neither the network modules (asyncio,
    websockets, zeroconf) nor the settings, saves and record book, nor the game record's
    models and the tournament it does not use: process start is part of every command's
    cost (issue 17)."""
    import subprocess
    import sys

    script = ("import sys; from casino.cli import main; main(['simulate', '--games', '1', "
              "'--players', 'random,random', '--json']); print(' '.join(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, timeout=60)
    loaded = set(done.stdout.splitlines()[-1].split())
    assert "casino.ai.play" in loaded
    heavy = {"asyncio", "websockets", "zeroconf", "sqlite3", "casino.net.client",
             "casino.net.host", "casino.persistence.settings", "casino.persistence.records",
             "casino.persistence.saves", "casino.engine.record", "casino.ai.tournament"}
    assert loaded & heavy == set()


def test_simulate_and_the_engine_start_without_pydantic() -> None:
    """``casino-cli simulate`` on bundled rulesets (one with a ``base``) and ``import
    casino.engine`` never import pydantic: importing it is ~300 M instructions, more than
    the rest of the start (issue 17). Files and network messages are still validated by it,
    imported when one is read."""
    import subprocess
    import sys

    script = ("import sys; from casino.cli import main\n"
              "for name in ('classic', 'royal'):\n"
              "    main(['simulate', '--games', '1', '--players', 'random,random', '--json', "
              "'--ruleset', name])\n"
              "print(' '.join(sorted(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, timeout=60)
    loaded = set(done.stdout.splitlines()[-1].split())
    assert "casino.engine.ruleset" in loaded and "casino.ai.play" in loaded
    assert {m for m in loaded if m.split(".")[0] in {"pydantic", "pydantic_core"}} == set()
    # Nor the levels random players do not use (the registry imports them on use), nor
    # platformdirs: a bundled ruleset is found before the player's folders are looked at.
    assert loaded & {"casino.ai.heuristic", "casino.ai.ismcts", "casino.ai.pimc",
                     "platformdirs"} == set()
    # Nor importlib.resources (zipfile and more): the bundled files are read as files.
    assert "importlib.resources" not in loaded and "zipfile" not in loaded
    engine = subprocess.run([sys.executable, "-c", "import sys, casino.engine; "
                             "print('pydantic' in sys.modules)"],
                            capture_output=True, text=True, check=True, timeout=60)
    assert engine.stdout.split() == ["False"]


def test_the_persistence_package_hands_out_each_of_its_names() -> None:
    """``casino.persistence`` imports its modules when a name is first asked for: every name
    in ``__all__`` is its module's own object, and an unknown name is an AttributeError."""
    import casino.persistence as persistence

    for name in persistence.__all__:
        value = getattr(persistence, name)
        homes = [m for m in ("daily", "files", "records", "saves", "settings")
                 if getattr(importlib.import_module(f"casino.persistence.{m}"), name,
                            None) is value]
        assert homes, name
    with pytest.raises(AttributeError, match="no_such_name"):
        persistence.no_such_name  # noqa: B018
