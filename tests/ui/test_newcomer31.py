"""What puzzled a newcomer playing every other ruleset under Xvfb (play 31), one test each."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from casino.engine import Capture, Card, Game, legal_moves, load_ruleset
from casino.engine.ruleset import bundled_names
from casino.engine.scoring import score_round
from casino.ui import render
from casino.ui.remote_session import RemoteSession
from casino.ui.scene import text_width
from casino.ui.scenes import options, review, table_view, title
from casino.ui.scenes.dialogs import rules_page
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.title import TitleScene
from casino.ui.words import NOTATION_CARD, move_text
from tests.ui.driver import click_move, steps
from tests.ui.helpers import make_app, shot, table_at
from tests.ui.test_newcomer import QuietHost


def test_a_network_move_log_calls_this_window_you_as_its_score_column_does() -> None:
    # At a network table the guest's score column read "You" while the move log named the
    # same seat "Player 2": the newcomer looked for "Player 2" and did not find it was them.
    host = QuietHost()
    session = RemoteSession.start(host, None)  # type: ignore[arg-type]
    host.play_round()
    for _ in range(9):  # part of the round, to look at
        move = session.take_computer_move()
        assert move is not None
        session.play(move)
    app = make_app()
    app.show_table(session)
    shot(app, "network-log-you")
    while (move := session.take_computer_move()) is not None:
        session.play(move)
    assert session.game.round_over()
    mine = [e.text for e in session.log if e.seat == session.me]
    theirs = [e.text for e in session.log if e.seat == 1 - session.me]
    assert mine and all(t.startswith("You: ") for t in mine), mine
    other = session.seats[1 - session.me].shown
    assert theirs and all(t.startswith(f"{other}: ") for t in theirs), theirs
    rest = [e.text for e in session.log if e.text.startswith("The rest of the table")]
    assert all("Anna" not in t for t in rest), rest


def drawn_texts(monkeypatch: pytest.MonkeyPatch, module: Any = table_view
                ) -> list[tuple[str, pygame.Rect]]:
    """Every line ``module`` (the table's drawing) draws from now on, with where it landed."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = module.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        rect: pygame.Rect = real(surface, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(module, "draw_text", spy)
    return drawn


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_stock_empty_keeps_clear_of_the_windows_edge(monkeypatch: pytest.MonkeyPatch,
                                                      size: tuple[int, int]) -> None:
    # Draw Casino, the stock out: "Stock empty" sat in small bold type 5 pixels from the
    # window's left edge, above a "Stock 0" that said the same again.
    app = make_app(size=size)
    table = table_at(app, "draw", "0;1;4S 5H 6H KD/QS 3H 7H 6D;JD 9C;*/-;-")
    drawn = drawn_texts(monkeypatch)
    shot(app, f"stock-empty-{size[0]}")
    lay = table.layout()
    stock = [(t, r) for t, r in drawn if t in ("Stock", "empty", "Stock empty", "Stock 0")]
    assert stock and all(t != "Stock 0" for t, _r in stock), stock
    for _t, rect in stock:
        assert rect.left >= lay.margin and rect.right <= lay.stock[0] + lay.stock[2]


def test_a_computers_build_tag_names_it_by_its_own_number() -> None:
    # Four at Royal Casino: a build tagged "C1: 12" belonged to the seat whose box and score
    # column read "Computer 2" (the tags counted the computers from 0, the names from 2).
    app = make_app(players=3)
    table = table_at(app, "classic", "0;0;4S 5H/7H QS/9D 6D;[b7 4D 3D @1] [b9 5C 4C @2] JD;"
                                     "-/-/-;*")
    shot(app, "computer-build-tags")
    assert [table_view.owner_tag(table, s)[0] for s in range(3)] == ["You", "Computer 2",
                                                                     "Computer 3"]
    assert [table.session.seats[s].shown for s in (1, 2)] == ["Computer 2", "Computer 3"]


@pytest.mark.parametrize("name", bundled_names())
def test_every_score_category_has_a_name_on_the_sheets(name: str) -> None:
    # Spade Casino's score sheet read "spade_cards" and "jack_of_spades": the keys of its
    # rules file, in English and in Swedish alike.
    ruleset = load_ruleset(name)
    for players in ruleset.players:
        categories = score_round(Game.start(ruleset, players, "names").round).categories
        for category in categories:
            assert table_view.category_name(category) != category
            assert "_" not in table_view.category_name(category)


def test_spade_casinos_sheet_in_swedish_names_its_jack_kn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(language="sv", size=(800, 600))
    table_at(app, "spade", "0;1;4S 5H 6H KD/QS 3H 7H 6D;JD 9C;JS 2S/-;*")
    drawn = drawn_texts(monkeypatch)
    shot(app, "spade-sheet-sv")
    texts = [t for t, _r in drawn]
    assert not [t for t in texts if "_" in t], texts
    assert "Kn\u2660" in texts and "Varje spader" in texts


def test_kasinos_line_on_the_title_screen_names_cards_by_symbol(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Choosing Kasino, the line under the choices read "Swedish Kasino: Ace 1/14, 2S 2/15,
    # 10D 10/16, ...": the rules file's notation, where the window says 2\u2660 and 10\u2666.
    app = make_app(ruleset="kasino")
    app.stack.push(TitleScene(app))
    steps(app)
    drawn: list[str] = []
    real = title.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(title, "draw_text", spy)
    shot(app, "title-kasino")
    about = [t for t in drawn if t.startswith("Swedish Kasino")]
    assert about and "2\u2660 2/15" in about[0], drawn
    assert not [t for t in drawn if NOTATION_CARD.search(t)], drawn


@pytest.mark.parametrize("name", bundled_names())
def test_a_rules_page_names_cards_by_symbol(name: str) -> None:
    page = rules_page(make_app(), load_ruleset(name))
    assert NOTATION_CARD.search(page.text) is None, NOTATION_CARD.search(page.text)


@pytest.mark.parametrize("name", bundled_names())
def test_a_rules_page_names_its_sources_as_a_player_knows_them(name: str) -> None:
    # "About these rules" read "(seed 002)", "the seed's program" and
    # "(docs/RULES.md#kasino-players-and-deal)": our own file names, which mean nothing to a
    # player and which an installed game does not have.
    page = rules_page(make_app(), load_ruleset(name))
    for internal in ("seed 0", "seed's", "docs/"):
        assert internal not in page.text, (internal, page.text)
    if name == "kasino":
        assert "(the Swedish Kasino rules: 'spader 5 kan rensa bordet')" in page.text
        assert "Source: Kasino, Swedish rules" in page.text


def test_changing_the_language_mid_game_words_the_log_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Switched to Swedish in round 2 of Kasino, the table said "Dator", "Din tur", "Tips",
    # but the move log, the computer's last move in its box and the status line still read
    # "Computer: take 10\u2666 with 10\u2665", and so they stayed for the rest of the round.
    app = make_app(ruleset="kasino")
    app.new_game()
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.save is not None
    for _ in range(3):
        for _ in range(200):
            if table.can_act():
                break
            steps(app, 1)
        click_move(app, legal_moves(table.session.game.round)[-1])
        steps(app, 1)
    for _ in range(200):
        if table.can_act():
            break
        steps(app, 1)
    assert len(table.session.log) >= 6 and "Computer: " in table.message
    app.change_settings(language="sv")
    drawn = drawn_texts(monkeypatch)
    shot(app, "log-in-swedish")
    log = [e.text for e in table.session.log]
    assert not [t for t in log if t.startswith(("You: ", "Computer: "))], log
    assert table.message.startswith("Dator: "), table.message
    texts = [t for t, _r in drawn]
    assert not [t for t in texts if " with " in t or t.startswith(("trail", "take"))], texts


def test_a_multiple_builds_groups_use_the_windows_letters() -> None:
    # Royal Casino in Swedish: a double 12 was tagged "12 (D) \u00d72" over "[Q][6+6]", the
    # Queen named by the English letter under a tag that named it by the Swedish one.
    app = make_app(language="sv", ruleset="royal")
    table = table_at(app, "royal", "0;0;QD 4S/3H 7H;[b12x2 QC 6C 6H @1] JD;-/-;*")
    shot(app, "double-build-sv")
    pile = table.session.game.round.table[0]
    assert render.build_groups(pile) == ["D", "6+6"]  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 4])
