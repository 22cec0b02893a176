"""What a save and a load do once only (issue 31, the save's own cost): a save parses its
game's stored text once (the document it writes is returned as written, not parsed back),
and a load reads the row through the driver's cursor, as a save does, not through Core."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import event

from scorer import storage


@pytest.fixture
def ctx(storage_app):
    with storage_app.app_context():
        yield storage_app


def test_a_save_parses_the_stored_document_once(ctx, monkeypatch):
    public_id = storage.create_game({"players": [{"name": "Ada", "coins": 1}]}, "Friday")
    parsed, loads = [], json.loads
    monkeypatch.setattr(storage.json, "loads",
                        lambda text, **options: parsed.append(text) or loads(text, **options))

    def coin(document):
        document["players"][0]["coins"] += 1
        return document

    saved = storage.modify_game(public_id, coin)
    assert len(parsed) == 1
    assert saved.document["players"][0]["coins"] == 2 and saved.revision == 2
    # what the save answered is what a load reads
    monkeypatch.undo()
    loaded = storage.load_game(public_id)
    assert (loaded.document, loaded.title, loaded.revision, loaded.updated_at) == (
        saved.document, saved.title, saved.revision, saved.updated_at)


def test_a_load_reads_its_row_without_core(ctx):
    public_id = storage.create_game({"players": [{"name": "Ada"}]}, "Friday")
    before = storage.load_game(public_id)
    statements = []

    def seen(_connection, statement, *_args):
        statements.append(statement)

    engine = storage.get_engine()
    event.listen(engine, "before_execute", seen)
    try:
        loaded = storage.load_game(public_id)
    finally:
        event.remove(engine, "before_execute", seen)
    assert statements == []
    assert loaded == before
    assert loaded.created_at.tzinfo is not None and loaded.locked is False


def counting_reads(monkeypatch) -> list[bool]:
    """Each read of a game's row (True: under the write lock)."""
    reads, real = [], storage._ask_for_save

    def read(cursor, connection, public_id, *, lock=True):
        reads.append(lock)
        return real(cursor, connection, public_id, lock=lock)

    monkeypatch.setattr(storage, "_ask_for_save", read)
    return reads


def coin(document):
    document["players"][0]["coins"] += 1
    return document


def test_a_save_of_a_game_just_loaded_reads_its_row_once_more(ctx, monkeypatch):
    public_id = storage.create_game({"players": [{"name": "Ada", "coins": 1}]})
    loaded = storage.load_game(public_id)
    reads = counting_reads(monkeypatch)
    saved = storage.modify_game(public_id, coin, loaded=loaded)
    assert reads == [True]  # under the lock only: the change was worked out from ``loaded``
    assert saved.document["players"][0]["coins"] == 2 and saved.revision == 2


def test_a_save_from_a_stale_load_keeps_the_change_made_meanwhile(ctx, monkeypatch):
    public_id = storage.create_game({"players": [{"name": "Ada", "coins": 1}]})
    loaded = storage.load_game(public_id)
    storage.modify_game(public_id, coin)  # another phone's save after the load
    reads = counting_reads(monkeypatch)
    saved = storage.modify_game(public_id, coin, loaded=loaded)
    assert saved.document["players"][0]["coins"] == 3 and saved.revision == 3
    assert reads == [True, False, True]  # found changed under the lock: worked out again
    assert storage.load_game(public_id).document == saved.document


def test_a_city_save_reads_its_games_row_twice(client, app, monkeypatch):
    """The page's load and the write's read under the lock (until now a third read between)."""
    import random

    from tests import helpers

    document = helpers.deal(random.Random(3), 3)
    with app.app_context():
        public_id = storage.create_game(document)
    path, version = helpers.city_path(app, public_id, 0), helpers.city_version(app, public_id, 0)
    reads = counting_reads(monkeypatch)
    answer = client.post(path, data={
        "cards": document["players"][0]["cards"], "stages": "0", "coins": "4", "victory_1": "0",
        "victory_3": "0", "victory_5": "0", "defeat": "0", "action": "pad", "version": version})
    assert answer.status_code in (302, 303), answer.get_data(as_text=True)[-2000:]
    assert reads == [False, True]
    with app.app_context():
        assert storage.load_game(public_id).document["players"][0]["coins"] == 4



@pytest.fixture
def game_updates(ctx, monkeypatch):
    """Each UPDATE of the game table made meanwhile, through Core or the driver's cursor."""
    from contextlib import contextmanager

    from scorer.storage import driver

    seen, real = [], driver.cursor

    class Recording:
        def __init__(self, cursor):
            self._cursor = cursor

        def __getattr__(self, name):
            return getattr(self._cursor, name)

        def execute(self, statement, *args):
            seen.append(statement)
            return self._cursor.execute(statement, *args)

    @contextmanager
    def recording(connection):
        with real(connection) as cursor:
            yield Recording(cursor)

    def core(_connection, _cursor, statement, *_args):
        seen.append(statement)

    monkeypatch.setattr(driver, "cursor", recording)
    engine = storage.get_engine()
    event.listen(engine, "before_cursor_execute", core)
    try:
        yield lambda: [s for s in seen if " ".join(s.split()).startswith("UPDATE game SET")]
    finally:
        event.remove(engine, "before_cursor_execute", core)


