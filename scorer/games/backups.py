"""Games out and back in as JSON: one game's document to download, and the games of a backup.

- ``GET /games/<id>/game.json`` (the score pad links it) downloads the game's document, the
  spec's game JSON that ``POST /api/v1/score`` and ``flask score`` read; ``GET
  /api/v1/games/<id>/document`` answers the same for programs.
- A backup (``flask export`` / ``flask import``, :mod:`scorer.groups.backups`, which adds the
  groups) holds every game with its id, title, times, revision and owner. Import validates
  every game as the engine does (after upgrading old formats) and never overwrites a game: a
  game whose id is taken is skipped and reported (unless it is identical, which counts as
  already there; ``--replace`` overwrites on purpose, and says so). Games are stored oldest
  first, so they keep the order they were saved in, which the statistics follow.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from dataclasses import replace as replace_fields
from datetime import UTC, datetime

from flask import Blueprint, Flask, Response, abort, current_app
from sqlalchemy.exc import SQLAlchemyError

from .. import storage
from ..documents.upgrades import CURRENT_VERSION, UnknownVersion, upgrade
from ..engine.names import EMOJI_MODIFIERS, ZWJ, hidden_characters
from ..engine.validation import parse_game
from ..safety.file_names import game_file_name
from .service import MAX_TITLE_LENGTH

BACKUP_FORMAT = "7-wonders-scorer-backup"
PUBLIC_ID = storage.PUBLIC_ID
MAX_REPORTED_PROBLEMS = 3

bp = Blueprint("backups", __name__)


def document_json(document: dict) -> str:
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def document_filename(saved: storage.SavedGame) -> str:
    """``7-wonders-<title>-<date>.json``, named like the game's PDF sheet."""
    return game_file_name(saved.title, saved.created_at, ".json")


def _saved_or_404(game_id: str) -> storage.SavedGame:
    saved = storage.load_game(game_id)
    if saved is None:
        abort(404)
    return saved


@bp.route("/games/<game_id>/game.json")
def download(game_id: str):
    saved = _saved_or_404(game_id)
    response = Response(document_json(saved.document), mimetype="application/json")
    response.headers["Content-Disposition"] = f'attachment; filename="{document_filename(saved)}"'
    return response


@bp.route("/api/v1/games/<game_id>/document")
def api_document(game_id: str):
    return current_app.json.response(_saved_or_404(game_id).document)


# -- backups ----------------------------------------------------------------------------------

def game_record(saved: storage.SavedGame) -> dict:
    """One game of a backup; ``locked`` only when the game is (backups without locked games
    stay readable by versions that never knew locks)."""
    record = {
        "id": saved.id, "title": saved.title,
        "created_at": saved.created_at.isoformat(), "updated_at": saved.updated_at.isoformat(),
        "revision": saved.revision, "owner_token_hash": saved.owner_token_hash,
        "format_version": saved.format_version, "document": saved.document,
    }
    if saved.locked:
        record["locked"] = True
    return record


class Skip(Exception):
    """A game of a backup that is not imported, and why."""


def record_moment(record: dict, key: str) -> datetime:
    value = record.get(key)
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise Skip(f"{key} is not an ISO 8601 date and time") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def record_count(record: dict, key: str, default: int) -> int:
    value = record.get(key, default)
    if type(value) is not int or value < 1:
        raise Skip(f"{key} is not a positive whole number")
    return value


def saved_from_record(record: object) -> storage.SavedGame:
    """The game a backup record holds, checked and in the current format; Skip says why not."""
    if not isinstance(record, dict):
        raise Skip("not a JSON object")
    public_id = record.get("id")
    if not isinstance(public_id, str) or not PUBLIC_ID.fullmatch(public_id):
        raise Skip("id is missing or not 1 to 64 letters, digits, - or _")
    unknown = set(record) - {"id", "title", "created_at", "updated_at", "revision",
                             "owner_token_hash", "format_version", "document", "locked"}
    if unknown:
        raise Skip("unknown fields: " + ", ".join(sorted(unknown)))
    title, owner = record.get("title"), record.get("owner_token_hash")
    if title is not None and not isinstance(title, str):
        raise Skip("title is not text")
    if owner is not None and not isinstance(owner, str):
        raise Skip("owner_token_hash is not text")
    why = storage.unstorable(owner, storage.OWNER_HASH_LENGTH)
    if why:
        raise Skip(f"owner_token_hash {why}")
    if not isinstance(record.get("locked", False), bool):
        raise Skip("locked is not true or false")
    document = record.get("document")
    if not isinstance(document, dict):
        raise Skip("document is missing or not a JSON object")
    try:
        document = upgrade(document, record_count(record, "format_version", 1))
    except UnknownVersion as error:
        raise Skip(str(error)) from None
    _game, problems = parse_game(document)
    if problems:
        shown = "; ".join(f"{p.path or '(document)'}: {p.code}" for p in problems[:MAX_REPORTED_PROBLEMS])
        more = len(problems) - MAX_REPORTED_PROBLEMS
        raise Skip(f"the game is not valid: {shown}" + (f" and {more} more" if more > 0 else ""))
    why = storage.unstorable(json.dumps(document, ensure_ascii=False))
    if why:
        raise Skip(f"document {why}")
    return storage.SavedGame(
        id=public_id, title=clean_title(title), document=document,
        created_at=record_moment(record, "created_at"), updated_at=record_moment(record, "updated_at"),
        revision=record_count(record, "revision", 1),
        owner_token_hash=owner, format_version=CURRENT_VERSION, locked=record.get("locked", False))


