"""Small things two helpers noticed (s31): a save's unknown computer level, a game that
cannot be saved, the partner's header at 800x600."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from casino.ai.heuristic import HeuristicPolicy
from casino.engine import load_ruleset
from casino.persistence.saves import FILE_NAME
from casino.ui.app import App
from casino.ui.scene import shown_whole, text_width
from casino.ui.scenes import table_view
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import ResumeScene
from casino.ui.session import Session
from tests.ui.driver import steps
from tests.ui.helpers import make_app, shot
from tests.ui.test_newcomer31 import drawn_texts
from tests.ui.test_shell import play_human_moves


def save_with_level(home: Path, level: str) -> None:
    """A three-player game saved with Computer 2 at ``level``."""
    Session.new(load_ruleset("classic"), 3, 5, "heuristic", persist=True)
    path = home / FILE_NAME
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"][1]["level"] = level
    path.write_text(json.dumps(data), encoding="utf-8")


def resume_dialog(casino_home: Path, level: str) -> tuple[App, ResumeScene]:
    """The window at 800x600 launched on a save whose second seat plays at ``level``."""
    save_with_level(casino_home, level)
    app = make_app(size=(800, 600))
    app.show_title()
    steps(app)
    dialog = app.stack.top
    assert isinstance(dialog, ResumeScene)
    return app, dialog


def test_a_save_naming_a_level_this_version_lacks_says_what_it_plays_at(
        casino_home: Path) -> None:
    """It resumed at greedy without a word: the dialog called it 'Grandmaster'. It plays at
    Medium now, as a settings file's unknown level does (``FALLBACK_LEVEL``)."""
    app, dialog = resume_dialog(casino_home, "grandmaster")
    lines = dialog.describe()
    assert "Computer 2 plays at Medium: this version has no level 'grandmaster'" in lines
    assert "Computer 2 (Medium)" in lines[0] and "Grandmaster" not in lines[0]
    assert "Computer 3 (Medium)" in lines[0]
    shot(app, "resume_unknown_level_800")
    app.resume(dialog.save, dialog.game)
    session = app.stack.top.session  # type: ignore[attr-defined]
    assert isinstance(session.seats[1].policy, HeuristicPolicy)


def test_a_save_with_known_levels_says_nothing_about_them(casino_home: Path) -> None:
    _app, dialog = resume_dialog(casino_home, "hard")
    assert not any("this version has no level" in line for line in dialog.describe())


def test_the_unknown_level_is_said_in_swedish_in_the_swedish_window(casino_home: Path) -> None:
    save_with_level(casino_home, "grandmaster")
    app = make_app(size=(800, 600), language="sv")
    app.show_title()
    steps(app)
    dialog = app.stack.top
    assert isinstance(dialog, ResumeScene)
    assert "Dator 2 spelar på nivån Medel: den här versionen har ingen nivå 'grandmaster'" in \
        dialog.describe()
    shot(app, "resume_unknown_level_800_sv")


WARNING = "Not saved: quitting now loses this game"


@pytest.mark.parametrize("players", [2, 4])
def test_a_game_that_cannot_be_saved_says_what_is_at_stake_while_it_lasts(
        casino_home: Path, monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    """It was said once in red, without saying that quitting loses the game, then never
    again while every move failed to save."""
    (casino_home / FILE_NAME).mkdir()  # in the way of the save, even for root
    drawn = drawn_texts(monkeypatch)
    app = make_app(size=(800, 600), players=players)
    app.new_game()
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    assert scene.session.unsaved is not None
    if players == 2:  # the person moves first: the status line still has the notice
        assert scene.message_kind == "error"
        assert "game not saved" in scene.message and "Quitting now loses this game" in \
            scene.message
    play_human_moves(app, scene, 2)
    assert scene.message_kind != "error"  # the status line is not shouting after every move
    drawn.clear()
    shot(app, f"table_not_saved_800_{players}")
    warning = [rect for text, rect in drawn if text and WARNING.startswith(text)]
    assert warning, "the side panel keeps saying the game is not saved"
    assert all(r.right <= 800 and r.bottom <= scene.layout().buttons[0][1] for r in warning)
    (casino_home / FILE_NAME).rmdir()  # the problem is fixed: the next move saves
    play_human_moves(app, scene, 1)
    steps(app)
    assert scene.session.unsaved is None
    drawn.clear()
    app.draw()
    assert not any(WARNING.startswith(t) for t, _r in drawn)


def test_a_note_about_a_file_kept_aside_is_not_taken_for_a_failure(casino_home: Path) -> None:
    """save_game returns a message when it keeps a damaged save aside and writes the game:
    the game is saved, and nothing says otherwise."""
    app = make_app(size=(800, 600))
    app.new_game()
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    (casino_home / FILE_NAME).write_text("{damaged", encoding="utf-8")
    play_human_moves(app, scene, 1)
    steps(app)
    assert list(casino_home.glob(f"{FILE_NAME}.broken-*"))
    assert scene.session.unsaved is None


@pytest.mark.parametrize("language", ["sv", "en"])
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_partners_header_is_whole_with_four_as_two_teams(
        monkeypatch: pytest.MonkeyPatch, language: str, size: tuple[int, int]) -> None:
    """'Dator 3 (partner) \u00b7 4\u2026' was cut at 800x600 (Royal Casino, Swedish)."""
    heads: list[tuple[str, int, int | None]] = []
    real = table_view.draw_text

    def spy(surface: pygame.Surface, text: str, size: int, *args: object,
            **kw: object) -> pygame.Rect:
        if kw.get("bold"):
            heads.append((text, size, kw.get("max_width")))  # type: ignore[arg-type]
        return real(surface, text, size, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_text", spy)
    app = make_app(size=size, players=4, language=language, ruleset="royal")
    app.new_game()
    steps(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and scene.session.game.round.partnership
    heads.clear()
    shot(app, f"partner_header_{language}_{size[0]}")
    partner = "Dator 3 (partner)" if language == "sv" else "Computer 3 (partner)"
    [(head, font, width)] = [h for h in heads if h[0].startswith((partner, "Partner"))]
    assert width is not None and shown_whole(head, font, width, bold=True), head
    # in the type of the other boxes (s33: it was shrunk to fit the count), so whole unshrunk
    assert text_width(head, font, True) <= width, head
    if size == (1280, 800):  # room for the name and "(partner)"
        assert head.startswith(partner)
