"""The generator's shared work on crowded tables lists what working each part alone lists.

A value with many groups (``generate._SHARED`` or more) takes its captures' unions from the
ones a build of that value gathers; with sharing turned off the same listing, in the same
order, naming the same table objects, must come out, on every bundled ruleset, with and
without a build of the hand's values on the table, with Aces (two values in some rulesets).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from casino.engine import Game, Pile, PileKind, legal_moves, load_ruleset
from casino.engine import generate as gen
from casino.engine.cards import DECK, Card
from casino.engine.moves import Move
from casino.engine.ruleset import bundled_names
from casino.engine.state import State


def crowded(name: str, count: int) -> list[State]:
    """Tables of 8-12 low cards (many sets of each hand value), a hand of four higher cards,
    a build of one of them on every other table."""
    rs = load_ruleset(name)
    rng = random.Random(f"crowded {name}")
    start = Game.start(rs, 2, seed=0).round
    out = []
    for n in range(count):
        low = [c for c in DECK if c.rank <= 6]
        rng.shuffle(low)
        table: list[Card | Pile] = list(low[:rng.randint(8, 12)])
        rest = [c for c in DECK if c not in table]
        hand = tuple(rng.sample([c for c in rest if 7 <= c.rank <= 10], 4))
        if n % 2:
            value = rng.choice(hand).rank
            a, b = next((a, b) for a in low[12:] for b in low[12:]
                        if a.rank + b.rank == value and a is not b)
            kind = PileKind.STACK if rs.build.style == "stacks" else PileKind.BUILD
            table.insert(rng.randint(0, len(table)), Pile(kind, value, (a, b), rng.randint(0, 1)))
        hands = (hand, ()) if start.to_move == 0 else ((), hand)
        out.append(replace(start, hands=hands, table=tuple(table)))
    return out


def listing(state: State) -> list[tuple[Move, tuple[int, ...]]]:
    """The moves of a fresh table object (no analysis kept from before), each with the ids
    of the table objects it names."""
    fresh = replace(state, table=tuple(list(state.table)))
    return [(m, tuple(id(i) for i in getattr(m, "items", (getattr(m, "item", None),))))
            for m in legal_moves(fresh)]


@pytest.mark.parametrize("name", bundled_names())
def test_shared_unions_list_what_unions_worked_out_alone_list(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    positions = crowded(name, 12)
    shared = [listing(s) for s in positions]
    monkeypatch.setattr(gen, "_SHARED", 1 << 30)
    alone = [listing(s) for s in positions]
    assert shared == alone
    # The positions do reach the shared path: some value has that many loose sets.
    rs = load_ruleset(name)
    many = 0
    for s in positions:
        t = gen._Table(rs, s.table, None, rs.highest_value)
        many += any(len(ms) >= 6 for ms in t.loose_sums.values())
    assert many >= 6
