"""The pure rules engine: no pygame, no I/O beyond reading ruleset files, seeded chance only."""

from casino.engine.cards import DECK, Card
from casino.engine.errors import CasinoError, IllegalMoveError, NotationError, RulesetError
from casino.engine.game import Game
from casino.engine.moves import Block, Build, Capture, Move, Trail
from casino.engine.rules import apply, explain, find_moves, is_legal, legal_moves, play
from casino.engine.ruleset import Ruleset, load_ruleset
from casino.engine.scoring import RoundScore, score_round
from casino.engine.state import Pile, PileKind, PlayerView, State, deal_round, shuffled_deck

__all__ = [
    "DECK", "Block", "Build", "Capture", "Card", "CasinoError", "Game", "IllegalMoveError",
    "Move", "NotationError", "Pile", "PileKind", "PlayerView", "RoundScore", "Ruleset",
    "RulesetError", "State", "Trail", "apply", "deal_round", "explain", "find_moves",
    "is_legal", "legal_moves", "load_ruleset", "play", "score_round", "shuffled_deck",
]
