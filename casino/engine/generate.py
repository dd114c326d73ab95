"""Move generation by the card rules, before the obligations of owning a build.

One table analysis (``_Table``) is made per position and shared by every hand card: table
items are bits of an int mask, the subset sums of the loose cards are listed once, and
every union, set and item tuple is kept by its mask. What differs between the ruleset
``build.style`` values is one small table of functions (``STYLES``). The order of the
moves is fixed: per hand card, captures (by mask), builds, blocks, then the trail.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from operator import itemgetter
from typing import NamedTuple

from casino.engine.cards import DECK, Card
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.ruleset import Ruleset
from casino.engine.state import Pile, PileKind, PlayerView, State, TableItem

Position = State | PlayerView

_BUILD = PileKind.BUILD
_BLOCK = PileKind.BLOCK
_new = tuple.__new__  # a move made straight from its fields, as NamedTuple.__new__ does
_NONE: list[int] = []  # no sets (shared: never changed)
_FREE = (0, 0)  # no standing build to join: (mask, sets)
_NO_PILES: list[tuple[int, int]] = []  # no build to raise (shared: never changed)
_NO_ITEMS: list[tuple[TableItem, ...]] = []  # no captures (shared: never changed)


class _Getters(dict[int, Callable[[tuple[TableItem, ...]], tuple[TableItem, ...]]]):
    """mask -> a function picking the items of that mask from a table, in table order (a C
    ``itemgetter``; one item is a slice, so every getter returns a tuple)."""

    def __missing__(
        self, mask: int
    ) -> Callable[[tuple[TableItem, ...]], tuple[TableItem, ...]]:
        at = [i for i in range(mask.bit_length()) if mask >> i & 1]
        got = itemgetter(*at) if len(at) > 1 else itemgetter(slice(at[0], at[0] + 1))
        if len(self) >= _PICKS_KEPT:
            self.clear()  # a long run over huge tables must not grow this without end
        self[mask] = got
        return got


_PICKS_KEPT = 1 << 16
_PICK = _Getters()
_TRAILS: tuple[Trail, ...] = tuple(Trail(card) for card in DECK)
"""Each card's trail: a move is an immutable value, so one made once serves every turn."""


def hand_to_move(pos: Position) -> tuple[Card, ...]:
    """The hand of the player to move, or none when a view is not its player's turn."""
    if type(pos) is State:
        return pos.hands[pos.to_move]
    if pos.player != pos.to_move:  # type: ignore[union-attr]
        return ()
    return pos.hand  # type: ignore[union-attr]


def must_capture(pos: Position) -> bool:
    return bool(pos.must_capture) and pos.must_capture[pos.to_move]


def partner_of(pos: Position) -> int | None:
    """The partner of the player to move (the seat opposite in a partnership game)."""
    return pos.partner_of(pos.to_move)


def _unions(groups: list[int], single: bool = False) -> dict[int, int]:
    """Every union of disjoint groups (the empty one included) -> most groups it holds.

    ``single``: every card counts one value, so groups of one sum that make a union are
    sum / value of them however it is split, and a union is stored without comparing."""
    reach: dict[int, int] = {0: 0}
    if single:
        for g in groups:
            reach.update({r | g: n + 1 for r, n in reach.items() if not r & g})
        return reach
    for g in groups:
        grown = [(r | g, n + 1) for r, n in reach.items() if not r & g]
        for u, n in grown:
            if reach.get(u, -1) < n:
                reach[u] = n
    return reach


def _subset_sums(
    idxs: list[int], vals: list[tuple[int, ...]], limit: int
) -> dict[int, list[int]]:
    """sum -> masks of the subsets of items ``idxs`` (ascending) that can make it, up to
    ``limit``. Items are added in ascending order, so the DP's list is sorted by mask: each
    new mask holds a higher bit than every mask before it."""
    pairs: list[tuple[int, int]] = [(0, 0)]
    append = pairs.append
    multi = False
    for i in idxs:
        bit = 1 << i
        vs = vals[i]
        if len(vs) == 1:
            v = vs[0]
            room = limit - v
            for s, m in pairs[:]:  # plain loops: the lists are short (see ``_loose_sums``)
                if s <= room:
                    append((s + v, m | bit))
        else:
            multi = True
            pairs += [(s + v, m | bit) for s, m in pairs for v in vs if s + v <= limit]
    if multi:
        pairs = list(dict.fromkeys(pairs))  # two valuations of one set may meet
    sums: dict[int, list[int]] = {}
    for s, m in pairs[1:]:
        found = sums.get(s)
        if found is None:
            sums[s] = [m]
        else:
            found.append(m)
    return sums


def _exact_cover(groups: list[int], full: int) -> bool:
    """Whether some disjoint ``groups`` together make exactly ``full``."""
    failed: set[int] = set()

    def cover(rest: int) -> bool:
        if not rest:
            return True
        if rest in failed:
            return False
        low = rest & -rest
        for g in groups:
            if g & low and not g & ~rest and cover(rest & ~g):
                return True
        failed.add(rest)
        return False

    return cover(full)


