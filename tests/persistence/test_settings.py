"""Settings on real files: defaults, round trip, broken files kept aside, read-only folders."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from pydantic import ValidationError

from casino.persistence import Settings, load_settings, save_settings
from casino.persistence.files import ENV_HOME, config_dir
from casino.persistence.settings import FILE_NAME, to_toml

from .conftest import backups, child, read_only


def test_missing_file_gives_defaults_quietly(tmp_path: Path) -> None:
    settings, messages = load_settings(tmp_path)
    assert settings == Settings()
    assert messages == ()
    assert not (tmp_path / FILE_NAME).exists()


def test_round_trip(tmp_path: Path) -> None:
    mine = Settings().changed(player_name="Zoë \"Z\" O'Neil", speed=9, sound=False,
                              opponents=3, difficulties=("hard", "beginner", "expert"),
                              four_colour=True, ruleset="casino33", daily_deal=True)
    assert save_settings(mine, tmp_path) is None
    assert load_settings(tmp_path) == (mine, ())
    assert mine.levels() == ("hard", "beginner", "expert")
    assert Settings().levels() == ("heuristic",)


def test_file_is_readable_toml(tmp_path: Path) -> None:
    save_settings(Settings(), tmp_path)
    data = tomllib.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert data["speed"] == 4 and data["difficulties"] == ["heuristic"] * 3


def test_settings_are_frozen_and_strict() -> None:
    with pytest.raises(ValidationError):
        Settings().changed(speed=10)
    with pytest.raises(ValidationError):
        Settings().changed(colour="red")
    with pytest.raises(ValidationError):
        Settings().changed(player_name="  ")
    with pytest.raises(ValidationError):
        Settings().speed = 3  # type: ignore[misc]


def test_env_var_names_the_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_HOME, str(tmp_path / "home"))
    assert config_dir() == tmp_path / "home"
    assert save_settings(Settings().changed(speed=2)) is None
    assert (tmp_path / "home" / FILE_NAME).exists()
    assert load_settings().value.speed == 2


@pytest.mark.parametrize("text", [
    "speed = ",                                     # truncated
    "speed = 4\nspeed = 5\n",                       # duplicate key
    "\x00\x01\x02binary",                           # not text
    "[animation\n",                                 # broken table header
])
def test_unparsable_file_kept_aside_defaults_used(tmp_path: Path, text: str) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(text.encode("latin-1"))
    settings, messages = load_settings(tmp_path)
    assert settings == Settings()
    assert str(path) in messages[0] and "not a valid settings file" in messages[0]
    [backup] = backups(tmp_path, FILE_NAME)
    assert backup.read_bytes() == text.encode("latin-1")
    assert any(str(backup) in m for m in messages)
    assert load_settings(tmp_path) == (Settings(), ())  # a repaired file was written


def test_bad_values_named_with_what_was_expected(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    text = to_toml(Settings().changed(player_name="Ann", sound=False))
    text = text.replace("speed = 4", "speed = 12").replace("animation = true",
                                                            'animation = "maybe"')
    text += "colour = \"red\"\n"
    path.write_text(text, encoding="utf-8")
    settings, messages = load_settings(tmp_path)
    # the good values survive, the bad ones fall back to their defaults
    assert (settings.player_name, settings.sound) == ("Ann", False)
    assert (settings.speed, settings.animation) == (4, True)
    joined = "\n".join(messages)
    assert "speed: should be at most 9 (found 12); using the default" in joined
    assert "animation: should be true or false (found 'maybe')" in joined
    assert "colour: not a setting" in joined
    assert all(str(path) in m for m in messages[:3])
    [backup] = backups(tmp_path, FILE_NAME)
    assert backup.read_text(encoding="utf-8") == text
    assert load_settings(tmp_path) == (settings, ())


def test_wrong_type_for_a_list_and_a_future_version(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text('version = 7\ndifficulties = "hard"\n', encoding="utf-8")
    settings, messages = load_settings(tmp_path)
    assert settings == Settings()
    assert any("version: 7, written by a newer version of Casino (this one reads version 1)"
               in m for m in messages)
    assert any("difficulties:" in m for m in messages)


def test_a_number_that_must_be_one_value_names_it(tmp_path: Path) -> None:
    """The expected values were read only from quotes: 'version: should be one of  (found…)'."""
    (tmp_path / FILE_NAME).write_text('version = "1"\nspeed = 3\n', encoding="utf-8")
    settings, messages = load_settings(tmp_path)
    assert settings == Settings(speed=3)
    assert f"{tmp_path / FILE_NAME}: version: should be one of 1 (found '1'); using the " \
           "default" in messages


def test_backups_are_never_overwritten(tmp_path: Path) -> None:
    for n in range(3):
        (tmp_path / FILE_NAME).write_text(f"broken {n} =", encoding="utf-8")
        load_settings(tmp_path)
    kept = backups(tmp_path, FILE_NAME)
    assert sorted(p.read_text(encoding="utf-8") for p in kept) == [
        "broken 0 =", "broken 1 =", "broken 2 ="]


def test_read_only_directory_saves_nothing_and_says_so(tmp_path: Path) -> None:
    save_settings(Settings().changed(speed=7), tmp_path)
    with read_only(tmp_path):
        message = save_settings(Settings().changed(speed=1), tmp_path)
        assert message is not None and str(tmp_path / FILE_NAME) in message
        assert "not saved" in message
        assert load_settings(tmp_path).value.speed == 7
    assert sorted(os.listdir(tmp_path)) == [FILE_NAME]  # no temp file left behind


def test_read_only_directory_with_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    path.write_text("speed = 99\nsound = false\n", encoding="utf-8")
    with read_only(tmp_path):
        settings, messages = load_settings(tmp_path)
        assert settings.speed == 4 and settings.sound is False
        assert any("could not be moved aside" in m for m in messages)
        assert save_settings(settings, tmp_path) is not None
    assert path.read_text(encoding="utf-8") == "speed = 99\nsound = false\n"
    # once writable, saving first keeps the bad file aside rather than overwrite it
    assert save_settings(settings, tmp_path) is None
    [backup] = backups(tmp_path, FILE_NAME)
    assert backup.read_text(encoding="utf-8") == "speed = 99\nsound = false\n"


def test_unreadable_file(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).mkdir()  # a folder where the file should be
    settings, messages = load_settings(tmp_path)
    assert settings == Settings() and "cannot read the settings" in messages[0]


HOSTILE_SETTINGS = {
    "nested": "difficulties = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "digits": "speed = " + "9" * 5000 + "\n",
    "huge": 'player_name = "' + "x" * (20 << 20) + '"\n',
}


@pytest.mark.parametrize("case", sorted(HOSTILE_SETTINGS))
def test_hostile_settings_give_a_notice_and_are_kept(tmp_path: Path, case: str) -> None:
    """Issue 15 #5/#6: deep nesting and 5,000 digits raised; a 20 MB value was quoted whole."""
    path = tmp_path / FILE_NAME
    path.write_text(HOSTILE_SETTINGS[case], encoding="utf-8")
    size = path.stat().st_size
    settings, messages = load_settings(tmp_path)
    assert settings == Settings()
    [backup] = backups(tmp_path, FILE_NAME)
    assert backup.stat().st_size == size
    assert str(path) in messages[0] and str(backup) in messages[-1]
    assert all(len(m) < 600 for m in messages)


def test_a_pipe_in_place_of_the_settings_does_not_hang_the_launch(tmp_path: Path) -> None:
    """Issue 15 #5: reading a FIFO named settings.toml waited for a writer forever."""
    os.mkfifo(tmp_path / FILE_NAME)
    result = child("""
        from casino.persistence import Settings, load_settings
        settings, messages = load_settings()
        assert settings == Settings(), settings
        print(*messages, sep="\\n")
    """, home=tmp_path, timeout=20)
    assert result.returncode == 0, result.stderr
    assert "not a settings file" in result.stdout and "kept as" in result.stdout
    [backup] = backups(tmp_path, FILE_NAME)
    assert backup.is_fifo() and (tmp_path / FILE_NAME).is_file()
