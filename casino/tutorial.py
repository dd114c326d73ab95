"""The interactive tutorial's scripted deals: each lesson is a position, the moves that
solve it, and what to say. Pure data checked by the engine, so the UI only shows it.

A lesson waits for one of its ``solutions``; any other legal move is answered with the
lesson's ``wrong`` text, and an illegal one with the engine's own reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino.engine import Move, State, legal_moves, load_ruleset
from casino.engine.notation import parse_move, parse_position
from casino.engine.rules import explain
from casino.i18n import N_, _
from casino.ui.words import reason_text


@dataclass(frozen=True)
class Lesson:
    """One scripted deal: the player is seat 0 and it is their turn."""

    title: str  # title, teach, wrong and done are catalogue messages, translated when shown
    teach: str  # shown before the move
    position: str  # docs/NOTATION.md position, ruleset classic unless ``ruleset`` says
    solutions: tuple[str, ...]  # moves in notation that complete the lesson
    wrong: str  # said for a legal move that is not a solution
    done: str  # said when solved
    ruleset: str = "classic"

    def state(self) -> State:
        return parse_position(load_ruleset(self.ruleset), self.position)

    def solution_moves(self) -> list[Move]:
        state = self.state()
        return [parse_move(state, text) for text in self.solutions]

    def judge(self, move: Move) -> tuple[bool, str]:
        """(solved, what to tell the player) for a move the player tried."""
        state = self.state()
        if move not in legal_moves(state):
            return False, _("That move is not allowed: {reason}.").format(
                reason=reason_text(explain(state, move)))
        if move in self.solution_moves():
            return True, _(self.done)
        return False, _(self.wrong)


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        title=N_("Taking a card"),
        teach=N_("Your turn. A card takes a table card of the same rank. Take the 7 of Hearts "
        "with your 7 of Clubs: select the 7H on the table, then click your 7C."),
        position="0;1;7C 2D KH 4S/QS 3C 8H 9D;7H JD 5S;-/-;*",
        solutions=("7C x 7H",),
        wrong=N_("That works, but the lesson is to take the 7 of Hearts with your 7."),
        done=N_("Taken! Both sevens go to your capture pile."),
    ),
    Lesson(
        title=N_("Taking cards that add up"),
        teach=N_("A number card also takes table cards that add up to it. Your 9 can take the "
        "5 and the 4 together, and the 9 of Spades as well, in one play."),
        position="0;1;9C 2D KH 3S/QS 3C 8H 6D;5H 4D 9S JD;-/-;*",
        solutions=("9C x 5H 4D 9S",),
        wrong=N_("Close: take all three (5+4 make 9, and the 9 pairs) with one 9."),
        done=N_("Nine takes 5+4 and the 9: every group of nine at once."),
    ),
    Lesson(
        title=N_("Building"),
        teach=N_("Put a card on table cards so they add up to a card you hold, and take the pile "
        "next turn. You hold a 3 and an 8: put the 3 on the 5 to build 8."),
        position="0;1;3C 8D KH 2S/QS 3H 7H 6D;5H JD 10S;-/-;*",
        solutions=("3C b8 5H",),
        wrong=N_("The lesson is to build 8: select the 5 of Hearts, then click your 3."),
        done=N_("You built 8. Next turn your 8 takes it, unless the computer has an 8 first."),
    ),
    Lesson(
        title=N_("A multiple build"),
        teach=N_("Your 8 build is on the table and you hold two 8s. Put one 8 on the build to "
        "make it a multiple build of 8: its value can no longer be raised."),
        position="0;1;8C 8H 2S/QS 3H 7H 6D;[b8 5H 3D @0] JD;-/-;*",
        solutions=("8C b8x2 [5H 3D]", "8H b8x2 [5H 3D]"),
        wrong=N_("Add one of your 8s to the build (select the build, click an 8)."),
        done=N_("A double 8: the computer can no longer raise it to another value."),
    ),
    Lesson(
        title=N_("Raising a build"),
        teach=N_("The computer built 9 (5+4). You hold an Ace and a 10: add the Ace to raise the "
        "build to 10. It becomes yours."),
        position="0;1;AC 10C 2S 6H/QS 3H 7H 6D;[b9 5H 4D @1] JD;-/-;*",
        solutions=("AC b10 [5H 4D]",),
        wrong=N_("Raise the 9 build with your Ace: select the build, click the Ace."),
        done=N_("Now it is a 10 build and it is yours: take it with your 10 next turn."),
    ),
    Lesson(
        title=N_("The sweep"),
        teach=N_("Take every card on the table in one play and you make a sweep. Your 10 can "
        "take the 6+4 and the 7+3 at once."),
        position="0;1;10C 2S 6H 5D/QS 3H 7H 6D;6S 4D 7C 3D;-/-;*",
        solutions=("10C x 6S 4D 7C 3D",),
        wrong=N_("Take all four cards with the 10 for a sweep."),
        done=N_("Sweep! The table is empty. In rules with sweeps, that is worth a point."),
        ruleset="classic-sweeps",
    ),
    Lesson(
        title=N_("What scores"),
        teach=N_("Points come at the end of the round: most cards 3, most spades 1, the 10 of "
        "Diamonds (Big Casino) 2, the 2 of Spades (Little Casino) 1, each Ace 1. Take Big "
        "Casino with your 10."),
        position="0;1;10C 2S 6H 5D/QS 3H 7H 6D;10D 8S;-/-;*",
        solutions=("10C x 10D",),
        wrong=N_("Big Casino is worth 2 points: take the 10 of Diamonds with your 10."),
        done=N_("Two points in the bag. Aces, the 2 of Spades and most cards and spades count "
        "too."),
    ),
)
