"""Applying a move: the one place that makes the next state (``play`` checks first).

Items of a move are found on the table by identity (moves hold the table's own objects),
falling back to equality for a move made by hand from equal cards and piles.
"""

from __future__ import annotations

from casino.engine.cards import Card
from casino.engine.generate import STYLES
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.state import Pile, PileKind, State, TableItem, deal_next, fast_state


def _positions(table: tuple[TableItem, ...], items: tuple[TableItem, ...]) -> list[int]:
    """Where each of ``items`` stands on ``table``."""
    if len(items) == 1:
        item = items[0]
        for n, it in enumerate(table):
            if it is item:
                return [n]
        return [table.index(item)]
    at = {id(it): n for n, it in enumerate(table)}
    out = []
    for item in items:
        found = at.get(id(item))
        out.append(table.index(item) if found is None else found)
    return out


def after_move(state: State, move: Move) -> State:
    """The state right after ``move`` (which must be legal) is played, the turn passed on:
    no card drawn or dealt yet and a finished round's table not yet collected. The AI
    probes the table a move leaves with it; ``apply`` goes on from it."""
    return _played(state, move, False)


def _played(state: State, move: Move, draw: bool) -> State:
    """``after_move``; with ``draw``, the player has also drawn back to the ruleset's
    ``draw_to`` from the stock (Draw Casino): ``apply`` makes one state a move, not two."""
    rs = state.ruleset
    p = state.to_move
    card = move.card
    hands = list(state.hands)
    hand = hands[p]
    i = 0
    for c in hand:  # by identity first: comparing cards calls their __eq__
        if c is card:
            break
        i += 1
    else:
        i = hand.index(card)  # a move made by hand from an equal copy of the card
    hands[p] = hand[:i] + hand[i + 1:]
    table = state.table
    captures = state.captures
    sweeps = state.sweeps
    last_taker = state.last_taker
    built = False
    kind = type(move)
    if kind is Trail:
        if rs.table_spaces is not None and len(table) >= rs.table_spaces:
            captures = _add(captures, p, (card,))  # munter: no free space
        else:
            table = (*table, card)
    elif kind is Capture:
        items = move.items  # type: ignore[union-attr]
        ids = {id(it) for it in items}
        rest = [it for it in table if id(it) not in ids]
        if len(rest) + len(items) != len(table):  # a move made by hand from equal copies
            drop = set(_positions(table, items))
            rest = [it for i, it in enumerate(table) if i not in drop]
        table = tuple(rest)
        taken = [card]
        for item in items:
            if type(item) is Card:
                taken.append(item)
            else:
                taken += item.cards  # type: ignore[union-attr]
        captures = _add(captures, p, tuple(taken))
        last_taker = p
        if not table:
            swept = list(sweeps)
            swept[p] += 1
            sweeps = tuple(swept)
    elif kind is Build:
        assert isinstance(move, Build)
        at = _positions(table, move.items)
        cards: list[Card] = []
        for item in move.items:
            if type(item) is Card:
                cards.append(item)
            else:
                cards += item.cards  # type: ignore[union-attr]
        cards.append(card)
        pile = Pile(STYLES[rs.build.style].pile, move.value, tuple(cards), p, move.sets)
        first = min(at)
        drop = set(at)
        rest = [it for i, it in enumerate(table) if i not in drop]
        rest.insert(first, pile)
        table = tuple(rest)
        built = True
    else:
        assert isinstance(move, Block)
        item = move.item
        where = _positions(table, (item,))[0]
        cards_on = (item,) if type(item) is Card else item.cards  # type: ignore[union-attr]
        block = Pile(PileKind.BLOCK, move.value, (*cards_on, card), p)
        table = (*table[:where], block, *table[where + 1:])
        built = True
    must = state.must_capture or (False,) * len(hands)
    # Kasino's duty to capture lasts one turn: kept, or lapsed when nothing could be taken.
    flag = built and rs.obligations.capture_after_build
    if must[p] != flag:
        flags = list(must)
        flags[p] = flag
        must = tuple(flags)
    stock = state.stock
    draw_to = rs.deal.draw_to
    if draw and draw_to and stock and len(hands[p]) < draw_to:
        need = min(draw_to - len(hands[p]), len(stock))
        hands[p] += stock[:need]
        stock = stock[need:]
    return fast_state(
        rs, state.dealer, (p + 1) % len(hands), tuple(hands), table, stock,
        captures, sweeps, last_taker, must, state.deal_number, state.teams,
    )


def apply(state: State, move: Move) -> State:
    """The state after ``move``, which must be legal (``play`` checks; search trusts): the
    player draws (Draw Casino), the next hands are dealt or the round ends."""
    new = _played(state, move, True)
    if not any(new.hands):
        new = deal_next(new) if new.stock else _end_round(new)
    return new


def play_in_deal(state: State, move: Move) -> State:
    """``apply``, but a deal's last move (not the round's) stops before the next hands are
    dealt, every hand empty: for a search that ends at the deal's end and reads only the
    capture piles, sweeps and last taker, which dealing leaves alone (and dealing costs as
    much as a ply)."""
    if state.stock and not state.ruleset.deal.draw_to and sum(map(len, state.hands)) == 1:
        return after_move(state, move)
    return apply(state, move)


def _add(
    captures: tuple[tuple[Card, ...], ...], p: int, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    piles = list(captures)
    piles[p] = piles[p] + cards
    return tuple(piles)


def _end_round(state: State) -> State:
    """The last taker collects what is left on the table; that is not a sweep."""
    if state.last_taker is None or not state.table:
        return state
    left: list[Card] = []
    for item in state.table:
        left += (item,) if type(item) is Card else item.cards  # type: ignore[union-attr]
    return fast_state(
        state.ruleset, state.dealer, state.to_move, state.hands, (), state.stock,
        _add(state.captures, state.last_taker, tuple(left)), state.sweeps, state.last_taker,
        state.must_capture, state.deal_number, state.teams,
    )
