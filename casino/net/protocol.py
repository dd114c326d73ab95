"""The network protocol: every frame is one JSON object validated by a pydantic model.

Written down in docs/PROTOCOL.md. A client is sent only its own seat's ``PlayerView`` and
the public moves; the host validates everything a client sends. No pickle, no eval: frames
are JSON text read by ``json.loads`` and checked field by field.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from casino import __version__
from casino.engine.cards import Card
from casino.engine.ruleset import Ruleset
from casino.engine.state import Pile, PileKind, PlayerView, TableItem
from casino.engine.wording import Param, Reason

PROTOCOL_VERSION = 7
"""Bumped on any change a peer of the old version would misread (2: error frames carry the
reason's ``code`` and ``params``, which a version-1 peer refuses as unknown fields; 3: a
state frame carries the round's earlier ``moves``, an unknown field to a version-2 peer;
4: a move says ``stand_in`` when the host's computer played it for an absent person;
5: a seat says ``stand_in_after``, the seconds before the computer takes it; 6: a welcome
names the ``host``'s seat and the ``seat_timeout``; 7: a seat says it was ``lost`` (the
connection dropped, not a Leave), a welcome's ruleset carries its ``examples``, and a
computer is named in reasons by its seat and level, not in the host's words)."""

MAX_FRAME = 64 * 1024
"""The largest frame the host reads (bytes); bigger ones get an error frame."""

TRANSPORT_MAX = 1024 * 1024
"""The WebSocket layer's own cap: a frame above it closes the connection (code 1009)."""

SERVICE_TYPE = "_casino._tcp.local."
"""The mDNS service under which hosts announce their tables on the LAN."""

_FROZEN = ConfigDict(frozen=True, extra="forbid")

CardText = Annotated[str, Field(pattern=r"^(10|[2-9AJQK])[CDHS]$")]
"""A card in the notation of docs/NOTATION.md: ``10D``, ``AS``."""


# ---------------------------------------------------------------------------- the view


class WirePile(BaseModel):
    """A build, block or stack on the table."""

    model_config = _FROZEN
    kind: Literal["build", "block", "stack"]
    value: int = Field(ge=1, le=16)
    cards: list[CardText] = Field(min_length=1, max_length=52)
    owner: int = Field(ge=0, le=3)
    sets: int = Field(1, ge=1, le=13)


class WireView(BaseModel):
    """A seat's ``PlayerView`` on the wire: its own hand, the public table, counts of the rest."""

    model_config = _FROZEN
    player: int = Field(ge=0, le=3)
    dealer: int = Field(ge=0, le=3)
    to_move: int = Field(ge=0, le=3)
    hand: list[CardText] = Field(max_length=52)
    hand_counts: list[int] = Field(min_length=2, max_length=4)
    table: list[CardText | WirePile] = Field(max_length=52)
    stock_count: int = Field(ge=0, le=52)
    captures: list[list[CardText]] = Field(max_length=4)
    sweeps: list[int] = Field(max_length=4)
    last_taker: int | None = None
    must_capture: list[bool] = Field(max_length=4)
    deal_number: int = Field(ge=1)
    totals: list[int] = Field(default_factory=list, max_length=4)


    @classmethod
    def of(cls, view: PlayerView) -> WireView:
        return cls(
            player=view.player, dealer=view.dealer, to_move=view.to_move,
            hand=[str(c) for c in view.hand], hand_counts=list(view.hand_counts),
            table=[_wire_item(i) for i in view.table], stock_count=view.stock_count,
            captures=[[str(c) for c in pile] for pile in view.captures],
            sweeps=list(view.sweeps), last_taker=view.last_taker,
            must_capture=list(view.must_capture), deal_number=view.deal_number,
            totals=list(view.totals),
        )

    def to_view(self, ruleset: Ruleset) -> PlayerView:
        """The engine's view again, for the client's table and its computer player."""
        return PlayerView(
            ruleset=ruleset, player=self.player, dealer=self.dealer, to_move=self.to_move,
            hand=tuple(Card.parse(c) for c in self.hand), hand_counts=tuple(self.hand_counts),
            table=tuple(_engine_item(i) for i in self.table), stock_count=self.stock_count,
            captures=tuple(tuple(Card.parse(c) for c in pile) for pile in self.captures),
            sweeps=tuple(self.sweeps), last_taker=self.last_taker,
            must_capture=tuple(self.must_capture), deal_number=self.deal_number,
            totals=tuple(self.totals),
        )


