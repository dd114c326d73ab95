"""The game window: the main loop, the scene stack, and ``run`` for the ``casino`` launcher."""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import time
import warnings
from datetime import date
from typing import TYPE_CHECKING, Any, NoReturn

import pygame
from pydantic import ValidationError

from casino.ai.registry import DIFFICULTIES
from casino.engine import Game
from casino.engine.errors import CasinoError
from casino.engine.state import is_partnership
from casino.i18n import _, set_language
from casino.persistence import SavedGame, load_game, load_settings, save_settings
from casino.persistence.daily import daily_seed
from casino.persistence.files import shorten
from casino.persistence.rulesets import broken_notices, get_ruleset
from casino.persistence.saves import bring_back_unfinished
from casino.persistence.settings import MIN_WINDOW, at_least_the_floor
from casino.ui import assets
from casino.ui.scene import Scene, SceneStack, use_deck
from casino.ui.session import (
    FALLBACK_LEVEL,
    HUMAN,
    PERSON,
    Session,
    ai_levels,
    ai_pool,
    level_label,
    shutdown_pool,
)
from casino.ui.settings import Settings
from casino.ui.sound import Sounds
from casino.ui.words import notice_text

if TYPE_CHECKING:
    from casino.ui.scenes.title import TitleScene

DEFAULT_SIZE = (1280, 800)
MAX_NOTICE = 600  # characters of one notice shown
IDLE_FPS = 30  # frames a second while nothing moves: redraws only on events


