"""What puzzled a newcomer playing under Xvfb (issue 17, play 30), one test each."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from casino.engine import Capture, Card, legal_moves, load_ruleset
from casino.engine.wording import Reason
from casino.net.discovery import FoundTable
from casino.net.protocol import PROTOCOL_VERSION, Hello, StateFrame, Welcome
from casino.net.remote import LocalHost
from casino.net.table import SeatSpec, Table
from casino.tutorial import LESSONS
from casino.ui.app import App
from casino.ui.remote_session import RemoteSession
from casino.ui.scene import ACTION
from casino.ui.scenes import table_view
from casino.ui.scenes.dialogs import ChoiceScene
from casino.ui.scenes.network import LobbyScene, NetworkScene, found_line, hosted_path
from casino.ui.scenes.table import TableScene
from casino.ui.scenes.tutorial import TutorialScene
from tests.ui.driver import centre, click, click_move, key, settled, steps, top_name
from tests.ui.helpers import make_app, shot, table_at

FOUND = FoundTable(name="Anna classic-sweeps", address="192.168.1.20", port=7777,
                   ruleset="classic-sweeps", open_seats=1, version=1)


def test_clicking_a_found_table_fills_in_its_address() -> None:
    # Under Xvfb, a click on the table's own line did nothing, and a click on the heading
    # above it picked the table: the click boxes were one line off the drawn ones.
    app = make_app()
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.found = [FOUND]
    steps(app)
    _rows, found, _box = scene.boxes()
    click(centre(found[0]))  # the heading is not a table
    steps(app)
    assert scene.address == ""
    click(centre(found[1]))
    steps(app)
    assert scene.address == "192.168.1.20:7777"
    assert scene.typed_row() == "code"  # the code is typed next


def test_a_found_table_names_its_rules_by_title() -> None:
    # It read "Anna classic-sweeps · classic-sweeps · 1 open · ...": a file name, twice.
    line = found_line(FOUND)
    assert "classic-sweeps" not in line
    assert line.startswith("Anna \u00b7 Classic Casino with sweeps \u00b7 1 open seat \u00b7 ")
    other = FoundTable(name="Casino Mine 7777", address="10.0.0.2", port=7777,
                       ruleset="mine", open_seats=2, version=1)
    assert found_line(other) == ("Casino Mine 7777 \u00b7 mine \u00b7 2 open seats \u00b7 "
                                 "10.0.0.2:7777")


@pytest.mark.parametrize("line", ["port", "address"])
def test_esc_on_a_typed_line_goes_back(line: str) -> None:
    # SDL gives Esc the text '\x1b': the port line swallowed every key with text that is
    # not a digit, so Esc there did nothing while on the address line it went back.
    app = make_app()
    scene = NetworkScene(app)
    app.stack.push(scene)
    steps(app)
    scene.row = [key for key, _label, _value in scene.rows()].index(line)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=0))
    steps(app)
    assert top_name(app) == "TitleScene"


def test_the_bundled_rulesets_are_listed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # found_line asks for them for every table drawn, every frame: the folder is read once
    # (a decorator moved onto value_at left _bundled reading it each time).
    from casino.ui.scenes import network

    network._bundled.cache_clear()
    calls = []

    def listed() -> list[str]:
        calls.append(1)
        return ["classic-sweeps"]

    monkeypatch.setattr(network, "bundled_names", listed)
    for _ in range(3):
        found_line(FOUND)
    network._bundled.cache_clear()  # the next test reads the real folder
    assert len(calls) == 1


def test_a_found_table_is_drawn_at_800x600() -> None:
    app = make_app(size=(800, 600))
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.found = [FOUND]
    steps(app)
    shot(app, "network-found-800")


class QuietHost:
    """A ``Remote`` stand-in fed by a ``Table`` in this process: the test decides when the
    host's frames arrive, so a slow host (or a dropped link) is one that holds them back."""

    def __init__(self, seats: list[SeatSpec] | None = None, people: dict[int, str] | None = None,
                 me: int = 0, seed: str = "quiet") -> None:
        """This window sits in seat ``me``; ``people`` names the seats taken by persons."""
        self.table = Table(load_ruleset("classic"),
                           seats or [SeatSpec(kind="person"),
                                     SeatSpec(kind="computer", level="greedy")],
                           seed=seed)
        for seat, name in (people or {0: "Anna"}).items():
            self.table.reserve(seat, name)
        self.ruleset = self.table.ruleset
        self.state = self.table.state_frame(me)
        self.since = [self.state]
        self.welcome = Welcome(seat=me, token="t", ruleset={},
                               seats=[seat.status() for seat in self.table.seats])
        self.seats = self.table.seats_frame()
        self.problem = None
        self.pending: list[StateFrame] = []

    def poll(self) -> list[StateFrame]:
        out, self.pending = self.pending, []
        return out

    def stand_in_after(self, seat: int) -> float | None:
        return None  # nobody away from a quiet table

    def play_round(self) -> None:
        """Both seats play the round to its end; the next deal is held back."""
        while not self.table.game.round_over():
            seat = self.table.to_move()
            assert seat is not None
            self.table.play_computer(seat, legal_moves(self.table.game.round)[0])
            self.pending.append(self.table.state_frame(0, self.table.last))

    def deal(self) -> None:
        assert self.table.deal_on()
        self.pending.append(self.table.state_frame(0))

    def close(self) -> None:
        pass


