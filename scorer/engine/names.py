"""Player names people can tell apart.

A name is compared and shown NFC-normalised and trimmed. Characters that cannot be seen or that
reorder the text around them (control characters, zero-width characters, bidirectional
overrides and isolates) are refused: "Ada" and "A\u200bda", or a name that shows as another
player's, would otherwise be two players nobody at the table can tell apart. Names equal up
to case (after normalising) are the same name.
"""

from __future__ import annotations

import unicodedata

#: invisible or reordering characters that are not in the "Cc" (control) category
INVISIBLE = frozenset("\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"
                      "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c\u180e\u00ad")


def normalised(name: str) -> str:
    return unicodedata.normalize("NFC", name).strip()


def hidden_characters(name: str) -> list[str]:
    """The refused characters of ``name``, as ``U+200B`` codes, in order of appearance."""
    found = []
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Co", "Cs") or char in INVISIBLE:
            code = f"U+{ord(char):04X}"
            if code not in found:
                found.append(code)
    return found


def same_name_key(name: str) -> str:
    """What two names must share to be the same name: normalised, without hidden characters,
    case folded."""
    visible = "".join(char for char in normalised(name)
                      if not (unicodedata.category(char) in ("Cc", "Cf") or char in INVISIBLE))
    return unicodedata.normalize("NFC", visible.casefold()).strip()
