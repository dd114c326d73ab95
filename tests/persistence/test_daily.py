"""The daily deal: one seed per date, the same on every machine, a different deal each day."""

from __future__ import annotations

import hashlib
from datetime import date, timedelta

from casino.engine import Game, load_ruleset
from casino.persistence import daily_date, daily_seed


def test_same_date_same_seed_and_deal() -> None:
    day = date(2026, 11, 29)
    assert daily_seed(day) == daily_seed(date(2026, 11, 29))
    assert daily_seed(day) == "daily-2026-11-29-" + daily_seed(day)[-8:]
    rules = load_ruleset("classic")
    assert Game.start(rules, 2, daily_seed(day)) == Game.start(rules, 2, daily_seed(day))


def test_pinned_value() -> None:
    # a changed formula would give everyone a different "daily" deal than yesterday's copy
    digest = hashlib.sha256(b"casino daily 2026-01-01").hexdigest()[:8]
    assert daily_seed(date(2026, 1, 1)) == f"daily-2026-01-01-{digest}"


def test_days_differ_and_dates_come_back() -> None:
    days = [date(2026, 1, 1) + timedelta(days=n) for n in range(366)]
    seeds = {daily_seed(d) for d in days}
    assert len(seeds) == 366
    rules = load_ruleset("classic")
    first = Game.start(rules, 2, daily_seed(days[0])).round
    assert first != Game.start(rules, 2, daily_seed(days[1])).round
    assert all(daily_date(daily_seed(d)) == d for d in days[:10])
    assert daily_date("daily-2026-01-01-00000000") is None
    assert daily_date(42) is None and daily_date("daily-2026-13-01-12345678") is None
    assert daily_seed() == daily_seed(date.today())
