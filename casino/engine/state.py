"""The frozen round state, table piles, the deal, and the per-player view.

A ``State`` is one round in progress. It never changes: ``rules.apply`` returns a new
one, so undo and search keep old states. Dealing is explicit: ``deal_round`` takes the
deck order, so tests can deal exactly the cards they want; ``shuffled_deck`` makes that
order from a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields
from enum import Enum
from operator import attrgetter
from typing import NamedTuple

from casino.engine.cards import DECK, Card
from casino.engine.ruleset import Ruleset


class PileKind(Enum):
    BUILD = "build"
    BLOCK = "block"  # munter: cards of one value, taken only by that value
    STACK = "stack"  # casino33: a two-card stack


@dataclass(frozen=True, slots=True)
class Pile:
    """Cards on the table that are taken only whole, by a card of ``value``.

    ``sets`` counts the groups of value ``value`` in a build: 1 is a single build (it may be
    raised), 2 or more a multiple build (its value is fixed). ``owner`` is the seat that
    last added to it: the obligations of the ruleset follow it.
    """

    kind: PileKind
    value: int
    cards: tuple[Card, ...]
    owner: int
    sets: int = 1

    @property
    def multiple(self) -> bool:
        return self.sets > 1

    def __reduce__(self) -> tuple[type[Pile], tuple[PileKind, int, tuple[Card, ...], int, int]]:
        # Pickled as a call, as ``Card`` is (compiled, the default way is refused).
        return Pile, (self.kind, self.value, self.cards, self.owner, self.sets)


TableItem = Card | Pile


def item_cards(item: TableItem) -> tuple[Card, ...]:
    return item.cards if isinstance(item, Pile) else (item,)


@dataclass(frozen=True, slots=True)
class State:
    """One round: hands, table, stock, capture piles and whose turn it is.

    ``stock`` is in deal order (its first card is dealt next). ``must_capture`` holds
    kasino's "you built last turn, now capture" flag per seat. ``teams`` is the game's
    choice for four players where the ruleset allows partnerships: two teams (partners
    opposite) or each alone; None plays as the ruleset has it.
    """

    ruleset: Ruleset = field(compare=False, repr=False)
    dealer: int
    to_move: int
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[TableItem, ...]
    stock: tuple[Card, ...]
    captures: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    last_taker: int | None = None
    must_capture: tuple[bool, ...] = ()
    deal_number: int = 1
    teams: bool | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    def is_over(self) -> bool:
        """The round has ended: every card dealt and played, the table collected."""
        return not self.stock and not any(self.hands)

    def is_last_deal(self) -> bool:
        return not self.stock

    def side_of(self, player: int) -> int:
        """The scoring side of a seat: its team in a partnership game, else itself."""
        return player % 2 if self.partnership else player

    def partner_of(self, player: int) -> int | None:
        """The seat opposite ``player`` in a four-player partnership game, else None."""
        return (player + 2) % 4 if self.partnership else None

    @property
    def partnership(self) -> bool:
        return is_partnership(self.ruleset, self.players, self.teams)

    @property
    def sides(self) -> int:
        return 2 if self.partnership else self.players

    def view_for(self, player: int, totals: tuple[int, ...] = ()) -> PlayerView:
        """What ``player`` may know: own hand, public table and piles, counts of the rest;
        ``totals`` are the game points per side from the rounds before (see ``Game``)."""
        # ``PlayerView(self.ruleset, player, ...)`` in one C call (every computer move asks
        # for a view); the hand counts written out for the common seatings.
        hands = self.hands
        if len(hands) == 2:
            counts: tuple[int, ...] = (len(hands[0]), len(hands[1]))
        elif len(hands) == 4:
            counts = (len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3]))
        else:
            counts = tuple(map(len, hands))
        return _tuple_new(PlayerView, (
            self.ruleset, player, self.dealer, self.to_move, hands[player], counts, self.table,
            len(self.stock), self.captures, self.sweeps, self.last_taker, self.must_capture,
            self.deal_number, totals, self.teams))

    def __reduce__(self) -> tuple[type[State], tuple[object, ...]]:
        # Pickled as a call, as ``Card`` is (compiled, the default way is refused).
        return State, tuple(getattr(self, name) for name in _FIELDS)

    def all_cards(self) -> list[Card]:
        """Every card in every place, for the invariant that there are exactly 52."""
        out: list[Card] = list(self.stock)
        for hand in self.hands:
            out.extend(hand)
        for item in self.table:
            out.extend(item_cards(item))
        for pile in self.captures:
            out.extend(pile)
        return out


_FIELDS = ("ruleset", "dealer", "to_move", "hands", "table", "stock", "captures", "sweeps",
           "last_taker", "must_capture", "deal_number", "teams")
assert tuple(f.name for f in fields(State)) == _FIELDS, "fast_state must set every field"
(_ruleset, _dealer, _to_move, _hands, _table, _stock, _captures, _sweeps, _last_taker,
 _must_capture, _deal_number, _teams) = (vars(State)[name].__set__ for name in _FIELDS)
_new_state = State.__new__  # object.__new__; compiled (mypyc), the native class's own


def fast_state(
    ruleset: Ruleset, dealer: int, to_move: int, hands: tuple[tuple[Card, ...], ...],
    table: tuple[TableItem, ...], stock: tuple[Card, ...],
    captures: tuple[tuple[Card, ...], ...], sweeps: tuple[int, ...], last_taker: int | None,
    must_capture: tuple[bool, ...], deal_number: int, teams: bool | None,
) -> State:
    """``State(...)`` without the frozen dataclass ``__init__``, which sets each field through
    ``object.__setattr__`` and costs half of a trail's ``apply``: the same value, made by
    setting the slots directly, for the engine's hot path (every field, in order)."""
    state: State = _new_state(State)
    _ruleset(state, ruleset)
    _dealer(state, dealer)
    _to_move(state, to_move)
    _hands(state, hands)
    _table(state, table)
    _stock(state, stock)
    _captures(state, captures)
    _sweeps(state, sweeps)
    _last_taker(state, last_taker)
    _must_capture(state, must_capture)
    _deal_number(state, deal_number)
    _teams(state, teams)
    return state


