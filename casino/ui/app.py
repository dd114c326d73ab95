"""The game window: the main loop, the scene stack, and ``run`` for the ``casino`` launcher."""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time

import pygame

from casino.engine import load_ruleset
from casino.engine.errors import CasinoError
from casino.ui import assets
from casino.ui.scene import Scene, SceneStack
from casino.ui.session import Session, ai_levels, ai_pool, default_level, shutdown_pool
from casino.ui.settings import Settings
from casino.ui.sound import Sounds

DEFAULT_SIZE = (1280, 800)
IDLE_FPS = 30  # frames a second while nothing moves: redraws only on events


class App:
    """One window. Tests drive it by posting events and calling ``step``."""

    def __init__(self, settings: Settings, size: tuple[int, int] = DEFAULT_SIZE,
                 seed: int | None = None, fps: int = 60) -> None:
        # The AI thinks on a thread: hand the GIL back to the drawing thread every
        # millisecond (default 5 ms) so frames stay on time while it thinks.
        sys.setswitchinterval(0.001)
        pygame.init()
        pygame.display.set_caption("Casino")
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_icon(assets.icon())
        self.settings = settings
        self.sounds = Sounds()
        self.sounds.enabled = settings.sound
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.running = True
        self.dirty = True
        self.was_busy = False
        self.frames = 0
        self.seed = seed
        self.games = 0

    def new_game(self) -> None:
        """Start a game with the current settings and show the table."""
        from casino.ui.scenes.table import TableScene

        s = self.settings
        ruleset = load_ruleset(s.ruleset)
        players = s.players if s.players in ruleset.players else ruleset.players[0]
        seed = self.seed + self.games if self.seed is not None else random.randrange(1 << 30)
        self.games += 1
        names = (s.player_name.strip() or "You", *s.names[1:])
        session = Session.new(ruleset, players, seed, s.level, names)
        session.use_process = s.ai_process
        if s.ai_process:
            with contextlib.suppress(RuntimeError, OSError):
                ai_pool().submit(int)  # start the AI process now, not at the first move
        self.stack.replace(TableScene(self, session))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface() or self.screen
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            with contextlib.suppress(pygame.error):
                pygame.display.toggle_fullscreen()
            return
        for scene in reversed(self.stack.scenes):
            if scene.handle_event(event):
                return
            if not scene.opaque:
                break  # a dialog is modal: what it does not use goes nowhere

    def step(self, dt: float) -> None:
        """One frame: events, update, and a redraw when anything changed or moves."""
        top: Scene | None = self.stack.top
        events = pygame.event.get()
        for event in events:
            self.handle(event)
        busy = False
        for scene in list(self.stack.scenes):
            scene.update(dt)
            busy = busy or scene.busy()
        if events or busy or self.was_busy or self.dirty or top is not self.stack.top:
            self.draw()
            self.dirty = False
        self.was_busy = busy

    def draw(self) -> None:
        for scene in self.stack.visible():
            scene.draw(self.screen)
        pygame.display.flip()
        self.frames += 1

    def run(self, max_seconds: float | None = None) -> None:
        start = time.perf_counter()
        dt = 0.0
        while self.running and self.stack.scenes:
            self.step(dt)
            busy = any(s.busy() for s in self.stack.scenes)
            dt = self.clock.tick(self.fps if busy else IDLE_FPS) / 1000.0
            if max_seconds is not None and time.perf_counter() - start > max_seconds:
                break


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="casino", description="Play Casino against the computer.")
    parser.add_argument("--ruleset", help="start straight at the table with this ruleset")
    parser.add_argument("--players", type=int, help="2, 3 or 4 (as the ruleset allows)")
    parser.add_argument("--level", choices=ai_levels(), help="computer player")
    parser.add_argument("--seed", type=int, help="deal seed (for reproducible games)")
    parser.add_argument("--size", default="1280x800", help="window size WxH")
    parser.add_argument("--speed", type=int, choices=range(1, 10), help="1 fastest .. 9 slowest")
    parser.add_argument("--no-animation", action="store_true")
    parser.add_argument("--no-sound", action="store_true")
    parser.add_argument("--seconds", type=float, help="quit after this many seconds (benchmarks)")
    return parser.parse_args(argv)


def run(argv: list[str]) -> int:
    """Open the window and play until it closes; the exit status."""
    args = parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"casino: --size wants WxH, e.g. 1280x800, not {args.size!r}", file=sys.stderr)
        return 2
    settings = Settings(level=args.level or default_level())
    if args.speed:
        settings.speed = args.speed
    settings.animation = not args.no_animation
    settings.sound = not args.no_sound
    if args.ruleset:
        try:
            ruleset = load_ruleset(args.ruleset)
        except CasinoError as exc:
            print(f"casino: {exc}", file=sys.stderr)
            return 2
        settings.ruleset = ruleset.name
        settings.players = args.players or ruleset.players[0]
        if settings.players not in ruleset.players:
            print(f"casino: {ruleset.name} is played by {ruleset.players} players",
                  file=sys.stderr)
            return 2
    app = App(settings, (width, height), args.seed)
    if args.ruleset:
        app.new_game()
    else:
        from casino.ui.scenes.title import TitleScene

        app.stack.push(TitleScene(app))
    app.run(args.seconds)
    shutdown_pool()
    pygame.quit()
    return 0
