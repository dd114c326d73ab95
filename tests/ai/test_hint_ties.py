"""Where the Expert's search values a take and a trail the same, the hint suggests the take (s35):
a newcomer told to trail 7♥ while 5♦ takes 5♥ for the same points is puzzled. The Expert level's
own play is left as it is."""

from __future__ import annotations

from casino.ai.hint import TIE, hint, opinion, take_over_trail
from casino.ai.registry import POLICIES
from casino.engine import Build, Capture, Card, Move, Trail, load_ruleset
from casino.engine.notation import format_move, parse_position

# tests/data/ai_decisions.json's classic/2/37: the round's last two plays, 9.0 points either way
LAST_PLAYS = ("0;0;7H 5D/3C;8D 10C 5H;JC JD 9D 6H 3D 2C 2S 7C 7D 4C 4D AH AS 8S 8H 10D 3H 7S 5C"
              " 5S 10H 9H AC 4S 4H 10S 8C 2H JH JS 9S 9C/KD KH 6C 6D QS QD QH QC 6S 3S AD 2D KC"
              " KS;-;0/0;0;00;6")


def test_the_hint_takes_where_the_search_values_a_take_as_its_trail() -> None:
    view = parse_position(load_ruleset("classic"), LAST_PLAYS).view_for(0)
    values = opinion(view)
    assert format_move(values[0][0]) == "7H t"  # the search's own choice: the trail
    take = next(v for m, v in values if format_move(m) == "5D x 5H")
    assert abs(values[0][1] - take) <= TIE
    assert format_move(hint(view)[0]) == "5D x 5H"
    # the Expert level plays on as it did
    assert format_move(POLICIES["expert"](seed="bench").choose(view)) == "7H t"


def test_only_a_near_tie_with_a_trail_goes_to_the_take() -> None:
    trail: Move = Trail(Card.parse("7H"))
    take: Move = Capture(Card.parse("5D"), 5, (Card.parse("5H"),))
    other: Move = Capture(Card.parse("8C"), 8, (Card.parse("8D"),))
    build: Move = Build(Card.parse("3C"), 8, (Card.parse("5H"),))
    assert take_over_trail([(trail, 9.0), (take, 9.0)]) == take
    assert take_over_trail([(trail, 9.0), (take, 9.0 - TIE / 2)]) == take
    assert take_over_trail([(trail, 9.0), (take, 8.9), (other, 9.0)]) == other  # the better
    assert take_over_trail([(trail, 9.0), (take, 9.0 - 2 * TIE)]) == trail  # no tie
    assert take_over_trail([(build, 9.0), (take, 9.0)]) == build  # only a trail gives way
    assert take_over_trail([(trail, 9.0)]) == trail
