"""The one place the rules live: legal move generation, applying moves, explaining refusals.

``legal_moves`` is the single authoritative generator and lists every legal move, however
many. ``is_legal`` (and so ``play``) decides one move without listing: a capture by
splitting its items into groups of its value. ``match`` filters the listing for a click
selection, and the AI and hint search over it. Variant
differences are ruleset fields, read here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import pairwise

from casino.engine.cards import DECK, Card
from casino.engine.errors import IllegalMoveError
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.ruleset import Ruleset
from casino.engine.state import Pile, PileKind, PlayerView, State, TableItem, deal_next, item_cards

Position = State | PlayerView


# ---------------------------------------------------------------------------- generation


def legal_moves(pos: Position) -> list[Move]:
    """Every legal move of the player to move, deduplicated, in a stable order."""
    hand = _hand_to_move(pos)
    if not hand:
        return []
    rs = pos.ruleset
    moves = _generate(rs, pos.to_move, hand, pos.table, _partner(pos))
    return _obliged(rs, pos.to_move, hand, pos.table, _must_capture(pos), moves)


def is_legal(pos: Position, move: Move) -> bool:
    """Whether ``move`` is one of ``legal_moves(pos)``, decided for this move alone.

    A capture is checked by splitting its items into groups of its value, never by looking
    it up in the listing, whose length grows exponentially with the loose cards (issue 20).
    """
    hand = _hand_to_move(pos)
    if move.card not in hand or not _card_allows(pos, hand, move):
        return False
    rs = pos.ruleset
    owned = _owned(pos.table, pos.to_move)
    must = _must_capture(pos)
    if _breaks_obligation(rs, hand, owned, must, move) is None:
        return True
    # An obligation nobody can meet lapses (see ``_obliged``).
    return not any(
        _breaks_obligation(rs, hand, owned, must, m) is None
        for m in _generate(rs, pos.to_move, hand, pos.table, _partner(pos))
    )


def _card_allows(pos: Position, hand: tuple[Card, ...], move: Move) -> bool:
    """Whether the card rules (before obligations) allow ``move``; its card is in ``hand``."""
    if isinstance(move, Trail):
        return True
    rs = pos.ruleset
    if isinstance(move, Capture):
        return _capture_allowed(rs, pos.table, move)
    return move in _generate(rs, pos.to_move, hand, pos.table, _partner(pos), only=move.card)


def _capture_allowed(rs: Ruleset, table: tuple[TableItem, ...], move: Capture) -> bool:
    """Whether ``move.items`` (in table order) split into groups ``move.card`` takes as
    ``move.value``. Groups lie within the items, so only the items are analysed."""
    card, v, items = move.card, move.value, move.items
    at = [_position(table, item) for item in items]
    if not items or -1 in at or any(a >= b for a, b in pairwise(at)):
        return False
    hvals = rs.card_value_table[card.index]
    if rs.pair_only_table[card.index]:
        only = items[0]
        return (len(items) == 1 and v == hvals[0] and isinstance(only, Card)
                and only.rank == card.rank)
    if v not in hvals:
        return False
    # The generator lists a set of items once, with the first value that takes it.
    t = _Table(rs, items, limit=max(hvals))
    first = next((w for w in hvals if t.covers(w)), None)
    if first is not None:
        return first == v
    return rs.capture.sweep_card == str(card) and len(items) == len(table) and v == hvals[0]


def _position(table: tuple[TableItem, ...], item: TableItem) -> int:
    for i, it in enumerate(table):
        if it == item:
            return i
    return -1


def _hand_to_move(pos: Position) -> tuple[Card, ...]:
    if isinstance(pos, PlayerView):
        if pos.player != pos.to_move:
            return ()
        return pos.hand
    return pos.hands[pos.to_move]


def _must_capture(pos: Position) -> bool:
    return bool(pos.must_capture) and pos.must_capture[pos.to_move]


def _subset_sums(
    idxs: list[int], vals: list[tuple[int, ...]], limit: int
) -> dict[int, list[tuple[int, int]]]:
    """Every subset of ``idxs`` by the sums it can make up to ``limit``: sum -> [(mask, size)]."""
    dp: dict[int, list[tuple[int, int]]] = {0: [(0, 0)]}
    for i in idxs:
        bit = 1 << i
        added: list[tuple[int, list[tuple[int, int]]]] = []
        for total, entries in dp.items():
            for v in vals[i]:
                if total + v <= limit:
                    added.append((total + v, [(m | bit, k + 1) for m, k in entries]))
        for reached, entries in added:
            slot = dp.setdefault(reached, [])
            slot.extend(entries)
    return dp


def _unions(groups: list[int]) -> dict[int, int]:
    """Every union of disjoint groups (the empty one included) -> most groups it holds."""
    reach: dict[int, int] = {0: 0}
    for g in groups:
        for r, n in list(reach.items()):
            if not r & g:
                u = r | g
                if reach.get(u, -1) < n + 1:
                    reach[u] = n + 1
    return reach


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
    """Facts about one table computed once per generation and shared by every hand card."""

    def __init__(
        self, rs: Ruleset, table: tuple[TableItem, ...], partner: int | None = None,
        limit: int = 16,
    ) -> None:
        self.limit = limit  # no sum above the highest value in the hand is ever wanted
        self.rs = rs
        self.table = table
        self.partner = partner
        vt = rs.card_value_table
        pair_only = rs.pair_only_table
        self.loose: list[int] = []
        self.builds: list[int] = []
        self.pairable: list[int] = []  # items a card of their value takes by pairing
        self.blocks: list[int] = []
        self.stacks: list[int] = []
        self.vals: list[tuple[int, ...]] = []
        for i, item in enumerate(table):
            if isinstance(item, Pile):
                self.vals.append((item.value,))
                if item.kind is PileKind.BUILD:
                    self.builds.append(i)
                    self.pairable.append(i)
                elif item.kind is PileKind.BLOCK:
                    self.blocks.append(i)
                else:
                    self.stacks.append(i)
            elif pair_only[item.index]:
                self.vals.append(())
            else:
                self.vals.append(vt[item.index])
                self.loose.append(i)
                self.pairable.append(i)
        self.summable = self.loose + self.builds if rs.capture.builds_in_sums else self.loose
        self._sets: dict[tuple[int, int, bool], list[int]] = {}
        self._sums_loose: dict[int, list[tuple[int, int]]] | None = None
        self._sums_all: dict[int, list[tuple[int, int]]] | None = None
        self._captures: dict[int, list[int]] = {}
        self._items: dict[int, tuple[TableItem, ...]] = {}
        self._gathers: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def sets_of(self, target: int, min_size: int, only_loose: bool) -> list[int]:
        """Masks of the sets of at least ``min_size`` items that can sum to ``target``."""
        key = (target, min_size, only_loose)
        found = self._sets.get(key)
        if found is None:
            sums = self._sums_loose if only_loose else self._sums_all
            if sums is None:
                idxs = self.loose if only_loose else self.summable
                sums = _subset_sums(idxs, self.vals, self.limit)
                if only_loose:
                    self._sums_loose = sums
                else:
                    self._sums_all = sums
                if self.summable is self.loose:
                    self._sums_loose = self._sums_all = sums
            found = self._sets[key] = sorted(
                {m for m, k in sums.get(target, ()) if k >= min_size}
            )
        return found

    def capture_masks(self, v: int) -> list[int]:
        """Every non-empty union of disjoint groups a card of value ``v`` takes."""
        found = self._captures.get(v)
        if found is None:
            if self.rs.build.style == "stacks":
                groups = self.stack_groups(v)
            else:
                groups = [1 << i for i in self.pairable if v in self.vals[i]]
                groups += self.sets_of(v, 2, False)
            reach = {0}
            for g in groups:
                reach |= {r | g for r in reach if not r & g}
            blocks = [1 << i for i in self.blocks if v in self.vals[i]]
            if blocks:
                # A block goes only with cards and blocks of its own value (seed 000: "cannot
                # be taken in combination with other ranks of cards").
                singles = [1 << i for i in self.loose if v in self.vals[i]]
                with_blocks = {0}
                for g in blocks + singles:
                    with_blocks |= {r | g for r in with_blocks}
                reach |= {m for m in with_blocks if any(m & b for b in blocks)}
            reach.discard(0)
            found = self._captures[v] = sorted(reach)
        return found

    def covers(self, v: int) -> bool:
        """Whether the whole table splits into groups a card of value ``v`` takes at once."""
        full = (1 << len(self.table)) - 1
        if self.rs.build.style == "stacks":
            groups = self.stack_groups(v)
        else:
            groups = [1 << i for i in self.pairable if v in self.vals[i]]
            groups += self.sets_of(v, 2, False)
        blocks = [1 << i for i in self.blocks if v in self.vals[i]]
        if blocks:
            # A block goes only with cards and blocks of its own value (see capture_masks).
            singles = [1 << i for i in self.loose if v in self.vals[i]]
            if sum(blocks) | sum(singles) == full:
                return True
        return _exact_cover(groups, full)

    def aces(self) -> list[int]:
        """Loose Aces: casino33's Ace stacks add one to a two-card stack."""
        return [i for i in self.loose if self.table[i].rank == 1]  # type: ignore[union-attr]

    def pairs(self) -> list[tuple[int, int, int]]:
        """Casino33 stacks of two loose cards of different values: (mask, i, value)."""
        out = []
        for a, i in enumerate(self.loose):
            for j in self.loose[a + 1:]:
                vi, vj = self.vals[i][0], self.vals[j][0]
                if vi != vj:
                    out.append(((1 << i) | (1 << j), i, vi + vj))
        return out

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
        """Loose sets of ``target`` disjoint from ``base`` a build may gather: (mask, sets)."""
        key = (target, base)
        found = self._gathers.get(key)
        if found is None:
            if self.rs.build.gather:
                loose = [1 << i for i in self.loose if target in self.vals[i]]
                groups = [g for g in loose + self.sets_of(target, 2, True) if not g & base]
                found = sorted(_unions(groups).items())
            else:
                found = [(0, 0)]
            self._gathers[key] = found
        return found

    def items(self, mask: int) -> tuple[TableItem, ...]:
        found = self._items.get(mask)
        if found is None:
            table = self.table
            picked = []
            rest = mask
            while rest:
                low = rest & -rest
                picked.append(table[low.bit_length() - 1])
                rest ^= low
            found = self._items[mask] = tuple(picked)
        return found


