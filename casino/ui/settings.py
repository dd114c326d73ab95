"""The window's use of the saved settings (``casino.persistence.Settings``): timings from speed.

The settings themselves, their file and its validation live in ``casino.persistence``; the
app keeps one frozen copy and replaces it on every change (``App.change_settings``).
"""

from __future__ import annotations

from casino.persistence import Settings

__all__ = ["Settings", "computer_pause", "deal_look_seconds", "flight_seconds",
           "highlight_seconds"]


def flight_seconds(settings: Settings) -> float:
    """How long one card takes to fly across the table."""
    return 0.08 + 0.05 * settings.speed if settings.animation else 0.0


def computer_pause(settings: Settings) -> float:
    """The least time a computer move waits, so a person can follow it."""
    return 0.1 + 0.08 * settings.speed if settings.animation else 0.0


def highlight_seconds(settings: Settings) -> float:
    """How long what the computer takes or builds on stays marked before the cards move."""
    return 0.15 + 0.1 * settings.speed if settings.animation else 0.0


def deal_look_seconds(settings: Settings) -> float:
    """Extra time the computer waits before its first move of a new deal."""
    return 0.3 + 0.1 * settings.speed if settings.animation else 0.0