class _Table:
    """Facts about one table computed once per position and shared by every hand card.

    Item ``i`` of the table is bit ``1 << i``. ``limit`` is the highest sum ever wanted.
    """

    __slots__ = (
        "_aces", "_captures", "_gathers", "_items", "_loose_sums", "_onto", "_pairs", "_raisable",
        "_standing", "_sums", "blocks", "builds", "limit", "loose", "partner", "rs", "stacks",
        "summable", "table", "vals",
    )

    def __init__(
        self, rs: Ruleset, table: tuple[TableItem, ...], partner: int | None = None,
        limit: int = 16,
    ) -> None:
        self.limit = limit
        self.rs = rs
        self.table = table
        self.partner = partner
        sv = rs.sum_value_table
        loose: list[int] = []
        builds: list[int] = []
        blocks: list[int] = []
        stacks: list[int] = []
        vals: list[tuple[int, ...]] = []
        for i, item in enumerate(table):
            if type(item) is Card:
                vs = sv[item.index]
                vals.append(vs)
                if vs:
                    loose.append(i)
            else:
                vals.append((item.value,))  # type: ignore[union-attr]
                kind = item.kind  # type: ignore[union-attr]
                if kind is _BUILD:
                    builds.append(i)
                elif kind is _BLOCK:
                    blocks.append(i)
                else:
                    stacks.append(i)
        self.loose = loose
        self.builds = builds
        self.blocks = blocks
        self.stacks = stacks
        self.vals = vals
        self.summable = sorted(loose + builds) if builds and rs.capture.builds_in_sums else loose
        self._loose_sums: dict[int, list[int]] | None = None
        self._sums: dict[int, list[int]] | None = None
        self._captures: dict[int, list[int]] = {}
        self._items: dict[int, tuple[TableItem, ...]] = {}
        self._gathers: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self._standing: dict[int, dict[int, tuple[int, int]]] = {}
        self._raisable: list[tuple[int, int]] | None = None
        self._onto: list[tuple[tuple[TableItem, ...], tuple[int, ...], int]] | None = None
        self._aces: list[int] | None = None
        self._pairs: list[tuple[int, int, int]] | None = None

    @property
    def loose_sums(self) -> dict[int, list[int]]:
        """sum -> masks, ascending, of the sets of loose cards that can make it."""
        found = self._loose_sums
        if found is None:
            found = self._loose_sums = _subset_sums(self.loose, self.vals, self.limit)
        return found

    @property
    def sums(self) -> dict[int, list[int]]:
        """sum -> masks, ascending, of the sets that can make it (builds too, where they
        may be a term of a sum)."""
        found = self._sums
        if found is None:
            if self.summable is self.loose:
                found = self.loose_sums
            else:
                found = _subset_sums(self.summable, self.vals, self.limit)
            self._sums = found
        return found

    def capture_masks(self, v: int) -> list[int]:
        """Every non-empty union of disjoint groups a card of value ``v`` takes, ascending."""
        found = self._captures.get(v)
        if found is None:
            groups = self.capture_groups(v)
            if len(groups) > 1:
                if len(groups) >= _SHARED and self._gathers_too(v):
                    # The unions a build of ``v`` gathers, and the builds of ``v`` added to
                    # each (a build is one item, apart from every loose card).
                    unions = [u for u, _ in self.gather_options(v, 0)]
                    for j in self.builds:
                        if self.vals[j][0] == v:
                            unions += [r | 1 << j for r in unions]
                    found = sorted(unions)[1:]
                else:
                    found = _union_masks(groups)
            else:
                found = list(groups)
            if self.blocks:
                found = self._with_blocks(v, found)
            self._captures[v] = found
        return found

    def _gathers_too(self, v: int) -> bool:
        """Whether the groups of ``v`` a card takes are the loose sets a build of ``v`` may
        gather, and the builds of ``v``: their unions are then worked out once for both."""
        return (self.rs.build.gather and self.summable is self.loose
                and STYLES[self.rs.build.style].groups is _sum_groups and not self.blocks)

    def _with_blocks(self, v: int, found: list[int]) -> list[int]:
        """``found`` and the takes of blocks of value ``v``: a block goes only with cards and
        blocks of its own value (seed 000: "cannot be taken in combination with other ranks
        of cards")."""
        blocks = [1 << i for i in self.blocks if v in self.vals[i]]
        if not blocks:
            return found
        singles = [1 << i for i in self.loose if v in self.vals[i]]
        with_blocks = {0}
        for g in blocks + singles:
            with_blocks |= {r | g for r in with_blocks}
        reach = set(found)
        reach |= {m for m in with_blocks if any(m & b for b in blocks)}
        return sorted(reach)

    def capture_groups(self, v: int) -> list[int]:
        """The groups a card of value ``v`` takes (blocks aside), by the ruleset's style."""
        return STYLES[self.rs.build.style].groups(self, v)

    def covers(self, v: int) -> bool:
        """Whether the whole table splits into groups a card of value ``v`` takes at once."""
        full = (1 << len(self.table)) - 1
        blocks = [1 << i for i in self.blocks if v in self.vals[i]]
        if blocks:
            # A block goes only with cards and blocks of its own value (see capture_masks).
            singles = [1 << i for i in self.loose if v in self.vals[i]]
            if sum(blocks) | sum(singles) == full:
                return True
        return _exact_cover(self.capture_groups(v), full)

    def aces(self) -> list[int]:
        """Loose Aces: casino33's Ace stacks add one to a two-card stack."""
        found = self._aces
        if found is None:
            table = self.table
            found = self._aces = [i for i in self.loose if table[i].rank == 1]  # type: ignore[union-attr]
        return found

    def pairs(self) -> list[tuple[int, int, int]]:
        """Casino33 stacks of two loose cards of different values: (mask, i, value)."""
        found = self._pairs
        if found is None:
            found = self._pairs = []
            vals = self.vals
            loose = self.loose
            for a, i in enumerate(loose):
                vi = vals[i][0]
                for j in loose[a + 1:]:
                    vj = vals[j][0]
                    if vi != vj:
                        found.append(((1 << i) | (1 << j), i, vi + vj))
        return found

    def stack_groups(self, v: int) -> list[int]:
        """Casino33 groups a card of value ``v`` takes: a card of its value, a stack of it, or
        a Board Stack made this turn (two loose cards of different values, an Ace Stack on a
        pair or on a two-card stack with a loose Ace)."""
        groups = [1 << i for i in self.loose if v in self.vals[i]]
        groups += [1 << i for i in self.stacks if self.vals[i][0] == v]
        aces = self.aces()
        for mask, _, total in self.pairs():
            if total == v:
                groups.append(mask)
            elif total + 1 == v:
                groups += [mask | (1 << a) for a in aces if not mask >> a & 1]
        for s in self.stacks:
            pile = self.table[s]
            assert isinstance(pile, Pile)
            if len(pile.cards) == 2 and pile.value + 1 == v:
                groups += [(1 << s) | (1 << a) for a in aces]
        return groups

    def gather_options(self, target: int, base: int) -> list[tuple[int, int]]:
        """Loose sets of ``target`` disjoint from ``base`` a build may gather: (mask, sets).

        A union of groups is disjoint from ``base`` exactly when each of its groups is, so
        the unions of every group are worked out once and filtered by ``base``."""
        key = (target, base)
        found = self._gathers.get(key)
        if found is None:
            every = self._gathers.get((target, 0))
            if every is None:
                groups = self.loose_sums.get(target, _NONE) if self.rs.build.gather else _NONE
                if not groups:
                    every = [(0, 0)]
                elif len(groups) == 1:
                    every = [(0, 0), (groups[0], 1)]
                else:
                    vals = self.vals
                    single = all(len(vals[i]) == 1 for i in self.loose)
                    every = sorted(_unions(groups, single).items())
                self._gathers[(target, 0)] = every
            found = every if not base else [(u, n) for u, n in every if not u & base]
            self._gathers[key] = found
        return found

    def standing(self, player: int) -> dict[int, tuple[int, int]]:
        """value -> the standing builds of that value a new set of it must join when
        ``player`` builds it, as (mask, their sets); mask -1 when one of them may not be
        touched (kasino: another side's multiple build). A value without a build is absent."""
        found = self._standing.get(player)
        if found is None:
            found = self._standing[player] = {}
            br = self.rs.build
            if br.one_per_value:
                who = br.add_to_multiple
                table = self.table
                for j in self.builds:
                    pile = table[j]
                    assert isinstance(pile, Pile)
                    mask, sets = found.get(pile.value, _FREE)
                    if mask < 0:
                        continue
                    if pile.sets > 1 and who != "anyone" and pile.owner != self.partner and (
                            who == "partner" or pile.owner != player):
                        found[pile.value] = (-1, sets)
                    else:
                        found[pile.value] = (mask | 1 << j, sets + pile.sets)
        return found

    def onto(self) -> list[tuple[tuple[TableItem, ...], tuple[int, ...], int]]:
        """Munter: the loose cards and builds (below 14) a hand card may be put onto, in
        table order, as (the item alone, its values, its one value or -1)."""
        found = self._onto
        if found is None:
            found = self._onto = []
            vals = self.vals
            for i, item in enumerate(self.table):
                if type(item) is not Card and (
                        item.kind is not _BUILD or item.value >= 14):  # type: ignore[union-attr]
                    continue
                ivals = vals[i]
                found.append(((item,), ivals, ivals[0] if len(ivals) == 1 else -1))
        return found

    def raisable(self) -> list[tuple[int, int]]:
        """The single builds a hand card may raise, as (bit, value), in table order."""
        found = self._raisable
        if found is None:
            table = self.table
            found = self._raisable = [
                (1 << j, table[j].value) for j in self.builds  # type: ignore[union-attr]
                if table[j].sets == 1]  # type: ignore[union-attr]
        return found

    def items(self, mask: int) -> tuple[TableItem, ...]:
        """The table items of ``mask``, in table order."""
        found = self._items.get(mask)
        if found is None:
            found = self._items[mask] = _PICK[mask](self.table)
        return found


