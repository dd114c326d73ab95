"""Small helpers shared by the engine tests: positions and moves from text."""

from __future__ import annotations

from casino.engine import Move, State, legal_moves, load_ruleset, play, score_round
from casino.engine.notation import format_move, parse_move, parse_position


def pos(text: str, ruleset: str = "classic") -> State:
    """A position from its one-line notation (``*`` fills in the unnamed cards)."""
    return parse_position(load_ruleset(ruleset), text)


def move(state: State, text: str) -> Move:
    return parse_move(state, text)


def legal_texts(state: State) -> list[str]:
    return [format_move(m) for m in legal_moves(state)]



def last_trick_score(tail: str, ruleset: str) -> dict[str, tuple[int, ...]]:
    """Score of a round ending with seat 0 sweeping the 5H with the 5C, seat 1 trailing KS.

    ``tail`` gives the sweeps and last-taker fields (``"1/2;0"``); the other cards are
    in seat 0's capture pile.
    """
    state = pos(f"0;1;5C/KS;5H;*/-;-;{tail}", ruleset)
    for text in ("5C x 5H", "KS t"):
        state = play(state, parse_move(state, text))
    assert state.is_over()
    return score_round(state).by_category()