class PlayerView(NamedTuple):
    """A seat's information state: the AI and the UI are handed only this.

    A named tuple, not a dataclass: a computer player asks for one every move, and a tuple is
    made in one call where a frozen dataclass sets its fields one by one (five times the
    cost). Two views are equal when all but the ruleset are (as ``State``'s equality)."""

    ruleset: Ruleset
    player: int
    dealer: int
    to_move: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    table: tuple[TableItem, ...]
    stock_count: int
    captures: tuple[tuple[Card, ...], ...]
    sweeps: tuple[int, ...]
    last_taker: int | None
    must_capture: tuple[bool, ...]
    deal_number: int
    totals: tuple[int, ...] = ()
    """Game points per side from the rounds before this one (public; empty if unknown)."""
    teams: bool | None = None
    """As ``State.teams``: four players as two teams, or each alone (public)."""

    def __eq__(self, other: object) -> bool:
        # Never equal to a plain tuple (whose own comparison would say yes).
        return type(other) is PlayerView and self[1:] == other[1:]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[1:])

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}" for name, value in
                           zip(self._fields[1:], self[1:], strict=True))
        return f"PlayerView({fields})"

    @property
    def players(self) -> int:
        return len(self.hand_counts)

    @property
    def partnership(self) -> bool:
        return is_partnership(self.ruleset, self.players, self.teams)

    def side_of(self, player: int) -> int:
        """The scoring side of a seat: its team in a partnership game, else itself."""
        return player % 2 if self.partnership else player

    def partner_of(self, player: int) -> int | None:
        """The seat opposite ``player`` in a four-player partnership game, else None."""
        return (player + 2) % 4 if self.partnership else None

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: in other hands or the stock, in deck order."""
        seen = {c.index for c in self.hand}
        for item in self.table:
            seen.update(c.index for c in item_cards(item))
        for pile in self.captures:
            seen.update(c.index for c in pile)
        return tuple(c for c in DECK if c.index not in seen)

    def is_last_deal(self) -> bool:
        return self.stock_count == 0


_tuple_new = tuple.__new__


def is_partnership(ruleset: Ruleset, players: int, teams: bool | None = None) -> bool:
    """Four players as two teams: as chosen (``teams``), else as the ruleset has it."""
    if players != 4:
        return False
    return ruleset.partnerships if teams is None else teams


_index = attrgetter("index")
_EVERY_INDEX = set(range(52))
_SWAPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))


def shuffled_deck(seed: int | str) -> tuple[Card, ...]:
    """The deck order for a seed: the only randomness in the engine.

    ``random.Random(seed).shuffle`` written out (from the top down, each place drawn by
    rejection on ``getrandbits`` as its ``_randbelow`` does): the same order, at a third of
    the cost of a call per card; a test pins it to ``shuffle``."""
    deck = list(DECK)
    bits = random.Random(seed).getrandbits
    for i, n, k in _SWAPS:
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _deal_hands(
    deck: tuple[Card, ...], players: int, first: int, size: int, packet: int,
    table_packets: int = 0, interleave: bool = True,
) -> tuple[list[list[Card]], list[Card], tuple[Card, ...]]:
    """Deal ``size`` cards to each seat from ``first`` on, ``packet`` at a time, from the top
    of ``deck``; returns the hands, the table cards and the rest of the deck."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    table: list[Card] = []
    order = [(first + i) % players for i in range(players)]
    top = 0
    dealt = 0
    while dealt < size:
        n = min(packet, size - dealt)
        for i, seat in enumerate(order):
            hands[seat] += deck[top:top + n]
            top += n
            if interleave and i == 0 and len(table) < table_packets:
                k = min(n, table_packets - len(table))
                table += deck[top:top + k]
                top += k
        dealt += n
    if len(table) < table_packets:
        k = table_packets - len(table)
        table += deck[top:top + k]
        top += k
    return hands, table, deck[top:]


