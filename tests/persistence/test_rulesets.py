"""A player's own ruleset (issue 18): found in $CASINO_HOME/rulesets by the CLI and ``casino``
(real processes), and a saved game of it resumes, or waits when the file changed or is gone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from casino.ai.basic import GreedyPolicy
from casino.engine import Game
from casino.persistence import SavedGame, SeatInfo, load_game, save_game
from casino.persistence.rulesets import get_ruleset, ruleset_folders
from casino.persistence.saves import FILE_NAME
from tests.persistence.conftest import backups

MINE = ('base = "classic"\ntitle = "Our house rules"\ndescription = "Sweeps score 2."\n'
        'source = "us"\n[scoring]\nsweep = 2\n')


def run(home: Path, *argv: str, cwd: Path | None = None,
        program: str = "casino.cli") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CASINO_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", program, *argv], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=120, check=False)


def players_folder(home: Path) -> Path:
    folder = home / "rulesets"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_the_folder_is_casino_home_rulesets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    monkeypatch.setenv("CASINO_HOME", str(tmp_path))
    assert ruleset_folders() == (tmp_path / "rulesets",)
    monkeypatch.delenv("CASINO_HOME")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert ruleset_folders() == (tmp_path / "xdg" / "casino" / "rulesets",)


def test_casino_cli_lists_the_good_and_names_the_bad(tmp_path: Path) -> None:
    folder = players_folder(tmp_path)
    (folder / "mine.toml").write_text(MINE, encoding="utf-8")
    (folder / "latin.toml").write_bytes(MINE.replace("us", "vår").encode("latin-1"))
    (folder / "deep.toml").write_text("a = " + "[" * 3000 + "]" * 3000, encoding="utf-8")
    (folder / "huge.toml").write_bytes(b"#" * (300 << 10))
    result = run(tmp_path, "rulesets")
    assert result.returncode == 0 and "Traceback" not in result.stderr
    good, _, bad = result.stdout.partition("Not offered")
    assert "spitenet" in good and f"Sweeps score 2. [yours: {folder / 'mine.toml'}]" in good
    for name in ("latin", "deep", "huge"):
        assert f"{folder / name}.toml" in bad and name not in good
    assert "not UTF-8" in bad and "nested" in bad and "256 KB" in bad


def test_casino_cli_finds_a_players_ruleset_by_name_and_by_path(tmp_path: Path) -> None:
    (players_folder(tmp_path) / "mine.toml").write_text(MINE, encoding="utf-8")
    (tmp_path / "plus.toml").write_text('base = "mine"\n[game]\ntarget = 31\n', encoding="utf-8")
    assert run(tmp_path, "check-ruleset", "mine").returncode == 0
    checked = run(tmp_path, "check-ruleset", "./plus.toml", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    result = run(tmp_path, "simulate", "--ruleset", "./plus.toml", "--games", "2", "--json",
                 cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["ruleset"] == "plus"
    bad = run(tmp_path, "simulate", "--ruleset", "../mine", "--games", "1")
    assert bad.returncode == 2 and "neither a name" in bad.stderr and bad.stderr.count("\n") == 1


@pytest.mark.parametrize("how", ["mine", "./mine.toml"])
def test_casino_starts_a_players_ruleset(tmp_path: Path, how: str) -> None:
    """``casino --ruleset mine`` (the player's folder) and ``--ruleset ./mine.toml`` (a file
    anywhere) start the game; the save names the ruleset so that it resumes."""
    home = tmp_path / "home"
    here = tmp_path / "here"
    here.mkdir()
    folder = players_folder(home) if how == "mine" else here
    (folder / "mine.toml").write_text(MINE, encoding="utf-8")
    result = run(home, "--ruleset", how, "--level", "greedy", "--seconds", "0.5",
                 cwd=here, program="casino")
    assert result.returncode == 0, result.stderr
    save = json.loads((home / FILE_NAME).read_text(encoding="utf-8"))
    assert save["ruleset"] == ("mine" if how == "mine" else str(here / "mine.toml"))
    assert save["ruleset_digest"] == get_ruleset(folder / "mine.toml").digest


def saved_game(home: Path, moves: int = 6) -> tuple[SavedGame, Game]:
    """A game of the player's ruleset 'mine', ``moves`` greedy moves in, saved in ``home``."""
    ruleset = get_ruleset("mine")
    game = Game.start(ruleset, 2, "mine", 0)
    save = SavedGame.new(game, [SeatInfo(name="You"), SeatInfo(name="C", level="greedy")])
    policy = GreedyPolicy(seed=1)
    for _ in range(moves):
        move = policy.choose(game.view_for(game.round.to_move))
        save, game = save.with_move(game, move), game.play(move)
    assert save_game(save, home) is None
    return save, game


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CASINO_HOME", str(tmp_path))
    (players_folder(tmp_path) / "mine.toml").write_text(MINE, encoding="utf-8")
    return tmp_path


def test_a_saved_game_of_a_players_ruleset_resumes(home: Path) -> None:
    save, game = saved_game(home)
    loaded = load_game(home)
    assert loaded.messages == () and loaded.value is not None
    assert loaded.value[0] == save and loaded.value[1].round == game.round


def test_a_changed_ruleset_that_still_replays_says_so_and_goes_on(home: Path) -> None:
    save, game = saved_game(home)
    (home / "rulesets" / "mine.toml").write_text(MINE.replace("sweep = 2", "sweep = 3"),
                                                 encoding="utf-8")
    value, messages = load_game(home)
    assert value is not None and value[1].round == game.round
    [note] = messages
    assert "Our house rules (mine) changed since this game was saved" in note
    assert value[0].ruleset_digest == get_ruleset("mine").digest != save.ruleset_digest


def test_a_changed_ruleset_that_no_longer_replays_keeps_the_save(home: Path) -> None:
    saved_game(home)
    text = (home / FILE_NAME).read_text(encoding="utf-8")
    (home / "rulesets" / "mine.toml").write_text(
        MINE + "[deal]\ntable_interleaved = false\n", encoding="utf-8")  # other cards dealt
    value, messages = load_game(home)
    assert value is None
    [message] = messages
    assert "changed since the game was saved" in message and "The save is kept" in message
    assert (home / FILE_NAME).read_text(encoding="utf-8") == text
    assert not backups(home, FILE_NAME)
    (home / "rulesets" / "mine.toml").write_text(MINE, encoding="utf-8")  # put back: resumes
    assert load_game(home).value is not None


def test_a_save_whose_ruleset_file_is_gone_waits_for_it(home: Path) -> None:
    save, _ = saved_game(home)
    (home / "rulesets" / "mine.toml").rename(home / "mine.toml.away")
    value, messages = load_game(home)
    assert value is None
    [message] = messages
    assert "its ruleset 'mine' is not there" in message and "The save is kept" in message
    assert (home / FILE_NAME).exists() and not backups(home, FILE_NAME)
    (home / "mine.toml.away").rename(home / "rulesets" / "mine.toml")
    back = load_game(home).value
    assert back is not None and back[0] == save
