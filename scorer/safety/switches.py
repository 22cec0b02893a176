"""A setting that is on or off, read the way a host writes it.

Flask reads ``SCORER_<KEY>`` as JSON when it can (``true``, ``false``, ``0``) and as text
otherwise, so a host's ``off`` or ``no`` arrives as a non-empty string, which Python calls
true: a switch the host turned off would stay on without a word.
"""

from __future__ import annotations

OFF = frozenset({"0", "false", "no", "off", ""})


def switched_on(value, default: bool) -> bool:
    """``value`` as on or off; unset (``None``) is ``default``."""
    if value is None:
        return default
    if isinstance(value, str):
        return value.strip().lower() not in OFF
    return bool(value)
