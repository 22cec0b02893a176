"""A serving process freezes what loading the app left (scorer.serving.heap, issue 31): a full
garbage collection then walks only what requests made since, not the whole app."""

from __future__ import annotations

import gc

from scorer import create_app
from scorer.serving import heap


def test_the_loaded_app_is_frozen_out_of_full_collections(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "h.db")})
    thresholds = gc.get_threshold()
    try:
        heap.settle()
        assert gc.get_freeze_count() > 10_000  # the app's objects and everything loaded before
        assert not any(obj is app.url_map for obj in gc.get_objects(generation=2))
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def test_a_serving_process_collects_less_often():
    before = gc.get_threshold()
    try:
        heap.settle()
        young, middle, old = gc.get_threshold()
        assert (young, middle, old) == heap.THRESHOLDS
        assert young > 700 and old > 10  # the interpreter's own: 700, 10, 10
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


def test_the_table_server_settles_its_heap(monkeypatch, tmp_path):
    import scorer
    from scorer.serving import serve

    calls = []
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "s.db")})
    monkeypatch.setattr(scorer, "create_app", lambda: app)
    monkeypatch.setattr(heap, "settle", lambda: calls.append("settle"))
    monkeypatch.setattr(serve.background, "start", lambda app: calls.append("background"))
    monkeypatch.setattr("waitress.serve", lambda app, **options: calls.append("serve"))
    with open(tmp_path / "out.txt", "w") as out:
        serve.main(["--host", "127.0.0.1", "--port", "8123"], out=out)
    assert calls == ["background", "settle", "serve"]
