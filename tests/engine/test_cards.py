import pytest

from casino.engine import DECK, Card, NotationError
from casino.engine.cards import format_cards, parse_cards


def test_every_card_round_trips_through_its_notation() -> None:
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert eval(repr(card)) == card
        assert DECK[card.index] is card
    assert len({str(c) for c in DECK}) == 52


def test_notation_examples_from_rules_md() -> None:
    assert str(Card.parse("10D")) == "10D"
    assert Card.parse("10d") == Card(10, "D")
    assert Card.parse("TD") == Card(10, "D")
    assert Card.parse("AS").rank == 1
    assert Card.parse("2S").name() == "2 of Spades"
    assert Card.parse("10D").name() == "Ten of Diamonds"


@pytest.mark.parametrize("bad", ["", "1S", "11D", "ZZ", "10", "S", "AX", "10DD"])
def test_bad_card_text_names_the_token(bad: str) -> None:
    with pytest.raises(NotationError, match="not a card"):
        Card.parse(bad)


def test_card_lists() -> None:
    cards = parse_cards("AS, 10D 2h")
    assert format_cards(cards) == "AS 10D 2H"
    assert parse_cards("-") == ()
    assert format_cards(()) == "-"


def test_cards_are_immutable_and_ordered() -> None:
    card = Card.parse("5H")
    with pytest.raises(AttributeError):
        card.rank = 6  # type: ignore[misc]
    assert sorted(parse_cards("KS 2C AH")) == list(parse_cards("AH 2C KS"))
