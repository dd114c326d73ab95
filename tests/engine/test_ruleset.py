"""Rulesets: every bundled file validates; broken files are reported by file and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from casino.engine import RulesetError, load_ruleset
from casino.engine.ruleset import bundled_names, parse_ruleset, ruleset_problems


def test_bundled_rulesets_load_and_state_their_interpretations() -> None:
    names = bundled_names()
    assert {"classic", "classic-sweeps", "royal", "spitenet"} <= set(names)
    for name in names:
        rs = load_ruleset(name)
        assert rs.name == name
        assert rs.interpretations, f"{name} must write out its interpretations"
        assert rs.help.strip()
        # docs/RULES.md: 11 a round in the classic family and munter; kasino 10 + last take;
        # spade 24; casino33 13
        expected = {"kasino": 10, "spade": 24, "casino33": 13}.get(name, 11)
        assert rs.fixed_points(2) == expected


def test_base_inheritance_overrides_only_what_it_names() -> None:
    classic, sweeps = load_ruleset("classic"), load_ruleset("classic-sweeps")
    assert sweeps.scoring.sweep == 1 and classic.scoring.sweep == 0
    assert sweeps.values == classic.values
    assert sweeps.obligations == classic.obligations


def test_ruleset_is_frozen() -> None:
    rs = load_ruleset("classic")
    with pytest.raises(Exception, match="frozen"):
        rs.name = "x"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = ", "not valid TOML"),
        ('base = "classic"\nname = "x"\ntitle = "x"\ndescription = "x"\nsource = "x"\n'
         "colour = 1", "field colour: Extra inputs are not permitted"),
        ('base = "classic"\nname = "x"\ntitle = "x"\ndescription = "x"\nsource = "x"\n'
         "[values]\nA = [0]", "values.A"),
        ('base = "classic"\nname = "x"\ntitle = "x"\ndescription = "x"\nsource = "x"\n'
         "[deal]\nhand = 5", "do not use up 52 cards"),
        ('base = "classic"\nname = "x"\ntitle = "x"\ndescription = "x"\nsource = "x"\n'
         "[scoring]\nmost_cards = -1", "field scoring.most_cards"),
        ('base = "nope"\nname = "x"', "field base: unknown ruleset 'nope'"),
        ('name = "x"', "field title: Field required"),
        ('base = "classic"\nname = "x"\ntitle = "x"\ndescription = "x"\nsource = "x"\n'
         '[build]\nstyle = "weird"', "field build.style"),
    ],
)
def test_broken_ruleset_names_file_and_field(text: str, message: str) -> None:
    with pytest.raises(RulesetError, match=message) as info:
        parse_ruleset(text, "my.toml")
    assert str(info.value).startswith("my.toml")


def test_ruleset_problems_lists_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('base = "classic"\nname = 3\ntitle = "t"\ndescription = "d"\nsource = "s"\n'
                    "players = [5]\n[scoring]\nsweep = -2\n", encoding="utf-8")
    problems = ruleset_problems(path)
    assert len(problems) >= 3
    assert any("field name" in p for p in problems)
    assert any("field scoring.sweep" in p for p in problems)
    good = tmp_path / "mine.toml"
    good.write_text('base = "classic"\nname = "mine"\ntitle = "t"\ndescription = "d"\n'
                    'source = "s"\n', encoding="utf-8")
    assert ruleset_problems(good) == []
    assert load_ruleset(good).name == "mine"


def test_unknown_ruleset_lists_the_known_ones() -> None:
    with pytest.raises(RulesetError, match=r"known rulesets: .*classic"):
        load_ruleset("no-such-ruleset")


def test_ratings_are_a_validated_field_of_the_ruleset() -> None:
    """Casino 33's rating points come from its file (scoring.ratings), not a list of names:
    a ruleset of one's own based on it is rated too; ratings that need Ace Stacks are
    refused where there are none; and the field leaves every fingerprint as it was, so a
    save made before it existed is not taken for a changed ruleset."""
    assert {n for n in bundled_names() if load_ruleset(n).scoring.ratings != "none"} == \
        {"casino33"}
    mine = parse_ruleset('base = "casino33"\nname = "mine"\n', "mine.toml")
    assert mine.scoring.ratings == "casino33"
    with pytest.raises(RulesetError, match=r"scoring\.ratings.*stacks"):
        parse_ruleset('base = "classic"\n[scoring]\nratings = "casino33"\n', "my.toml")
    with pytest.raises(RulesetError, match=r"field scoring\.ratings"):
        parse_ruleset('base = "casino33"\n[scoring]\nratings = "elo"\n', "my.toml")
    # the fingerprints before the field was added still name these rules (``same_rules``:
    # the fingerprint has since left the rules' wording out)
    assert load_ruleset("classic").same_rules("7ad60622274e6bb5")
    assert load_ruleset("casino33").same_rules("40497e8fa6d448cc")
