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
