"""What puzzled a newcomer playing under Xvfb (issue 17, play 30), one test each."""

from __future__ import annotations

from casino.net.discovery import FoundTable
from casino.ui.scenes.network import NetworkScene, found_line
from tests.ui.driver import centre, click, steps
from tests.ui.helpers import make_app, shot

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


def test_a_found_table_is_drawn_at_800x600() -> None:
    app = make_app(size=(800, 600))
    scene = NetworkScene(app)
    app.stack.push(scene)
    scene.found = [FOUND]
    steps(app)
    shot(app, "network-found-800")
