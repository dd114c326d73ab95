"""Where the game keeps its files, atomic writes, and keeping bad files aside.

Every file the game writes goes through ``atomic_write``: a temporary file in the same
directory, flushed to disk, then renamed over the old one, so a crash leaves either the old
file or the new one, never half of one. A file that cannot be read is never deleted or
overwritten: ``keep_aside`` renames it to a timestamped backup next to it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Generic, NamedTuple, TypeVar

from casino.engine.wording import Said

MAX_FILE_BYTES = 4 << 20
"""No file the game reads is larger than this (a save of a long game is a few kB)."""

ENV_HOME = "CASINO_HOME"
"""When set, the game keeps settings, records and saves in this one directory."""

NEW_FILE_MODE = 0o644
TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^\..+\.(\d+)\.[^.]+\.tmp$")
"""``atomic_write``'s temporary files: ``.NAME.<pid of the writer>.<random>.tmp``."""

T = TypeVar("T")


class Loaded(NamedTuple, Generic[T]):
    """What a load returns: the value to use, and messages to show the person (maybe none)."""

    value: T
    messages: tuple[str, ...] = ()


def _chosen_dir(directory: Path | None) -> Path | None:
    """``directory`` if given, else $CASINO_HOME if set."""
    if directory is not None:
        return Path(directory)
    home = os.environ.get(ENV_HOME)
    return Path(home) if home else None


def config_dir(directory: Path | None = None) -> Path:
    """The settings directory: ``directory``, else $CASINO_HOME, else the user's config dir."""
    from platformdirs import user_config_path

    return _chosen_dir(directory) or user_config_path("casino")


def data_dir(directory: Path | None = None) -> Path:
    """The records/saves directory: ``directory``, else $CASINO_HOME, else the user's data dir."""
    from platformdirs import user_data_path

    return _chosen_dir(directory) or user_data_path("casino")


