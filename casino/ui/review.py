"""The post-game review's data: a recorded game as positions, and how a move compares with
the expert's choice. No pygame here, so it is tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from casino.ai.hint import OPINION_SEED
from casino.engine import Game, Move, PlayerView
from casino.engine.record import GameRecord
from casino.i18n import _
from casino.ui.words import decimal, move_text


@dataclass(frozen=True)
class Step:
    """One move of the game: the game just before it, who played it, and what it was."""

    before: Game
    seat: int
    move: Move

    @property
    def text(self) -> str:
        return move_text(self.move, self.before.ruleset)


CLEAR = 0.5
"""Round points a move must cost, by the expert's estimate, to be called a mistake. Two
searches of one position differ by about this much: the same move's value by a standard
deviation of 0.36 points, and where two seeds chose differently the other seed's choice
"cost" up to 0.75 (15 of 18 below 0.5, over 163 positions of classic, Draw Casino and
Casino 33). Below it the expert only slightly prefers its move: a close call. A move the
hint suggested is the expert's own (``casino.ai.hint.opinion``)."""


@dataclass(frozen=True)
class Verdict:
    """The expert's opinion of one move: its best move and what the played move cost.

    ``cost`` is in round points (the expert's estimate of the margin lost); None when the
    played move was not among the expert's top candidates (then it cost at least ``floor``).
    """

    best: Move
    cost: float | None
    floor: float = 0.0

    @property
    def agrees(self) -> bool:
        return self.cost is not None and self.cost < 0.05

    @property
    def mistake(self) -> bool:
        """Costs clearly more than the expert's own estimates vary (``CLEAR``), or was not
        among the moves it weighed at all."""
        return self.cost is None or self.cost >= CLEAR

    @property
    def lost(self) -> float:
        """The points the move cost by the expert's estimate (at least, if not weighed)."""
        return self.floor if self.cost is None else self.cost

    def words(self) -> str:
        if self.agrees:
            return _("the expert agrees")
        if self.cost is None:
            return _("the expert prefers {move} (costs {cost}+ points)").format(
                move=move_text(self.best), cost=decimal(self.floor))
        if not self.mistake:
            return _("a close call: the expert slightly prefers {move} (about {cost})").format(
                move=move_text(self.best), cost=decimal(self.cost))
        return _("the expert prefers {move} (costs about {cost})").format(
            move=move_text(self.best), cost=decimal(self.cost))


def judge(played: Move, values: list[tuple[Move, float]]) -> Verdict | None:
    """Compare ``played`` with the expert's candidates (its choice first); None without any.

    The other candidates come in the search's order, which need not be by value."""
    if not values:
        return None
    best, best_value = values[0]
    if played == best:
        return Verdict(best, 0.0)
    for move, value in values:
        if move == played:
            return Verdict(best, max(0.0, best_value - value))
    return Verdict(best, None, max(0.0, best_value - min(v for _, v in values)))


def question(before: Game, seat: int) -> tuple[PlayerView, int | str]:
    """What the review asks the expert about ``seat``'s move played on ``before``: the view
    it searches and the seed, as the hint asked them at the table (``casino.ai.hint``). It
    asked a seed of the move's number and the round's view, the hint the Hard level's
    search and the game's view: a hinted move could be marked ✗."""
    return before.view_for(seat), OPINION_SEED


def steps_of(record: dict[str, Any], load: Any) -> tuple[list[Step], Game]:
    """Every move of a recorded game (``Records.game_record``) and the final game.

    ``load`` finds a ruleset by name. Raises RecordError (a ValueError) naming the field if
    the record does not replay or states anything the replay does not derive.
    """
    done = GameRecord.parse(record).replayed(load)
    return [Step(ply.before, ply.seat, ply.move) for ply in done.plies], done.game
