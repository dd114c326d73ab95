"""The table: the person selects table items and plays hand cards; the computer plays the rest.

Every rule question goes to the engine: ``find_moves`` turns a click into moves, ``Game.play``
plays one. This scene keeps only view state: the selection, messages, the hint, a staged
move, animations.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from casino.engine import (
    Capture,
    Card,
    Game,
    IllegalMoveError,
    Move,
    PlayerView,
    Trail,
    find_moves,
    legal_moves,
)
from casino.engine.reasons import explain, move_items
from casino.engine.state import TableItem, item_cards
from casino.engine.wording import Reason, Said
from casino.i18n import N_, _, ngettext
from casino.persistence.saves import PUT_ASIDE
from casino.ui.anim import Animator, Flight
from casino.ui.layout import (
    BUTTONS,
    MOVE_ROOM,
    Box,
    TableGrid,
    TableLayout,
    hand_boxes,
    hidden_fan,
    inside,
    item_box,
    pile_boxes,
    table_layout,
)
from casino.ui.render import TagPlan, tagged_grid
from casino.ui.scene import ACTION, Button, Scene, press
from casino.ui.session import HUMAN, ProcessWorker, Session, Worker, hint_for, last_take
from casino.ui.settings import (
    computer_pause,
    deal_look_seconds,
    flight_seconds,
    highlight_seconds,
)
from casino.ui.words import card_text, move_text, notice_text, reason_text, symbols

if TYPE_CHECKING:
    from casino.ui.app import App

BUTTON_TIPS = {
    "hint": N_("Suggest a move (H); Enter then plays it"),
    "unseen": N_("Cards not seen yet (U)"),
    "end_turn": N_("Play the staged move (Enter)"),
    "menu": N_("Menu: settings, rules, undo, quit (Esc)"),
}
"""What each table button does, with its key: shown when the mouse rests on it."""

KEYS_HELP = (
    (N_("Click table cards"), N_("select them (click again to unselect; right click clears)")),
    (N_("Click a hand card"), N_("play it onto the selected table cards")),
    (N_("\u2026 with none selected"), N_("choose from its moves; if it can only trail, it trails")),
    (N_("Drag a hand card"), N_("onto a table card, or onto free space to trail")),
    ("1 \u2013 9", N_("play that hand card")),
    (N_("\u2190 \u2192  Space"), N_("move among table cards, select one")),
    ("H", N_("hint: the suggested move is marked")),
    (N_("Enter"), N_("play the hinted (or staged) move")),
    ("U", N_("cards not seen yet")),
    ("Ctrl+Z", N_("undo your last move")),
    (N_("Esc"), N_("take back, clear the selection, or open the menu")),
    ("F11", N_("full screen")),
    (N_("? or F1"), N_("this list")),
)
"""The keys overlay (? or F1) at the table."""

OFFER_LIMIT = 60
"""At most this many of a lone card's moves are listed: a crowded table can give it thousands
of captures, which no one scrolls through (selecting the table cards says which is meant)."""

DRAG_START = 8  # pixels the mouse moves before a press on a hand card becomes a drag

Hint = tuple[Move, Reason | None]
"""A hinted move and why (said in the window's language when shown)."""


def _offer_order(move: Move) -> int:
    """Where a lone card's move is offered: captures first, the trail last (a stable sort
    keeps the engine's order within each kind)."""
    return 0 if isinstance(move, Capture) else 2 if isinstance(move, Trail) else 1


class TableScene(Scene):
    """The table as one seat sees it: ``viewer``, the person whose hand is shown.

    With one person at the screen that is always them. With several (pass and play) it is
    the person to move; between two people's turns a cover hides the table until the next
    one clicks, and the hint and the unseen-cards panel are only ever the viewer's.
    """

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        people = session.people or [HUMAN]
        to_move = session.to_move()
        self.viewer = to_move if to_move in people else people[0]
        self.revealed = not session.shared
        """False until the viewer has clicked the cover: at a shared screen nothing of a hand
        is shown before its owner says they are ready."""
        self.selection: list[TableItem] = []
        self.focus: int | None = None  # keyboard focus among table items
        self.message = ""
        self.message_kind = "info"
        self.hint: Hint | None = None
        self.hint_worker: Worker[Hint] | ProcessWorker[Hint] | None = None
        self.staged: Move | None = None
        self.show_unseen = False
        self.animator = Animator()
        self.wait = 0.0  # time the computer to move has waited
        self.press: tuple[int, tuple[int, int]] | None = None  # hand index, mouse-down point
        self.drag_pos: tuple[int, int] | None = None
        self.summary_open = False
        self.deal_pending = False
        """The summary was closed before the next deal came (a network host): it is shown
        when it comes, with its deal animation."""
        self.shown_notices: set[str] = set()
        self.was_unsaved = False
        """The save was failing when last looked at (to say once that it works again)."""
        self.changed: dict[TableItem, int] = {}
        """Table items the others put or built since the person last acted, with the seat
        that did (marked in its colour: a partner's trail read as an opponent's in orange)."""
        self.table_from: Game | None = None
        """The game whose table layout is drawn while a move's cards are moving."""
        self.changed_pile: int | None = None
        """The computer seat that took cards since the person last acted (its pile marked)."""
        self.all_buttons = [
            Button(label, label.lower().replace(" ", "_")) for label in BUTTONS
        ]
        """Every table button; ``buttons`` are those shown."""
        for button in self.all_buttons:
            button.tip = BUTTON_TIPS.get(button.action, "")
        self.buttons = self.shown_buttons()
        self.place_buttons()
        self._deal_animation()
        if self.session.log:  # a network seat taken up in mid-round: what was played last
            self.say(self.session.log[-1].text)

    # ------------------------------------------------------------------ geometry (pure reads)

    def shown_buttons(self) -> list[Button]:
        """The buttons under the panel: End turn only with the End-turn step on (off, it was
        a dead, greyed button in a main spot on every screen)."""
        staging = self.app.settings.end_turn_staging
        return [b for b in self.all_buttons if b.action != "end_turn" or staging]

    def layout(self) -> TableLayout:
        w, h = self.app.screen.get_size()
        return table_layout(w, h, self.session.players, len(self.shown_buttons()))

    def felt(self) -> int:
        return self.layout().panel[0]

    def place(self, seat: int) -> int:
        """Where ``seat`` sits as the viewer sees the table: 0 the viewer, then clockwise
        (the index of its box in ``layout().opponents`` plus one)."""
        return (seat - self.viewer) % self.session.players

    def others(self) -> list[int]:
        """The seats drawn in the opponents' boxes, in box order."""
        n = self.session.players
        return [(self.viewer + k) % n for k in range(1, n)]

    def grid(self, game: Game | None = None) -> TableGrid:
        """The table's slots in ``game`` (the current one by default)."""
        return self.tags(game)[0]

    def tags(self, game: Game | None = None) -> tuple[TableGrid, TagPlan]:
        """The table's slots in ``game`` and how their tags name each seat."""
        from casino.ui.scenes.table_view import owner_tag

        lay = self.layout()
        table = (game or self.session.game).round.table
        owners = tuple(owner_tag(self, s) for s in range(self.session.players))
        return tagged_grid(lay.table, table, self.session.ruleset.table_spaces, lay.card,
                           self.session.ruleset, owners)

    def item_boxes(self) -> list[Box]:
        """Clickable boxes of the table items, in table order."""
        table = self.session.game.round.table
        grid = self.grid()
        return [item_box(grid.slots[i], len(item_cards(item)), grid.card, grid.tag)
                for i, item in enumerate(table)]

    def view(self) -> PlayerView:
        """What the viewer may see: everything drawn comes from here or is public."""
        return self.session.view(self.viewer)

    def hand_card_boxes(self) -> list[Box]:
        lay = self.layout()
        return hand_boxes(lay.hand, len(self.view().hand), lay.card)

    def pile_box(self, seat: int) -> Box:
        """Where a seat's capture pile is drawn (the target of captured cards)."""
        lay = self.layout()
        if seat == self.viewer:
            x, y, w, _0 = lay.own_pile
        else:
            x, y, w, _h = lay.opponents[self.place(seat) - 1]
            x, y, w = x + w - lay.small[0] - lay.margin * 2, y + lay.margin, lay.small[0]
        return (x + (w - lay.small[0]) // 2, y + 10, *lay.small)

    def opponent_hand_box(self, seat: int) -> Box:
        lay = self.layout()
        x, y, w, _0 = lay.opponents[self.place(seat) - 1]
        pile_w = lay.small[0] + lay.margin * 3
        return (x + lay.margin, y + lay.margin + round(lay.font * 1.5), w - pile_w - lay.margin,
                lay.small[1])

    def opponent_fan(self, seat: int, count: int | None = None) -> tuple[float, int]:
        """The step between a computer's backs and their fan's width (``layout.hidden_fan``),
        with ``count`` cards (those it holds by default): close enough in a narrow box that
        its move or "thinking" has room beside them, four players at 800x600 too."""
        lay = self.layout()
        if count is None:
            count = len(self.session.game.round.hands[seat])
        keep = MOVE_ROOM * lay.font + lay.margin
        return hidden_fan(count, lay.small[0], self.opponent_hand_box(seat)[2], keep)

    def card_positions(self, game: Game) -> dict[Card, Box]:
        """Resting boxes of the table cards and the person's hand cards in ``game``."""
        lay = self.layout()
        table = game.round.table
        grid = self.grid(game)
        out: dict[Card, Box] = {}
        for i, item in enumerate(table):
            cards = item_cards(item)
            for card, box in zip(cards, pile_boxes(grid.slots[i], len(cards), grid.card,
                                                   grid.tag), strict=True):
                out[card] = box
        hand = game.round.hands[self.viewer]
        for card, box in zip(hand, hand_boxes(lay.hand, len(hand), lay.card), strict=True):
            out[card] = box
        return out

    def avoid_boxes(self, selection: list[TableItem]) -> tuple[Box, ...]:
        """The boxes of the selected table items, which a dialog must leave in sight."""
        table = self.session.game.round.table
        boxes = self.item_boxes()
        return tuple(boxes[table.index(item)] for item in selection if item in table)

    def item_at(self, pos: tuple[int, int]) -> int | None:
        for i, box in reversed(list(enumerate(self.item_boxes()))):
            if inside(box, *pos):
                return i
        return None

    def hand_index_at(self, pos: tuple[int, int]) -> int | None:
        for i, box in reversed(list(enumerate(self.hand_card_boxes()))):
            if inside(box, *pos):
                return i
        return None

    # ------------------------------------------------------------------ events

    def my_turn(self) -> bool:
        """The viewer is to move (and has the screen)."""
        return (self.session.humans_turn() and self.session.to_move() == self.viewer
                and self.revealed)

    def seat_to_move(self) -> int | None:
        """The seat whose turn the table shows (its area lit, "thinking"), or None: none once
        the network table cannot go on (the host closed it, the connection is lost), where the
        turn shown would say that play goes on."""
        game = self.session.game
        return None if game.round_over() or self.session.problem() else game.round.to_move

    def can_act(self) -> bool:
        return self.my_turn() and not self.animator.busy() and not self.summary_open

    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the status line, cards in symbols (an engine reason is notation)."""
        self.message, self.message_kind = symbols(text), kind

    def language_changed(self) -> None:
        """The move log, each seat's last move and the status line in the new language: a
        move said in the status line is said again; anything else gives way to the prompt."""
        log = self.session.log
        was_move = bool(log) and self.message == symbols(log[-1].text)
        self.session.reword()
        log = self.session.log
        self.message = symbols(log[-1].text) if was_move and log else ""

    def place_buttons(self) -> None:
        self.buttons = self.shown_buttons()
        for button, box in zip(self.buttons, self.layout().buttons, strict=True):
            button.box = box
            button.enabled = button.action != "end_turn" or self.staged is not None

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.place_buttons()
        if press(self.buttons, event):
            return True
        if event.type == ACTION:
            return self.on_action(str(event.action))
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.hand_index_at(event.pos)
            if index is not None:
                self.press = (index, event.pos)
                return True
        if event.type == pygame.MOUSEMOTION and self.press is not None:
            _0, start = self.press
            if self.drag_pos is not None or math.dist(start, event.pos) > DRAG_START:
                self.drag_pos = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.on_release(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.selection.clear()
            self.hint = None  # its marks are a selection too: Enter must not play it later
            self.say(_("Selection cleared."))
            return True
        return False

    def on_release(self, pos: tuple[int, int]) -> bool:
        press, dragged = self.press, self.drag_pos is not None
        self.press = self.drag_pos = None
        if press is not None:
            index, _0 = press
            selection = list(self.selection)
            if dragged:
                target = self.item_at(pos)
                if target is not None:
                    item = self.session.game.round.table[target]
                    if item not in selection:
                        selection.append(item)
                elif not inside(self.layout().table, *pos):
                    return True  # dropped outside the table: nothing happens
            self.play_hand_card(index, selection, ask=not dragged)
            return True
        target = self.item_at(pos)
        if target is not None:
            self.toggle(target)
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        table = self.session.game.round.table
        if key == pygame.K_F1 or event.unicode == "?" or (
                key == pygame.K_SLASH and event.mod & pygame.KMOD_SHIFT):
            from casino.ui.scenes.dialogs import KeysScene

            self.app.stack.push(KeysScene(self.app, KEYS_HELP))
        elif pygame.K_1 <= key <= pygame.K_9:
            self.play_hand_card(key - pygame.K_1, list(self.selection))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and table:
            step = 1 if key == pygame.K_RIGHT else -1
            self.focus = 0 if self.focus is None else (self.focus + step) % len(table)
        elif key == pygame.K_SPACE and self.focus is not None and self.focus < len(table):
            self.toggle(self.focus)
        elif key == pygame.K_h:
            self.on_action("hint")
        elif key == pygame.K_u:
            self.on_action("unseen")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_action("end_turn")
        elif key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.on_action("undo")
        elif key == pygame.K_BACKSPACE:
            self.selection.clear()
        elif key == pygame.K_r and self.session.problem():
            self.session.rejoin()
        elif key == pygame.K_ESCAPE:
            if self.show_unseen:  # it lies over the table: Esc puts it away before the menu
                self.show_unseen = False
            elif self.staged is not None:
                self.staged = None
                self.say(_("Move taken back."))
            elif self.selection:
                self.selection.clear()
                self.say(_("Selection cleared."))
            elif self.hint is not None:
                self.hint = None
                self.say(_("Hint put away."))
            else:
                self.on_action("menu")
        else:
            return False
        return True

    def on_action(self, action: str) -> bool:
        if action == "hint":
            self.ask_hint()
        elif action == "unseen":
            self.show_unseen = not self.show_unseen
        elif action == "end_turn":
            staged = self.staged
            if staged is not None and self.can_act():
                self.staged = None
                self.play_own(staged)
            elif self.hint is not None and self.can_act():  # Enter plays the hinted move
                self.play_own(self.hint[0])
        elif action == "undo":
            self.undo()
        elif action == "menu":
            from casino.ui.scenes.dialogs import MenuScene

            self.app.stack.push(MenuScene(self.app, self))
        else:
            return False
        return True

    def toggle(self, index: int) -> None:
        item = self.session.game.round.table[index]
        self.focus = index
        # the status line answers the click (the last move is in its seat's box and the log):
        # it kept saying "Computer 4: trail 5\u2665", a selection's only sign a frame whose
        # yellow is near the orange of the cards just played
        self.message = ""
        if item in self.selection:
            self.selection.remove(item)
        else:
            self.selection.append(item)
        self.staged = None

    def play_hand_card(self, index: int, selection: list[TableItem], ask: bool = True) -> None:
        """Ask the engine what this card played onto ``selection`` means, and act on it.

        A card clicked with nothing selected (``ask``) trails at once only when trailing is
        all it can do; otherwise its moves are offered, so a card that could take is not
        trailed by surprise. A drop on free table space (``ask`` False) is a trail as meant.
        """
        if not self.can_act():
            self.say(_("Wait for your turn.") if not self.my_turn()
                     else _("One moment…"))
            return
        view = self.view()
        if not 0 <= index < len(view.hand):
            return
        card = view.hand[index]
        if ask and not selection:
            own = [m for m in legal_moves(view) if m.card == card]
            if not all(isinstance(m, Trail) for m in own):
                self.offer_lone(card, own)
                return
        try:
            moves = find_moves(view, card, selection)
        except IllegalMoveError as exc:
            self.say(_("Not allowed: {reason}.").format(reason=reason_text(exc.reason)), "error")
            self.app.sounds.play("illegal")
            return
        if len(moves) == 1:
            self.choose(moves[0])
            return
        self.offer(card, moves, self.avoid_boxes(selection))

    def offer_lone(self, card: Card, moves: list[Move]) -> None:
        """What a card clicked alone can do, captures first and the trail last; on a crowded
        table (thousands of captures) the first ``OFFER_LIMIT`` and a word on the rest."""
        moves = sorted(moves, key=_offer_order)
        shown = moves[:OFFER_LIMIT - 1] + [m for m in moves[OFFER_LIMIT - 1:]
                                           if isinstance(m, Trail)]
        left = len(moves) - len(shown)
        note = _("Tip: select table cards first, then click your card to play it onto them.") \
            if not left else ngettext(
                "{count} more move is not listed: select the table cards you mean first, "
                "then click your card.",
                "{count} more moves are not listed: select the table cards you mean first, "
                "then click your card.", left).format(count=left)
        if not left and not any(isinstance(m, Trail) for m in moves):
            # a newcomer looks for the trail they can see nowhere: say why it is not there
            note = _("You cannot trail {card}: {reason}.").format(
                card=card_text(card), reason=reason_text(explain(self.view(), Trail(card))))
        used = list(dict.fromkeys(item for m in shown for item in move_items(m)))
        self.offer(card, shown, self.avoid_boxes(used), note)

    def offer(self, card: Card, moves: list[Move], avoid: tuple[Box, ...],
              note: str = "") -> None:
        """Ask which of ``moves`` (all of ``card``) the person means; the pick is played."""
        from casino.ui.scenes.dialogs import ChoiceScene

        def chosen(k: int | None) -> None:
            if k is not None:
                self.choose(moves[k])

        ruleset = self.session.ruleset
        title = _("What should {card} do?").format(card=card_text(card))
        self.app.stack.push(ChoiceScene(self.app, title, [move_text(m, ruleset) for m in moves],
                                        chosen, moves, avoid, note))

    def choose(self, move: Move) -> None:
        if self.app.settings.end_turn_staging:
            self.staged = move
            self.say(_("Ready: {move}. Enter or End turn plays it; Esc takes it back.").format(
                move=move_text(move, self.session.ruleset)))
        else:
            self.play_own(move)

    def play_own(self, move: Move) -> None:
        """The viewer's move: played here, or sent to the host of a network game (shown when
        the host's answer comes back)."""
        if self.session.submit(move):
            self.selection.clear()
            self.staged = None
            self.hint = None
            self.say(_("Sent: {move}").format(move=move_text(move, self.session.ruleset)))
        else:
            self.perform(move)

    def undo(self) -> None:
        """Take back the person's last move and the computer's reply (marked in statistics)."""
        if self.animator.busy() or self.summary_open:
            self.say(_("One moment…"))
            return
        if self.session.shared:
            self.say(_("No undo when several people play at this screen."), "error")
            return
        if self.session.remote_table():
            self.say(_("No undo at a network table: a move played there stays played."),
                     "error")
            return
        if not self.session.undo():
            self.say(_("Nothing of yours to take back yet."), "error")
            return
        self.selection.clear()
        self.staged = None
        self.hint = None
        self.hint_worker = None
        self.focus = None
        self.wait = 0.0
        self.changed.clear()  # the marked take or build is undone with the reply
        self.changed_pile = None
        self.say(_("Your last move is taken back. This game counts as one with undo."))

    def ask_hint(self) -> None:
        if not self.can_act() or self.hint_worker is not None:
            return
        view = self.view()
        if self.session.use_process:
            self.hint_worker = ProcessWorker(hint_for, view)
        else:
            self.hint_worker = Worker(lambda: hint_for(view))
        self.say(_("Thinking of a hint…"), "hint")

    # ------------------------------------------------------------------ playing moves

    def perform(self, move: Move) -> None:
        """Play a move for the seat to move and start its animation and sound."""
        session = self.session
        seat = session.to_move()
        before_positions = self.card_positions(session.game)
        before = session.play(move)
        after = session.game
        self.selection.clear()
        self.hint = None
        self.hint_worker = None  # a hint still being worked out is for the old position
        self.staged = None
        self.focus = None
        self.wait = 0.0
        if seat == self.viewer:
            self.changed.clear()  # the person has acted: the others' marks have been seen
            self.changed_pile = None
        if seat != self.viewer or session.shared:
            # what the others changed stays marked until the viewer acts (at a shared screen
            # one person's move is marked for the next)
            self.changed.update((i, seat) for i in after.round.table
                                if i not in before.round.table)
            self.changed_pile = seat if isinstance(move, Capture) else self.changed_pile
        self.say(session.log[-1].text)
        if not after.round_over() and isinstance(move, Trail) and \
                move.card in after.round.captures[seat]:
            card = card_text(move.card)
            self.say(_("No free space on the table: the {card} goes to your own capture pile "
                       "(it scores there).").format(card=card) if seat == self.viewer else
                     _("No free space on the table: the {card} goes to {name}'s capture pile "
                       "(it scores there).").format(card=card, name=session.seats[seat].shown))
        self.animate(seat, move, before, after, before_positions)
        self.table_from = before if self.animator.busy() else None

    def pile_boxes_before(self, before: Game, after: Game, item: TableItem) -> dict[Card, Box]:
        """Where the cards of the pile a build made go, fanned in the slot of the item it was
        built on, in the table's layout from before the move."""
        table = before.round.table
        if item not in table:
            return {}
        cards = next((item_cards(i) for i in after.round.table
                      if set(item_cards(item)) <= set(item_cards(i))), ())
        grid = self.grid(before)
        slot = grid.slots[table.index(item)]
        return dict(zip(cards, pile_boxes(slot, len(cards), grid.card, grid.tag), strict=True))

    def landing_box(self, game: Game) -> Box:
        """Where a card trailed in ``game`` lands: the table's first free slot."""
        table = game.round.table
        grid = self.grid(game)
        slot = grid.slots[min(len(table), len(grid.slots) - 1)]
        return pile_boxes(slot, 1, grid.card, grid.tag)[0]

    def animate(self, seat: int, move: Move, before: Game, after: Game,
                before_positions: dict[Card, Box]) -> None:
        """The move, step by step: the card leaves the hand and lands on its target, what it
        takes or builds on is marked for a moment (longer at slower speeds), then the cards
        move; at the end of a round the rest of the table goes, face up, to the last taker."""
        settings = self.app.settings
        sounds = self.app.sounds
        d = flight_seconds(settings)
        hold = highlight_seconds(settings) if seat != self.viewer else 0.0
        after_positions = self.card_positions(after)
        lay = self.layout()
        start = before_positions.get(move.card) if seat == self.viewer else None
        if start is None:
            x, y, w, _0 = self.opponent_hand_box(seat)
            count = len(before.round.hands[seat])
            last = round(self.opponent_fan(seat, count)[0] * max(0, count - 1))
            start = (x + min(last, w - lay.small[0]), y, *lay.small)
        items = move_items(move)
        touched = [c for item in items for c in item_cards(item)]
        pile = self.pile_box(seat)
        if touched:
            first = before_positions.get(touched[0], start)
            target = (first[0] + first[2] // 5, first[1] + first[3] // 5, first[2], first[3])
        elif move.card in after_positions or after.round_over():
            target = self.landing_box(before)  # the table keeps its layout while it lands
        else:
            target = pile  # Munter: no free space, the put goes to the player's own pile
        if d:
            for card in touched:
                self.animator.glow(before_positions.get(card, target), 0, d + hold)
        t = d + hold
        if isinstance(move, Capture):
            if d:  # the played card is drawn last: on top of what it takes
                for k, card in enumerate([*touched, move.card]):
                    src = target if card is move.card else before_positions.get(card, target)
                    self.animator.add(Flight(card, True, src, pile, t + 0.03 * k, d))
            t += d + 0.03 * len(touched)
            swept = after.round.sweeps[seat] > before.round.sweeps[seat]
            sounds.play("sweep" if swept else "capture")
            if swept and d:  # "Sweep!" only where a sweep scores
                scores = self.session.ruleset.scoring.sweep
                self.animator.banner(_("Sweep!") if scores else _("Table cleared"), t - d, 1.2 + d)
        elif touched:  # a build or block: the cards close up into their new pile
            if d:
                ends = self.pile_boxes_before(before, after, items[0])
                for card in [*touched, move.card]:
                    end = ends.get(card, target)
                    src = target if card is move.card else before_positions.get(card, end)
                    self.animator.add(Flight(card, True, src, end, t, d))
            t += d
            sounds.play("build")
        else:
            t = d
            sounds.play("play")
        if d:  # the played card leaves the hand and lands on its target, on top of all
            self.animator.add(Flight(move.card, True, start, target, 0, d))
        taken = last_take(before, after, seat, move)
        if taken is not None:
            taker, left = taken
            if d:
                pause = max(0.5, highlight_seconds(settings))
                name = _("you") if taker == self.viewer and not self.session.shared \
                    else self.session.seats[taker].shown
                self.animator.banner(_("Last take: {name}").format(name=name), t,
                                     pause + d + 0.05 * len(left) + 0.6, 0.12)
                where = {c: target if c == move.card else before_positions.get(c, target)
                         for c in left}  # the trailed card from where it landed
                for card in left:
                    self.animator.glow(where[card], t, pause)
                for k, card in enumerate(left):
                    src = where[card]
                    self.animator.add(Flight(card, True, src, self.pile_box(taker),
                                             t + pause + 0.05 * k, d))
                t += pause + d + 0.05 * len(left) + 0.4
        elif after.round.deal_number != before.round.deal_number:
            self._deal_animation(delay=t)

    def _deal_animation(self, delay: float = 0.0) -> None:
        """The person's new hand flies in from the stock; the last deal is announced."""
        game = self.session.game
        d = flight_seconds(self.app.settings)
        lay = self.layout()
        stock = (lay.stock[0] + lay.margin, lay.stock[1], *lay.small)
        positions = self.card_positions(game)
        if d:
            for k, card in enumerate(game.round.hands[self.viewer]):
                self.animator.add(Flight(card, True, stock, positions[card],
                                         delay + 0.06 * k, d))
            for seat in self.others():
                x, y, _0, _0 = self.opponent_hand_box(seat)
                step = self.opponent_fan(seat)[0]
                for k in range(len(game.round.hands[seat])):
                    target = (x + round(k * step), y, *lay.small)
                    self.animator.add(Flight(None, False, stock, target,
                                             delay + 0.06 * k + 0.02 * seat, d, seat))
        self.app.sounds.play("deal")
        if self.session.seats[game.round.to_move].policy is not None:
            self.wait = -deal_look_seconds(self.app.settings)  # let the new hand be seen first
        if game.round.is_last_deal() and not game.round_over():
            self.app.sounds.play("last_deal")
            if d:
                self.animator.banner(_("Last deal"), delay, 1.5 + d)

    # ------------------------------------------------------------------ time

    def busy(self) -> bool:
        # A job worked out off the UI thread keeps frames coming until its result is drawn.
        return (self.animator.busy() or bool(self.animator.banners) or self.session.thinking()
                or self.hint_worker is not None or self.drag_pos is not None
                or not self.my_turn())

    def update(self, dt: float) -> None:
        self.place_buttons()
        self.animator.update(dt)
        if not self.animator.busy():
            self.table_from = None
        if self.session.notices:  # each problem once, not again after every move
            fresh = [n for n in self.session.notices if n not in self.shown_notices]
            if fresh:
                said = notice_text(fresh[-1])
                if self.session.unsaved:  # what is at stake; the side panel keeps saying it
                    said = _("{problem}. Quitting now loses this game; each move tries to "
                             "save it again.").format(problem=said)
                news = isinstance(fresh[-1], Said) and fresh[-1].reason.message == PUT_ASIDE
                self.say(said, "info" if news else "error")
                self.shown_notices.update(fresh)
            self.session.notices.clear()
        if self.was_unsaved and not self.session.unsaved:
            self.say(_("The game is saved again."))
        self.was_unsaved = self.session.unsaved is not None
        if self.hint_worker is not None and self.hint_worker.done():
            self.hint = self.hint_worker.result()
            self.hint_worker = None
            if self.hint is not None:
                move, reason = self.hint
                said = move_text(move, self.session.ruleset)
                if reason is None:  # a plain take: the move says it all
                    self.say(_("Hint: {move}. Enter plays it.").format(move=said), "hint")
                else:
                    self.say(_("Hint: {move} — {reason}. Enter plays it.").format(
                        move=said, reason=reason_text(reason)), "hint")
        if self.animator.busy() or self.summary_open:
            return
        session = self.session
        if self.deal_pending:  # the summary is closed; the host's next deal is on its way
            if session.waiting_for_deal():
                session.take_computer_move()  # reads the host's frames: shows the deal
                return
            self.deal_pending = False
            self.start_round()
            return
        if session.game.round_over():
            self.open_summary()
            return
        if session.humans_turn():
            self.pass_screen()
            return
        session.start_thinking()
        self.wait += dt
        if self.wait < computer_pause(self.app.settings) * session.pace or session.thinking():
            return
        if self.animator.across_table():
            return  # a banner across the table ("Table cleared") would hide the next card played
        computer_move = session.take_computer_move()
        if computer_move is not None:
            self.perform(computer_move)

    def pass_screen(self) -> None:
        """At a shared screen, cover the table until the person to move says they are ready."""
        seat = self.session.to_move()
        if not self.session.shared or (seat == self.viewer and self.revealed) or \
                self.app.stack.top is not self:
            return
        self.revealed = False
        self.app.stack.push(CoverScene(self.app, self.session.seats[seat].shown,
                                       lambda: self.take_screen(seat)))

    def take_screen(self, seat: int) -> None:
        """``seat``'s person has the screen: from now on their view is drawn, and nothing of
        the last viewer's (selection, hint, unseen panel) stays."""
        self.viewer = seat
        self.revealed = True
        self.selection.clear()
        self.staged = None
        self.hint = None
        self.hint_worker = None
        self.show_unseen = False
        self.focus = None
        self.press = self.drag_pos = None
        self.message = ""
        self.animator.clear()
        self.table_from = None

    def open_summary(self) -> None:
        from casino.ui.scenes.dialogs import SummaryScene

        self.summary_open = True
        self.animator.clear()
        self.app.stack.push(SummaryScene(self.app, self.session, self.after_summary))

    def after_summary(self) -> None:
        self.summary_open = False
        if self.session.finished():
            from casino.ui.scenes.dialogs import GameOverScene

            self.app.notices.extend(self.session.record())
            self.app.stack.replace(GameOverScene(self.app, self.session))
            return
        self.session.next_round()
        if self.session.waiting_for_deal():  # shown by update() once it comes
            self.deal_pending = True
            return
        self.start_round()

    def start_round(self) -> None:
        """The next round is dealt: say so and deal the person's new hand."""
        self.selection.clear()
        self.say(_("Round {number}.").format(number=self.session.game.round_index + 1))
        self._deal_animation()

    def exit(self) -> None:
        self.session.close()

    def draw(self, surface: pygame.Surface) -> None:
        from casino.ui.scenes.table_view import draw_table

        draw_table(self, surface)


class CoverScene(Scene):
    """Hides the table between two people's turns until the next one clicks or presses Enter."""

    def __init__(self, app: App, name: str, ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.ready = ready

    def handle_event(self, event: pygame.event.Event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                               pygame.K_KP_ENTER)):
            self.app.stack.remove(self)
            self.ready()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from casino.ui.scenes.dialogs import MenuScene

            table = next((s for s in self.app.stack.scenes if isinstance(s, TableScene)), None)
            if table is not None:  # the menu (save and quit) without showing the table
                self.app.stack.push(MenuScene(self.app, table))
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        from casino.ui import assets
        from casino.ui.layout import dialog_layout, fit_font
        from casino.ui.scene import DIM, HILITE, draw_text, panel

        surface.blit(assets.felt(surface.get_size()), (0, 0))
        w, h = surface.get_size()
        font = fit_font(h)
        lay = dialog_layout(w, h, 3, 0, font, 0.5)
        panel(surface, lay.box, HILITE)
        x, y, bw, bh = lay.box
        draw_text(surface, _("Pass to {name} \u2014 click when ready").format(name=self.name),
                  font + 6, (x + bw // 2, y + bh // 2 - font), HILITE, "center", bold=True,
                  max_width=bw - 20)
        draw_text(surface, _("The other hands stay hidden until then."), font,
                  (x + bw // 2, y + bh // 2 + font), DIM, "center", max_width=bw - 20)
