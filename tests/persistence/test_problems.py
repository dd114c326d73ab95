"""A damaged save, a hosted table's save and the settings name their bad values alike: the
file, the field, what it should be and what was found, in the window's language."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from casino import i18n
from casino.engine import load_ruleset
from casino.engine.errors import CasinoError
from casino.engine.wording import Said
from casino.net.host import load_table
from casino.net.table import SeatSpec, Table
from casino.persistence import load_game
from casino.persistence.saves import FILE_NAME
from casino.ui.words import notice_text


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def broken_save(home: Path) -> None:
    (home / FILE_NAME).write_text(json.dumps({
        "ruleset": "classic", "players": [{"name": "You"}, {"name": "Ann", "level": 3}],
        "seed": [1], "first_dealer": "x", "colour": "red"}), encoding="utf-8")


def test_a_damaged_save_names_each_field_what_it_should_be_and_what_was_found(
        tmp_path: Path) -> None:
    """It said pydantic's 'seed.int: Input should be a valid integer', without the value."""
    broken_save(tmp_path)
    game, messages = load_game(tmp_path)
    assert game is None
    first = messages[0]
    assert first.startswith(f"{tmp_path / FILE_NAME}: the saved game cannot be resumed: ")
    for said in ("players.1.level: should be text in quotes (found 3)",
                 "seed: should be a whole number or should be text in quotes (found [1])",
                 "first_dealer: should be a whole number (found 'x')",
                 "colour: not expected here (found 'red')"):
        assert said in first
    assert "Input should" not in first and "seed.int" not in first
    assert "players: should be a list" not in first  # a bad item is not a short list


def test_a_damaged_save_is_said_in_swedish_in_the_swedish_window(tmp_path: Path) -> None:
    broken_save(tmp_path)
    _game, messages = load_game(tmp_path)
    i18n.set_language("sv")
    shown = notice_text(messages[0])
    assert "det sparade partiet kan inte fortsättas" in shown
    assert "seed: ska vara ett heltal eller ska vara text inom citattecken (hittade [1])" in shown
    assert "first_dealer: ska vara ett heltal (hittade 'x')" in shown
    assert "should" not in shown and "found" not in shown


def test_a_save_missing_a_field_says_which() -> None:
    from casino.persistence.problems import invalid
    from casino.persistence.saves import SavedGame

    with pytest.raises(ValueError) as raised:
        SavedGame.model_validate({"ruleset": "classic", "players": [{"name": "A"}], "seed": 1})
    said = invalid(raised.value)  # type: ignore[arg-type]
    assert "first_dealer: missing" in said and "{'ruleset'" not in said
    assert "players: should be a list of the right length (found [{'name': 'A'}])" in said


def test_a_hosted_tables_bad_value_is_named_like_the_settings(tmp_path: Path) -> None:
    table = Table(load_ruleset("classic"), SeatSpec.parse_list("person,computer:greedy"),
                  code="ABCD12", seed="s", games=1)
    data = json.loads(table.snapshot().model_dump_json())
    data["games"] = "three"
    path = tmp_path / "hosted-table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CasinoError) as raised:
        load_table(path, load_ruleset)
    assert str(raised.value) == \
        f"{path}: not a saved table: games: should be a whole number (found 'three')"
    said = raised.value.args[0]
    assert isinstance(said, Said)
    i18n.set_language("sv")
    assert notice_text(said) == \
        f"{path}: inget sparat bord: games: ska vara ett heltal (hittade 'three')"


def test_a_hosted_table_that_does_not_replay_is_said_in_the_windows_language(
        tmp_path: Path) -> None:
    """The move and what was wrong with it stayed the engine's English in a Swedish window:
    'det sparade bordet går inte att spela upp igen: rounds[0].moves[0] (round 1 move 1):
    'ZZ t': not a card: ...'."""
    table = Table(load_ruleset("classic"), SeatSpec.parse_list("person,computer:greedy"),
                  code="ABCD12", seed="s", games=1)
    data = json.loads(table.snapshot().model_dump_json())
    data["current"]["rounds"] = [[[table.game.round.to_move, "ZZ t"]]]
    path = tmp_path / "hosted-table.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CasinoError) as raised:
        load_table(path, load_ruleset)
    assert str(raised.value) == (
        f"{path}: the saved table does not replay: rounds[0].moves[0] (round 1 move 1): "
        "'ZZ t': not a card: 'ZZ' (expected rank A,2-10,J,Q,K + suit C,D,H,S)")
    i18n.set_language("sv")
    assert notice_text(raised.value.args[0]) == (
        f"{path}: det sparade bordet går inte att spela upp igen: rounds[0].moves[0] (runda 1, "
        "drag 1): 'ZZ t': inget kort: 'ZZ' (väntat: valör A,2-10,J,Q,K + färg C,D,H,S)")


def test_two_bad_fields_holding_the_same_value_are_named_each_not_as_one_choice() -> None:
    """Python keeps one object for 7 (and None, True, short text): a seat's name and level
    both 7 were taken for the two kinds of one union and said as 'players.0: should be text
    in quotes or should be text in quotes (found 7)', the fields never named."""
    from casino.persistence.problems import invalid
    from casino.persistence.saves import SavedGame

    with pytest.raises(ValueError) as raised:
        SavedGame.model_validate({"ruleset": "classic", "seed": [1], "first_dealer": 0,
                                  "players": [{"name": 7, "level": 7}, {"name": "C"}]})
    said = invalid(raised.value)  # type: ignore[arg-type]
    assert "players.0.name: should be text in quotes (found 7)" in said
    assert "players.0.level: should be text in quotes (found 7)" in said
    assert "or should be text in quotes (found 7)" not in said
    # a union's kinds are still said as one
    assert "seed: should be a whole number or should be text in quotes (found [1])" in said
