"""What a newcomer could not read at the table (s33 watch, items 7, 8, 9, 12 and 14): the
four-colour deck in text, the Unseen panel at 640x400, the partner's box and build tags,
large indices, the chooser's thumbnails, the small title and the records' words."""

from __future__ import annotations

import pygame

from casino.ui import assets
from casino.ui.scene import TEXT, text_image
from tests.ui.helpers import make_app


def inked(image: pygame.Surface, ink: tuple[int, int, int]) -> int:
    """How many pixels of ``image`` are (nearly) ``ink``."""
    w, h = image.get_size()
    return sum(1 for x in range(w) for y in range(h)
               if all(abs(a - b) <= 12 for a, b in zip(image.get_at((x, y))[:3], ink,
                                                         strict=True)))


def test_card_chips_in_text_take_the_four_colour_deck() -> None:
    # With the four-colour deck on, the cards were green and blue but their chips in the
    # log, the score sheet, the chooser, the hint and the status stayed black and red:
    # "A\u2663" black beside a green A\u2663.
    app = make_app(four_colour=True)
    green, blue = assets.FOUR_COLOUR["C"], assets.FOUR_COLOUR["D"]
    line = text_image("take A\u2663 with 10\u2666", 18, TEXT, False, None)
    assert inked(line, green) > 20 and inked(line, blue) > 20
    # the one source: the large index of the card is inked the same
    assert assets.suit_ink("C", True) == green
    app.change_settings(four_colour=False)
    plain = text_image("take A\u2663 with 10\u2666", 18, TEXT, False, None)
    assert inked(plain, green) == 0 and inked(plain, blue) == 0
    assert inked(plain, assets.suit_ink("D", False)) > 20
