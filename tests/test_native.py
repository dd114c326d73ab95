"""The optional compiled build: off by default, found when it runs, refused when stale."""

from __future__ import annotations

import os
import runpy
import shutil
import subprocess
import sys
import venv
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import casino
from casino import cli, native

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = EXTENSION_SUFFIXES[0]


def _setup_functions() -> dict[str, object]:
    """``setup.py``'s functions, without running ``setup()`` (it runs only as __main__)."""
    return runpy.run_path(str(ROOT / "setup.py"), run_name="setup_under_test")


def test_a_default_install_compiles_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``.ci/run`` and the README's ``pip install -e .`` build: pure Python, no mypy."""
    monkeypatch.delenv("CASINO_COMPILE", raising=False)
    found = _setup_functions()
    assert found["extensions"]() == [] and found["build_requires"]() == []  # type: ignore[operator]
    assert "CASINO_COMPILE" not in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    monkeypatch.setenv("CASINO_COMPILE", "1")
    assert "mypy>=1.10" in found["build_requires"]()  # type: ignore[operator]


def test_the_version_line_says_which_engine_runs() -> None:
    line = cli.version_line()
    assert line.startswith(f"casino {casino.__version__}, ")
    loaded = type(sys.modules["casino.engine.generate"].__loader__).__name__
    assert native.compiled() == (loaded == "ExtensionFileLoader")
    assert line.endswith("compiled engine" if native.compiled() else "pure Python engine")


def _pair(folder: Path, name: str, source_newer: bool) -> Path:
    """A source and a compiled module beside it, one written a minute after the other."""
    source, built = folder / f"{name}.py", folder / f"{name}{SUFFIX}"
    source.write_text("X = 1\n", encoding="utf-8")
    built.write_bytes(b"not really compiled")
    now = source.stat().st_mtime
    os.utime(source, (now, now + (60 if source_newer else -60)))
    return source


def test_stale_names_each_source_newer_than_its_compiled_module(tmp_path: Path) -> None:
    package = tmp_path / "casino"
    (package / "engine").mkdir(parents=True)
    edited = _pair(package / "engine", "generate", source_newer=True)
    _pair(package / "engine", "state", source_newer=False)
    (package / "alone.py").write_text("", encoding="utf-8")  # never compiled: not stale
    assert native.stale(package) == []  # an installed copy: no setup.py beside it
    (tmp_path / "setup.py").write_text("", encoding="utf-8")  # a source checkout
    assert native.stale(package) == [edited]
    said = native.stale_warning(package)
    assert said is not None and "casino/engine/generate.py" in said
    assert "CASINO_COMPILE=1 pip install -e ." in said
    edited.unlink()
    assert native.stale(package) == [] and native.stale_warning(package) is None


def _session(tmp_path: Path, source_newer: bool) -> subprocess.CompletedProcess[str]:
    """A real pytest session over a copy of the package's guard and the tests' conftest,
    with one compiled module (a stand-in file) older or newer than its source. Without the
    installed plugins, which the guard does not need: loading them (hypothesis's, rewritten
    for assertions module by module) was 1.2 s of the session's 1.5 s of CPU."""
    (tmp_path / "casino" / "engine").mkdir(parents=True)
    shutil.copy(ROOT / "casino" / "__init__.py", tmp_path / "casino")
    shutil.copy(ROOT / "casino" / "native.py", tmp_path / "casino")
    (tmp_path / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "tests")
    (tmp_path / "tests" / "test_one.py").write_text("def test_one():\n    pass\n", "utf-8")
    (tmp_path / "setup.py").write_text("", encoding="utf-8")
    _pair(tmp_path / "casino" / "engine", "moves", source_newer)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q",
         "tests"], cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(tmp_path), PYTEST_DISABLE_PLUGIN_AUTOLOAD="1"),
        capture_output=True, text=True, timeout=60, check=False)


def test_the_test_session_stops_on_a_stale_compiled_module(tmp_path: Path) -> None:
    done = _session(tmp_path / "stale", source_newer=True)
    assert done.returncode == 4, done.stdout + done.stderr
    assert "casino/engine/moves.py" in done.stdout + done.stderr
    assert "1 passed" not in done.stdout
    done = _session(tmp_path / "fresh", source_newer=False)
    assert done.returncode == 0 and "1 passed" in done.stdout, done.stdout + done.stderr


@pytest.mark.slow
def test_a_compiled_install_decides_as_the_sources(tmp_path: Path) -> None:
    """``CASINO_COMPILE=1 pip install``: a real build (compiler and all) in a fresh virtual
    environment; its engine is compiled and passes the digests, the AI decisions and the
    pickling test."""
    shutil.copytree(ROOT, tmp_path / "src", ignore=shutil.ignore_patterns(
        ".venv", ".git", "build", "*.egg-info", "*.so", "*.pyd", "__pycache__"))
    venv.create(tmp_path / "venv", with_pip=True)
    python = tmp_path / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
    env = dict(os.environ, CASINO_COMPILE="1", PYTHONPATH="")
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(tmp_path / "src") + "[test]"],
                   env=env, check=True, timeout=900)
    shutil.rmtree(tmp_path / "src" / "casino")  # the tests import the installed package
    where = tmp_path / "elsewhere"
    where.mkdir()
    said = subprocess.run([str(python), "-c", "from casino.cli import main; main()",
                           "--version"], cwd=where, capture_output=True, text=True,
                          check=True).stdout
    assert "compiled engine" in said
    tests = [str(tmp_path / "src" / "tests" / t) for t in (
        "engine/test_digests.py", "ai/test_decisions.py", "engine/test_view.py")]
    done = subprocess.run(
        [str(python), "-m", "pytest", "-p", "no:cacheprovider", "-q", "-n", "2",
         "--rootdir", str(where), *tests], cwd=where, env=env, capture_output=True,
        text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


@pytest.mark.slow
def test_a_compile_that_fails_installs_pure(tmp_path: Path) -> None:
    """No working C compiler: the build says so in one line and the wheel holds no
    extension module (the install goes on pure Python)."""
    shutil.copytree(ROOT, tmp_path / "src", ignore=shutil.ignore_patterns(
        ".venv", ".git", "build", "*.egg-info", "*.so", "*.pyd", "__pycache__"))
    env = dict(os.environ, CASINO_COMPILE="1", CC="false", PYTHONPATH="")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(tmp_path / "dist"),
         str(tmp_path / "src")], env=env, capture_output=True, text=True, timeout=900,
        check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    warned = [line for line in (done.stdout + done.stderr).splitlines()
              if "casino installs pure Python, not compiled" in line]
    assert warned and "building the extensions failed" in warned[-1]
    (wheel,) = (tmp_path / "dist").glob("casino-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "casino/engine/generate.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
