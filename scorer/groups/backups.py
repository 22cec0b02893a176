"""Backups: ``flask export`` writes every game and every group; ``flask import`` reads them back.

A group's history is why a club keeps coming back, so a backup holds each group whole: its id
(the key in its link), name, owner (the hash of the owner's token), times, its games (by id)
and its merged names in the order they were made. Import restores a group at the same id
before its games, so each game goes into its group in the transaction that stores it, then
the merges as they were (:func:`scorer.storage.merges.merge_names` with ``restoring``): the
statistics, links and owner survive a restore or a move between SQLite and PostgreSQL.

The file is version 2 (version 1 held games only and still imports). A version that knows
only version 1 refuses a version-2 file rather than dropping its groups without a word.
Nothing is overwritten silently: a group already there with another name or owner, or other
merges, is skipped and reported (``--replace`` overwrites it on purpose), and the command
then exits with status 1, as for games (:mod:`scorer.games.backups`).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy.exc import SQLAlchemyError

from .. import storage
from ..engine.problems import Problems
from ..engine.validation import check_name
from ..games import backups as games_backups
from ..games.backups import BACKUP_FORMAT, ImportReport, Skip
from ..storage import groups as stored_groups
from ..storage import merges as stored_merges
from . import service

BACKUP_VERSION = 2
#: what this version reads: 1 held games only
READABLE_VERSIONS = (1, 2)
GROUP_FIELDS = {"id", "name", "owner_token_hash", "created_at", "updated_at", "revision", "games",
                "merges"}
MERGE_FIELDS = {"source", "target", "name"}


# -- export -----------------------------------------------------------------------------------

def merge_record(merge: stored_merges.Merge) -> dict:
    """One merge as typed; ``name`` only when one was chosen (None: shown as its target)."""
    return {"source": merge.source, "target": merge.target,
            "name": merge.name if merge.name_given else None}


def group_record(group: stored_groups.Group, game_ids: list[str],
                 merges: list[stored_merges.Merge]) -> dict:
    return {"id": group.id, "name": group.name, "owner_token_hash": group.owner_token_hash,
            "created_at": group.created_at.isoformat(), "updated_at": group.updated_at.isoformat(),
            "revision": group.revision, "games": game_ids,
            "merges": [merge_record(merge) for merge in merges]}


def backup() -> dict:
    """Every game and every group, read in one transaction."""
    games, groups, merges = storage.snapshot()
    members: dict[int, list[str]] = {}
    for saved in games:
        if saved.group_pk is not None:
            members.setdefault(saved.group_pk, []).append(saved.id)
    return {"format": BACKUP_FORMAT, "version": BACKUP_VERSION,
            "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "games": [games_backups.game_record(saved) for saved in games],
            "groups": [group_record(group, members.get(group.pk, []), merges.get(group.pk, []))
                       for group in groups]}


# -- import -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class GroupPlan:
    """A group of a backup, checked: what the import restores."""

    id: str
    name: str
    owner_token_hash: str | None
    created_at: datetime
    updated_at: datetime
    revision: int
    games: tuple[str, ...]
    merges: tuple[tuple[str, str, str | None], ...]  # (source, target, name chosen or None)


def group_from_record(record: object) -> GroupPlan:
    """The group a backup record holds, checked as the pages check one; Skip says why not."""
    if not isinstance(record, dict):
        raise Skip("not a JSON object")
    public_id = record.get("id")
    if not isinstance(public_id, str) or not service.GROUP_ID.fullmatch(public_id):
        raise Skip("id is missing or not 1 to 64 letters, digits, - or _")
    unknown = set(record) - GROUP_FIELDS
    if unknown:
        raise Skip("unknown fields: " + ", ".join(sorted(unknown)))
    try:
        name = service.clean_name(record.get("name"))
    except service.Refused as refused:
        raise Skip("name: " + refused.problems[0].message.render()) from None
    owner = record.get("owner_token_hash")
    if owner is not None and not isinstance(owner, str):
        raise Skip("owner_token_hash is not text")
    why = storage.unstorable(owner, storage.OWNER_HASH_LENGTH)
    if why:
        raise Skip(f"owner_token_hash {why}")
    games = record.get("games", [])
    if not isinstance(games, list) or not all(storage.is_public_id(game) for game in games):
        raise Skip("games is not a list of game ids")
    if len(set(games)) != len(games):
        raise Skip("games names a game twice")
    merges = record.get("merges", [])
    if not isinstance(merges, list):
        raise Skip("merges is not a list")
    return GroupPlan(
        id=public_id, name=name, owner_token_hash=owner,
        created_at=games_backups.record_moment(record, "created_at"),
        updated_at=games_backups.record_moment(record, "updated_at"),
        revision=games_backups.record_count(record, "revision", 1), games=tuple(games),
        merges=tuple(merge_from_record(index, merge) for index, merge in enumerate(merges)))


def merge_from_record(index: int, record: object) -> tuple[str, str, str | None]:
    """A merge of a backup, its names held to a player name's rules."""
    if not isinstance(record, dict) or set(record) - MERGE_FIELDS:
        raise Skip(f"merges[{index}] is not an object of source, target and name")
    problems = Problems()
    for field in ("source", "target"):
        check_name(problems, f"merges[{index}].{field}", record.get(field))
    if record.get("name") is not None:
        check_name(problems, f"merges[{index}].name", record.get("name"))
    if problems:
        raise Skip(f"{problems[0].path}: {problems[0].message.render()}")
    return record["source"], record["target"], record.get("name")


