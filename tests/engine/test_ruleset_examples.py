"""A ruleset's ``examples``: plays in notation that its rules page shows. Each is a legal move
of its position under its own rules (checked here and whenever a file is read), they are
wording (the fingerprint leaves them out), and a base's examples are not inherited."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino.engine import legal_moves
from casino.engine.errors import RulesetError
from casino.engine.notation import parse_move, parse_position
from casino.engine.ruleset import (
    TEACHING,
    Example,
    bundled_names,
    load_ruleset,
    parse_ruleset,
    ruleset_problems,
    wire_data,
    with_teaching,
)

EXAMPLES = [(name, k) for name in bundled_names() for k in range(len(load_ruleset(name).examples))]


@pytest.mark.parametrize(("name", "k"), EXAMPLES, ids=[f"{n}-{k}" for n, k in EXAMPLES])
def test_every_bundled_example_is_a_legal_move_of_its_position(name: str, k: int) -> None:
    ruleset = load_ruleset(name)
    example = ruleset.examples[k]
    state = parse_position(ruleset, example.position)
    assert state.to_move == 0
    assert parse_move(state, example.move) in legal_moves(state)
    assert example.text.strip()


@pytest.mark.parametrize("name", bundled_names())
def test_every_bundled_ruleset_shows_examples_of_its_own(name: str) -> None:
    # Every variant showed the tutorial's first five Classic plays, whatever its rules.
    assert load_ruleset(name).examples


def test_the_variants_examples_show_what_is_particular_to_them() -> None:
    def moves(name: str) -> str:
        return " | ".join(e.move for e in load_ruleset(name).examples)

    assert "KC x 10S 3H" in moves("royal") and "AC=14" in moves("royal")
    assert "JS" in moves("spade") and "5S 4S" in moves("spade")
    assert "5S x" in moves("kasino") and "10D=16" in moves("kasino")
    assert " k7 " in moves("munter")
    assert "draw" in " ".join(e.text for e in load_ruleset("draw").examples)
    assert "AS" in moves("casino33")  # an Ace Stack
    assert "[4H 2D] AS" in moves("spitenet")  # raised with a table card


def _spade() -> str:
    return (Path(__file__).parents[2] / "casino" / "rulesets" / "spade.toml").read_text("utf-8")


@pytest.mark.parametrize(("change", "field", "says"), [
    ({"9C x 5S 4S": "9C x 5S"}, "examples.0.move", "not legal in its position"),
    ({"JD x JS": "JD x QQ"}, "examples.1.move", "QQ"),
    ({"0;1;2D 9D KH 3H": "0;1;2D 9D KH 3H 4H"}, "examples.2.position", "5 cards"),
    ({'based_on = "classic"': 'based_on = "clasic"'}, "based_on", "unknown ruleset"),
])
def test_a_bad_example_is_refused_naming_file_and_field(change: dict[str, str], field: str,
                                                         says: str) -> None:
    text = _spade()
    for old, new in change.items():
        assert old in text
        text = text.replace(old, new)
    with pytest.raises(RulesetError) as caught:
        parse_ruleset(text, "mine.toml")
    assert f"mine.toml: field {field}: " in str(caught.value) and says in str(caught.value)


def test_a_bad_example_in_a_players_file_is_listed_as_its_problem(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(_spade().replace("JD x JS", "JD x 7D").replace(
        'name = "spade"', 'name = "mine"'), "utf-8")
    problems = ruleset_problems("mine", (tmp_path,))
    assert len(problems) == 1 and "field examples.1.move" in problems[0], problems


def test_examples_are_wording_left_out_of_the_fingerprint() -> None:
    assert "examples" in TEACHING and "based_on" in TEACHING
    spade = load_ruleset("spade")
    other = spade.model_copy(update={"examples": [Example(text="x", position="p", move="m")],
                                     "based_on": None})
    assert other.digest == spade.digest


def test_a_base_lends_its_help_but_not_its_examples(tmp_path: Path) -> None:
    # Classic's plays need not be legal under a file built on it (one that counts a King 13).
    (tmp_path / "mine.toml").write_text('base = "classic"\ntitle = "Mine"\n'
                                        "[values]\nK = [13]\nJ = [11]\nQ = [12]\n", "utf-8")
    mine = load_ruleset("mine", (tmp_path,))
    assert mine.help == load_ruleset("classic").help
    assert mine.examples == [] and mine.based_on is None


def test_the_wire_carries_teaching_and_a_guest_takes_a_bundled_rulesets_from_its_own_copy(
        ) -> None:
    # A bundled ruleset's examples are read from the guest's own copy (its catalogue says
    # them); a host's own ruleset keeps the host's (protocol 7: they were left out, and a
    # guest's Rules page showed none), and names no base for a guest to look up but a
    # bundled one.
    royal = load_ruleset("royal")
    received = type(royal).model_validate(wire_data(royal))
    assert received.examples == royal.examples and received.digest == royal.digest
    assert with_teaching(received) == royal
    changed = received.model_copy(update={"pair_only": ["K"]})
    assert with_teaching(changed) is changed and changed.based_on == "classic"
    elsewhere = changed.model_copy(update={"based_on": "../../mine"})
    assert with_teaching(elsewhere).based_on is None
    assert with_teaching(elsewhere).examples == royal.examples
