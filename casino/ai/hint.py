"""The hint: the move the AI would play, with one line a player understands.

The move comes from the same search as the computer player (IS-MCTS with the ``hard``
budget, so it answers well within 150 ms); the reason comes from the heuristic's assessment of that
move: what it takes, what it risks, what a build is waiting for. The line is a ``Reason``
(message id and parameters), so the window says it in its own language; ``str()`` is English.
"""

from __future__ import annotations

from casino.ai.heuristic import Assessment, assess
from casino.ai.registry import hard
from casino.engine.cards import Card
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.rules import legal_moves
from casino.engine.state import Pile, PileKind, PlayerView, item_cards
from casino.engine.wording import Param, Reason

HINT_SEED = "hint"
_SPECIAL = {"10D": "Big Casino", "2S": "Little Casino"}


def hint(view: PlayerView) -> tuple[Move, Reason]:
    """The move to play and why, for the seat whose view this is (it must be their turn)."""
    moves = legal_moves(view)
    if not moves:
        raise ValueError("no move to hint: it is not this player's turn")
    searcher = hard(seed=HINT_SEED)  # the same code and budget as the Hard level
    move = searcher.choose(view)
    found = assess(view, [move])[0]
    return move, reason(view, found, exact=view.stock_count == 0)


def _card_named(card: Card) -> Param:
    """'Big Casino (10D)' for the special cards, else the card."""
    if str(card) == "10D":
        return Reason("Big Casino ({card})", card=card)
    if str(card) == "2S":
        return Reason("Little Casino ({card})", card=card)
    return card


def _takes_text(view: PlayerView, move: Capture) -> Reason:
    """'Big Casino (10D), an Ace and 2 other cards'."""
    pts = view.ruleset.scoring.card_points
    scoring = {t for cp in pts for t in cp.cards if cp.points}
    cards = [c for it in move.items for c in item_cards(it)]
    named: list[Param] = []
    aces = 0
    plain: list[Card] = []
    in_builds = {c.index for it in move.items if isinstance(it, Pile) for c in it.cards}
    for c in [*cards, move.card]:
        if str(c) in _SPECIAL and str(c) in scoring:
            named.append(_card_named(c))
        elif c.rank == 1 and str(c) in scoring:
            aces += 1
        elif c is not move.card and c.index not in in_builds:
            plain.append(c)
    if aces:
        named.append(Reason("an Ace") if aces == 1 else Reason("{count} Aces", count=aces))
    for b in (it for it in move.items if isinstance(it, Pile)):
        named.insert(0, _pile_named(b, b.owner == view.player))
    if len(plain) <= 2:
        named.extend(plain)
    elif named:  # three or more
        named.append(Reason("{count} other cards", count=len(plain)))
    else:
        named.append(Reason("{count} cards", count=len(plain)))
    if not named:
        return Reason("the table")
    # TRANSLATORS: what a capture takes, listed: 'an Ace, 3♠ and 5♦' (leave as it is).
    return Reason("{parts:and}", parts=tuple(named))


def _pile_named(pile: Pile, own: bool) -> Reason:
    """'your 8 build', 'their 7 stack', 'their 9 block': each variant's own word."""
    if pile.kind is PileKind.STACK:
        return (Reason("your {value} stack", value=pile.value) if own
                else Reason("their {value} stack", value=pile.value))
    if pile.kind is PileKind.BLOCK:
        return (Reason("your {value} block", value=pile.value) if own
                else Reason("their {value} block", value=pile.value))
    return (Reason("your {value} build", value=pile.value) if own
            else Reason("their {value} build", value=pile.value))


def _risk_text(view: PlayerView, a: Assessment, table_left: bool) -> Param:
    if not table_left or not view.ruleset.scoring.sweep:
        return ""
    if a.sweep_risk < 0.05:
        return Reason(" and leaves no sweep") if a.threat < 0.6 else ""
    if a.sweep_risk > 0.5:
        return Reason(" but your opponent may sweep ({chance:.0%})", chance=a.sweep_risk)
    return ""


def reason(view: PlayerView, a: Assessment, exact: bool = False) -> Reason:
    """One line saying why move ``a.move`` is good."""
    move = a.move
    left = len(view.table) - (len(move.items) if isinstance(move, Capture) else 0)
    end: Param = Reason(" (the best play to the end of the round)") if exact else ""
    match move:
        case Capture():
            taken = _takes_text(view, move)
            if left == 0 and view.ruleset.scoring.sweep:
                return Reason("sweeps the table for {points} point, taking {taken}{end}",
                              points=view.ruleset.scoring.sweep, taken=taken, end=end)
            if left == 0:
                return Reason("clears the table, taking {taken}{end}", taken=taken, end=end)
            rest: Param = ""
            if a.last_collect > 0:
                rest = Reason(", and the cards left on the table come to you at the end")
            return Reason("takes {taken}{risk}{rest}{end}", taken=taken,
                          risk=_risk_text(view, a, True), rest=rest, end=end)
        case Build(value=value, sets=sets, card=card):
            holders = [
                c for c in view.hand if c is not card and view.ruleset.takes_pile(c, value)
            ]
            held = (Reason("you hold {card} to take it", card=holders[0]) if holders
                    else Reason("you can take it later"))
            risk: Param = ""
            if a.safe_build < 0.5:
                risk = Reason(" (risky: your opponent may hold a {value})", value=value)
            elif a.safe_build > 0.95:
                risk = Reason(" and your opponent cannot take it")
            cards = [c for it in move.items for c in item_cards(it)] + [card]
            if sets > 1 and all(c.rank == cards[0].rank for c in cards):
                return Reason("puts {card} with {firsts:and}: {held}, all together{risk}{end}",
                              card=card, firsts=tuple(cards[:-1]), held=held, risk=risk,
                              end=end)
            if sets > 1:
                return Reason("builds a multiple {value}: {held}{risk}{end}", value=value,
                              held=held, risk=risk, end=end)
            if view.ruleset.build.style == "stacks":  # Casino 33 stacks, never builds
                return Reason("stacks {value}: {held}{risk}{end}", value=value, held=held,
                              risk=risk, end=end)
            return Reason("builds {value}: {held}{risk}{end}", value=value, held=held,
                          risk=risk, end=end)
        case Trail(card=card):
            risk = _risk_text(view, a, True)
            if any(not isinstance(m, Trail) for m in legal_moves(view)):
                return Reason("nothing worth taking: trailing {card} gives away the least"
                              "{risk}{end}", card=card, risk=risk, end=end)
            if view.ruleset.build.style == "stacks":
                return Reason("nothing to take or stack: trailing {card} gives away the least"
                              "{risk}{end}", card=card, risk=risk, end=end)
            return Reason("nothing to take or build: trailing {card} gives away the least"
                          "{risk}{end}", card=card, risk=risk, end=end)
        case Block(value=value):
            return Reason("blocks {value}: only a {value} can take it now{end}", value=value,
                          end=end)
