"""The interactive tutorial's scripted deals: each lesson is a position, the moves that
solve it, and what to say. Pure data checked by the engine, so the UI only shows it.

A lesson waits for one of its ``solutions``; any other legal move is answered with the
lesson's ``wrong`` text, and an illegal one with the engine's own reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino.engine import Move, State, legal_moves, load_ruleset, play
from casino.engine.notation import parse_move, parse_position
from casino.engine.rules import explain
from casino.i18n import N_, _
from casino.ui.words import reason_text


@dataclass(frozen=True)
class Turn:
    """A lesson's next turn: the computer's reply to the person's move, then the person's
    move again ("take it with your 8 next turn" is played, not promised)."""

    reply: str  # the computer's move in notation, in the position after the person's
    teach: str
    solutions: tuple[str, ...]
    wrong: str
    done: str


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
    then: Turn | None = None
    """a second turn, after the computer's reply"""
    refused: str = ""
    """a move the lesson asks the person to try, which the table refuses (notation)"""

    def state(self) -> State:
        return parse_position(load_ruleset(self.ruleset), self.position)

    @property
    def turns(self) -> int:
        return 1 if self.then is None else 2

    def state_at(self, turn: int) -> State:
        """The position of the person's ``turn`` (0 or 1), after the first solution and the
        computer's reply."""
        state = self.state()
        if turn == 0 or self.then is None:
            return state
        state = play(state, parse_move(state, self.solutions[0]))
        return play(state, parse_move(state, self.then.reply))

    def reply(self, state: State) -> Move | None:
        """The computer's reply in ``state`` (after the person's first move), if any."""
        return None if self.then is None else parse_move(state, self.then.reply)

    def words(self, turn: int = 0) -> tuple[str, str, str]:
        """(teach, wrong, done) of the person's ``turn``."""
        if turn == 0 or self.then is None:
            return self.teach, self.wrong, self.done
        return self.then.teach, self.then.wrong, self.then.done

    def solution_moves(self, turn: int = 0, state: State | None = None) -> list[Move]:
        state = self.state_at(turn) if state is None else state
        texts = self.solutions if turn == 0 or self.then is None else self.then.solutions
        return [parse_move(state, text) for text in texts]

    def judge(self, move: Move, turn: int = 0, state: State | None = None) -> tuple[bool, str]:
        """(solved, what to tell the player) for a move the player tried in ``turn``."""
        state = self.state_at(turn) if state is None else state
        if move not in legal_moves(state):
            return False, _("That move is not allowed: {reason}.").format(
                reason=reason_text(explain(state, move)))
        _teach, wrong, done = self.words(turn)
        if move in self.solution_moves(turn, state):
            return True, _(done)
        return False, _(wrong)


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
        done=N_("Nine takes 5+4 and the 9 in one play. Which groups you take is up to you."),
    ),
    Lesson(
        title=N_("Trailing"),
        teach=N_("When you take nothing and build nothing, you lay one card face up on the "
        "table: a trail. Nothing here pairs with your King: trail it (click it, or drag it "
        "onto the table)."),
        position="0;1;KH 4C 7D 2S/QS 3C 8H 9D;9S 5D QC;-/-;*",
        solutions=("KH t",),
        wrong=N_("The lesson is to trail your King: click it with no table card selected."),
        done=N_("Trailed. The King stays on the table for anyone to take."),
    ),
    Lesson(
        title=N_("Building"),
        teach=N_("Put a card on table cards so they add up to a card you hold, and take the pile "
        "next turn. You hold a 3 and an 8: put the 3 on the 5 to build 8."),
        position="0;1;3C 8D KH 2S/QS 3H 7H 6D;5H JD 10S;-/-;*",
        solutions=("3C b8 5H",),
        wrong=N_("The lesson is to build 8: select the 5 of Hearts, then click your 3."),
        done=N_("You built 8. The computer plays now; it holds no 8, so the build waits for you."),
        then=Turn(
            reply="6D t",
            teach=N_("The computer trailed a card. Your 8 build is still there: take it with "
            "your 8 (select the build, then click the 8)."),
            solutions=("8D x [5H 3C]",),
            wrong=N_("Take your 8 build with your 8."),
            done=N_("Taken: the build and your 8 go to your capture pile."),
        ),
    ),
    Lesson(
        title=N_("Your build binds you"),
        teach=N_("You own this 8 build. Until you take it you must take, raise or duplicate it: "
        "you may not trail, and you must keep an 8 for it. Try to trail your King: the table "
        "refuses. Then take the build with your 8."),
        position="0;1;8C KH 4S/QS 9D 7H 2D;[b8 5H 3D @0] JD 2C;-/-;*",
        solutions=("8C x [5H 3D]",),
        wrong=N_("Take your 8 build with your 8."),
        done=N_("Taken. Build only a value you hold, and keep that card until you take the "
        "build."),
        refused="KH t",
    ),
    Lesson(
        title=N_("Taking another's build"),
        teach=N_("Anyone who holds a build's value may take it, not only its owner. The "
        "computer built 8 (5+3) and you hold an 8: take its build."),
        position="0;1;8C KH 2S 6H/QS 9D 7H 4C;[b8 5H 3D @1] JD;-/-;*",
        solutions=("8C x [5H 3D]",),
        wrong=N_("Take the computer's 8 build with your 8: select it, then click the 8."),
        done=N_("Yours now. The computer takes your builds the same way when it holds their "
        "value."),
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
        done=N_("Now it is a 10 build and it is yours. The computer plays now."),
        then=Turn(
            reply="7H t",
            teach=N_("The computer holds no 10 and trailed a card. Take your 10 build with "
            "your 10."),
            solutions=("10C x [5H 4D AC]",),
            wrong=N_("Take your 10 build with your 10."),
            done=N_("Taken: the build the computer started is in your pile."),
        ),
    ),
    Lesson(
        title=N_("The sweep"),
        teach=N_("Taking every card on the table in one play is a sweep. Classic Casino scores "
        "nothing for it; Classic with sweeps (played here), Kasino, Munter and SpiteNET score "
        "1. Your 10 can take the 6+4 and the 7+3 at once."),
        position="0;1;10C 2S 6H 5D/QS 3H 7H 6D;6S 4D 7C 3D;-/-;*",
        solutions=("10C x 6S 4D 7C 3D",),
        wrong=N_("Take all four cards with the 10 for a sweep."),
        done=N_("Sweep! The table is empty: 1 point here, none in Classic."),
        ruleset="classic-sweeps",
    ),
    Lesson(
        title=N_("The last take"),
        teach=N_("This is the round's last card. When a round ends, the cards still on the "
        "table go to whoever took last. Take the 6 with your 6."),
        position="0;0;6C/-;6H KD 3S;AC 2C 3C 4C 5C 7C 8C 9C 10C JC QC KC AD 2D 3D 4D 5D 6D 7D "
        "8D 9D 10D JD QD/*;-",
        solutions=("6C x 6H",),
        wrong=N_("Take the 6: then the King and the 3 left on the table come to you too."),
        done=N_("The round is over. You took last, so the King and the 3 left on the table "
        "are yours as well."),
    ),
    Lesson(
        title=N_("What scores, and who wins"),
        teach=N_("Points come at the end of the round: most cards 3, most spades 1, the 10 of "
        "Diamonds (Big Casino) 2, the 2 of Spades (Little Casino) 1, each Ace 1. Take Big "
        "Casino with your 10."),
        position="0;1;10C 2S 6H 5D/QS 3H 7H 6D;10D 8S;-/-;*",
        solutions=("10C x 10D",),
        wrong=N_("Big Casino is worth 2 points: take the 10 of Diamonds with your 10."),
        done=N_("Two points in the bag. Each round's points add up, and rounds are dealt until "
        "a player has 21: the first to 21 wins."),
    ),
)
