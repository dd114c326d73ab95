"""Sound effects: the WAVs made by tools/make_sounds.py, silent when there is no audio device."""

from __future__ import annotations

import pygame

from casino.ui.assets import ASSETS

NAMES = ("play", "capture", "build", "sweep", "last_deal", "deal", "won", "lost", "illegal")


class Sounds:
    """Plays named effects if the mixer works and sound is on; otherwise does nothing."""

    def __init__(self) -> None:
        self.enabled = True
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.played: list[str] = []  # names played, newest last (tests read it)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error:
            return
        for name in NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(ASSETS / "sounds" / f"{name}.wav"))
            except (pygame.error, FileNotFoundError):
                continue

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.played.append(name)
        del self.played[:-20]
        sound = self._sounds.get(name)
        if sound is not None:
            sound.play()
