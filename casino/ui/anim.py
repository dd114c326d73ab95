"""Cards in flight and short flourishes: positions as functions of elapsed time.

An animation never owns a card: it names one and two boxes, and the table scene draws
the card there instead of in its resting place until the flight lands.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from casino.engine import Card
from casino.ui.layout import Box


def ease(t: float) -> float:
    """Smooth start and stop, 0..1 to 0..1."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


@dataclass(frozen=True)
class Flight:
    card: Card | None  # None: a back whose face nobody may know (an opponent's card)
    face_up: bool
    start: Box
    end: Box
    delay: float
    duration: float
    seat: int | None = None  # a back dealt to this opponent's hand

    def box_at(self, t: float) -> Box:
        k = ease((t - self.delay) / self.duration) if self.duration > 0 else 1.0
        return tuple(round(a + (b - a) * k) for a, b in zip(self.start, self.end, strict=True))  # type: ignore[return-value]

    def finished(self, t: float) -> bool:
        return t >= self.delay + self.duration


MIDDLE = 0.5
"""A banner's height across the middle of the table (the default); others sit higher."""


@dataclass(frozen=True)
class Banner:
    """Big text that grows and fades, e.g. a sweep or the last deal."""

    text: str
    delay: float
    duration: float
    height: float = MIDDLE  # where on the table, as a fraction of its height

    def alpha_scale(self, t: float) -> tuple[int, float]:
        k = (t - self.delay) / self.duration if self.duration > 0 else 1.0
        if k < 0 or k >= 1:
            return 0, 1.0
        alpha = round(255 * min(1.0, 4 * (1 - k)))
        return alpha, 0.7 + 0.5 * ease(min(1.0, k * 3))


@dataclass(frozen=True)
class Glow:
    """A box outlined for a while: what the computer is about to take or build on."""

    box: Box
    delay: float
    duration: float

    def shown(self, t: float) -> bool:
        return self.delay <= t < self.delay + self.duration


@dataclass
class Animator:
    """The flights and banners under way, and the clock they share."""

    clock: float = 0.0
    flights: list[Flight] = field(default_factory=list)
    banners: list[Banner] = field(default_factory=list)
    glows: list[Glow] = field(default_factory=list)

    def add(self, flight: Flight) -> None:
        self.flights.append(
            Flight(flight.card, flight.face_up, flight.start, flight.end,
                   flight.delay + self.clock, flight.duration, flight.seat))

    def banner(self, text: str, delay: float, duration: float, height: float = MIDDLE) -> None:
        self.banners.append(Banner(text, delay + self.clock, duration, height))

    def glow(self, box: Box, delay: float, duration: float) -> None:
        self.glows.append(Glow(box, delay + self.clock, duration))

    def update(self, dt: float) -> None:
        self.clock += dt
        self.flights = [f for f in self.flights if not f.finished(self.clock)]
        self.banners = [b for b in self.banners if b.delay + b.duration > self.clock]
        self.glows = [g for g in self.glows if g.delay + g.duration > self.clock]
        if not self.flights and not self.banners and not self.glows:
            self.clock = 0.0

    def busy(self) -> bool:
        return bool(self.flights or self.glows)

    def across_table(self) -> bool:
        """A banner across the middle of the table ("Table cleared", "Last deal") is on its
        way or showing: a card played now would land under it, unseen."""
        return any(b.height == MIDDLE for b in self.banners)

    def dealing(self, seat: int) -> int:
        """Backs still on their way to ``seat``'s hand."""
        return sum(1 for f in self.flights if f.seat == seat)

    def flying(self) -> set[Card]:
        return {f.card for f in self.flights if f.card is not None}

    def clear(self) -> None:
        self.flights.clear()
        self.banners.clear()
        self.glows.clear()
        self.clock = 0.0
