"""Every variant's Rules page teaches its own odd rules (s35): Casino 33's Further Stack and
stacking, Munter's put on a full tableau and its builds, Kasino's duty after a build; and
pages that break where a reader expects, without a wide empty band."""

from __future__ import annotations

import pytest

from casino.engine import Build, Capture, Trail, load_ruleset
from casino.engine.notation import parse_move, parse_position
from casino.engine.ruleset import Example, Ruleset, bundled_names
from casino.engine.state import Pile, State
from casino.ui.layout import fit_font
from casino.ui.scenes.dialogs import EXAMPLE, HEADING, TextScene, rules_page
from casino.ui.words import symbols
from tests.ui import test_teach33 as teach33
from tests.ui.driver import steps
from tests.ui.helpers import make_app

SIZES = [(640, 400), (800, 600), (1280, 800)]


def played(ruleset: Ruleset) -> list[tuple[State, object, Example]]:
    """Each of the ruleset's examples as (position, move, example)."""
    out = []
    for example in ruleset.examples:
        state = parse_position(ruleset, example.position)
        out.append((state, parse_move(state, example.move), example))
    return out


def test_casino33_shows_the_further_stack_both_ways_and_the_ace_stack_on_a_stack() -> None:
    rs = load_ruleset("casino33")
    shows = played(rs)
    # Further Stack, the Ace on the table: two loose cards one short, a loose Ace, one take
    assert any(isinstance(m, Capture) and len(m.items) == 3
               and all(not isinstance(it, Pile) for it in m.items)
               and sum(1 for it in m.items if it.rank == 1) == 1 and m.card.rank != 1
               for _s, m, _e in shows)
    # Further Stack, the Ace in the hand: laid on two loose cards as a stack
    assert any(isinstance(m, Build) and m.card.rank == 1 and len(m.items) == 2
               and all(not isinstance(it, Pile) for it in m.items) for _s, m, _e in shows)
    # an Ace Stack on a stack standing on the table: from the hand, and a loose Ace taken
    assert any(isinstance(m, Build) and m.card.rank == 1
               and any(isinstance(it, Pile) for it in m.items) for _s, m, _e in shows)
    assert any(isinstance(m, Capture) and any(isinstance(it, Pile) for it in m.items)
               and any(not isinstance(it, Pile) and it.rank == 1 for it in m.items)
               for _s, m, _e in shows)
    # stacking: with a stack of your own out, another stack of its value
    assert any(isinstance(m, Build) and any(isinstance(it, Pile) and it.owner == s.to_move
                                            and it.value == m.value for it in s.table)
               for s, m, _e in shows)
    # the Further Stack is named on the page, in Swedish too
    for language, name in (("en", "Further Stack"), ("sv", "Utökad stapel")):
        page = open_rules("casino33", language=language)
        assert name in " ".join(line for line, _n in page.lines())


def test_munter_shows_a_put_on_a_full_tableau_and_its_builds() -> None:
    rs = load_ruleset("munter")
    shows = played(rs)
    assert any(isinstance(m, Trail) and len(s.table) == rs.table_spaces for s, m, _e in shows)
    # a build on a loose card, one on the other player's build, and one of 14
    assert any(isinstance(m, Build) and len(m.items) == 1 and not isinstance(m.items[0], Pile)
               and m.value < 14 for _s, m, _e in shows)
    assert any(isinstance(m, Build) and isinstance(m.items[0], Pile)
               and m.items[0].owner != s.to_move for s, m, _e in shows)
    assert any(isinstance(m, Build) and m.value == 14 for _s, m, _e in shows)
    words = " ".join(line for line, _n in open_rules("munter").lines())
    assert "all 12 spaces are full" in words and "side by side" in words


def test_kasino_shows_the_duty_to_take_after_a_build_and_the_2_of_spades_as_15() -> None:
    shows = played(load_ruleset("kasino"))
    assert any(s.must_capture[s.to_move] and isinstance(m, Capture)
               and not any(isinstance(it, Pile) for it in m.items) for s, m, _e in shows)
    assert any(isinstance(m, Capture) and str(m.card) == "2S" and m.value == 15
               for _s, m, _e in shows)


def test_casino33_says_no_three_cards_add_up_in_words() -> None:
    words = " ".join(line for line, _n in open_rules("casino33").lines())
    assert "no three cards ever add up" in words
    assert "two cards of one value never stack" in words


def open_rules(name: str, size: tuple[int, int] = (800, 600), language: str = "en"
               ) -> TextScene:
    return teach33.open_rules(name, size, language)


def pages(page: TextScene) -> list[tuple[int, int, float]]:
    """Each page as PgDn turns them: (first line, line count, the empty share left below)."""
    lay = page.layout()
    font = fit_font(page.app.screen.get_height()) - 1
    top, bottom = lay.rows[0][1], lay.buttons[0][1] - 6
    lines = page.lines()
    out = []
    start = 0
    while start < len(lines):
        count = page.fits(start)
        y = top
        for k, (line, new_para) in enumerate(lines[start:start + count]):
            y += (font // 2 if new_para and k else 0) + page.line_height(line)
        assert y <= bottom or count == 1
        out.append((start, count, (bottom - y) / (bottom - top)))
        start += count
    return out


def check_breaks(page: TextScene, where: str) -> None:
    lines = page.lines()
    for start, count, empty in pages(page)[:-1]:
        last = lines[start + count - 1][0]
        after = lines[start + count][0]
        assert not last.startswith(HEADING), f"{where}: page ends on the heading {last!r}"
        assert not after.startswith(EXAMPLE), f"{where}: {lines[start + count - 1][0]!r} " \
                                              "is parted from its cards"
        assert empty <= 1 / 3 + 0.01, f"{where}: page of line {start + 1} is {empty:.0%} empty"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "sv"])
def test_rules_pages_break_without_an_orphan_heading_or_a_wide_gap(
        size: tuple[int, int], language: str) -> None:
    # "Examples" stood alone at the foot of Casino 33's first page at 800x600, the page below
    # it empty (s35)
    app = make_app(size=size, language=language)
    app.show_title()
    steps(app)
    for name in bundled_names():
        page = rules_page(app, load_ruleset(name))
        app.stack.push(page)
        steps(app)
        check_breaks(page, f"{name} {size} {language}")
        page.close()
        steps(app)


@pytest.mark.parametrize("size", SIZES)
def test_a_long_example_breaks_inside_its_words_rather_than_leave_half_a_page(
        size: tuple[int, int]) -> None:
    # an example whose words run to several lines went whole to the next page, whatever
    # space it left: at 640x400 over half the page stood empty
    app = make_app(size=size)
    app.show_title()
    steps(app)
    rs = load_ruleset("classic")
    example = rs.examples[0]
    state = parse_position(rs, example.position)
    move = parse_move(state, example.move)
    words = " ".join(["A long explanation of the play that goes on for a while."] * 9)
    for filler in range(1, 16):
        text = "\n\n".join([*(f"Paragraph {k}: a line." for k in range(filler)),
                            words, f"{EXAMPLE}0", "The end."])
        page = TextScene(app, "Test", text, [(move, symbols("take 7H with 7C"))])
        app.stack.push(page)
        steps(app)
        check_breaks(page, f"{size} after {filler} paragraphs")
        page.close()
        steps(app)
