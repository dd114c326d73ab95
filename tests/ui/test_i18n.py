"""The window in another language: every word it draws comes from the catalogue, and the
Swedish words fit their boxes.

A pseudo-locale brackets every catalogue message ("[Play]"); the texts the font renderer is
asked to draw on each scene must then all be bracketed, card chips and numbers apart. The
same scenes in Swedish are saved as screenshots (in $CASINO_SHOTS, when it is set)
and no Swedish line is cut short with an ellipsis.
"""

from __future__ import annotations

import contextlib
import gettext
import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from casino import i18n
from casino.engine import legal_moves, load_ruleset
from casino.engine.notation import format_move
from casino.net.remote import LocalHost, Remote
from casino.net.table import SeatSpec, Table
from casino.persistence import Records
from casino.persistence.saves import FILE_NAME as SAVE_FILE
from casino.persistence.settings import FILE_NAME as SETTINGS_FILE
from casino.persistence.settings import Settings
from casino.ui import scene as scene_module
from casino.ui.app import App, launch, parse_args
from casino.ui.scenes.dialogs import GameOverScene, KeysScene, MenuScene, NoticeScene, rules_page
from casino.ui.scenes.network import LobbyScene, NetworkScene
from casino.ui.scenes.options import SettingsScene
from casino.ui.scenes.records import HallOfFameScene, StatisticsScene
from casino.ui.scenes.review import ReviewScene
from casino.ui.scenes.table import KEYS_HELP, TableScene
from casino.ui.scenes.title import TitleScene
from casino.ui.scenes.tutorial import TutorialScene
from casino.ui.words import SYMBOL_CARD, card_text, cited, decimal, move_text, reason_text
from tests.ui.driver import centre, click, key, steps, top_name
from tests.ui.helpers import finished_game, keep_shot, make_app, table_at
from tests.ui.test_network import wait_for
from tests.ui.test_own_rulesets import own_ruleset

KASINO_TABLE = ("0;1;4S 8H 2C 9H/5D 6D 7D 8D;4H KS [b8 5S 3D @1] [b9x2 5C 4C 9C @0] 7C AD;"
                "AH 2H 3H/QD QC JH;*;1/0;1;00;2")
"""Kasino mid-round: a single and a double build, a sweep already made."""
CHOICE = ("0;1;4S 8H 2C 9H/5D 6D 7D 8D;4H KS [b9x2 5C 4C 9C @1] 7C AD;"
          "AH 2H 3H 5S 3D/QD QC JH;*;1/0;1;00;2")
"""Kasino: the 4 of Spades onto the 4 of Hearts takes it or builds 8."""
LAST_PLAY = "0;1;5S/-;5H 4D;*/-;-;0/0;1;00;6"
"""Kasino's last play of a round: the 5 of Spades sweeps, the round is scored."""


def bracket(message: str) -> str:
    """Each word of ``message`` in brackets, so every line of a wrapped message shows them."""
    return re.sub(r"\S+", lambda m: f"[{m.group(0)}]", message)


