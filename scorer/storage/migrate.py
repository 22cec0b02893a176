"""Schema migrations with Alembic, run on start-up and by ``flask db upgrade``.

Alembic rather than a hand-written runner: its batch mode rebuilds SQLite tables for the
changes SQLite's ``ALTER TABLE`` cannot make, it compares the models with the database, and
it is the tool a club's administrator already knows (``flask db current``, ``history``).

Every migration runs in one transaction that holds a lock (SQLite ``BEGIN IMMEDIATE``,
PostgreSQL an advisory lock), so app servers starting together migrate once and the others
wait for the result. A database made before migrations existed (a ``game`` table and no
``alembic_version``) is stamped at the baseline revision, then upgraded in place.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import click
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask.cli import AppGroup
from sqlalchemy import Connection, Engine, inspect

from .engine import database_url, make_engine, writer

MIGRATIONS = Path(__file__).with_name("migrations")
BASELINE = "0001"  # the schema of the first version, before migrations
ADVISORY_LOCK = 7_000_013  # any constant shared by every server of one database


def _config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


@cache
def head() -> str:
    return ScriptDirectory.from_config(_config()).get_current_head()


def current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _lock(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK})")


def upgrade(engine: Engine, target: str = "head") -> tuple[str | None, str | None]:
    """Bring the schema to ``target``; return the revisions before and after."""
    with writer(engine).begin() as connection:
        _lock(connection)
        before = current(connection)
        if before is None and inspect(connection).has_table("game"):
            command.stamp(_config(connection), BASELINE)
            before = BASELINE
        command.upgrade(_config(connection), target)
        return before, current(connection)


def ensure_current(engine: Engine) -> None:
    """Migrate unless the database is already at the newest revision (the usual case)."""
    with engine.connect() as connection:
        if current(connection) == head():
            return
    upgrade(engine)


db_cli = AppGroup("db", help="The database schema: migrations.")


def _engine() -> Engine:
    # Not get_engine(): that would migrate before the command says what it did.
    return make_engine(database_url(current_app.config), current_app.config)


@db_cli.command("upgrade")
@click.argument("revision", default="head")
def upgrade_command(revision: str) -> None:
    """Apply the migrations up to REVISION (default: the newest)."""
    engine = _engine()
    try:
        before, after = upgrade(engine, revision)
    finally:
        engine.dispose()
    if before == after:
        click.echo(f"The database is at revision {after}: nothing to do.")
    else:
        click.echo(f"Upgraded the database from revision {before or 'none'} to {after}.")


@db_cli.command("current")
def current_command() -> None:
    """Print the database's revision and the newest one this version knows."""
    engine = _engine()
    try:
        with engine.connect() as connection:
            revision = current(connection)
    finally:
        engine.dispose()
    click.echo(f"database: {revision or 'none'}; newest: {head()}")


def init_app(app: Flask) -> None:
    app.cli.add_command(db_cli)
