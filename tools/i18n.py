"""Extract, update and compile the window's translations in one go (needs the dev extras).

    python tools/i18n.py

1. extract: every ``_()``, ``N_()`` and ``ngettext()`` string in ``casino/ui``,
   ``casino/tutorial.py`` and ``casino/i18n.py``; every ``Reason("...")`` message (the
   engine's refusals, the hint's reasons, the host's refusals: ``casino/engine``,
   ``casino/ai``, ``casino/net``); every ``Said("...")`` notice about the game's files
   (``casino/persistence``); and the title, description, help and examples' texts of each
   bundled ruleset, into ``casino/locale/casino.pot``;
2. update: merge the template into each ``casino/locale/<lang>/LC_MESSAGES/casino.po``
   (new strings arrive untranslated, changed ones marked fuzzy);
3. compile: write ``casino.mo`` beside each ``.po`` (committed: the game loads it with the
   standard library's ``gettext``). Untranslated or fuzzy entries are listed; the tests fail
   on them.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "casino"
LOCALE = PACKAGE / "locale"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "Reason": None, "Said": None}
SOURCES = ("ui/**/*.py", "tutorial.py", "i18n.py", "engine/*.py", "ai/*.py", "net/*.py",
           "persistence/*.py")
RULESET_FIELDS = ("title", "description", "help")


def ruleset_text(text: str) -> str:
    """A ruleset's text as the game shows it (kept exactly, so the lookup matches)."""
    return text


def template() -> Catalog:
    catalog = Catalog(project="casino", domain="casino", charset="utf-8")
    for pattern in SOURCES:
        for path in sorted(PACKAGE.glob(pattern)):
            where = str(path.relative_to(ROOT))
            with path.open("rb") as handle:
                for line, message, comments, _context in extract(
                        "python", handle, KEYWORDS, comment_tags=("TRANSLATORS:",)):
                    catalog.add(message, None, [(where, line)], auto_comments=comments)
    for path in sorted((PACKAGE / "rulesets").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for field in RULESET_FIELDS:
            if isinstance(data.get(field), str) and data[field].strip():
                catalog.add(ruleset_text(data[field]), None,
                            [(str(path.relative_to(ROOT)), 0)], auto_comments=[field])
        for example in data.get("examples", []):
            catalog.add(example["text"], None, [(str(path.relative_to(ROOT)), 0)],
                        auto_comments=["example: " + example["move"]])
    return catalog


def main() -> int:
    pot = template()
    with (LOCALE / "casino.pot").open("wb") as handle:
        write_po(handle, pot, width=100, omit_header=False)
    problems = 0
    for po_path in sorted(LOCALE.glob("*/LC_MESSAGES/casino.po")):
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale=po_path.parts[-3])
        catalog.update(pot, no_fuzzy_matching=True)
        with po_path.open("wb") as handle:
            write_po(handle, catalog, width=100, ignore_obsolete=True)
        with po_path.with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        for message in catalog:
            if message.id and (message.fuzzy or not all(
                    message.string if isinstance(message.string, tuple)
                    else (message.string,))):
                problems += 1
                print(f"{po_path.relative_to(ROOT)}: untranslated: {message.id!r}")
    print(f"{len(pot)} strings; {problems} untranslated")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