def atomic_write(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once; raises OSError (the old file stays intact)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX,
                               dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            try:
                mode = stat.S_IMODE(path.stat().st_mode)
            except OSError:
                mode = NEW_FILE_MODE
            if hasattr(os, "fchmod"):  # mkstemp makes 0600: keep the old file's mode
                os.fchmod(out.fileno(), mode)
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def clean_temporary(folder: Path) -> list[Path]:
    """Remove the temporary files of our writers that died mid-write (SIGKILL, power cut).

    Only files named by ``atomic_write`` whose writing process is gone are removed; another
    running instance's file in the middle of a write is left alone. The paths removed.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP_NAME.match(entry.name)
        if match is None or process_alive(int(match.group(1))):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def process_alive(pid: int) -> bool:
    """Whether a process with this id runs (ours counts). A zombie, killed but not yet
    reaped by its parent, does not: it holds no file and will write nothing."""
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    if sys.platform == "win32":
        return _windows_alive(pid)
    try:
        os.kill(pid, 0)
    except PermissionError:
        return True  # another user's process
    except (OSError, OverflowError):
        return False
    try:
        stat_line = Path(f"/proc/{pid}/stat").read_bytes()  # its name may be any bytes
    except OSError:
        return True  # no /proc (macOS): the signal test above is all there is
    fields = stat_line.rpartition(b")")[2].split()
    return not fields or fields[0] not in (b"Z", b"X")


if sys.platform == "win32":
    def _windows_alive(pid: int) -> bool:
        """Whether process ``pid`` runs on Windows: ``os.kill(pid, 0)`` would end it there,
        so ask the kernel for its exit code (259 while it runs). Where Windows will not say,
        assume it runs: a live window's save slot is never taken over."""
        import ctypes
        from ctypes import wintypes

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        kernel32.OpenProcess.restype = wintypes.HANDLE  # pointer-sized: not cut to an int
        kernel32.OpenProcess.argtypes = (wintypes.DWORD, wintypes.BOOL, wintypes.DWORD)
        kernel32.GetExitCodeProcess.argtypes = (wintypes.HANDLE, ctypes.POINTER(wintypes.DWORD))
        kernel32.CloseHandle.argtypes = (wintypes.HANDLE,)
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return ctypes.get_last_error() == 5  # access denied: another user's process
        try:
            code = wintypes.DWORD()
            if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
                return True
            return code.value == 259  # STILL_ACTIVE (a process that exited with 259 reads so)
        finally:
            kernel32.CloseHandle(handle)


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable where the platform allows opening a directory."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_limited(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; OSError otherwise.

    A FIFO or device in the file's place would block or never end, and a huge file would
    exhaust memory before any check: both are refused before reading, with a reason.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise OSError(errno.EISDIR, "it is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a pipe or device?)")
        if info.st_size > limit:
            raise OSError(errno.EFBIG, f"{info.st_size:,} bytes, more than the {limit:,} "
                                       "a file of the game can have")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise OSError(errno.EFBIG, f"more than the {limit:,} bytes a file of the game "
                                       "can have")
        return b"".join(chunks)
    finally:
        os.close(fd)


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to at most ``limit`` characters, for quoting a bad value in a message."""
    return text if len(text) <= limit else text[: limit - 5] + "\u2026" + text[-4:]


def backup_name(path: Path, when: datetime | None = None, label: str = "broken") -> Path:
    """A free name beside ``path`` for its backup: ``NAME.<label>-YYYYMMDD-HHMMSS[-N]``."""
    stamp = (when or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    return candidate


def keep_aside(path: Path, companions: tuple[str, ...] = (),
               label: str = "broken") -> Path | None:
    """Rename a file to a timestamped backup (``label`` says why); None if it could not be.

    ``companions`` are suffixes of files that belong with it (an SQLite ``-journal``); they
    move along under the same stamp. An existing backup is never overwritten.
    """
    target = backup_name(path, label=label)
    try:
        move_no_clobber(path, target)
    except OSError:
        return None
    for suffix in companions:
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            with contextlib.suppress(OSError):
                move_no_clobber(extra, target.with_name(target.name + suffix))
    return target


def move_no_clobber(src: Path, dst: Path) -> None:
    """Rename ``src`` to ``dst``, refusing (FileExistsError) to replace an existing ``dst``."""
    try:
        os.link(src, dst)
    except FileExistsError:
        raise
    except OSError:
        # No hard links here (some file systems): rename after checking the name is free.
        if dst.exists():
            raise FileExistsError(dst) from None
        os.rename(src, dst)
        return
    try:
        os.unlink(src)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(dst)
        raise


def describe_os_error(exc: OSError) -> str:
    """The reason of an OSError in words, without the errno noise.

    A file where a folder must be (``CASINO_HOME`` naming a file) is said as such, with
    what to do, rather than "File exists" or "Not a directory".
    """
    if exc.errno in (errno.EEXIST, errno.ENOTDIR) and exc.filename is not None:
        path = Path(os.fsdecode(exc.filename))
        # "File exists" from making the folder itself; "Not a directory" from a path in it.
        blocker = _not_a_folder((path,) if exc.errno == errno.EEXIST else path.parents)
        if blocker is not None:
            home = os.environ.get(ENV_HOME)
            if home and Path(home) == blocker:
                return Said("{name}={home} is a file, not a folder: set {name} to a folder "
                            "(it is made if missing), or unset it", name=ENV_HOME, home=home)
            return Said("{path} is a file, not a folder: move it away so the folder can be "
                        "made", path=str(blocker))
    return exc.strerror or str(exc)


def _not_a_folder(candidates: Iterable[Path]) -> Path | None:
    """The first of ``candidates`` that exists but is not a folder; None at a folder."""
    for candidate in candidates:
        try:
            if candidate.is_dir():
                return None
            if candidate.exists():
                return candidate
        except OSError:
            return None
    return None