_last: list[_Table | None] = [None]
"""The last table analysed. Search and the heuristic's probes ask again and again about one
table (the same tuple object) with different hands; the analysis holds that table, so its
identity cannot be reused by another object while it is cached."""


def _analysis(
    rs: Ruleset, table: tuple[TableItem, ...], partner: int | None, limit: int
) -> _Table:
    """The table's analysis: the last one when it is of this very table, else a new one."""
    t = _last[0]
    if t is None or t.table is not table or t.rs is not rs or t.partner != partner:
        t = _last[0] = _Table(rs, table, partner, limit)
    elif t.limit < limit:  # asked again with a higher card: sum up to any value at once
        t = _last[0] = _Table(rs, table, partner, max(limit, rs.highest_value))
    return t


def generate(
    rs: Ruleset, player: int, hand: tuple[Card, ...], table: tuple[TableItem, ...],
    partner: int | None = None, only: Card | None = None, loose: bool | None = None,
) -> list[Move]:
    """All moves the card rules allow, before the obligations of owning a build (only those
    of the card ``only`` when it is given), in the generator's fixed order. ``loose`` says
    whether the table holds loose cards only (None: look)."""
    if loose is None:
        loose = Pile not in map(type, table)
    br = rs.build
    if loose and only is None and br.style == "sets" and not br.blocks:
        return _loose_sets(rs, hand, table)
    vt = rs.card_value_table
    pair_only = rs.pair_only_table
    numbers: list[Card] = []  # the cards that sum and build
    limit = 0  # the highest value they have (a card's values are ascending)
    for c in hand:
        k = c.index
        if not pair_only[k]:
            numbers.append(c)
            if vt[k][-1] > limit:
                limit = vt[k][-1]
    style = STYLES[br.style]
    if loose and only is None:
        if style.builds is _onto_builds:
            return _loose_onto(rs, hand, table, numbers, limit)
        if style.builds is _hand_stacks and rs.capture.sweep_card is None:
            stacked = _loose_stacks(rs, hand, table, numbers)
            if stacked is not None:
                return stacked
    t = _analysis(rs, table, partner, limit)
    builder = style.builds if len(numbers) > 1 else None
    # Sums alone make the capture groups: no builds or blocks to add, no casino33 stacks.
    plain = style.groups is _sum_groups and not t.builds and not t.blocks
    sums = t.sums if plain else {}
    blocks = rs.build.blocks
    sweep = rs.sweep_card_index
    moves: list[Move] = []
    append = moves.append
    takes: dict[int, list[tuple[TableItem, ...]]] = {}  # value -> the item sets it takes
    for h in hand:
        k = h.index
        if only is not None and k != only.index:
            continue
        hvals = vt[k]
        if pair_only[k]:
            _pairs_of(h, hvals[0], table, moves)
            continue
        if len(hvals) == 1 and k != sweep:
            v = hvals[0]
            found = takes.get(v)
            if found is None:
                groups = sums.get(v, _NONE) if plain else None
                if groups is None or len(groups) > 1:
                    found = [_PICK[m](table) for m in t.capture_masks(v)]
                elif groups:
                    found = [_PICK[groups[0]](table)]
                else:
                    found = _NO_ITEMS  # nothing on the table makes v
                takes[v] = found
            if found:
                moves += [_new(Capture, (h, v, its)) for its in found]
        else:
            _captures_of(t, h, hvals, k == sweep, moves)
        if builder is not None:
            held = {v for c in numbers if c.index != k for v in vt[c.index]}
            moves += builder(t, player, h, held)
            if blocks:
                mine = [v for v in hvals if v in held]
                if mine:
                    moves += _blocks(t, h, mine)
        append(_TRAILS[k])
    return moves


