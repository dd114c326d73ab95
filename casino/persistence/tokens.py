"""A window's seat tokens, by network table: joining again takes the same seat.

``seat-tokens.json`` in the user data folder maps a table (its address and join code) to
the token its host gave this window. A token only saves a rejoin, so a file that does not
read keeps none; but, like every file of the game, a damaged one is never written over: it
is kept aside first, and when it cannot be, nothing is written and the message says so.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from casino.engine.wording import Said
from casino.persistence.files import (
    atomic_write,
    data_dir,
    describe_os_error,
    keep_aside,
    read_limited,
)

FILE_NAME = "seat-tokens.json"
MOST_TABLES = 20
"""The newest tables kept; older tokens are dropped."""
_MOST_BYTES = 1 << 20


def tokens_path(directory: Path | None = None) -> Path:
    return (directory or data_dir()) / FILE_NAME


def known_tokens(directory: Path | None = None) -> dict[str, str]:
    """The seat tokens kept so far; none when the file is missing or does not read."""
    data = _read(tokens_path(directory))
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


READ_AS = str.maketrans("52801", "SZBOI")
"""Join-code symbols read out or typed for their look-alikes (5 for S, 2 for Z, 8 for B, 0
for O, 1 for I): the host makes codes without 2, 5, 8, 0 and 1, and a code is compared by
its ``code_key``, so a table saved with an older code (K5Z2B8) is still joined as typed,
either way."""


def code_key(code: str) -> str:
    """A join code as compared: upper case, each look-alike read as its letter."""
    return code.strip().upper().translate(READ_AS)


def table_key(address: str, code: str) -> str:
    """The key a seat is kept under: the address as typed and the join code as compared
    (``code_key``), the table's identity (``seat_token``, ``newest_seat`` and
    ``forget_table`` read it back). A 2 typed for the host's Z is kept, and offered back
    at the title, as the Z the host shows."""
    return f"{address.strip()} {code_key(code)}"


def _table_of(key: str) -> tuple[str, str]:
    """A key's address and join code (``table_key`` read back)."""
    address, _sep, code = key.rpartition(" ")
    return address, code


def seat_token(address: str, code: str, tokens: dict[str, str]) -> str | None:
    """This window's token for the table at ``address`` with ``code``. The join code is the
    table's identity (the protocol gives no other, and a table hosted again keeps it): the
    same table reached by another address (its LAN address from Find tables, 127.0.0.1
    typed) is found by its code, the newest such seat first."""
    exact = tokens.get(table_key(address, code))
    if exact is not None:
        return exact
    wanted = code_key(code)
    return next((token for key, token in reversed(tokens.items())
                 if code_key(_table_of(key)[1]) == wanted), None)


def newest_seat(tokens: dict[str, str], hosted_code: str | None) -> tuple[str, str] | None:
    """The address and code of the newest table this window sat at as a guest (not the one
    it hosts itself, which Host reopens), for a rejoin after a crash, or None."""
    for key in reversed(tokens):
        address, code = _table_of(key)
        if address and code and code_key(code) != code_key(hosted_code or ""):
            return address, code
    return None


def _read(path: Path) -> object:
    """The file's JSON; None when there is none, ``...`` when it does not read (a pipe in
    its place is refused, not waited on)."""
    try:
        return json.loads(read_limited(path, _MOST_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, RecursionError):
        return ...


def remember_token(table: str, token: str, directory: Path | None = None) -> str | None:
    """Keep ``token`` for ``table``; None when it is kept (or already was), else a message.

    A damaged file is kept aside as ``seat-tokens.json.broken-<time>`` first (the message
    says where); one that cannot be is left as it is, the token not kept.
    """
    path = tokens_path(directory)
    tokens = known_tokens(directory)
    if list(tokens.items())[-1:] == [(table, token)]:
        return None  # kept, and the newest: a rejoin of an older table makes it the newest
    tokens.pop(table, None)
    tokens[table] = token  # the newest last
    kept = dict(list(tokens.items())[-MOST_TABLES:])
    notice = None
    if not isinstance(_read(path), dict | None) and (path.exists() or path.is_symlink()):
        if not path.is_file():  # a folder or a pipe in its place: not ours to move
            return Said("{path}: seat token not kept: it is not a file; move it away to "
                        "rejoin this table after a restart", path=str(path))
        backup = keep_aside(path)
        if backup is None:
            return Said("{path}: seat token not kept: the damaged file there could not be "
                        "kept aside; move or delete it to rejoin this table after a restart",
                        path=str(path))
        notice = Said("{path}: a damaged file of seat tokens was kept as {backup}",
                      path=str(path), backup=str(backup))
    try:
        atomic_write(path, json.dumps(kept, indent=1).encode("utf-8"))
    except OSError as exc:
        return Said("{path}: seat token not kept ({error}); this table cannot be rejoined "
                    "after a restart", path=str(path), error=describe_os_error(exc))
    return notice


def forget_table(code: str, directory: Path | None = None, address: str | None = None) -> None:
    """Drop every seat kept at the table with join ``code`` (its identity, whatever address
    reached it), or only the one kept for ``address``: its last game is over or the host
    refused the seat, so the Network screen no longer offers a rejoin. A file that cannot be
    written keeps it; a table that is gone refuses the seat anyway."""
    tokens = known_tokens(directory)
    wanted = code_key(code)
    kept = {key: token for key, token in tokens.items()
            if code_key(_table_of(key)[1]) != wanted
            or (address is not None and _table_of(key)[0] != address.strip())}
    if kept != tokens and isinstance(_read(tokens_path(directory)), dict):
        with contextlib.suppress(OSError):
            atomic_write(tokens_path(directory), json.dumps(kept, indent=1).encode("utf-8"))
