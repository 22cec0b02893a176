"""Score sheets kept once drawn, per (game content, language, paper), shared by the workers;
group reports likewise, per (group revision, filters, language, paper, day).

A sheet is drawn again only after the game changed (its title, date or document: every write
raises its revision too); until then the same bytes are served at the cost of reading a file.
The files live in ``instance/sheet-cache/`` (private, like the database: they hold the
players' names), named by game id so that a deleted game's sheets go with it (:func:`forget`).
The key also holds a digest of the package's code, the PDF templates, static files and
catalogs, so a new version of the app never serves a sheet drawn by an older one. At most
``SHEET_CACHE_FILES`` files (500) are kept, the least recently used removed first.

A group's report lives in ``report-cache/``, named by the group's internal id: its key holds the
group's revision (raised by every change of the group or its games), the filters and the day it
is dated, so it is drawn again only when one of those changes. Both caches listen to the change
events (:mod:`scorer.storage.events`): a deleted game's sheets and a changed group's reports are
removed at once.
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
from pathlib import Path

from flask import current_app

from ..safety.render_slots import work_folder
from ..serving import cache_files
from ..serving.cache_files import generation
from ..serving.cache_files import read as read  # the views read what the cache keeps
from ..storage.events import game_changed, group_changed

FOLDER = "sheet-cache"
REPORT_FOLDER = "report-cache"
DEFAULT_FILES = 500


def _sources() -> tuple[str, ...]:
    """The whole package, not only the PDF code: a sheet's explanations come from the engine
    and a report's charts and figures from the pages' and the groups' wings."""
    app = current_app
    return (str(Path(__file__).parent.parent), os.path.join(app.template_folder, "pdf"),
            app.static_folder, *app.config["BABEL_TRANSLATION_DIRECTORIES"].split(";"))


def _folder(kind: str = FOLDER) -> str:
    return os.path.join(work_folder(), kind)


def path_for(saved, locale: str, paper: str) -> str:
    """The cache file of ``saved``'s sheet: its id, then a digest of everything the sheet shows
    of it (title, creation date, document), so a game replaced under the same id and revision
    (an import) never meets an older sheet."""
    content = hashlib.sha256(json.dumps(
        [saved.title, saved.created_at.isoformat(), saved.document], ensure_ascii=False,
        sort_keys=True).encode("utf-8")).hexdigest()[:20]
    stamp = generation(*_sources())
    return os.path.join(_folder(), f"{saved.id}.{content}.{locale}.{paper}.{stamp}.pdf")


def report_path_for(group, filters: tuple, locale: str, paper: str, day: str) -> str:
    """The cache file of ``group``'s report at its revision, with ``filters``, dated ``day``.

    The file begins with the group's pk (what the change events name, to forget it early), but
    the digest holds its public id and last change too: SQLite gives a deleted group's pk to the
    next group made, and a group restored from a backup starts its revisions again, so a pk and
    revision alone could meet another group's report (kept by a server that never heard of the
    deletion)."""
    content = hashlib.sha256(json.dumps(
        [group.id, group.revision, group.updated_at.isoformat(), filters, day]).encode()
    ).hexdigest()[:20]
    stamp = generation(*_sources())
    return os.path.join(_folder(REPORT_FOLDER), f"{group.pk}.{content}.{locale}.{paper}.{stamp}.pdf")


def write(path: str, pdf: bytes) -> None:
    """Store atomically (a reader never sees half a file); a full disk only costs the cache."""
    cache_files.write(path, pdf, int(current_app.config.get("SHEET_CACHE_FILES", DEFAULT_FILES)))


def forget(game_id: str, kind: str = FOLDER) -> None:
    """Remove every cached sheet of a game: after any change its sheets are never asked for
    again (their key holds the game's content), and a deleted game's must not stay on disk.
    With ``kind`` :data:`REPORT_FOLDER`, a group's reports (``game_id``: the group's pk)."""
    cache_files.remove(glob.glob(os.path.join(glob.escape(_folder(kind)), f"{glob.escape(game_id)}.*")))


def _forget_changed(_app, game_id: str, group_pk: int | None = None,
                    left_group_pk: int | None = None, deleted: bool = False, **_change) -> None:
    """A deleted game's sheets leave the disk with it; after any other change they are never
    asked for again (their name holds the game's content) and go when pruned, since finding
    them lists the whole folder (up to ``SHEET_CACHE_FILES``) on every save. A group's reports
    are few, and forgotten at once."""
    if deleted:
        forget(game_id)
    for pk in (group_pk, left_group_pk):
        if pk is not None:
            forget(str(pk), REPORT_FOLDER)


def _forget_group(_app, group_pk: int, **_change) -> None:
    forget(str(group_pk), REPORT_FOLDER)


def init_app(app) -> None:
    """Listen for every change of a game (a save, a deletion, retention, an import) and of a
    group (a rename, a merge, a deletion)."""
    game_changed.connect(_forget_changed, sender=app)
    group_changed.connect(_forget_group, sender=app)
