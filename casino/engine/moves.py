"""Moves as small immutable tagged values; one ``match`` statement dispatches on them.

Every move plays exactly one hand card. Table items are named by the objects on the
table (a loose ``Card`` or a ``Pile``), so a move is only meaningful in its position.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino.engine.cards import Card
from casino.engine.state import TableItem


@dataclass(frozen=True, slots=True)
class Trail:
    """Put the card face up on the table, taking nothing."""

    card: Card


@dataclass(frozen=True, slots=True)
class Capture:
    """Take ``items`` with ``card`` counted as ``value``; they form groups of that value."""

    card: Card
    value: int
    items: tuple[TableItem, ...]


@dataclass(frozen=True, slots=True)
class Build:
    """Put ``card`` with ``items`` into one build of ``value`` made of ``sets`` groups."""

    card: Card
    value: int
    items: tuple[TableItem, ...]
    sets: int = 1


@dataclass(frozen=True, slots=True)
class Block:
    """Munter: put ``card`` on a card or block of the same ``value``."""

    card: Card
    value: int
    item: TableItem


Move = Trail | Capture | Build | Block
