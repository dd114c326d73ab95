"""docs/RULES.md, the rule book: every bundled ruleset has its section, every citation of a
section resolves, and nothing in the repository points at rule texts outside it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from casino.engine import load_ruleset
from casino.engine.cards import parse_cards
from casino.engine.ruleset import bundled_names
from casino.engine.state import Pile, PileKind
from casino.ui.render import tag_text

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "docs" / "RULES.md"
CITING = [ROOT / "casino", ROOT / "tests", ROOT / "docs", ROOT / "README.md"]


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors() -> set[str]:
    return {_slug(m.group(1)) for m in re.finditer(r"^#{1,4} (.+)$", BOOK.read_text(), re.M)}


def _texts() -> list[tuple[Path, str]]:
    out = []
    for top in CITING:
        files = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in files:
            if path.suffix in {".py", ".md", ".toml", ".positions"} and path.is_file() \
                    and path != Path(__file__).resolve():
                out.append((path, path.read_text(encoding="utf-8")))
    return out


def test_the_slug_is_githubs() -> None:
    assert _slug("Kasino: decisions") == "kasino-decisions"
    assert _slug("Common: sweeps and the round's end") == "common-sweeps-and-the-rounds-end"
    assert _slug("Casino 33: Further Stack") == "casino-33-further-stack"


def test_every_bundled_ruleset_has_its_section() -> None:
    text = BOOK.read_text()
    for name in bundled_names():
        assert f"Ruleset `{name}`" in text, f"docs/RULES.md has no section for {name}"


def test_every_cited_section_exists() -> None:
    anchors = _anchors()
    cited = []
    for path, text in _texts():
        for m in re.finditer(r"RULES\.md#([\w\-]+)", text):
            cited.append((path.relative_to(ROOT), m.group(1)))
        if path == BOOK:
            cited += [(path.relative_to(ROOT), a) for a in re.findall(r"\]\(#([\w\-]+)\)", text)]
    assert cited, "nothing cites the rule book"
    missing = [(str(p), a) for p, a in cited if a not in anchors]
    assert not missing, f"citations of sections docs/RULES.md does not have: {missing}"


def test_nothing_points_outside_the_repository() -> None:
    # The rule texts we worked from are not in the repository: cite docs/RULES.md instead.
    bad = []
    for path, text in _texts():
        for k, line in enumerate(text.splitlines(), 1):
            if re.search(r"shared/|/work/|seeds/", line) or re.search(
                    r"(?<!docs/)(?<![\w/])RULES\.md", line):
                bad.append(f"{path.relative_to(ROOT)}:{k}: {line.strip()}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("sets", [2, 3])
def test_kasino_interpretation_names_the_tag_the_table_draws(sets: int) -> None:
    # docs/RULES.md#kasino-decisions (K7): the text says how the table tags a double build
    rs = load_ruleset("kasino")
    cards = parse_cards("5H 4D 9S 6C 3C")[: 2 + sets - 1]
    pile = Pile(PileKind.BUILD, 9, cards, 0, sets)
    tag = tag_text(rs, pile)
    assert tag == f"9 \u00d7{sets}"
    if sets == 2:
        assert any(f"'{tag}'" in line for line in rs.interpretations)
    assert "*x*" not in " ".join(rs.interpretations).replace("writes *x*", "")


def test_tests_the_book_names_exist() -> None:
    # The decisions name the tests that pin them; a renamed test must be renamed here too.
    named = set(re.findall(r"`(?:[\w/.]+::)?(test_\w+)`", BOOK.read_text()))
    defined = {m for path in (ROOT / "tests").rglob("test_*.py")
               for m in re.findall(r"^def (test_\w+)", path.read_text(), re.M)}
    assert named, "the book names no tests"
    assert not named - defined, f"docs/RULES.md names tests that do not exist: {named - defined}"
