"""The rules' public face: the legal moves, whether one move is legal, playing it.

``legal_moves`` is the single authoritative generator and lists every legal move, however
many: the card rules (``generate``) filtered by the duties of owning a build
(``obligations``). ``is_legal`` (and so ``play``) decides one move without listing: a
capture by splitting its items into groups of its value. ``find_moves`` turns a click
selection into the legal moves it can mean; ``apply`` (``transition``) makes the next
state; ``explain`` (``reasons``) says why a move is refused. Variant differences are
ruleset fields, read in those modules and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable

from casino.engine.cards import Card
from casino.engine.errors import IllegalMoveError
from casino.engine.generate import (
    Position,
    capture_allowed,
    generate,
    hand_to_move,
    must_capture,
    partner_of,
)
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.obligations import binds, breaks_obligation, obliged, owned
from casino.engine.reasons import explain, move_items, selection_key, selection_reason, takers
from casino.engine.ruleset import Ruleset
from casino.engine.state import Pile, State, TableItem, is_partnership
from casino.engine.transition import apply

__all__ = [
    "Position", "apply", "explain", "find_moves", "is_legal", "legal_moves", "play", "takers",
    "was_listed",
]

_generate = generate  # the card rules before obligations (tests cross-check it)


_last_listing: tuple[Ruleset, tuple[Card, ...], tuple[TableItem, ...], tuple[int, int | None,
                    bool], list[Move], Position] | None = None
"""The last listing, what it was made from and the position listed: a player's view and the
state it came from share the hand and table objects, so a state's moves checked after its
view's are listed once (``casino-cli simulate`` checks every computer move this way)."""


def _whose(pos: Position) -> tuple[tuple[Card, ...], tuple[int, int | None, bool]] | None:
    """The hand a listing of ``pos`` is made from and the rest of its key beside the ruleset
    and table (the mover, their partner, whether they must capture); None for a view of a
    player not to move. ``partner_of`` and ``hand_to_move`` written out: this runs on every
    ply of every search."""
    p = pos.to_move
    if type(pos) is State:
        hand = pos.hands[p]
        players = len(pos.hands)
    else:
        if pos.player != p:  # type: ignore[union-attr]
            return None
        hand = pos.hand  # type: ignore[union-attr]
        players = len(pos.hand_counts)  # type: ignore[union-attr]
    partner = (p + 2) % 4 if players == 4 and is_partnership(pos.ruleset, 4, pos.teams) else None
    return hand, (p, partner, bool(pos.must_capture) and pos.must_capture[p])


def legal_moves(pos: Position) -> list[Move]:
    """Every legal move of the player to move, deduplicated, in a stable order."""
    global _last_listing
    whose = _whose(pos)
    if whose is None or not whose[0]:
        return []
    hand, key = whose
    rs = pos.ruleset
    table = pos.table
    last = _last_listing
    if (last is not None and last[2] is table and last[1] is hand and last[0] is rs
            and last[3] == key):
        return list(last[4])
    p, partner, must = key
    loose = Pile not in map(type, table)
    moves = generate(rs, p, hand, table, partner, loose=loose)
    # A table of loose cards holds no build of the player's to attend to (most turns).
    if (must or not loose) and binds(rs, must):
        moves = obliged(rs, p, hand, table, must, moves)
    _last_listing = (rs, hand, table, key, moves, pos)
    return list(moves)


def was_listed(pos: Position, move: Move) -> bool:
    """Whether the last ``legal_moves`` listing of this position's player holds ``move``
    itself (the very object, not an equal one).

    A computer player chooses from the listing its view made; the state it came from shares
    the view's hand and table, so the chosen move is checked legal without listing again or
    comparing moves (``casino-cli simulate`` checks every move). False says nothing: a move
    made some other way is decided by ``is_legal`` or looked up in ``legal_moves``.
    """
    last = _last_listing
    if last is None:
        return False
    if last[5] is not pos:  # not the very position listed: one with the same listing?
        whose = _whose(pos)
        if (whose is None or last[1] is not whose[0] or last[2] is not pos.table
                or last[0] is not pos.ruleset or last[3] != whose[1]):
            return False
    for listed in last[4]:  # noqa: SIM110 (a loop: ``any(...)`` costs more on a short list)
        if listed is move:
            return True
    return False


