"""A rule variant as validated data: every difference between variants is a field here.

Rulesets live as TOML files in ``rulesets/`` (shipped inside the package) and in the
user's ``rulesets/`` folder; ``load_ruleset`` reads one and reports problems by file and
field. The engine branches on these fields in ``rules.py`` only.
"""

from __future__ import annotations

import tomllib
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from casino.engine.cards import DECK, RANKS, Card
from casino.engine.errors import RulesetError

_STRICT = ConfigDict(frozen=True, extra="forbid")


class DealRules(BaseModel):
    """How cards come out: hand sizes, table cards, packets, dealer rotation."""

    model_config = _STRICT
    first_hand: int = Field(4, ge=1, le=13, description="cards each player gets in the first deal")
    hand: int = Field(4, ge=1, le=13, description="cards each player gets in later deals")
    table: int = Field(4, ge=0, le=12, description="cards dealt face up in the first deal")
    packet: int = Field(2, ge=1, le=6, description="cards dealt at a time")
    table_interleaved: bool = Field(
        True, description="the table's packet goes out after the first player's (seed 004)"
    )
    draw_to: int = Field(
        0, ge=0, le=13, description="draw back to this many after every play (Draw Casino); 0 = off"
    )


class CaptureRules(BaseModel):
    model_config = _STRICT
    builds_in_sums: bool = Field(False, description="a build may be one term of a sum capture")
    sweep_card: str | None = Field(None, description="a card that takes the whole table (5S)")


class BuildRules(BaseModel):
    model_config = _STRICT
    style: Literal["sets", "onto", "stacks", "none"] = Field(
        "sets",
        description="sets: classic builds of sets of value V; onto: a hand card onto one pile "
        "(munter); stacks: casino33's two-card stacks; none: no builds",
    )
    max_value: int = Field(10, ge=2, le=16, description="highest value a build may have")
    increase: bool = Field(True, description="a single build may be raised")
    increase_table_cards: int = Field(
        0, ge=0, le=1, description="loose table cards that may join a hand card raising a build"
    )
    one_per_value: bool = Field(True, description="a new set of a build's value joins that build")
    gather: bool = Field(True, description="loose sets of the value may be gathered into a build")
    add_to_multiple: Literal["anyone", "partner"] = Field(
        "anyone",
        description="who may add a set to a multiple build: anyone, or only the owner's partner "
        "(kasino: 'så länge det inte är dubbelt bygge')",
    )
    blocks: bool = Field(False, description="munter's blocks: a card onto a card of its value")


class Obligations(BaseModel):
    """What owning a build forces on its controller."""

    model_config = _STRICT
    attend_own_build: bool = Field(
        False, description="next turn: take, raise or duplicate your build; nothing else (004)"
    )
    no_trail_with_build: bool = Field(False, description="no trailing while you control a build")
    capture_after_build: bool = Field(False, description="after building, capture next turn")
    keep_card: bool = Field(
        False, description="never play away the last card that can take a build you control"
    )
    keep_stacking: bool = Field(
        False,
        description="while your stack is out, only take it or make more stacks of its value (003)",
    )


class CardPoints(BaseModel):
    """Points for holding given cards at round end, reported as one category."""

    model_config = _STRICT
    category: str
    cards: list[str]
    points: int = Field(ge=0)

    @model_validator(mode="after")
    def _cards_exist(self) -> CardPoints:
        for text in self.cards:
            Card.parse(text)
        return self


class ScoringRules(BaseModel):
    model_config = _STRICT
    most_cards: int = Field(3, ge=0)
    cards_tie: Literal["none", "little_casino"] = Field(
        "none", description="who gets the cards points on a tie for most"
    )
    most_spades: int = Field(1, ge=0)
    cards_at_least: int = Field(
        0, ge=0, le=52, description="most cards scores only with this many (munter: 27)"
    )
    spades_at_least: int = Field(
        0, ge=0, le=13, description="most spades scores only with this many (munter: 7)"
    )
    sweep: int = Field(0, ge=0)
    last_taker: int = Field(0, ge=0)
    card_points: list[CardPoints] = Field(default_factory=list)


class GameRules(BaseModel):
    model_config = _STRICT
    kind: Literal["target", "rounds"] = "target"
    target: int = Field(21, ge=1)
    rounds_per_player: int = Field(1, ge=1, description="rounds = this x players (kind rounds)")


def _two_players() -> list[Literal[2, 3, 4]]:
    return [2]


