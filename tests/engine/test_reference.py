"""The capture generator against a brute-force reference written straight from docs/RULES.md.

For every subset of the table and every value of the hand card, the reference decides
whether the subset splits into groups the card may take; the engine's generator must list
exactly those captures. Positions come from seeded random play in every sum-style ruleset.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

import pytest

from casino.engine import Capture, Card, Game, Pile, PileKind, Ruleset, legal_moves, load_ruleset
from casino.engine.rules import _generate, apply
from casino.engine.state import State, TableItem


def group_ok(rs: Ruleset, v: int, group: tuple[TableItem, ...]) -> bool:
    """One group a card of value ``v`` takes (seed 004 pairs and sums; seed 000 builds in sums)."""
    if len(group) == 1:
        item = group[0]
        if isinstance(item, Pile):
            return item.kind is not PileKind.STACK and item.value == v
        return item.rank_text not in rs.pair_only and v in rs.values_of(item)
    if any(isinstance(i, Pile) and (i.kind is not PileKind.BUILD or not
                                    rs.capture.builds_in_sums) for i in group):
        return False
    if any(isinstance(i, Card) and i.rank_text in rs.pair_only for i in group):
        return False
    totals = {0}
    for item in group:
        values = (item.value,) if isinstance(item, Pile) else rs.values_of(item)
        totals = {t + x for t in totals for x in values}
    return v in totals


@dataclass
class Memo:
    """The answers of ``group_ok`` and ``splits`` for one table, by value and items: the
    subsets of a 9-card table meet the same groups and rests thousands of times, and asking
    again was most of the reference's time (not what it checks)."""

    groups: dict[tuple[int, tuple[TableItem, ...]], bool] = field(default_factory=dict)
    splits: dict[tuple[int, tuple[TableItem, ...]], bool] = field(default_factory=dict)


def splits(rs: Ruleset, v: int, items: tuple[TableItem, ...], memo: Memo) -> bool:
    """``items`` split into groups a card of value ``v`` takes."""
    if not items:
        return True
    known = memo.splits.get((v, items))
    if known is not None:
        return known
    first, rest = items[0], items[1:]
    found = False
    for k in range(len(rest) + 1):
        for others in combinations(rest, k):
            group = (first, *others)
            ok = memo.groups.get((v, group))
            if ok is None:
                ok = memo.groups[v, group] = group_ok(rs, v, group)
            if ok:
                left = tuple(i for i in rest if i not in others)
                if splits(rs, v, left, memo):
                    found = True
                    break
        if found:
            break
    memo.splits[v, items] = found
    return found


def block_ok(v: int, items: tuple[TableItem, ...]) -> bool:
    """Seed 000: a block goes only with cards and blocks of its own value."""
    blocks = [i for i in items if isinstance(i, Pile) and i.kind is PileKind.BLOCK]
    if not blocks:
        return True
    return all(
        (isinstance(i, Pile) and i.kind is PileKind.BLOCK and i.value == v)
        or (isinstance(i, Card)) for i in items
    )


def reference_captures(state: State) -> set[tuple[Card, frozenset[int]]]:
    rs = state.ruleset
    hand = state.hands[state.to_move]
    out = set()
    table = state.table
    memo = Memo()
    for h in hand:
        for size in range(1, len(table) + 1):
            for chosen in combinations(range(len(table)), size):
                items = tuple(table[i] for i in chosen)
                if h.rank_text in rs.pair_only:
                    ok = size == 1 and isinstance(items[0], Card) and items[0].rank == h.rank
                else:
                    has_block = any(isinstance(i, Pile) and i.kind is PileKind.BLOCK
                                    for i in items)
                    ok = any(
                        splits(rs, v, items, memo) if not has_block else (
                            block_ok(v, items) and all(
                                (isinstance(i, Pile) and i.value == v)
                                or (isinstance(i, Card) and v in rs.values_of(i))
                                for i in items))
                        for v in rs.values_of(h)
                    )
                    if rs.capture.sweep_card == str(h) and size == len(table):
                        ok = True
                if ok:
                    out.add((h, frozenset(chosen)))
    return out


def engine_captures(state: State) -> set[tuple[Card, frozenset[int]]]:
    moves = _generate(state.ruleset, state.to_move, state.hands[state.to_move], state.table)
    return {
        (m.card, frozenset(state.table.index(i) for i in m.items))
        for m in moves if isinstance(m, Capture)
    }


SUM_STYLE = ["classic", "royal", "spitenet", "munter", "kasino"]


def compare_with_reference(name: str, limit: int) -> int:
    """Compare up to ``limit`` positions from seeded random play; the number compared."""
    rs = load_ruleset(name)
    rng = random.Random(name)
    checked = 0
    for seed in range(25):
        state = Game.start(rs, 2, seed).round
        while not state.is_over() and checked < limit:
            if len(state.table) <= 9:
                assert engine_captures(state) == reference_captures(state), state
                checked += 1
            state = apply(state, rng.choice(legal_moves(state)))
    return checked


@pytest.mark.parametrize("name", SUM_STYLE)
def test_captures_match_the_brute_force_reference(name: str) -> None:
    assert compare_with_reference(name, 120) >= 100


@pytest.mark.slow
@pytest.mark.parametrize("name", SUM_STYLE)
def test_captures_match_the_brute_force_reference_long(name: str) -> None:
    assert compare_with_reference(name, 400) >= 300
