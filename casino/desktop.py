"""Put the game in the desktop's application menu (freedesktop.org), and take it out again.

``install_desktop`` writes ``casino.desktop`` into ``$XDG_DATA_HOME/applications`` and the
icon into ``$XDG_DATA_HOME/icons/hicolor/<size>/apps``; ``uninstall_desktop`` removes both.
Nothing raises for a file-system problem: each function returns messages to print.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import struct
import subprocess
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from casino.persistence.files import Loaded, atomic_write, describe_os_error

DESKTOP_FILE = "casino.desktop"
ICON_FILE = "casino.png"
THEME_SIZES = (16, 22, 24, 32, 48, 64, 96, 128, 192, 256, 512)
"""The hicolor theme's size folders; an icon of another size goes in the nearest."""

_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> Path:
    """``$XDG_DATA_HOME`` when it is an absolute path, else ``~/.local/share``."""
    env = os.environ.get("XDG_DATA_HOME", "")
    if env and os.path.isabs(env):
        return Path(env)
    return Path.home() / ".local" / "share"


def bundled_icon() -> Path | None:
    """The game's icon file (``casino/assets/icon.png``), if it is there."""
    icon = resources.files("casino").joinpath("assets/icon.png")
    return Path(str(icon)) if icon.is_file() else None


def launcher_command() -> list[str]:
    """How the menu entry starts the game: the frozen bundle, the ``casino`` script, or -m."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    found = shutil.which("casino")
    if found:
        return [os.path.abspath(found)]
    return [os.path.abspath(sys.executable), "-m", "casino"]


def exec_field(command: Sequence[str]) -> str:
    """``command`` as a desktop entry ``Exec`` value (its quoting, then the string escapes)."""
    words = []
    for arg in command:
        if any(ch in _RESERVED for ch in arg) or not arg:
            arg = '"' + "".join("\\" + ch if ch in '"`$\\' else ch for ch in arg) + '"'
        words.append(arg.replace("%", "%%"))
    return " ".join(words).replace("\\", "\\\\")


def _value(text: str) -> str:
    """A desktop entry string value: backslashes and line breaks escaped."""
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def desktop_entry(command: Sequence[str], icon: Path | None) -> str:
    """The text of ``casino.desktop``."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=Casino",
        "GenericName=Card Game",
        "Comment=The fishing card game Casino (Cassino, Kasino) against the computer",
        f"TryExec={_value(command[0])}",
        f"Exec={exec_field(command)}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        "Keywords=cards;cassino;kasino;fishing;card game;",
        "StartupNotify=true",
    ]
    if icon is not None:
        lines.insert(6, f"Icon={_value(str(icon))}")
    return "\n".join(lines) + "\n"


def png_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG's header, or None if it is not a PNG."""
    try:
        with path.open("rb") as f:
            head = f.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def icon_target(home: Path, size: tuple[int, int]) -> Path:
    """Where an icon of ``size`` goes in the user's hicolor theme."""
    side = min(THEME_SIZES, key=lambda s: abs(s - max(size)))
    return home / "icons" / "hicolor" / f"{side}x{side}" / "apps" / ICON_FILE


def install_desktop(
    home: Path | None = None, icon: Path | None = None, command: Sequence[str] | None = None,
) -> Loaded[tuple[Path, ...]]:
    """Install the menu entry and icon; the files written, and what happened in words.

    ``home`` defaults to ``data_home()``, ``icon`` to the bundled icon, ``command`` to
    ``launcher_command()``. A missing icon is skipped with a message.
    """
    home = home or data_home()
    command = list(command or launcher_command())
    messages: list[str] = []
    written: list[Path] = []
    icon = icon or bundled_icon()
    installed_icon: Path | None = None
    if icon is None:
        messages.append("no icon file (casino/assets/icon.png) in this installation; "
                        "the menu entry gets the desktop's default icon")
    else:
        size = png_size(icon)
        if size is None:
            messages.append(f"{icon}: not a PNG image; the icon is skipped")
        else:
            target = icon_target(home, size)
            try:
                atomic_write(target, icon.read_bytes())
            except OSError as exc:
                messages.append(f"{target}: icon not installed ({describe_os_error(exc)})")
            else:
                installed_icon = target
                written.append(target)
    entry = home / "applications" / DESKTOP_FILE
    try:
        atomic_write(entry, desktop_entry(command, installed_icon).encode("utf-8"))
    except OSError as exc:
        messages.append(f"{entry}: menu entry not installed ({describe_os_error(exc)})")
    else:
        written.append(entry)
        messages.append(f"installed {entry}: Casino is in the Games menu")
        _refresh(entry.parent)
    return Loaded(tuple(written), tuple(messages))


def uninstall_desktop(home: Path | None = None) -> Loaded[tuple[Path, ...]]:
    """Remove the menu entry and every size of the icon; the files removed, and messages."""
    home = home or data_home()
    entry = home / "applications" / DESKTOP_FILE
    icons = home / "icons" / "hicolor"
    candidates = [entry, *sorted(icons.glob(f"*/apps/{ICON_FILE}"))]
    removed: list[Path] = []
    messages: list[str] = []
    for path in candidates:
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            messages.append(f"{path}: not removed ({describe_os_error(exc)})")
            continue
        removed.append(path)
        messages.append(f"removed {path}")
    if not removed and not messages:
        messages.append(f"nothing to remove: no {entry}")
    elif entry in removed:
        _refresh(entry.parent)
    return Loaded(tuple(removed), tuple(messages))


def _refresh(applications: Path) -> None:
    """Tell the menu about the change where the desktop has the tool for it (optional)."""
    tool = shutil.which("update-desktop-database")
    if tool:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run([tool, "-q", str(applications)], check=False, timeout=20,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run(argv: Sequence[str]) -> int | None:
    """Handle ``--install-desktop`` / ``--uninstall-desktop`` for the launcher.

    Returns the exit status when one of them is in ``argv``, else None (start the game).
    """
    if "--install-desktop" in argv:
        written, messages = install_desktop()
    elif "--uninstall-desktop" in argv:
        written, messages = uninstall_desktop()
    else:
        return None
    for line in messages:
        print(line)
    ok = any(p.name == DESKTOP_FILE for p in written) or "--uninstall-desktop" in argv
    return 0 if ok and not any("not removed" in m for m in messages) else 1


if __name__ == "__main__":
    args = sys.argv[1:]
    status = run(args)
    if status is None:
        print("usage: python -m casino.desktop --install-desktop | --uninstall-desktop")
        status = 2
    sys.exit(status)
