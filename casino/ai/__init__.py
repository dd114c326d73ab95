"""Computer opponents: every policy sees only a ``PlayerView`` and picks from ``legal_moves``."""
