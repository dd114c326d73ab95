"""The hint: the move the AI would play, with one line a player understands.

The move comes from the same search as the computer player (IS-MCTS with the ``hard``
budget, so it answers well within 150 ms); the reason comes from the heuristic's assessment of that
move: what it takes, what it risks, what a build is waiting for.
"""

from __future__ import annotations

from casino.ai.heuristic import Assessment, assess
from casino.ai.registry import hard
from casino.engine.cards import Card
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.rules import legal_moves
from casino.engine.state import Pile, PlayerView, item_cards

HINT_SEED = "hint"
_SPECIAL = {"10D": "Big Casino", "2S": "Little Casino"}


def hint(view: PlayerView) -> tuple[Move, str]:
    """The move to play and why, for the seat whose view this is (it must be their turn)."""
    moves = legal_moves(view)
    if not moves:
        raise ValueError("no move to hint: it is not this player's turn")
    searcher = hard(seed=HINT_SEED)  # the same code and budget as the Hard level
    move = searcher.choose(view)
    found = assess(view, [move])[0]
    return move, reason(view, found, exact=view.stock_count == 0)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _card_text(card: Card) -> str:
    text = str(card)
    return f"{_SPECIAL[text]} ({text})" if text in _SPECIAL else text


def _takes_text(view: PlayerView, move: Capture) -> str:
    """'Big Casino (10D), an Ace and 2 other cards'."""
    pts = view.ruleset.scoring.card_points
    scoring = {t for cp in pts for t in cp.cards if cp.points}
    cards = [c for it in move.items for c in item_cards(it)]
    named: list[str] = []
    aces = 0
    plain: list[Card] = []
    in_builds = {c.index for it in move.items if isinstance(it, Pile) for c in it.cards}
    for c in [*cards, move.card]:
        if str(c) in _SPECIAL and str(c) in scoring:
            named.append(_card_text(c))
        elif c.rank == 1 and str(c) in scoring:
            aces += 1
        elif c is not move.card and c.index not in in_builds:
            plain.append(c)
    if aces:
        named.append("an Ace" if aces == 1 else f"{aces} Aces")
    for b in (it for it in move.items if isinstance(it, Pile)):
        whose = "your" if b.owner == view.player else "their"
        named.insert(0, f"{whose} {b.value} build")
    if len(plain) <= 2:
        named.extend(str(c) for c in plain)
    else:
        named.append(_plural(len(plain), "other card") if named else _plural(len(plain), "card"))
    return _join(named) if named else "the table"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _risk_text(view: PlayerView, a: Assessment, table_left: bool) -> str:
    if not table_left or not view.ruleset.scoring.sweep:
        return ""
    if a.sweep_risk < 0.05:
        return " and leaves no sweep" if a.threat < 0.6 else ""
    if a.sweep_risk > 0.5:
        return f" but your opponent may sweep ({a.sweep_risk:.0%})"
    return ""


def reason(view: PlayerView, a: Assessment, exact: bool = False) -> str:
    """One line saying why move ``a.move`` is good."""
    move = a.move
    left = len(view.table) - (len(move.items) if isinstance(move, Capture) else 0)
    endgame = " (the best play to the end of the round)" if exact else ""
    match move:
        case Capture():
            if left == 0 and view.ruleset.scoring.sweep:
                head = f"sweeps the table for {view.ruleset.scoring.sweep} point"
                return f"{head}, taking {_takes_text(view, move)}{endgame}"
            if left == 0:
                return f"clears the table, taking {_takes_text(view, move)}{endgame}"
            text = f"takes {_takes_text(view, move)}{_risk_text(view, a, True)}"
            if a.last_collect > 0:
                text += ", and the cards left on the table come to you at the end"
            return text + endgame
        case Build(value=value, sets=sets, card=card):
            holders = [
                c for c in view.hand if c is not card
                and value in view.ruleset.card_value_table[c.index]
                and not view.ruleset.pair_only_table[c.index]
            ]
            held = f"you hold {holders[0]} to take it" if holders else "you can take it later"
            kind = f"a multiple {value}" if sets > 1 else str(value)
            cards = [c for it in move.items for c in item_cards(it)] + [card]
            if sets > 1 and all(c.rank == cards[0].rank for c in cards):
                firsts = _join([str(c) for c in cards[:-1]])
                text = f"puts {card} with {firsts}: {held}, all together"
            else:
                text = f"builds {kind}: {held}"
            if a.safe_build < 0.5:
                text += f" (risky: your opponent may hold a {value})"
            elif a.safe_build > 0.95:
                text += " and your opponent cannot take it"
            return text + endgame
        case Trail(card=card):
            others = [m for m in legal_moves(view) if not isinstance(m, Trail)]
            why = "nothing worth taking" if others else "nothing to take or build"
            text = f"{why}: trailing {card} gives away the least"
            return text + _risk_text(view, a, True) + endgame
        case Block(value=value):
            return f"blocks {value}: only a {value} can take it now" + endgame
