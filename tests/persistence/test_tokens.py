"""A window's seat tokens: kept per table, the newest only, a damaged file never written over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from casino.persistence import tokens
from casino.persistence.tokens import (
    FILE_NAME,
    MOST_TABLES,
    forget_table,
    known_tokens,
    remember_token,
)

from .conftest import backups, read_only


def test_a_token_is_kept_per_table_and_only_the_newest_tables(tmp_path: Path) -> None:
    assert known_tokens(tmp_path) == {}
    assert remember_token("host:1 ABC", "t1", tmp_path) is None
    assert remember_token("host:1 ABC", "t1", tmp_path) is None  # already kept
    assert known_tokens(tmp_path) == {"host:1 ABC": "t1"}
    for n in range(MOST_TABLES + 5):
        assert remember_token(f"host:{n} X", f"t{n}", tmp_path) is None
    kept = known_tokens(tmp_path)
    assert len(kept) == MOST_TABLES and "host:1 ABC" not in kept
    assert kept[f"host:{MOST_TABLES + 4} X"] == f"t{MOST_TABLES + 4}"


def test_a_rejoined_older_table_becomes_the_newest(tmp_path: Path) -> None:
    """The Network screen offers the newest seat: rejoining an older table kept the other
    one newest, since the same token returned early."""
    remember_token("127.0.0.1:7777 ABC", "t1", tmp_path)
    remember_token("127.0.0.1:7778 XYZ", "t2", tmp_path)
    assert remember_token("127.0.0.1:7777 ABC", "t1", tmp_path) is None
    assert list(known_tokens(tmp_path)) == ["127.0.0.1:7778 XYZ", "127.0.0.1:7777 ABC"]


def test_a_table_whose_last_game_is_over_is_forgotten_by_every_address(tmp_path: Path) -> None:
    """A seat at a table that has ended is no seat to rejoin, whichever address reached it."""
    remember_token("127.0.0.1:7777 ABC", "t1", tmp_path)
    remember_token("192.0.2.2:7777 ABC", "t1", tmp_path)
    remember_token("127.0.0.1:7778 XYZ", "t2", tmp_path)
    forget_table("abc", tmp_path)
    assert known_tokens(tmp_path) == {"127.0.0.1:7778 XYZ": "t2"}
    forget_table("QQQ", tmp_path)  # nothing kept there: nothing written
    assert known_tokens(tmp_path) == {"127.0.0.1:7778 XYZ": "t2"}


def test_a_damaged_file_is_kept_aside_and_said(tmp_path: Path) -> None:
    damaged = b'{"host:1 ABC": "t1", "hos'
    (tmp_path / FILE_NAME).write_bytes(damaged)
    assert known_tokens(tmp_path) == {}
    message = remember_token("host:2 DEF", "t2", tmp_path)
    [backup] = backups(tmp_path, FILE_NAME)
    assert backup.read_bytes() == damaged
    assert message is not None and str(backup) in message and "damaged" in message
    assert known_tokens(tmp_path) == {"host:2 DEF": "t2"}


def test_a_damaged_file_that_cannot_be_kept_aside_is_not_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The window wrote over it anyway: the other files refuse and say so."""
    damaged = b"not json"
    path = tmp_path / FILE_NAME
    path.write_bytes(damaged)
    monkeypatch.setattr(tokens, "keep_aside", lambda *_a, **_k: None)
    message = remember_token("host:2 DEF", "t2", tmp_path)
    assert path.read_bytes() == damaged
    assert message == (f"{path}: seat token not kept: the damaged file there could not be "
                       "kept aside; move or delete it to rejoin this table after a restart")


def test_a_folder_in_its_place_is_said_not_moved(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).mkdir()
    message = remember_token("host:2 DEF", "t2", tmp_path)
    assert message is not None and "not a file" in message
    assert (tmp_path / FILE_NAME).is_dir() and backups(tmp_path, FILE_NAME) == []


def test_a_folder_that_cannot_be_written_is_said(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text(json.dumps({"a 1": "t"}), encoding="utf-8")
    with read_only(tmp_path):
        message = remember_token("b 2", "t2", tmp_path)
    assert message is not None and "seat token not kept (" in message
    assert known_tokens(tmp_path) == {"a 1": "t"}


def test_a_code_typed_with_a_look_alike_is_kept_as_the_host_shows_it(tmp_path: Path) -> None:
    """s33: a 2 typed for the host's Z was kept as typed, and the title offered the seat
    back as "code Q2XXLE" while the host showed QZXXLE."""
    remember_token(tokens.table_key("127.0.0.1:7777", " q2xxle "), "t1", tmp_path)
    kept = known_tokens(tmp_path)
    assert tokens.newest_seat(kept, None) == ("127.0.0.1:7777", "QZXXLE")
    assert tokens.seat_token("127.0.0.1:7777", "QZXXLE", kept) == "t1"
    assert tokens.seat_token("127.0.0.1:7777", "Q2XXLE", kept) == "t1"