class App:
    """One window. Tests drive it by posting events and calling ``step``."""

    def __init__(self, settings: Settings, size: tuple[int, int] = DEFAULT_SIZE,
                 seed: int | None = None, fps: int = 60, ai_process: bool = True,
                 saved: Settings | None = None) -> None:
        # The AI thinks on a thread: hand the GIL back to the drawing thread every
        # millisecond (default 5 ms) so frames stay on time while it thinks.
        sys.setswitchinterval(0.001)
        # Our frames are drawn in software: on X11, SDL would otherwise push them through an
        # OpenGL texture, loading Mesa and LLVM (about 100 MB and 0.1 s) for nothing.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.init()
        pygame.display.set_caption("Casino")
        self.screen = pygame.display.set_mode(at_least_the_floor(size), pygame.RESIZABLE)
        keep_to_the_floor()
        pygame.display.set_icon(assets.icon())
        self.settings = settings
        """What this run uses: the saved settings with the command line's one-off options."""
        self.saved = settings if saved is None else saved
        """What the settings file holds: only the person's own changes go here."""
        self.sounds = Sounds()
        self.sounds.enabled = settings.sound
        set_language(settings.language)
        use_deck(settings.four_colour)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.running = True
        self.dirty = True
        self.was_busy = False
        self.frames = 0
        self.seed = seed
        self.games = 0
        self.ai_process = ai_process  # computer players think in a separate process
        self.notices: list[str] = []
        """Messages for the person (a damaged settings file...), shown on the title screen."""
        self.setup: dict[str, Any] = {}
        """The settings the last new game was started with in place of the chosen ones (the
        tutorial's game of Classic against Easy): Play again plays that game again."""

    def change_settings(self, **changes: Any) -> None:
        """Apply changed settings at once and save them; a bad value or failed save is noted.

        Only ``changes`` reach the file: a one-off command-line option stays out of it.
        """
        try:
            settings = self.settings.changed(**changes)
            saved = self.saved.changed(**changes)
        except ValidationError as exc:
            self.notices.append(_("setting not changed: {reason}").format(
                reason=exc.errors()[0]["msg"]))
            return
        self.settings, self.saved = settings, saved
        self.sounds.enabled = settings.sound
        use_deck(settings.four_colour)
        if "language" in changes:
            set_language(settings.language)
            for scene in self.stack.scenes:
                scene.language_changed()
        self.dirty = True
        error = save_settings(saved)
        if error:
            self.notices.append(error)

    def new_game(self, **setup: Any) -> None:
        """Start a game with the current settings and show the table; ``setup`` are
        settings for this game only (the tutorial's game of Classic against Easy): the
        title's choices stay the person's own."""
        try:
            s = self.settings.changed(**setup)
        except ValidationError as exc:
            self.notices.append(_("The game cannot start: {reason}").format(
                reason=exc.errors()[0]["msg"]))
            return
        self.setup = setup
        try:
            ruleset = get_ruleset(s.ruleset)
        except CasinoError as exc:  # the player's file was edited or removed meanwhile
            self.notices.append(_("The game cannot start: {reason}").format(reason=exc))
            return
        players = s.players if s.players in ruleset.players else ruleset.players[0]
        daily: date | None = None
        first: int | None = {"me": HUMAN, "opponent": (HUMAN + 1) % players}.get(s.first_dealer)
        if s.daily_deal:
            daily = date.today()
            seed: int | str = daily_seed(daily)
            first = None  # the daily deal's dealer is fixed by its seed, as for everyone
        elif self.seed is not None:
            seed = self.seed + self.games
        else:
            seed = random.randrange(1 << 30)
        self.games += 1
        levels = list(s.difficulties[:players - 1])
        teams = s.teams if is_partnership(ruleset, players) else None
        names = [s.player_name]
        for seat, (level, name) in enumerate(zip(levels, s.seat_names, strict=False), 2):
            base = name = " ".join(name.split()) or _("Player {number}").format(number=seat)
            n = 2
            while level == PERSON and name in names:  # each person's record under their name
                name, n = f"{base} {n}", n + 1
            names.append(name if level == PERSON else "")
        session = Session.new(ruleset, players, seed, levels, tuple(names), first, daily,
                              persist=True, teams=teams)
        self.show_table(session)

    def resume(self, save: SavedGame, game: Game) -> None:
        """Carry on with a saved game exactly where it was."""
        self.setup = {}  # Play again after it: the title's choices
        self.show_table(Session.resume(save, game))

    def show_table(self, session: Session) -> None:
        from casino.ui.scenes.table import TableScene

        session.use_process = self.ai_process
        if self.ai_process:
            with contextlib.suppress(RuntimeError, OSError):
                ai_pool().submit(int)  # start the AI process now, not at the first move
        self.stack.replace(TableScene(self, session))

    def show_title(self) -> None:
        """At launch: the title screen, offering to resume a saved game."""
        from casino.ui.scenes.title import ResumeScene

        title = self.to_title()
        if title.saved is not None and not isinstance(self.stack.top, ResumeScene):
            self.stack.push(ResumeScene(self, *title.saved))

    def to_title(self) -> TitleScene:
        """The title screen in place of every scene, knowing the saved game in progress, so
        its Play asks before a new game puts that one aside (or recording a finished one).
        A game put aside for another that has ended since is back: it is offered at once.

        Every way back to the title comes here: a title built alone (Menu, New game; the
        tutorial; the review; the game's result) let Play set the saved game aside without
        a word, and a game put aside came back only at the next launch."""
        from casino.ui.scenes.title import ResumeScene, TitleScene

        title = TitleScene(self)
        self.stack.replace(title)
        back = bring_back_unfinished()
        loaded = load_game()
        self.notices.extend(loaded.messages)
        if loaded.value is None:
            return title
        save, game = loaded.value
        if game.is_over():  # the program stopped before the game was recorded
            session = Session.resume(save, game)
            self.notices.extend(session.record())
            return title
        title.saved = (save, game)
        if back is not None:
            self.stack.push(ResumeScene(self, save, game, back=True))
        return title

    def offer_rejoin(self) -> None:
        """At launch, over the title and over the resume offer, if there is one: take back
        the newest seat kept at a network table, as after a crash, in one click. The seat
        comes first: the friends wait for it against a countdown, the local game waits for
        nothing (after a kill at a network table it was asked about first)."""
        from casino.persistence.tokens import known_tokens, newest_seat
        from casino.ui.scenes.network import saved_code
        from casino.ui.scenes.title import RejoinScene

        seat = newest_seat(known_tokens(), saved_code())
        if seat is not None:
            self.stack.push(RejoinScene(self, *seat))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.screen = pygame.display.get_surface() or self.screen
            size = self.screen.get_size()
            if not big_enough(size) and not pygame.display.is_fullscreen():
                # a window manager that ignores the minimum: back to the smallest that fits
                self.screen = pygame.display.set_mode(at_least_the_floor(size),
                                                      pygame.RESIZABLE)
                keep_to_the_floor()
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
        if self.notices and getattr(top, "shows_notices", False):
            from casino.ui.scenes.dialogs import NoticeScene

            # a notice quoting a huge value (a 20 MB name) must not stall or crash drawing
            self.stack.push(NoticeScene(self, [shorten(notice_text(n), MAX_NOTICE)
                                               for n in self.notices]))
            self.notices.clear()
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
        # Quit (or the window closed) ends the loop with the scenes still open: a network
        # table's connection and the table this window hosts are let go of properly, so its
        # players read that the host closed the table, not that the connection was lost.
        for scene in reversed(self.stack.scenes):
            scene.exit()