def deal_round(ruleset: Ruleset, players: int, dealer: int, deck: tuple[Card, ...],
               teams: bool | None = None) -> State:
    """Start a round from a given deck order: first hands and table cards dealt.

    ``teams`` chooses two teams or each alone for four players where the ruleset allows
    partnerships; None plays as the ruleset has it."""
    if players not in ruleset.players:
        raise ValueError(f"{ruleset.name} is played by {ruleset.players} players, not {players}")
    if teams and (players != 4 or not ruleset.partnerships):
        raise ValueError(f"{ruleset.name} with {players} players has no teams")
    if len(deck) != 52 or set(map(_index, deck)) != _EVERY_INDEX:
        raise ValueError("a deck must hold each of the 52 cards once")
    d = ruleset.deal
    hands, table, rest = _deal_hands(
        tuple(deck), players, (dealer + 1) % players, d.first_hand, d.packet, d.table,
        d.table_interleaved,
    )
    return State(
        ruleset=ruleset,
        dealer=dealer,
        to_move=(dealer + 1) % players,
        hands=tuple(tuple(h) for h in hands),
        table=tuple(table),
        stock=rest,
        captures=tuple(() for _ in range(players)),
        sweeps=(0,) * players,
        must_capture=(False,) * players,
        teams=teams,
    )


def deals_in_round(ruleset: Ruleset, players: int) -> int:
    """How many times hands are dealt in a round: one where players draw after each play."""
    d = ruleset.deal
    if d.draw_to:
        return 1
    left = 52 - d.table - d.first_hand * players
    deals = 1
    while left // players:  # as ``deal_next`` deals: full hands, then what is left
        left -= min(d.hand, left // players) * players
        deals += 1
    return deals


def deal_next(state: State) -> State:
    """Deal the next hands from the stock (every hand is empty)."""
    d = state.ruleset.deal
    size = min(d.hand, len(state.stock) // state.players)
    hands, _, rest = _deal_hands(
        state.stock, state.players, (state.dealer + 1) % state.players, size, d.packet)
    return fast_state(
        state.ruleset, state.dealer, state.to_move, tuple(tuple(h) for h in hands),
        state.table, rest, state.captures, state.sweeps, state.last_taker,
        state.must_capture, state.deal_number + 1, state.teams,
    )
