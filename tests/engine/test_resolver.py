"""The one ruleset resolver (issue 18): names, folders, files, and what it refuses — on real
files in temporary folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from casino.engine import RulesetError, load_ruleset
from casino.engine.ruleset import (
    MAX_RULESET_BYTES,
    bundled_names,
    list_rulesets,
    ruleset_problems,
)

HOUSE = ('base = "classic"\ntitle = "House rules"\ndescription = "Ours."\nsource = "us"\n'
         "[scoring]\nsweep = {sweep}\n")


def write(folder: Path, name: str, text: str | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_a_name_is_found_bundled_then_in_the_players_folder(tmp_path: Path) -> None:
    folder = tmp_path / "rulesets"
    write(folder, "house", HOUSE.format(sweep=2))
    house = load_ruleset("house", (folder,))
    assert house.name == "house" and house.ref == "house" and house.scoring.sweep == 2
    assert load_ruleset("classic", (folder,)).scoring.sweep == 0
    with pytest.raises(RulesetError, match=r"unknown ruleset 'house'.*your own go in"):
        load_ruleset("house", (tmp_path / "elsewhere",))


def test_the_cache_is_keyed_by_the_folders_searched(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    write(one, "house", HOUSE.format(sweep=1))
    write(two, "house", HOUSE.format(sweep=3))
    assert load_ruleset("house", (one,)).scoring.sweep == 1
    assert load_ruleset("house", (two,)).scoring.sweep == 3
    assert load_ruleset("house", (two, one)).scoring.sweep == 3


def test_an_edited_file_is_read_again(tmp_path: Path) -> None:
    path = write(tmp_path, "house", HOUSE.format(sweep=1))
    before = load_ruleset("house", (tmp_path,))
    path.write_text(HOUSE.format(sweep=2) + "# longer now\n", encoding="utf-8")
    after = load_ruleset("house", (tmp_path,))
    assert (before.scoring.sweep, after.scoring.sweep) == (1, 2)
    assert before.digest != after.digest


def test_the_fingerprint_ignores_comments_and_key_order(tmp_path: Path) -> None:
    a = write(tmp_path / "a", "house", HOUSE.format(sweep=1))
    b = write(tmp_path / "b", "house", "# the same rules\n" + "\n".join(
        reversed(HOUSE.format(sweep=1).split("\n[scoring]\n")[0].splitlines()))
        + "\n[scoring]\nsweep = 1\n")
    assert load_ruleset(a).digest == load_ruleset(b).digest


def test_a_file_path_is_read_as_it_is_and_keeps_its_path_as_ref(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "mine", HOUSE.format(sweep=2))
    monkeypatch.chdir(tmp_path)
    mine = load_ruleset("./mine.toml")
    assert mine.name == "mine" and mine.ref == str(path)
    assert load_ruleset(str(path)).ref == str(path)
    # the same file found through the player's folder is known by its name
    assert load_ruleset(path, (tmp_path,)).ref == "mine"
    # a file called classic.toml is not the bundled classic
    classic = write(tmp_path, "classic", HOUSE.format(sweep=2))
    assert load_ruleset(classic).ref == str(classic)


@pytest.mark.parametrize("name", ["../classic", "a/b", "..", "a\\b", ".hidden", "x" * 65,
                                  "bell\x07"])
def test_names_are_names(tmp_path: Path, name: str) -> None:
    write(tmp_path / "rulesets", "classic-too", HOUSE.format(sweep=1))
    with pytest.raises(RulesetError, match="ruleset"):
        load_ruleset(name, (tmp_path / "rulesets",))
    if name.isprintable():
        path = write(tmp_path, "mine", HOUSE.replace('"classic"', f"'{name}'").format(sweep=1))
        [problem] = ruleset_problems(path, (tmp_path / "rulesets",))
        assert problem.startswith(f"{path}: field base: ")


def test_base_may_name_a_players_ruleset_and_a_loop_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "house", HOUSE.format(sweep=2))
    write(tmp_path, "house-plus", 'base = "house"\n[game]\ntarget = 31\n')
    plus = load_ruleset("house-plus", (tmp_path,))
    assert (plus.name, plus.scoring.sweep, plus.game.target) == ("house-plus", 2, 31)
    write(tmp_path, "ping", 'base = "pong"\n')
    write(tmp_path, "pong", 'base = "ping"\n')
    with pytest.raises(RulesetError, match="field base: 'ping' leads back to itself"):
        load_ruleset("ping", (tmp_path,))


def test_a_ruleset_is_known_by_its_file_name(tmp_path: Path) -> None:
    """A copy of classic.toml kept its ``name = "classic"``: its saves would have resumed
    as the bundled classic. The name is the file's; a different one is reported."""
    copy = write(tmp_path, "mine", (Path(__file__).parents[2] / "casino" / "rulesets" /
                                    "classic.toml").read_text(encoding="utf-8"))
    [problem] = ruleset_problems(copy)
    assert "field name: 'classic' is not the file's name 'mine'" in problem
    assert load_ruleset(write(tmp_path, "house", HOUSE.format(sweep=1))).name == "house"


def test_a_file_over_256_kb_is_refused_before_parsing(tmp_path: Path) -> None:
    path = write(tmp_path, "big", b"name = [" * (MAX_RULESET_BYTES // 8 + 1))  # not TOML
    with pytest.raises(RulesetError, match=r"big.toml: 262,152 bytes; a ruleset file has at "
                                           r"most 262,144 \(256 KB\)"):
        load_ruleset(path)


def test_broken_files_are_named_and_never_stop_the_others(tmp_path: Path) -> None:
    write(tmp_path, "good", HOUSE.format(sweep=1))
    write(tmp_path, "latin", HOUSE.format(sweep=1).replace("Ours.", "Våra.").encode("latin-1"))
    write(tmp_path, "deep", "a = " + "[" * 5000 + "]" * 5000 + "\n")
    write(tmp_path, "nested", "a = " + "[" * 20 + "]" * 20 + "\n")
    write(tmp_path, "digits", "a = " + "7" * 5000 + "\n")
    write(tmp_path, "big", b"#" * (MAX_RULESET_BYTES + 1))
    write(tmp_path, "classic", HOUSE.format(sweep=1))
    (tmp_path / "folder.toml").mkdir()
    os.mkfifo(tmp_path / "pipe.toml")
    everything = list_rulesets((tmp_path,))
    assert [i.name for i in everything if i.origin == "bundled"] == bundled_names()
    listed = {item.name: item for item in everything if item.origin == "yours"}
    good = listed["good"]
    assert good.origin == "yours" and good.ruleset is not None and good.problem is None
    problems = {n: i.problem for n, i in listed.items() if i.ruleset is None}
    assert set(problems) == {"latin", "deep", "nested", "digits", "big", "folder", "pipe",
                             "classic"}
    for name, problem in problems.items():
        assert problem is not None and f"{name}.toml" in problem and len(problem) < 400
    assert "not UTF-8" in str(problems["latin"])
    assert "nested" in str(problems["deep"]) and "nested" in str(problems["nested"])
    assert "not used" in str(problems["classic"])  # the player's classic.toml is not used


def test_a_players_file_named_like_a_bundled_one_is_listed_as_not_used(tmp_path: Path) -> None:
    write(tmp_path, "royal", HOUSE.format(sweep=1))
    [mine] = [i for i in list_rulesets((tmp_path,)) if i.origin == "yours"]
    assert mine.ruleset is None and "not used: a bundled ruleset has the name 'royal'" in str(
        mine.problem)
