"""The pygame table: scenes, layout, drawing, sound; a thin client of casino.engine."""
