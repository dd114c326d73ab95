"""Text forms that round-trip: moves (``9C x 9D 5H 4S [5S 3H]``) and positions (like FEN).

See docs/NOTATION.md for the grammar. Parsing names the offending token on error.
"""

from __future__ import annotations

import re

from casino.engine.cards import DECK, Card, format_cards, parse_cards
from casino.engine.errors import NotationError
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.rules import Position, is_legal
from casino.engine.ruleset import Ruleset
from casino.engine.state import Pile, PileKind, State, TableItem, item_cards
from casino.engine.wording import Reason

_TOKEN = re.compile(r"\[[^\]]*\]|\S+")
_KIND_LETTER = {PileKind.BUILD: "b", PileKind.BLOCK: "k", PileKind.STACK: "s"}
_LETTER_KIND = {v: k for k, v in _KIND_LETTER.items()}


def format_item(item: TableItem) -> str:
    """A loose card as itself, a pile by its cards in brackets: ``[5S 3H]``."""
    return str(item) if isinstance(item, Card) else "[" + " ".join(map(str, item.cards)) + "]"


def format_move(move: Move) -> str:
    """Short text for a move; ``parse_move`` reads it back in the same position."""
    match move:
        case Trail(card=card):
            return f"{card} t"
        case Capture(card=card, value=value, items=items):
            head = str(card) if value == card.rank else f"{card}={value}"
            return f"{head} x " + " ".join(format_item(i) for i in items)
        case Build(card=card, value=value, items=items, sets=sets):
            tag = f"b{value}" + (f"x{sets}" if sets > 1 else "")
            return f"{card} {tag} " + " ".join(format_item(i) for i in items)
        case Block(card=card, value=value, item=item):
            return f"{card} k{value} {format_item(item)}"


def describe_move(move: Move, ruleset: Ruleset | None = None) -> str:
    """The move in words, for logs, hints and choice windows ("stack" in casino33)."""
    verb = "stack" if ruleset is not None and ruleset.build.style == "stacks" else "build"

    def items_text(items: tuple[TableItem, ...]) -> str:
        parts = []
        for item in items:
            if isinstance(item, Card):
                parts.append(str(item))
            else:
                kind = item.kind.value
                mult = " multiple" if item.multiple else ""
                parts.append(f"the{mult} {item.value} {kind} ({' '.join(map(str, item.cards))})")
        return ", ".join(parts)

    match move:
        case Trail(card=card):
            return f"trail {card}"
        case Capture(card=card, value=value, items=items):
            as_value = f" as {value}" if value != card.rank else ""
            return f"take {items_text(items)} with {card}{as_value}"
        case Build(card=card, value=value, items=items, sets=sets):
            kind = f"multiple {value}" if sets > 1 else str(value)
            return f"{verb} {kind}: {card} on {items_text(items)}"
        case Block(card=card, value=value, item=item):
            return f"block {value}: {card} on {items_text((item,))}"


def _find_item(table: tuple[TableItem, ...], token: str) -> TableItem:
    if token.startswith("["):
        wanted = set(parse_cards(token[1:-1]))
        for item in table:
            if isinstance(item, Pile) and set(item.cards) == wanted:
                return item
        raise NotationError(Reason("no pile {pile} on the table", pile=token))
    card = Card.parse(token)
    if card in table:
        return card
    raise NotationError(Reason("{card} is not a loose card on the table", card=card))