def _partner(pos: Position) -> int | None:
    """The seat opposite in a four-player partnership game."""
    if pos.ruleset.partnerships and pos.players == 4:
        return (pos.to_move + 2) % 4
    return None


def _generate(
    rs: Ruleset, player: int, hand: tuple[Card, ...], table: tuple[TableItem, ...],
    partner: int | None = None, only: Card | None = None,
) -> list[Move]:
    """All moves the card rules allow, before the obligations of owning a build (only those
    of the card ``only`` when it is given)."""
    vt = rs.card_value_table
    pair_only = rs.pair_only_table
    t = _Table(rs, table, partner, max(v for c in hand for v in vt[c.index]))
    style = rs.build.style
    sweep_card = rs.capture.sweep_card
    moves: list[Move] = []
    for h in hand:
        if only is not None and h != only:
            continue
        hvals = vt[h.index]
        # Captures.
        if pair_only[h.index]:
            for item in table:
                if isinstance(item, Card) and item.rank == h.rank:
                    moves.append(Capture(h, hvals[0], (item,)))
        else:
            seen: set[int] = set()
            for v in hvals:
                for mask in t.capture_masks(v):
                    if mask not in seen:
                        seen.add(mask)
                        moves.append(Capture(h, v, t.items(mask)))
            if sweep_card is not None and table and str(h) == sweep_card:
                full = (1 << len(table)) - 1
                if full not in seen:
                    moves.append(Capture(h, hvals[0], table))
            # Builds and blocks.
            held = {v for c in hand if c is not h and not pair_only[c.index] for v in vt[c.index]}
            if held:
                if style == "sets":
                    moves.extend(_set_builds(t, player, h, held))
                elif style == "onto":
                    moves.extend(_onto_builds(t, h, held))
                elif style == "stacks":
                    moves.extend(_hand_stacks(t, h, held))
                if rs.build.blocks:
                    for i, item in enumerate(table):
                        if isinstance(item, Pile) and item.kind is not PileKind.BLOCK:
                            continue
                        shared = sorted(set(hvals) & set(t.vals[i]) & held)
                        if shared:
                            moves.append(Block(h, shared[0], item))
        moves.append(Trail(h))
    return moves