def import_backup(data: object, *, replace: bool = False, dry_run: bool = False) -> ImportReport:
    """Import a backup's groups and games: every valid one that does not clash with a stored
    one (``replace``: overwrite those that do), each group with its games and merges."""
    report = ImportReport()
    if not isinstance(data, dict) or data.get("format") != BACKUP_FORMAT:
        report.skipped.append(("(file)", f"not a backup of this app (no \"format\": \"{BACKUP_FORMAT}\")"))
        return report
    if data.get("version") not in READABLE_VERSIONS:
        report.skipped.append(("(file)", f"backup version {data.get('version')!r} is not one of "
                                         + ", ".join(map(str, READABLE_VERSIONS))))
        return report
    games, groups = data.get("games"), data.get("groups", [])
    if not isinstance(games, list):
        report.skipped.append(("(file)", "\"games\" is not a list"))
        return report
    if not isinstance(groups, list):
        report.skipped.append(("(file)", "\"groups\" is not a list"))
        return report
    plans = checked_groups(groups, report)
    placed = {plan.id: store_group(plan, report, replace=replace, dry_run=dry_run) for plan in plans}
    stored = [plan for plan in plans if placed[plan.id] is not False]
    games_backups.import_games(games, report, replace=replace, dry_run=dry_run,
                               groups={game_id: placed[plan.id] or None
                                       for plan in stored for game_id in plan.games})
    in_backup = {record.get("id") for record in games if isinstance(record, dict)}
    for plan in stored:
        group_pk = placed[plan.id]
        place_games(plan, group_pk, in_backup, report, replace=replace, dry_run=dry_run)
        restore_merges(plan, group_pk, report, replace=replace, dry_run=dry_run)
    return report


def checked_groups(groups: list, report: ImportReport) -> list[GroupPlan]:
    plans: list[GroupPlan] = []
    members: dict[str, str] = {}
    for position, record in enumerate(groups):
        name = f"group {position}"
        if isinstance(record, dict) and isinstance(record.get("id"), str) \
                and service.GROUP_ID.fullmatch(record["id"]):
            name = f"group {record['id']}"
        try:
            plan = group_from_record(record)
            if any(plan.id == other.id for other in plans):
                raise Skip("the backup holds this group twice; the first was taken")
            elsewhere = [game_id for game_id in plan.games if game_id in members]
            if elsewhere:
                raise Skip(f"game {elsewhere[0]} is in group {members[elsewhere[0]]} of the backup too")
        except Skip as why:
            report.skipped.append((name, str(why)))
            continue
        members.update((game_id, plan.id) for game_id in plan.games)
        plans.append(plan)
    return plans


def store_group(plan: GroupPlan, report: ImportReport, *, replace: bool, dry_run: bool) -> int | None | bool:
    """The group's pk once it is stored (None in a dry run of a new group), or False when it
    is skipped (its games are then imported in no group)."""
    try:
        present = stored_groups.load_group(plan.id)
        if present is None:
            if dry_run:
                report.groups_imported.append(plan.id)
                return None
            made = stored_groups.restore_group(plan.id, plan.name, plan.owner_token_hash,
                                               plan.created_at, plan.updated_at, plan.revision)
            if made is not None:
                report.groups_imported.append(plan.id)
                return made.pk
            present = stored_groups.load_group(plan.id)  # made meanwhile: judge it as a clash
            if present is None:
                raise Skip("could not be stored")
        if (present.name, present.owner_token_hash) == (plan.name, plan.owner_token_hash):
            report.groups_unchanged.append(plan.id)
        elif not replace:
            raise Skip("a different group (name or owner) with this id is already here (not "
                       "overwritten; --replace overwrites it); its games are imported in no group")
        else:
            if not dry_run:
                stored_groups.replace_group(plan.id, plan.name, plan.owner_token_hash)
            report.groups_replaced.append(plan.id)
        return present.pk
    except SQLAlchemyError as error:
        report.skipped.append((f"group {plan.id}", f"the database refused it ({type(error).__name__})"))
    except Skip as why:
        report.skipped.append((f"group {plan.id}", str(why)))
    return False


