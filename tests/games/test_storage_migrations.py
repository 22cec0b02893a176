"""Schema migrations: a database made by the first version is upgraded in place without loss,
new databases start at the newest revision, the models match what the migrations build, and
SQLite runs in WAL mode with a busy timeout."""

from __future__ import annotations

import json
import sqlite3
import threading
from datetime import datetime

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text

from scorer import create_app, storage
from scorer.documents import upgrades as saved_documents
from scorer.storage import migrate
from scorer.storage.schema import metadata

# scorer/schema.sql as of commit a005d16, the last version before migrations.
FIRST_SCHEMA = """
CREATE TABLE IF NOT EXISTS game (
    public_id  TEXT PRIMARY KEY,
    title      TEXT,
    document   TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS game_created ON game (created_at);
"""

OLD_ROWS = [  # as the first version wrote them; two share a creation time (rowid breaks the tie)
    ("first-game-aaaaaaaaaaaa", "Friday", {"players": [{"name": "Zoë ąć", "wonder": "gizah"}]},
     "2026-10-01T19:00:00.000001+00:00", "2026-10-01T20:00:00.000000+00:00"),
    ("second-game-bbbbbbbbbbb", None, {"edition": "first", "players": []},
     "2026-10-02T19:00:00.000000+00:00", "2026-10-02T19:00:00.000000+00:00"),
    ("third-game-cccccccccccc", "", {"players": [{"name": "Ŀ"}]},
     "2026-10-02T19:00:00.000000+00:00", "2026-10-03T08:30:00.500000+00:00"),
]


def make_first_version_database(path) -> None:
    connection = sqlite3.connect(path)
    connection.executescript(FIRST_SCHEMA)
    connection.executemany(
        "INSERT INTO game (public_id, title, document, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
        [(pid, title, json.dumps(doc, ensure_ascii=False, separators=(",", ":")), created, updated)
         for pid, title, doc, created, updated in OLD_ROWS],
    )
    connection.commit()
    connection.close()


def app_on(path, **config):
    return create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE": str(path), **config})


def test_first_version_database_is_migrated_in_place_without_loss(tmp_path):
    path = tmp_path / "scorer.sqlite"
    make_first_version_database(path)
    with app_on(path).app_context():
        games = storage.list_games()
        assert [game.id for game in games] == [
            "third-game-cccccccccccc", "second-game-bbbbbbbbbbb", "first-game-aaaaaaaaaaaa"]
        for game, (pid, title, doc, created, updated) in zip(games, reversed(OLD_ROWS), strict=True):
            # read once, each document is upgraded to the current format and written back
            assert (game.id, game.title, game.document) == (pid, title, saved_documents.upgrade(doc, 1))
            assert game.created_at == datetime.fromisoformat(created)
            assert game.updated_at == datetime.fromisoformat(updated)
            assert (game.revision, game.format_version, game.owner_token_hash) == (
                2, saved_documents.CURRENT_VERSION, None)
        # and it keeps working: a save after the migration
        saved = storage.modify_game("first-game-aaaaaaaaaaaa", lambda document: {**document, "x": 1})
        assert saved.revision == 3
    with sqlite3.connect(path) as connection:
        # the text the first version wrote is still there, byte for byte
        assert connection.execute(
            "SELECT created_at, updated_at FROM game WHERE public_id = 'third-game-cccccccccccc'"
        ).fetchone() == OLD_ROWS[2][3:]
        assert connection.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (migrate.head(),)]
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_games_saved_at_revision_0001_survive_the_upgrade(database_url):
    """The same upgrade on both databases (PostgreSQL also turns the text times into timestamptz)."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url,
                      "DATABASE_AUTO_MIGRATE": False})
    with app.app_context():
        engine = storage.get_engine()
        assert migrate.upgrade(engine, "0001") == (None, "0001")
        with engine.begin() as connection:
            for pid, title, doc, created, updated in OLD_ROWS:
                connection.execute(
                    text("INSERT INTO game VALUES (:pid, :title, :doc, :created, :updated)"),
                    dict(pid=pid, title=title, doc=json.dumps(doc, ensure_ascii=False),
                         created=created, updated=updated))
        assert migrate.upgrade(engine) == ("0001", migrate.head())
        games = storage.list_games()
        engine.dispose()
    # read once, each document is upgraded to the current format and written back (revision 2)
    assert [(g.id, g.title, g.document, g.created_at, g.updated_at, g.revision) for g in games] == [
        (pid, title, saved_documents.upgrade(doc, 1), datetime.fromisoformat(created),
         datetime.fromisoformat(updated), 2)
        for pid, title, doc, created, updated in reversed(OLD_ROWS)]


def test_flask_db_upgrade_command(tmp_path):
    path = tmp_path / "scorer.sqlite"
    make_first_version_database(path)
    runner = app_on(path).test_cli_runner()
    result = runner.invoke(args=["db", "current"])
    assert result.exit_code == 0 and "database: none" in result.output
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert f"from revision 0001 to {migrate.head()}" in result.output
    result = runner.invoke(args=["db", "upgrade"])
    assert "nothing to do" in result.output
    result = runner.invoke(args=["db", "current"])
    assert f"database: {migrate.head()}; newest: {migrate.head()}" in result.output


def test_no_auto_migration_when_switched_off(tmp_path):
    path = tmp_path / "scorer.sqlite"
    make_first_version_database(path)
    app = app_on(path, DATABASE_AUTO_MIGRATE=False)
    with app.app_context():
        storage.get_engine()
    with sqlite3.connect(path) as connection:
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master")}
    assert "alembic_version" not in tables


def test_models_match_the_migrations(storage_app):
    with storage_app.app_context(), storage.get_engine().connect() as connection:
        dialect = connection.dialect.name

        def on_this_database(model, _name, _type, reflected, _compare_to) -> bool:
            """The models' objects made on this database only (``ddl_if``: alembic's
            comparison does not read it), and everything the database holds."""
            only = getattr(model, "_ddl_if", None)
            return reflected or only is None or only.dialect in (None, dialect)

        differences = compare_metadata(MigrationContext.configure(
            connection, opts={"include_object": on_this_database}), metadata)
    assert differences == []


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(app):
    with app.app_context(), storage.get_engine().connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000


def test_servers_starting_together_migrate_once(tmp_path):
    path = tmp_path / "scorer.sqlite"
    make_first_version_database(path)
    apps = [app_on(path) for _ in range(4)]
    barrier = threading.Barrier(len(apps))
    errors = []

    def start(app):
        barrier.wait()
        try:
            with app.app_context():
                storage.list_games()
        except Exception as error:  # noqa: BLE001 - collected for the assertion
            errors.append(error)

    threads = [threading.Thread(target=start, args=(app,)) for app in apps]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with apps[0].app_context():
        assert len(storage.list_games()) == len(OLD_ROWS)
