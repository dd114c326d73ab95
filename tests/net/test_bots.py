"""Bot clients in their own processes play whole games against a host process."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.net.conftest import finish, game_overs, join, read_log, start_host, views

TABLES = [
    ("classic", "person,person"),
    ("munter", "person,person"),
    ("kasino", "person,person,computer:greedy"),
    ("casino33", "person,person"),
]


def play_tables(tmp_path: Path, games: int,
                tables: list[tuple[str, str]] = TABLES) -> None:
    """One host per ruleset, two ``casino-cli join`` bots each, all at once; then every
    view each bot saw must be the one the host sent it, step for step, and the results
    the host's."""
    running = []
    for ruleset, seats in tables:
        host_log = tmp_path / f"{ruleset}-host.log"
        host = start_host("--ruleset", ruleset, "--seats", seats, "--games", str(games),
                          "--seed", "7", "--log", str(host_log), "--no-record",
                          "--save", str(tmp_path / f"{ruleset}-table.json"))
        bots = []
        for n, level in enumerate(("greedy", "random")):
            log = tmp_path / f"{ruleset}-bot{n}.log"
            bots.append((join(host, "--level", level, "--name", f"Bot{n}", "--seat", str(n + 1),
                              "--log", str(log)), log, n))
        running.append((ruleset, host, host_log, bots))
    for ruleset, host, host_log, bots in running:
        for proc, _, _ in bots:
            status, err = finish(proc, timeout=240)
            assert status == 0, f"{ruleset}: {err}"
        status, out, err = host.finish()
        assert status == 0, f"{ruleset}: {out} {err}"
        assert f"{games} games played" in out
        hosted = read_log(host_log)
        results = game_overs(hosted)
        assert len(results) == games
        for _, log, seat in bots:
            seen = read_log(log)
            sent = views(hosted, seat)
            assert views(seen) == sent, f"{ruleset} seat {seat}: desync"
            assert len(sent) > games * 20
            assert game_overs(seen) == results


@pytest.mark.parametrize("table", TABLES, ids=[ruleset for ruleset, _ in TABLES])
def test_two_games_at_each_table_without_desync(tmp_path: Path,
                                                 table: tuple[str, str]) -> None:
    """The default run: 8 whole games over the network, a second game at each table after
    the first (each step costs ~1.5 ms of CPU across the three processes, mostly socket
    wake-ups); the dozen per table and longer runs are under ``slow``. A table a test, so
    that the workers share them: the four at once were the suite's longest test (6-10 s),
    and one started late held the run's end."""
    play_tables(tmp_path, 2, [table])


@pytest.mark.slow
def test_a_dozen_games_of_four_rulesets_without_desync(tmp_path: Path) -> None:
    play_tables(tmp_path, 12)


@pytest.mark.slow
def test_fifty_games_of_four_rulesets_without_desync(tmp_path: Path) -> None:
    play_tables(tmp_path, 50)


@pytest.mark.slow
def test_soak_a_thousand_games(tmp_path: Path) -> None:
    play_tables(tmp_path, 250)
