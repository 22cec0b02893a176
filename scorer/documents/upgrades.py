"""Saved game documents across versions of the app: numbered upgrade steps, applied on read.

Every stored game carries the format version its document was written in. When the document
changes shape (player ids, editions, leaders, ...), the change adds the next number to
``STEPS`` with a function that turns a document of the previous version into the new one, and
``CURRENT_VERSION`` follows. Old games are brought up to date when they are read, one step at a
time, so a game saved by any earlier version keeps loading and scoring the same
(``tests/test_saved_games_golden.py`` holds such games).

Steps take a copy and return the new document; they must be deterministic or the storage layer
must persist their result (it does: :func:`scorer.storage.load_game` writes an upgraded document
back, so what a step adds, such as random player ids, is stable from the first read on).
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from . import player_ids

Document = dict
# Version 1: the document of the spec as the first version of the app saved it. Games saved
# before format versions were stored (no value in the column) are version 1.
FIRST_VERSION = 1

# STEPS[n] upgrades a version n - 1 document to version n.
STEPS: dict[int, Callable[[Document], Document]] = {
    # Version 2: every player has a stable "id" (cities are addressed by it, not by seat) and the
    # cities already filled in are marked "entered" (scorer.documents.player_ids.upgrade_legacy).
    2: player_ids.upgrade_legacy,
}

CURRENT_VERSION = max(STEPS, default=FIRST_VERSION)
if sorted(STEPS) != list(range(FIRST_VERSION + 1, CURRENT_VERSION + 1)):
    raise RuntimeError("upgrade steps are numbered 2, 3, ... without gaps")


class UnknownVersion(ValueError):
    """A document newer than this version of the app (saved by a later release)."""


def upgrade(document: Document, version: int | None) -> Document:
    """``document`` (stored in format ``version``) in the current format; the input is not changed."""
    version = FIRST_VERSION if version is None else version
    if version > CURRENT_VERSION:
        raise UnknownVersion(f"format version {version} is newer than this app ({CURRENT_VERSION})")
    if version == CURRENT_VERSION:
        return document
    document = copy.deepcopy(document)
    for step in range(version + 1, CURRENT_VERSION + 1):
        document = STEPS[step](document)
    return document
