"""PDF responses whose file name says what is inside, for any title a user may type."""

from __future__ import annotations

from urllib.parse import quote

from flask import Response

from ..safety.file_names import ascii_text


def pdf_response(pdf: bytes, filename: str) -> Response:
    """Shown in the browser's viewer (to print), saved under ``filename`` when downloaded."""
    response = Response(pdf, mimetype="application/pdf")
    fallback = ascii_text(filename).replace('"', "").replace("\\", "")
    disposition = f'inline; filename="{fallback}"'
    if fallback != filename:
        disposition += f"; filename*=UTF-8''{quote(filename, safe='')}"
    response.headers["Content-Disposition"] = disposition
    response.headers["Vary"] = "Cookie, Accept-Language"
    return response
