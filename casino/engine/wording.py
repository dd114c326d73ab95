"""Reasons as data: a message id with its parameters, read in English by ``Wording``.

The engine, the AI and the host say why something is refused (or why a move is good) as a
``Reason``: the English message with ``{name}`` fields, which is also its catalogue id, and
the values for the fields, kept as values (cards, piles, numbers, further reasons) rather
than text. ``str(reason)`` is the English sentence the command line and the logs show;
a window in another language reads the same reason through a ``Wording`` of its own that
looks the message up in its catalogue and names cards its way. No I/O and no gettext here.

Field specs: ``{card:rank}`` is a card's rank in words ('King'); ``{pile:short}`` a pile
without its cards ('8 build'); a tuple is joined with commas, ``{items:and}`` /
``{items:or}`` end with 'and' / 'or', ``{piles:short}`` names short piles ending with 'and'.
"""

from __future__ import annotations

from string import Formatter
from typing import Any, Union

from casino.engine.cards import RANK_NAMES, Card
from casino.engine.state import Pile

Param = Union[int, float, str, Card, Pile, "Reason", tuple["Param", ...]]
"""What a field of a reason may hold."""


class Reason:
    """A message id (the English text with ``{name}`` fields) and its parameters; immutable.

    ``Reason("you do not hold {card}", card=card)``: tools/i18n.py collects the first
    argument of every ``Reason(...)`` call for the catalogue.
    """

    __slots__ = ("message", "params")
    message: str
    params: tuple[tuple[str, Param], ...]

    def __init__(self, message: str, /, **params: Param) -> None:
        object.__setattr__(self, "message", message)
        object.__setattr__(self, "params", tuple(sorted(params.items())))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Reason is immutable")

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Reason) and self.message == other.message
                and self.params == other.params)

    def __hash__(self) -> int:
        return hash((self.message, self.params))

    def __reduce__(self) -> tuple[Any, ...]:  # for the hint's worker process
        return (_rebuild, (self.message, self.params))

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params)
        return f"Reason({self.message!r}{args})"

    def __str__(self) -> str:
        return ENGLISH.text(self)

    @classmethod
    def plain(cls, text: str) -> Reason:
        """Text that is already a finished sentence (from outside the catalogue)."""
        return cls("{text}", text=text)


class Said(str):
    """A reason's English sentence that keeps the reason: for messages passed on as text
    (the notices about damaged or unreadable files), so a window can say them in its own
    language while everything else reads, compares and logs the English sentence.

    ``Said("{path}: cannot read the settings", path=str(path))``: tools/i18n.py collects
    the first argument of every ``Said(...)`` call too.
    """

    reason: Reason

    def __new__(cls, message: str, /, **params: Param) -> Said:
        reason = Reason(message, **params)
        said = super().__new__(cls, str(reason))
        said.reason = reason
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_said, (self.reason.message, self.reason.params))


def _rebuild_said(message: str, params: tuple[tuple[str, Param], ...]) -> Said:
    return Said(message, **dict(params))


def _rebuild(message: str, params: tuple[tuple[str, Param], ...]) -> Reason:
    return Reason(message, **dict(params))


class Wording(Formatter):
    """Reads reasons in English with cards in notation; a window subclasses it for its
    language (message lookup, card names, the joining words)."""

    def text(self, reason: Reason) -> str:
        return self.vformat(self.message(reason.message), (), dict(reason.params))

    def message(self, message: str) -> str:
        """The message in this wording's language."""
        return message

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Said):
            value = value.reason
        if isinstance(value, Reason):
            return self.text(value)
        if isinstance(value, Card):
            return self.rank(value) if format_spec == "rank" else self.card(value)
        if isinstance(value, Pile):
            return self.pile_short(value) if format_spec == "short" else self.pile(value)
        if isinstance(value, tuple):
            short = format_spec == "short"
            parts = [self.format_field(v, "short" if short else "") for v in value]
            if short or format_spec == "and":
                return self.last_and(parts)
            if format_spec == "or":
                return self.last_or(parts)
            return ", ".join(parts)
        return str(super().format_field(value, format_spec))

    def card(self, card: Card) -> str:
        return str(card)

    def rank(self, card: Card) -> str:
        return RANK_NAMES[card.rank_text]

    def pile(self, pile: Pile) -> str:
        cards = "+".join(self.card(c) for c in pile.cards)
        kind = pile.kind.value
        if pile.multiple:
            return f"the multiple {pile.value} {kind} ({cards})"
        return f"the {pile.value} {kind} ({cards})"

    def pile_short(self, pile: Pile) -> str:
        return f"{pile.value} {pile.kind.value}"

    def last_and(self, parts: list[str]) -> str:
        return join_last(parts, "{rest} and {last}")

    def last_or(self, parts: list[str]) -> str:
        return join_last(parts, "{rest} or {last}")


def join_last(parts: list[str], template: str) -> str:
    """'a, b and c' from the parts and a template such as '{rest} and {last}'."""
    if len(parts) < 2:
        return "".join(parts)
    return template.format(rest=", ".join(parts[:-1]), last=parts[-1])


ENGLISH = Wording()

__all__ = ["ENGLISH", "Param", "Reason", "Said", "Wording", "join_last"]
