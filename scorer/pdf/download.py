"""PDF responses whose file name says what is inside, for any title a user may type."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

from flask import Response

#: letters NFKD does not take apart into an ASCII letter and an accent
_TRANSLITERATE = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D",
                                "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE"})


MAX_SLUG = 60


def slug(text: str) -> str:
    """A short lower-case ASCII file-name part: ``Gra u Łukasza!`` -> ``gra-u-lukasza``."""
    ascii_text = unicodedata.normalize("NFKD", text.translate(_TRANSLITERATE))
    ascii_text = ascii_text.encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower())[:MAX_SLUG].strip("-")


def pdf_response(pdf: bytes, filename: str) -> Response:
    """Shown in the browser's viewer (to print), saved under ``filename`` when downloaded."""
    response = Response(pdf, mimetype="application/pdf")
    fallback = unicodedata.normalize("NFKD", filename.translate(_TRANSLITERATE))
    fallback = fallback.encode("ascii", "ignore").decode("ascii").replace('"', "").replace("\\", "")
    disposition = f'inline; filename="{fallback}"'
    if fallback != filename:
        disposition += f"; filename*=UTF-8''{quote(filename, safe='')}"
    response.headers["Content-Disposition"] = disposition
    response.headers["Vary"] = "Cookie, Accept-Language"
    return response
