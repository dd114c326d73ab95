"""Casino, the fishing card game: rules engine, computer opponents and a pygame table."""

__version__ = "0.1.0"
