"""Duplicate dealing: both games of a pair share every deal, with the seats swapped."""

from __future__ import annotations

import json

import pytest

from casino.ai.tournament import play_pair, summarize, wilson
from casino.cli import main
from casino.engine import load_ruleset

CLASSIC = load_ruleset("classic")


def test_a_pair_plays_the_same_deals_with_seats_swapped() -> None:
    index, (a, b) = play_pair((CLASSIC, ("greedy", "random"), "dup", 3))
    assert index == 3
    assert (a.first_seat, b.first_seat) == (0, 1)
    common = min(len(a.deals), len(b.deals))
    assert common >= 1
    assert a.deals[:common] == b.deals[:common]
    # greedy sat in seat 0 in the first game and seat 1 in the second
    assert a.margins and b.margins
    assert sum(a.margins) > 0 and sum(b.margins) > 0


def test_summary_figures() -> None:
    pairs = [play_pair((CLASSIC, ("greedy", "random"), "s", i))[1] for i in range(4)]
    s = summarize(("greedy", "random"), pairs)
    assert s["deal_pairs"] == 4 and s["games"] == 8
    assert s["rounds"] == sum(len(g.margins) for p in pairs for g in p)
    assert s["margin_per_round"] > 3
    assert 0 <= s["win_rate_ci95"][0] <= s["win_rate"] <= s["win_rate_ci95"][1] <= 1
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)


def test_cli_json_has_the_issue_keys(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "--ruleset", "classic", "--players", "heuristic,greedy",
                 "--deals", "2", "--seed", "1", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("deal_pairs", "rounds", "margin_per_round", "margin_se", "games", "win_rate",
                "win_rate_ci95", "decision_seconds"):
        assert key in data
    assert set(data["decision_seconds"]) == {"heuristic", "greedy"}
    assert set(data["decision_seconds"]["heuristic"]) >= {"median", "p95"}


def test_cli_jobs_give_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "--players", "greedy,random", "--deals", "4", "--seed", "j", "--json"]
    assert main(args) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    for key in ("rounds", "margin_per_round", "margin_se", "wins"):
        assert one[key] == two[key]


@pytest.mark.parametrize("players", ["greedy", "greedy,nobody", "greedy,random,random"])
def test_bad_players_exit_2(players: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--players", players, "--deals", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("casino-cli: ") and err.count("\n") == 1


def test_four_seats_each_alone_or_as_teams(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/RULES.md#classic-players-and-deal: four may play as two teams or each alone
    _, (a, b) = play_pair((CLASSIC, ("greedy", "random"), "four", 1, 4, False))
    assert a.margins and b.margins and sum(a.margins) + sum(b.margins) > 0
    assert a.deals[0] == b.deals[0] and a.deals[0].count("/") >= 3  # four hands dealt alike
    for extra in ([], ["--individual"]):
        code = main(["tournament", "--ruleset", "classic", "--players", "greedy,random",
                     "--deals", "2", "--seed", "1", "--seats", "4", *extra, "--json"])
        assert code == 0
        data = json.loads(capsys.readouterr().out)
        assert data["seats"] == 4 and data["teams"] == (not extra) and data["games"] == 4
    assert main(["tournament", "--ruleset", "classic", "--players", "greedy,random",
                 "--individual"]) == 2
    assert "four players" in capsys.readouterr().err