def _pairs_of(h: Card, v: int, table: tuple[TableItem, ...], moves: list[Move]) -> None:
    """A pair-only card's moves: each loose card of its rank taken alone, then the trail."""
    rank = h.rank
    for item in table:
        if type(item) is Card and item.rank == rank:
            moves.append(_new(Capture, (h, v, (item,))))
    moves.append(_TRAILS[h.index])


def _captures_of(
    t: _Table, h: Card, hvals: tuple[int, ...], sweeps: bool, moves: list[Move]
) -> None:
    """The captures of a card of several values, or of the sweep card (``sweeps``): each set
    of items once, as the first value that takes it; the sweep card also takes the table."""
    seen: set[int] = set()
    table = t.table
    for v in hvals:
        for mask in t.capture_masks(v):
            if mask not in seen:
                seen.add(mask)
                moves.append(_new(Capture, (h, v, _PICK[mask](table))))
    if sweeps and table and (1 << len(table)) - 1 not in seen:
        moves.append(_new(Capture, (h, hvals[0], table)))


class _Loose(NamedTuple):
    """A table of loose cards as ``_loose_sets`` sees it: its subset sums up to ``limit``,
    and the captures and gathers worked out from them (kept, like ``_last``, for the
    last such table: search and the AI list one table again and again)."""

    table: tuple[TableItem, ...]
    rs: Ruleset
    limit: int
    sums: dict[int, list[int]]
    captures: dict[int, list[int]]
    gathers: dict[int, list[tuple[int, int]]]


_last_loose: list[_Loose | None] = [None]


def _loose_sums(rs: Ruleset, table: tuple[TableItem, ...], limit: int) -> dict[int, list[int]]:
    """``_subset_sums`` of a table of loose cards (the same lists, each ascending). Plain
    loops: the lists are short (seven masks on a usual table), and a comprehension per
    card costs more than it saves."""
    pairs: list[tuple[int, int]] = [(0, 0)]
    append = pairs.append
    multi = False
    bit = 1
    one = rs.sum_single_table
    for item in table:
        v = one[item.index]  # type: ignore[union-attr]
        if v > 0:
            if v <= limit:
                room = limit - v
                for s, m in pairs[:]:
                    if s <= room:
                        append((s + v, m | bit))
        elif v:
            multi = True
            vs = rs.sum_value_table[item.index]  # type: ignore[union-attr]
            pairs += [(s + w, m | bit) for s, m in pairs for w in vs if s + w <= limit]
        bit <<= 1
    if multi:
        pairs = list(dict.fromkeys(pairs))  # two valuations of one set may meet
    sums: dict[int, list[int]] = {}
    for s, m in pairs[1:]:
        found = sums.get(s)
        if found is None:
            sums[s] = [m]
        else:
            found.append(m)
    return sums


def _loose(rs: Ruleset, table: tuple[TableItem, ...], limit: int) -> _Loose:
    """The analysis of a table of loose cards: the last one if it is of this very table."""
    q = _last_loose[0]
    if q is not None and q.table is table and q.rs is rs:
        if q.limit >= limit:
            return q
        limit = max(limit, rs.highest_value)  # asked again with a higher card: sum up to any
        q = _Loose(table, rs, limit, _loose_sums(rs, table, limit), {}, {})
    else:
        q = _after_trail(rs, table, limit, q)
    _last_loose[0] = q
    return q


def _after_trail(rs: Ruleset, table: tuple[TableItem, ...], limit: int, q: _Loose | None
                 ) -> _Loose:
    """A new analysis of a table of loose cards. When it is the last table analysed plus one
    card of one value (a trail: the next turn of a random or searched round), that table's
    subset sums grow by the card, as ``_loose_sums`` would add it last; else they are
    summed anew. The old lists are copied, never changed: that analysis may be asked for
    again."""
    if (q is None or q[1] is not rs or len(table) != len(q[0]) + 1 or q[2] < limit
            or table[:-1] != q[0]):
        return _new(_Loose, (table, rs, limit, _loose_sums(rs, table, limit), {}, {}))
    v = rs.sum_single_table[table[-1].index]  # type: ignore[union-attr]
    if v < 0:  # a card of several values: summed anew
        return _new(_Loose, (table, rs, limit, _loose_sums(rs, table, limit), {}, {}))
    limit = q[2]
    old = q[3]
    sums = dict(old)
    if 0 < v <= limit:
        bit = 1 << (len(table) - 1)
        for s, ms in old.items():
            s += v
            if s <= limit:
                grown = [m | bit for m in ms]
                found = sums.get(s)
                sums[s] = grown if found is None else found + grown
        found = sums.get(v)
        sums[v] = [bit] if found is None else [*found, bit]
    return _new(_Loose, (table, rs, limit, sums, {}, {}))