def test_the_score_sheets_labels_are_whole_in_swedish(monkeypatch: pytest.MonkeyPatch,
                                                     players: int) -> None:
    # Kasino and Royal Casino in Swedish at 1280x800: the sheet's "Den här rundan" (This
    # round) was squeezed and cut to "Den här rund…" beside two wide columns.
    app = make_app(language="sv", ruleset="royal", players=players)
    hands = "/".join(["4S 5H", "3H 7H", "9D 6D", "2C 8C"][:players])
    table = table_at(app, "royal", f"0;0;{hands};JD;{'/'.join('-' * players)};*")
    drawn = drawn_texts(monkeypatch)
    shot(app, f"sheet-sv-{players}")
    f = table.layout().font - 2
    labels = [(t, r) for t, r in drawn if t in ("Den här rundan", "Partiet")]
    assert len(labels) == 2
    for text, rect in labels:
        assert rect.width >= text_width(text, f, True) - 1, (text, rect)


@pytest.mark.parametrize("language", ["en", "sv"])
def test_two_builds_side_by_side_keep_their_tags_apart(monkeypatch: pytest.MonkeyPatch,
                                                       language: str) -> None:
    # Munter at 800x600: the tags of two builds side by side overlapped, so "Du: 13 (K)"
    # was half hidden under "Dator: 11 (Kn)" and neither owner could be read.
    app = make_app(language=language, ruleset="munter", size=(800, 600))
    pills: list[pygame.Rect] = []
    real = pygame.draw.rect

    def spy(surface: pygame.Surface, colour: object, rect: object, *args: object,
            **kw: object) -> pygame.Rect:
        if not args and kw.get("border_radius"):  # a filled, rounded box: a tag's pill
            pills.append(pygame.Rect(rect))  # type: ignore[arg-type]
        return real(surface, colour, rect, *args, **kw)  # type: ignore[arg-type]

    table = table_at(app, "munter", "0;0;KC QD/JS 3C;KH [b13 9D 4H @0] [b11 6H 5C @1] 2D;-/-;*")
    monkeypatch.setattr(render.pygame.draw, "rect", spy)
    shot(app, f"build-tags-800-{language}")
    slots = table.grid(table.session.game).slots
    tags = [p for p in pills if p.bottom < slots[1][1] + table.grid(table.session.game).tag + 2
            and p.height < 30]
    assert len(tags) == 2 and not tags[0].colliderect(tags[1]), tags


