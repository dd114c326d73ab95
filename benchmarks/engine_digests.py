"""Digests of what the engine decides, to prove a speed-up changed nothing.

For every bundled ruleset and every player count it allows (four players also as each
alone where partnerships are the default), seeded rounds are played by two policies
(uniform random, and one that prefers builds and blocks, so tables with piles are common);
at every ply the legal-move listing (the moves, in order, and whether each names the
table's own objects), the listing of the mover's view and the applied state of every
listed move are hashed. Every position of ``tests/data/*.positions`` and both tables of
``benchmarks/engine_speed.py`` are hashed the same way for each seat. ``record`` writes
the digests to a JSON file; ``check`` recomputes them and names what differs.

    python benchmarks/engine_digests.py record digests.json [--rounds 30]
    python benchmarks/engine_digests.py check digests.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from engine_speed import CROWDED, TWELVE_LOOSE  # noqa: E402

from casino.engine import Game, legal_moves, load_ruleset  # noqa: E402
from casino.engine.moves import Block, Build, Move  # noqa: E402
from casino.engine.notation import parse_position  # noqa: E402
from casino.engine.rules import apply  # noqa: E402
from casino.engine.ruleset import bundled_names  # noqa: E402
from casino.engine.state import State  # noqa: E402

DATA = ROOT / "tests" / "data"


def _listing(state: State, moves: list[Move]) -> str:
    """The moves in order, each marked by whether its items are the table's own objects."""
    table = state.table
    parts = []
    for m in moves:
        items = (m.item,) if isinstance(m, Block) else getattr(m, "items", ())
        own = all(any(it is t for t in table) for it in items)
        parts.append(f"{m!r}{'' if own else '!copy'}")
    return "\n".join(parts)


def _ply(h: hashlib._Hash, state: State, moves: list[Move]) -> None:
    h.update(repr(state).encode())
    h.update(_listing(state, moves).encode())
    view = state.view_for(state.to_move)
    h.update(_listing(state, legal_moves(view)).encode())
    for m in moves:
        h.update(repr(apply(state, m)).encode())


def play_digest(ruleset: str, players: int, teams: bool | None, policy: str, seed: int) -> str:
    """The digest of one seeded round played by ``policy``."""
    rs = load_ruleset(ruleset)
    rng = random.Random(f"{ruleset}:{players}:{teams}:{policy}:{seed}")
    state = Game.start(rs, players, seed=seed, teams=teams).round
    h = hashlib.sha256()
    while not state.is_over():
        moves = legal_moves(state)
        _ply(h, state, moves)
        if policy == "builds":
            piles: list[Move] = [m for m in moves if isinstance(m, Build | Block)]
            if piles and rng.random() < 0.7:
                moves = piles
        state = apply(state, rng.choice(moves))
    h.update(repr(state).encode())
    return h.hexdigest()


def position_digest(ruleset: str, text: str) -> str:
    """The digest of one position: its listing and every move applied, for the seat to move
    and (with that seat's hand) as the state says."""
    state = parse_position(load_ruleset(ruleset), text)
    h = hashlib.sha256()
    _ply(h, state, legal_moves(state))
    return h.hexdigest()


def cases(rounds: int) -> list[tuple[str, tuple[object, ...]]]:
    out: list[tuple[str, tuple[object, ...]]] = []
    for name in bundled_names():
        rs = load_ruleset(name)
        for players in rs.players:
            team_choices: list[bool | None] = [None]
            if players == 4 and rs.partnerships:
                team_choices.append(False)
            for teams in team_choices:
                for policy in ("random", "builds"):
                    n = rounds if players == 2 else max(1, rounds // 3)
                    out += [("play", (name, players, teams, policy, seed)) for seed in range(n)]
        path = DATA / f"{name}.positions"
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                out.append(("position", (name, line.partition("|")[2].strip())))
    out += [("position", ("classic", CROWDED)), ("position", ("classic", TWELVE_LOOSE))]
    return out


def digest(kind: str, args: tuple[object, ...]) -> str:
    if kind == "play":
        return play_digest(*args)  # type: ignore[arg-type]
    return position_digest(*args)  # type: ignore[arg-type]


def key(kind: str, args: tuple[object, ...]) -> str:
    return f"{kind}|" + "|".join(map(str, args))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("action", choices=("record", "check"))
    parser.add_argument("file", type=Path)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    if args.action == "record":
        found = {key(k, a): digest(k, a) for k, a in cases(args.rounds)}
        args.file.write_text(json.dumps({"rounds": args.rounds, "digests": found}, indent=0),
                             encoding="utf-8")
        print(f"recorded {len(found)} digests")
        return
    saved = json.loads(args.file.read_text(encoding="utf-8"))
    bad = 0
    todo = cases(saved["rounds"])
    for k, a in todo:
        name = key(k, a)
        if digest(k, a) != saved["digests"][name]:
            bad += 1
            print(f"DIFFERS: {name}")
    print(f"{len(todo) - bad} of {len(todo)} digests equal")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
