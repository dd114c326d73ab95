"""``casino-cli`` end to end, in-process: summaries, records, replays, and bad input."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from casino.cli import COMMANDS, build_parser, get_ruleset, main, progress
from casino.engine.record import GameRecord


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "simulate", "--ruleset", "classic", "--games", "20",
                         "--seed", "3", "--players", "greedy,random", "--json")
    assert status == 0
    summary = json.loads(out)
    for key in ("games", "rounds", "wins", "points_by_category", "sweeps_per_round",
                "rounds_per_second"):
        assert key in summary
    assert summary["games"] == 20 and sum(summary["wins"]) + summary["draws"] == 20
    assert set(summary["points_by_category"]) == {
        "cards", "spades", "big_casino", "little_casino", "aces"}
    cats = summary["points_by_category"]
    assert cats["big_casino"] == 2 * summary["rounds"]
    assert cats["aces"] == 4 * summary["rounds"]


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "--ruleset", "spitenet", "--games", "5", "--seed", "9", "--json")
    first = json.loads(run(capsys, *args)[1])
    second = json.loads(run(capsys, *args)[1])
    first.pop("rounds_per_second")
    second.pop("rounds_per_second")
    assert first == second


def test_record_and_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    status, _, _ = run(capsys, "simulate", "--ruleset", "royal", "--games", "3", "--players",
                       "greedy,random", "--record", str(record))
    assert status == 0
    lines = record.read_text().splitlines()
    assert len(lines) == 3
    game = json.loads(lines[0])
    assert game["ruleset"] == "royal" and game["players"] == ["greedy", "random"]
    assert game["rounds"][0]["moves"][0][0] in (0, 1)
    assert "score" in game["rounds"][0]
    status, out, _ = run(capsys, "replay", str(record))
    assert status == 0 and "3 games replayed" in out

    # Tamper with one move: the replay names it.
    moves = game["rounds"][0]["moves"]
    seat, text = moves[2]
    card = text.split()[0]
    moves[2] = [seat, f"{card} x {card}"]
    record.write_text(json.dumps(game) + "\n")
    status, _, err = run(capsys, "replay", str(record))
    assert status == 2
    assert "round 1 move 3" in err and err.count("\n") == 1


def test_moves_lists_legal_moves(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "moves", "--ruleset", "classic", "--position",
                         "0;1;9C/KS;9D 8H 5H 4S AH;*/-")
    assert status == 0
    assert out.splitlines()[-2:] == ["9C x 9D 8H 5H 4S AH", "9C t"]


def test_rulesets_and_check_ruleset(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, _ = run(capsys, "rulesets")
    assert status == 0 and "classic" in out and "spitenet" in out
    bad = tmp_path / "bad.toml"
    bad.write_text('base = "classic"\nname = "x"\ntitle = "t"\ndescription = "d"\n'
                   'source = "s"\n[scoring]\nsweep = "lots"\n')
    status, _, err = run(capsys, "check-ruleset", str(bad))
    assert status == 2 and "field scoring.sweep" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--ruleset", "nope"], "unknown ruleset 'nope'; known rulesets:"),
        (["simulate", "--players", "random,wizard"], "unknown player 'wizard'"),
        (["simulate", "--players", "random"], "is for [2, 3, 4] players, got 1"),
        (["moves", "--position", "0;1;9X/KS;-;-/-;*"], "'9X'"),
        (["replay", "/no/such/file.jsonl"], "cannot read"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_user_rulesets_are_offered_beside_the_bundled_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "casino" / "rulesets"
    folder.mkdir(parents=True)
    (folder / "house.toml").write_text(
        'base = "classic"\nname = "house"\ntitle = "House"\ndescription = "Our house rules."\n'
        'source = "us"\n[scoring]\nsweep = 2\n')
    (folder / "broken.toml").write_text("name = [")
    status, out, _ = run(capsys, "rulesets")
    assert status == 0
    assert "Our house rules." in out
    assert "broken" in out and "not valid TOML" in out
    assert "spitenet" in out  # a broken user file never stops the bundled ones
    status, out, _ = run(capsys, "simulate", "--ruleset", "house", "--games", "2", "--json")
    assert status == 0 and json.loads(out)["ruleset"] == "house"


def test_simulate_reports_invariant_violations(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import casino.cli as cli

    def broken(*args: object, **kwargs: object) -> object:
        raise AssertionError("51 cards in play, 51 distinct")

    monkeypatch.setattr(cli, "play_game", broken)
    status, out, err = run(capsys, "simulate", "--games", "3", "--json")
    assert status == 1
    assert json.loads(out)["violations"] == 3
    assert "51 cards in play" in err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_bar_on_a_terminal_and_tenths_in_a_log() -> None:
    log, terminal = io.StringIO(), _Terminal()
    for done in range(1, 31):
        progress(done, 30, "tournament", log)
        progress(done, 30, "tournament", terminal)
    lines = log.getvalue().splitlines()
    assert lines[0] == "tournament: 3/30 (10 %)"
    assert lines[-1] == "tournament: 30/30 (100 %)"
    assert len(lines) == 10 and "\r" not in log.getvalue()
    assert terminal.getvalue().startswith("\rtournament [")
    assert terminal.getvalue().endswith("30/30\n")


def test_replay_checks_all_a_record_states_and_names_line_and_field(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 15 #8/#9: tampered records passed; malformed ones raised tracebacks."""
    record = tmp_path / "games.jsonl"
    assert run(capsys, "simulate", "--games", "2", "--players", "greedy,greedy",
               "--record", str(record))[0] == 0
    good = json.loads(record.read_text().splitlines()[0])
    bad = {
        2: {**good, "winner": 42},
        3: {**good, "winner": 1 - good["winner"]},
        4: {**good, "rounds": good["rounds"][:-1]},
        5: {**good, "first_dealer": 7},
        6: {**good, "first_dealer": -1},
        7: {**good, "rounds": [{"moves": r["moves"]} for r in good["rounds"]]},
        8: {**good, "rounds": "lots"},
        9: {**good, "rounds": None},
        10: {**good, "rounds": [{**good["rounds"][0], "moves": [[0, "9X x"]]}]},
    }
    lines = [json.dumps(good)] + [json.dumps(bad[n]) for n in sorted(bad)] + [
        "[" * 100_000 + "]" * 100_000,
        '{"seed": ' + "7" * 5000 + "}",
        json.dumps(good).replace(f'"seed": "{good["seed"]}"', '"seed": Infinity'),
        json.dumps(good),
    ]
    record.write_text("\n".join(lines) + "\n")
    status, _, err = run(capsys, "replay", "--keep-going", str(record))
    assert status == 2 and "Traceback" not in err
    reported = [line for line in err.splitlines() if not line.startswith("replay: ")]
    assert len(reported) == 13 and "2 games replayed; 12 records do not replay" in reported[-1]
    fields = {2: "winner", 3: "winner", 4: "rounds", 5: "first_dealer", 6: "first_dealer",
              7: "rounds[0].score", 8: "rounds", 9: "rounds", 10: "rounds[0].moves[0]",
              11: "(record)", 12: "(record)", 13: "(record)"}
    for line, (n, field) in zip(reported, sorted(fields.items()), strict=False):
        assert line.startswith(f"casino-cli: {record}:{n}: {field}"), line
    status, _, err = run(capsys, "replay", str(record))  # without --keep-going: the first
    assert status == 2 and err.count("\n") == 1 and f"{record}:2: winner" in err


