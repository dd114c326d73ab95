"""Round scoring as a breakdown per category per side, and the game's win condition."""

from __future__ import annotations

from dataclasses import dataclass

from casino.engine.cards import Card
from casino.engine.ruleset import ScoringRules
from casino.engine.state import State

LITTLE_CASINO = Card.parse("2S")


@dataclass(frozen=True, slots=True)
class RoundScore:
    """Points per side per category (``cards``, ``spades``, ``big_casino`` ...), plus counts."""

    categories: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]  # [side][category]
    cards: tuple[int, ...]  # cards captured per side
    spades: tuple[int, ...]
    sweeps: tuple[int, ...]

    def __reduce__(self) -> tuple[type[RoundScore], tuple[tuple[object, ...], ...]]:
        # Pickled as a call, as ``Card`` is (compiled, the default way is refused).
        return RoundScore, (self.categories, self.points, self.cards, self.spades, self.sweeps)

    def total(self, side: int) -> int:
        return sum(self.points[side])

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(row) for row in self.points)

    def by_category(self) -> dict[str, tuple[int, ...]]:
        return {
            name: tuple(row[k] for row in self.points) for k, name in enumerate(self.categories)
        }


def _unique_max(counts: list[int], at_least: int = 0) -> int | None:
    """The side with strictly the most, if it has at least ``at_least``; else nobody."""
    best = max(counts)
    if counts.count(best) != 1 or best < at_least:
        return None
    return counts.index(best)


_CardPoints = tuple[tuple[str, int, frozenset[int]], ...]
_card_points_cache: dict[int, tuple[ScoringRules, _CardPoints]] = {}


def _card_points(sc: ScoringRules) -> _CardPoints:
    """The ruleset's card points as (category, points, card indices), parsed once per ruleset
    rather than at every round's end."""
    hit = _card_points_cache.get(id(sc))
    if hit is not None and hit[0] is sc:
        return hit[1]
    out = tuple((cp.category, cp.points, frozenset(Card.parse(t).index for t in cp.cards))
                for cp in sc.card_points)
    _card_points_cache[id(sc)] = (sc, out)
    return out


def score_round(state: State) -> RoundScore:
    """Score a finished round from the capture piles, sweeps and the last taker."""
    rs = state.ruleset
    sc = rs.scoring
    sides = state.sides
    piles: list[list[Card]] = [[] for _ in range(sides)]
    sweeps = [0] * sides
    for p in range(state.players):
        piles[state.side_of(p)].extend(state.captures[p])
        sweeps[state.side_of(p)] += state.sweeps[p]
    cards = [len(pile) for pile in piles]
    spades = [sum(c.suit == "S" for c in pile) for pile in piles]
    categories: list[str] = []
    columns: list[list[int]] = []

    def add(name: str, column: list[int]) -> None:
        if name in categories:
            k = categories.index(name)
            columns[k] = [a + b for a, b in zip(columns[k], column, strict=True)]
        else:
            categories.append(name)
            columns.append(column)

    if sc.most_cards:
        winner = _unique_max(cards, sc.cards_at_least)
        if winner is None and sc.cards_tie == "little_casino" and cards.count(max(cards)) > 1:
            winner = next((s for s in range(sides) if LITTLE_CASINO in piles[s]), None)
        add("cards", [sc.most_cards if s == winner else 0 for s in range(sides)])
    if sc.most_spades:
        winner = _unique_max(spades, sc.spades_at_least)
        add("spades", [sc.most_spades if s == winner else 0 for s in range(sides)])
    held = [{c.index for c in pile} for pile in piles]
    for category, worth, wanted in _card_points(sc):
        add(category, [worth * len(wanted & h) for h in held])
    if sc.sweep:
        add("sweeps", [sc.sweep * n for n in sweeps])
    if sc.last_taker:
        taker = None if state.last_taker is None else state.side_of(state.last_taker)
        add("last_taker", [sc.last_taker if s == taker else 0 for s in range(sides)])
    points = tuple(tuple(columns[k][s] for k in range(len(categories))) for s in range(sides))
    return RoundScore(tuple(categories), points, tuple(cards), tuple(spades), tuple(sweeps))
