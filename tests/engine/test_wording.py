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
        "9C cannot take 8H: a card takes only cards that add up to its value (9), one set or "
        "several at once; and a build of 17 is above 10")


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


def test_casino33_refusals_speak_of_stacks_not_builds() -> None:
    """Casino 33 has stacks, never builds (docs/RULES.md): an 8 put to a 7 stack was refused
    with 'a build of 15 is above 10', a word the game never uses for its piles."""
    state = pos("0;1;8S 2D 7C 6C 5C KC/KS;[s7 4H 3S @0] 9D;*/-", "casino33")
    stack = state.table[0]
    assert isinstance(stack, Pile) and stack.kind is PileKind.STACK
    with pytest.raises(IllegalMoveError) as caught:
        find_moves(state, Card.parse("8S"), [stack])
    text = str(caught.value)
    assert "a stack of 15 is above 10" in text and "build" not in text
    with pytest.raises(IllegalMoveError) as caught:
        find_moves(state, Card.parse("2D"), [state.table[1]])  # 11 is above 10 as well
    assert "stack" in str(caught.value) and "build" not in str(caught.value)
    # seat 1 stacks 8 and holds one 8 more: taking the loose 8S with it leaves the stack
    # without a taker; a King put to a Jack is refused as never stacking
    state = pos("1;0;AC QH JH 10C/AS 8C 9D QC;[s8 3S 5C @1] 8S JD;*/-", "casino33")
    with pytest.raises(IllegalMoveError) as caught:
        find_moves(state, Card.parse("8C"), [state.table[1]])
    assert str(caught.value) == ("you may play 8C only on your 8 stack, since it is the last "
                                 "card you hold that can take it")
    state = pos("1;0;4S 9D JS 8D 9S/KH 5S 6H 10C 2C;JC 5D;*/-", "casino33")
    with pytest.raises(IllegalMoveError) as caught:
        find_moves(state, Card.parse("KH"), [state.table[0]])
    assert str(caught.value) == "a King takes exactly one card of its own rank and never stacks"


def test_keeping_a_taker_names_the_build_where_builds_are_made() -> None:
    state = pos("0;1;8C 5D 2H/KS;[b8 5S 3D @0] 8H;*/-", "kasino")
    with pytest.raises(IllegalMoveError) as caught:
        find_moves(state, Card.parse("8C"), [state.table[1]])
    assert str(caught.value) == ("you may play 8C only on your 8 build, since it is the last "
                                 "card you hold that can take it")


def test_keeping_a_taker_names_the_card_played_not_the_card_kept() -> None:
    """Playing a card that is not itself the last taker was refused with 'you must keep a
    card that can take your 10 build and 16 build (10D is your last one)': 10D was the card
    left in hand, never the one played, and one card of two values (Kasino's 10D: 10 or
    16) looked as if it could take both builds."""
    state = pos("0;1;10D 6H 2C/KS;[b10 7S 3D @0] 10C;*/-", "kasino")
    with pytest.raises(IllegalMoveError) as caught:  # 6H on the 10C builds 16
        find_moves(state, Card.parse("6H"), [state.table[1]])
    assert str(caught.value) == (
        "you may not build 16 with 6H: only 10D would be left in your hand to take your 10 "
        "build and 16 build, and one card takes builds of only one value in a play")
    state = pos("0;1;10D 10S 6H/KS;[b10 7S 3D @0] [b16 9C 7C @0] 5C;*/-", "kasino")
    with pytest.raises(IllegalMoveError) as caught:  # trailing 10S
        find_moves(state, Card.parse("10S"), [])
    assert str(caught.value) == (
        "you may not play 10S here: only 10D would be left in your hand to take your 10 "
        "build and 16 build, and one card takes builds of only one value in a play")