def _set_builds(t: _Table, player: int, h: Card, held: set[int]) -> list[Move]:
    """Classic builds: a group holding the hand card, joined by other groups of value V."""
    br = t.rs.build
    table = t.table
    hvals = t.rs.card_value_table[h.index]
    out: list[Move] = []
    done: set[tuple[int, int]] = set()
    for target in sorted(held):
        if target > br.max_value:
            continue
        mandatory = 0
        mandatory_sets = 0
        if br.one_per_value:
            for j in t.builds:
                pile = table[j]
                assert isinstance(pile, Pile)
                if pile.value != target:
                    continue
                if (br.add_to_multiple == "partner" and pile.multiple
                        and pile.owner != t.partner):
                    mandatory = -1
                    break
                mandatory |= 1 << j
                mandatory_sets += pile.sets
            if mandatory < 0:
                continue  # a set of this value would have to join a build we may not touch
        primaries: list[int] = []
        for hv in hvals:
            if hv == target:
                primaries.append(0)
            elif hv < target:
                primaries.extend(t.sets_of(target - hv, 1, True))
        if br.increase:
            for j in t.builds:
                pile = table[j]
                assert isinstance(pile, Pile)
                if pile.multiple or pile.value == target:
                    continue
                for hv in hvals:
                    rest = target - pile.value - hv
                    if rest == 0:
                        primaries.append(1 << j)
                    elif rest > 0 and br.increase_table_cards:
                        primaries.extend((1 << j) | (1 << i) for i in t.loose if rest in t.vals[i])
        for prim in primaries:
            base = prim | mandatory
            for extra, groups in t.gather_options(target, base):
                mask = base | extra
                if not mask or (mask, target) in done:
                    continue
                if prim == 0 and not extra and not mandatory:
                    continue  # the hand card alone: that is a trail
                done.add((mask, target))
                out.append(Build(h, target, t.items(mask), 1 + groups + mandatory_sets))
    return out