def _loose_sets(
    rs: Ruleset, hand: tuple[Card, ...], table: tuple[TableItem, ...]
) -> list[Move]:
    """``generate`` for classic-style builds on a table of loose cards only: the usual turn
    of a round. The same moves in the same order (see ``_set_builds`` and ``_Table``), made
    straight from the table's subset sums, its masks picked by ``_PICK``. Written out in
    one function with plain loops: a call or a comprehension costs more than the few
    items it would handle (a hand of two or three cards, a handful of sums)."""
    vt = rs.card_value_table
    pair_only = rs.pair_only_table
    holders: dict[int, int] = {}  # value -> how many number cards of the hand hold it
    limit = 0  # the highest value a number card of the hand has
    numbers = 0
    for c in hand:
        k = c.index
        if not pair_only[k]:
            numbers += 1
            vals = vt[k]
            for v in vals:
                holders[v] = holders.get(v, 0) + 1
            if vals[-1] > limit:
                limit = vals[-1]
    q = _last_loose[0]
    if q is None or q[0] is not table or q[1] is not rs:
        q = _last_loose[0] = _after_trail(rs, table, limit, q)
    elif q[2] < limit:
        q = _loose(rs, table, limit)
    sums = q[3]
    captures = q[4]
    sweep = rs.sweep_card_index
    pick = _PICK
    trails = _TRAILS
    targets: list[int] = _NONE  # the values a build may have: held, and at most the highest
    if numbers > 1 and sums:
        top = rs.build.max_value
        targets = sorted([v for v in holders if v <= top])
        gather = rs.build.gather
    moves: list[Move] = []
    append = moves.append
    for h in hand:
        k = h.index
        hvals = vt[k]
        if pair_only[k]:
            # Each loose card of its rank taken alone (the table holds cards only).
            rank = h.rank
            low = hvals[0]
            for item in table:
                if item.rank == rank:  # type: ignore[union-attr]
                    append(_new(Capture, (h, low, (item,))))
            append(trails[k])
            continue
        low = hvals[0]
        if len(hvals) == 1 and k != sweep:
            masks = captures.get(low)
            if masks is None:
                masks = _loose_captures(q, low)
            for m in masks:
                append(_new(Capture, (h, low, pick[m](table))))
        else:
            _loose_takes(h, hvals, q, table, k == sweep, moves)
        for target in targets:
            # A build goes only to a value the rest of the hand holds.
            if target < low or holders[target] == (target in hvals):
                continue
            gathers = gather and target in sums
            if len(hvals) == 1:
                if target == low:
                    if gathers:
                        for extra, groups in _gathered(q, target):
                            if extra:
                                append(_new(Build, (h, target, pick[extra](table), 1 + groups)))
                    continue
                primaries = sums.get(target - low, _NONE)
            else:
                primaries = _hand_groups(hvals, target, sums)
            if not primaries:
                continue
            if not gathers:
                if len(primaries) > 1 and len(hvals) > 1:
                    primaries = list(dict.fromkeys(primaries))
                for prim in primaries:
                    if prim:
                        append(_new(Build, (h, target, pick[prim](table), 1)))
                continue
            every = _gathered(q, target)
            if len(primaries) == 1:
                prim = primaries[0]
                moves += [_new(Build, (h, target, pick[prim | e](table), 1 + n))
                          for e, n in every if not e & prim and (prim or e)]
                continue
            # One primary's piles differ (each holds other gathered sets); two primaries
            # may make one pile, which goes once, as the first made it.
            done: set[int] = set()
            for prim in primaries:
                for extra, groups in every:
                    if extra & prim:
                        continue
                    mask = prim | extra
                    if mask and mask not in done:
                        done.add(mask)
                        append(_new(Build, (h, target, pick[mask](table), 1 + groups)))
        append(trails[k])
    return moves


def _loose_unions(q: _Loose, value: int, groups: list[int]) -> list[int]:
    """The non-empty unions of the disjoint loose ``groups`` of ``value`` (``_SHARED`` or
    more), ascending. Where every card counts one value they come from ``_gathered``: a build of
    ``value`` gathers the same unions, so they are worked out once for both."""
    if not _single(q):
        return _union_masks(groups)
    return [u for u, _ in _gathered(q, value)[1:]]


_SHARED = 6
"""Captures of fewer groups are worked out alone: counting what a build would gather costs
more than it saves on a usual table."""


def _single(q: _Loose) -> bool:
    """Whether every card of the table counts one value (or none) in a sum."""
    one = q.rs.sum_single_table
    return min([one[c.index] for c in q.table]) >= 0  # type: ignore[union-attr]


def _union_masks(groups: list[int]) -> list[int]:
    """Every non-empty union of disjoint ``groups``, ascending."""
    reach = {0}
    for g in groups:
        reach |= {r | g for r in reach if not r & g}
    reach.discard(0)
    return sorted(reach)


