"""File names made from what users type (a game's or a group's title), safe in any download.

It sits in :mod:`scorer.safety` because both the backups of saved games and the PDFs name their
files this way, and neither should reach into the other's wing for it.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime

#: letters NFKD does not take apart into an ASCII letter and an accent
TRANSLITERATE = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D",
                               "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE"})

MAX_SLUG = 60


def ascii_text(text: str) -> str:
    """``text`` with its accents dropped and its other non-ASCII letters left out."""
    decomposed = unicodedata.normalize("NFKD", text.translate(TRANSLITERATE))
    return decomposed.encode("ascii", "ignore").decode("ascii")


def slug(text: str) -> str:
    """A short lower-case ASCII file-name part: ``Gra u Łukasza!`` -> ``gra-u-lukasza``."""
    return re.sub(r"[^a-z0-9]+", "-", ascii_text(text).lower())[:MAX_SLUG].strip("-")


def game_file_name(title: str | None, created_at: datetime, suffix: str) -> str:
    """``7-wonders-<title>-<date><suffix>``: a saved game's sheet and its backup share a name."""
    parts = ["7-wonders", slug(title or ""), created_at.date().isoformat()]
    return "-".join(part for part in parts if part) + suffix
