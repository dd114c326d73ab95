"""The player's choices for one run of the program (kept in memory; saving them is elsewhere)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Settings:
    ruleset: str = "classic"
    players: int = 2
    level: str = "expert"
    names: tuple[str, ...] = ()
    player_name: str = "You"
    back: str = "lattice"
    speed: int = 4  # 1 fastest .. 9 slowest, as in Munter
    animation: bool = True
    sound: bool = True
    four_colour: bool = False
    large_index: bool = False
    confirm_moves: bool = False  # SpiteNET's "End Turn": stage a move, commit with Enter
    ai_process: bool = True  # computer players think in a separate process (else a thread)

    def flight_seconds(self) -> float:
        """How long one card takes to fly across the table."""
        return 0.08 + 0.05 * self.speed if self.animation else 0.0

    def computer_pause(self) -> float:
        """The least time a computer move waits, so a person can follow it."""
        return 0.1 + 0.08 * self.speed if self.animation else 0.0