def _loose_onto(
    rs: Ruleset, hand: tuple[Card, ...], table: tuple[TableItem, ...], numbers: list[Card],
    limit: int,
) -> list[Move]:
    """``generate`` for munter's builds (a hand card onto one card) and blocks on a table of
    loose cards only: the captures as ``_loose_sets`` makes them, the builds and blocks as
    ``_onto_builds`` and ``_blocks`` (the same moves in the same order), in plain loops."""
    vt = rs.card_value_table
    sv = rs.sum_value_table
    pair_only = rs.pair_only_table
    q = _last_loose[0]
    if q is None or q[0] is not table or q[1] is not rs:
        q = _last_loose[0] = _after_trail(rs, table, limit, q)
    elif q[2] < limit:
        q = _loose(rs, table, limit)
    captures = q[4]
    sweep = rs.sweep_card_index
    blocks = rs.build.blocks
    top = rs.build.max_value
    trails = _TRAILS
    pick = _PICK
    holders: dict[int, int] = {}  # value -> how many number cards of the hand hold it
    if len(numbers) > 1:
        for c in numbers:
            for v in vt[c.index]:
                holders[v] = holders.get(v, 0) + 1
        one = rs.sum_single_table
        ones = [(item, one[item.index]) for item in table]  # type: ignore[union-attr]
        several = any(iv <= 0 for _, iv in ones)  # a card of several values (or none)
    moves: list[Move] = []
    append = moves.append
    for h in hand:
        k = h.index
        hvals = vt[k]
        if pair_only[k]:
            _pairs_of(h, hvals[0], table, moves)
            continue
        low = hvals[0]
        single = len(hvals) == 1
        if single and k != sweep:
            masks = captures.get(low)
            if masks is None:
                masks = _loose_captures(q, low)
            for m in masks:
                append(_new(Capture, (h, low, pick[m](table))))
        else:
            _loose_takes(h, hvals, q, table, k == sweep, moves)
        if holders:
            if single and not several:
                # the sum is more than the card's own value: another card of the hand holds it
                for item, iv in ones:
                    target = low + iv
                    if target <= top and target in holders:
                        append(_new(Build, (h, target, (item,), 1)))
            else:
                for item, iv in ones:
                    if single and iv > 0:
                        target = low + iv
                        if target <= top and target in holders:
                            append(_new(Build, (h, target, (item,), 1)))
                        continue
                    ivals = sv[item.index]  # type: ignore[union-attr]
                    for target in sorted({hv + iv for hv in hvals for iv in ivals}):
                        if target <= top and holders.get(target, 0) - (target in hvals) > 0:
                            append(_new(Build, (h, target, (item,), 1)))
            if blocks:
                mine = [v for v in hvals if holders.get(v, 0) > 1]  # held by another card too
                if mine:
                    for item in table:
                        ivals = sv[item.index]  # type: ignore[union-attr]
                        for v in mine:
                            if v in ivals:
                                append(_new(Block, (h, v, item)))
                                break
        append(trails[k])
    return moves


def _loose_stacks(
    rs: Ruleset, hand: tuple[Card, ...], table: tuple[TableItem, ...], numbers: list[Card],
) -> list[Move] | None:
    """``generate`` for casino33's stacks on a table of loose cards only (see
    ``_Table.stack_groups`` and ``_hand_stacks``: the same moves in the same order), or None
    where a card has several values."""
    one = rs.sum_single_table
    vt = rs.card_value_table
    pair_only = rs.pair_only_table
    loose: list[tuple[int, int]] = []  # (bit, value) of each card that sums, in table order
    aces: list[int] = []  # the bits of loose Aces
    bit = 1
    for item in table:
        v = one[item.index]  # type: ignore[union-attr]
        if v > 0:
            loose.append((bit, v))
            if item.rank == 1:  # type: ignore[union-attr]
                aces.append(bit)
        elif v:
            return None
        bit <<= 1
    pairs: list[tuple[int, int]] | None = None  # (mask, total) of two loose cards of two values
    holders: dict[int, int] = {}  # value -> how many number cards of the hand hold it
    if len(numbers) > 1:
        for c in numbers:
            if len(vt[c.index]) > 1:
                return None
            holders[vt[c.index][0]] = holders.get(vt[c.index][0], 0) + 1
    top = rs.build.max_value
    pick = _PICK
    captures: dict[int, list[int]] = {}
    moves: list[Move] = []
    for h in hand:
        k = h.index
        hvals = vt[k]
        if pair_only[k]:
            _pairs_of(h, hvals[0], table, moves)
            continue
        if len(hvals) > 1:
            return None
        hv = hvals[0]
        masks = captures.get(hv)
        if masks is None:
            if pairs is None:
                pairs = [(b | c, v + w) for n, (b, v) in enumerate(loose)
                         for c, w in loose[n + 1:] if v != w]
            masks = [b for b, v in loose if v == hv]
            for mask, total in pairs:
                if total == hv:
                    masks.append(mask)
                elif total + 1 == hv:
                    masks += [mask | a for a in aces if not mask & a]
            if len(masks) > 1:
                masks = _union_masks(masks)
            captures[hv] = masks
        if masks:
            moves += [_new(Capture, (h, hv, pick[m](table))) for m in masks]
        if holders:
            out: list[Move] = []
            for b, cv in loose:
                if cv == hv:
                    continue
                total = hv + cv
                if total <= top and holders.get(total, 0) - (total == hv) > 0:
                    out.append(_new(Build, (h, total, pick[b](table), 1)))
                total += 1
                if total <= top and holders.get(total, 0) - (total == hv) > 0:
                    out += [_new(Build, (h, total, pick[b | a](table), 1)) for a in aces if a != b]
            if h.rank == 1:
                if pairs is None:
                    pairs = [(b | c, v + w) for n, (b, v) in enumerate(loose)
                             for c, w in loose[n + 1:] if v != w]
                for mask, total in pairs:
                    total += 1
                    if total <= top and holders.get(total, 0) - (total == hv) > 0:
                        out.append(_new(Build, (h, total, pick[mask](table), 1)))
            # A hand Ace with a loose card and a loose Ace is both "Ace on a card, plus an
            # Ace" and "Ace on a pair": one move.
            moves += dict.fromkeys(out) if len(out) > 1 else out
        moves.append(_TRAILS[k])
    return moves