def test_a_save_that_changes_the_results_writes_its_game_row_once(ctx, game_updates):
    """Its revision and its results revision rise in one UPDATE: on PostgreSQL each UPDATE of
    the row is a row version of its own (until now a save made two, issue 31)."""
    import random

    from scorer.storage import groups
    from tests import helpers

    group = groups.create_group("Club")
    document = helpers.deal(random.Random(5), 4)
    for city in document["players"]:
        city["entered"] = True
    public_id = storage.create_game(document, group_pk=group.pk)
    before = groups.load_group(group.id)
    written = len(game_updates())
    saved = storage.modify_game(public_id, coin)
    assert len(game_updates()) - written == 1, game_updates()
    after = groups.load_group(group.id)
    assert saved.revision == 2
    assert after.revision > before.revision and after.results_revision > before.results_revision
    same = storage.modify_game(public_id, lambda document: document)  # the same results
    assert same.revision == 3
    assert groups.load_group(group.id).results_revision == after.results_revision
    assert groups.load_group(group.id).revision > after.revision


def test_an_api_city_save_reads_its_games_row_twice(client, monkeypatch):
    """The permission check's load and the write's read under the lock (until now a third
    read between them: the save worked its change out from a read of its own)."""
    from tests.helpers import game, player

    created = client.post("/api/v1/games", json=game(
        player("Ada", "alexandria", cards=["altar"], coins=5), player("Bob", "gizah"),
        player("Cy", "rhodes")))
    assert created.status_code == 201, created.json
    url = f"/api/v1/games/{created.json['id']}/players/{created.json['players'][1]['id']}"
    etag = client.get(url).headers["ETag"]
    reads = counting_reads(monkeypatch)
    answer = client.put(url, json={"cards": ["baths"], "coins": 4}, headers={"If-Match": etag})
    assert answer.status_code == 200, answer.json
    assert reads == [False, True]
    assert answer.json["cards"] == ["baths"] and answer.json["coins"] == 4


def test_a_save_whose_statement_fails_writes_nothing_and_the_next_save_goes_on(ctx, monkeypatch):
    """On PostgreSQL a save's statements go to the server in batches (its writes with its
    COMMIT): one that fails there must roll the whole save back, and leave its connection
    out of the transaction for the next save that takes it from the pool."""
    public_id = storage.create_game({"players": [{"name": "Ada", "coins": 1}]})
    real = storage._write_save

    def failing(cursor, connection, *args):
        real(cursor, connection, *args)
        cursor.execute("SELECT * FROM no_such_table")  # after the game's write, before COMMIT

    monkeypatch.setattr(storage, "_write_save", failing)
    with pytest.raises(Exception, match="no_such_table"):
        storage.modify_game(public_id, coin)
    monkeypatch.undo()
    kept = storage.load_game(public_id)
    assert (kept.revision, kept.document["players"][0]["coins"]) == (1, 1)
    saved = storage.modify_game(public_id, coin)
    assert (saved.revision, saved.document["players"][0]["coins"]) == (2, 2)
    assert storage.load_game(public_id).document == saved.document


def test_a_refused_save_under_the_lock_leaves_the_connection_out_of_its_transaction(ctx):
    """The lock is checked inside the batch (GameLocked raised there): nothing is written,
    and the saves after it, on the connections the pool hands out again, go on."""
    public_id = storage.create_game({"players": [{"name": "Ada", "coins": 1}]})
    loaded = storage.load_game(public_id)
    storage.set_locked(public_id, True)  # after the load: found only under the lock
    with pytest.raises(storage.GameLocked):
        storage.modify_game(public_id, coin, refuse_locked=True, loaded=loaded)
    storage.set_locked(public_id, False)
    for expected in (2, 3, 4):
        assert storage.modify_game(public_id, coin).document["players"][0]["coins"] == expected


def test_a_save_where_the_driver_has_no_pipeline_mode_waits_for_each_statement(ctx, monkeypatch):
    """A libpq older than 14 has no pipeline mode: the save is then the plain write
    transaction, and writes the game and its results as well."""
    import random

    from scorer.storage import driver, results
    from tests import helpers

    monkeypatch.setattr(driver, "_pipelines", lambda _engine: False)
    document = helpers.deal(random.Random(5), 4)
    for city in document["players"]:
        city["entered"] = True
    public_id = storage.create_game(document)
    saved = storage.modify_game(public_id, coin)
    assert saved.revision == 2
    loaded = storage.load_game(public_id)
    assert loaded.document == saved.document
    with storage.get_engine().connect() as connection:
        pk = connection.exec_driver_sql("SELECT id FROM game").scalar()
        assert results.stored(connection, pk) == results.expected(
            loaded.document, loaded.created_at, None)