def parse_move(pos: Position, text: str) -> Move:
    """Read a move in ``pos``; a value left out is the one that makes the move legal."""
    tokens = _TOKEN.findall(text)
    if len(tokens) < 2:
        raise NotationError(Reason("not a move: {move} (expected e.g. {trail} or {capture})",
                                   move=repr(text), trail="'5H t'", capture="'9C x 9D 5H 4S'"))
    head, verb, rest = tokens[0], tokens[1], tokens[2:]
    card_text, _, value_text = head.partition("=")
    card = Card.parse(card_text)
    values = pos.ruleset.card_value_table[card.index]
    try:
        value = int(value_text) if value_text else None
    except ValueError:
        raise NotationError(Reason("bad value in {move}", move=repr(head))) from None
    # Items in table order, as the generator lists them, however they were typed.
    items = tuple(sorted((_find_item(pos.table, tok) for tok in rest), key=pos.table.index))
    if verb == "t":
        if rest:
            raise NotationError(Reason("a trail takes no table items: {item}", item=repr(rest[0])))
        return Trail(card)
    if verb == "x":
        if not items:
            raise NotationError(Reason("a capture needs at least one table item"))
        for v in ([value] if value is not None else list(values)):
            move = Capture(card, v, items)
            if is_legal(pos, move):
                return move
        return Capture(card, value if value is not None else values[0], items)
    m = re.fullmatch(r"([bk])(\d+)(?:x(\d+))?", verb)
    if not m:
        raise NotationError(Reason("unknown move verb {verb} (expected t, x, bN, bNxK or kN)",
                                   verb=repr(verb)))
    number = int(m.group(2))
    if m.group(1) == "k":
        if len(items) != 1:
            raise NotationError(Reason("a block goes onto exactly one table item"))
        return Block(card, number, items[0])
    if not items:
        raise NotationError(Reason("a build needs at least one table item"))
    return Build(card, number, items, int(m.group(3) or 1))


# ---------------------------------------------------------------------------- positions


def _format_pile(pile: Pile) -> str:
    tag = f"{_KIND_LETTER[pile.kind]}{pile.value}" + (f"x{pile.sets}" if pile.sets > 1 else "")
    return f"[{tag} {' '.join(map(str, pile.cards))} @{pile.owner}]"


def format_position(state: State) -> str:
    """One line: to_move;dealer;hands;table;captures;stock;sweeps;last taker;must;deal."""
    table = " ".join(_format_pile(i) if isinstance(i, Pile) else str(i) for i in state.table)
    must = "".join("1" if m else "0" for m in state.must_capture) or "-"
    return ";".join([
        str(state.to_move),
        str(state.dealer),
        "/".join(format_cards(h) for h in state.hands),
        table or "-",
        "/".join(format_cards(c) for c in state.captures),
        format_cards(state.stock),
        "/".join(map(str, state.sweeps)),
        "-" if state.last_taker is None else str(state.last_taker),
        must,
        str(state.deal_number),
    ])


def _parse_table(text: str) -> list[TableItem]:
    items: list[TableItem] = []
    for tok in _TOKEN.findall(text):
        if tok == "-":
            continue
        if not tok.startswith("["):
            items.append(Card.parse(tok))
            continue
        parts = tok[1:-1].split()
        m = re.fullmatch(r"([bks])(\d{1,2})(?:x(\d))?", parts[0]) if parts else None
        if not m or len(parts) < 3 or not parts[-1].startswith("@"):
            raise NotationError(f"bad pile {_cut(tok)} (expected e.g. [b8 5S 3H @1])")
        if not re.fullmatch(r"@\d", parts[-1]):
            raise NotationError(f"bad owner in pile {_cut(tok)} (expected a seat, e.g. @1)")
        items.append(Pile(_LETTER_KIND[m.group(1)], int(m.group(2)),
                          parse_cards(" ".join(parts[1:-1])), int(parts[-1][1:]),
                          int(m.group(3) or 1)))
    return items