def _loose_takes(h: Card, hvals: tuple[int, ...], q: _Loose, table: tuple[TableItem, ...],
                 sweeps: bool, moves: list[Move]) -> None:
    """Append hand card ``h``'s captures on a table of loose cards (one per table subset
    summing to one of its values; the sweep card takes the whole table besides)."""
    low = hvals[0]
    if len(hvals) == 1:
        masks = q.captures.get(low)
        if masks is None:
            masks = _loose_captures(q, low)
        if masks:
            moves += [_new(Capture, (h, low, _PICK[m](table))) for m in masks]
        seen: Collection[int] = masks
    else:
        taken: set[int] = set()
        for v in hvals:
            for m in _loose_captures(q, v):
                if m not in taken:
                    taken.add(m)
                    moves.append(_new(Capture, (h, v, _PICK[m](table))))
        seen = taken
    if sweeps and table and (1 << len(table)) - 1 not in seen:
        moves.append(_new(Capture, (h, low, table)))


def _loose_captures(q: _Loose, v: int) -> list[int]:
    """Every non-empty union of disjoint loose sets of ``v``, ascending (``capture_masks``)."""
    masks = q.captures.get(v)
    if masks is None:
        masks = q.sums.get(v, _NONE)
        if len(masks) > 1:
            masks = _union_masks(masks) if len(masks) < _SHARED else _loose_unions(q, v, masks)
        q.captures[v] = masks
    return masks


def _gathered(q: _Loose, target: int) -> list[tuple[int, int]]:
    """Every union of the loose sets of ``target`` (the empty one first), ascending, with
    the most sets it holds: what a build of ``target`` may gather (``gather_options``)."""
    found = q.gathers.get(target)
    if found is None:
        groups = q.sums.get(target, _NONE)
        if len(groups) > 1:
            found = sorted(_unions(groups, _single(q)).items())
        else:
            found = [(0, 0), (groups[0], 1)] if groups else [(0, 0)]
        q.gathers[target] = found
    return found


def _blocks(t: _Table, h: Card, mine: list[int]) -> list[Move]:
    """Munter blocks: ``h`` onto a loose card or block sharing a value ``mine`` with it (the
    values of ``h`` the rest of the hand also holds); the lowest shared value names it."""
    out: list[Move] = []
    vals = t.vals
    for i, item in enumerate(t.table):
        if type(item) is not Card and item.kind is not _BLOCK:  # type: ignore[union-attr]
            continue
        ivals = vals[i]
        for v in mine:
            if v in ivals:
                out.append(_new(Block, (h, v, item)))
                break
    return out


def _set_builds(t: _Table, player: int, h: Card, held: set[int]) -> list[Move]:
    """Classic builds: a group holding the hand card, joined by other groups of value V.

    The group holding the hand card (the primary) is the card alone when it is worth V, the
    card with loose cards making up V, or the card raising a single build to V; a standing
    build of V must be joined (one per value), and loose sets of V may be gathered."""
    builds = t.builds
    sums = t.loose_sums
    if not sums and not builds:
        return []  # nothing on the table to build with
    br = t.rs.build
    hvals = t.rs.card_value_table[h.index]
    low = hvals[0]
    table = t.table
    pick = _PICK
    gather = br.gather
    out: list[Move] = []
    if not builds and len(hvals) == 1:
        # Loose cards only, one value: each (primary, gathered sets) is a different pile.
        top = br.max_value
        for target in sorted(held):
            if target > top or target < low:
                continue
            gathers = gather and target in sums
            if target == low:
                if gathers:
                    out += [_new(Build, (h, target, pick[extra](table), 1 + groups))
                            for extra, groups in t.gather_options(target, 0) if extra]
                continue
            primaries = sums.get(target - low)
            if not primaries:
                continue
            if not gathers:
                for prim in primaries:
                    out.append(_new(Build, (h, target, pick[prim](table), 1)))
                continue
            seen: set[int] = set()
            for prim in primaries:
                for extra, groups in t.gather_options(target, prim):
                    mask = prim | extra
                    if mask not in seen:
                        seen.add(mask)
                        out.append(_new(Build, (h, target, pick[mask](table), 1 + groups)))
        return out
    # Builds on the table, or a card of several values: what the table offers every target
    # worked out once (a set of a value must join its standing build; a single build may
    # be raised).
    standing = t.standing(player)
    raisable = t.raisable() if br.increase else _NO_PILES
    onto_cards = br.increase_table_cards
    top = br.max_value
    done: set[tuple[int, int]] = set()
    for target in sorted(held):
        if target > top or (target < low and not builds):
            continue
        mandatory, mandatory_sets = standing.get(target, _FREE)
        if mandatory < 0:
            continue  # a set of this value would have to join a build we may not touch
        # The groups of ``target`` holding the hand card: alone or with loose cards, or
        # raising a single build (with a table card where the ruleset allows).
        primaries = _hand_groups(hvals, target, sums)
        for bit, value in raisable:
            if value == target:
                continue
            for hv in hvals:
                rest = target - value - hv
                if rest == 0:
                    primaries.append(bit)
                elif rest > 0 and onto_cards:
                    vals = t.vals
                    primaries.extend(bit | (1 << i) for i in t.loose if rest in vals[i])
        if not primaries:
            continue
        if not (gather and target in sums):
            # Nothing to gather: one build per primary.
            for prim in primaries:
                mask = prim | mandatory
                if mask and (mask, target) not in done:
                    done.add((mask, target))
                    out.append(_new(Build, (h, target, pick[mask](table), 1 + mandatory_sets)))
            continue
        made: set[int] = set()  # this target's piles (``done`` keeps the other targets')
        for prim in primaries:
            base = prim | mandatory
            for extra, groups in t.gather_options(target, base):
                mask = base | extra
                if mask and mask not in made:  # mask 0, the hand card alone, is a trail
                    made.add(mask)
                    out.append(_new(Build, (h, target, pick[mask](table),
                                            1 + groups + mandatory_sets)))
    return out


