"""The obligations of owning a build: what a ruleset forces on its controller's next moves.

``obliged`` filters the generated moves; ``breaks_obligation`` says why one move breaks
them. An obligation nobody can meet lapses: the player may then make any move.
"""

from __future__ import annotations

from itertools import combinations

from casino.engine.cards import Card
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.ruleset import Ruleset
from casino.engine.state import Pile, PileKind, TableItem
from casino.engine.wording import Reason

_BLOCK = PileKind.BLOCK


def owned(table: tuple[TableItem, ...], player: int) -> list[Pile]:
    """The builds and stacks ``player`` controls (blocks carry no obligation)."""
    return [
        it for it in table
        if type(it) is Pile and it.kind is not _BLOCK and it.owner == player
    ]


def binds(rs: Ruleset, must_capture: bool) -> bool:
    """Whether any obligation of the ruleset can apply at all this turn."""
    ob = rs.obligations
    if ob.attend_own_build or ob.no_trail_with_build or ob.keep_card or ob.keep_stacking:
        return True
    return must_capture and ob.capture_after_build


def _touches(move: Move, pile: Pile) -> bool:
    """Whether a move takes or adds to ``pile`` (moves hold the table's own objects, so
    identity is enough and much cheaper than comparing piles)."""
    if isinstance(move, Capture | Build):
        return any(it is pile for it in move.items)
    return False


def short_of_takers(
    rs: Ruleset, values: set[int], rest: list[Card]
) -> tuple[list[int], list[Card]] | None:
    """Build values the cards ``rest`` cannot answer for one card each, and the cards that
    take them; None when every value has a card of its own.

    One card takes any number of builds of one value in a play, never two values: a card of
    several values (Kasino's 10 of Diamonds, 10 or 16) kept for a 10 build and a 16 build
    leaves one of them on the table when the hand is empty. Every single value has a taker
    already (the duty per build), so sets of two or more are tried, smallest first (Hall)."""
    vt = rs.card_value_table
    order = sorted(values)
    for size in range(2, len(order) + 1):
        for chosen in combinations(order, size):
            takers = [c for c in rest if any(v in vt[c.index] for v in chosen)]
            if len(takers) < size:
                return list(chosen), takers
    return None


def _several_values(rs: Ruleset, hand: tuple[Card, ...]) -> bool:
    """Whether a number card of ``hand`` counts more than one value: only then may one card
    seem to answer for builds of two values."""
    if not rs.several_values:
        return False  # no such card in the ruleset (all but Kasino and Royal)
    one = rs.sum_single_table  # -1: a number card of several values
    return any(one[c.index] < 0 for c in hand)


def breaks_obligation(
    rs: Ruleset, hand: tuple[Card, ...], piles: list[Pile], must_capture: bool, move: Move
) -> Reason | None:
    """Why ``move`` breaks an obligation of owning ``piles``, or None if it keeps them all."""
    ob = rs.obligations
    if ob.capture_after_build and must_capture and not isinstance(move, Capture):
        return Reason("you built last turn, so this turn you must capture something")
    if not piles:
        return None
    touched = [_touches(move, p) for p in piles]
    if ob.keep_stacking and not (
        any(touched)
        or (isinstance(move, Build | Capture) and move.value in {p.value for p in piles})
    ):
        return Reason("you are stacking: take your {piles:short} or make another stack of its "
                      "value", piles=tuple(piles))
    if ob.no_trail_with_build and isinstance(move, Trail):
        return Reason("you may not trail while your {piles:short} is on the table",
                      piles=tuple(piles))
    if ob.attend_own_build and not any(touched):
        return Reason("you must take, raise or duplicate your {piles:short} before anything "
                      "else", piles=tuple(piles))
    if ob.keep_card:
        vt = rs.card_value_table
        rest = [c for c in hand if c != move.card and not rs.pair_only_table[c.index]]
        for pile, touches in zip(piles, touched, strict=True):
            if touches:
                continue
            if not any(pile.value in vt[c.index] for c in rest):
                return Reason("you may play {card} only on your {piles:short}, since it is "
                              "the last card you hold that can take it", piles=(pile,),
                              card=move.card)
        if _several_values(rs, hand):
            left = [p for p, touches in zip(piles, touched, strict=True) if not touches]
            if isinstance(move, Build):
                left.append(Pile(piles[0].kind, move.value, (*_cards(move.items), move.card),
                                 piles[0].owner, move.sets))
            short = short_of_takers(rs, {p.value for p in left}, rest)
            if short is not None:
                values, takers = short
                needy = tuple(p for p in left if p.value in values)
                if isinstance(move, Build):
                    return Reason("you may not build {value} with {card}: only {takers:and} "
                                  "would be left in your hand to take your {piles:short}, and "
                                  "one card takes builds of only one value in a play",
                                  value=move.value, card=move.card, piles=needy,
                                  takers=tuple(takers))
                return Reason("you may not play {card} here: only {takers:and} would be left "
                              "in your hand to take your {piles:short}, and one card takes "
                              "builds of only one value in a play", card=move.card,
                              piles=needy, takers=tuple(takers))
    return None


