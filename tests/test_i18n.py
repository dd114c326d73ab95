"""The Swedish catalogue is complete and compiled: every message the source marks and every
ruleset text has a translation, and the shipped ``casino.mo`` says what ``casino.po`` says.

Read with the standard library only (CI installs no Babel); ``python tools/i18n.py`` is what
brings the files up to date.
"""

from __future__ import annotations

import ast
import gettext
import tomllib
from pathlib import Path

import pytest

from casino import i18n

PACKAGE = Path(i18n.__file__).parent
PO = PACKAGE / "locale" / "sv" / "LC_MESSAGES" / "casino.po"
MO = PO.with_suffix(".mo")


def read_po(path: Path) -> dict[str, tuple[list[str], bool]]:
    """msgid -> (its msgstr forms, fuzzy); the header and obsolete entries left out."""
    entries: dict[str, tuple[list[str], bool]] = {}
    fields: dict[str, str] = {}
    current = ""
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        if fields.get("msgid"):
            forms = [v for k, v in sorted(fields.items()) if k.startswith("msgstr")]
            entries[fields["msgid"]] = (forms, fuzzy)
        fields.clear()
        fuzzy = False

    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            flush()
        elif line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            fields[current] += ast.literal_eval(line)
        else:
            current, _, value = line.partition(" ")
            fields[current] = ast.literal_eval(value)
    return entries


def marked_messages() -> set[str]:
    """Every literal the UI passes to _(), N_() or ngettext(), every Reason message (the
    engine's, the AI's and the host's reasons), and each ruleset's texts."""
    found: set[str] = set()
    sources = [*PACKAGE.glob("ui/**/*.py"), PACKAGE / "tutorial.py", *PACKAGE.glob("engine/*.py"),
               *PACKAGE.glob("ai/*.py"), *PACKAGE.glob("net/*.py"),
               *PACKAGE.glob("persistence/*.py")]
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                    node.func.id in ("_", "N_", "ngettext", "Reason", "Said"):
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(first.value)
    for path in (PACKAGE / "rulesets").glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found.update(data[k] for k in ("title", "description", "help") if data.get(k))
    return found


def test_every_entry_is_translated() -> None:
    entries = read_po(PO)
    assert len(entries) > 250
    untranslated = [m for m, (forms, fuzzy) in entries.items() if fuzzy or not all(forms)]
    assert not untranslated, untranslated


def test_every_marked_message_is_in_the_catalogue() -> None:
    missing = marked_messages() - set(read_po(PO))
    assert not missing, f"run python tools/i18n.py and translate: {sorted(missing)}"


def test_the_compiled_catalogue_matches_the_po_file() -> None:
    compiled = gettext.GNUTranslations(MO.open("rb"))
    for message, (forms, _fuzzy) in read_po(PO).items():
        assert compiled.gettext(message) == forms[0], message


def test_language_comes_before_the_locale_as_gettext_reads_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """LANGUAGE=sv under LANG=C.UTF-8 (this machine's) or en_US had stayed English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    for lang, language, expected in (("C.UTF-8", "sv", "sv"), ("en_US.UTF-8", "sv:en", "sv"),
                                     ("sv_SE.UTF-8", "en", "en"), ("C.UTF-8", "", "en"),
                                     ("sv_SE.UTF-8", "", "sv")):
        monkeypatch.setenv("LANG", lang)
        monkeypatch.setenv("LANGUAGE", language)
        assert i18n.system_language() == expected, (lang, language)


def test_swedish_locales_choose_swedish(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    assert i18n.system_language() == "sv"
    try:
        assert i18n.set_language("system") == "sv" and i18n._("Play") == "Spela"
        monkeypatch.setenv("LANG", "de_DE.UTF-8")
        assert i18n.set_language("system") == "en" and i18n._("Play") == "Play"
        assert i18n.set_language("sv") == "sv"
        assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} kort"
    finally:
        i18n.set_language("en")
