"""The desktop menu entry: written where XDG says, valid, removable; problems are messages."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

import casino.desktop as desktop
from casino.desktop import (
    DESKTOP_FILE,
    desktop_entry,
    exec_field,
    install_desktop,
    png_size,
    uninstall_desktop,
)
from tests.persistence.conftest import read_only

VALIDATOR = shutil.which("desktop-file-validate")


def make_png(path: Path, size: int) -> Path:
    """A real (grey, square) PNG file of ``size`` pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    rows = b"".join(b"\x00" + b"\x80" * size for _ in range(size))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size,
                                                                       8, 0, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    return path


def validate(path: Path) -> None:
    if VALIDATOR is None:
        return
    result = subprocess.run([VALIDATOR, str(path)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in (result.stdout + result.stderr).lower()


COMMAND = ["/opt/my games/casino 100%", "--size", "1280x800"]


def test_install_writes_entry_and_icon(tmp_path: Path) -> None:
    icon = make_png(tmp_path / "icon.png", 64)
    home = tmp_path / "share"
    written, messages = install_desktop(home, icon, COMMAND)
    entry = home / "applications" / DESKTOP_FILE
    placed = home / "icons" / "hicolor" / "64x64" / "apps" / "casino.png"
    assert written == (placed, entry)
    assert placed.read_bytes() == icon.read_bytes() and png_size(placed) == (64, 64)
    text = entry.read_text(encoding="utf-8")
    assert f"Icon={placed}\n" in text
    assert 'Exec="/opt/my games/casino 100%%" --size 1280x800\n' in text
    assert "Categories=Game;CardGame;" in text
    assert any("installed" in m for m in messages)
    validate(entry)


@pytest.mark.skipif(VALIDATOR is None, reason="desktop-file-validate is not installed")
def test_validator_accepts_awkward_paths(tmp_path: Path) -> None:
    path = tmp_path / DESKTOP_FILE
    path.write_text(desktop_entry(['/a "b"/c\\d$e', "-m", "casino"],
                                  tmp_path / "icons dir" / "casino.png"), encoding="utf-8")
    validate(path)


def test_exec_quoting() -> None:
    assert exec_field(["/usr/bin/casino"]) == "/usr/bin/casino"
    assert exec_field(["/x y/python", "-m", "casino"]) == '"/x y/python" -m casino'
    # quoting escapes \ as \\, then the string value escapes each \ again
    assert exec_field(['a"b$c\\d']) == '"a\\\\"b\\\\$c\\\\\\\\d"'


def test_missing_icon_is_skipped_with_a_message(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(desktop, "bundled_icon", lambda: None)
    written, messages = install_desktop(tmp_path, None, COMMAND)
    assert written == (tmp_path / "applications" / DESKTOP_FILE,)
    assert "no icon file" in messages[0]
    assert "Icon=" not in written[0].read_text(encoding="utf-8")
    validate(written[0])


def test_not_a_png_is_skipped(tmp_path: Path) -> None:
    bad = tmp_path / "icon.png"
    bad.write_text("GIF89a", encoding="utf-8")
    written, messages = install_desktop(tmp_path / "s", bad, COMMAND)
    assert len(written) == 1 and "not a PNG" in messages[0]


def test_odd_icon_size_goes_to_the_nearest_theme_size(tmp_path: Path) -> None:
    icon = make_png(tmp_path / "icon.png", 300)
    written, _ = install_desktop(tmp_path / "s", icon, COMMAND)
    assert written[0].parent.parent.name == "256x256"


def test_xdg_data_home_is_respected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(desktop, "bundled_icon", lambda: make_png(tmp_path / "i.png", 128))
    assert desktop.run(["--install-desktop"]) == 0
    assert (tmp_path / "xdg" / "applications" / DESKTOP_FILE).is_file()
    assert (tmp_path / "xdg" / "icons" / "hicolor" / "128x128" / "apps" / "casino.png").is_file()
    assert desktop.run(["--uninstall-desktop"]) == 0
    left = [p.name for p in (tmp_path / "xdg").rglob("*") if p.is_file()]
    assert set(left) <= {"mimeinfo.cache"}  # update-desktop-database's cache may stay
    assert desktop.run(["--other"]) is None
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # ignored, as the spec says
    assert desktop.data_home() == Path.home() / ".local" / "share"


def test_uninstall_removes_both_and_is_quiet_when_absent(tmp_path: Path) -> None:
    icon = make_png(tmp_path / "icon.png", 48)
    written, _ = install_desktop(tmp_path / "s", icon, COMMAND)
    removed, messages = uninstall_desktop(tmp_path / "s")
    assert sorted(removed) == sorted(written) and len(messages) == 2
    removed, messages = uninstall_desktop(tmp_path / "s")
    assert removed == () and "nothing to remove" in messages[0]


def test_read_only_home(tmp_path: Path) -> None:
    icon = make_png(tmp_path / "icon.png", 32)
    home = tmp_path / "share"
    home.mkdir()
    with read_only(home):
        written, messages = install_desktop(home, icon, COMMAND)
        assert written == ()
        assert any("icon not installed" in m for m in messages)
        assert any("menu entry not installed" in m for m in messages)
    install_desktop(home, icon, COMMAND)
    with read_only(home / "applications"):
        removed, messages = uninstall_desktop(home)
        assert any("not removed" in m for m in messages)
        assert removed == ()
    assert (home / "applications" / DESKTOP_FILE).exists()


@pytest.mark.slow
def test_pyinstaller_bundle_builds_and_starts(tmp_path: Path) -> None:
    pytest.importorskip("PyInstaller")
    root = Path(__file__).resolve().parent.parent
    subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
         "--distpath", str(tmp_path / "dist"), "--workpath", str(tmp_path / "build"),
         str(root / "packaging" / "casino.spec")],
        cwd=tmp_path, check=True, timeout=1800)
    program = tmp_path / "dist" / "casino" / ("casino.exe" if sys.platform == "win32"
                                               else "casino")
    assert program.is_file()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "CASINO_HOME": str(tmp_path / "home")}
    result = subprocess.run([str(program), "--seconds", "1", "--no-sound"], env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_installed_entry_names_an_icon_file_that_exists(tmp_path: Path) -> None:
    """Issue 15 #11: casino/assets/icon.png was missing, so no icon was ever installed."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "casino", "--install-desktop"], env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no icon" not in result.stdout
    entry = (tmp_path / "applications" / DESKTOP_FILE).read_text(encoding="utf-8")
    [line] = [line for line in entry.splitlines() if line.startswith("Icon=")]
    icon = Path(line.removeprefix("Icon="))
    assert icon.is_file() and icon.is_relative_to(tmp_path)
    assert png_size(icon) == (256, 256) and icon.parent.parent.name == "256x256"
    validate(tmp_path / "applications" / DESKTOP_FILE)


def test_the_shipped_icon_is_the_one_the_game_draws() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from casino.ui.assets import icon

    shipped = desktop.bundled_icon()
    assert shipped is not None
    pygame.font.init()
    image = pygame.image.load(str(shipped))
    drawn = icon(256)
    assert image.get_size() == drawn.get_size() == (256, 256)
    for x, y in ((128, 3), (3, 128), (128, 40), (80, 200), (128, 128)):  # felt, card, spade
        assert image.get_at((x, y)) == drawn.get_at((x, y))


def test_a_file_where_a_menu_folder_must_be_is_named_with_what_to_do(tmp_path: Path) -> None:
    """The real launcher said 'menu entry not installed (File exists)' and '(Not a
    directory)': true, but not which file is in the way nor what to do about it."""
    share = tmp_path / "share"
    share.mkdir()
    (share / "applications").write_text("not a folder")
    (share / "icons").write_text("nor this")
    env = {**os.environ, "XDG_DATA_HOME": str(share)}
    result = subprocess.run([sys.executable, "-m", "casino", "--install-desktop"], env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = result.stdout.splitlines()
    assert f"{share / 'applications'} is a file, not a folder: move it away so the folder " \
           "can be made" in lines[-1] and "menu entry not installed" in lines[-1]
    assert f"{share / 'icons'} is a file, not a folder" in lines[0]
    assert (share / "applications").read_text() == "not a folder"