def _cards(items: tuple[TableItem, ...]) -> tuple[Card, ...]:
    """The cards of table items, piles opened."""
    out: list[Card] = []
    for it in items:
        out += (it,) if type(it) is Card else it.cards  # type: ignore[union-attr]
    return tuple(out)


def obliged(
    rs: Ruleset, player: int, hand: tuple[Card, ...], table: tuple[TableItem, ...],
    must_capture: bool, moves: list[Move],
) -> list[Move]:
    """The ``moves`` that keep the obligations, or all of them when none does.

    The same verdicts as ``breaks_obligation``, with what does not depend on the move (the
    piles owned, the cards that could take each) worked out once."""
    if not binds(rs, must_capture):
        return moves
    piles = owned(table, player)
    if not piles and not must_capture:
        return moves
    ob = rs.obligations
    capture_only = ob.capture_after_build and must_capture
    ids = [id(p) for p in piles]
    values = {p.value for p in piles}
    takers: list[set[int]] = []
    several = False  # a card of several values may seem to answer for two builds
    if ob.keep_card:
        vt = rs.card_value_table
        po = rs.pair_only_table
        takers = [
            {c.index for c in hand if not po[c.index] and p.value in vt[c.index]} for p in piles
        ]
        several = _several_values(rs, hand)

    # ``breaks_obligation`` per move, written out as one loop with the item look-ups in C
    # (a call and two comprehensions per move cost most of a turn with a build on the table).
    stacking = ob.keep_stacking
    no_trail = ob.no_trail_with_build
    attend = ob.attend_own_build
    kept: list[Move] = []
    for move in moves:
        kind = type(move)
        if capture_only and kind is not Capture:
            continue
        if not piles:
            kept.append(move)
            continue
        on: set[int] | None = None
        if kind is Capture or kind is Build:
            on = set(map(id, move.items))  # type: ignore[union-attr]
            touches_any = not on.isdisjoint(ids)
        else:
            touches_any = False
        if stacking and not (touches_any or (kind is not Trail and kind is not Block
                                             and move.value in values)):  # type: ignore[union-attr]
            continue
        if no_trail and kind is Trail:
            continue
        if attend and not touches_any:
            continue
        if takers:
            k = move.card.index
            broken = False
            for pid, can in zip(ids, takers, strict=True):
                # the pile is left while no other card of the hand could take it
                if (on is None or pid not in on) and (not can or (len(can) == 1 and k in can)):
                    broken = True
                    break
            if broken:
                continue
            if several and (kind is Build or len(ids) > 1):  # else one value at most
                left = [p.value for pid, p in zip(ids, piles, strict=True)
                        if on is None or pid not in on]
                if kind is Build:
                    left.append(move.value)  # type: ignore[union-attr]
                if len(left) > 1 and short_of_takers(
                        rs, set(left), [c for c in hand if c is not move.card and not po[c.index]]
                ) is not None:
                    continue
        kept.append(move)
    return kept or moves
