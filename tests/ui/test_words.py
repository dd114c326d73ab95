"""Cards in the window read as symbols (3♠, 10♦), never notation ("3S"): a whole game at
speed 1 through clicks, with every log line, status message and choice checked."""

from __future__ import annotations

import random
import time

import pygame

from casino.engine import Build, Capture, legal_moves
from casino.ui.scenes.table import TableScene
from casino.ui.words import NOTATION_CARD, SYMBOL_CARD, move_text, symbols
from tests.ui.driver import click_move, key, steps, top_name
from tests.ui.helpers import make_app


def test_symbols_and_move_words() -> None:
    assert symbols("take 5S, 5C with 10D; 2C cannot take 4H") == \
        "take 5\u2660, 5\u2663 with 10\u2666; 2\u2663 cannot take 4\u2665"
    from casino.engine import load_ruleset
    from casino.engine.notation import parse_move, parse_position

    munter = load_ruleset("munter")
    state = parse_position(munter, "0;1;7C 2D/QS 3C;7H JD;*/-")
    assert move_text(parse_move(state, "2D t"), munter) == "put 2\u2666"


def test_a_whole_game_at_speed_one_reads_in_card_symbols_only() -> None:
    app = make_app(animation=True, speed=1)
    app.new_game()
    rng = random.Random(16)
    seen: set[str] = set()
    deadline = time.monotonic() + 240
    while top_name(app) != "GameOverScene" and time.monotonic() < deadline:
        scene = app.stack.top
        if top_name(app) == "SummaryScene":
            key(pygame.K_RETURN)
        elif isinstance(scene, TableScene):
            seen.add(scene.message)
            if scene.can_act():
                options = legal_moves(scene.session.view())
                preferred = [m for m in options if isinstance(m, Capture | Build)]
                click_move(app, rng.choice(preferred or options))
        steps(app, 1, 0.1)
    assert top_name(app) == "GameOverScene"
    log = [entry.text for entry in app.stack.top.session.log]  # type: ignore[union-attr]
    assert len(log) > 40
    for text in [*log, *seen]:
        assert not NOTATION_CARD.search(text), text
    assert sum(bool(SYMBOL_CARD.search(text)) for text in log) > 40


def test_a_cited_source_reads_whole_whatever_seed_it_names() -> None:
    """'seed 007's notes' (a seed the game does not know, in a player's own ruleset) read
    'seed 007's's notes', and 'the seed 004' read 'the source 004'."""
    from casino.ui.words import cited

    assert cited("as seed 007's notes say") == "as seed 007's notes say"
    assert cited("as the seed 007 says") == "as the seed 007 says"
    assert cited("as the seed 004 says") == "as Hoyle and pagat says"
    assert cited("The seed 004 says so") == "Hoyle and pagat says so"
    assert cited("seed 002's advanced room") == "the Swedish Kasino program's advanced room"
    assert cited("seed 004's example") == "Hoyle and pagat's example"
    assert cited("the seed's program writes x") == "the source's program writes x"


def test_kasinos_five_of_spades_taking_what_sums_to_no_five_says_the_whole_table() -> None:
    """Only a table card above 5, or a table adding up to less, was worded as the whole
    table: 5\u2660 taking 3\u2663 3\u2665 (6) or A\u2663 3\u2665 (4 or 17) still read
    'take 3\u2663, 3\u2665 with 5\u2660', the miscount the wording is there to avoid."""
    from casino.engine import load_ruleset
    from casino.engine.notation import parse_position

    kasino = load_ruleset("kasino")
    for table, cards in (("3C 3H", "3\u2663, 3\u2665"), ("AC 3H", "A\u2663, 3\u2665")):
        state = parse_position(kasino, f"0;1;5S 9D/KS;{table};*/-")
        [take] = [m for m in legal_moves(state)
                  if isinstance(m, Capture) and str(m.card) == "5S"]
        assert move_text(take, kasino) == f"take the whole table with 5\u2660: {cards}"
    state = parse_position(kasino, "0;1;5S 9D/KS;2C 3H;*/-")  # a sum of 5: said as one
    [take] = [m for m in legal_moves(state) if isinstance(m, Capture) and str(m.card) == "5S"]
    assert move_text(take, kasino) == "take 2\u2663, 3\u2665 with 5\u2660"
