"""The post-game review's data: a recorded game as positions, and how a move compares with
the expert's choice. No pygame here, so it is tested without a window.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from casino.engine import Game, Move
from casino.engine.notation import parse_move
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

    def words(self) -> str:
        if self.agrees:
            return _("the expert agrees")
        if self.cost is None:
            return _("the expert prefers {move} (costs {cost}+ points)").format(
                move=move_text(self.best), cost=decimal(self.floor))
        return _("the expert prefers {move} (costs about {cost})").format(
            move=move_text(self.best), cost=decimal(self.cost))


def judge(played: Move, values: list[tuple[Move, float]]) -> Verdict | None:
    """Compare ``played`` with the expert's candidates (best first); None without any."""
    if not values:
        return None
    best, best_value = values[0]
    if played == best:
        return Verdict(best, 0.0)
    for move, value in values:
        if move == played:
            return Verdict(best, max(0.0, best_value - value))
    return Verdict(best, None, max(0.0, best_value - values[-1][1]))


def steps_of(record: dict[str, Any], load: Any) -> tuple[list[Step], Game]:
    """Every move of a recorded game (``Records.game_record``) and the final game.

    ``load`` finds a ruleset by name. Raises ValueError (or the engine's errors, which are
    ValueErrors) if the record does not replay.
    """
    ruleset = load(str(record["ruleset"]))
    game = Game.start(ruleset, len(record["players"]), record["seed"],
                      int(record["first_dealer"]), record.get("teams"))
    steps: list[Step] = []
    for r, rnd in enumerate(record["rounds"]):
        if r:
            game = game.next_round()
        for seat, text in rnd["moves"]:
            move = parse_move(game.round, str(text))
            steps.append(Step(game, int(seat), move))
            game = game.play(move)
    return steps, game
