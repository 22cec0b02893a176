"""PostgreSQL's connection pool (issue 31, capacity): a connection for each of the worker's
threads (threads no longer wait for one, nor open and close one per request beyond the fifth),
taken from the pool without a round trip to the server, and a connection the server closed
meanwhile (a restart) is replaced, never a failed request."""

from __future__ import annotations

import pytest

from scorer import create_app, storage
from tests.conftest import dispose

pytestmark = pytest.mark.postgresql


@pytest.fixture
def server_app(postgres_cluster):
    made = []

    def make(**config):
        app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": url,
                          "WTF_CSRF_ENABLED": False, **config})
        made.append(app)
        return app

    with postgres_cluster.fresh_schema() as url:
        yield make
        for app in made:
            dispose(app)


def test_the_pool_holds_a_connection_for_each_thread(server_app):
    with server_app().app_context():
        assert storage.get_engine().pool.size() == 16  # gunicorn's threads by default
    with server_app(SERVER_THREADS=8).app_context():
        assert storage.get_engine().pool.size() == 8
    with server_app(SERVER_THREADS=8, DATABASE_POOL_SIZE=3).app_context():
        assert storage.get_engine().pool.size() == 3


def test_taking_a_pooled_connection_asks_the_server_nothing(server_app, monkeypatch):
    with server_app().app_context():
        public_id = storage.create_game({"players": [{"name": "Ada", "coins": 1}]})
        engine = storage.get_engine()
        pings = []
        real = engine.dialect.do_ping
        monkeypatch.setattr(engine.dialect, "do_ping",
                            lambda connection: pings.append(connection) or real(connection))
        for _ in range(3):
            assert storage.load_game(public_id) is not None
            assert storage.game_stamp(public_id).revision == 1
        assert pings == []


def test_connections_the_server_closed_are_replaced_without_a_failure(server_app,
                                                                      postgres_cluster):
    app = server_app()
    with app.app_context():
        public_id = storage.create_game({"players": [{"name": "Ada", "coins": 1}]})
        engine = storage.get_engine()
        held = [engine.connect() for _ in range(3)]
        pids = [connection.connection.dbapi_connection.info.backend_pid for connection in held]
        for connection in held:
            connection.close()
        # what a restart does to every connection: the backends are gone (waited for, 5 s)
        postgres_cluster.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity "
            f"WHERE pid IN ({', '.join(map(str, pids))})")
        for _ in range(4):
            assert storage.load_game(public_id).document["players"][0]["coins"] == 1
        saved = storage.modify_game(public_id, lambda document: {
            "players": [{"name": "Ada", "coins": document["players"][0]["coins"] + 1}]})
        assert saved.revision == 2
    answer = app.test_client().get(f"/games/{public_id}")
    assert answer.status_code == 200


def test_a_poll_and_a_load_read_outside_a_transaction(server_app, monkeypatch):
    """One round trip each (until now BEGIN, the read, and ROLLBACK when the connection went
    back to the pool): a group's row, a poll's stamp, a game, the games of a group's page, its
    merges, recent names and the games' moments; the connection then serves a save in a
    transaction again."""
    from contextlib import contextmanager

    from psycopg.pq import TransactionStatus
    from sqlalchemy import event

    from scorer.groups import moments, recent
    from scorer.storage import driver, groups, merges

    with server_app().app_context():
        group = groups.create_group("Club")
        public_id = storage.create_game({"players": [{"name": "Ada", "coins": 1}]},
                                        group_pk=group.pk)
        engine = storage.get_engine()
        statuses = []

        def after(connection, *_args):
            statuses.append(connection.connection.dbapi_connection.info.transaction_status)

        real = driver.cursor

        @contextmanager
        def watched(connection):  # the reads made through the driver's own cursor
            with real(connection) as cursor:
                yield cursor
            after(connection)

        monkeypatch.setattr(driver, "cursor", watched)
        event.listen(engine, "after_cursor_execute", after)
        try:
            assert groups.load_group(group.id).name == "Club"
            assert storage.game_stamp(public_id).revision == 1
            loaded = storage.load_game(public_id)
            assert [found.id for found in storage.list_games([public_id])] == [public_id]
            # what a group page reads besides its figures
            assert merges.aliases(group.pk) == {}
            assert set(moments.saved_at([public_id])) == {public_id}
            assert recent.recent_names(groups.load_group(group.id)) == []
        finally:
            event.remove(engine, "after_cursor_execute", after)
            monkeypatch.undo()
        with engine.connect() as connection:  # the pooled connections read this way
            raw = connection.connection.dbapi_connection
            assert raw.autocommit is False
            connection.exec_driver_sql("SELECT 1")
            assert raw.info.transaction_status == TransactionStatus.INTRANS
        assert len(statuses) >= 8 and set(statuses) == {TransactionStatus.IDLE}, statuses
        # the reads left no transaction behind them: nothing to roll back
        saved = storage.modify_game(public_id, lambda document: {
            "players": [{"name": "Ada", "coins": document["players"][0]["coins"] + 1}]},
            loaded=loaded)
        assert saved.revision == 2 and storage.game_stamp(public_id).revision == 2
