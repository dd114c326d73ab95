"""The host's table logic without the network: who may sit, which moves are played."""

from __future__ import annotations

import random

import pytest

from casino.engine import DECK, load_ruleset
from casino.engine.notation import format_move
from casino.engine.rules import legal_moves
from casino.net.protocol import (
    PROTOCOL_VERSION,
    ErrorFrame,
    FrameError,
    Hello,
    PlayMove,
    WireCard,
    WireView,
    encode,
    parse_client,
    parse_host,
    view_digest,
)
from casino.net.table import Refused, SeatSpec, Table

CLASSIC = load_ruleset("classic")


def hello(table: Table, **fields: object) -> Hello:
    data: dict[str, object] = {"code": table.code, "name": "Anna", **fields}
    return Hello(type="hello", version=PROTOCOL_VERSION, **data)


def test_sitting_down_and_the_refusals() -> None:
    table = Table(CLASSIC, SeatSpec.parse_list("person,computer:greedy,person"), seed="1")
    with pytest.raises(Refused, match="wrong join code"):
        table.sit(hello(table, code="AAAAAA"))
    with pytest.raises(Refused, match="played by the computer"):
        table.sit(hello(table, seat=1))
    with pytest.raises(Refused, match="there is no seat 4"):
        table.sit(hello(table, seat=3))
    anna = table.sit(hello(table, code=table.code.lower(), name="An\x1bna\x07\n"))
    assert anna.index == 0 and anna.name == "Anna" and not table.started
    with pytest.raises(Refused, match="seat 1 is taken by Anna"):
        table.sit(hello(table, seat=0, name="Eve"))
    ben = table.sit(hello(table, name="Anna"))
    assert ben.index == 2 and ben.name == "Anna 2" and table.started
    with pytest.raises(Refused, match="the table is full"):
        table.sit(hello(table, name="Eve"))
    with pytest.raises(Refused, match="unknown seat token"):
        table.sit(hello(table, token="x" * 22))
    table.leave(anna)
    assert table.waiting_for() == [0]
    assert table.sit(hello(table, token=anna.token)) is anna and table.waiting_for() == []


def test_a_reserved_seat_waits_for_its_player_whoever_comes_first() -> None:
    table = Table(CLASSIC, SeatSpec.parse_list("person,person"), seed="1")
    token = table.reserve(0, "Anna")
    ben = table.sit(hello(table, name="Ben"))  # quicker than Anna: he gets the other seat
    assert ben.index == 1 and table.waiting_for() == [0]
    anna = table.sit(hello(table, name="Anna", token=token))
    assert anna.index == 0 and table.waiting_for() == []
    assert [p.name for p in table.save.players] == ["Anna", "Ben"]


def test_moves_out_of_turn_stale_or_illegal_change_nothing() -> None:
    table = Table(CLASSIC, SeatSpec.parse_list("person,person"), seed="2")
    seats = [table.sit(hello(table, name=n)) for n in ("Anna", "Ben")]
    mover = seats[table.game.round.to_move]
    other = seats[1 - mover.index]
    before = (table.step, table.game.round)
    view = table.game.view_for(mover.index)
    legal = format_move(legal_moves(view)[0])
    for seat, step, text, reason in [
        (other, 0, legal, "not your turn"),
        (mover, 5, legal, "for step 5"),
        (mover, 0, "QS t" if "QS" not in map(str, view.hand) else "2H t", "do not hold"),
        (mover, 0, "hello world", "not a card"),
    ]:
        with pytest.raises(Refused, match=reason):
            table.play(seat, PlayMove(type="move", step=step, move=text))
        assert (table.step, table.game.round) == before
    with pytest.raises(Refused) as caught:  # as data, so the mover's window words it
        table.play(mover, PlayMove(type="move", step=0, move="hello world"))
    assert caught.value.reason.message.startswith("not a card: {text}")
    table.play(mover, PlayMove(type="move", step=0, move=legal))
    assert table.step == 1 and table.last is not None and table.last.seat == mover.index


def test_a_table_plays_games_in_a_row_and_its_save_resumes_it() -> None:
    from casino.net.host import load_table

    table = Table(CLASSIC, SeatSpec.parse_list("person,person"), seed="3", games=2)
    seats = [table.sit(hello(table, name=n)) for n in ("Anna", "Ben")]
    rng = random.Random(3)
    overs = []
    table.stood_in.add((0, 0, 0))  # as if the computer had played game 0's first move
    while not table.over:
        if table.game_no == 1:  # a game's stand-in moves go with it
            assert not table.stood_in
        seat = table.to_move()
        assert seat is not None
        move = rng.choice(legal_moves(table.game.view_for(seat.index)))
        overs += table.play(seats[seat.index], PlayMove(type="move", step=table.step,
                                                        move=format_move(move)))
        table.deal_on()
        if table.step == 30:
            saved = table.snapshot()
    assert [o.game for o in overs] == [0, 1] and [o.more for o in overs] == [True, False]
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.json"
        path.write_text(saved.model_dump_json())
        again = load_table(path, load_ruleset)
    assert again.step == 30 and again.code == table.code
    assert [s.token for s in again.seats] == [s.token for s in seats]


@pytest.mark.parametrize("ruleset", ["classic", "munter", "casino33", "kasino", "royal"])
def test_a_view_survives_the_wire(ruleset: str) -> None:
    rs = load_ruleset(ruleset)
    table = Table(rs, [SeatSpec(kind="person")] * rs.players[0], seed="4")
    rng = random.Random(4)
    for _ in range(40):
        if table.game.round_over():
            break
        seat = table.game.round.to_move
        view = table.game.view_for(seat)
        wire = WireView.model_validate_json(WireView.of(view).model_dump_json())
        back = wire.to_view(rs)
        assert back == view and view_digest(back) == view_digest(view)
        table.game = table.game.play(rng.choice(legal_moves(view)))