class Ruleset(BaseModel):
    """One Casino variant. Loaded from TOML; frozen; unknown fields are errors."""

    model_config = _STRICT
    name: str
    title: str
    description: str
    source: str = Field(description="the seed or reference the rules come from")
    players: list[Literal[2, 3, 4]] = Field(default_factory=_two_players)
    partnerships: bool = Field(False, description="4 players play as two teams, partners opposite")
    values: dict[str, list[int]] = Field(description="rank -> the values it may count as")
    card_values: dict[str, list[int]] = Field(
        default_factory=dict, description="card -> values, overriding its rank (kasino's 2S, 10D)"
    )
    pair_only: list[str] = Field(
        default_factory=list,
        description="ranks that take exactly one card of their rank and never sum or build",
    )
    table_spaces: int | None = Field(None, ge=4, le=52, description="munter's fixed tableau")
    deal: DealRules = Field(default_factory=DealRules)
    capture: CaptureRules = Field(default_factory=CaptureRules)
    build: BuildRules = Field(default_factory=BuildRules)
    obligations: Obligations = Field(default_factory=Obligations)
    scoring: ScoringRules = Field(default_factory=ScoringRules)
    game: GameRules = Field(default_factory=GameRules)
    interpretations: list[str] = Field(
        default_factory=list, description="choices made where the source is silent"
    )
    help: str = Field("", description="rules help shown to players")

    @model_validator(mode="after")
    def _check(self) -> Ruleset:
        missing = [r for r in RANKS if r not in self.values]
        unknown = [r for r in self.values if r not in RANKS]
        if missing or unknown:
            raise ValueError(
                f"values must name each rank {', '.join(RANKS)} once"
                + (f"; missing {missing}" if missing else "")
                + (f"; unknown {unknown}" if unknown else "")
            )
        for rank, vals in self.values.items():
            if not vals or any(not 1 <= v <= 16 for v in vals):
                raise ValueError(f"values.{rank}: expected a list of 1 to 16s, got {vals}")
        for text, vals in self.card_values.items():
            Card.parse(text)
            if not vals or any(not 1 <= v <= 16 for v in vals):
                raise ValueError(f"card_values.{text}: expected a list of 1 to 16s, got {vals}")
        for rank in self.pair_only:
            if rank not in RANKS:
                raise ValueError(f"pair_only: {rank!r} is not a rank")
        for n in self.players:
            used = self.deal.table + self.deal.first_hand * n
            if used > 52 or (52 - used) % (self.deal.hand * n):
                raise ValueError(
                    f"deal: with {n} players, {self.deal.table} table cards and first hands of "
                    f"{self.deal.first_hand}, hands of {self.deal.hand} do not use up 52 cards"
                )
        if self.capture.sweep_card is not None:
            Card.parse(self.capture.sweep_card)
        return self

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
    def highest_value(self) -> int:
        """The highest value any card counts as in a sum or a pairing."""
        return max((v for vals in self.sum_value_table for v in vals), default=0)

    def values_of(self, card: Card) -> tuple[int, ...]:
        return self.card_value_table[card.index]

    def rounds_in_game(self, players: int) -> int | None:
        """Fixed number of rounds, or None when the game runs to a target."""
        return self.game.rounds_per_player * players if self.game.kind == "rounds" else None

    def fixed_points(self, players: int) -> int:
        """Points a round always hands out, before sweeps, last taker and withheld ties."""
        s = self.scoring
        return s.most_cards + s.most_spades + sum(cp.points * len(cp.cards) for cp in s.card_points)


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


def _read_data(text: str, source: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """TOML text as data, with a ``base = "NAME"`` ruleset's data underneath it."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{source}: not valid TOML: {exc}") from None
    base = data.pop("base", None)
    if base is None:
        return data
    if not isinstance(base, str) or base in seen:
        raise RulesetError(f"{source}: field base: expected the name of another ruleset")
    resource = resources.files("casino.rulesets").joinpath(f"{base}.toml")
    if not resource.is_file():
        known = ", ".join(bundled_names())
        raise RulesetError(f"{source}: field base: unknown ruleset {base!r}; known: {known}")
    under = _read_data(resource.read_text(encoding="utf-8"), f"rulesets/{base}.toml",
                       (*seen, base))
    return _merge(under, data)


def _problems(exc: ValidationError, source: str) -> list[str]:
    return [f"{source}: field {_format_loc(err['loc'])}: {err['msg']}" for err in exc.errors()]


def parse_ruleset(text: str, source: str) -> Ruleset:
    """Validate TOML text; any problem becomes one RulesetError naming source and field."""
    data = _read_data(text, source)
    try:
        return Ruleset.model_validate(data)
    except ValidationError as exc:
        raise RulesetError("; ".join(_problems(exc, source))) from None


def ruleset_problems(path: Path) -> list[str]:
    """Every problem of one ruleset file, each naming its field; empty when it is valid."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [f"{path}: cannot read: {exc}"]
    try:
        data = _read_data(text, str(path))
    except RulesetError as exc:
        return [str(exc)]
    try:
        Ruleset.model_validate(data)
    except ValidationError as exc:
        return _problems(exc, str(path))
    return []


def bundled_names() -> list[str]:
    """Names of the rulesets shipped with the game, sorted."""
    folder = resources.files("casino.rulesets")
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


_cache: dict[str, Ruleset] = {}


def load_ruleset(name_or_path: str | Path, extra_dirs: tuple[Path, ...] = ()) -> Ruleset:
    """Load a bundled ruleset by name, a user ruleset from ``extra_dirs``, or a file path."""
    key = str(name_or_path)
    if key in _cache:
        return _cache[key]
    path = Path(key)
    if key.endswith(".toml") and path.exists():
        ruleset = parse_ruleset(path.read_text(encoding="utf-8"), str(path))
    else:
        resource = resources.files("casino.rulesets").joinpath(f"{key}.toml")
        if resource.is_file():
            ruleset = parse_ruleset(resource.read_text(encoding="utf-8"), f"rulesets/{key}.toml")
        else:
            for folder in extra_dirs:
                candidate = folder / f"{key}.toml"
                if candidate.is_file():
                    ruleset = parse_ruleset(candidate.read_text(encoding="utf-8"), str(candidate))
                    break
            else:
                known = ", ".join(bundled_names())
                raise RulesetError(f"unknown ruleset {key!r}; known rulesets: {known}")
    _cache[key] = ruleset
    return ruleset
