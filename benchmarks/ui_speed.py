"""UI figures: launch to first frame, frame time while the AI thinks, idle CPU, peak memory.

Run ``python benchmarks/ui_speed.py`` (headless by default: SDL's dummy video driver; pass
``--window`` to use the real display). Each figure is measured in a fresh process.
Goals (issue 16): launch to first frame <= 1.0 s (median of 5 launches), RSS at the table
<= 150 MB for the main process, idle at the table <= 2 % of a core; 60 fps while the AI
thinks (issue 4).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def first_frame() -> dict[str, float]:
    """Child: open the title screen and report the wall-clock time of its first flip."""
    from casino.ui.app import App
    from casino.ui.scenes.title import TitleScene
    from casino.ui.settings import Settings

    app = App(Settings().changed(sound=False))
    app.stack.push(TitleScene(app))
    app.step(0.0)
    return {"first_frame_at": time.time()}


def thinking(seconds: float) -> dict[str, float]:
    """Child: every seat is the expert AI; measure frame times at a 60 fps cap."""
    import pygame

    from casino.ui.app import App
    from casino.ui.scenes.table import TableScene
    from casino.ui.session import make_policy
    from casino.ui.settings import Settings

    app = App(Settings().changed(sound=False, difficulties=("expert",) * 3, speed=1), seed=1)
    app.new_game()
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    scene.session.seats[0].policy = make_policy("expert", "bench")
    times: list[float] = []
    think_frames = 0
    clock = pygame.time.Clock()
    end = time.perf_counter() + seconds
    dt = 0.0
    while time.perf_counter() < end:
        start = time.perf_counter()
        app.dirty = True  # a full redraw every frame, as while something moves
        app.step(dt)
        times.append(time.perf_counter() - start)
        think_frames += scene.session.thinking()
        if app.stack.top is not scene:  # the round ended: deal on
            from tests.ui.driver import key

            key(pygame.K_RETURN)
        dt = clock.tick(60) / 1000.0
    first = times[0]  # the table's first frame loads the card faces it shows
    later = sorted(times[1:])
    times.sort()
    return {
        "first_table_frame_ms": 1000 * first, "frame_ms_max_after_first": 1000 * later[-1],
        "frames": len(times), "frames_while_thinking": think_frames,
        "fps": len(times) / seconds, "frame_ms_mean": 1000 * statistics.mean(times),
        "frame_ms_p95": 1000 * times[int(len(times) * 0.95)], "frame_ms_max": 1000 * times[-1],
        "moves": len(scene.session.log),
    }


def idle(seconds: float) -> dict[str, float]:
    """Child: the person's turn at the table, nothing happening; CPU time over wall time."""
    from casino.ui.app import App
    from casino.ui.scenes.table import TableScene
    from casino.ui.settings import Settings

    app = App(Settings().changed(sound=False, difficulties=("greedy",) * 3, animation=False),
              seed=2)
    app.new_game()
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    while not scene.session.humans_turn() or scene.busy():
        app.step(0.05)
    app.run(0.5)  # settle
    cpu0, wall0 = time.process_time(), time.perf_counter()
    app.run(seconds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"idle_cpu_percent": 100 * cpu / wall, "idle_frames": app.frames}