def _onto_builds(t: _Table, h: Card, held: set[int]) -> list[Move]:
    """Munter builds: the hand card onto one loose card or build; the sum must be held."""
    out: list[Move] = []
    hvals = t.rs.card_value_table[h.index]
    for i, item in enumerate(t.table):
        if isinstance(item, Pile) and (item.kind is not PileKind.BUILD or item.value >= 14):
            continue
        for target in sorted({hv + iv for hv in hvals for iv in t.vals[i]}):
            if target <= t.rs.build.max_value and target in held:
                out.append(Build(h, target, (item,), 1))
    return out


def _hand_stacks(t: _Table, h: Card, held: set[int]) -> list[Move]:
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


def _owned(table: tuple[TableItem, ...], player: int) -> list[Pile]:
    """The builds and stacks ``player`` controls (blocks carry no obligation)."""
    return [
        it for it in table
        if isinstance(it, Pile) and it.kind is not PileKind.BLOCK and it.owner == player
    ]


def _touches(move: Move, pile: Pile) -> bool:
    """Whether a generated move takes or adds to ``pile`` (generated moves hold the table's
    own objects, so identity is enough and much cheaper than comparing piles)."""
    if isinstance(move, Capture | Build):
        return any(it is pile for it in move.items)
    return False


def _breaks_obligation(
    rs: Ruleset, hand: tuple[Card, ...], owned: list[Pile], must_capture: bool, move: Move
) -> str | None:
    """Why ``move`` breaks an obligation of owning a build, or None if it keeps them all."""
    ob = rs.obligations
    if ob.capture_after_build and must_capture and not isinstance(move, Capture):
        return "you built last turn, so this turn you must capture something"
    if not owned:
        return None

    def names() -> str:
        return " and ".join(f"{p.value} {p.kind.value}" for p in owned)

    touched = [_touches(move, p) for p in owned]
    if ob.keep_stacking and not (
        any(touched)
        or (isinstance(move, Build | Capture) and move.value in {p.value for p in owned})
    ):
        return f"you are stacking: take your {names()} or make another stack of its value"
    if ob.no_trail_with_build and isinstance(move, Trail):
        return f"you may not trail while your {names()} is on the table"
    if ob.attend_own_build and not any(touched):
        return f"you must take, raise or duplicate your {names()} before anything else"
    if ob.keep_card:
        vt = rs.card_value_table
        rest = [c for c in hand if c != move.card and not rs.pair_only_table[c.index]]
        for pile, touches in zip(owned, touched, strict=True):
            if touches:
                continue
            if not any(pile.value in vt[c.index] for c in rest):
                return (
                    f"you must keep a card that can take your {pile.value} build "
                    f"({move.card} is your last one)"
                )
    return None