def test_kasinos_five_of_spades_says_it_takes_the_whole_table() -> None:
    # The log read "Eva: take 9\u2663, 9\u2665, 3\u2663, the 14 build (7\u2666 7\u2665) with
    # 5\u2660": a newcomer added them up, got 35, and could not see how a 5 took them.
    app = make_app(ruleset="kasino")
    table = table_at(app, "kasino", "0;0;5S 8D/KC 2H;9C 9H 3C [b14 7D 7H @1];-/-;*")
    ruleset = table.session.ruleset
    whole = [m for m in legal_moves(table.session.game.round)
             if isinstance(m, Capture) and len(m.items) == 4]
    assert len(whole) == 1
    click_move(app, whole[0])
    steps(app, 4)
    shot(app, "five-of-spades")
    assert table.session.log[0].text == ("You: take the whole table with 5\u2660: 9\u2663, "
                                         "9\u2665, 3\u2663, the 14 build (7\u2666 7\u2665)")
    five, two, three = Card.parse("5S"), Card.parse("2D"), Card.parse("3C")
    assert move_text(Capture(five, 5, (two, three)), ruleset) == \
        "take 2\u2666, 3\u2663 with 5\u2660"


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_long_notice_on_the_status_line_is_not_cut_mid_sentence(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    # Starting Royal Casino from the command line over a saved Munter game, the status line
    # read "...: contained another game in progress (munter, started 2026-12-02 11:35 UTC);
    # it is kept as" and stopped there: its third line, where the file was, was never drawn.
    app = make_app(size=size)
    table = table_at(app, "classic", "0;0;4S 5H 6H KD/QS 3H 7H 6D;JD 9C;-/-;*")
    table.say("/tmp/newcomer/home/current-game.json: contained another game in progress "
              "(munter, started 2026-12-02 11:35 UTC); it is kept as /tmp/newcomer/home/"
              "current-game.json.unfinished-20261202-113512")
    drawn = drawn_texts(monkeypatch)
    shot(app, f"long-notice-{size[0]}")
    assert any(t.endswith("unfinished-20261202-113512") for t, _r in drawn), drawn


def test_a_long_setting_keeps_a_gap_before_its_value(monkeypatch: pytest.MonkeyPatch) -> None:
    # Settings in Swedish at 800x600: "Tempo (1 snabbast, 9 långsammast)" ran into its
    # value, reading "långsammast)\u2039 1 \u203a".
    app = make_app(language="sv", size=(800, 600))
    app.stack.push(options.SettingsScene(app))
    steps(app)
    drawn = drawn_texts(monkeypatch, options)
    shot(app, "settings-sv-800")
    speed = next(k for k, (t, _r) in enumerate(drawn) if t.startswith("Tempo"))
    label, value = drawn[speed][1], drawn[speed + 1][1]
    assert value.left - label.right >= 10, (label, value)


def test_the_prompt_is_not_red_once_a_refusal_is_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    # A notice was on the status line in red; the language changed, the notice went, and
    # "Your turn: click table cards..." came back red, as if it were a refusal.
    app = make_app()
    table = table_at(app, "classic", "0;0;4S 5H 6H KD/QS 3H 7H 6D;JD 9C;-/-;*")
    table.say("cannot write the save", "error")
    app.change_settings(language="sv")
    app.change_settings(language="en")
    colours: list[object] = []
    real = table_view.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        if text.startswith("Your turn:") or text.startswith("a hand card"):
            colours.append(args[2] if len(args) > 2 else kw.get("colour"))
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_text", spy)
    shot(app, "prompt-after-notice")
    assert table.message == "" and colours and all(c == table_view.TEXT for c in colours)


def test_the_reviews_move_list_keeps_its_type_size_at_800x600(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Review of a Kasino game at 800x600: "\u2713 Eva: take 10\u2665, the 10 build (8\u2663
    # 2\u2665) with 10\u2663" was squeezed into one line in small print beside full-size ones.
    from casino.ai.basic import GreedyPolicy
    from casino.ai.play import play_game
    from casino.engine.record import GameRecord

    rs = load_ruleset("kasino")
    played = play_game(rs, "review", [GreedyPolicy(seed=0), GreedyPolicy(seed=1)])
    record = GameRecord.from_game(played.game, ["You", "Computer"],
                                  played.move_texts()).to_dict()
    app = make_app(size=(800, 600))
    scene = review.ReviewScene(app, record, analyse=lambda view, seed: [])
    app.stack.push(scene)
    steps(app)
    scene.index = max(range(len(scene.steps)), key=lambda k: len(scene.steps[k].text))
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real = review.draw_text

    def spy(surface: pygame.Surface, text: str, size: int, *args: object,
            **kw: object) -> pygame.Rect:
        rect = real(surface, text, size, *args, **kw)  # type: ignore[arg-type]
        drawn.append((text, size, rect))
        return rect

    monkeypatch.setattr(review, "draw_text", spy)
    shot(app, "review-800")
    listed = [(t, z, r) for t, z, r in drawn if t.startswith(("You: ", "Computer: "))]
    assert len(listed) > 5
    squeezed = [(t, r) for t, z, r in listed if r.width < text_width(t, z) - 1]
    assert not squeezed, squeezed


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_capture_piles_counts_stay_beside_the_hand(monkeypatch: pytest.MonkeyPatch,
                                                     size: tuple[int, int]) -> None:
    # Kasino at 800x600, two sweeps taken: "4\u2660 \u00b7 2 sweeps" under the person's pile
    # began at the window's very edge and ran into the hand's frame.
    app = make_app(ruleset="kasino", size=size)
    table = table_at(app, "kasino", "0;0;5S 8D/KC 2H;9C 9H;4S 6S 7S 8S 2D 3D/-;*;2/0")
    drawn = drawn_texts(monkeypatch, render)
    shot(app, f"pile-label-{size[0]}")
    lay = table.layout()
    mine = [(t, r) for t, r in drawn if r.top > lay.hand[1] and r.right < lay.hand[0] + 40]
    assert any("sweeps" in t for t, _r in mine), drawn
    for text, rect in mine:
        assert rect.left >= 4 and rect.right <= lay.hand[0], (text, rect, lay.hand)


@pytest.mark.parametrize("language", ["en", "sv"])
def test_four_at_800x600_each_computers_box_says_its_whole_move(language: str) -> None:
    # Four players at 800x600: a computer's box read "ta in / E\u2666 / med", its third line
    # the last one drawn, so what it took with (E\u2663) was never shown.
    from casino.ui.scenes.table_view import last_move
    from casino.ui.session import LogEntry

    app = make_app(size=(800, 600), players=4, language=language)
    scene = table_at(app, "classic", "0;0;5H 9D/5D 2C/KD 3C/QH 4C;5S 5C 7S 2S KS 4D;"
                                     "*/-/-/-;-;0/0/0/0;-;0000;2")
    moves = {1: "take A\u2666 with A\u2663", 2: "take the multiple 10 build (10\u2665 7\u2660 "
             "3\u2666) with 10\u2663", 3: "take 9\u2663, 9\u2665, 3\u2663 with 3\u2660"}
    for seat, text in moves.items():
        name = scene.session.seats[seat].shown
        scene.session.log.append(LogEntry(seat, f"{name}: {text}", 2))
    shot(app, f"four-800-{language}")
    for seat in (1, 2, 3):  # the multiple build (seat 2) too, in five lines (s33)
        last = last_move(scene.session, seat)
        assert " ".join(table_view.opponent_move_lines(scene, seat)) == last, seat
        lines, size = table_view.opponent_move_fit(scene, seat)
        assert len(lines) <= (5 if seat == 2 else 4), seat
        room = table_view.opponent_text_room(scene, seat)[1]  # as the drawing cuts it
        assert all(text_width(line, size) <= room for line in lines), (seat, lines)


def guest_host() -> QuietHost:
    """This window in the second seat, a computer in the first (a guest at a table hosted by
    ``casino-cli serve --seats computer:greedy,person``)."""
    from casino.net.table import SeatSpec

    return QuietHost([SeatSpec(kind="computer", level="greedy"), SeatSpec(kind="person")],
                     {1: "Player"}, me=1, seed="guest")


def test_a_network_guest_has_its_seats_colour_and_is_framed_as_you(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Once the guest in seat 2 was made blue "as at home", each window counted colours from
    # its own seat and friends disagreed about who was blue (s33 watch, item 10): every window
    # now gives seat 2 its red, and says which hand is yours by the frame and its label.
    from casino.ui import render

    host = guest_host()
    session = RemoteSession.start(host, None)  # type: ignore[arg-type]
    assert session.me == 1
    app = make_app()
    app.show_table(session)
    drawn: list[tuple[str, object]] = []
    real = table_view.draw_text

    def spy(surface: pygame.Surface, text: str, size: int, pos: object, colour: object = None,
            *args: object, **kw: object) -> pygame.Rect:
        drawn.append((text, colour))
        return real(surface, text, size, pos, colour, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_text", spy)
    shot(app, "guest-colours")
    heads = dict(drawn)
    # the sheet's heads in each seat's colour for letters (render.seat_ink)
    assert heads["You"] == render.seat_ink(1, False), heads["You"]
    other = session.seats[0].shown
    assert any(heads.get(part) == render.seat_ink(0, False) for part in other.split()), drawn
    assert " Player (you) " in heads  # the label on the own hand's frame


def two_people_host() -> QuietHost:
    """This window in the first seat, another person, Ben, in the second."""
    from casino.net.table import SeatSpec

    return QuietHost([SeatSpec(kind="person"), SeatSpec(kind="person")],
                     {0: "Anna", 1: "Ben"}, seed="two")


def test_another_persons_build_at_a_network_table_is_tagged_with_their_name() -> None:
    # At a network table every other seat counted as a computer: Ben's build was tagged
    # "Comp: 9" though Ben is a person, named so in his box and column.
    from dataclasses import replace as replaced

    from casino.engine.notation import parse_position

    host = two_people_host()
    session = RemoteSession.start(host, None)  # type: ignore[arg-type]
    app = make_app()
    app.show_table(session)
    table = app.stack.top
    assert isinstance(table, TableScene)
    state = parse_position(session.ruleset, "0;0;4S 5H 9D KD/QS 3H 9H 6D;[b9 5C 4C @1] JD;-/-;*")
    session.game = replaced(session.game, round=state)
    shot(app, "network-person-build")
    assert table_view.owner_tag(table, 1)[0] == "Ben"
    assert table_view.owner_tag(table, 0) == ("You",)
