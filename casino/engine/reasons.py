"""Why a move is refused, in words a player understands, and the tags that name what
takes a pile. Reasons are looked for only after a move is found illegal; each is a
``Reason`` (message id and parameters), so a window can say it in its own language."""

from __future__ import annotations

from casino.engine.cards import DECK, Card
from casino.engine.generate import Position, generate, hand_to_move, must_capture, partner_of
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.obligations import breaks_obligation, owned
from casino.engine.ruleset import Ruleset
from casino.engine.state import Pile, PileKind, PlayerView, TableItem, item_cards
from casino.engine.wording import Reason


def move_items(move: Move) -> tuple[TableItem, ...]:
    match move:
        case Trail():
            return ()
        case Capture(items=items) | Build(items=items):
            return items
        case Block(item=item):
            return (item,)


def selection_key(items: list[TableItem]) -> frozenset[int]:
    return frozenset(c.index for item in items for c in item_cards(item))


def explain(pos: Position, move: Move) -> Reason:
    """Why ``move`` is not legal here, in a sentence a player understands."""
    hand = hand_to_move(pos)
    if isinstance(pos, PlayerView) and pos.player != pos.to_move:
        return Reason("it is not your turn")
    if move.card not in hand:
        return Reason("you do not hold {card}", card=move.card)
    for item in move_items(move):
        if item not in pos.table:
            return Reason("{item} is not on the table", item=item)
    return selection_reason(pos, move.card, list(move_items(move)), move)


def selection_reason(
    pos: Position, card: Card, chosen: list[TableItem], move: Move | None = None
) -> Reason:
    """Why ``card`` played onto ``chosen`` (as ``move``, if given) is not legal here."""
    rs = pos.ruleset
    hand = hand_to_move(pos)
    if isinstance(pos, PlayerView) and pos.player != pos.to_move:
        return Reason("it is not your turn")
    if card not in hand:
        return Reason("you do not hold {card}", card=card)
    key = selection_key(chosen)
    candidates = [
        m for m in generate(rs, pos.to_move, hand, pos.table, partner_of(pos))
        if m.card == card and selection_key(list(move_items(m))) == key
        and (move is None or m == move)
    ]
    piles = owned(pos.table, pos.to_move)
    for m in candidates:
        why = breaks_obligation(rs, hand, piles, must_capture(pos), m)
        if why:
            return why
    if not chosen:
        return Reason("you cannot trail {card} now", card=card)
    vt = rs.card_value_table
    if rs.pair_only_table[card.index]:
        if rs.build.style == "stacks":
            return Reason("a {card:rank} takes exactly one card of its own rank and never "
                          "stacks", card=card)
        return Reason("a {card:rank} takes exactly one card of its own rank and never builds",
                      card=card)
    names = tuple(chosen)
    faces = [i for i in chosen if isinstance(i, Card) and rs.pair_only_table[i.index]]
    if faces:
        return Reason("{card} can only be taken by another {card:rank}", card=faces[0])
    blocks = [i for i in chosen if isinstance(i, Pile) and i.kind is PileKind.BLOCK]
    if blocks and len(chosen) > 1:
        return Reason(
            "a block is taken only on its own value, never together with other cards")
    piles = [i for i in chosen if isinstance(i, Pile) and i.kind is PileKind.BUILD]
    if isinstance(move, Build):
        target = move.value
        if target > rs.build.max_value:
            return Reason("builds go no higher than {value}", value=rs.build.max_value)
        others = {v for c in hand if c is not card for v in vt[c.index]}
        if target not in others:
            return Reason("to build {value} you must hold another card that takes {value}",
                          value=target)
        multiple = [p for p in piles if p.multiple]
        if multiple and target != multiple[0].value:
            return Reason("{pile} has a fixed value: it cannot be raised", pile=multiple[0])
        partner = partner_of(pos)
        who = rs.build.add_to_multiple
        for p in multiple:
            if who == "partner" and p.owner != partner:
                return Reason("only a partner may add to {pile}", pile=p)
            if who == "owner_side" and p.owner not in (pos.to_move, partner):
                return Reason("only its owner or the owner's partner may add to {pile}", pile=p)
        standing = [
            p for p in pos.table if isinstance(p, Pile) and p.kind is PileKind.BUILD
            and p.value == target and p not in chosen
        ]
        if rs.build.one_per_value and standing:
            return Reason("a new set of {value} must join {pile} on the table", value=target,
                          pile=standing[0])
        other_sets = [
            m for m in generate(rs, pos.to_move, hand, pos.table, partner)
            if isinstance(m, Build) and m.card == card and m.value == target
            and selection_key(list(m.items)) == key
        ]
        if other_sets:
            if other_sets[0].sets == 1:
                return Reason("{card} with {items} makes a single build of {value}",
                              card=card, items=names, value=target)
            return Reason("{card} with {items} makes a multiple build of {sets} sets of {value}",
                          card=card, items=names, sets=other_sets[0].sets, value=target)
        if piles and rs.build.increase_table_cards == 0 and len(chosen) > 1:
            return Reason("only a card from your hand may raise a build, no table cards")
        return Reason("{card} with {items} does not make a build of {value}",
                      card=card, items=names, value=target)
    if (piles and not rs.capture.builds_in_sums and len(chosen) > 1
            and any(p.value not in vt[card.index] for p in piles)):
        return Reason("a build is taken only whole and on its own value, never as part of a sum")
    values = vt[card.index]
    if isinstance(move, Capture) or rs.build.style == "none":
        return Reason("{card} cannot take {items}: a card takes only cards that add up to its "
                      "value ({values:or}), one set or several at once",
                      card=card, items=names, values=values)
    total = sum(i.value if isinstance(i, Pile) else min(vt[i.index]) for i in chosen)
    build_value = min(vt[card.index]) + total
    most = rs.build.max_value
    stacks = rs.build.style == "stacks"  # Casino 33 calls its piles stacks, never builds
    if build_value > most:
        cause = (Reason("a stack of {value} is above {most}", value=build_value, most=most)
               if stacks else
               Reason("a build of {value} is above {most}", value=build_value, most=most))
    else:
        cause = (Reason("to stack {value} you must hold a card of that value", value=build_value)
               if stacks else
               Reason("to build {value} you must hold a card of that value", value=build_value))
    return Reason("{card} cannot take {items}: a card takes only cards that add up to its value "
                  "({values:or}), one set or several at once; and {why}",
                  card=card, items=names, values=values, why=cause)


def takers(ruleset: Ruleset, pile: Pile) -> str:
    """The tag on a pile naming what takes it: '8', '8 x2', 'block 7', 'stack 7', '12 (Q)',
    '14 (A)' — the card is named wherever the value alone does not say it."""
    value = str(pile.value)
    if pile.value > 10:
        names = sorted({
            str(c) if str(c) in ruleset.card_values else c.rank_text
            for c in DECK
            if ruleset.takes_pile(c, pile.value)
        })
        if names:
            value = f"{pile.value} ({'/'.join(names)})"
    if pile.kind is not PileKind.BUILD:
        return f"{pile.kind.value} {value}"
    return f"{value} x{pile.sets}" if pile.multiple else value
