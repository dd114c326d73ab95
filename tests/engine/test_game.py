"""Game end, dealer rotation and the beyond-the-seeds rulesets (spade, draw)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from casino.engine import Game, legal_moves, load_ruleset, play, score_round
from casino.engine.cards import DECK
from casino.engine.scoring import RoundScore
from casino.engine.state import PlayerView, shuffled_deck

from .helpers import last_trick_score, pos


def finished(name: str, totals: list[tuple[int, int]]) -> Game:
    game = Game.start(load_ruleset(name), 2, 5)
    state = game.round
    state = replace(state, hands=((), ()), stock=(), captures=(tuple(state.all_cards()), ()))
    scores = tuple(RoundScore(("x",), ((a,), (b,)), (0, 0), (0, 0), (0, 0)) for a, b in totals)
    return replace(game, round=state, scores=scores)


@pytest.mark.parametrize(
    ("totals", "winner", "over"),
    [
        ([(11, 0), (10, 0)], 0, True),  # first to 21
        ([(11, 10), (5, 6)], None, False),  # 16-16: nobody has 21
        ([(11, 10), (10, 11)], None, False),  # docs/RULES.md#classic-the-game: a tie plays on
        ([(11, 10), (12, 12)], 0, True),  # docs/RULES.md#classic-the-game: higher wins
        ([(10, 11), (10, 11)], 1, True),
    ],
)
def test_classic_game_end(totals: list[tuple[int, int]], winner: int | None, over: bool) -> None:
    game = finished("classic", totals)
    assert game.winner() == winner
    assert game.is_over() is over


def test_next_round_passes_the_deal_left() -> None:
    game = finished("classic", [(5, 6)])
    nxt = game.next_round()
    assert nxt.round.dealer == (game.first_dealer + 1) % 2
    assert nxt.round.to_move == game.first_dealer
    assert nxt.round_index == 1 and len(nxt.round.hands[0]) == 4


def test_first_dealer_is_a_seeded_coin_flip() -> None:
    # seed 001: "The computer flips a coin to decide who will deal."
    dealers = {Game.start(load_ruleset("spitenet"), 2, seed).first_dealer for seed in range(20)}
    assert dealers == {0, 1}
    assert Game.start(load_ruleset("spitenet"), 2, 3).first_dealer == Game.start(
        load_ruleset("spitenet"), 2, 3).first_dealer


def test_spade_casino_scores_every_spade() -> None:
    # docs/RULES.md#spade-casino: every spade scores, 24 points a round (issue 3)
    rs = load_ruleset("spade")
    assert rs.fixed_points(2) == 24
    assert rs.game.target == 61
    score = last_trick_score("0/0;0", "spade")
    assert sum(map(sum, score.values())) == 24 - (3 if score["cards"] == (0, 0) else 0)
    assert score["jack_of_spades"] in ((1, 0), (0, 1))


def test_draw_casino_draws_back_to_four_after_every_play() -> None:
    # docs/RULES.md#draw-casino: after every play, draw back to four from the stock
    game = Game.start(load_ruleset("draw"), 2, 2)
    state = game.round
    stock = len(state.stock)
    state = play(state, game.legal_moves()[-1])
    assert len(state.hands[game.round.to_move]) == 4
    assert len(state.stock) == stock - 1
    while state.stock:
        state = play(state, legal_moves(state)[0])
    assert [len(h) for h in state.hands] in ([4, 4], [3, 4], [4, 3])


def test_four_players_play_as_partnerships_with_pooled_scores() -> None:
    # docs/RULES.md#classic-players-and-deal: four play as two partnerships; seed 002:
    # "spelar man i par med den som sitter rakt framför en själv"
    for name in ("classic", "kasino"):
        game = Game.start(load_ruleset(name), 4, 11)
        assert game.sides == 2
        state = game.round
        while not state.is_over():
            state = play(state, legal_moves(state)[0])
        score = score_round(state)
        assert len(score.totals) == 2
        assert score.cards[0] == len(state.captures[0]) + len(state.captures[2])
        assert score.cards[1] == len(state.captures[1]) + len(state.captures[3])


def test_three_players_tie_for_most_gives_nobody_the_points() -> None:
    # docs/RULES.md#classic-scoring: with 3 or 4 players a tie for most scores nothing
    spades = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    hearts = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    unique = pos(f"0;1;-/-/-;-;{spades} AC 2C 3C 4C/{hearts} 5C 6C 7C 8C/*;-;0/0/0;0;000;4")
    assert score_round(unique).cards == (17, 17, 18)
    assert score_round(unique).by_category()["cards"] == (0, 0, 3)
    level = pos(f"0;1;-/-/-;-;{spades} AC 2C 3C 4C 9C/{hearts} 5C 6C 7C 8C 10C/*;-;0/0/0;0;000;4")
    assert score_round(level).cards == (18, 18, 16)
    assert score_round(level).by_category()["cards"] == (0, 0, 0)


def test_deals_in_round_is_the_number_of_deals_a_round_has() -> None:
    """The table shows 'Deal 2 of 6' from this; Draw Casino deals once (issue 16)."""
    import random

    from casino.engine.ruleset import bundled_names
    from casino.engine.state import deals_in_round

    for name in bundled_names():
        ruleset = load_ruleset(name)
        for players in ruleset.players:
            game = Game.start(ruleset, players, 3)
            rng = random.Random(name)
            most = 1
            while not game.round_over():
                most = max(most, game.round.deal_number)
                game = game.play(rng.choice(game.legal_moves()))
            assert deals_in_round(ruleset, players) == most, (name, players)
    assert deals_in_round(load_ruleset("draw"), 2) == 1


def test_four_players_each_alone_score_by_seat_and_one_seat_wins() -> None:
    # docs/RULES.md#classic-players-and-deal: four may also play each for themselves
    for name in ("classic", "kasino"):
        game = Game.start(load_ruleset(name), 4, 11, teams=False)
        assert (game.sides, game.partnership) == (4, False)
        while not game.is_over():
            if game.round_over():
                game = game.next_round()
            assert game.round.teams is False  # kept by every move and every new round
            game = game.play(legal_moves(game.round)[0])
        for score in game.scores:
            assert len(score.totals) == 4
        last = game.round
        assert game.scores[-1].cards == tuple(len(pile) for pile in last.captures)
        assert len(game.totals) == 4
        winner = game.winner()
        if winner is not None:
            assert game.totals[winner] == max(game.totals)
            assert game.returns()[winner] == 1.0 and sum(game.returns()) == -2.0


def test_the_winner_of_four_alone_is_a_seat_not_a_team() -> None:
    game = Game.start(load_ruleset("classic"), 4, 5, teams=False)
    state = replace(game.round, hands=((),) * 4, stock=(),
                    captures=(tuple(game.round.all_cards()), (), (), ()))
    scores = tuple(RoundScore(("x",), ((a,), (b,), (c,), (d,)), (0,) * 4, (0,) * 4, (0,) * 4)
                   for a, b, c, d in [(5, 4, 2, 0), (5, 4, 19, 0)])
    game = replace(game, round=state, scores=scores)
    assert game.totals == (10, 8, 21, 0)
    assert game.winner() == 2
    assert game.is_over()
    teams = replace(game, round=replace(state, teams=True))
    assert teams.partnership and teams.sides == 2


def test_teams_need_four_players_and_a_ruleset_with_partnerships() -> None:
    with pytest.raises(ValueError, match="no teams"):
        Game.start(load_ruleset("classic"), 3, 1, teams=True)
    with pytest.raises(ValueError, match="no teams"):
        Game.start(load_ruleset("munter"), 4, 1, teams=True)
    assert Game.start(load_ruleset("munter"), 4, 1).sides == 4
    assert Game.start(load_ruleset("classic"), 4, 1).sides == 2  # the ruleset's default
    assert Game.start(load_ruleset("classic"), 4, 1, teams=True).partnership


@pytest.mark.parametrize("ruleset,players,teams", [("classic", 2, None), ("classic", 4, None),
                                                   ("classic", 4, False), ("royal", 3, None),
                                                   ("munter", 2, None)])
def test_the_fast_game_paths_equal_the_plain_ones(ruleset: str, players: int,
                                                  teams: bool | None) -> None:
    """``State.view_for``, ``Game.apply`` and ``Game.next_round`` set slots for speed
    (``casino-cli simulate``): every view is the one ``PlayerView(...)`` makes, with the game
    totals, every game after a move equals one made by ``replace``, the totals follow the
    scores, and a listing handed out is the caller's own (``legal_moves`` keeps the last one
    for the next call on the same hand)."""
    import random

    game = Game.start(load_ruleset(ruleset), players, "fast", teams=teams)
    rng = random.Random(0)
    while True:
        state = game.round
        for seat in range(players):
            plain = PlayerView(
                ruleset=state.ruleset, player=seat, dealer=state.dealer,
                to_move=state.to_move, hand=state.hands[seat],
                hand_counts=tuple(len(h) for h in state.hands), table=state.table,
                stock_count=len(state.stock), captures=state.captures, sweeps=state.sweeps,
                last_taker=state.last_taker, must_capture=state.must_capture,
                deal_number=state.deal_number, totals=game.totals, teams=state.teams)
            for view in (game.view_for(seat), state.view_for(seat, game.totals)):
                assert view == plain and view.ruleset is plain.ruleset
            assert state.view_for(seat) == plain._replace(totals=())
        if state.is_over():
            assert game.totals == tuple(map(sum, zip(*(s.totals for s in game.scores),
                                                     strict=True)))
            if game.is_over():
                break
            dealt = game.next_round()
            assert dealt == replace(game, round=dealt.round, round_index=game.round_index + 1)
            assert dealt.totals == game.totals
            game = dealt
            continue
        moves = legal_moves(game.view_for(state.to_move))
        moves.clear()  # the caller's list: the next listing of this hand is whole
        moves = legal_moves(state)
        assert moves and moves == legal_moves(game.view_for(state.to_move))
        move = rng.choice(moves)
        after = game.apply(move)
        assert after.round == play(state, move) and after.scores[:len(game.scores)] == \
            game.scores
        assert after == game.advanced(after.round)
        if not after.round.is_over():
            assert after == replace(game, round=after.round)
        game = after
    assert replace(game, scores=game.scores[:1]).totals == game.scores[0].totals


def test_shuffled_deck_is_the_order_random_shuffle_gives() -> None:
    # The engine writes the shuffle out for speed; every seed must still deal what
    # random.Random(seed).shuffle deals, or saved games and seeded tests would change.
    for seed in [*range(300), *(f"{n}:{r}" for n in range(100) for r in range(3)), "x" * 40]:
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        assert shuffled_deck(seed) == tuple(deck), seed