def _hand_groups(hvals: tuple[int, ...], target: int, sums: dict[int, list[int]]) -> list[int]:
    """The loose groups of value ``target`` a hand card of ``hvals`` makes: the card alone
    (mask 0), or with each set of loose cards summing to the rest (a new list)."""
    groups: list[int] = []
    for hv in hvals:
        if hv == target:
            groups.append(0)
        elif hv < target:
            groups += sums.get(target - hv, _NONE)
    return groups


def _onto_builds(t: _Table, player: int, h: Card, held: set[int]) -> list[Move]:
    """Munter builds: the hand card onto one loose card or build; the sum must be held."""
    out: list[Move] = []
    hvals = t.rs.card_value_table[h.index]
    limit = t.rs.build.max_value
    hv = hvals[0] if len(hvals) == 1 else -99  # -99: the card has several values
    for items, ivals, iv in t.onto():
        if hv > 0 and iv > 0:
            target = hv + iv
            if target <= limit and target in held:
                out.append(_new(Build, (h, target, items, 1)))
            continue
        for target in sorted({hv + iv for hv in hvals for iv in ivals}):
            if target <= limit and target in held:
                out.append(_new(Build, (h, target, items, 1)))
    return out


def _hand_stacks(t: _Table, player: int, h: Card, held: set[int]) -> list[Move]:
    """Casino33 Hand Stacks: the hand card on a loose card of another value (an Ace Stack
    may add a loose Ace), or a hand Ace on a two-card stack or on a loose pair."""
    out: list[Move] = []
    limit = t.rs.build.max_value
    hv = t.rs.card_value_table[h.index][0]
    aces = t.aces()
    for i in t.loose:
        cv = t.vals[i][0]
        if cv == hv:
            continue
        if hv + cv <= limit and hv + cv in held:
            out.append(Build(h, hv + cv, (t.table[i],), 1))
        if hv + cv + 1 <= limit and hv + cv + 1 in held:
            out.extend(Build(h, hv + cv + 1, t.items((1 << i) | (1 << a)), 1)
                       for a in aces if a != i)
    if h.rank == 1:
        for s in t.stacks:
            pile = t.table[s]
            assert isinstance(pile, Pile)
            if len(pile.cards) == 2 and pile.value + 1 in held:
                out.append(Build(h, pile.value + 1, (pile,), 1))
        for mask, _, total in t.pairs():
            if total + 1 <= limit and total + 1 in held:
                out.append(Build(h, total + 1, t.items(mask), 1))
    # A hand Ace with a loose card and a loose Ace is both "Ace on a card, plus an Ace" and
    # "Ace on a pair": one move.
    return list(dict.fromkeys(out))


def _no_builds(t: _Table, player: int, h: Card, held: set[int]) -> list[Move]:
    return []


def _sum_groups(t: _Table, v: int) -> list[int]:
    """The groups a card of value ``v`` takes: every set of loose cards (and builds, where
    they sum) totalling it, a single card included, and every build of that value."""
    groups = t.sums.get(v, _NONE)
    if t.summable is t.loose and t.builds:
        vals = t.vals
        return groups + [1 << j for j in t.builds if vals[j][0] == v]
    return groups


class Style(NamedTuple):
    """What a ruleset's ``build.style`` means to the generator and to ``apply``."""

    builds: Callable[[_Table, int, Card, set[int]], list[Move]]
    """(table, player, hand card, values the rest of the hand holds) -> the card's builds"""
    groups: Callable[[_Table, int], list[int]]
    """(table, value) -> the groups a card of that value takes, blocks aside"""
    pile: PileKind
    """the kind of pile a build move makes"""


STYLES: dict[str, Style] = {
    "sets": Style(_set_builds, _sum_groups, PileKind.BUILD),
    "onto": Style(_onto_builds, _sum_groups, PileKind.BUILD),
    "stacks": Style(_hand_stacks, _Table.stack_groups, PileKind.STACK),
    "none": Style(_no_builds, _sum_groups, PileKind.BUILD),
}
"""Each ruleset ``build.style`` (sets: classic builds; onto: munter's card onto one pile;
stacks: casino33's two-card stacks; none) as the functions that differ between them."""


def splits_into(rs: Ruleset, items: tuple[TableItem, ...], value: int) -> bool:
    """Whether ``items``, every one of them, split into groups a card of ``value`` takes in
    one play: a take by sums, as against Kasino's 5 of Spades taking the whole table."""
    return _Table(rs, items, limit=value).covers(value)


def capture_allowed(rs: Ruleset, table: tuple[TableItem, ...], move: Capture) -> bool:
    """Whether ``move`` is one of the generator's captures: its items, in table order, split
    into groups its card takes as ``move.value`` (the first of the card's values that does).
    Groups lie within the items, so only the items are analysed."""
    card, v, items = move.card, move.value, move.items
    if not items:
        return False
    at = {id(item): i for i, item in enumerate(table)}
    last = -1
    for item in items:
        i = at.get(id(item))
        if i is None:
            i = next((n for n, it in enumerate(table) if it == item), -1)
        if i <= last:
            return False
        last = i
    hvals = rs.card_value_table[card.index]
    if rs.pair_only_table[card.index]:
        only = items[0]
        return (len(items) == 1 and v == hvals[0] and type(only) is Card
                and only.rank == card.rank)
    if v not in hvals:
        return False
    t = _Table(rs, items, limit=max(hvals))
    first = next((w for w in hvals if t.covers(w)), None)
    if first is not None:
        return first == v
    return rs.capture.sweep_card == str(card) and len(items) == len(table) and v == hvals[0]