def _wire_item(item: TableItem) -> str | WirePile:
    if isinstance(item, Card):
        return str(item)
    return WirePile(kind=item.kind.value, value=item.value, cards=[str(c) for c in item.cards],
                    owner=item.owner, sets=item.sets)


def _engine_item(item: str | WirePile) -> TableItem:
    if isinstance(item, str):
        return Card.parse(item)
    return Pile(PileKind(item.kind), item.value, tuple(Card.parse(c) for c in item.cards),
                item.owner, item.sets)


def view_digest(view: PlayerView | WireView) -> str:
    """A short fingerprint of a view: host and client compare them to prove no desync."""
    wire = view if isinstance(view, WireView) else WireView.of(view)
    return hashlib.sha256(wire.model_dump_json().encode("utf-8")).hexdigest()[:16]


# ---------------------------------------------------------------------------- client -> host


class Hello(BaseModel):
    """Sit down: a free seat (``seat`` or the first open one) with the join code, or back in
    one's own seat with its ``token``."""

    model_config = _FROZEN
    type: Literal["hello"]
    version: int
    app: str = Field("", max_length=40)
    code: str = Field(max_length=16)
    name: str = Field(min_length=1, max_length=40)
    seat: int | None = Field(None, ge=0, le=3)
    token: str | None = Field(None, max_length=64)


class PlayMove(BaseModel):
    """A move in the notation of docs/NOTATION.md, for the position at ``step``."""

    model_config = _FROZEN
    type: Literal["move"]
    step: int = Field(ge=0)
    move: str = Field(min_length=3, max_length=200)


ClientFrame = Annotated[Hello | PlayMove, Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientFrame)


# ---------------------------------------------------------------------------- host -> client


class SeatStatus(BaseModel):
    """Who sits in a seat, as everyone at the table sees it."""

    model_config = _FROZEN
    seat: int
    name: str
    kind: Literal["person", "computer", "host"]
    level: str | None = None
    connected: bool
    open: bool = False
    """A person's seat nobody has taken yet."""
    stand_in: bool = False
    """A computer plays for the seat's person, who dropped out and did not come back in time."""
    stand_in_after: float | None = Field(None, ge=0, le=86400)
    """The seat's person dropped out: seconds from this frame until the computer takes the
    seat unless they come back (every player's window counts down, not the host's alone)."""
    lost: bool = False
    """The seat's person is away because their connection dropped (a crash, the network),
    not because they left the table: the others read which."""


class Welcome(BaseModel):
    model_config = _FROZEN
    type: Literal["welcome"] = "welcome"
    version: int = PROTOCOL_VERSION
    app: str = __version__
    seat: int
    token: str
    ruleset: dict[str, Any]
    """The ruleset's full definition, so a client plays the host's rules exactly."""
    seats: list[SeatStatus]
    host: int | None = Field(None, ge=0, le=3)
    """The seat of the person whose window hosts the table (None: a table served without a
    player of its own): a guest's lobby says who hosts, for a third friend to ask."""
    seat_timeout: float | None = Field(None, ge=0, le=86400)
    """How long the game waits for a person who leaves before the host's computer plays
    their seat (seconds): a window says so before its person leaves the table."""


class Seats(BaseModel):
    """The lobby: sent to everyone whenever someone sits down, leaves or comes back."""

    model_config = _FROZEN
    type: Literal["seats"] = "seats"
    seats: list[SeatStatus]
    waiting_for: list[int] = Field(default_factory=list)
    """Seats whose person has dropped out while the game waits for them."""


class LastMove(BaseModel):
    model_config = _FROZEN
    seat: int
    move: str
    stand_in: bool = False
    """The host's computer played it for the seat's person, who was away."""


