"""The game in progress: saved as moves, resumed by replay to an identical Game, undo."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from casino import i18n
from casino.engine import Game, load_ruleset
from casino.persistence import (
    SavedGame,
    SaveError,
    SeatInfo,
    discard_game,
    load_game,
    replay,
    save_game,
    saves,
)
from casino.persistence.saves import FILE_NAME, LOCK_NAME
from casino.ui.words import notice_text

from .conftest import REPO, backups, child, play, read_only


def test_resume_mid_round_is_identical(tmp_path: Path) -> None:
    game, save = play(moves=17)
    assert save_game(save, tmp_path) is None
    loaded, messages = load_game(tmp_path)
    assert messages == () and loaded is not None
    resumed_save, resumed = loaded
    assert resumed == game and resumed_save == save
    assert resumed.round == game.round and resumed.scores == game.scores


def test_every_move_saved_and_resumed_through_a_whole_game(tmp_path: Path) -> None:
    ruleset = load_ruleset("classic")
    game = Game.start(ruleset, 2, "whole", first_dealer=1)
    save = SavedGame.new(game, [SeatInfo(name="Ann"), SeatInfo(name="Bot", level="greedy")])
    from casino.ai.basic import GreedyPolicy

    bots = [GreedyPolicy(seed=0), GreedyPolicy(seed=1)]
    step = 0
    while not game.is_over():
        if game.round_over():
            game = game.next_round()
            save = save.with_next_round(game)
        else:
            move = bots[game.round.to_move].choose(game.view_for(game.round.to_move))
            save = save.with_move(game, move)
            game = game.play(move)
        step += 1
        if step % 25 == 0 or game.round_over():  # every move in the UI; a sample keeps it fast
            assert save_game(save, tmp_path) is None
            loaded = load_game(tmp_path).value
            assert loaded is not None and loaded[1] == game
    assert len(save.rounds) == len(game.scores) > 1
    save_game(save, tmp_path)
    loaded = load_game(tmp_path).value
    assert loaded is not None and loaded[1].is_over()  # an ended game comes back, to record
    assert discard_game(tmp_path) is None
    assert load_game(tmp_path) == (None, ())


def test_three_players_and_partnerships() -> None:
    for players, ruleset in ((3, "classic"), (4, "classic")):
        game, save = play(ruleset, "multi", players, moves=30)
        assert replay(save) == game


def test_json_document_is_small_and_plain(tmp_path: Path) -> None:
    _, save = play(moves=8)
    save_game(save, tmp_path)
    data = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert data["format"] == 1 and data["ruleset"] == "classic"
    assert data["players"][1] == {"name": "Computer 1", "level": "greedy"}
    assert len(data["rounds"][0]) == 8 and all(isinstance(t, str) for _, t in data["rounds"][0])


def test_undo_my_last_move_and_the_reply() -> None:
    _, save = play(moves=9)
    undone = save.undone(seat=0)
    assert undone is not None and undone.undo_used and not save.undo_used
    last_mine = max(k for k, (seat, _) in enumerate(save.rounds[-1]) if seat == 0)
    assert undone.rounds[-1] == save.rounds[-1][:last_mine]
    before = replay(undone)
    assert before.round.to_move == 0
    # the position before my move, as the game was then
    again, _ = play(moves=last_mine)
    assert before == again
    assert SavedGame.new(Game.start(load_ruleset("classic"), 2, "x", 1),
                         [SeatInfo(name="A"), SeatInfo(name="B")]).undone(0) is None


def test_undo_reaches_back_into_the_previous_round() -> None:
    seed = next(s for s in range(50) if Game.start(load_ruleset("classic"), 2, s).first_dealer)
    _, whole = play(seed=seed)
    first = len(whole.rounds[0])
    game, save = play(seed=seed, moves=first + 1)  # the computer leads the second round
    assert game.round_index == 1 and [seat for seat, _ in save.rounds[1]] == [1]
    undone = save.undone(0)
    assert undone is not None and len(undone.rounds) == 1
    back = replay(undone)
    assert back.round_index == 0 and back.round.to_move == 0 and not back.round_over()


def test_save_refuses_mismatched_seats() -> None:
    game = Game.start(load_ruleset("classic"), 2, 1)
    with pytest.raises(ValueError, match="3 seats"):
        SavedGame.new(game, [SeatInfo(name=n) for n in "ABC"])


def _broken(tmp_path: Path, text: str) -> tuple[object, tuple[str, ...]]:
    path = tmp_path / FILE_NAME
    path.write_text(text, encoding="utf-8")
    value, messages = load_game(tmp_path)
    [backup] = backups(tmp_path, FILE_NAME)
    assert backup.read_text(encoding="utf-8") == text  # kept, byte for byte
    assert not path.exists()
    assert str(path) in messages[0] and str(backup) in messages[1]
    return value, messages


def test_truncated_save(tmp_path: Path) -> None:
    _, save = play(moves=12)
    text = save.to_json()
    value, messages = _broken(tmp_path, text[: len(text) // 2])
    assert value is None and "not a saved game" in messages[0]


def test_not_json_and_empty(tmp_path: Path) -> None:
    assert _broken(tmp_path, "")[0] is None
    (tmp_path / "other").mkdir()
    assert _broken(tmp_path / "other", "<xml/>")[0] is None


NEWER = "written by a newer version of Casino (format 2; this version reads format 1)"


def test_wrong_version_and_wrong_types(tmp_path: Path) -> None:
    _, save = play(moves=4)
    data = json.loads(save.to_json())
    data["format"] = 2
    text = json.dumps(data)
    (tmp_path / FILE_NAME).write_text(text, encoding="utf-8")
    value, messages = load_game(tmp_path)
    assert value is None and f"{NEWER}: resume it with that version" in messages[0]
    [backup] = newer_backups(tmp_path)  # sound, not damaged: not named .broken-
    assert backup.read_text(encoding="utf-8") == text and str(backup) in messages[1]
    assert backups(tmp_path, FILE_NAME) == []
    data["format"] = 1
    data["first_dealer"] = "left"
    (tmp_path / "b").mkdir()
    value, messages = _broken(tmp_path / "b", json.dumps(data))
    assert "first_dealer" in messages[0]


def test_tampered_moves_do_not_replay(tmp_path: Path) -> None:
    _, save = play(moves=6)
    data = json.loads(save.to_json())
    data["rounds"][0][3][1] = "KS x QH"
    value, messages = _broken(tmp_path, json.dumps(data))
    assert value is None
    assert "does not replay: rounds[0].moves[3] (round 1 move 4): 'KS x QH'" in messages[0]
    data = json.loads(save.to_json())
    data["rounds"][0][2][0] = 1 - data["rounds"][0][2][0]
    (tmp_path / "b").mkdir()
    assert "but it was seat" in _broken(tmp_path / "b", json.dumps(data))[1][0]


def test_a_save_that_does_not_replay_is_said_in_the_players_language(tmp_path: Path) -> None:
    """In a Swedish window the move and what was wrong with it were the engine's English:
    'går inte att spela upp igen: rounds[0].moves[3] (round 1 move 4): 'KS x QH': QH is
    not a loose card on the table'."""
    _, save = play(moves=6)
    data = json.loads(save.to_json())
    data["rounds"][0][3][1] = "KS x QH"
    data["rounds"][0][3][0] = 1 - data["rounds"][0][3][0]
    turn = data["rounds"][0][3][0]
    seat = 1 - turn
    _, messages = _broken(tmp_path, json.dumps(data))
    try:
        i18n.set_language("sv")
        shown = notice_text(messages[0])
    finally:
        i18n.set_language("en")
    assert shown.endswith(f"går inte att spela upp igen: rounds[0].moves[3] (runda 1, drag 4): "
                          f"'KS x QH' av plats {turn}, men det var plats {seat}s tur")
    data = json.loads(save.to_json())
    data["rounds"][0][3][1] = "KS x QH"
    (tmp_path / "b").mkdir()
    _, messages = _broken(tmp_path / "b", json.dumps(data))
    try:
        i18n.set_language("sv")
        shown = notice_text(messages[0])
    finally:
        i18n.set_language("en")
    assert shown.endswith("går inte att spela upp igen: rounds[0].moves[3] (runda 1, drag 4): "
                          "'KS x QH': D♥ ligger inte som ett löst kort på bordet")


