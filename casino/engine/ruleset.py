"""A rule variant as validated data: every difference between variants is a field here.

Rulesets live as TOML files in ``rulesets/`` (shipped inside the package), in the player's
folders (``casino.persistence.rulesets`` names them) or anywhere as a file. The one resolver
below (``load_ruleset``, ``list_rulesets``, ``ruleset_problems``) finds and reads them and
reports problems by file and field. The engine branches on these fields in ``rules.py`` only.

The types are plain frozen dataclasses, so the engine (and ``casino-cli simulate``) starts
without pydantic; pydantic validates them, imported on first use, wherever a file or a
network message is read. The bounds below are written for it (``_Bounds``), the checks
across fields are ``__post_init__`` and run however a ruleset is made.
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from casino.engine.cards import DECK, RANKS, Card
from casino.engine.errors import RulesetError

if TYPE_CHECKING:
    from pydantic import TypeAdapter, ValidationError
    from pydantic_core import InitErrorDetails

MAX_POINTS = 100
"""No scoring category is worth more than this (bundled rulesets give at most 3)."""
MAX_TARGET_ROUNDS = 20
"""A target must be reachable in this many rounds by a side that takes every point."""
_T = TypeVar("_T")
_STRICT = {"extra": "forbid"}
"""pydantic's configuration for every part: unknown fields are errors."""


class _Problems(ValueError):
    """Problems found across fields, each as (field, what is wrong), reported one a line."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        super().__init__("; ".join(f"{field}: {text}" for field, text in problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class _Bounds:
    """Bounds pydantic checks on a field (numbers ``ge``..``le``, at least ``min_length``
    items), given in the core schema the way pydantic's ``Field`` gives them."""

    ge: int | None = None
    le: int | None = None
    min_length: int | None = None

    def __get_pydantic_core_schema__(self, source: object,
                                     handler: Callable[[object], dict[str, Any]]) -> Any:
        schema = handler(source)
        schema.update({k: v for k, v in (("ge", self.ge), ("le", self.le),
                                         ("min_length", self.min_length)) if v is not None})
        return schema


def _frozen(cls: type[_T]) -> type[_T]:
    """``cls`` refusing assignment with a message that says it is frozen (a frozen
    dataclass's says only "cannot assign to field")."""

    def refuse(self: object, name: str, *value: object) -> None:
        raise dataclasses.FrozenInstanceError(
            f"{type(self).__name__} is frozen: cannot assign to or delete field {name!r}")

    cls.__setattr__ = refuse  # type: ignore[method-assign]
    cls.__delattr__ = refuse  # type: ignore[method-assign]
    return cls


@_frozen
@dataclass(frozen=True, kw_only=True)
class DealRules:
    """How cards come out: hand sizes, table cards, packets, dealer rotation."""

    __pydantic_config__ = _STRICT
    first_hand: Annotated[int, _Bounds(1, 13)] = 4
    """cards each player gets in the first deal"""
    hand: Annotated[int, _Bounds(1, 13)] = 4
    """cards each player gets in later deals"""
    table: Annotated[int, _Bounds(0, 12)] = 4
    """cards dealt face up in the first deal"""
    packet: Annotated[int, _Bounds(1, 6)] = 2
    """cards dealt at a time"""
    table_interleaved: bool = True
    """the table's packet goes out after the first player's (seed 004)"""
    draw_to: Annotated[int, _Bounds(0, 13)] = 0
    """draw back to this many after every play (Draw Casino); 0 = off"""


@_frozen
@dataclass(frozen=True, kw_only=True)
class CaptureRules:
    __pydantic_config__ = _STRICT
    builds_in_sums: bool = False
    """a build may be one term of a sum capture"""
    sweep_card: str | None = None
    """a card that takes the whole table (5S)"""


@_frozen
@dataclass(frozen=True, kw_only=True)
class BuildRules:
    __pydantic_config__ = _STRICT
    style: Literal["sets", "onto", "stacks", "none"] = "sets"
    """sets: classic builds of sets of value V; onto: a hand card onto one pile (munter);
    stacks: casino33's two-card stacks; none: no builds"""
    max_value: Annotated[int, _Bounds(2, 16)] = 10
    """highest value a build may have"""
    increase: bool = True
    """a single build may be raised"""
    increase_table_cards: Annotated[int, _Bounds(0, 1)] = 0
    """loose table cards that may join a hand card raising a build"""
    one_per_value: bool = True
    """a new set of a build's value joins that build"""
    gather: bool = True
    """loose sets of the value may be gathered into a build"""
    add_to_multiple: Literal["anyone", "partner", "owner_side"] = "anyone"
    """who may add a set to a multiple build: anyone, only the owner's partner, or the owner
    and the owner's partner (kasino: 'så länge det inte är dubbelt bygge'; 'Det är också
    möjligt att bygga tripplar, eller mer')"""
    blocks: bool = False
    """munter's blocks: a card onto a card of its value"""