def window_size(text: str) -> tuple[int, int]:
    """``--size WxH``: a window pygame can open, as the settings allow it."""
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"wants WxH, e.g. 1280x800, not {text!r}") from None
    low_w, low_h = MIN_WINDOW
    if not (low_w <= width <= 10000 and low_h <= height <= 10000):
        raise argparse.ArgumentTypeError(
            f"{width}x{height}: from {low_w}x{low_h} to 10000x10000, e.g. 1280x800")
    return width, height


def big_enough(size: tuple[int, int]) -> bool:
    """Whether the game's table fits a window of ``size`` (``MIN_WINDOW``)."""
    return at_least_the_floor(size) == tuple(size)


def keep_to_the_floor() -> None:
    """Ask the window manager not to let the window be made smaller than ``MIN_WINDOW``.

    pygame-ce's ``Window.minimum_size`` on the window ``set_mode`` opened; reaching it
    through ``from_display_module`` is deprecated but is the one way for a display-module
    window, so a pygame without it only loses the hint (``App.handle`` still sets a smaller
    window back to the floor).
    """
    with warnings.catch_warnings(), contextlib.suppress(AttributeError, pygame.error,
                                                        ValueError):
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = MIN_WINDOW


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments give one line and exit 2, as in ``casino-cli``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (casino --help lists the options)\n")


def level_arg(text: str) -> str:
    """``--level``: a level by the name the title shows it under (easy, medium ...), or by
    its player's name (greedy, heuristic ...); the window said Medium and ``--level medium``
    was refused."""
    by_word = {label.lower(): name for label, name in DIFFICULTIES.items()}
    word = text.strip().lower()
    if word in by_word or word in by_word.values():
        return by_word.get(word, word)
    raise argparse.ArgumentTypeError(
        f"no level {text!r} (choose from {', '.join(by_word)})")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = OneLineParser(prog="casino", description="Play Casino against the computer.")
    parser.add_argument("--ruleset", help="start straight at the table with this ruleset")
    parser.add_argument("--players", type=int, choices=(2, 3, 4),
                        help="2, 3 or 4 (as the ruleset allows)")
    parser.add_argument("--individual", action="store_true",
                        help="four players each alone, not as two teams")
    parser.add_argument("--level", type=level_arg, metavar="LEVEL",
                        help="computer player: " + ", ".join(k.lower() for k in DIFFICULTIES))
    parser.add_argument("--seed", type=int, help="deal seed (for reproducible games)")
    parser.add_argument("--size", type=window_size,
                        help="window size WxH (default: the size it last had)")
    parser.add_argument("--speed", type=int, choices=range(1, 10), help="1 fastest .. 9 slowest")
    parser.add_argument("--no-animation", action="store_true")
    parser.add_argument("--no-sound", action="store_true")
    parser.add_argument("--seconds", type=float, help="quit after this many seconds (benchmarks)")
    return parser.parse_args(argv)