def clean_title(title: str | None) -> str | None:
    """The title as the pages would take it: without the characters they refuse in one (a NUL,
    a line break, a text-direction override: an older version stored them as typed, and
    PostgreSQL cannot hold a NUL) and at most :data:`MAX_TITLE_LENGTH` characters (a longer one
    is cut there). The import reports what it changed (:func:`title_note`)."""
    if title is None:
        return None
    title = _visible(title)
    if len(title) > MAX_TITLE_LENGTH:
        title = _cut(title, MAX_TITLE_LENGTH).rstrip()
    return title or None


def _cut(text: str, limit: int) -> str:
    """``text[:limit]``, moved back so that no accent, emoji modifier or joined emoji is cut
    from the sign it belongs to."""
    cut = limit
    while cut > 0 and (_continues(text[cut]) or text[cut - 1] == ZWJ):
        cut -= 1
    return text[:cut]


def _continues(char: str) -> bool:
    """Whether ``char`` belongs to the sign before it (a mark, a joiner, a modifier, a tag)."""
    return (char == ZWJ or unicodedata.category(char) in ("Mn", "Mc", "Me")
            or char in EMOJI_MODIFIERS or 0xE0020 <= ord(char) < 0xE0080)


def _visible(title: str) -> str:
    """The title without the characters :func:`hidden_characters` refuses in it."""
    refused = set(hidden_characters(title))
    return "".join(char for char in title if f"U+{ord(char):04X}" not in refused) if refused else title


def title_note(record: object) -> str | None:
    """What :func:`clean_title` changed in a record's title, for the import's report."""
    title = record.get("title") if isinstance(record, dict) else None
    if not isinstance(title, str):
        return None
    notes = []
    if hidden_characters(title):
        notes.append("removed from the title: " + ", ".join(hidden_characters(title)))
    visible = _visible(title)
    if len(visible) > MAX_TITLE_LENGTH:
        notes.append(f"the title of {len(visible)} characters was shortened to the "
                     f"{MAX_TITLE_LENGTH} the pages allow")
    return "; ".join(notes) or None


@dataclass
class ImportReport:
    imported: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (which game, why)
    cleaned: list[tuple[str, str]] = field(default_factory=list)  # (which game, what changed)
    groups_imported: list[str] = field(default_factory=list)
    groups_unchanged: list[str] = field(default_factory=list)
    groups_replaced: list[str] = field(default_factory=list)
    merges: int = 0  # merges restored


def import_games(games: list, report: ImportReport, *, replace: bool = False,
                 dry_run: bool = False, groups: dict[str, int | None] | None = None) -> None:
    """Import every valid game of a backup's ``games`` that does not clash with a stored one.
    Every record is checked first, in the file's order; the valid ones are then stored oldest
    first (the order they were saved in: the statistics' "latest" and the ratings follow it,
    and an export lists the newest first). ``groups``: the group (pk) each new game goes into,
    by game id."""
    groups = groups or {}
    checked: list[tuple[int, str, storage.SavedGame, object]] = []
    seen: set[str] = set()
    for position, record in enumerate(games):
        name = f"games[{position}]"
        if isinstance(record, dict) and isinstance(record.get("id"), str) \
                and PUBLIC_ID.fullmatch(record["id"]):
            name = record["id"]
        try:
            saved = saved_from_record(record)
            if saved.id in seen:
                raise Skip("the backup holds this id twice; the first was taken")
        except Skip as why:
            report.skipped.append((name, str(why)))
            continue
        seen.add(saved.id)
        checked.append((position, name, replace_fields(saved, group_pk=groups.get(saved.id)), record))
    checked.sort(key=lambda entry: (entry[2].created_at, -entry[0]))
    for _position, name, saved, record in checked:
        try:
            _store(saved, report, replace=replace, dry_run=dry_run)
            if title_note(record):
                report.cleaned.append((name, title_note(record)))
        except SQLAlchemyError as error:
            report.skipped.append((name, f"the database refused it ({type(error).__name__})"))
        except Skip as why:
            report.skipped.append((name, str(why)))


def _store(saved: storage.SavedGame, report: ImportReport, *, replace: bool, dry_run: bool) -> None:
    present = storage.load_game(saved.id)
    if present is None:
        if dry_run or storage.restore_game(saved):
            report.imported.append(saved.id)
            return
        present = storage.load_game(saved.id)  # created meanwhile: judge it as any other clash
        if present is None:
            raise Skip("could not be stored")
    if (present.document, present.title) == (saved.document, saved.title):
        report.unchanged.append(saved.id)
    elif not replace:
        raise Skip("a different game with this id is already saved (not overwritten; "
                   "--replace overwrites it)")
    else:
        if not dry_run:
            storage.update_game(saved.id, saved.document, title=saved.title or "")
        report.replaced.append(saved.id)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