@_frozen
@dataclass(frozen=True, kw_only=True)
class Obligations:
    """What owning a build forces on its controller."""

    __pydantic_config__ = _STRICT
    attend_own_build: bool = False
    """next turn: take, raise or duplicate your build; nothing else (004)"""
    no_trail_with_build: bool = False
    """no trailing while you control a build"""
    capture_after_build: bool = False
    """after building, capture next turn"""
    keep_card: bool = False
    """never play away the last card that can take a build you control"""
    keep_stacking: bool = False
    """while your stack is out, only take it or make more stacks of its value (003)"""


@_frozen
@dataclass(frozen=True, kw_only=True)
class CardPoints:
    """Points for holding given cards at round end, reported as one category."""

    __pydantic_config__ = _STRICT
    category: str
    cards: list[str]
    points: Annotated[int, _Bounds(0, MAX_POINTS)]

    def __post_init__(self) -> None:
        for text in self.cards:
            Card.parse(text)


@_frozen
@dataclass(frozen=True, kw_only=True)
class ScoringRules:
    __pydantic_config__ = _STRICT
    most_cards: Annotated[int, _Bounds(0, MAX_POINTS)] = 3
    cards_tie: Literal["none", "little_casino"] = "none"
    """who gets the cards points on a tie for most"""
    most_spades: Annotated[int, _Bounds(0, MAX_POINTS)] = 1
    cards_at_least: Annotated[int, _Bounds(0, 52)] = 0
    """most cards scores only with this many (munter: 27)"""
    spades_at_least: Annotated[int, _Bounds(0, 13)] = 0
    """most spades scores only with this many (munter: 7)"""
    sweep: Annotated[int, _Bounds(0, MAX_POINTS)] = 0
    last_taker: Annotated[int, _Bounds(0, MAX_POINTS)] = 0
    card_points: list[CardPoints] = field(default_factory=list)
    ratings: Literal["none", "casino33"] = "none"
    """rating points tallied beside the score and kept with each game: 'casino33' is seed
    003's (Aces, 10D, spades and cards over the majority, Ace Stacks, big takes, clearing a
    table of 5+); it counts Ace Stacks, so it needs build.style 'stacks'"""


@_frozen
@dataclass(frozen=True, kw_only=True)
class GameRules:
    __pydantic_config__ = _STRICT
    kind: Literal["target", "rounds"] = "target"
    target: Annotated[int, _Bounds(1, 1000)] = 21
    rounds_per_player: Annotated[int, _Bounds(1, 25)] = 1
    """rounds = this x players (kind rounds)"""


@_frozen
@dataclass(frozen=True, kw_only=True)
class Example:
    """A play the rules page shows: a position and a move of it in docs/NOTATION.md, and
    what it shows a player (a catalogue message). The resolver refuses a file whose example
    does not read or is not a legal move of its position under the file's rules."""

    __pydantic_config__ = _STRICT
    text: str
    position: str
    move: str


def _two_players() -> list[Literal[2, 3, 4]]:
    return [2]


WORDING = ("title", "description", "source", "interpretations", "help", "examples",
           "based_on")
"""The fields that put the rules into words (and show them): the fingerprint
(``Ruleset.digest``) leaves them out, so rewording a note or changing an example does not
make a saved game's rules look changed."""

TEACHING = ("examples", "based_on")
"""Wording fields that teach the rules: a guest takes them from its own copy of the same
bundled rules (``with_teaching``), whose examples its catalogue translates. A host's own
ruleset keeps the host's examples (protocol 7; before, they were left out of the welcome and
a guest's Rules page showed none), and its ``based_on`` only where it names a bundled
ruleset: a name from the network is never looked up on this machine (it could be a path)."""

EARLIER_DIGESTS: dict[str, tuple[str, ...]] = {
    "casino33": ("40497e8fa6d448cc",), "classic": ("7ad60622274e6bb5",),
    "classic-sweeps": ("75742b4e5f53f7a8",), "draw": ("003f49b4d31f6240",),
    "kasino": ("840b3b51f625096c",), "munter": ("e4d7949dbfb430bd",),
    "royal": ("d2ed2ec66212792a",), "spade": ("17e55bfc568ec969",),
    "spitenet": ("7ab1a2ab08dda28b",),
}
"""The bundled rulesets' fingerprints of the same rules from before the fingerprint left the
wording out (their notes then cited the rule texts as "seed 004" and so on): a game saved
then is not taken for one of changed rules."""


