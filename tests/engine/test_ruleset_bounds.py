"""The validator refuses rulesets that cannot be played or never end, naming the field; the
engine ends any game after MAX_ROUNDS rounds (issue 18)."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino.ai.basic import RandomPolicy
from casino.ai.play import play_game
from casino.engine import load_ruleset
from casino.engine.game import MAX_ROUNDS
from casino.engine.ruleset import bundled_names, ruleset_problems

NOTHING_SCORES = "[scoring]\nmost_cards = 0\nmost_spades = 0\ncard_points = []\n"


@pytest.mark.parametrize(("text", "field"), [
    ('base = "draw"\nplayers = [2, 4]\n[deal]\ndraw_to = 12\n', "deal.draw_to: with 4 players"),
    ('base = "draw"\nplayers = [4]\n[deal]\ndraw_to = 13\n', "deal.draw_to: with 4 players"),
    ('base = "classic"\nplayers = [3]\n[deal]\nfirst_hand = 13\n', "deal: with 3 players"),
    ('base = "classic"\nplayers = []\n', "players: List should have at least 1 item"),
    ('base = "classic"\nplayers = [2, 2]\n', "players: names a number of players twice"),
    ('base = "classic"\n' + NOTHING_SCORES, "scoring: every category scores 0"),
    ('base = "kasino"\n' + NOTHING_SCORES + "sweep = 0\nlast_taker = 0\n",
     "scoring: every category scores 0"),
    ('base = "classic"\n[game]\ntarget = 3000000000\n', "game.target: Input should be less"),
    ('base = "kasino"\n[game]\nrounds_per_player = 2000000000\n',
     "game.rounds_per_player: Input should be less"),
    ('base = "classic"\n' + NOTHING_SCORES + "last_taker = 1\n[game]\ntarget = 500\n",
     "game.target: 500 is more than 20 rounds' points (a round gives about 1): at most 20"),
    ('base = "classic"\n[scoring]\nmost_cards = 1000000000\n',
     "scoring.most_cards: Input should be less than or equal to 100"),
])
def test_unplayable_or_endless_rulesets_are_refused_naming_the_field(
        tmp_path: Path, text: str, field: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    problems = ruleset_problems(path)
    assert any(p.startswith(f"{path}: field {field}") for p in problems), problems


def test_every_bundled_ruleset_is_within_the_bounds() -> None:
    for name in bundled_names():
        assert ruleset_problems(name) == []


def test_the_most_four_players_may_draw_to_plays_through(tmp_path: Path) -> None:
    """draw_to 11 with four players is the most the deck allows: whole games play out."""
    path = tmp_path / "eleven.toml"
    path.write_text('base = "draw"\nplayers = [4]\n[deal]\ndraw_to = 11\n', encoding="utf-8")
    ruleset = load_ruleset(path)
    for seed in range(3):
        game = play_game(ruleset, seed, [RandomPolicy(seed=f"{seed}:{k}") for k in range(4)]).game
        assert game.is_over()


def test_no_game_runs_past_the_round_cap(tmp_path: Path) -> None:
    """Only sweeps score here and the target is the most the validator allows: random players
    sweep seldom, so the game would go on for hundreds of rounds; it ends at MAX_ROUNDS, won
    by the sole leader or drawn."""
    path = tmp_path / "sweeps-only.toml"
    path.write_text('base = "classic"\n' + NOTHING_SCORES + "sweep = 1\n[game]\ntarget = 20\n",
                    encoding="utf-8")
    ruleset = load_ruleset(path)
    game = play_game(ruleset, "cap", [RandomPolicy(seed=f"cap:{k}") for k in range(2)]).game
    assert game.is_over() and len(game.scores) == MAX_ROUNDS
    assert max(game.totals) < 20
    leaders = [s for s, t in enumerate(game.totals) if t == max(game.totals)]
    assert game.winner() == (leaders[0] if len(leaders) == 1 else None)
