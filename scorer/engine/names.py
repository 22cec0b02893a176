"""Player names people can tell apart.

A name is compared and shown NFC-normalised and trimmed. Characters that cannot be seen or that
reorder the text around them (control characters, zero-width characters, bidirectional
overrides and isolates, fillers and blanks that render as nothing, non-characters) are
refused: "Ada" and "A\u200bda", or a name that shows as another player's, would otherwise be
two players nobody at the table can tell apart. A name must show something: one of combining
marks only renders blank. The joiner inside an emoji sequence (a family, a flag) is kept: the
sequence renders as one visible sign. Names equal after NFKC and case folding (``ＡＤＡ`` and
``Ada``, ``ﬁ`` and ``fi``) are the same name.
"""

from __future__ import annotations

import unicodedata

#: invisible or reordering characters that are not in the "Cc" (control) category
INVISIBLE = frozenset("\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"
                      "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c\u180e\u00ad"
                      # letters that render blank: Hangul fillers, Braille blank, Khmer vowels
                      # inherent, Mongolian free variation selectors, the combining grapheme joiner
                      "\u3164\u115f\u1160\uffa0\u2800\u17b4\u17b5\u180b\u180c\u180d\u180f\u034f")
REFUSED_CATEGORIES = ("Cc", "Cf", "Co", "Cs")
ZWJ = "\u200d"
#: what may follow a sign inside one emoji: variation selector 16, skin tones
EMOJI_MODIFIERS = frozenset("\ufe0f") | frozenset(chr(code) for code in range(0x1F3FB, 0x1F400))
#: tag characters spell a subdivision flag after the black flag (England, Scotland, Wales)
BLACK_FLAG = "\U0001f3f4"
TAGS = range(0xE0020, 0xE0080)


def normalised(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip()


def is_noncharacter(char: str) -> bool:
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def _emoji_before(text: str, index: int) -> bool:
    """Whether an emoji (a symbol, with its modifiers) ends just before ``index``."""
    index -= 1
    while index >= 0 and text[index] in EMOJI_MODIFIERS:
        index -= 1
    return index >= 0 and unicodedata.category(text[index]) == "So"


def _in_emoji(text: str, index: int) -> bool:
    """Whether the format character at ``index`` is part of an emoji sequence: a joiner between
    two emoji, or a tag of a subdivision flag."""
    char = text[index]
    if char == ZWJ:
        following = text[index + 1:index + 2]
        return _emoji_before(text, index) and bool(following) \
            and unicodedata.category(following) == "So"
    if ord(char) in TAGS:
        start = index
        while start > 0 and ord(text[start - 1]) in TAGS:
            start -= 1
        return start > 0 and text[start - 1] == BLACK_FLAG
    return False


def _refused(text: str, index: int) -> bool:
    char = text[index]
    if is_noncharacter(char):
        return True
    if unicodedata.category(char) not in REFUSED_CATEGORIES and char not in INVISIBLE:
        return False
    return not _in_emoji(text, index)


def _plainly_visible(text: str) -> bool:
    """Whether no character of ``text`` can be refused: nothing in "Other" (``isprintable``
    is false for Cc, Cf, Cs, Co and unassigned code points, non-characters among them) and none
    of the blank letters. Almost every name typed at a table is, so it skips the walk."""
    return text.isprintable() and INVISIBLE.isdisjoint(text)


def hidden_characters(name: str) -> list[str]:
    """The refused characters of ``name``, as ``U+200B`` codes, in order of appearance."""
    if _plainly_visible(name):
        return []
    found = []
    for index, char in enumerate(name):
        if _refused(name, index):
            code = f"U+{ord(char):04X}"
            if code not in found:
                found.append(code)
    return found


def shows_nothing(name: str) -> bool:
    """Whether ``name`` has no letter, digit, punctuation or symbol: only spaces and combining
    marks (which render as nothing, or as marks on nothing)."""
    return not any(unicodedata.category(char)[0] in "LNPS" for char in name)


def same_name_key(name: str) -> str:
    """What two names must share to be the same name: without hidden characters, NFKC case
    folded (``ＡＤＡ``, ``ADA`` and ``ada`` share one), spaces collapsed."""
    visible = normalised(name)
    if not _plainly_visible(visible):
        visible = "".join(char for char in visible
                          if not (unicodedata.category(char) in ("Cc", "Cf") or char in INVISIBLE
                                  or is_noncharacter(char)))
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", visible).casefold())
    return " ".join(folded.split())
