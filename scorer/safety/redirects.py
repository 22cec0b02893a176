"""Where a redirect may lead: only to a path of this site.

A target taken from the request (the language switcher's ``next``) is a path or nothing.
Browsers drop tabs and newlines from URLs and read ``\\`` as ``/``, so ``/\\t/evil.example``
and ``/\\evil.example`` both become ``//evil.example``, another site; and a control character
must never reach a header. Rather than repair such a target, it is refused and the fallback
(the home page) is used.
"""

from __future__ import annotations

from urllib.parse import urlsplit


def is_local_path(target: object) -> bool:
    """Whether ``target`` is a path on this site (``/games/abc?x=1``), safe for ``Location``."""
    if not isinstance(target, str) or not target.startswith("/") or target.startswith("//"):
        return False
    if "\\" in target or any(ord(char) < 0x20 or 0x7F <= ord(char) < 0xA0 for char in target):
        return False
    if any(char.isspace() for char in target):
        return False
    parts = urlsplit(target)
    return not parts.scheme and not parts.netloc


def local_target(target: object, fallback: str) -> str:
    """``target`` when it is a path of this site, else ``fallback``."""
    return target if is_local_path(target) else fallback
