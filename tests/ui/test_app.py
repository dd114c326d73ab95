"""The launcher: command-line options are for one run (issue 16, bug 2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from casino.persistence import Settings, load_settings


def test_command_line_options_apply_to_that_run_only(casino_home: Path) -> None:
    """The real launcher in its own process, then the settings file a plain launch reads."""
    options = ["--ruleset", "kasino", "--players", "3", "--level", "beginner", "--no-sound",
               "--no-animation", "--speed", "2", "--size", "1024x640", "--seconds", "0.5"]
    subprocess.run([sys.executable, "-m", "casino", *options], check=True, timeout=60,
                   env=dict(os.environ, CASINO_HOME=str(casino_home)))
    saved = load_settings(casino_home).value
    fresh = Settings()
    assert (saved.ruleset, saved.opponents, saved.difficulties, saved.sound, saved.animation,
            saved.speed, saved.window_size) == (
        fresh.ruleset, fresh.opponents, fresh.difficulties, fresh.sound, fresh.animation,
        fresh.speed, fresh.window_size)


def test_a_settings_change_during_the_run_is_kept_but_not_the_options(casino_home: Path) -> None:
    from casino.ui.app import launch, parse_args

    app = launch(parse_args(["--ruleset", "royal", "--no-sound"]))
    assert not isinstance(app, int)
    assert app.settings.ruleset == "royal" and not app.settings.sound
    app.change_settings(card_back="rings")  # as the Settings dialog does
    assert app.settings.card_back == "rings" and not app.settings.sound  # the run keeps both
    saved = load_settings(casino_home).value
    assert saved.card_back == "rings" and saved.sound and saved.ruleset == Settings().ruleset


def test_a_new_player_starts_against_medium() -> None:
    from casino.ui.app import launch, parse_args
    from casino.ui.session import level_label

    app = launch(parse_args([]))
    assert not isinstance(app, int)
    assert level_label(app.settings.difficulties[0]) == "Medium"


def test_individual_seats_four_players_each_alone(
        casino_home: Path) -> None:
    """``casino --players 4 --individual``: docs/RULES.md#kasino-players-and-deal."""
    from casino.ui.app import launch, parse_args
    from casino.ui.scenes.table import TableScene

    app = launch(parse_args(["--ruleset", "kasino", "--players", "4", "--individual",
                             "--no-sound", "--size", "1024x640"]))
    assert not isinstance(app, int)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    game = scene.session.game
    assert (game.players, game.sides, game.teams) == (4, 4, False)
    assert load_settings(casino_home).value.teams  # for that run only
    teams = launch(parse_args(["--ruleset", "kasino", "--players", "4", "--no-sound"]))
    assert not isinstance(teams, int)
    top = teams.stack.top
    assert isinstance(top, TableScene) and top.session.game.sides == 2
    assert launch(parse_args(["--ruleset", "kasino", "--players", "3", "--individual"])) == 2


def test_level_is_taken_by_the_name_the_title_shows() -> None:
    """The title says Easy, Medium ...: ``--level medium`` was refused ("invalid choice")."""
    from casino.ui.app import parse_args

    for word, level in (("beginner", "beginner"), ("easy", "greedy"), ("Medium", "heuristic"),
                        ("hard", "hard"), ("EXPERT", "expert"), ("heuristic", "heuristic")):
        assert parse_args(["--level", word]).level == level, word
    refused = subprocess.run([sys.executable, "-m", "casino", "--level", "wizard"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2
    assert "no level 'wizard' (choose from beginner, easy, medium, hard, expert)" in refused.stderr
