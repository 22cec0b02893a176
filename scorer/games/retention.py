"""An optional retention period for a public instance: games untouched for N days are removed.

Off by default (``RETENTION_DAYS`` unset keeps every game forever, as a club's own server
should). With ``SCORER_RETENTION_DAYS=180``, ``flask prune --dry-run`` lists the games that
would go (untouched: no save, set-up or title change since, by ``updated_at``), ``flask prune``
removes them with their cached sheets; each server process also prunes once an hour by itself
while it serves. ``--days N`` overrides the setting for one run.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import delete, select

from .. import storage
from ..storage.connect import get_engine
from ..storage.engine import writer
from ..storage.schema import game, request_key

EVERY = 3600.0  # seconds between a server's own prunes
_last_prune: dict[str, float | None] = {"at": None}  # time.monotonic() of this process's last
_lock = threading.Lock()


def cutoff(days: int) -> datetime:
    return datetime.now(UTC) - timedelta(days=days)


def expired(days: int) -> list[tuple[str, str | None, datetime]]:
    """(id, title, last change) of the games untouched for ``days`` days, the oldest first."""
    query = (select(game.c.public_id, game.c.title, game.c.updated_at)
             .where(game.c.updated_at < cutoff(days)).order_by(game.c.updated_at))
    with get_engine().connect() as connection:
        return [tuple(row) for row in connection.execute(query)]


def prune(days: int) -> list[str]:
    """Remove the games untouched for ``days`` days (and old Idempotency-Keys); their ids."""
    removed = []
    for public_id, _title, _changed in expired(days):
        if storage.delete_game(public_id):  # with its results and cached sheets, as any deletion
            removed.append(public_id)
    with writer(get_engine()).begin() as connection:
        connection.execute(delete(request_key).where(
            request_key.c.created_at < datetime.now(UTC) - storage.REQUEST_KEY_LIFETIME))
    return removed


def prune_now_and_then() -> None:
    """Before a request, at most once an hour per process: prune when retention is on."""
    days = current_app.config.get("RETENTION_DAYS")
    if not days or _recent():
        return
    with _lock:
        if _recent():
            return
        _last_prune["at"] = time.monotonic()
    prune(int(days))


def _recent() -> bool:
    last = _last_prune["at"]
    return last is not None and time.monotonic() - last < EVERY


@click.command("prune")
@with_appcontext
@click.option("--days", type=click.IntRange(min=1), help="Override RETENTION_DAYS for this run.")
@click.option("--dry-run", is_flag=True, help="List what would be removed; remove nothing.")
def prune_command(days: int | None, dry_run: bool) -> None:
    """Remove the games untouched for RETENTION_DAYS days (or --days)."""
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
    removed = prune(days)
    click.echo(f"Removed {len(removed)} games untouched for {days} days.")


def init_app(app: Flask) -> None:
    app.cli.add_command(prune_command)
    app.before_request(prune_now_and_then)