def _obliged(
    rs: Ruleset, player: int, hand: tuple[Card, ...], table: tuple[TableItem, ...],
    must_capture: bool, moves: list[Move],
) -> list[Move]:
    ob = rs.obligations
    if not (ob.attend_own_build or ob.no_trail_with_build or ob.keep_card or
            ob.keep_stacking or (ob.capture_after_build and must_capture)):
        return moves
    owned = _owned(table, player)
    if not owned and not must_capture:
        return moves
    kept = [m for m in moves if _breaks_obligation(rs, hand, owned, must_capture, m) is None]
    # An obligation nobody can meet (kasino: the build was taken and nothing else can be
    # captured) lapses: the player may make any move.
    return kept or moves


# ---------------------------------------------------------------------------- applying


def apply(state: State, move: Move) -> State:
    """The state after ``move``, which must be legal (``play`` checks; search trusts)."""
    rs = state.ruleset
    p = state.to_move
    card = move.card
    hands = list(state.hands)
    hands[p] = tuple(c for c in hands[p] if c != card)
    table = list(state.table)
    captures = state.captures
    sweeps = state.sweeps
    last_taker = state.last_taker
    must = list(state.must_capture) if state.must_capture else [False] * state.players
    must[p] = False  # kasino's duty lasts one turn: kept, or lapsed when nothing could be taken
    match move:
        case Trail():
            if rs.table_spaces is not None and len(table) >= rs.table_spaces:
                captures = _add(captures, p, (card,))  # munter: no free space
            else:
                table.append(card)
        case Capture(items=items):
            taken = [card]
            for item in items:
                table.remove(item)
                taken.extend(item_cards(item))
            captures = _add(captures, p, tuple(taken))
            last_taker = p
            if not table:
                sweeps = tuple(s + (i == p) for i, s in enumerate(sweeps))
        case Build(value=value, items=items, sets=sets):
            at = min(table.index(item) for item in items)
            cards: list[Card] = []
            for item in items:
                cards.extend(item_cards(item))
            cards.append(card)
            for item in items:
                table.remove(item)
            kind = PileKind.STACK if rs.build.style == "stacks" else PileKind.BUILD
            table.insert(at, Pile(kind, value, tuple(cards), p, sets))
            must[p] = rs.obligations.capture_after_build
        case Block(value=value, item=item):
            at = table.index(item)
            table[at] = Pile(PileKind.BLOCK, value, (*item_cards(item), card), p)
            must[p] = rs.obligations.capture_after_build
    new = State(
        rs, state.dealer, (p + 1) % len(hands), tuple(hands), tuple(table), state.stock,
        captures, sweeps, last_taker, tuple(must), state.deal_number,
    )
    draw_to = rs.deal.draw_to
    if draw_to and new.stock and len(new.hands[p]) < draw_to:
        need = min(draw_to - len(new.hands[p]), len(new.stock))
        hands = list(new.hands)
        hands[p] = hands[p] + new.stock[:need]
        new = replace(new, hands=tuple(hands), stock=new.stock[need:])
    if not any(new.hands):
        new = deal_next(new) if new.stock else _end_round(new)
    return new