def is_legal(pos: Position, move: Move) -> bool:
    """Whether ``move`` is one of ``legal_moves(pos)``, decided for this move alone.

    A capture is checked by splitting its items into groups of its value, never by looking
    it up in the listing, whose length grows exponentially with the loose cards (issue 20).
    A move taken from the position's last listing is legal as it stands (``was_listed``).
    """
    if was_listed(pos, move):
        return True
    hand = hand_to_move(pos)
    if move.card not in hand:
        return False
    table = pos.table
    found = _on_table(table, move)
    if found is None:
        return False
    move = found
    rs = pos.ruleset
    if isinstance(move, Capture):
        if not capture_allowed(rs, table, move):
            return False
    elif not isinstance(move, Trail) and move not in generate(
            rs, pos.to_move, hand, table, partner_of(pos), only=move.card):
        return False
    must = must_capture(pos)
    if not binds(rs, must):
        return True
    piles = owned(table, pos.to_move)
    if breaks_obligation(rs, hand, piles, must, move) is None:
        return True
    # An obligation nobody can meet lapses (see ``obligations.obliged``).
    return not any(
        breaks_obligation(rs, hand, piles, must, m) is None
        for m in generate(rs, pos.to_move, hand, table, partner_of(pos))
    )


def _on_table(table: tuple[TableItem, ...], move: Move) -> Move | None:
    """``move`` naming the table's own objects (a move made by hand may hold equal copies),
    or None when one of its items is not on the table."""
    items = move_items(move)
    if all(any(it is item for it in table) for item in items):
        return move
    own: list[TableItem] = []
    for item in items:
        match = next((it for it in table if it == item), None)
        if match is None:
            return None
        own.append(match)
    if isinstance(move, Block):
        return move._replace(item=own[0])
    assert isinstance(move, Capture | Build)
    return move._replace(items=tuple(own))


def play(state: State, move: Move) -> State:
    """Apply ``move`` if it is legal; else raise IllegalMoveError saying why (state unchanged)."""
    if is_legal(state, move):
        return apply(state, move)
    raise IllegalMoveError(explain(state, move))


def find_moves(pos: Position, card: Card, selection: Iterable[TableItem]) -> list[Move]:
    """The legal moves a click selection can mean: ``card`` played onto exactly ``selection``.

    An empty selection means trailing. Raises IllegalMoveError with the reason when the
    selection means no legal move; several moves mean the UI should offer a choice. The
    moves come in ``legal_moves`` order.
    """
    chosen = list(selection)
    key = selection_key(chosen)
    hand = hand_to_move(pos)
    found: list[Move] = []
    if card in hand:
        table = pos.table
        candidates: list[Move] = []
        if not key:
            candidates.append(Trail(card))
        else:
            at = [i for i, it in enumerate(table) if selection_key([it]) <= key]
            items = tuple(table[i] for i in at)
            if selection_key(list(items)) == key:
                rs = pos.ruleset
                values = rs.card_value_table[card.index]
                candidates += [Capture(card, v, items) for v in values]
                if rs.capture.sweep_card == str(card):
                    candidates.append(Capture(card, values[0], items))
                candidates += [
                    m for m in generate(rs, pos.to_move, hand, table, partner_of(pos), card)
                    if isinstance(m, Build | Block) and selection_key(list(move_items(m))) == key
                ]
        found = [m for m in dict.fromkeys(candidates) if is_legal(pos, m)]
        found.sort(key=lambda m: not isinstance(m, Capture))  # captures first, as generated
    if found:
        return found
    raise IllegalMoveError(selection_reason(pos, card, chosen))
