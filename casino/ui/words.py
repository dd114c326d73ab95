"""Cards and moves in the words a player reads: rank and suit symbol (3♠, 10♦), never notation.

Notation ("3S") stays for the command line, files and logs; everything the window shows
goes through ``symbols`` or ``move_text`` on its way to the screen. In Swedish the court
cards and the Ace carry the letters on Swedish cards: E (Ess), K (Kung), D (Dam), Kn (Knekt).
"""

from __future__ import annotations

import re

from casino.engine import Block, Build, Capture, Card, Move, Pile, PileKind, Ruleset, Trail
from casino.engine.cards import SUIT_SYMBOLS
from casino.engine.generate import splits_into
from casino.engine.state import TableItem
from casino.engine.wording import Reason, Said, Wording, join_last
from casino.i18n import N_, _, language

NOTATION_CARD = re.compile(r"(?<![\w\u2660-\u2667])(10|[2-9AJQK])([CDHS])(?![\w])")
"""A card written in notation inside prose ("take 5S, 5C"); lower case is never a card."""

SYMBOL_CARD = re.compile(r"(?<![\w])(10|Kn|[2-9AJQKED])([\u2660\u2663\u2665\u2666])")
"""A card written with its suit symbol (English or Swedish letters), for drawing it in its
suit's colour."""

SWEDISH_LETTERS = {"A": "E", "K": "K", "Q": "D", "J": "Kn"}
"""The index letters of Swedish cards, as the seed's players write them (seed 002)."""

RANK_WORDS = {"A": N_("Ace"), "K": N_("King"), "Q": N_("Queen"), "J": N_("Jack")}
"""Cards named in words: Ess, Kung, Dam, Knekt in Swedish."""


def rank_letter(rank_text: str) -> str:
    """'Q' as the current language writes it on a card: 'D' in Swedish."""
    return SWEDISH_LETTERS.get(rank_text, rank_text) if language() == "sv" else rank_text


def card_text(card: Card) -> str:
    """'3♠', '10♦', 'A♥' (in Swedish 'E♥', 'Kn♣')."""
    return f"{rank_letter(card.rank_text)}{SUIT_SYMBOLS[card.suit]}"


