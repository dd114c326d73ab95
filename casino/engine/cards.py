"""Cards as small immutable values with a notation that round-trips: ``Card.parse("10D")``."""

from __future__ import annotations

from dataclasses import dataclass, field

from casino.engine.errors import NotationError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_NAMES = {
    "A": "Ace", "J": "Jack", "Q": "Queen", "K": "King",
    **{str(n): str(n) for n in range(2, 11)},
}
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card; ``rank`` is 1 (Ace) to 13 (King), ``suit`` one of C D H S.

    Cards order by rank then suit, which gives every list of cards one stable order.
    """

    rank: int
    suit: str
    index: int = field(init=False, compare=False, repr=False)
    """0..51, suit-major: the card's place in ``DECK`` and its bit in a 52-bit mask."""

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13 or self.suit not in SUITS:
            raise NotationError(f"no such card: rank {self.rank!r} suit {self.suit!r}")
        object.__setattr__(self, "index", SUITS.index(self.suit) * 13 + self.rank - 1)

    # Cards are hashed and compared by index: sets and dicts of cards are everywhere in the
    # generator and the AI, and the generated tuple comparison is several times slower.
    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and self.index == other.index)

    def __hash__(self) -> int:
        return self.index

    # The order ``order=True`` would generate, written out: compiled (mypyc), the class has
    # comparison slots already, and the dataclass decorator refuses to overwrite them.
    def __lt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return (self.rank, self.suit) < (other.rank, other.suit)

    def __le__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return (self.rank, self.suit) <= (other.rank, other.suit)

    def __gt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return (self.rank, self.suit) > (other.rank, other.suit)

    def __ge__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return (self.rank, self.suit) >= (other.rank, other.suit)

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        # Pickled as a call ``Card(rank, suit)``: compiled (mypyc), the default way sets the
        # frozen fields through ``__setattr__``, which refuses (the UI's and AI's process
        # pools pickle cards).
        return Card, (self.rank, self.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``10D``, ``2S``, ``AH``, ``qs`` (case-insensitive; ``T`` means 10)."""
        key = text.strip().upper()
        card = _BY_TEXT.get(key)
        if card is None:
            from casino.engine.wording import Reason  # wording needs cards

            raise NotationError(Reason("not a card: {text} (expected rank A,2-10,J,Q,K + suit "
                                       "C,D,H,S)", text=repr(text)))
        return card

    @property
    def rank_text(self) -> str:
        return RANKS[self.rank - 1]

    def name(self) -> str:
        """Words a player reads: 'Ten of Diamonds'."""
        rank = RANK_NAMES[self.rank_text]
        rank = "Ten" if rank == "10" else rank
        return f"{rank} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return f"{self.rank_text}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52 cards in index order; ``DECK[card.index] is card``."""

_BY_TEXT: dict[str, Card] = {}
"""Each card by its text (``10D``, and ``TD`` for a ten): what ``Card.parse`` looks up."""
for _card in DECK:
    _BY_TEXT[str(_card)] = _card
    if _card.rank == 10:
        _BY_TEXT["T" + _card.suit] = _card
del _card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; ``-`` or empty text is no cards."""
    tokens = text.replace(",", " ").split()
    if tokens == ["-"]:
        return ()
    return tuple(Card.parse(token) for token in tokens)


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as ``AS 10D``; ``-`` for none."""
    return " ".join(str(c) for c in cards) if cards else "-"
