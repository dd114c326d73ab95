"""Cards and moves in the words a player reads: rank and suit symbol (3♠, 10♦), never notation.

Notation ("3S") stays for the command line, files and logs; everything the window shows
goes through ``symbols`` or ``move_text`` on its way to the screen.
"""

from __future__ import annotations

import re

from casino.engine import Card, Move, Ruleset, Trail
from casino.engine.cards import SUIT_SYMBOLS
from casino.engine.notation import describe_move

NOTATION_CARD = re.compile(r"(?<![\w\u2660-\u2667])(10|[2-9AJQK])([CDHS])(?![\w])")
"""A card written in notation inside prose ("take 5S, 5C"); lower case is never a card."""

SYMBOL_CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])([\u2660\u2663\u2665\u2666])")
"""A card written with its suit symbol, for drawing it in its suit's colour."""


def card_text(card: Card) -> str:
    """'3♠', '10♦', 'A♥'."""
    return f"{card.rank_text}{SUIT_SYMBOLS[card.suit]}"


def symbols(text: str) -> str:
    """``text`` with every card in notation written with its suit symbol instead."""
    return NOTATION_CARD.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], text)


def verb_for_trail(ruleset: Ruleset | None) -> str:
    """'put' where the table has fixed spaces (Munter's word), else 'trail'."""
    return "put" if ruleset is not None and ruleset.table_spaces is not None else "trail"


def move_text(move: Move, ruleset: Ruleset | None = None) -> str:
    """The move in the ruleset's own words with card symbols: 'take 5♠, 5♣ with 5♥'."""
    text = describe_move(move, ruleset)
    if isinstance(move, Trail):
        text = f"{verb_for_trail(ruleset)} {card_text(move.card)}"
    return symbols(text)
