"""Every claim a hint makes about a move, checked against the engine.

For positions of seeded random play in every ruleset, each legal move's reason (the
sentence the hint shows) is compared with what the engine does when that move is played:
what a capture takes, whether it clears the table, the chance the next player can take a
new build ("cannot take it", "risky"), a block's value, whether anything but a trail was
possible. Issue 17: the heuristic once judged moves on its own copy of the rules.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from math import comb

import pytest

from casino.ai.heuristic import assess, seat_holding
from casino.ai.hint import SPECIAL, reason, worth_naming
from casino.engine import (
    Block,
    Build,
    Capture,
    Card,
    Game,
    Pile,
    PileKind,
    State,
    Trail,
    apply,
    legal_moves,
    load_ruleset,
)
from casino.engine.ruleset import bundled_names
from casino.engine.state import PlayerView, item_cards
from casino.engine.transition import after_move
from casino.engine.wording import Reason


def random_positions(name: str, count: int) -> list[State]:
    """States of seeded random two-player play, every one where the mover has a choice."""
    rs = load_ruleset(name)
    rng = random.Random(f"claims:{name}")
    out: list[State] = []
    game = 0
    while len(out) < count:
        state = Game.start(rs, 2, f"claims:{game}").round
        game += 1
        while not state.is_over() and len(out) < count:
            moves = legal_moves(state)
            if len(moves) > 1:
                out.append(state)
            state = apply(state, rng.choice(moves))
    return out


def take_chance(state: State, view: PlayerView, move: Build) -> float:
    """The engine's chance that the next player can take the pile ``move`` makes: the
    unseen cards that take it, dealt into a hand of the size the heuristic assumes."""
    after = after_move(state, move)
    pile = next(it for it in after.table if isinstance(it, Pile) and move.card in it.cards)
    nxt = (view.player + 1) % view.players
    hand = view.hand_counts[nxt]
    if hand == 0 and view.stock_count > 0:
        hand = view.ruleset.deal.hand
    unseen = view.unseen()
    if hand <= 0 or not unseen:
        return 0.0
    takers = 0
    for card in unseen:
        probe = seat_holding(after, nxt, (card,))
        if any(isinstance(m, Capture) and any(it is pile for it in m.items)
               for m in legal_moves(probe)):
            takers += 1
    if hand >= len(unseen):
        return 1.0 if takers else 0.0
    return 1.0 - comb(len(unseen) - takers, hand) / comb(len(unseen), hand)


def can_be_raised(state: State, view: PlayerView, move: Build) -> bool:
    """Whether the engine lets the next player, holding some hand of the unseen cards (any
    two of them, or one where one card is all they will hold), add to the pile ``move``
    makes and change its value: what "but may raise it" claims."""
    after = after_move(state, move)
    pile = next(it for it in after.table if isinstance(it, Pile) and move.card in it.cards)
    nxt = (view.player + 1) % view.players
    size = view.hand_counts[nxt] or (view.ruleset.deal.hand if view.stock_count else 0)
    unseen = sorted(set(view.unseen()), key=lambda c: c.index)
    hands = [(c,) for c in unseen] if size == 1 else [
        (a, b) for i, a in enumerate(unseen) for b in unseen[i + 1:]] if size else []
    for hand in hands:
        probe = seat_holding(after, nxt, hand)
        if any(isinstance(m, Build) and any(it is pile for it in m.items)
               and m.value != pile.value for m in legal_moves(probe)):
            return True
    return False


def check_capture(state: State, view: PlayerView, move: Capture, why: str) -> None:
    """What the reason says a capture takes is what the engine moves to the capture pile:
    the other side's piles, the scoring specials and Aces, never a plain card (the move
    names those itself)."""
    mover = state.to_move
    after = after_move(state, move)
    taken = list(after.captures[mover][len(state.captures[mover]):])
    assert Counter(taken) == Counter([*(c for it in move.items for c in item_cards(it)),
                                      move.card])
    if not after.table:
        assert why.startswith(("sweeps the table", "clears the table")), why
    else:
        assert not why.startswith(("sweeps", "clears")), why
    named = worth_naming(view, move)
    text = str(Reason("{taken:and}", taken=named))
    assert (f"takes {text}" in why) == bool(named), (why, move)
    scoring = {t for cp in view.ruleset.scoring.card_points for t in cp.cards if cp.points}
    piles = [it for it in move.items if isinstance(it, Pile)]
    specials = {c for c in taken if str(c) in SPECIAL and str(c) in scoring}
    aces = [c for c in taken if c.rank == 1 and str(c) in scoring and c not in specials]
    parts = text.replace(" and ", ", ").split(", ") if named else []
    kinds = (" build", " stack", " block")  # each pile by its variant's word
    builds = sorted(p for p in parts if p.endswith(kinds))
    assert builds == sorted(f"their {pile.value} {pile.kind.value}" for pile in piles
                            if view.side_of(pile.owner) != view.side_of(mover)), (why, move)
    named_specials = {Card.parse(p[-4:-1].strip("(")) for p in parts if p.endswith(")")}
    assert named_specials == specials, (why, move)
    ace_parts = [p for p in parts if p in ("an Ace",) or p.endswith(" Aces")]
    assert sum(1 if p == "an Ace" else int(p.split()[0]) for p in ace_parts) == len(aces), why
    assert len(parts) == len(builds) + len(named_specials) + len(ace_parts), (why, move)
    cards = {Card.parse(c) for c in re.findall(r"\b(?:10|[2-9AJQK])[CDHS]\b", why)}
    assert cards <= specials, (why, move)  # a plain card the move shows is not said again


def check_claims(state: State, tally: Counter[str]) -> None:
    view = state.view_for(state.to_move)
    moves = legal_moves(view)
    only_trails = all(isinstance(m, Trail) for m in moves)
    for a in assess(view, moves):
        move = a.move
        said = reason(view, a)
        why = "" if said is None else str(said)
        if isinstance(move, Capture):
            check_capture(state, view, move, why)
            tally["takes"] += 1
        elif isinstance(move, Build):
            if "cannot take it" in why:
                assert take_chance(state, view, move) <= 0.05, (why, move, view)
                raised = "may raise it" in why
                assert can_be_raised(state, view, move) == raised, (why, move, view)
                tally["but may raise it" if raised else "cannot take it"] += 1
            elif "risky" in why:
                assert take_chance(state, view, move) >= 0.5, (why, move, view)
                tally["risky"] += 1
            else:
                tally["build"] += 1
        elif isinstance(move, Trail):
            assert why.startswith(("nothing to take or build", "nothing to take or stack")) \
                == only_trails, why
            tally["trail"] += 1
        else:
            assert isinstance(move, Block)
            pile = next(it for it in after_move(state, move).table
                        if isinstance(it, Pile) and move.card in it.cards)
            assert pile.kind is PileKind.BLOCK and f"only a {pile.value} can take it" in why
            tally["block"] += 1


@pytest.mark.parametrize("name", bundled_names())
def test_hint_claims_agree_with_the_engine(name: str) -> None:
    tally: Counter[str] = Counter()
    for state in random_positions(name, 40):
        check_claims(state, tally)
    assert tally["takes"] and tally["trail"]


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_names())
def test_hint_claims_agree_with_the_engine_on_thousands_of_positions(name: str) -> None:
    tally: Counter[str] = Counter()
    for state in random_positions(name, 2000):
        check_claims(state, tally)
    print(name, dict(tally))
    assert tally["takes"] and tally["trail"]


def test_a_safe_build_that_may_be_raised_says_so() -> None:
    """s33: "your opponent cannot take it" for a build of 8 the computer at once raised to 9
    and owned. Both claims are made, and each agrees with the engine (``check_claims``)."""
    tally: Counter[str] = Counter()
    for name in ("classic", "kasino"):
        for state in random_positions(name, 150):
            check_claims(state, tally)
    assert tally["but may raise it"] and tally["cannot take it"], tally