def test_a_late_deal_is_waited_for_without_the_summary_again() -> None:
    # RemoteSession.next_round waited up to 3 s for the host's next deal, the window frozen,
    # then gave up silently: the table found the round still over and showed its summary again.
    host = QuietHost()
    app = make_app()
    session = RemoteSession.start(host, None)  # type: ignore[arg-type]
    app.show_table(session)
    table = app.stack.top
    assert isinstance(table, TableScene)
    host.play_round()
    deadline = time.monotonic() + 60
    while top_name(app) != "SummaryScene" and time.monotonic() < deadline:
        steps(app, 1)
    assert top_name(app) == "SummaryScene"
    settled(app)
    started = time.monotonic()
    key(pygame.K_RETURN)  # Next round, before the host has dealt it
    steps(app, 3)
    assert time.monotonic() - started < 1.0  # the window does not freeze
    for _ in range(20):
        steps(app, 1)
        assert top_name(app) == "TableScene"  # not the summary again
    app.draw()
    assert session.status_note() == "Waiting for the host to deal round 2\u2026"
    shot(app, "waiting-for-the-deal")
    host.deal()
    deadline = time.monotonic() + 60
    while session.game.round_index != 1 and time.monotonic() < deadline:
        steps(app, 1)
    assert session.game.round_index == 1 and not session.game.round_over()
    assert session.status_note() is None
    assert top_name(app) == "TableScene"
    assert [e.text for e in session.log if e.seat == -1][-1] == "Round 2"


def test_a_lesson_starts_with_an_empty_capture_pile() -> None:
    # Lesson 1 showed "41 cards, 10♠" under the person's pile and "Last deal" by an empty
    # stock: the deck's other cards had been put in their capture pile. A newcomer taking
    # their first card should see it arrive in an empty pile.
    for lesson in LESSONS:
        state = lesson.state()
        if lesson.title == "The last take":  # the round's end is its point
            assert not state.stock and state.is_last_deal()
            continue
        assert state.captures[0] == () and state.captures[1] == (), lesson.title
        assert state.stock and not state.is_last_deal(), lesson.title
        for move in lesson.solution_moves():
            assert lesson.judge(move)[0], lesson.title


