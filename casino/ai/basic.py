"""The two simplest policies: uniform random, and greedy on immediate points."""

from __future__ import annotations

import random
from typing import Protocol

from casino.engine.cards import Card
from casino.engine.moves import Build, Capture, Move, Trail
from casino.engine.rules import legal_moves
from casino.engine.ruleset import Ruleset
from casino.engine.state import PlayerView, item_cards


class Policy(Protocol):
    """Anything that picks a move from what one seat may know."""

    name: str

    def choose(self, view: PlayerView) -> Move: ...


class RandomPolicy:
    """Uniform over the legal moves, from its own seed (never the deal's)."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(f"random-policy:{seed}")

    def choose(self, view: PlayerView) -> Move:
        return self.rng.choice(legal_moves(view))


def card_worth(ruleset: Ruleset, card: Card) -> float:
    """Rough points a card is worth to its taker under this ruleset's scoring."""
    sc = ruleset.scoring
    worth = sc.most_cards / 27.0
    if card.suit == "S":
        worth += sc.most_spades / 7.0
    for cp in sc.card_points:
        if str(card) in cp.cards:
            worth += cp.points
    return worth


def immediate_gain(ruleset: Ruleset, view: PlayerView, move: Move) -> float:
    """Points a move banks at once: captured cards' worth plus a sweep."""
    match move:
        case Capture(card=card, items=items):
            taken = [card] + [c for item in items for c in item_cards(item)]
            gain = sum(card_worth(ruleset, c) for c in taken)
            if len(items) == len(view.table):
                gain += ruleset.scoring.sweep
            return gain
        case _:
            return 0.0


class GreedyPolicy:
    """Take the most valuable capture; else build toward one; else trail the least valuable card."""

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Move:
        rs = view.ruleset
        moves = legal_moves(view)
        captures = [m for m in moves if isinstance(m, Capture)]
        if captures:
            return max(captures, key=lambda m: immediate_gain(rs, view, m))
        builds = [m for m in moves if isinstance(m, Build)]
        if builds:
            return max(
                builds,
                key=lambda m: sum(card_worth(rs, c) for i in m.items for c in item_cards(i)),
            )
        trails = [m for m in moves if isinstance(m, Trail)] or moves
        return min(trails, key=lambda m: (card_worth(rs, m.card), -m.card.rank))


BASIC_POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy}
