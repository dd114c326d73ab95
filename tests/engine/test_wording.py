"""Reasons as data: a refusal names its message and its cards, and reads as English text."""

from __future__ import annotations

import pickle

import pytest

from casino.engine import IllegalMoveError, find_moves
from casino.engine.cards import Card
from casino.engine.state import Pile, PileKind
from casino.engine.wording import ENGLISH, Reason, Said

from .helpers import pos


def test_a_refusal_carries_its_message_and_cards() -> None:
    state = pos("0;1;9C 4D/KS;9D 8H 5H 4S AH;*/-")
    with pytest.raises(IllegalMoveError) as caught:
        find_moves(state, state.hands[0][0], [state.table[1]])  # 9C onto 8H alone
    reason = caught.value.reason
    assert reason.message.startswith("{card} cannot take {items}")
    assert dict(reason.params)["card"] == Card.parse("9C")
    assert dict(reason.params)["items"] == (Card.parse("8H"),)
    assert str(caught.value) == str(reason) == (
        "9C cannot take 8H: they do not make groups of 9; and a build of 17 is above 10")


def test_fields_word_cards_piles_and_lists() -> None:
    build = Pile(PileKind.BUILD, 8, (Card.parse("5S"), Card.parse("3D")), 1)
    double = Pile(PileKind.BUILD, 9, (Card.parse("5C"), Card.parse("4C"), Card.parse("9C")), 0,
                  sets=2)
    reason = Reason("{card:rank}, {card}; {piles:short}; {items}; {values:or}; {next}",
                    card=Card.parse("QH"), piles=(build, double), items=(build, double),
                    values=(1, 11, 14), next=Reason("seat {seat}", seat=2))
    assert str(reason) == ("Queen, QH; 8 build and 9 build; the 8 build (5S+3D), the multiple "
                           "9 build (5C+4C+9C); 1, 11 or 14; seat 2")
    assert ENGLISH.text(reason) == str(reason)


def test_a_reason_is_an_immutable_value() -> None:
    a = Reason("you do not hold {card}", card=Card.parse("4S"))
    assert a == Reason("you do not hold {card}", card=Card.parse("4S")) and hash(a) == hash(
        Reason("you do not hold {card}", card=Card.parse("4S")))
    assert pickle.loads(pickle.dumps(a)) == a  # the hint comes back from a worker process
    with pytest.raises(AttributeError):
        a.message = "x"  # type: ignore[misc]
    assert str(IllegalMoveError("plain words").reason) == "plain words"


def test_said_is_the_english_text_keeping_its_reason() -> None:
    """A notice passed on as text (a damaged file's) is the English sentence everywhere a
    str is, and still the reason for a window in another language."""
    inner = Said("nested too deeply")
    said = Said("{path}: not a saved game ({error})", path="/x/current-game.json", error=inner)
    assert said == "/x/current-game.json: not a saved game (nested too deeply)"
    assert isinstance(said, str) and "saved game" in said
    assert said.reason == Reason("{path}: not a saved game ({error})",
                                 path="/x/current-game.json", error=inner)
    back = pickle.loads(pickle.dumps(said))
    assert isinstance(back, Said) and back == said and back.reason == said.reason
