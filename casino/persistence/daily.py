"""The daily deal: one seed per calendar date, the same for everyone who plays that day."""

from __future__ import annotations

import hashlib
from datetime import date


def daily_seed(day: date | None = None) -> str:
    """The game seed of ``day`` (today, local time, by default): ``daily-YYYY-MM-DD-<hash>``.

    The hash only makes the seed look less like a date; it is fixed by the date alone, so
    every copy of the game deals the same cards on the same day.
    """
    day = day or date.today()
    digest = hashlib.sha256(f"casino daily {day.isoformat()}".encode()).hexdigest()[:8]
    return f"daily-{day.isoformat()}-{digest}"


def daily_date(seed: int | str) -> date | None:
    """The date a daily seed belongs to, or None for any other seed."""
    text = str(seed)
    if not text.startswith("daily-") or len(text) != len("daily-2000-01-01-12345678"):
        return None
    try:
        day = date.fromisoformat(text[6:16])
    except ValueError:
        return None
    return day if daily_seed(day) == text else None