GOOD = "0;1;9C 8C/KS;9D 8H 5H 4S AH;-/-;*"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@pytest.mark.parametrize(("position", "message"), [
    (";".join(["0", "1", "/".join(["AS"] * 1 + ["-"] * 12), "-", "/".join(["*"] + ["-"] * 12)]),
     "13 hands"),
    ("0;1;" + " ".join(f"{r}{s}" for s in "SH" for r in RANKS) + "/KD;-;-/-;*",
     "hand 0: 26 cards"),
    ("0;1;9C 8C/KS;[b9 5S 3H @1];-/-;*", "do not add up"),
    ("0;1;9C 8C/KS;[b8 5S 3H @99];-/-;*", "bad owner"),
    ("0;1;9C 8C/KS;[b8 5S 3H @3];-/-;*", "not a seat"),
    ("0;1;9C 8C/KS;-;*/*", "one place only"),
    ("0;1;9C 8C/KS;-;*/-;*", "one place only"),
    ("0;1;9C 8C/KS;[b" + "8" * 5000 + " 5S 3H @1];-/-;*", "bad pile"),
    ("0;1;9C 8C/KS;-;-/-;*;" + "1" * 5000 + "/0", "not a number"),
    ("0;1;9C 8C/KS;-;-/-;*;0/0;7", "last taker"),
])
def test_moves_refuses_positions_that_cannot_be(
        capsys: pytest.CaptureFixture[str], position: str, message: str) -> None:
    """Issue 15 #10: these were accepted (or raised on a 5,000-digit pile value)."""
    status, out, err = run(capsys, "moves", "--position", position)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1 and len(err) < 300
    assert run(capsys, "moves", "--position", GOOD)[0] == 0


