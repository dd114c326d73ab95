"""Small helpers shared by the engine tests: positions and moves from text."""

from __future__ import annotations

from casino.engine import Move, State, legal_moves, load_ruleset
from casino.engine.notation import format_move, parse_move, parse_position


def pos(text: str, ruleset: str = "classic") -> State:
    """A position from its one-line notation (``*`` fills in the unnamed cards)."""
    return parse_position(load_ruleset(ruleset), text)


def move(state: State, text: str) -> Move:
    return parse_move(state, text)


def legal_texts(state: State) -> list[str]:
    return [format_move(m) for m in legal_moves(state)]
