"""The hint: the move the AI would play, with one line a player understands.

The move is the first of ``opinion``: the Expert level's search (IS-MCTS), asked exactly as
the post-game review asks it about the same position, so the review never marks ✗ a move
the hint suggested. The hint asked the Hard level's quicker search (a fifth of the
iterations, with the game totals) and the review the Expert's (on the round alone): the
review called 1.1 % of hinted moves a mistake (31 of 2,700 positions of Medium-level play
over the nine rulesets, ``benchmarks/hint_review.py``), some by 5-10 points near the game's
target. The search runs on the AI process; ``benchmarks/ai_speed.py`` times it. The reason
comes from the heuristic's assessment of that move: what it takes, what it risks, what a
build is waiting for. The line is a ``Reason`` (message id and parameters), so the window
says it in its own language; ``str()`` is English.
"""

from __future__ import annotations

from casino.ai.heuristic import Assessment, assess
from casino.ai.registry import expert
from casino.engine.cards import Card
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.rules import legal_moves
from casino.engine.state import Pile, PileKind, PlayerView, item_cards
from casino.engine.wording import Param, Reason

OPINION_SEED = "opinion"
"""The seed of the search that the hint and the post-game review both ask (``opinion``)."""
_SPECIAL = {"10D": "Big Casino", "2S": "Little Casino"}


def opinion(view: PlayerView, seed: int | str = OPINION_SEED) -> list[tuple[Move, float]]:
    """The Expert's candidate moves for ``view`` with their values in round points, its
    choice first: the hint plays the first, and the review judges a played move by them.

    A fresh search each time (the Expert level's, without what that player remembers of the
    opponent's moves), seeded by ``seed`` and the position, so one position gets one answer
    whoever asks. The game totals are set aside: the review weighs what a move cost in this
    round, and the table's view has them while the review's (a replayed round) did not;
    near the game's target the search would add the game's win to the round's points.
    """
    return expert(seed=seed).evaluate(view._replace(totals=()))


def hint(view: PlayerView) -> tuple[Move, Reason]:
    """The move to play and why, for the seat whose view this is (it must be their turn)."""
    moves = legal_moves(view)
    if not moves:
        raise ValueError("no move to hint: it is not this player's turn")
    move = opinion(view)[0][0]
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
        case Build(value=value, card=card):
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
            # The hint line shows the move itself ("build 9: 2♣ on 7♦"), so the reason says
            # only what the move does not: who takes the build, and its risk.
            # TRANSLATORS: why a build: 'you hold 9♦ to take it (risky: …)' (leave as it is).
            return Reason("{held}{risk}{end}", held=held, risk=risk, end=end)
        case Trail():  # the hint line names the card
            risk = _risk_text(view, a, True)
            others = [m for m in legal_moves(view) if not isinstance(m, Trail)]
            if any(isinstance(m, Capture) for m in others):  # the player sees the take
                return Reason("better here than any take: it gives away the least"
                              "{risk}{end}", risk=risk, end=end)
            if others and view.ruleset.build.style == "stacks":
                return Reason("no stack worth making: it gives away the least"
                              "{risk}{end}", risk=risk, end=end)
            if others:
                return Reason("no build worth making: it gives away the least"
                              "{risk}{end}", risk=risk, end=end)
            if view.ruleset.build.style == "stacks":
                return Reason("nothing to take or stack: it gives away the least"
                              "{risk}{end}", risk=risk, end=end)
            return Reason("nothing to take or build: it gives away the least"
                          "{risk}{end}", risk=risk, end=end)
        case Block(value=value):
            return Reason("blocks {value}: only a {value} can take it now{end}", value=value,
                          end=end)