def test_bad_frames_are_named() -> None:
    with pytest.raises(FrameError, match="not JSON"):
        parse_client("{nope")
    with pytest.raises(FrameError, match="64 KiB"):
        parse_client(" " * 70_000)
    with pytest.raises(FrameError, match="binary"):
        parse_client(b"{}")
    with pytest.raises(FrameError, match="type"):
        parse_client('{"type": "dance"}')
    with pytest.raises(FrameError) as caught:
        parse_client('{"type": "hello", "version": 99, "app": "9.9"}')
    assert caught.value.fatal
    assert f"protocol {PROTOCOL_VERSION}" in str(caught.value)
    assert "protocol 99" in str(caught.value)


def test_a_refusal_travels_as_code_and_params() -> None:
    """The error frame carries the reason as data (issue 18: a Swedish window says it in
    Swedish); the English ``reason`` stays, and a plain error keeps version 1's shape."""
    table = Table(CLASSIC, SeatSpec.parse_list("person,person"), seed="2")
    seats = [table.sit(hello(table, name=n)) for n in ("Anna", "Ben")]
    mover = seats[table.game.round.to_move]
    other = seats[1 - mover.index]
    text = format_move(legal_moves(table.game.view_for(mover.index))[0])
    with pytest.raises(Refused) as caught:
        table.play(other, PlayMove(type="move", step=0, move=text))
    frame = parse_host(encode(ErrorFrame.of(caught.value.reason)))
    assert isinstance(frame, ErrorFrame)
    assert frame.code == "it is not your turn: {name} is to move"
    assert frame.params == {"name": mover.name}
    assert frame.reason == f"it is not your turn: {mover.name} is to move"
    assert frame.why == caught.value.reason
    view = table.game.view_for(mover.index)
    card = next(c for c in DECK if c not in view.hand)
    with pytest.raises(Refused) as caught:  # an engine refusal: its card crosses as a card
        table.play(mover, PlayMove(type="move", step=0, move=f"{card} t"))
    back = parse_host(encode(ErrorFrame.of(caught.value.reason)))
    assert isinstance(back, ErrorFrame) and back.why == caught.value.reason
    assert back.params == {"card": WireCard(card=str(card))}
    assert "code" not in encode(ErrorFrame.of("not JSON"))


@pytest.mark.parametrize("ruleset", ["classic", "casino33", "kasino"])
def test_a_rejoining_seat_is_sent_the_rounds_public_moves(ruleset: str) -> None:
    """A frame without ``last`` (a join or rejoin) lists the round's moves so far, with the
    piles they touched whole; it names no card the seat's own view does not show, and a
    table restored from its save lists the same."""
    import json
    import tempfile
    from pathlib import Path

    from casino.net.host import load_table
    from casino.ui.remote_session import past_move
    from tests.net.test_secrecy import cards_in, shown

    rules = load_ruleset(ruleset)
    count = 3 if ruleset == "kasino" else 2
    table = Table(rules, [SeatSpec(kind="person")] * count, seed="5")
    seats = [table.sit(hello(table, name=f"P{i}")) for i in range(count)]
    rng = random.Random(5)
    played: list[tuple[int, str]] = []
    piles_seen = 0
    for _ in range(20 if ruleset != "kasino" else 25):
        seat = table.to_move()
        assert seat is not None
        move = rng.choice(legal_moves(table.game.view_for(seat.index)))
        table.play(seats[seat.index], PlayMove(type="move", step=table.step,
                                               move=format_move(move)))
        played.append((seat.index, format_move(move)))
        if table.deal_on():
            played.clear()
        for viewer in range(count):
            frame = table.state_frame(viewer)
            assert [(m.seat, m.move) for m in frame.moves] == played
            named = cards_in(json.loads(encode(frame)))
            assert named <= shown(frame), sorted(named - shown(frame))
            for past in frame.moves:
                assert format_move(past_move(past)) == past.move
                piles_seen += len(past.piles)
        assert table.state_frame(0, table.last).moves == []  # after a move: only ``last``
    assert played and piles_seen
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.json"
        path.write_text(table.snapshot().model_dump_json())
        again = load_table(path, load_ruleset)
    assert again.state_frame(1).moves == table.state_frame(1).moves


def test_a_move_the_computer_played_for_an_absent_person_says_so() -> None:
    """The computer's moves for a person who had left went out as theirs: the person, back,
    read 'You: trail 9\u2665' in their log for a move they never made."""
    table = Table(CLASSIC, SeatSpec.parse_list("person,person"), seed="3")
    seats = [table.sit(hello(table, name=n)) for n in ("Anna", "Ben")]
    for _ in range(2):
        mover = table.seats[table.game.round.to_move]
        move = legal_moves(table.game.view_for(mover.index))[0]
        if mover is seats[1]:  # Ben has left: the computer plays his seat
            table.leave(mover)
            mover.stand_in = True
            table.play_computer(mover, move)
        else:
            table.play(mover, PlayMove(type="move", step=table.step, move=format_move(move)))
        assert table.last is not None and table.last.stand_in == (mover is seats[1])
    assert [(m.seat, m.stand_in) for m in table.round_moves()] == [
        (s, s == 1) for s, _m in table.save.rounds[0]]
    back = table.sit(hello(table, token=seats[1].token))
    frame = parse_host(encode(table.state_frame(back.index)))
    assert [m.stand_in for m in frame.moves] == [s == 1 for s, _m in table.save.rounds[0]]