def run(argv: list[str]) -> int:
    """Open the window and play until it closes; the exit status."""
    args = parse_args(argv)
    app = launch(args)
    if isinstance(app, int):
        return app
    opened = app.screen.get_size()
    app.run(args.seconds)
    shutdown_pool()
    remember_size(app, opened)
    pygame.quit()
    return 0


def remember_size(app: App, opened: tuple[int, int]) -> None:
    """Save the window's size for the next launch if the person resized it from ``opened``
    (a --size for this run is not), and never a size the table does not fit."""
    window = app.screen.get_size()
    if window != opened and window != app.saved.window_size and big_enough(window):
        app.change_settings(window_size=window)


def known_levels(settings: Settings) -> Settings:
    """``settings`` with each computer level this version lacks (a settings file from another
    version) replaced by ``FALLBACK_LEVEL``, as a save's is (``session.played_level``)."""
    known = (*ai_levels(), PERSON)
    if all(level in known for level in settings.difficulties):
        return settings
    return settings.changed(difficulties=tuple(
        level if level in known else FALLBACK_LEVEL for level in settings.difficulties))


def level_notices(settings: Settings) -> list[str]:
    """A line for each seat whose level in the settings this version lacks, saying what it
    plays at instead, worded as a saved game's (``session.level_notices``)."""
    known = (*ai_levels(), PERSON)
    return [_("Seat {number} plays at {level}: this version has no level '{missing}'").format(
                number=seat, level=level_label(FALLBACK_LEVEL), missing=shorten(level, 40))
            for seat, level in enumerate(settings.difficulties, 2) if level not in known]


def launch(args: argparse.Namespace) -> App | int:
    """The window as the command line asks, with the saved settings; an exit status on error.

    Without ``--ruleset`` it opens on the title screen, which offers to resume a saved game;
    problems with the saved files are shown there.
    """
    loaded = load_settings()
    settings = loaded.value
    size = args.size or settings.window_size
    overrides: dict[str, Any] = {}
    if args.level:
        overrides["difficulties"] = (args.level,) * 3
    if args.speed:
        overrides["speed"] = args.speed
    if args.no_animation:
        overrides["animation"] = False
    if args.no_sound:
        overrides["sound"] = False
    if args.ruleset:
        try:
            ruleset = get_ruleset(args.ruleset)
        except CasinoError as exc:
            print(f"casino: {exc}", file=sys.stderr)
            return 2
        players = args.players or (4 if args.individual else ruleset.players[0])
        if players not in ruleset.players:
            print(f"casino: {ruleset.name} is played by {ruleset.players} players",
                  file=sys.stderr)
            return 2
        overrides.update(ruleset=ruleset.ref, opponents=players - 1, daily_deal=False)
    if args.individual:
        if args.players not in (None, 4):
            print("casino: --individual is for four players", file=sys.stderr)
            return 2
        overrides.update(teams=False)
    if overrides:
        settings = settings.changed(**overrides)
    app = App(known_levels(settings), size, args.seed, saved=loaded.value)
    app.notices.extend(loaded.messages)
    said = level_notices(settings)  # in the window's language; none when --level chose
    app.notices.extend(said)
    if said:  # the file is repaired too, so it is said once
        app.saved = known_levels(app.saved)
        error = save_settings(app.saved)
        if error:
            app.notices.append(error)
    if args.ruleset:
        app.new_game()
    else:
        app.notices.extend(broken_notices())
        app.show_title()
        app.offer_rejoin()
    return app