@pytest.mark.parametrize("ruleset", ["no-such-rules", "{tmp}/folder.toml"])
def test_a_save_whose_ruleset_is_gone_waits_for_it(tmp_path: Path, ruleset: str) -> None:
    """Issue 18: a save of a ruleset that is not there (a deleted file of the player's, a
    folder in its place) says so and stays in place, to resume once the file is back."""
    (tmp_path / "folder.toml").mkdir()
    _, save = play(moves=2)
    ref = ruleset.replace("{tmp}", str(tmp_path))
    text = save.to_json().replace('"ruleset": "classic"', json.dumps({"ruleset": ref})[1:-1])
    path = tmp_path / FILE_NAME
    path.write_text(text, encoding="utf-8")
    value, messages = load_game(tmp_path)
    assert value is None and len(messages) == 1
    assert ref in messages[0] and "The save is kept" in messages[0]
    assert path.read_text(encoding="utf-8") == text and not backups(tmp_path, FILE_NAME)


def test_replay_error_is_a_value_error() -> None:
    _, save = play(moves=2)
    bad = save.model_copy(update={"rounds": ((save.rounds[0][0],), ())})
    with pytest.raises(SaveError, match="round 2"):
        replay(bad)


def test_read_only_folder_keeps_the_last_save(tmp_path: Path) -> None:
    _, save = play(moves=5)
    assert save_game(save, tmp_path) is None
    _, later = play(moves=7)
    with read_only(tmp_path):
        message = save_game(later, tmp_path)
        assert message is not None and "game not saved" in message
        loaded = load_game(tmp_path).value
        assert loaded is not None and loaded[0] == save
        assert discard_game(tmp_path) is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME, LOCK_NAME]