def place_games(plan: GroupPlan, group_pk: int | None, in_backup: set, report: ImportReport, *,
                replace: bool, dry_run: bool) -> None:
    """Put the group's games that were saved here already into it (a new game went in as it
    was stored); a game in another group here stays there unless ``replace``."""
    for game_id in plan.games:
        saved = storage.load_game(game_id)
        if saved is None:
            if not (dry_run and game_id in report.imported):
                where = "was not imported (see above)" if game_id in in_backup else \
                    "is neither in the backup nor saved here"
                report.skipped.append((f"group {plan.id}", f"its game {game_id} {where}"))
            continue
        if group_pk is None or saved.group_pk == group_pk:
            continue
        if saved.group_pk is not None and not replace:
            report.skipped.append((f"group {plan.id}", f"its game {game_id} is in another group "
                                   "here; left there (--replace moves it)"))
        elif not dry_run:
            stored_groups.set_game_group(game_id, group_pk)


def restore_merges(plan: GroupPlan, group_pk: int | None, report: ImportReport, *, replace: bool,
                   dry_run: bool) -> None:
    """The group's merges as the backup holds them, in their order; a group already here with
    other merges keeps its own unless ``replace``."""
    if group_pk is not None:
        present = [(merge.source, merge.target, merge.name if merge.name_given else None)
                   for merge, _shown in stored_merges.merges(group_pk)]
        if present == list(plan.merges):
            return
        if present and not replace:
            report.skipped.append((f"group {plan.id}", "other merged names are kept here (not "
                                   "overwritten; --replace overwrites them)"))
            return
        if present and not dry_run:
            stored_merges.clear(group_pk)
    for source, target, name in plan.merges:
        if dry_run or group_pk is None:
            report.merges += 1
            continue
        try:
            stored_merges.merge_names(group_pk, source, target, name, restoring=True)
            report.merges += 1
        except stored_merges.MergeRefused as refused:
            report.skipped.append((f"group {plan.id}", f"merge {source} -> {target}: {refused.code}"))


# -- commands ---------------------------------------------------------------------------------

def _write_atomically(path: str, text: str) -> None:
    """A backup is either complete or not there: never a half-written file in its place."""
    directory = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=".backup-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o600)  # games may hold people's names
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


@click.command("export")
@with_appcontext
@click.argument("path", default="-")
def export_command(path: str) -> None:
    """Write every saved game and group to a JSON backup at PATH (- for standard output)."""
    data = backup()
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if path == "-":
        sys.stdout.write(text)
    else:
        _write_atomically(path, text)
        merges = sum(len(group["merges"]) for group in data["groups"])
        click.echo(f"Exported {len(data['games'])} games and {len(data['groups'])} groups "
                   f"({merges} merges) to {path}.", err=True)


@click.command("import")
@with_appcontext
@click.argument("source", type=click.File("r", encoding="utf-8"))
@click.option("--replace", is_flag=True,
              help="Overwrite a saved game or group whose id the backup also holds.")
@click.option("--dry-run", is_flag=True, help="Check and report; change nothing.")
def import_command(source, replace: bool, dry_run: bool) -> None:
    """Read a JSON backup made by export; every game and group is checked, none overwritten
    silently."""
    try:
        data = json.load(source)
    except (ValueError, RecursionError):
        raise click.ClickException("the file is not valid JSON") from None
    report = ImportReport()
    try:
        report = import_backup(data, replace=replace, dry_run=dry_run)
    finally:  # whatever happens, say what was done
        print_report(report, dry_run)
    if report.skipped:
        sys.exit(1)


def print_report(report: ImportReport, dry_run: bool) -> None:
    verb = "Would import" if dry_run else "Imported"
    for public_id in report.replaced:
        click.echo(f"replaced {public_id}" + (" (dry run)" if dry_run else ""))
    for public_id in report.groups_replaced:
        click.echo(f"replaced group {public_id}" + (" (dry run)" if dry_run else ""))
    for which, what in report.cleaned:
        click.echo(f"cleaned {which}: {what}")
    for which, why in report.skipped:
        click.echo(f"skipped {which}: {why}")
    click.echo(f"{verb} {len(report.groups_imported)} groups with {report.merges} merges; "
               f"{len(report.groups_unchanged)} already there unchanged; "
               f"{len(report.groups_replaced)} replaced.")
    click.echo(f"{verb} {len(report.imported)} games; {len(report.unchanged)} already there "
               f"unchanged; {len(report.replaced)} replaced; {len(report.skipped)} skipped.")


def init_app(app: Flask) -> None:
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)