def _add(
    captures: tuple[tuple[Card, ...], ...], p: int, cards: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return tuple(pile + cards if i == p else pile for i, pile in enumerate(captures))


def _end_round(state: State) -> State:
    """The last taker collects what is left on the table; that is not a sweep."""
    if state.last_taker is None or not state.table:
        return state
    left: list[Card] = []
    for item in state.table:
        left.extend(item_cards(item))
    return replace(state, table=(), captures=_add(state.captures, state.last_taker, tuple(left)))


def play(state: State, move: Move) -> State:
    """Apply ``move`` if it is legal; else raise IllegalMoveError saying why (state unchanged)."""
    if is_legal(state, move):
        return apply(state, move)
    raise IllegalMoveError(explain(state, move))


# ---------------------------------------------------------------------------- explaining


def match(pos: Position, card: Card, selection: Iterable[TableItem]) -> list[Move]:
    """The legal moves a click selection can mean: ``card`` played onto exactly ``selection``.

    An empty selection means trailing. Raises IllegalMoveError with the reason when the
    selection means no legal move; several moves mean the UI should offer a choice.
    """
    chosen = list(selection)
    key = _selection_key(chosen)
    found = [
        m for m in legal_moves(pos)
        if m.card == card and _selection_key(list(_move_items(m))) == key
    ]
    if found:
        return found
    raise IllegalMoveError(_selection_reason(pos, card, chosen))


def _move_items(move: Move) -> tuple[TableItem, ...]:
    match move:
        case Trail():
            return ()
        case Capture(items=items) | Build(items=items):
            return items
        case Block(item=item):
            return (item,)


def _selection_key(items: list[TableItem]) -> frozenset[int]:
    return frozenset(c.index for item in items for c in item_cards(item))


def explain(pos: Position, move: Move) -> str:
    """A sentence a player understands saying why ``move`` is not legal here."""
    hand = _hand_to_move(pos)
    if isinstance(pos, PlayerView) and pos.player != pos.to_move:
        return "it is not your turn"
    if move.card not in hand:
        return f"you do not hold {move.card}"
    for item in _move_items(move):
        if item not in pos.table:
            return f"{_describe(item)} is not on the table"
    return _selection_reason(pos, move.card, list(_move_items(move)), move)


def _describe(item: TableItem) -> str:
    if isinstance(item, Card):
        return str(item)
    cards = "+".join(str(c) for c in item.cards)
    kind = "build" if item.kind is PileKind.BUILD else item.kind.value
    if item.multiple:
        return f"the multiple {item.value} {kind} ({cards})"
    return f"the {item.value} {kind} ({cards})"


def _selection_reason(
    pos: Position, card: Card, chosen: list[TableItem], move: Move | None = None
) -> str:
    rs = pos.ruleset
    hand = _hand_to_move(pos)
    if isinstance(pos, PlayerView) and pos.player != pos.to_move:
        return "it is not your turn"
    if card not in hand:
        return f"you do not hold {card}"
    key = _selection_key(chosen)
    candidates = [
        m for m in _generate(rs, pos.to_move, hand, pos.table, _partner(pos))
        if m.card == card and _selection_key(list(_move_items(m))) == key
        and (move is None or m == move)
    ]
    owned = _owned(pos.table, pos.to_move)
    for m in candidates:
        why = _breaks_obligation(rs, hand, owned, _must_capture(pos), m)
        if why:
            return why
    if not chosen:
        return f"you cannot trail {card} now"
    vt = rs.card_value_table
    if rs.pair_only_table[card.index]:
        return f"a {card.name().split()[0]} takes exactly one card of its own rank and never builds"
    names = ", ".join(_describe(i) for i in chosen)
    faces = [i for i in chosen if isinstance(i, Card) and rs.pair_only_table[i.index]]
    if faces:
        return f"{faces[0]} can only be taken by another {faces[0].name().split()[0]}"
    blocks = [i for i in chosen if isinstance(i, Pile) and i.kind is PileKind.BLOCK]
    if blocks and len(chosen) > 1:
        return "a block is taken only on its own value, never together with other cards"
    piles = [i for i in chosen if isinstance(i, Pile) and i.kind is PileKind.BUILD]
    if isinstance(move, Build):
        target = move.value
        if target > rs.build.max_value:
            return f"builds go no higher than {rs.build.max_value}"
        others = {v for c in hand if c is not card for v in vt[c.index]}
        if target not in others:
            return f"to build {target} you must hold another card that takes {target}"
        multiple = [p for p in piles if p.multiple]
        if multiple and target != multiple[0].value:
            return f"{_describe(multiple[0])} has a fixed value: it cannot be raised"
        partner = _partner(pos)
        if rs.build.add_to_multiple == "partner":
            for p in multiple:
                if p.owner != partner:
                    return f"only a partner may add to {_describe(p)}"
        standing = [
            p for p in pos.table if isinstance(p, Pile) and p.kind is PileKind.BUILD
            and p.value == target and p not in chosen
        ]
        if rs.build.one_per_value and standing:
            return f"a new set of {target} must join {_describe(standing[0])} on the table"
        other_sets = [
            m for m in _generate(rs, pos.to_move, hand, pos.table, partner)
            if isinstance(m, Build) and m.card == card and m.value == target
            and _selection_key(list(m.items)) == key
        ]
        if other_sets:
            kind = "a single build" if other_sets[0].sets == 1 else (
                f"a multiple build of {other_sets[0].sets} sets")
            return f"{card} with {names} makes {kind} of {target}"
        if piles and rs.build.increase_table_cards == 0 and len(chosen) > 1:
            return "only a card from your hand may raise a build, no table cards"
        return f"{card} with {names} does not make a build of {target}"
    if (piles and not rs.capture.builds_in_sums and len(chosen) > 1
            and any(p.value not in vt[card.index] for p in piles)):
        return "a build is taken only whole and on its own value, never as part of a sum"
    take = f"{card} cannot take {names}: they do not make groups of {_value_text(vt[card.index])}"
    if isinstance(move, Capture) or rs.build.style == "none":
        return take
    total = sum(i.value if isinstance(i, Pile) else min(vt[i.index]) for i in chosen)
    build_value = min(vt[card.index]) + total
    if build_value > rs.build.max_value:
        return f"{take}; and a build of {build_value} is above {rs.build.max_value}"
    return f"{take}; and to build {build_value} you must hold a card of that value"


def _value_text(values: tuple[int, ...]) -> str:
    return " or ".join(str(v) for v in values)


def takers(ruleset: Ruleset, pile: Pile) -> str:
    """The tag on a pile naming what takes it: '8', '8 x2', 'block 7', 'stack 7', '12 (Q)',
    '14 (A)' — the card is named wherever the value alone does not say it."""
    value = str(pile.value)
    if pile.value > 10:
        names = sorted({
            str(c) if str(c) in ruleset.card_values else c.rank_text
            for c in DECK
            if pile.value in ruleset.values_of(c) and not ruleset.pair_only_table[c.index]
        })
        if names:
            value = f"{pile.value} ({'/'.join(names)})"
    if pile.kind is not PileKind.BUILD:
        return f"{pile.kind.value} {value}"
    return f"{value} x{pile.sets}" if pile.multiple else value