class Brackets(gettext.NullTranslations):
    """The pseudo-locale: every word of every message comes back in brackets."""

    def gettext(self, message: str) -> str:
        return bracket(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return bracket(msgid1 if n == 1 else msgid2)


CLOSE: list[Callable[[], None]] = []
"""What a scene's visit opened (a host on 127.0.0.1, its connection), closed after the test."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")
    while CLOSE:
        CLOSE.pop()()


def app_in(language: str) -> App:
    app = make_app(size=(1024, 640), language=language, player_name=PLAYER)
    app.stack.push(TitleScene(app))
    steps(app)
    return app


def show(app: App, scene: object) -> None:
    app.stack.push(scene)  # type: ignore[arg-type]
    steps(app)


def kasino_table(app: App) -> TableScene:
    return table_at(app, "kasino", KASINO_TABLE)


def visit_title(app: App) -> None:
    app.stack.replace(TitleScene(app))
    steps(app)


def visit_title_four(app: App) -> None:
    """Kasino for four, each alone: the opponents row and three computer levels."""
    app.change_settings(ruleset="kasino", opponents=3, teams=False)
    visit_title(app)


def visit_title_yours(app: App) -> None:
    """A player's own ruleset chosen: marked as theirs, its file named."""
    own_ruleset(Path(os.environ["CASINO_HOME"]))
    app.change_settings(ruleset="mine")
    visit_title(app)


def visit_settings(app: App) -> None:
    show(app, SettingsScene(app))


def visit_table(app: App) -> None:
    scene = kasino_table(app)
    click(centre(scene.item_boxes()[0]))  # 4H selected: the status line says what next
    steps(app)


def visit_choice(app: App) -> None:
    scene = table_at(app, "kasino", CHOICE)
    click(centre(scene.item_boxes()[0]))  # 4H
    steps(app)
    key(pygame.K_1)  # 4S: take the 4H, or build 8 on it?
    steps(app)
    assert top_name(app) == "ChoiceScene"


def visit_summary(app: App) -> None:
    scene = table_at(app, "kasino", LAST_PLAY)
    scene.perform(legal_moves(scene.session.view())[0])
    for _ in range(40):
        steps(app)
        if top_name(app) == "SummaryScene":
            break
    assert top_name(app) == "SummaryScene"


def visit_help(app: App) -> None:
    page = rules_page(app, load_ruleset("kasino"))
    show(app, page)
    for page_key in (pygame.K_PAGEDOWN,) * 12 + (pygame.K_PAGEUP,) * 12:
        key(page_key)  # down to the end, so every paragraph is drawn once, and back up
        steps(app, 1)


def visit_menu(app: App) -> None:
    scene = kasino_table(app)
    show(app, MenuScene(app, scene))


def visit_keys(app: App) -> None:
    kasino_table(app)
    show(app, KeysScene(app, KEYS_HELP))


def visit_records(app: App) -> None:
    show(app, HallOfFameScene(app))
    app.stack.pop()
    show(app, StatisticsScene(app))


def visit_tutorial(app: App) -> None:
    app.stack.replace(TutorialScene(app))
    steps(app)


def visit_network(app: App) -> None:
    scene = NetworkScene(app)
    show(app, scene)
    scene.row = len(scene.rows()) - 1  # the join code typed: the address's example shown


def visit_lobby(app: App) -> None:
    """The host's lobby: the join code, one seat taken, one open."""
    scene = NetworkScene(app)
    show(app, scene)
    scene.host(port=0, bind="127.0.0.1")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.local is not None
    CLOSE.extend((lobby.local.close, lobby.remote.close))
    wait_for(app, lambda: lobby.remote.seats is not None)


def passplay_title(app: App) -> TitleScene:
    """Kasino for three: seat 2 another person at this screen, seat 3 a computer."""
    app.change_settings(ruleset="kasino", opponents=2, difficulties=("person", "expert", "expert"),
                        seat_names=(PLAYER, "", ""))  # "Ada 2"
    title = TitleScene(app)
    app.stack.replace(title)
    steps(app)
    return title


def visit_passplay_setup(app: App) -> None:
    """The second person's name is being typed on their seat's row."""
    title = passplay_title(app)
    title.row = 3
    steps(app)


def visit_passplay_cover(app: App) -> None:
    passplay_title(app)
    app.new_game()
    steps(app)
    assert top_name(app) == "CoverScene"


def visit_passplay_table(app: App) -> None:
    """The first person has the screen, after the others' moves (shown in words)."""
    visit_passplay_cover(app)
    click((10, 10))
    steps(app)
    assert top_name(app) == "TableScene"


def visit_refused(app: App) -> None:
    """A real illegal move: the 2 of Clubs onto the King of Spades (no 15 in Kasino)."""
    scene = kasino_table(app)
    click(centre(scene.item_boxes()[1]))  # KS
    steps(app)
    key(pygame.K_3)  # 2C
    steps(app)
    assert scene.message_kind == "error" and scene.message


def visit_hint(app: App) -> None:
    """The hint worked out by the Hard level's search, with its reason."""
    scene = kasino_table(app)
    key(pygame.K_h)
    deadline = time.monotonic() + 30
    while scene.hint is None and time.monotonic() < deadline:
        steps(app, 1)
        time.sleep(0.01)
    assert scene.hint is not None and scene.message_kind == "hint"


def visit_host_refused(app: App) -> None:
    """A move the host refuses (another's turn, or a step gone by), shown in the window."""
    local = LocalHost(Table(load_ruleset("kasino"), [SeatSpec(kind="person")] * 2), port=0,
                      bind="127.0.0.1")
    ada = Remote(f"127.0.0.1:{local.port}", local.code, PLAYER)
    CLOSE.extend((local.close, ada.close))
    from casino.ui.scenes.network import LobbyScene as Lobby

    show(app, Lobby(app, ada, local))
    wait_for(app, lambda: ada.welcome is not None)
    ben = Remote(f"127.0.0.1:{local.port}", local.code, OTHER)
    CLOSE.append(ben.close)
    wait_for(app, lambda: top_name(app) == "TableScene" and ada.state is not None)
    table = app.stack.top
    assert isinstance(table, TableScene)
    state = ada.state
    assert state is not None
    view = table.view()
    mine = view.to_move == view.player
    move = format_move(legal_moves(view)[0]) if mine else f"{view.hand[0]} t"
    ada.send_move(state.step + 1 if mine else state.step, move)  # out of step, or of turn
    wait_for(app, lambda: bool(table.message))


def visit_game_over(app: App) -> None:
    app.stack.replace(GameOverScene(app, finished_game(app)))
    steps(app)


def visit_review(app: App) -> None:
    """The review of a finished game at its first mistake, the expert's verdict drawn."""
    session = finished_game(app)
    record = Records.open().value.game_record(session.record_id)  # type: ignore[arg-type]
    assert record is not None
    review = ReviewScene(app, record)
    app.stack.replace(review)
    deadline = time.monotonic() + 60
    while len(review.verdicts) < 2 and time.monotonic() < deadline:
        steps(app, 1)
        time.sleep(0.01)
    key(pygame.K_m)  # the first mistake: the expert's verdict in words
    steps(app)


def saved_game(app: App) -> None:
    """A game with a move played (so saved), then the title as at the next launch."""
    app.new_game()
    table = app.stack.top
    assert isinstance(table, TableScene)
    table.session.play(legal_moves(table.session.game.round)[0])
    app.show_title()
    steps(app)


def visit_resume(app: App) -> None:
    saved_game(app)
    assert top_name(app) == "ResumeScene"


def visit_confirm(app: App) -> None:
    """'Replace your saved game?': the resume offer left, then Play on the title."""
    saved_game(app)
    app.stack.pop()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.on_action("play")
    steps(app)
    assert top_name(app) == "ConfirmScene"


SCENES: dict[str, Callable[[App], None]] = {
    "title": visit_title, "title_four": visit_title_four, "title_yours": visit_title_yours,
    "settings": visit_settings, "table": visit_table,
    "choice": visit_choice, "summary": visit_summary, "kasino_help": visit_help,
    "menu": visit_menu, "keys": visit_keys, "records": visit_records,
    "tutorial": visit_tutorial, "network": visit_network, "lobby": visit_lobby,
    "passplay_setup": visit_passplay_setup, "passplay_cover": visit_passplay_cover,
    "passplay_table": visit_passplay_table, "refused": visit_refused, "hint": visit_hint,
    "host_refused": visit_host_refused, "game_over": visit_game_over, "review": visit_review,
    "resume": visit_resume, "confirm": visit_confirm,
}

WORD = re.compile(r"Ctrl\+Z|F\d+|[^\W\d_]+(?:'[^\W\d_]+)*")
"""A word as the check reads it (key names whole: 'Ctrl+Z', 'F11')."""
PLAYER = "Ada"
OTHER = "Ben"
"""The other person at a network table."""
NOT_MESSAGES = {PLAYER, OTHER, "English", "Svenska", "H", "U", "Ctrl+Z", "F11", "#", "v"}
"""Drawn as they are in every language: the players' names, the languages' own names, key
caps, '#'."""


RANK_TAG = re.compile(r"\((?:Kn|[AJQKED])\)")
"""A build's taker in its tag, a rank letter: '14 (A)', in Swedish '14 (E)'."""


def unbracketed(text: str, vocabulary: set[str]) -> str:
    """What is left of a drawn text that did not come from the catalogue."""
    previous = None
    while previous != text:  # messages inside messages: "[[Play]]", "[Lesson [1]]"
        previous, text = text, re.sub(r"\[[^\[\]]*(\]|\u2026$)", " ", text)  # or cut short
    text = SYMBOL_CARD.sub(" ", text)
    text = RANK_TAG.sub(" ", text)
    return " ".join(w for w in WORD.findall(text) if w not in NOT_MESSAGES | vocabulary)


def source_notes() -> set[str]:
    """The words of the rulesets' source notes ("About these rules"), kept in English as the
    rules' authors wrote them: not player-facing help, so not in the catalogue."""
    words: set[str] = set()
    for name in ("kasino", "classic"):
        ruleset = load_ruleset(name)
        for text in (ruleset.source, *ruleset.interpretations):
            words.update(WORD.findall(cited(text)))  # as the page draws them
    return words


@pytest.mark.parametrize("name", list(SCENES))
def test_every_drawn_word_comes_from_the_catalogue(name: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_in("en")
    i18n.use(Brackets())
    drawn: list[str] = []
    render = scene_module._render

    def spy(text: str, *args: object) -> pygame.Surface:
        drawn.append(text)
        return render(text, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(scene_module, "_render", spy)
    scene_module._text_image.cache_clear()
    SCENES[name](app)
    app.draw()
    assert drawn, "nothing was drawn"
    notes = source_notes() if name == "kasino_help" else set()
    left = {t: rest for t in drawn if (rest := unbracketed(t, notes))}
    assert not left, f"{name}: drawn without the catalogue: {left}"


def test_the_brackets_catch_a_plain_string() -> None:
    """The check itself: an English word outside brackets is found, chips and numbers not."""
    assert unbracketed("[Play] now", set()) == "now"
    assert unbracketed("[[Round] [{n}]] 3 \u2013 5  10\u2666 Kn\u2663 Ctrl+Z", set()) == ""
    assert unbracketed("[You]: [take 5\u2660 with 5\u2665]", set()) == ""
    assert unbracketed("14 (A) \u00d72", set()) == "" and unbracketed("(Ace)", set()) == "Ace"


@pytest.mark.parametrize("name", list(SCENES))
def test_swedish_scenes_fit_their_boxes(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = app_in("sv")
    cut: list[str] = []
    fitted = scene_module.text_image

    def spy(text: str, size: int, colour: tuple[int, int, int], bold: bool,
            max_width: int | None, cards: bool = True) -> pygame.Surface:
        image = fitted(text, size, colour, bold, max_width, cards)
        if max_width and scene_module.text_width(text, size, bold, cards) * 0.8 > max_width:
            cut.append(text)  # text_image cuts it short with an ellipsis
        return image

    monkeypatch.setattr(scene_module, "text_image", spy)
    SCENES[name](app)
    app.draw()
    keep_shot(app.screen, f"sv_{name}")
    assert not cut, f"{name}: Swedish text cut short: {cut}"


def english_only_words() -> set[str]:
    """Words of the catalogue's English messages that no Swedish translation uses ('take',
    'cannot', 'build'...), lower case; ``{fields}`` left out."""
    catalogue = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=["sv"])
    english: set[str] = set()
    swedish: set[str] = set()
    for msgid, text in catalogue._catalog.items():  # type: ignore[attr-defined]
        message = msgid[0] if isinstance(msgid, tuple) else msgid
        english.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", message)))
        swedish.update(w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text)))
    return english - swedish


@pytest.mark.parametrize(("name", "start"), [("refused", "Inte tillåtet: "),
                                              ("hint", "Tips: "), ("host_refused", "")])
def test_refusals_and_hints_are_said_in_swedish(name: str, start: str) -> None:
    """A real illegal move, a real hint and a real refusal from a host on 127.0.0.1 are said
    in Swedish, with no English word in the line (issue 18: they were English sentences)."""
    app = app_in("sv")
    SCENES[name](app)
    message = app.stack.top.message  # type: ignore[attr-defined]
    assert message.startswith(start) and len(message) > len(start) + 10, message
    words = WORD.findall(SYMBOL_CARD.sub(" ", message))  # cards apart: 'E♦' is Swedish
    english = {w for w in words if w.lower() in english_only_words()}
    assert not english, f"{name}: English in the Swedish window: {english} in {message!r}"


def test_the_english_check_finds_english() -> None:
    words = english_only_words()
    assert {"cannot", "take", "build", "turn"} <= words and not {"ta", "in", "bygge"} & words


def test_swedish_card_letters_and_kasino_words() -> None:
    from casino.engine import Card
    from casino.engine.notation import parse_move, parse_position

    i18n.set_language("sv")
    assert [card_text(Card.parse(c)) for c in ("AS", "KH", "QD", "JC", "10D")] == \
        ["E\u2660", "K\u2665", "D\u2666", "Kn\u2663", "10\u2666"]
    assert SYMBOL_CARD.fullmatch("Kn\u2663") and SYMBOL_CARD.fullmatch("E\u2660")
    assert decimal(5.66) == "5,7"  # the review's costs, points a round: a decimal comma
    kasino = load_ruleset("kasino")
    state = parse_position(kasino, "0;1;8C 8H 3S QS/QH 3C;[b8 5H 3D @0] JD 4S;*/-")
    assert move_text(parse_move(state, "8C b8x2 [5H 3D]"), kasino) == \
        "bygg mera 8: 8\u2663 p\u00e5 bygget 8 (5\u2665 3\u2666)"
    assert move_text(parse_move(state, "QS x JD"), kasino).startswith("ta in")
    assert move_text(parse_move(state, "3S t"), kasino) == "l\u00e4gg ut 3\u2660"
    help_text = i18n._(kasino.help)
    for word in ("Bygg", "Bygg mera", "sopning", "Poäng:"):
        assert word in help_text


def test_the_language_setting_switches_the_window_at_once() -> None:
    app = app_in("en")
    assert app.settings.language == "en"
    app.change_settings(language="sv")
    assert i18n.language() == "sv" and i18n._("Play") == "Spela"
    title = app.stack.top
    assert isinstance(title, TitleScene)
    drawn: list[str] = []
    render = scene_module._render
    scene_module._text_image.cache_clear()
    try:
        scene_module._render = lambda text, *a: (drawn.append(text), render(text, *a))[1]  # type: ignore[assignment]
        app.draw()
    finally:
        scene_module._render = render
    assert "Spela" in drawn and "Play" not in drawn


DAMAGED = {
    "settings": (SETTINGS_FILE, b"language = \"sv\"\nsound = [oops\n"),
    "save": (SAVE_FILE, b'{"ruleset": "kasino", "seed": '),
    "both": (SETTINGS_FILE, b"\xff\xfe not text"),
    "values": (SETTINGS_FILE, b'language = "sv"\nspeed = 12\nanimation = "maybe"\n'
                              b'first_dealer = "me?"\ncolour = "red"\n'),
}
"""A file under CASINO_HOME as a crash or a hand edit leaves it."""
KEYS = frozenset({*Settings.model_fields, "colour"})
"""The settings file's keys, named as they are in the file."""


def english_outside_data(message: str, where: str, keys: frozenset[str] = frozenset()
                         ) -> set[str]:
    """The English-only words of a message once its data is taken out: the paths or
    addresses starting with ``where``, the file's own ``keys`` (field names) and the
    parser's detail in parentheses (quoted as the parser said it)."""
    text = re.sub(re.escape(where) + r"\S*", " ", message)
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\([^()]*\)", " ", text)
    text = re.sub(r"'[^']*'", " ", text)  # quoted values
    for name in sorted(keys, key=len, reverse=True):
        text = text.replace(name, " ")
    return {w for w in WORD.findall(text) if w.lower() in english_only_words()}


@pytest.mark.parametrize("damaged", list(DAMAGED))
def test_notices_about_damaged_files_are_said_in_swedish(
        damaged: str, casino_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged settings file or save, the window launched on a Swedish system: the notice
    it draws is Swedish around the file names (issue 18: these notices were English)."""
    monkeypatch.setenv("LC_ALL", "sv_SE.UTF-8")  # a damaged settings file keeps no language
    name, data = DAMAGED[damaged]
    (casino_home / name).write_bytes(data)
    if damaged == "both":
        (casino_home / SAVE_FILE).write_bytes(b"[1, 2")
    app = launch(parse_args(["--size", "1024x640"]))
    assert not isinstance(app, int)
    steps(app)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene), top_name(app)
    assert i18n.language() == "sv" and len(notice.messages) >= 2, notice.messages
    assert any(".broken-" in m for m in notice.messages)  # the file kept aside is named
    for message in notice.messages:
        english = english_outside_data(message, str(casino_home), KEYS)
        assert not english, f"English in the Swedish window: {english} in {message!r}"
    app.draw()
    keep_shot(app.screen, f"sv_notice_{damaged}")


def welcome_then(text: str) -> tuple[str, Callable[[], None]]:
    """A server on 127.0.0.1 that seats whoever says hello (with a real host's welcome) and
    then sends ``text``; its address and how to stop it."""
    from websockets.sync.client import connect
    from websockets.sync.server import ServerConnection, serve

    from casino.net.protocol import Hello, encode

    local = LocalHost(Table(load_ruleset("kasino"), [SeatSpec(kind="person")] * 2), port=0,
                      bind="127.0.0.1")
    with connect(f"ws://127.0.0.1:{local.port}", proxy=None) as ws:
        ws.send(encode(Hello(type="hello", version=i18n_protocol(), app="test",
                             code=local.code, name=PLAYER)))
        welcome = str(ws.recv(timeout=20))
    local.close()

    def seat(conn: ServerConnection) -> None:
        conn.recv(timeout=20)
        conn.send(welcome)
        conn.send(text)
        with contextlib.suppress(Exception):
            conn.recv(timeout=20)

    server = serve(seat, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"127.0.0.1:{server.socket.getsockname()[1]}", server.shutdown


def i18n_protocol() -> int:
    from casino.net.protocol import PROTOCOL_VERSION

    return PROTOCOL_VERSION


@pytest.mark.parametrize("trouble", ["other_version", "malformed_frame"])
def test_network_trouble_is_said_in_swedish(trouble: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A host of another protocol version (its answer is plain text, in version 1's shape)
    and a host frame that is not JSON, over real sockets on 127.0.0.1: the lobby says what
    went wrong in Swedish (issue 18: English; the malformed frame was not said at all)."""
    app = app_in("sv")
    if trouble == "other_version":
        import casino.net.remote

        local = LocalHost(Table(load_ruleset("kasino"), [SeatSpec(kind="person")] * 2),
                          port=0, bind="127.0.0.1")
        CLOSE.append(local.close)
        monkeypatch.setattr(casino.net.remote, "PROTOCOL_VERSION", 99)
        address, code = f"127.0.0.1:{local.port}", local.code
    else:
        address, stop = welcome_then("{not json")
        CLOSE.append(stop)
        code = "ANY"
    remote = Remote(address, code, PLAYER)
    CLOSE.append(remote.close)
    show(app, LobbyScene(app, remote, None))
    wait_for(app, lambda: remote.problem is not None, timeout=15)
    assert remote.problem is not None
    said = reason_text(remote.problem)
    assert ("versioner" if trouble == "other_version" else "oläsligt meddelande") in said, said
    english = english_outside_data(said, address)
    assert not english, f"English in the Swedish window: {english} in {said!r}"
    app.draw()
    keep_shot(app.screen, f"sv_network_{trouble}")


def test_swedish_percent_has_a_non_breaking_space() -> None:
    """'73 %' in Swedish (a non-breaking space, so a line never breaks before the sign),
    '73%' in English: the hint's chance of a sweep and the records' win rates."""
    from casino.engine.wording import Reason
    from casino.ui.scene import wrap
    from casino.ui.words import percent

    app_in("en")  # fonts for the wrapping
    risk = Reason(" but your opponent may sweep ({chance:.0%})", chance=0.73)
    assert (percent(0.73), reason_text(risk), str(risk)) == \
        ("73%", " but your opponent may sweep (73%)", " but your opponent may sweep (73%)")
    i18n.set_language("sv")
    assert percent(0.73) == "73\u00a0%" and str(risk).endswith("(73%)")
    said = reason_text(risk)
    assert said == " men motståndaren kan få en sopning (73\u00a0%)", said
    lines = wrap("x" * 30 + said, 16, 330)
    assert len(lines) > 1 and not any(line.startswith("%") for line in lines), lines
    assert "(73\u00a0%)" in " ".join(lines)
