"""Card faces: large corner indices never cover a pip or court art (issue 16, bug 4)."""

from __future__ import annotations

import pygame
import pytest

from casino.engine import Card
from casino.ui import assets
from tests.ui.helpers import make_app


@pytest.mark.parametrize("name", ["10D", "QS", "KH", "7C"])
@pytest.mark.parametrize("size", [(104, 150), (70, 101), (43, 62)])
def test_large_index_leaves_the_whole_face_in_sight(name: str, size: tuple[int, int]) -> None:
    make_app()  # a display for convert_alpha
    card = Card.parse(name)
    large = assets.card_face(card, size, large_index=True)
    band, area = assets.large_index_areas(size)
    assert not band.colliderect(area) and pygame.Rect((0, 0), size).contains(area)
    whole = pygame.transform.smoothscale(assets._raw_face(card, False), area.size)
    shown = large.subsurface(area)
    for x in range(0, area.w, 3):  # every pixel of the original face is there, untouched
        for y in range(0, area.h, 3):
            if whole.get_at((x, y))[3] == 255:  # (its rounded corners are see-through)
                assert shown.get_at((x, y))[:3] == whole.get_at((x, y))[:3], (name, x, y)
    ink = {large.get_at((x, y))[:3] for x in range(band.w) for y in range(band.h)}
    assert len(ink) > 4, "the band shows the index"