def _cut(text: str, limit: int = 60) -> str:
    """``repr(text)`` short enough for a message."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 5] + "\u2026" + shown[-4:]


def _check_pile(ruleset: Ruleset, pile: Pile, players: int) -> None:
    """A pile the rules could have made: its owner a seat, its value what its cards add to."""
    text = _format_pile(pile)
    if not 0 <= pile.owner < players:
        raise NotationError(f"pile {text}: owner @{pile.owner} is not a seat "
                            f"(0 to {players - 1})")
    if pile.sets < 1 or pile.value < 1:
        raise NotationError(f"pile {text}: value and sets must be at least 1")
    values = [ruleset.card_value_table[c.index] for c in pile.cards]
    if pile.kind is PileKind.BLOCK:
        if not all(pile.value in v for v in values):
            raise NotationError(f"pile {text}: a block holds cards of value {pile.value} only")
        return
    sums = {0}
    for options in values:
        sums = {total + v for total in sums for v in options}
    if pile.value * pile.sets not in sums:
        raise NotationError(f"pile {text}: its cards do not add up to "
                            f"{pile.sets} \u00d7 {pile.value}")


def parse_position(ruleset: Ruleset, text: str) -> State:
    """Read a position; ``*`` once, in the stock or a capture pile, stands for every card
    not named elsewhere. Every card must then be in exactly one place."""
    fields = [f.strip() for f in text.split(";")]
    if len(fields) < 5:
        raise NotationError(
            f"a position needs at least 5 ';'-separated fields (to_move;dealer;hands;table;"
            f"captures), got {len(fields)}"
        )
    fields += [""] * (10 - len(fields))
    to_move_t, dealer_t, hands_t, table_t, caps_t, stock_t, sweeps_t, last_t, must_t, deal_t = (
        fields[:10]
    )

    def number(token: str, what: str) -> int:
        if not re.fullmatch(r"\d{1,3}", token):
            raise NotationError(f"{what}: {_cut(token)} is not a number from 0 to 999")
        return int(token)

    hands = [parse_cards(h) for h in hands_t.split("/")]
    players = len(hands)
    if players not in ruleset.players:
        raise NotationError(f"{players} hands; {ruleset.name} is played by "
                            f"{', '.join(map(str, ruleset.players))} players")
    most = max(ruleset.deal.first_hand, ruleset.deal.hand, ruleset.deal.draw_to)
    for seat, hand in enumerate(hands):
        if len(hand) > most:
            raise NotationError(f"hand {seat}: {len(hand)} cards; a hand holds at most {most} "
                                f"in {ruleset.name}")
    table = _parse_table(table_t)
    for item in table:
        if isinstance(item, Pile):
            _check_pile(ruleset, item, players)
    cap_texts = caps_t.split("/") if caps_t else ["-"] * players
    if len(cap_texts) != players:
        raise NotationError(f"captures: {len(cap_texts)} piles for {players} players")
    star = [i for i, t in enumerate(cap_texts) if t.strip() == "*"]
    if len(star) + (stock_t == "*") > 1:
        raise NotationError("'*' (every card not named) may stand in one place only")
    captures = [() if t.strip() == "*" else parse_cards(t) for t in cap_texts]
    stock = () if stock_t in ("", "*") else parse_cards(stock_t)
    named = [c for h in hands for c in h] + [c for i in table for c in item_cards(i)]
    named += [c for pile in captures for c in pile] + list(stock)
    seen: set[Card] = set()
    for card in named:
        if card in seen:
            raise NotationError(f"{card} is in two places")
        seen.add(card)
    rest = tuple(c for c in DECK if c not in seen)
    if stock_t == "*":
        stock = rest
    elif star:
        captures[star[0]] = rest
    elif rest:
        raise NotationError(f"cards missing from the position: {format_cards(rest)} (use '*')")
    sweeps = tuple(number(s, "sweeps") for s in sweeps_t.split("/")) if sweeps_t else (0,) * players
    must = tuple(ch == "1" for ch in must_t) if must_t not in ("", "-") else (False,) * players
    state = State(
        ruleset=ruleset,
        dealer=number(dealer_t, "dealer"),
        to_move=number(to_move_t, "to_move"),
        hands=tuple(hands),
        table=tuple(table),
        stock=tuple(stock),
        captures=tuple(captures),
        sweeps=sweeps,
        last_taker=None if last_t in ("", "-") else number(last_t, "last taker"),
        must_capture=must,
        deal_number=number(deal_t, "deal") if deal_t else 1,
    )
    if not 0 <= state.to_move < players or not 0 <= state.dealer < players:
        raise NotationError(f"to_move and dealer must be seats 0 to {players - 1}")
    if state.last_taker is not None and not 0 <= state.last_taker < players:
        raise NotationError(f"last taker must be a seat 0 to {players - 1}")
    if len(state.sweeps) != players or len(state.must_capture) != players:
        raise NotationError(f"sweeps and must-capture flags need one entry per player ({players})")
    return state