@_frozen
@dataclass(frozen=True, kw_only=True)
class Ruleset:
    """One Casino variant. Loaded from TOML; frozen; unknown fields are errors."""

    __pydantic_config__ = _STRICT
    name: str
    title: str
    description: str
    source: str
    """the rule text or reference the rules come from, and their docs/RULES.md section"""
    players: Annotated[list[Literal[2, 3, 4]], _Bounds(min_length=1)] = field(
        default_factory=_two_players)
    partnerships: bool = False
    """4 players may play as two teams, partners opposite (the default), or each alone"""
    values: dict[str, list[int]]
    """rank -> the values it may count as"""
    card_values: dict[str, list[int]] = field(default_factory=dict)
    """card -> values, overriding its rank (kasino's 2S, 10D)"""
    pair_only: list[str] = field(default_factory=list)
    """ranks that take exactly one card of their rank and never sum or build"""
    table_spaces: Annotated[int, _Bounds(4, 52)] | None = None
    """munter's fixed tableau"""
    deal: DealRules = field(default_factory=DealRules)
    capture: CaptureRules = field(default_factory=CaptureRules)
    build: BuildRules = field(default_factory=BuildRules)
    obligations: Obligations = field(default_factory=Obligations)
    scoring: ScoringRules = field(default_factory=ScoringRules)
    game: GameRules = field(default_factory=GameRules)
    interpretations: list[str] = field(default_factory=list)
    """choices made where the source is silent"""
    help: str = ""
    """rules help shown to players"""
    examples: list[Example] = field(default_factory=list)
    """plays the rules page shows; a file's own, never its base's"""
    based_on: str | None = None
    """the ruleset whose help this one's takes for granted ("As Classic Casino, but ..."):
    the rules page explains it too, with its examples"""
    _file: str | None = field(default_factory=lambda: None, init=False, repr=False)
    """The absolute path of the file it was loaded from by path (``casino --ruleset FILE``);
    set by the resolver, never read from a file. (A factory, so that every ruleset holds it
    as pydantic's do, and pickles alike.)"""

    def __post_init__(self) -> None:
        problems: list[tuple[str, str]] = []
        missing = [r for r in RANKS if r not in self.values]
        unknown = [r for r in self.values if r not in RANKS]
        if missing or unknown:
            problems.append(("values", f"must name each rank {', '.join(RANKS)} once"
                             + (f"; missing {missing}" if missing else "")
                             + (f"; unknown {unknown}" if unknown else "")))
        for rank, vals in self.values.items():
            if not vals or any(not 1 <= v <= 16 for v in vals):
                problems.append((f"values.{rank}", f"expected a list of 1 to 16s, got {vals}"))
        for text, vals in self.card_values.items():
            Card.parse(text)
            if not vals or any(not 1 <= v <= 16 for v in vals):
                problems.append((f"card_values.{text}",
                                 f"expected a list of 1 to 16s, got {vals}"))
        for rank in self.pair_only:
            if rank not in RANKS:
                problems.append(("pair_only", f"{rank!r} is not a rank"))
        if len(set(self.players)) != len(self.players):
            problems.append(("players", f"names a number of players twice: {self.players}"))
        for n in sorted(set(self.players)):
            problem = self._deal_problem(n)
            if problem is not None:
                problems.append(problem)
        if self.capture.sweep_card is not None:
            Card.parse(self.capture.sweep_card)
        if self.scoring.ratings == "casino33" and self.build.style != "stacks":
            problems.append(("scoring.ratings", "'casino33' ratings count Ace Stacks, so they "
                             f"need build.style = 'stacks', not {self.build.style!r}"))
        problems.extend(self._end_problems())
        if problems:
            raise _Problems(problems)

    def _deal_problem(self, n: int) -> tuple[str, str] | None:
        """Why ``n`` players cannot play a round through, or None.

        Every play takes exactly one card from the hand, so the hand sizes of a round do not
        depend on the cards: they are followed turn by turn. A seat whose turn comes with an
        empty hand while others still hold cards could never move.
        """
        d = self.deal
        used = d.table + d.first_hand * n
        if used > 52:
            return ("deal", f"with {n} players, {d.table} table cards and first hands of "
                            f"{d.first_hand} need {used} cards; the deck has 52")
        if not d.draw_to and (52 - used) % (d.hand * n):
            return ("deal", f"with {n} players, {d.table} table cards and first hands of "
                            f"{d.first_hand}, hands of {d.hand} do not use up 52 cards")
        hands, stock, seat = [d.first_hand] * n, 52 - used, 0
        while True:
            if not any(hands):
                if not stock:
                    return None
                size = min(d.hand, stock // n)
                if not size:
                    return ("deal", f"with {n} players, {stock} cards are left that cannot "
                                    "be dealt")
                hands, stock = [size] * n, stock - size * n
            if not hands[seat]:
                field = "deal.draw_to" if d.draw_to else "deal"
                return (field, f"with {n} players, drawing back to {d.draw_to} leaves a "
                               "player with no card on their turn while others still hold "
                               "cards: the deal needs more cards than the deck has")
            hands[seat] -= 1
            if d.draw_to and stock and hands[seat] < d.draw_to:
                drawn = min(d.draw_to - hands[seat], stock)
                hands[seat] += drawn
                stock -= drawn
            seat = (seat + 1) % n

    def _end_problems(self) -> list[tuple[str, str]]:
        """A game that nobody can win, or whose target no number of rounds can reach."""
        s = self.scoring
        per_round = self.fixed_points(2) + s.last_taker + s.sweep
        if per_round == 0:
            return [("scoring", "every category scores 0, so nobody ever scores a point "
                                "and the game could never be won")]
        reach = MAX_TARGET_ROUNDS * per_round
        if self.game.kind == "target" and self.game.target > reach:
            return [("game.target", f"{self.game.target} is more than {MAX_TARGET_ROUNDS} "
                                    f"rounds' points (a round gives about {per_round}): at "
                                    f"most {reach}")]
        return []

    # Precomputed per-card facts: the hot paths read these tuples, indexed by Card.index.
    @cached_property
    def card_value_table(self) -> tuple[tuple[int, ...], ...]:
        """Values each card may count as, by ``Card.index``."""
        out = []
        for card in DECK:
            vals = self.card_values.get(str(card)) or self.values[card.rank_text]
            out.append(tuple(sorted(set(vals))))
        return tuple(out)

    @cached_property
    def pair_only_table(self) -> tuple[bool, ...]:
        return tuple(card.rank_text in self.pair_only for card in DECK)

    @cached_property
    def sum_value_table(self) -> tuple[tuple[int, ...], ...]:
        """Values a loose card counts as in a sum or a pairing, by ``Card.index``: none for a
        card that pairs only."""
        return tuple(() if po else vals
                     for vals, po in zip(self.card_value_table, self.pair_only_table, strict=True))

    @cached_property
    def sum_single_table(self) -> tuple[int, ...]:
        """``sum_value_table`` for the generator's inner loop: the card's value where it has
        one, 0 where it has none, -1 where it has several."""
        return tuple(vals[0] if len(vals) == 1 else -1 if vals else 0
                     for vals in self.sum_value_table)

    @cached_property
    def several_values(self) -> bool:
        """Whether some number card counts more than one value (Kasino's Aces, 2 of Spades
        and 10 of Diamonds, Royal's Aces): the duty to keep a card for each build then needs
        a card per value (``obligations``)."""
        return -1 in self.sum_single_table

    @cached_property
    def sweep_card_index(self) -> int:
        """``Card.index`` of ``capture.sweep_card``; -1 when there is none."""
        sweep = self.capture.sweep_card
        return -1 if sweep is None else Card.parse(sweep).index

    @cached_property
    def highest_value(self) -> int:
        """The highest value any card counts as in a sum or a pairing."""
        return max((v for vals in self.sum_value_table for v in vals), default=0)

    def values_of(self, card: Card) -> tuple[int, ...]:
        return self.card_value_table[card.index]

    def takes_pile(self, card: Card, value: int) -> bool:
        """Whether ``card`` takes a build, block or stack of ``value`` (a card that pairs only
        takes no pile)."""
        return value in self.sum_value_table[card.index]

    def rounds_in_game(self, players: int) -> int | None:
        """Fixed number of rounds, or None when the game runs to a target."""
        return self.game.rounds_per_player * players if self.game.kind == "rounds" else None

    def fixed_points(self, players: int) -> int:
        """Points a round always hands out, before sweeps, last taker and withheld ties."""
        s = self.scoring
        return s.most_cards + s.most_spades + sum(cp.points * len(cp.cards) for cp in s.card_points)

    @property
    def ref(self) -> str:
        """What finds this ruleset again (a save keeps it): its name, or its file's path when
        it was loaded by path from outside the bundled set and the player's folder."""
        return self._file or self.name

    @cached_property
    def digest(self) -> str:
        """A fingerprint of the rules as validated (comments and key order do not count), so
        a saved game can tell that its ruleset file has changed. What plays no part in a
        game is left out: the rating points, and the words about the rules (``WORDING``)."""
        import hashlib  # here: loading it (OpenSSL) is a cost every start would pay

        data = self.model_dump()
        del data["scoring"]["ratings"]
        for name in WORDING:
            del data[name]
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()[:16]

    def same_rules(self, digest: str) -> bool:
        """Whether a save's fingerprint ``digest`` is of these rules: this one's, or one the
        bundled ruleset had before (``EARLIER_DIGESTS``)."""
        return digest == self.digest or digest in EARLIER_DIGESTS.get(self.ref, ())

    # The three calls a pydantic model offers that callers use (the network sends a ruleset
    # as data and validates what it receives; tests copy one with a change).
    @classmethod
    def model_validate(cls, data: object) -> Ruleset:
        """A ruleset from data as a TOML file gives it; pydantic's ValidationError if bad,
        worded as for the pydantic model this type once was."""
        from pydantic import ValidationError

        try:
            return _adapter().validate_python(data)
        except ValidationError as exc:
            errors = exc.errors()
            if not any(e["type"] in _AS_MODEL for e in errors):
                raise
            details: list[InitErrorDetails] = []
            for e in errors:
                detail: InitErrorDetails = {"type": _AS_MODEL.get(e["type"], e["type"]),
                                            "loc": e["loc"], "input": e["input"]}
                if "ctx" in e:
                    detail["ctx"] = e["ctx"]
                details.append(detail)
            raise ValidationError.from_exception_data(exc.title, details) from None

    def model_dump(self, mode: Literal["json", "python"] = "python") -> dict[str, Any]:
        """The ruleset as plain data (JSON types either way), as ``model_validate`` reads it."""
        data = dataclasses.asdict(self)
        del data["_file"]
        return data

    def model_copy(self, *, update: dict[str, Any]) -> Ruleset:
        """A copy with ``update`` applied (checked across fields, as every ruleset is)."""
        copy = dataclasses.replace(self, **update)
        object.__setattr__(copy, "_file", self._file)
        return copy


def wire_data(ruleset: Ruleset) -> dict[str, Any]:
    """``ruleset`` as the welcome sends it: whole, its examples too (a guest at a host's own
    rules has no other copy of them)."""
    return ruleset.model_dump(mode="json")


def with_teaching(ruleset: Ruleset) -> Ruleset:
    """``ruleset`` as received, ready to teach: the examples and base of the bundled ruleset
    of its name when that has the same rules (said in this window's catalogue); else its own
    examples, and its ``based_on`` only when that names a bundled ruleset."""
    bundled = bundled_names()
    if ruleset.name in bundled:
        local = load_ruleset(ruleset.name)
        if local.digest == ruleset.digest:
            return ruleset.model_copy(update={name: getattr(local, name) for name in TEACHING})
    if ruleset.based_on is not None and ruleset.based_on not in bundled:
        return ruleset.model_copy(update={"based_on": None})
    return ruleset


def _validation_error() -> type[ValidationError]:
    from pydantic import ValidationError

    return ValidationError


_AS_MODEL = {"unexpected_keyword_argument": "extra_forbidden", "dataclass_type": "model_type"}
"""pydantic's errors for a dataclass that a model words otherwise (the messages players see
name the model's: "Extra inputs are not permitted")."""


@cache
def _adapter() -> TypeAdapter[Ruleset]:
    from pydantic import TypeAdapter

    return TypeAdapter(Ruleset)


_PARTS: dict[str, Callable[..., Any]] = {
    "deal": DealRules, "capture": CaptureRules, "build": BuildRules,
    "obligations": Obligations, "game": GameRules,
    "scoring": lambda card_points=(), **rest: ScoringRules(
        card_points=[CardPoints(**cp) for cp in card_points], **rest),
}
_LISTS: dict[str, Callable[..., Any]] = {"examples": Example}
"""Fields that are lists of parts, each part made from its table."""


def _built(data: dict[str, Any]) -> Ruleset:
    """A ruleset made from a bundled file's data as it stands, without pydantic: only for
    files ``tests/engine/test_ruleset_bundled.py`` proves it gives pydantic's value for."""
    fields = dict(data)
    for key, part in _PARTS.items():
        if key in fields:
            fields[key] = part(**fields[key])
    for key, part in _LISTS.items():
        if key in fields:
            fields[key] = [part(**item) for item in fields[key]]
    return Ruleset(**fields)


def example_problems(ruleset: Ruleset) -> list[tuple[str, str]]:
    """Each example of ``ruleset`` that does not read, or whose move is not legal in its
    position under ``ruleset``, as (field, what is wrong)."""
    from casino.engine.errors import CasinoError
    from casino.engine.notation import parse_move, parse_position
    from casino.engine.rules import explain, legal_moves

    problems: list[tuple[str, str]] = []
    for k, example in enumerate(ruleset.examples):
        if not example.text.strip():
            problems.append((f"examples.{k}.text", "says nothing: write what the play shows"))
        try:
            state = parse_position(ruleset, example.position)
        except (CasinoError, ValueError) as exc:
            problems.append((f"examples.{k}.position", str(exc)))
            continue
        try:
            move = parse_move(state, example.move)
        except (CasinoError, ValueError) as exc:
            problems.append((f"examples.{k}.move", str(exc)))
            continue
        if move not in legal_moves(state):
            problems.append((f"examples.{k}.move", f"{example.move!r} is not legal in its "
                             f"position: {explain(state, move)}"))
    return problems


def _format_loc(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(p) for p in loc) or "(top level)"


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` on top of ``base``: tables merge key by key, anything else replaces."""
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _problems(exc: ValidationError, source: str) -> list[str]:
    lines = []
    for err in exc.errors():
        found = err.get("ctx", {}).get("error")
        if isinstance(found, _Problems):
            lines += [f"{source}: field {field}: {text}" for field, text in found.problems]
        else:
            lines.append(f"{source}: field {_format_loc(err['loc'])}: {err['msg']}")
    return lines


# ---------------------------------------------------------------------------------------
# The resolver: the one way to find a ruleset. A *name* is looked up among the bundled
# rulesets, then in the player's folders (which ``casino.persistence`` names); a *path* (it
# ends in ``.toml`` or holds a separator) is read as it is. ``base = "NAME"`` is a name.

MAX_RULESET_BYTES = 256 * 1024
"""A ruleset file is a few kB; anything over this is refused before it is read."""
MAX_NESTING = 8
"""Tables and lists nested deeper than this are no ruleset (a real one goes 4 deep)."""
NAME_LENGTH = 64

Origin = Literal["bundled", "yours", "file"]


@dataclass(frozen=True, slots=True)
class Listed:
    """One ruleset the resolver found: its ruleset, or the problem that keeps it out."""

    name: str
    origin: Origin
    where: str
    """``rulesets/NAME.toml`` for a bundled one, else the file's path."""
    ruleset: Ruleset | None
    problem: str | None = None


def _shown(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[: limit - 5] + "\u2026" + text[-4:])


def name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a ruleset's name (a file stem, never a path), or None."""
    if not isinstance(name, str) or not name:
        return "expected the name of a ruleset"
    if len(name) > NAME_LENGTH:
        return f"{_shown(name)} is longer than {NAME_LENGTH} characters"
    if any(c in name for c in "/\\") or ".." in name or name.startswith("."):
        return f"{_shown(name)} is a path; a ruleset name has no '/', '\\\\' or '..'"
    if any(not c.isprintable() for c in name):
        return f"{_shown(name)} holds control characters"
    return None


def is_path(ref: str | Path) -> bool:
    """Whether ``ref`` names a file (it ends in .toml or holds a separator), not a name."""
    text = str(ref)
    return isinstance(ref, Path) or text.endswith(".toml") or "/" in text or "\\" in text


BUNDLED = Path(__file__).parent.parent / "rulesets"
"""The folder of the rulesets shipped with the game (``casino/rulesets``), read as files as
the images and translations are: importing ``importlib.resources`` (zipfile, tempfile, bz2,
lzma) cost ~16 M instructions of every start of ``casino-cli`` (issue 17)."""


def bundled_names() -> list[str]:
    """Names of the rulesets shipped with the game, sorted."""
    return sorted(p.name[:-5] for p in BUNDLED.iterdir() if p.name.endswith(".toml"))


Signature = tuple[str, int, int, int]
_cache: dict[tuple[tuple[str, ...], str], tuple[tuple[Signature, ...], Ruleset]] = {}
"""Rulesets read, keyed by the folders searched and the name or path; each with the
signatures (path, size, mtime, inode) of the files it was made from, so an edited file is
read again."""


def _signature(path: Path) -> Signature:
    try:
        info = os.stat(path)
    except OSError:
        return (str(path), -1, -1, -1)
    return (str(path), info.st_size, info.st_mtime_ns, info.st_ino)


def _read_file(path: Path) -> str:
    """A ruleset file's text: a regular file of at most 256 KB in UTF-8; RulesetError else."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise RulesetError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise RulesetError(f"{path}: cannot be read (it is {what})")
        if info.st_size > MAX_RULESET_BYTES:
            raise RulesetError(f"{path}: {info.st_size:,} bytes; a ruleset file has at most "
                               f"{MAX_RULESET_BYTES:,} (256 KB)")
        raw = os.read(fd, MAX_RULESET_BYTES + 1)
    except OSError as exc:
        raise RulesetError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    if len(raw) > MAX_RULESET_BYTES:
        raise RulesetError(f"{path}: more than {MAX_RULESET_BYTES:,} bytes (256 KB)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetError(f"{path}: not UTF-8 text (byte {raw[exc.start]:#04x} at offset "
                           f"{exc.start}); save it as UTF-8") from None


def _depth(data: object) -> int:
    """How deeply tables and lists nest in ``data`` (without recursion)."""
    deepest, todo = 0, [(data, 0)]
    while todo:
        item, level = todo.pop()
        deepest = max(deepest, level)
        if level > MAX_NESTING:
            break
        if isinstance(item, dict):
            todo.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            todo.extend((v, level + 1) for v in item)
    return deepest


def _toml(text: str, source: str) -> dict[str, Any]:
    """TOML text as data; a RulesetError naming ``source`` for anything that is no ruleset."""
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise RulesetError(f"{source}: nested too deeply to be a ruleset") from None
    except ValueError as exc:  # TOMLDecodeError, and numbers of thousands of digits
        raise RulesetError(f"{source}: not valid TOML: {str(exc)[:200]}") from None
    if _depth(data) > MAX_NESTING:
        raise RulesetError(f"{source}: tables or lists nested more than {MAX_NESTING} deep; "
                           "a ruleset needs 4 at most")
    return data


class _Invalid(RulesetError):
    """A ruleset that does not validate: one line per problem, each naming its field."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("; ".join(lines))
        self.lines = lines


class _Finder:
    """One resolution: the folders searched, and the files read on the way (for the cache)."""

    def __init__(self, folders: tuple[Path, ...], built: bool = False) -> None:
        self.folders = folders
        self.built = built
        """Whether a bundled file (with bundled bases) is made without pydantic (``_built``)."""
        self.read: list[Signature] = []
        self.misnamed: list[str] = []

    def locate(self, name: str, field: str = "ruleset") -> tuple[Origin, str, Path]:
        """Where the ruleset called ``name`` is: bundled first, then the folders in order."""
        problem = name_problem(name)
        if problem is not None:
            raise RulesetError(f"{field} {problem}")
        resource = BUNDLED / f"{name}.toml"
        if resource.is_file():
            return "bundled", f"rulesets/{name}.toml", resource
        for folder in self.folders:
            candidate = folder / f"{name}.toml"
            if candidate.exists():
                return "yours", str(candidate), candidate
        known = ", ".join(bundled_names() + [n for n in self.user_names()
                                             if n not in bundled_names()])
        where = f" (your own go in {', '.join(map(str, self.folders))})" if self.folders else ""
        raise RulesetError(f"unknown ruleset {_shown(name, 80)}; known rulesets: {known}{where}")

    def user_names(self) -> list[str]:
        names: list[str] = []
        for folder in self.folders:
            try:
                found = sorted(e.name[:-5] for e in os.scandir(folder) if e.name.endswith(".toml"))
            except OSError:
                continue
            names += [n for n in found if n not in names]
        return names

    def text(self, origin: Origin, where: str, place: Path) -> str:
        if origin == "bundled":
            return place.read_text(encoding="utf-8")
        path = Path(where)
        self.read.append(_signature(path))
        return _read_file(path)

    def data(self, text: str, name: str, source: str, seen: tuple[str, ...]) -> dict[str, Any]:
        """A file's data with its ``base`` underneath and its name set to the file's."""
        data = _toml(text, source)
        own = data.get("name", name)
        if own != name:
            self.misnamed.append(
                f"{source}: field name: {_shown(str(own))} is not the file's name {name!r}: "
                f"a ruleset is known by its file name (write name = {json.dumps(name)} or "
                "leave the line out)")
        base = data.pop("base", None)
        if base is not None:
            problem = name_problem(base)
            if problem is not None:
                raise RulesetError(f"{source}: field base: {problem}")
            try:
                origin, where, place = self.locate(base, "base")
            except RulesetError as exc:
                raise RulesetError(f"{source}: field base: {exc}") from None
            if where in (*seen, source):
                raise RulesetError(f"{source}: field base: {base!r} leads back to itself")
            under = self.data(self.text(origin, where, place), base, where, (*seen, source))
            under.pop("examples", None)  # a base's examples may not hold under these rules
            data = _merge(under, data)
        data["name"] = name
        return data

    def load(self, ref: str | Path) -> Ruleset:
        """The ruleset a name or path refers to; RulesetError naming file and field."""
        if is_path(ref):
            path = Path(ref).expanduser().absolute()
            if path.suffix != ".toml":
                raise RulesetError(f"ruleset {_shown(str(ref))}: neither a name (a name has "
                                   "no '/', '\\' or '..') nor a .toml file")
            name = path.stem
            problem = name_problem(name)
            if problem is not None:
                raise RulesetError(f"{path}: the file's name {problem}")
            ruleset = self.validate(self.data(self.text("file", str(path), path), name,
                                              str(path), ()), str(path))
            found = self.locate_quietly(name)
            if found is None or Path(found).absolute() != path:
                object.__setattr__(ruleset, "_file", str(path))
            return ruleset
        origin, where, place = self.locate(str(ref))
        data = self.data(self.text(origin, where, place), str(ref), where, ())
        if self.built and origin == "bundled" and not self.read and not self.misnamed:
            # A bundled file's examples and base are played by the test suite
            # (tests/engine/test_ruleset_examples.py), not again at every start.
            try:
                return _built(data)
            except Exception:  # whatever is amiss, pydantic below names it
                pass
        return self.validate(data, where)

    def checked(self, ruleset: Ruleset, source: str) -> Ruleset:
        """``ruleset`` if its examples are legal plays; else the problems, file and field."""
        problems = example_problems(ruleset)
        if ruleset.based_on is not None:
            try:
                self.locate(ruleset.based_on, "based_on")
            except RulesetError as exc:
                problems.append(("based_on", str(exc)))
        if problems:
            raise _Invalid([f"{source}: field {field}: {text}" for field, text in problems])
        return ruleset

    def locate_quietly(self, name: str) -> str | None:
        """Where ``name`` is found by name, or None (a file loaded by path may be that one)."""
        try:
            return self.locate(name)[1]
        except RulesetError:
            return None

    def validate(self, data: dict[str, Any], source: str) -> Ruleset:
        lines = list(self.misnamed)
        ruleset = None
        try:
            ruleset = Ruleset.model_validate(data)
        except _validation_error() as exc:
            lines += _problems(exc, source)
        except RecursionError:
            lines.append(f"{source}: nested too deeply to be a ruleset")
        if lines or ruleset is None:
            raise _Invalid(lines)
        return self.checked(ruleset, source)


def load_ruleset(ref: str | Path, folders: tuple[Path, ...] = ()) -> Ruleset:
    """The ruleset called ``ref`` (bundled, else in ``folders``) or in the file ``ref``.

    The one way to find a ruleset: the CLI, the title screen, ``casino --ruleset``, saves
    and ``base =`` all come here. Problems are a RulesetError naming the file and field.
    """
    folders = tuple(Path(f) for f in folders)
    key = (tuple(map(str, folders)), str(ref))
    hit = _cache.get(key)
    if hit is not None and all(_signature(Path(s[0])) == s for s in hit[0]):
        return hit[1]
    finder = _Finder(folders, built=True)
    try:
        ruleset = finder.load(ref)
    except RecursionError:
        raise RulesetError(f"ruleset {_shown(str(ref))}: nested too deeply") from None
    _cache[key] = (tuple(finder.read), ruleset)
    return ruleset


def ruleset_problems(ref: str | Path, folders: tuple[Path, ...] = ()) -> list[str]:
    """Every problem of one ruleset (a name or file), each naming its field; [] if valid."""
    finder = _Finder(tuple(Path(f) for f in folders))
    try:
        finder.load(ref)
    except _Invalid as exc:
        return exc.lines
    except RulesetError as exc:
        return [str(exc)]
    return []


def parse_ruleset(text: str, source: str, folders: tuple[Path, ...] = ()) -> Ruleset:
    """Validate TOML text (its ``base`` found as names are); RulesetError naming the field."""
    finder = _Finder(tuple(Path(f) for f in folders))
    data = _toml(text, source)
    name = data.get("name")
    name = name if isinstance(name, str) and name_problem(name) is None else "unnamed"
    return finder.validate(finder.data(text, name, source, ()), source)


def list_rulesets(folders: tuple[Path, ...] = ()) -> list[Listed]:
    """Every ruleset there is: the bundled ones, then each folder's ``*.toml`` by name.

    A file that does not load is listed with its problem and never stops the others; a file
    named like a bundled ruleset is listed as not used.
    """
    out = [Listed(n, "bundled", f"rulesets/{n}.toml", load_ruleset(n)) for n in bundled_names()]
    bundled = set(bundled_names())
    taken = set(bundled)
    for folder in (Path(f) for f in folders):
        try:
            files = sorted(e.name for e in os.scandir(folder) if e.name.endswith(".toml"))
        except OSError:
            continue
        for file_name in files:
            name, path = file_name[:-5], str(folder / file_name)
            problem = name_problem(name)
            if problem is None and name in taken:
                other = "a bundled ruleset" if name in bundled else "a file in another folder"
                problem = f"not used: {other} has the name {name!r}; rename the file"
            if problem is not None:
                out.append(Listed(name, "yours", path, None, f"{path}: {problem}"))
                continue
            taken.add(name)
            try:
                out.append(Listed(name, "yours", path, load_ruleset(name, tuple(folders))))
            except RulesetError as exc:
                out.append(Listed(name, "yours", path, None, str(exc)))
    return out
