"""Moves as small immutable tagged values; one ``match`` statement dispatches on them.

Every move plays exactly one hand card. Table items are named by the objects on the
table (a loose ``Card`` or a ``Pile``), so a move is only meaningful in its position.
Moves are named tuples: immutable, hashable, and cheap to make by the thousand, which the
generator does on a crowded table. The four kinds never compare equal to one another (their
lengths or the type of their third field differ).
"""

from __future__ import annotations

from typing import NamedTuple

from casino.engine.cards import Card
from casino.engine.state import TableItem


class Trail(NamedTuple):
    """Put the card face up on the table, taking nothing."""

    card: Card


class Capture(NamedTuple):
    """Take ``items`` with ``card`` counted as ``value``; they form groups of that value."""

    card: Card
    value: int
    items: tuple[TableItem, ...]


class Build(NamedTuple):
    """Put ``card`` with ``items`` into one build of ``value`` made of ``sets`` groups."""

    card: Card
    value: int
    items: tuple[TableItem, ...]
    sets: int = 1


class Block(NamedTuple):
    """Munter: put ``card`` on a card or block of the same ``value``."""

    card: Card
    value: int
    item: TableItem


Move = Trail | Capture | Build | Block
