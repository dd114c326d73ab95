"""Read every frame a client receives: no card appears that its own view does not show."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from casino.engine.cards import Card
from casino.engine.errors import NotationError
from casino.engine.notation import format_move
from casino.engine.rules import legal_moves
from casino.engine.ruleset import Ruleset
from casino.net.protocol import PROTOCOL_VERSION, Hello, StateFrame, encode, parse_host
from tests.net.conftest import start_host


def cards_in(value: Any, skip: tuple[str, ...] = ("token", "ruleset")) -> set[str]:
    """Every card named anywhere in a frame's strings (the rules and the token aside)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                found |= cards_in(item, skip)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item, skip)
    elif isinstance(value, str):
        for token in value.replace("[", " ").replace("]", " ").replace("=", " ").split():
            with contextlib.suppress(NotationError):
                found.add(str(Card.parse(token)))
    return found


def shown(frame: StateFrame) -> set[str]:
    view = frame.view
    out = set(view.hand) | {c for pile in view.captures for c in pile}
    for item in view.table:
        out |= {item} if isinstance(item, str) else set(item.cards)
    return out


async def player(address: str, code: str, seat: int, raw: list[str]) -> None:
    rng = random.Random(seat)
    async with connect(f"ws://{address}", proxy=None) as ws:
        await ws.send(encode(Hello(type="hello", version=PROTOCOL_VERSION, code=code,
                                   name=f"P{seat}", seat=seat)))
        ruleset: Ruleset | None = None
        async for text in ws:
            assert isinstance(text, str)
            raw.append(text)
            frame = parse_host(text)
            if frame.type == "welcome":
                ruleset = Ruleset.model_validate(frame.ruleset)
            elif frame.type == "state" and ruleset is not None:
                view = frame.view.to_view(ruleset)
                if view.to_move == seat and view.hand:
                    move = rng.choice(legal_moves(view))
                    await ws.send(json.dumps({"type": "move", "step": frame.step,
                                              "move": format_move(move)}))
            elif frame.type == "game_over" and not frame.more:
                return


def test_no_frame_names_a_card_its_view_does_not_show(tmp_path: Path) -> None:
    host = start_host("--ruleset", "kasino", "--seats", "person,computer:greedy,person",
                      "--games", "2", "--seed", "8", "--save", str(tmp_path / "t.json"))
    frames: list[list[str]] = [[], []]
    try:
        async def both() -> None:
            await asyncio.wait_for(asyncio.gather(
                player(host.address, host.code, 0, frames[0]),
                player(host.address, host.code, 2, frames[1])), 120)

        asyncio.run(both())
        assert host.finish()[0] == 0
    finally:
        host.kill()
    for seat, seat_frames in zip((0, 2), frames, strict=True):
        states = 0
        visible: set[str] = set()
        for text in seat_frames:
            frame = parse_host(text)
            if isinstance(frame, StateFrame):
                states += 1
                assert frame.view.player == seat
                visible = shown(frame)
                assert len(frame.view.hand) == frame.view.hand_counts[frame.view.player]
            named = cards_in(json.loads(text))
            assert named <= visible, f"{sorted(named - visible)} leaked in {text[:200]}"
        assert states > 50
