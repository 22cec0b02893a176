"""A setting that is on or off, read the way a host writes it.

Flask reads ``SCORER_<KEY>`` as JSON when it can (``true``, ``false``, ``0``) and as text
otherwise, so a host's ``off`` or ``no`` arrives as a non-empty string, which Python calls
true: a switch the host turned off would stay on without a word. :func:`read_switches` turns
the host's words into True or False once, at start-up, and refuses a word that is neither.
"""

from __future__ import annotations

OFF = frozenset({"0", "false", "no", "off", ""})
ON = frozenset({"1", "true", "yes", "on"})
#: the settings that are switches (docs/hosting.md): read by truth wherever they are used
SWITCHES = ("DATABASE_AUTO_MIGRATE", "HSTS_INCLUDE_SUBDOMAINS", "PDF_RENDER_IDLE",
            "PDF_RENDER_PROCESS", "RATELIMIT_ENABLED", "REQUEST_LOG", "RETENTION_BACKGROUND",
            "SESSION_COOKIE_SECURE")


def switched_on(value, default: bool) -> bool:
    """``value`` as on or off; unset (``None``) is ``default``."""
    if value is None:
        return default
    if isinstance(value, str):
        return value.strip().lower() not in OFF
    return bool(value)


def read_switches(config) -> None:
    """The switches a host wrote as words (``off``, ``yes``) as True or False, in ``config``.

    A word that is neither on nor off (``of``, ``ture``) stops the start with the setting's
    name: read as true, it would leave on what the host meant to turn off, without a word."""
    for key in SWITCHES:
        value = config.get(key)
        if not isinstance(value, str):
            continue
        word = value.strip().lower()
        if word not in ON | OFF:
            raise ValueError(f"{key} must be on or off (true, false, yes, no, on, off, 1 or 0), "
                             f"not {value!r}")
        config[key] = word in ON