def decimal(value: float) -> str:
    """A number with one decimal as the language writes it: 5.7, in Swedish 5,7."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if language() == "sv" else text


def percent(rate: float) -> str:
    """A share in percent as the language writes it: 73%, in Swedish 73 % (a non-breaking
    space before the sign)."""
    return percent_sign(f"{round(100 * rate)}%")


def percent_sign(text: str) -> str:
    """``text`` with its percent signs set as the language sets them."""
    return text.replace("%", "\u00a0%") if language() == "sv" else text


def symbols(text: str) -> str:
    """``text`` with every card in notation written with its suit symbol instead."""
    return NOTATION_CARD.sub(lambda m: rank_letter(m.group(1)) + SUIT_SYMBOLS[m.group(2)], text)


SOURCE_NAMES = {
    "000": "Munter's Casino 2.1",
    "001": "SpiteNET's Cassino manual",
    "002": "the Swedish Kasino rules",
    "003": "the Casino 33 instructions",
    "004": "Hoyle and pagat",
}
"""The sources the rulesets cite as "seed NNN" (docs/RULES.md, "Sources"), by the names a
player knows them by."""

_OWNER = {"002": "the Swedish Kasino program's", "003": "the Casino 33 game's"}
_SEED = re.compile(r"(?:\b([Tt])he )?seed (\d{3})('s)?")
_BOOK = re.compile(r" ?\(docs/RULES\.md(#[\w-]+)?\)|;? docs/RULES\.md(#[\w-]+)?")


def cited(text: str) -> str:
    """A ruleset's source or reading as a player reads it: its sources named as the rule book
    names them ("seed 002" is the Swedish Kasino rules), and no pointers into the project's
    own files (docs/RULES.md, which an installed game does not have)."""
    lead = re.fullmatch(r"seed \d{3} \(([^()]*)\)", text)  # a source line: its own words
    if lead:
        return lead.group(1)

    def name(m: re.Match[str]) -> str:
        the, number, owner = m.groups()
        known = SOURCE_NAMES.get(number)
        if known is None:  # a seed the game does not know (a player's own ruleset): as it is
            return m.group(0)
        said = _OWNER.get(number, known + "'s") if owner else known
        return said[:1].upper() + said[1:] if the == "T" else said

    text = _SEED.sub(name, _BOOK.sub("", text))
    return re.sub(r"\b([Tt])he seed\b(?! \d)", r"\1he source", text)


def verb_for_trail(ruleset: Ruleset | None) -> str:
    """'put' where the table has fixed spaces (Munter's word), else 'trail'."""
    return "put" if ruleset is not None and ruleset.table_spaces is not None else "trail"


def _items_text(items: tuple[TableItem, ...]) -> str:
    parts = []
    for item in items:
        if isinstance(item, Card):
            parts.append(card_text(item))
            continue
        cards = " ".join(card_text(c) for c in item.cards)
        parts.append(_pile_words(item).format(value=item.value, cards=cards))
    return ", ".join(parts)


def _pile_words(pile: Pile) -> str:
    if pile.kind is PileKind.STACK:
        return _("the {value} stack ({cards})")
    if pile.kind is PileKind.BLOCK:
        return _("the {value} block ({cards})")
    if pile.multiple:
        return _("the multiple {value} build ({cards})")
    return _("the {value} build ({cards})")


def _takes_the_table(ruleset: Ruleset, card: Card, items: tuple[TableItem, ...]) -> bool:
    """Kasino's 5\u2660 taking what no sum of its value could: said so, or 'take 9\u2663,
    the 14 build with 5\u2660' reads like a miscount. A take that splits into groups of the
    card's value is worded as one, as the engine tells the two apart (``capture_allowed``):
    a card above 5 or a table adding up to less was not all ('3\u2663, 3\u2665' is 6)."""
    if ruleset.capture.sweep_card != str(card):
        return False
    return not any(splits_into(ruleset, items, v) for v in ruleset.values_of(card))


def move_text(move: Move, ruleset: Ruleset | None = None) -> str:
    """The move in the ruleset's own words with card symbols: 'take 5♠, 5♣ with 5♥'.

    Swedish uses Kasino's words: 'ta in', 'lägg ut', 'bygg', 'bygg mera' for a double build.
    """
    stacks = ruleset is not None and ruleset.build.style == "stacks"
    match move:
        case Trail(card=card):
            verb = _("put {card}") if verb_for_trail(ruleset) == "put" else _("trail {card}")
            return verb.format(card=card_text(card))
        case Capture(card=card, value=value, items=items):
            if ruleset is not None and _takes_the_table(ruleset, card, items):
                return _("take the whole table with {card}: {items}").format(
                    card=card_text(card), items=_items_text(items))
            if value != card.rank:
                return _("take {items} with {card} as {value}").format(
                    items=_items_text(items), card=card_text(card), value=value)
            return _("take {items} with {card}").format(items=_items_text(items),
                                                         card=card_text(card))
        case Build(card=card, value=value, items=items, sets=sets):
            if stacks:
                words = _("stack multiple {value}: {card} on {items}") if sets > 1 \
                    else _("stack {value}: {card} on {items}")
            else:
                words = _("build multiple {value}: {card} on {items}") if sets > 1 \
                    else _("build {value}: {card} on {items}")
            return words.format(value=value, card=card_text(card), items=_items_text(items))
        case Block(card=card, value=value, item=item):
            return _("block {value}: {card} on {items}").format(
                value=value, card=card_text(card), items=_items_text((item,)))
    raise TypeError(f"not a move: {move!r}")  # pragma: no cover - every move kind is matched


class WindowWording(Wording):
    """Reasons (the engine's refusals, the hint's why, the host's refusals) in the window's
    language, with cards and piles named as everywhere else in the window."""

    def format_field(self, value: object, format_spec: str) -> str:
        text = super().format_field(value, format_spec)
        return percent_sign(text) if format_spec.endswith("%") else text

    def message(self, message: str) -> str:
        return _(message)

    def card(self, card: Card) -> str:
        return card_text(card)

    def rank(self, card: Card) -> str:
        word = RANK_WORDS.get(card.rank_text)
        if word is None:
            return card.rank_text
        return _(word).lower() if language() == "sv" else _(word)

    def pile(self, pile: Pile) -> str:
        cards = " ".join(card_text(c) for c in pile.cards)
        return _pile_words(pile).format(value=pile.value, cards=cards)

    def pile_short(self, pile: Pile) -> str:
        if pile.kind is PileKind.STACK:
            return _("{value} stack").format(value=pile.value)
        if pile.kind is PileKind.BLOCK:
            return _("{value} block").format(value=pile.value)
        return _("{value} build").format(value=pile.value)

    def last_and(self, parts: list[str]) -> str:
        return join_last(parts, _("{rest} and {last}"))

    def last_or(self, parts: list[str]) -> str:
        return join_last(parts, _("{rest} or {last}"))


def reason_text(reason: Reason | str) -> str:
    """A reason as the window says it: in its language, cards in symbols."""
    if isinstance(reason, str):
        return symbols(reason)
    return WindowWording().text(reason)


def notice_text(notice: str) -> str:
    """A notice about the game's files in the window's language (``Said`` by the
    persistence layer); other text is shown as it is. File names and quoted values stay."""
    return WindowWording().text(notice.reason) if isinstance(notice, Said) else notice