@pytest.mark.parametrize("where", ["missing/games.jsonl", "folder", "/dev/full"])
def test_simulate_record_to_a_place_it_cannot_write_is_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str) -> None:
    """Issue 15 #10: a missing folder, a folder or a full disk gave a traceback."""
    (tmp_path / "folder").mkdir()
    target = where if where.startswith("/") else str(tmp_path / where)
    status, _, err = run(capsys, "simulate", "--games", "2", "--record", target)
    assert status == 2 and err.count("\n") == 1 and target in err and "Traceback" not in err


def test_a_disk_filling_up_leaves_only_complete_records(tmp_path: Path) -> None:
    """A real process whose file size limit runs out mid-record, as on a full disk."""
    record = tmp_path / "games.jsonl"
    code = textwrap.dedent("""
        import resource, signal, sys
        from casino.cli import main
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # get EFBIG, as ENOSPC on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (30_000, 30_000))
        sys.exit(main(["simulate", "--games", "40", "--players", "greedy,greedy",
                       "--record", sys.argv[1]]))
    """)
    result = subprocess.run([sys.executable, "-c", code, str(record)], capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    [message] = [line for line in result.stderr.splitlines() if line.startswith("casino-cli")]
    assert "stopped after" in message
    text = record.read_text()
    assert text.endswith("\n") and 0 < len(text) <= 30_000
    games = text.splitlines()
    assert f"stopped after {len(games)} games" in message
    assert all(GameRecord.from_json(line).replay(get_ruleset) for line in games)


@pytest.mark.parametrize("games", ["-5", "0", "many"])
def test_simulate_wants_at_least_one_game(capsys: pytest.CaptureFixture[str],
                                          games: str) -> None:
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--games", games])
    assert info.value.code == 2 and "--games" in capsys.readouterr().err


def test_replay_messages_name_the_record_and_what_is_wrong(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 15 #13: "seat 0 moved but it was seat 0's turn"; an extra round had no place."""
    record = tmp_path / "games.jsonl"
    run(capsys, "simulate", "--games", "1", "--players", "greedy,greedy", "--record", str(record))
    good = json.loads(record.read_text())
    as_text = json.loads(json.dumps(good))
    seat, move = as_text["rounds"][0]["moves"][0]
    as_text["rounds"][0]["moves"][0] = [str(seat), move]
    extra = {**good, "rounds": [*good["rounds"], good["rounds"][0]]}
    record.write_text(json.dumps(as_text) + "\n" + json.dumps(extra) + "\n")
    status, _, err = run(capsys, "replay", "--keep-going", str(record))
    lines = [line for line in err.splitlines() if line.startswith("casino-cli: ")]
    assert status == 2 and len(lines) == 2
    assert f"{record}:1: rounds[0].moves[0][0]: Input should be a valid integer" in lines[0]
    assert f"seat {seat} moved but it was seat {seat}'s turn" not in err
    assert f"{record}:2: rounds: the game was over after {len(good['rounds'])} rounds" in lines[1]


def test_simulate_four_players_each_alone_prints_points_by_seat(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # docs/RULES.md#classic-players-and-deal: four may play each alone
    record = tmp_path / "four.jsonl"
    args = ("simulate", "--ruleset", "classic", "--games", "4", "--seed", "2",
            "--players", "greedy,random,greedy,random")
    status, out, _ = run(capsys, *args, "--individual", "--record", str(record))
    assert status == 0
    assert "wins per seat: " in out
    line = next(x for x in out.splitlines() if x.startswith("game points per seat: "))
    points = [int(n) for n in line.split(": ")[1].split(", ")]
    games = [json.loads(x) for x in record.read_text().splitlines()]
    assert len(points) == 4
    assert points == [sum(g["totals"][s] for g in games) for s in range(4)]
    assert all(g["teams"] is False and len(g["totals"]) == 4 for g in games)
    status, out, _ = run(capsys, "replay", str(record))
    assert status == 0 and "4 games replayed" in out
    summary = json.loads(run(capsys, *args, "--json")[1])
    assert len(summary["wins"]) == len(summary["points"]) == 2  # the ruleset's two teams
    # A record that says "alone" replays as such; the same moves as teams do not.
    games[0]["teams"] = True
    record.write_text(json.dumps(games[0]) + "\n")
    assert run(capsys, "replay", str(record))[0] == 2
    status, _, err = run(capsys, *args[:-2], "--players", "greedy,random", "--individual")
    assert status == 2 and "four players" in err


def test_a_reader_that_stops_early_ends_the_output_without_a_traceback() -> None:
    """`casino-cli moves … | head -1`: a reader gone before the listing is written ends
    the run quietly (status 141, as a shell tool killed by SIGPIPE), not with a traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "casino.cli", "moves", "--ruleset", "classic", "--position",
         "0;1;9C/KS;9D 8H 5H 4S AH;*/-"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.close()  # the reader leaves before the process has started writing
    _, err = proc.communicate(timeout=60)
    assert "Traceback" not in err.decode(), err.decode()
    assert proc.returncode == 141


def _parsed(parser: argparse.ArgumentParser, argv: list[str]) -> tuple[object, str, str]:
    """What a parser makes of ``argv``: the arguments, or the exit status; its output."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result: object = vars(parser.parse_args(argv))
        except SystemExit as exc:
            result = ("exit", exc.code)
    return result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", [
    ["simulate"], ["simulate", "--games", "3", "--json", "--players", "greedy,random"],
    ["simulate", "--help"], ["simulate", "--games", "0"], ["simulate", "--bogus"],
    ["simulate", "extra"], ["replay"], ["replay", "f.jsonl", "--keep-going"],
    ["moves", "--position", "x"], ["moves"], ["rulesets"], ["rulesets", "-x"],
    ["check-ruleset", "a.toml"], ["check-ruleset", "--help"],
    ["tournament", "--players", "a,b", "--seats", "3"], ["tournament", "--players", "a,b"],
    ["serve", "--port", "0"], ["serve", "--nope"], ["join", "--help"],
])
def test_a_commands_own_parser_reads_its_arguments_as_the_whole_parser(
        argv: list[str]) -> None:
    """``main`` builds only the named command's parser: the same arguments, the same help,
    the same messages (the usage line still names every command)."""
    assert _parsed(build_parser(argv[0]), argv) == _parsed(build_parser(), argv)


def test_the_command_list_is_every_command_the_parser_has() -> None:
    action = next(a for a in build_parser()._actions if a.dest == "command")
    assert tuple(action.choices or ()) == COMMANDS


def test_python_m_casino_cli_gives_the_network_commands_one_line_too() -> None:
    """Run as ``python -m casino.cli`` the module was a second copy, whose UsageError was not
    the one ``casino.net.cli`` raises: a bad --seats or --token-file was a traceback."""
    result = subprocess.run([sys.executable, "-m", "casino.cli", "serve", "--seats", "nobody"],
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == "casino-cli: --seats: seat 'nobody': expected person, host or " \
                            "computer:LEVEL\n"