class PastMove(BaseModel):
    """A move played earlier in the round, as everyone at the table saw it: the piles it
    touched are given whole (their kind and value), since the client cannot read them off a
    table it never saw."""

    model_config = _FROZEN
    seat: int = Field(ge=0, le=3)
    move: str = Field(min_length=3, max_length=200)
    deal: int = Field(1, ge=1)
    piles: list[WirePile] = Field(default_factory=list, max_length=52)
    stand_in: bool = False
    """The host's computer played it for the seat's person, who was away."""


class StateFrame(BaseModel):
    """The receiver's view after ``last`` (None at the start of a deal or after a rejoin).

    A frame without ``last`` lists in ``moves`` the public moves of the round so far, so a
    seat that (re)joins in mid-round sees what was played; it is empty after a move."""

    model_config = _FROZEN
    type: Literal["state"] = "state"
    game: int
    step: int
    round: int
    view: WireView
    last: LastMove | None = None
    moves: list[PastMove] = Field(default_factory=list, max_length=400)


class GameOver(BaseModel):
    model_config = _FROZEN
    type: Literal["game_over"] = "game_over"
    game: int
    totals: list[int]
    winner: int | None
    rounds: int
    more: bool
    """Another game follows at this table."""


class WireCard(BaseModel):
    """A card among a reason's parameters (a bare string there is text, such as a name)."""

    model_config = _FROZEN
    card: CardText


WireLeaf = Union[int, float, str, WireCard, WirePile, "WireReason"]
WireParam = WireLeaf | list[WireLeaf]
"""A reason's parameter on the wire: a number, text, a card, a pile, a reason, or a list."""


class WireReason(BaseModel):
    """A reason as data (``casino.engine.wording.Reason``): its message id, the English text
    with ``{name}`` fields, and the values, so the client can say it in its own language."""

    model_config = _FROZEN
    code: str = Field(max_length=400)
    params: dict[str, WireParam] = Field(default_factory=dict, max_length=16)

    @classmethod
    def of(cls, reason: Reason) -> WireReason:
        return cls(code=reason.message, params={k: _wire_param(v) for k, v in reason.params})

    def to_reason(self) -> Reason:
        return Reason(self.code, **{k: _engine_param(v) for k, v in self.params.items()})


def _wire_param(value: Param) -> WireParam:
    if isinstance(value, Reason):
        return WireReason.of(value)
    if isinstance(value, Card):
        return WireCard(card=str(value))
    if isinstance(value, Pile):
        return _wire_item(value)
    if isinstance(value, tuple):
        return [_wire_leaf(v) for v in value]
    return value


def _wire_leaf(value: Param) -> WireLeaf:
    wire = _wire_param(value)
    if isinstance(wire, list):
        raise ValueError("a reason's list holds no lists")
    return wire


def _engine_param(value: WireParam) -> Param:
    if isinstance(value, WireReason):
        return value.to_reason()
    if isinstance(value, WireCard):
        return Card.parse(value.card)
    if isinstance(value, WirePile):
        return _engine_item(value)
    if isinstance(value, list):
        return tuple(_engine_param(v) for v in value)
    return value


class ErrorFrame(BaseModel):
    """A refusal with the reason; ``fatal`` ones are followed by closing the connection.

    ``reason`` is the English sentence; ``code`` and ``params`` (when present) are the same
    reason as data, for a client that shows it in another language."""

    model_config = _FROZEN
    type: Literal["error"] = "error"
    reason: str
    fatal: bool = False
    code: str | None = Field(None, max_length=400)
    params: dict[str, WireParam] = Field(default_factory=dict, max_length=16)

    @classmethod
    def of(cls, reason: Reason | str, fatal: bool = False) -> ErrorFrame:
        if isinstance(reason, str):
            return cls(reason=reason, fatal=fatal)
        wire = WireReason.of(reason)
        return cls(reason=str(reason), fatal=fatal, code=wire.code, params=wire.params)

    @property
    def why(self) -> Reason:
        """The reason as data (the English text alone when the host sent no code)."""
        if self.code is None:
            return _mismatch(self.reason) or Reason.plain(self.reason)
        return WireReason(code=self.code, params=self.params).to_reason()


