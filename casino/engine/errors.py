"""The engine's few named errors; all are ValueErrors so callers may catch broadly."""

from __future__ import annotations


class CasinoError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalMoveError(CasinoError):
    """A move that the rules do not allow in this position; the state is unchanged."""


class NotationError(CasinoError):
    """Text that is not a card, move or position; the message names the offending token."""


class RulesetError(CasinoError):
    """A ruleset file that cannot be read or does not validate; names file and field."""