def memory() -> dict[str, float]:
    """Child: a whole animated game with four-colour, large-index faces; peak RSS."""
    import random

    from casino.engine import legal_moves
    from casino.ui.app import App
    from casino.ui.settings import Settings
    from tests.ui.driver import click_move, key, top_name

    app = App(Settings().changed(sound=True, difficulties=("greedy",) * 3, speed=1,
                                 four_colour=True, large_indices=True), seed=3, fps=0)
    app.new_game()
    rng = random.Random(1)
    import pygame

    for _ in range(40000):
        name = top_name(app)
        if name == "GameOverScene":
            break
        if name == "SummaryScene":
            key(pygame.K_RETURN)
        scene = app.stack.top
        if getattr(scene, "can_act", lambda: False)():
            click_move(app, rng.choice(legal_moves(scene.session.view())))  # type: ignore[union-attr]
        app.step(0.05)
    return {"peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def rss_mb() -> float:
    """The resident memory of this process now, in MB (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def table_memory() -> dict[str, float]:
    """Child: the table as a player opens it (AI in its own process), 30 moves played at
    speed 1 with animation; the main process's RSS then."""
    import random

    import pygame

    from casino.engine import legal_moves
    from casino.ui.app import App
    from casino.ui.session import shutdown_pool
    from casino.ui.settings import Settings
    from tests.ui.driver import click_move, key, top_name

    app = App(Settings().changed(sound=True, speed=1), seed=5, fps=0)
    app.new_game()
    rng = random.Random(2)
    played = 0
    end = time.perf_counter() + 120
    while played < 30 and time.perf_counter() < end:
        if top_name(app) == "SummaryScene":
            key(pygame.K_RETURN)
        scene = app.stack.top
        if getattr(scene, "can_act", lambda: False)():
            click_move(app, rng.choice(legal_moves(scene.session.view())))  # type: ignore[union-attr]
            played += 1
        app.step(0.05)
        time.sleep(0.002)
    result = {"table_rss_mb": rss_mb(), "moves": played}
    shutdown_pool()
    return result


def child(mode: str, seconds: float, window: bool) -> dict[str, float]:
    home = tempfile.mkdtemp(prefix="casino-bench-")  # saves and records, not the user's
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONPATH=str(ROOT),
               CASINO_HOME=home)
    if not window:
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    started = time.time()
    out = subprocess.run(
        [sys.executable, __file__, "--child", mode, "--seconds", str(seconds)],
        env=env, capture_output=True, text=True, check=True, cwd=ROOT,
    )
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    if mode == "first":
        result = {"launch_to_first_frame_s": result["first_frame_at"] - started}
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--child", choices=["first", "thinking", "idle", "memory", "table"])
    parser.add_argument("--launches", type=int, default=5, help="launches timed (median)")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--window", action="store_true", help="use the real display")
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(ROOT))
        runs = {"first": first_frame, "memory": memory, "table": table_memory}
        if args.child in runs:
            print(json.dumps(runs[args.child]()))
        else:
            print(json.dumps((thinking if args.child == "thinking" else idle)(args.seconds)))
        return
    firsts = [child("first", 0, args.window)["launch_to_first_frame_s"]
              for _ in range(args.launches)]
    print(f"launch to first frame: {statistics.median(firsts):.2f} s median of "
          f"{len(firsts)} ({min(firsts):.2f}-{max(firsts):.2f}) (goal <= 1.0 s)")
    table = child("table", 0, args.window)
    print(f"RSS at the table after {table['moves']:.0f} moves: {table['table_rss_mb']:.0f} MB "
          f"(main process; goal <= 150 MB)")
    think = child("thinking", args.seconds, args.window)
    print(f"while the AI thinks: {think['fps']:.1f} fps at a 60 fps cap, frame "
          f"{think['frame_ms_mean']:.1f} ms mean, {think['frame_ms_p95']:.1f} ms p95, "
          f"{think['frame_ms_max_after_first']:.1f} ms max after the first table frame "
          f"({think['first_table_frame_ms']:.0f} ms, loading faces); "
          f"{think['frames_while_thinking']:.0f} of "
          f"{think['frames']:.0f} frames drawn while a worker thought; "
          f"{think['moves']:.0f} moves played (goal 60 fps)")
    still = child("idle", args.seconds, args.window)
    print(f"idle at the table: {still['idle_cpu_percent']:.1f} % of a core "
          f"(goal <= 2 %)")
    mem = child("memory", 0, args.window)
    print(f"peak memory over a whole animated game: {mem['peak_rss_mb']:.0f} MB")


if __name__ == "__main__":
    main()