HostFrame = Annotated[Welcome | Seats | StateFrame | GameOver | ErrorFrame,
                      Field(discriminator="type")]
_HOST = TypeAdapter(HostFrame)


class FrameError(ValueError):
    """A frame that is not valid for the protocol; ``reason`` says what is wrong (``str()``
    is its English sentence). ``fatal`` ones (another protocol version) end the connection."""

    def __init__(self, reason: Reason, fatal: bool = False) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.fatal = fatal


_MISMATCH = re.compile(r"version mismatch: this host speaks protocol (?P<host>\S+) \(casino "
                       r"(?P<host_app>[^)]*)\), you have protocol (?P<client>.+?)"
                       r"(?: \(casino (?P<client_app>.*)\))?")


def _mismatch(text: str) -> Reason | None:
    """A host's version mismatch (sent as plain text, in version 1's shape, so that any
    client reads it) as the reason it was made from; None for other text."""
    match = _MISMATCH.fullmatch(text)
    if match is None:
        return None
    fields = {k: v for k, v in match.groupdict().items() if v is not None}
    if "client_app" in fields:
        return Reason("version mismatch: this host speaks protocol {host} (casino {host_app}), "
                      "you have protocol {client} (casino {client_app})", **fields)
    return Reason("version mismatch: this host speaks protocol {host} (casino {host_app}), "
                  "you have protocol {client}", **fields)


def _json_object(text: str | bytes, limit: int | None) -> dict[str, Any]:
    if isinstance(text, bytes):
        raise FrameError(Reason("frames are JSON text, not binary"))
    if limit is not None and len(text) > limit:
        raise FrameError(Reason("a frame of {size} bytes is over the {limit} KiB limit",
                                size=len(text), limit=limit // 1024))
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise FrameError(Reason("not JSON: {error}", error=str(exc))) from None
    if not isinstance(data, dict):
        raise FrameError(Reason("a frame must be a JSON object"))
    return data


def _problem(exc: ValidationError) -> Reason:
    first = exc.errors()[0]
    where = ".".join(map(str, first["loc"])) or "(frame)"
    return Reason("{field}: {error}", field=where, error=first["msg"])


def parse_client(text: str | bytes) -> Hello | PlayMove:
    """A frame from a client; raises FrameError naming the first problem.

    A hello of another protocol version is reported as a version mismatch before its other
    fields are checked, since their shape may differ between versions.
    """
    data = _json_object(text, MAX_FRAME)
    if data.get("type") == "hello" and data.get("version") != PROTOCOL_VERSION:
        theirs = repr(data.get("version"))
        app = data.get("app")
        if app:
            mismatch = Reason("version mismatch: this host speaks protocol {host} (casino "
                              "{host_app}), you have protocol {client} (casino {client_app})",
                              host=PROTOCOL_VERSION, host_app=__version__, client=theirs,
                              client_app=str(app)[:40])
        else:
            mismatch = Reason("version mismatch: this host speaks protocol {host} (casino "
                              "{host_app}), you have protocol {client}",
                              host=PROTOCOL_VERSION, host_app=__version__, client=theirs)
        raise FrameError(mismatch, fatal=True)
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as exc:
        raise FrameError(_problem(exc)) from None


def parse_host(text: str | bytes) -> Welcome | Seats | StateFrame | GameOver | ErrorFrame:
    """A frame from the host (clients trust the host, but still check its frames)."""
    data = _json_object(text, None)
    try:
        return _HOST.validate_python(data)
    except ValidationError as exc:
        raise FrameError(_problem(exc)) from None


def encode(frame: BaseModel) -> str:
    if isinstance(frame, ErrorFrame) and frame.code is None:
        # Shaped as in version 1, so an older client still reads the version mismatch.
        return frame.model_dump_json(exclude={"code", "params"})
    return frame.model_dump_json(exclude_none=False)
