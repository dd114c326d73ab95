"""The words of the window in the player's language: English, or Swedish from the bundled
gettext catalogue (``casino/locale/sv/LC_MESSAGES/casino.mo``, made by ``tools/i18n.py``).

Only the standard library's ``gettext`` runs here; Babel is a development tool. Strings are
looked up when drawn, so a change of language shows on the next frame.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
from importlib import resources
from pathlib import Path

DOMAIN = "casino"
LOCALE_DIR = Path(str(resources.files("casino").joinpath("locale")))
LANGUAGES = ("en", "sv")
"""The languages the window speaks; a setting of ``system`` picks one from the locale."""

_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def system_language() -> str:
    """'sv' when the system locale is Swedish (sv, sv_SE, sv_FI ...), else 'en'.

    As gettext reads them: ``LANGUAGE`` (a list, "sv:en") before ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG``; the C locale ("C", "C.UTF-8", "POSIX") names no language.
    (``LANGUAGE=sv`` under ``LANG=C.UTF-8`` had stayed English.)"""
    names = os.environ.get("LANGUAGE", "").split(":")
    names += [os.environ.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):  # an unparsable locale name
        names.append(locale.getlocale()[0] or "")
    first = next((n for n in names if n and n.split(".")[0] not in ("C", "POSIX")), "")
    return "sv" if first.lower().startswith("sv") else "en"


def set_language(setting: str) -> str:
    """Speak ``setting`` ('en', 'sv' or 'system') from now on; returns the language used."""
    global _current, _language
    language = system_language() if setting not in LANGUAGES else setting
    _current = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    _language = language
    return language


def use(translations: gettext.NullTranslations, language: str = "en") -> None:
    """Speak through ``translations`` (a test's pseudo-locale)."""
    global _current, _language
    _current, _language = translations, language


def language() -> str:
    """The language now spoken: 'en' or 'sv'."""
    return _language


def _(message: str) -> str:
    """``message`` in the current language."""
    return _current.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` in the current language."""
    return _current.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue; it is translated later, where it is drawn."""
    return message