def unfinished(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{FILE_NAME}.unfinished-*"))


def test_casino_with_a_ruleset_keeps_the_game_in_progress(tmp_path: Path) -> None:
    """Issue 15 #2: ``casino --ruleset royal`` replaced the saved game without a trace."""
    saved = child("from casino.persistence import save_game\n"
                  "from tests.persistence.conftest import play\n"
                  "assert save_game(play(moves=6)[1]) is None", home=tmp_path)
    assert saved.returncode == 0, saved.stderr  # an earlier session, closed since
    before = (tmp_path / FILE_NAME).read_bytes()
    save = SavedGame.model_validate_json(before)
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = child("import sys; from casino.__main__ import main; sys.argv[1:] = sys.argv[1:];"
                   " sys.exit(main())", "--ruleset", "royal", "--level", "greedy",
                   "--seconds", "0.5", home=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    [kept] = unfinished(tmp_path)
    assert kept.read_bytes() == before
    assert json.loads((tmp_path / FILE_NAME).read_text())["ruleset"] == "royal"
    assert discard_game(tmp_path) is None  # the royal game ends: the kept game comes back
    loaded, messages = load_game(tmp_path)
    assert loaded is not None and loaded[0] == save
    assert "Your Classic Casino game put aside earlier" in messages[0] and not kept.exists()
    assert "is back" in messages[0] and "/" not in messages[0]  # for a person: no file name
    assert load_game(tmp_path) == (loaded, ())


def test_a_damaged_save_is_kept_before_a_new_game_is_saved(tmp_path: Path) -> None:
    damaged = b'{"format": 1, "ruleset": "classic", "players": [tru'
    (tmp_path / FILE_NAME).write_bytes(damaged)
    _, save = play(moves=2)
    message = save_game(save, tmp_path)
    assert message is not None and "damaged save" in message
    [backup] = backups(tmp_path, FILE_NAME)
    assert backup.read_bytes() == damaged and str(backup) in message
    assert save_game(save, tmp_path) is None  # the same game: quietly saved over


def newer_backups(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{FILE_NAME}.newer-*"))


def newer_save_under(folder: Path) -> tuple[bytes, SavedGame]:
    """A save a later version wrote (format 2) in ``folder``, its bytes, and a new game's
    save to write over it."""
    _, old = play(moves=4)
    data = json.loads(old.to_json())
    data["format"] = 2
    newer = json.dumps(data).encode("utf-8")
    (folder / FILE_NAME).write_bytes(newer)
    _, save = play(moves=2)
    return newer, save


def test_a_newer_save_is_said_so_when_a_new_game_is_saved_over_it(tmp_path: Path) -> None:
    """Saving over a save a later version wrote says what resuming it says, not "damaged"."""
    newer, save = newer_save_under(tmp_path)
    message = save_game(save, tmp_path)
    assert message is not None and "damaged" not in message and NEWER in message
    [backup] = newer_backups(tmp_path)
    assert backup.read_bytes() == newer and str(backup) in message
    assert "resume it with that version" in message and backups(tmp_path, FILE_NAME) == []
    loaded = load_game(tmp_path).value
    assert loaded is not None and loaded[0] == save


def test_a_newer_save_that_cannot_be_kept_aside_is_not_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    newer, save = newer_save_under(tmp_path)
    monkeypatch.setattr(saves, "keep_aside", lambda *_a, **_k: None)
    message = save_game(save, tmp_path)
    assert message is not None and NEWER in message and "could not be kept aside" in message
    assert (tmp_path / FILE_NAME).read_bytes() == newer


def test_a_second_instance_neither_shares_nor_deletes_the_first_ones_save(
        tmp_path: Path) -> None:
    """Two windows at once: the second says so and saves nothing; finishing deletes nothing."""
    first = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent("""
            import sys
            from casino.persistence import save_game
            from tests.persistence.conftest import play
            _, save = play(moves=5)
            assert save_game(save) is None
            print("saved", flush=True)
            sys.stdin.read()
        """)], env={**os.environ, "PYTHONPATH": str(REPO), "CASINO_HOME": str(tmp_path)},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None and first.stdout.readline() == "saved\n"
        theirs = (tmp_path / FILE_NAME).read_bytes()
        _, mine = play(moves=3)
        refused = save_game(mine, tmp_path)
        assert refused is not None and f"process {first.pid}" in refused
        value, messages = load_game(tmp_path)
        assert value is None and "another Casino window" in messages[0]
        assert discard_game(tmp_path, save=mine) is None
        assert (tmp_path / FILE_NAME).read_bytes() == theirs
    finally:
        assert first.stdin is not None
        first.stdin.close()
        assert first.wait(timeout=30) == 0
    message = save_game(mine, tmp_path)  # the first one is gone: its game is kept aside
    assert message is not None and "was put aside" in message and "/" not in message
    [kept] = unfinished(tmp_path)
    assert kept.read_bytes() == theirs
    assert discard_game(tmp_path, save=mine) is None
    assert not (tmp_path / FILE_NAME).exists() and not (tmp_path / LOCK_NAME).exists()


HOSTILE_SAVES = {
    "nested": '{"format": 1, "rounds": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "digits": '{"format": 1, "seed": ' + "7" * 5000 + "}",
    "long ruleset": json.dumps({**json.loads(play(moves=2)[1].to_json()), "ruleset": "r" * 300}),
    "path ruleset": json.dumps({**json.loads(play(moves=2)[1].to_json()),
                                "ruleset": "{tmp}/../../etc/passwd"}),
    "huge move": json.dumps({**json.loads(play(moves=2)[1].to_json()),
                             "rounds": [[[0, "9C x " + "9D " * 200_000]]]}),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_SAVES))
def test_hostile_saves_give_a_notice_and_are_kept(tmp_path: Path, case: str) -> None:
    """Issue 15 #5/#6: these raised (RecursionError, ValueError, OSError) at every launch."""
    (tmp_path / "folder.toml").mkdir()
    text = HOSTILE_SAVES[case].replace("{tmp}", str(tmp_path))
    value, messages = _broken(tmp_path, text)
    assert value is None and all(len(m) < 1000 for m in messages)


def test_a_save_too_large_to_be_one_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    with path.open("wb") as f:
        f.truncate(64 << 20)  # 64 MB of nothing
    value, messages = load_game(tmp_path)
    assert value is None and "bytes" in messages[0]
    [backup] = backups(tmp_path, FILE_NAME)
    assert backup.stat().st_size == 64 << 20


def test_four_players_each_alone_are_saved_and_resumed_alone(tmp_path: Path) -> None:
    game, save = play("kasino", "alone", 4, moves=60, teams=False)
    assert game.round_index >= 1 and game.sides == 4  # past a new round
    assert save_game(save, tmp_path) is None
    data = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert data["teams"] is False
    loaded = load_game(tmp_path).value
    assert loaded is not None and loaded[1] == game and loaded[1].sides == 4
    with pytest.raises(SaveError, match="teams"):
        replay(save.model_copy(update={"teams": True, "players": save.players[:3],
                                       "first_dealer": 0}))


@pytest.mark.parametrize("ruleset", ["classic", "casino33", "kasino"])
def test_a_save_from_before_the_notes_were_reworded_resumes_without_a_note(
        tmp_path: Path, ruleset: str) -> None:
    """The rulesets' notes stopped citing the rule texts as "seed 004": their fingerprint
    then counted the words too, so a game saved before would have resumed with "the ruleset
    Classic Casino changed since this game was saved"."""
    earlier = {"classic": "7ad60622274e6bb5", "casino33": "40497e8fa6d448cc",
               "kasino": "840b3b51f625096c"}[ruleset]
    game, save = play(ruleset, moves=9)
    assert save_game(save.model_copy(update={"ruleset_digest": earlier}), tmp_path) is None
    loaded, messages = load_game(tmp_path)
    assert messages == () and loaded is not None and loaded[1] == game


def test_rewording_a_ruleset_leaves_its_fingerprint() -> None:
    rules = load_ruleset("classic")
    reworded = rules.model_copy(update={
        "source": "elsewhere", "help": "Other words.", "title": "Casino", "description": "",
        "interpretations": ["One note."]})
    assert reworded.digest == rules.digest
    assert rules.model_copy(update={"pair_only": ["K"]}).digest != rules.digest


def test_a_game_left_before_the_persons_first_move_is_replaced_not_put_aside(
        tmp_path: Path) -> None:
    """s33: a new game left at once was put aside, and came back at the title as "0 moves
    played" ahead of the real game put aside for it."""
    from .conftest import play

    _, untouched = play(seed="empty", moves=0)
    assert save_game(untouched, tmp_path) is None
    _, other = play(seed="other", moves=2)
    assert save_game(other, tmp_path) is None  # nothing of the person's to keep: no notice
    assert unfinished(tmp_path) == []
    _, third = play(seed="third", moves=1)
    message = save_game(third, tmp_path)  # the person moved in the other one: kept aside
    assert message is not None and "was put aside" in message
    assert len(unfinished(tmp_path)) == 1
