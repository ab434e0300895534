"""Display names other players can trust: printable, one script, and not a copy of someone else's.

A name is what others read in logs, mails and subjects, so it may not carry
invisible or direction-changing characters (a right-to-left override turns
"Ada‮ 2g" into something else on screen), may not mix alphabets (a Cyrillic
"А" in "Аda" impersonates "Ada"), and may not equal another player's name up
to case, spacing, punctuation and compatibility forms (:func:`name_key`).
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 40
# Unicode categories that never belong in a name: controls, format characters (bidi
# overrides, zero-width joiners), private use, surrogates, line and paragraph separators.
_DROPPED = {"Cc", "Cf", "Co", "Cs", "Zl", "Zp"}


class NameRefused(ValueError):
    """A display name that cannot be used; the message says why."""


def clean_name(raw: str) -> str:
    """The name as it will be shown: NFKC, without invisible characters, spaces collapsed.

    Raises :class:`NameRefused` when nothing readable is left, it is too long or it mixes alphabets.
    """
    text = unicodedata.normalize("NFKC", raw or "")
    text = "".join(ch for ch in text if unicodedata.category(ch) not in _DROPPED)
    name = " ".join(text.split())
    if not name:
        return ""
    if len(name) > MAX_NAME:
        raise NameRefused(f"a name has at most {MAX_NAME} characters (yours has {len(name)})")
    if not any(ch.isalnum() for ch in name):
        raise NameRefused("a name needs at least one letter or digit")
    scripts = {_script(ch) for ch in name if ch.isalpha()}
    if len(scripts) > 1:
        raise NameRefused("a name may not mix alphabets (for example Latin and Cyrillic letters): "
                         f"yours has {', '.join(sorted(s.title() for s in scripts))}")
    return name


def name_key(name: str) -> str:
    """What two names must not share: NFKC, case folded, letters and digits only."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(ch for ch in folded if ch.isalnum())


# Scripts written together in one name (Japanese mixes kanji and kana).
_SAME_WRITING = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HALFWIDTH": "CJK", "KATAKANA-HIRAGANA": "CJK"}


def _script(ch: str) -> str:
    # The first word of a letter's Unicode name is its script for every alphabet that matters here
    # ("LATIN SMALL LETTER A", "CYRILLIC CAPITAL LETTER A", "GREEK ...", "CJK UNIFIED IDEOGRAPH-...").
    try:
        word = unicodedata.name(ch).split()[0]
    except ValueError:
        return "UNKNOWN"
    return _SAME_WRITING.get(word, word)


def visible_text(raw: str) -> str:
    """Any text with the invisible and direction-changing characters removed (for names already stored)."""
    text = unicodedata.normalize("NFKC", raw or "")
    return " ".join("".join(ch for ch in text if unicodedata.category(ch) not in _DROPPED).split())
