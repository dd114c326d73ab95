"""A whole game: rounds dealt from one seed, running totals, and the win condition."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields

from casino.engine import rules
from casino.engine.errors import IllegalMoveError
from casino.engine.moves import Move
from casino.engine.ruleset import Ruleset
from casino.engine.scoring import RoundScore, score_round
from casino.engine.state import PlayerView, State, deal_round, shuffled_deck
from casino.engine.wording import Reason

MAX_ROUNDS = 100
"""No game lasts longer than this, whatever its ruleset says: the sole leader then wins, or
it is drawn. The validator keeps targets well below it (at most 20 rounds of every point),
and a game record holds 100 rounds."""


def round_seed(seed: int | str, round_index: int) -> str:
    """The deck seed of one round of a game: fixed by the game seed and the round number."""
    return f"{seed}:{round_index}"


@dataclass(frozen=True, slots=True)
class Game:
    """A game in progress: the current round, the scores of finished rounds, the totals."""

    ruleset: Ruleset = field(compare=False, repr=False)
    seed: int | str
    players: int
    first_dealer: int
    round: State
    round_index: int = 0
    scores: tuple[RoundScore, ...] = ()
    _totals: tuple[tuple[RoundScore, ...], tuple[int, ...]] | None = field(
        default=None, compare=False, repr=False)
    """``totals`` once worked out, with the ``scores`` they are of (every computer move's
    view asks for them; a game made by ``replace`` with other scores works them out anew)."""

    @classmethod
    def start(cls, ruleset: Ruleset, players: int = 2, seed: int | str = 0,
              first_dealer: int | None = None, teams: bool | None = None) -> Game:
        """A new game; the first dealer is a seeded coin flip unless given. ``teams``: four
        players as two teams (True) or each alone (False); None as the ruleset has it."""
        if first_dealer is None:
            first_dealer = random.Random(f"{seed}:dealer").randrange(players)
        state = deal_round(ruleset, players, first_dealer, shuffled_deck(round_seed(seed, 0)),
                           teams)
        return cls(ruleset, seed, players, first_dealer, state)

    @property
    def sides(self) -> int:
        return self.round.sides

    @property
    def teams(self) -> bool | None:
        """The set-up's choice of teams for four players (None: as the ruleset has it)."""
        return self.round.teams

    @property
    def partnership(self) -> bool:
        return self.round.partnership

    @property
    def totals(self) -> tuple[int, ...]:
        """Game points per side over the finished rounds."""
        known = self._totals
        if known is not None and known[0] is self.scores:
            return known[1]
        out = [0] * self.sides
        for score in self.scores:
            for s, t in enumerate(score.totals):
                out[s] += t
        totals = tuple(out)
        object.__setattr__(self, "_totals", (self.scores, totals))  # a cache of the fields
        return totals

    def legal_moves(self) -> list[Move]:
        return rules.legal_moves(self.round)

    def view_for(self, player: int) -> PlayerView:
        """The round's view for ``player`` with the game totals, so a policy can weigh the
        margin of this round against winning the game."""
        return self.round.view_for(player, self.totals)

    def play(self, move: Move) -> Game:
        """Play a checked move in the current round; a finished round is scored at once."""
        if self.round.is_over():
            raise IllegalMoveError(Reason("the round is over: deal the next round"))
        return self.advanced(rules.play(self.round, move))

    def apply(self, move: Move) -> Game:
        """Unchecked ``play`` for search and replays that already know the move is legal."""
        return self.advanced(rules.apply(self.round, move))

    def advanced(self, state: State) -> Game:
        """This game with its round at ``state``: a later position of the same round, reached
        by legal moves (unchecked, as ``apply``); a finished round is scored. A loop that
        plays a round on its states (``casino.ai.play``) hands the game its end this way."""
        if state.is_over():
            return Game(self.ruleset, self.seed, self.players, self.first_dealer, state,
                        self.round_index, (*self.scores, score_round(state)))
        # The same game one move on, made by setting the slots (the frozen ``__init__``
        # costs three times this, ``replace`` nine): every computer move makes one.
        game: Game = _object_new(Game)
        _ruleset(game, self.ruleset)
        _seed(game, self.seed)
        _players(game, self.players)
        _first_dealer(game, self.first_dealer)
        _round(game, state)
        _round_index(game, self.round_index)
        _scores(game, self.scores)
        _totals_slot(game, self._totals)
        return game

    def round_over(self) -> bool:
        return self.round.is_over()

    def is_over(self) -> bool:
        """True once the finished rounds meet the ruleset's win condition."""
        if not self.round.is_over():
            return False
        # Over when won, or drawn: the last round played with no winner.
        return self.winner() is not None or len(self.scores) >= self._last_round()

    def _last_round(self) -> int:
        """The round after which the game ends whatever the totals: the fixed count, or the cap."""
        fixed = self.ruleset.rounds_in_game(self.players)
        return MAX_ROUNDS if fixed is None else min(fixed, MAX_ROUNDS)

    def winner(self) -> int | None:
        """The winning side, or None while the game goes on (or ended drawn)."""
        if not self.scores or not self.round.is_over():
            return None
        totals = self.totals
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        if len(leaders) > 1:
            return None
        if len(self.scores) >= self._last_round():
            return leaders[0]
        if self.ruleset.rounds_in_game(self.players) is None and best >= self.ruleset.game.target:
            return leaders[0]
        return None

    def returns(self) -> tuple[float, ...]:
        """+1 for the winning side, -1 for the others, 0 for all while undecided or drawn."""
        w = self.winner()
        if w is None:
            return (0.0,) * self.sides
        return tuple(1.0 if s == w else -1.0 for s in range(self.sides))

    def next_round(self) -> Game:
        """Deal the next round; the deal passes to the left."""
        if not self.round.is_over() or self.is_over():
            raise IllegalMoveError(Reason("the next round starts only after a round ends"))
        index = self.round_index + 1
        dealer = (self.first_dealer + index) % self.players
        state = deal_round(self.ruleset, self.players, dealer,
                           shuffled_deck(round_seed(self.seed, index)), self.teams)
        return Game(self.ruleset, self.seed, self.players, self.first_dealer, state, index,
                    self.scores, self._totals)


_FIELDS = ("ruleset", "seed", "players", "first_dealer", "round", "round_index", "scores",
           "_totals")
assert tuple(f.name for f in fields(Game)) == _FIELDS, "Game.advanced must set every field"
(_ruleset, _seed, _players, _first_dealer, _round, _round_index, _scores, _totals_slot) = (
    Game.__dict__[name].__set__ for name in _FIELDS)
_object_new = object.__new__
