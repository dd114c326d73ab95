"""Draw the game's icon with its own drawing code into casino/assets/icon.png (256 x 256).

Run ``python tools/make_icon.py``; the output is committed, so the desktop installer and the
bundle find it. The same function (``casino.ui.assets.icon``) draws the window icon.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "casino" / "assets" / "icon.png"
SIZE = 256


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from casino.ui.assets import icon

    pygame.font.init()
    pygame.image.save(icon(SIZE), str(OUT))
    print(f"wrote {OUT} ({SIZE}x{SIZE})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
