"""Casino 33's rating points (seed 003), tallied per round from the moves played.

Seed 003: "One Rating point is achieved for each of the following actions: Winning an Ace;
Winning the Ten of Diamonds; For every 2 cards over the majority of spades that is won; For
every 3 cards over the majority of cards that are won; For every Ace Stack that is made; For
every card over 3 cards in a stack of 4 or more just won; For clearing the board after the
board had 5 or more cards on it." Interpretations: the majorities are 7 spades and 27
cards; a "stack just won" is all the cards of one take, the played card included.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from casino.engine.cards import Card
from casino.engine.generate import _Table
from casino.engine.moves import Build, Capture, Move
from casino.engine.record import GameRecord, RulesetLoader
from casino.engine.rules import apply
from casino.engine.state import State, item_cards

TEN_OF_DIAMONDS = Card.parse("10D")


def _ace_stacks_in_capture(state: State, move: Capture) -> int:
    """How many Ace Stacks (three-card groups with an Ace) the capture's best grouping has."""
    t = _Table(state.ruleset, state.table)
    target = sum(1 << state.table.index(item) for item in move.items)
    groups = [g for g in t.stack_groups(move.value) if not g & ~target]

    def best(rest: int) -> int:
        if not rest:
            return 0
        low = rest & -rest
        found = -1
        for g in groups:
            if g & low and not g & ~rest:
                sub = best(rest & ~g)
                if sub >= 0:
                    found = max(found, sub + (bin(g).count("1") == 3
                                              or _is_stack_plus_ace(state, g)))
        return found

    return max(best(target), 0)


def _is_stack_plus_ace(state: State, mask: int) -> bool:
    items = [state.table[i] for i in range(len(state.table)) if mask >> i & 1]
    return len(items) == 2 and any(not isinstance(i, Card) for i in items)


def rate_round(start: State, moves: Iterable[Move]) -> tuple[int, ...]:
    """Rating points per seat for one round played from ``start`` by ``moves``."""
    points = [0] * start.players
    state = start
    for move in moves:
        points[state.to_move] += _move_points(state, move)
        state = apply(state, move)
    return _with_piles(points, state)


def rate_record(record: GameRecord, load_ruleset: RulesetLoader) -> tuple[int, ...]:
    """Rating points per seat for a whole game record, as its checked replay plays it."""
    points = [0] * len(record.players)
    for ply in record.plies(load_ruleset):
        points[ply.seat] += _move_points(ply.before.round, ply.move)
        if ply.after.round.is_over():
            points = list(_with_piles(points, ply.after.round))
    return tuple(points)


def _move_points(state: State, move: Move) -> int:
    """The points the player to move earns by ``move`` itself."""
    if isinstance(move, Build) and 1 + sum(len(item_cards(i)) for i in move.items) == 3:
        return 1  # a three-card Hand Stack is an Ace Stack
    if not isinstance(move, Capture):
        return 0
    taken = 1 + sum(len(item_cards(i)) for i in move.items)
    on_table = sum(len(item_cards(i)) for i in state.table)
    cleared = int(len(move.items) == len(state.table) and on_table >= 5)
    return _ace_stacks_in_capture(state, move) + max(0, taken - 3) + cleared


def _with_piles(points: Sequence[int], end: State) -> tuple[int, ...]:
    """``points`` plus what each seat's capture pile earns at the end of a round."""
    out = list(points)
    for p, pile in enumerate(end.captures):
        out[p] += sum(c.rank == 1 for c in pile) + (TEN_OF_DIAMONDS in pile)
        spades = sum(c.suit == "S" for c in pile)
        out[p] += max(0, spades - 7) // 2 + max(0, len(pile) - 27) // 3
    return tuple(out)
