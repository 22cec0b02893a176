"""An optional retention period for a public instance: games untouched for N days are removed.

Off by default (``RETENTION_DAYS`` unset keeps every game forever, as a club's own server
should). With ``SCORER_RETENTION_DAYS=180``:

- ``flask prune --dry-run`` lists the games that would go, ``flask prune`` removes them with
  their results and cached sheets, from cron or a systemd timer (docs/hosting.md), in batches
  of ``--batch`` games (500), each batch its own short transaction, so the saves of the tables
  playing meanwhile wait for one batch at most, never for the whole backlog;
- a game counts as untouched when nothing changed it (save, set-up, title: ``updated_at``) for
  that long, and a group whose latest game is younger keeps every one of its games: a weekly
  group's history goes only once the whole group has been idle for the period;
- never inside a request (it once took a worker's first request 5.8 s for 3,000 expired games):
  besides the command, each serving process may run a background pass every
  ``RETENTION_EVERY`` seconds (an hour; ``RETENTION_BACKGROUND=false`` leaves it to the timer),
  in a thread of its own, and only the process holding the instance-wide lock
  (:mod:`scorer.storage.locks`: PostgreSQL advisory lock, a Redis lock, or a file lock beside
  the SQLite file) removes anything; the command takes the same lock.

A removal changes the revision of each group it touched, so every server's caches keyed by it
(the group page, its report) see the change, whichever process removed the games.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import delete, exists, or_, select

from .. import storage
from ..safety.switches import switched_on
from ..serving import background
from ..storage.connect import get_engine
from ..storage.engine import writer
from ..storage.locks import exclusive
from ..storage.schema import game, request_key

EVERY = 3600.0  # seconds between a serving process's background passes
BATCH = 500  # games removed per transaction
PAUSE = 0.05  # seconds between batches: writers waiting for the database go first
LOCK = "retention"
log = logging.getLogger(__name__)


def cutoff(days: int) -> datetime:
    return datetime.now(UTC) - timedelta(days=days)


def _expired(days: int):
    """The games untouched for ``days`` days outside a group that is still in use, the oldest
    first."""
    moment = cutoff(days)
    other = game.alias("other")
    living_group = exists().where(other.c.group_id == game.c.group_id, other.c.updated_at >= moment)
    return (select(game.c.id, game.c.public_id, game.c.title, game.c.updated_at, game.c.group_id)
            .where(game.c.updated_at < moment, or_(game.c.group_id.is_(None), ~living_group))
            .order_by(game.c.updated_at, game.c.id))


def expired(days: int) -> list[tuple[str, str | None, datetime]]:
    """(id, title, last change) of the games a prune would remove now, the oldest first."""
    with get_engine().connect() as connection:
        return [(row.public_id, row.title, row.updated_at) for row in connection.execute(_expired(days))]


def batches(days: int, size: int = BATCH, pause: float = PAUSE, held=None) -> Iterator[list[str]]:
    """Remove the expired games ``size`` at a time, one transaction each (with their results;
    their sheets go through storage's change event); yields each batch's ids. ``held`` (a
    :class:`~scorer.storage.locks.Held`) is renewed after every batch."""
    while True:
        removed = storage.delete_selected(_expired(days).limit(size))
        if not removed:
            return
        yield removed
        if held is not None:
            held.renew()
        if len(removed) < size:
            return
        time.sleep(pause)


def forget_request_keys() -> None:
    """Idempotency-Keys older than their lifetime (a day) go with each pass."""
    with writer(get_engine()).begin() as connection:
        connection.execute(delete(request_key).where(
            request_key.c.created_at < datetime.now(UTC) - storage.REQUEST_KEY_LIFETIME))


def prune(days: int, size: int = BATCH) -> list[str] | None:
    """One pass under the instance-wide lock: the removed games' ids, or None when another
    process holds the lock (it is pruning already)."""
    with exclusive(LOCK) as held:
        if held is None:
            return None
        removed = [public_id for batch in batches(days, size, held=held) for public_id in batch]
        forget_request_keys()
        return removed


def background_pass(app: Flask) -> list[str] | None:
    """What a serving process's thread does every ``RETENTION_EVERY`` seconds."""
    with app.app_context():
        days = app.config.get("RETENTION_DAYS")
        if not days:
            return []
        removed = prune(int(days))
        if removed:
            log.info("retention: removed %d games untouched for %s days", len(removed), days)
        return removed


def _background(app: Flask, every: float) -> None:
    time.sleep(random.uniform(0, min(every, 60.0)))  # servers started together spread out
    while True:
        try:
            background_pass(app)
        except Exception:  # noqa: BLE001 - a database away for a moment: try again next time
            log.exception("retention: the background pass failed")
        time.sleep(every)


def start_background(app: Flask) -> threading.Thread | None:
    """Start the serving process's background passes (gunicorn's ``post_worker_init``, the
    table server's start): a daemon thread, so a request never waits for a removal. Nothing
    when retention is off or ``RETENTION_BACKGROUND`` is false."""
    if not app.config.get("RETENTION_DAYS") or not switched_on(app.config.get("RETENTION_BACKGROUND"), True):
        return None
    every = float(app.config.get("RETENTION_EVERY") or EVERY)
    thread = threading.Thread(target=_background, args=(app, every), name="scorer-retention", daemon=True)
    thread.start()
    return thread


@click.command("prune")
@with_appcontext
@click.option("--days", type=click.IntRange(min=1), help="Override RETENTION_DAYS for this run.")
@click.option("--dry-run", is_flag=True, help="List what would be removed; remove nothing.")
@click.option("--batch", type=click.IntRange(min=1), default=BATCH, show_default=True,
              help="Games removed per transaction.")
def prune_command(days: int | None, dry_run: bool, batch: int) -> None:
    """Remove the games untouched for RETENTION_DAYS days (or --days), in batches; a group
    whose latest game is younger keeps all its games."""
    days = days or current_app.config.get("RETENTION_DAYS")
    if not days:
        raise click.ClickException("retention is off: set SCORER_RETENTION_DAYS or pass --days N")
    days = int(days)
    if dry_run:
        found = expired(days)
        for public_id, title, changed in found:
            click.echo(f"would remove {public_id} ({title or 'untitled'}), last changed {changed:%Y-%m-%d}")
        click.echo(f"Would remove {len(found)} games untouched for {days} days.")
        return
    with exclusive(LOCK) as held:
        if held is None:
            click.echo("Another prune is running (it holds the lock): nothing removed.")
            return
        total = 0
        for removed in batches(days, batch, held=held):
            total += len(removed)
            click.echo(f"removed {len(removed)} games ({total} so far)")
        forget_request_keys()
    click.echo(f"Removed {total} games untouched for {days} days.")


def init_app(app: Flask) -> None:
    app.cli.add_command(prune_command)
    background.register(app, start_background)