def test_a_solved_lesson_does_not_say_the_computer_is_thinking(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Once lesson 1 was solved the computer's area lit up with "Computer's turn, thinking…"
    # and stayed so: the computer never plays in a lesson, so a newcomer waited for nothing.
    texts: list[str] = []
    real = table_view.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> object:
        texts.append(text)
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(table_view, "draw_text", spy)
    app = make_app()
    scene = TutorialScene(app, 0)
    app.stack.push(scene)
    steps(app)
    click_move(app, scene.lesson.solution_moves()[0])
    for _ in range(60):  # the capture's animation, and a while after it
        steps(app, 1)
    assert scene.solved
    texts.clear()
    app.draw()
    assert not any(t.startswith("thinking") for t in texts), texts
    assert "Computer's turn" not in texts


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_card_that_cannot_trail_says_why_in_its_choice_window(size: tuple[int, int]) -> None:
    # Holding a 4 for the 4 build they made, a newcomer clicked the 4 alone: the window
    # offered only "take the 4 build" and its tip, and the trail they expected was simply
    # missing, without a word on why.
    app = make_app(size=size)
    table_at(app, "classic", "0;1;4S 5H 6H KD/QS 3H 7H 6D;[b4 3D AD @0] JD;-/-;*")
    table = app.stack.top
    assert isinstance(table, TableScene)
    table.play_hand_card(0, [])
    steps(app)
    choice = app.stack.top
    assert isinstance(choice, ChoiceScene)
    assert len(choice.options) == 1
    assert choice.note == ("You cannot trail 4\u2660: you must take, raise or duplicate your "
                           "4 build before anything else.")
    shot(app, f"cannot-trail-note-{size[0]}")


def test_the_computer_plays_after_the_sweep_banner_not_under_it() -> None:
    # In Casino 33 the person's take cleared the table; "Table cleared" was still across the
    # table when the computer trailed its 2♦ there, so what it did was hidden under the banner.
    app = make_app(animation=True, speed=1)
    table = table_at(app, "classic", "0;1;7C 2D KH 4S/QS 3C 8H 9D;7H;-/-;*")
    click_move(app, Capture(Card.parse("7C"), 7, (Card.parse("7H"),)))
    saw_banner = False
    for _ in range(400):
        steps(app, 1, 0.02)
        banners = [b for b in table.animator.banners if b.height == 0.5]
        if banners:
            saw_banner = True
            assert table.session.to_move() == 1, "the computer played under the banner"
        elif saw_banner and table.session.to_move() == 0:
            break
    assert saw_banner and table.session.to_move() == 0


def test_a_refused_join_leads_back_to_the_code_not_to_the_title() -> None:
    # A mistyped code left "Joining the table…" over a small red "wrong join code", and
    # Leave went to the title: the address and code had to be found and typed again.
    table = Table(load_ruleset("classic"), [SeatSpec(kind="person"), SeatSpec(kind="person")],
                  seed="refused")
    table.reserve(0, "Anna")
    local = LocalHost(table, port=0, bind="127.0.0.1")
    try:
        app = make_app()
        scene = NetworkScene(app)
        app.stack.push(scene)
        scene.address, scene.code = f"127.0.0.1:{local.port}", "WRONG1"
        scene.on_action("join")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        deadline = time.monotonic() + 60
        while not lobby.refused() and time.monotonic() < deadline:
            steps(app, 1)
            time.sleep(0.02)
        steps(app)
        assert lobby.refused() and lobby.buttons[0].label == "Back"
        shot(app, "join-refused")
        key(pygame.K_ESCAPE)
        steps(app)
        back = app.stack.top
        assert isinstance(back, NetworkScene)
        assert (back.address, back.code) == (f"127.0.0.1:{local.port}", "WRONG1")
        assert back.typed_row() == "code" and back.message == "wrong join code"
    finally:
        local.close()


def test_a_network_score_sheet_says_which_column_is_mine() -> None:
    # Two people who kept the default name sat as "Player" and "Player 2": the score sheet's
    # columns had only those names, and the guest could not tell which one was theirs.
    host = QuietHost()
    session = RemoteSession.start(host, None)  # type: ignore[arg-type]
    names = session.short_side_names()
    assert names[session.me] == "You"
    assert names[1 - session.me] == session.seats[1 - session.me].shown


def test_r_rejoins_again_after_a_rejoin_that_found_no_host(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The host quit; R found nobody hosting ("no table is hosted at … now — R rejoins your
    # seat"); the host hosted the table again, and R did nothing any more: the failed
    # rejoin had never been welcomed, and only a welcome's token was used to sit down again.
    from casino.net import remote as remote_module

    made: list[tuple[str, str, str | None]] = []

    class Dialled:
        def __init__(self, address: str, code: str, name: str, token: str | None = None) -> None:
            made.append((address, code, token))
            self.address, self.code = address, code
            self.hello = Hello(type="hello", version=PROTOCOL_VERSION, app="test", code=code,
                               name=name, token=token)
            self.welcome = None
            self.problem = Reason("no table is hosted at {address} now", address=address)

        def close(self) -> None:
            pass

    monkeypatch.setattr(remote_module, "Remote", Dialled)
    host = QuietHost()
    session = RemoteSession.start(host, None)  # type: ignore[arg-type]
    host.address, host.code = "192.0.2.2:7777", "ABCDEF"  # type: ignore[attr-defined]
    host.problem = Reason("the connection to the host was lost")  # type: ignore[assignment]
    session.rejoin()  # R: the host is not back yet
    assert made == [("192.0.2.2:7777", "ABCDEF", "t")]
    session.rejoin()  # R again, once it is
    assert made[-1] == ("192.0.2.2:7777", "ABCDEF", "t") and len(made) == 2


def seated(app: App, lobby: LobbyScene) -> None:
    """Step the lobby until the window's own connection has its welcome."""
    deadline = time.monotonic() + 60
    while lobby.remote.welcome is None and time.monotonic() < deadline:
        steps(app, 1)
        time.sleep(0.02)
    assert lobby.remote.welcome is not None


def test_the_host_lines_show_the_saved_table_and_a_change_hosts_a_new_one() -> None:
    # After hosting Royal Casino once and leaving, the network scene read "Classic Casino,
    # 2 players" while Host reopened the saved Royal table; and no choice there could ever
    # host another table while that one was saved.
    app = make_app()
    royal = Table(load_ruleset("royal"), [SeatSpec(kind="person"), SeatSpec(kind="person")],
                  seed="royal")
    royal.reserve(0, "You")
    hosted = LocalHost(royal, port=0, bind="127.0.0.1", save_path=hosted_path())
    hosted.hosted.save()  # as after a move
    hosted.close()
    assert hosted_path().exists()

    again = NetworkScene(app)
    app.stack.replace(again)
    assert again.rows()[0][2] == "Royal Casino"  # what Host opens, not the settings' rules
    again.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    assert lobby.local.table.ruleset.name == "royal"
    seated(app, lobby)
    lobby.handle_event(pygame.event.Event(ACTION, action="leave", value=None))
    steps(app)

    fresh = NetworkScene(app)
    app.stack.replace(fresh)
    fresh.change(0, 1)  # the rules line: a new table is wanted
    assert fresh.rows()[0][2] != "Royal Casino"
    shot(app, "host-a-new-table")
    fresh.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    try:
        seated(app, lobby)
        assert lobby.local.table.ruleset.name == fresh.ruleset != "royal"
        aside = list(hosted_path().parent.glob(hosted_path().name + ".unfinished-*"))
        assert len(aside) == 1  # the Royal table is kept, not deleted
    finally:
        lobby.handle_event(pygame.event.Event(ACTION, action="leave", value=None))
        steps(app)


def test_quitting_the_window_closes_its_network_table() -> None:
    # Menu → Quit at a hosted table ended the loop without closing the table: the guests read
    # "the connection to the host was lost" (no close frame) instead of the host leaving.
    host = QuietHost()
    closed: list[bool] = []
    host.close = lambda: closed.append(True)  # type: ignore[method-assign]
    app = make_app()
    app.show_table(RemoteSession.start(host, None))  # type: ignore[arg-type]
    steps(app)
    app.running = False  # as the menu's Quit does
    app.run()
    assert closed == [True]


def test_a_found_tables_rules_name_is_never_read_as_a_path(tmp_path: Path) -> None:
    """The rules' name comes from the network: a bundled name is shown by its title, and
    anything else as it is, never looked for as a file on this machine."""
    text = (Path(__file__).resolve().parents[2] / "rulesets" / "classic.toml").read_text()
    evil = tmp_path / "evil.toml"
    evil.write_text(text.replace('title = "Classic Casino"', 'title = "Read from disk"')
                    .replace('name = "classic"', 'name = "evil"'))
    table = FoundTable(name="Eve", address="10.0.0.3", port=7777, ruleset=str(evil),
                       open_seats=1, version=1)
    line = found_line(table)
    assert "Read from disk" not in line and str(evil) in line
