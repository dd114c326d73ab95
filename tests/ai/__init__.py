"""Tests of the computer players, the hint and the tournament."""
