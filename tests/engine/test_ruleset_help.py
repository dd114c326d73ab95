"""Each ruleset's help names what the ruleset scores, read from its scoring data.

The phrases come from the data (a card category is named by its cards), so a new category,
a changed point value or a help text copied from another ruleset makes these tests fail.
"""

from __future__ import annotations

import re

import pytest

from casino.engine import load_ruleset, play, score_round
from casino.engine.cards import RANK_NAMES, SUIT_NAMES, Card
from casino.engine.ruleset import CardPoints, Ruleset, bundled_names

from .helpers import move, pos


def _category_name(cp: CardPoints) -> str:
    """The words a player reads for a card category: its one card, its rank or its suit."""
    cards = [Card.parse(t) for t in cp.cards]
    if len(cards) == 1:
        card = cards[0]
        return f"{RANK_NAMES[card.rank_text]} of {SUIT_NAMES[card.suit]}"
    if len({c.rank for c in cards}) == 1:
        return RANK_NAMES[cards[0].rank_text]
    if len({c.suit for c in cards}) == 1:
        return SUIT_NAMES[cards[0].suit][:-1].lower()
    raise AssertionError(f"category {cp.category}: no name for the cards {cp.cards}")


def _scoring_text(rs: Ruleset) -> str:
    """The help's 'Scoring:' part, in one line."""
    help_text = " ".join(rs.help.split())
    assert "Scoring:" in help_text, f"{rs.name}: the help has no 'Scoring:' part"
    return help_text[help_text.index("Scoring:"):]


def _scored(rs: Ruleset) -> dict[str, str]:
    """Category -> the pattern its help must hold, for every category that scores points."""
    sc = rs.scoring
    out: dict[str, str] = {}
    if sc.most_cards:
        out["cards"] = rf"\bcards {sc.most_cards}\b"
    if sc.most_spades:
        out["spades"] = rf"\bspades {sc.most_spades}\b"
    if sc.sweep:
        out["sweeps"] = rf"\beach sweep {sc.sweep}\b"
    if sc.last_taker:
        out["last_taker"] = rf"\blast take {sc.last_taker}\b"
    for cp in sc.card_points:
        if cp.points:
            out[cp.category] = rf"\b{_category_name(cp)}\b"
    return out


@pytest.mark.parametrize("name", bundled_names())
def test_help_names_every_scoring_category(name: str) -> None:
    rs = load_ruleset(name)
    text = _scoring_text(rs)
    missing = [cat for cat, pattern in _scored(rs).items() if not re.search(pattern, text)]
    assert not missing, f"{name}: the help's scoring does not name {missing}: {text!r}"


@pytest.mark.parametrize("name", bundled_names())
def test_help_names_no_count_the_ruleset_does_not_score(name: str) -> None:
    rs = load_ruleset(name)
    text = _scoring_text(rs)
    sc = rs.scoring
    for points, word in ((sc.most_cards, "most cards"), (sc.most_spades, "most spades"),
                         (sc.sweep, "each sweep"), (sc.last_taker, "last take")):
        if not points:
            assert word not in text, f"{name} does not score {word!r}, but its help says so"


def test_category_names_come_from_the_cards() -> None:
    # The names the check above looks for, derived rather than listed.
    names = {cp.category: _category_name(cp) for cp in load_ruleset("spade").scoring.card_points}
    assert names == {
        "big_casino": "10 of Diamonds", "little_casino": "2 of Spades", "aces": "Ace",
        "spade_cards": "spade", "jack_of_spades": "Jack of Spades",
    }


@pytest.mark.parametrize("name", bundled_names())
def test_a_sweep_with_the_rounds_last_play_scores_where_the_help_says_so(name: str) -> None:
    # The help of every ruleset that scores sweeps says the round's last play may sweep; the
    # engine agrees: seat 1's last card clears the table, the round ends, the sweep is scored.
    rs = load_ruleset(name)
    says = "even with the round's last play" in " ".join(rs.help.split())
    assert says == bool(rs.scoring.sweep), f"{name}: help and sweep scoring disagree"
    state = pos("1;0;-/5C;5H;*/-;-;0/0;0", name)
    state = play(state, move(state, "5C x 5H"))
    assert state.is_over() and state.sweeps == (0, 1)
    assert score_round(state).by_category().get("sweeps") == (
        (0, rs.scoring.sweep) if rs.scoring.sweep else None)
