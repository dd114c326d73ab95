"""The engine's few named errors; all are ValueErrors so callers may catch broadly."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from casino.engine.wording import Reason


class CasinoError(ValueError):
    """Base of every error the engine raises on bad input."""


class IllegalMoveError(CasinoError):
    """A move that the rules do not allow in this position; the state is unchanged.

    ``reason`` says why as data (a message id and its cards and numbers), so a window can
    say it in its own language; ``str()`` is the English sentence."""

    def __init__(self, reason: Reason | str) -> None:
        from casino.engine.wording import Reason  # wording needs cards, which need errors

        self.reason = reason if isinstance(reason, Reason) else Reason.plain(reason)
        super().__init__(str(self.reason))


class NotationError(CasinoError):
    """Text that is not a card, move or position; the message names the offending token.

    ``reason`` holds it as data where a player may read it (a move or card of a saved game
    or record, edited by hand); ``str()`` is the English sentence."""

    def __init__(self, reason: Reason | str) -> None:
        from casino.engine.wording import Reason

        self.reason = reason if isinstance(reason, Reason) else Reason.plain(reason)
        super().__init__(str(self.reason))


class RulesetError(CasinoError):
    """A ruleset file that cannot be read or does not validate; names file and field."""
