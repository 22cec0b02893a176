"""Cheap answers (issue 31, issue 28 item 5): the live pad's 304 costs one indexed read, a changed
pad is drawn once per revision and language whichever phone asks, the group page's figures are
kept per results revision, the group report per group revision, and static files are kept for good under
versioned names. Every cache stays right when another server changes the game (the revision is
in its key), and a busy report answers the view's Retry-After, not the rate limiter's minute.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from sqlalchemy import event

from scorer import create_app, storage
from scorer.groups import service as groups_service
from scorer.safety import render_slots
from scorer.storage.connect import get_engine
from tests.conftest import dispose
from tests.helpers import game, player

CITIES = [player("Ada", "gizah", cards=["lumber-yard"], coins=3),
          player("Bob", "babylon", coins=4), player("Cy", "rhodes", coins=2)]


@pytest.fixture
def game_id(app):
    with app.app_context():
        return storage.create_game(game(*CITIES), "Cached")


@contextmanager
def counted_statements(app):
    """The SQL statements the app sends while the block runs: through SQLAlchemy Core, and
    through the driver's own cursor (:mod:`scorer.storage.driver`: saves, the games' stamps)."""
    from scorer.storage import driver

    seen: list[str] = []
    with app.app_context():
        engine = get_engine()

    def count(_conn, _cursor, statement, *_args):
        seen.append(statement)

    class Counted:
        def __init__(self, cursor):
            self._cursor = cursor

        def execute(self, statement, *args):
            seen.append(statement)
            return self._cursor.execute(statement, *args)

        def __getattr__(self, name):
            return getattr(self._cursor, name)

    original = driver.cursor

    @contextmanager
    def counted_cursor(connection):
        with original(connection) as cursor:
            yield Counted(cursor)

    event.listen(engine, "before_cursor_execute", count)
    driver.cursor = counted_cursor
    try:
        yield seen
    finally:
        driver.cursor = original
        event.remove(engine, "before_cursor_execute", count)


@contextmanager
def counted_calls(monkeypatch, module, name):
    calls = []
    original = getattr(module, name)

    def counting(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    yield calls


def test_an_unchanged_live_pad_is_one_indexed_read_and_no_drawing(app, client, game_id, monkeypatch):
    from scorer.web import games as game_pages

    first = client.get(f"/games/{game_id}/live")
    assert first.status_code == 200
    etag = first.headers["ETag"]
    with counted_statements(app) as statements, \
            counted_calls(monkeypatch, game_pages, "score_game") as scored, \
            counted_calls(monkeypatch, game_pages, "render_template") as rendered:
        again = client.get(f"/games/{game_id}/live", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert scored == [] and rendered == []
    queries = [s for s in statements if s.strip().upper() not in ("BEGIN", "COMMIT", "ROLLBACK")]
    reads = [s for s in queries if s.lstrip().upper().startswith("SELECT")]
    assert len(queries) == 1 and len(reads) == 1, statements
    assert "document" not in reads[0] and "public_id" in reads[0]


def test_a_changed_pad_is_drawn_once_for_every_phone_of_a_language(app, game_id, monkeypatch):
    from scorer.web import games as game_pages

    phones = [app.test_client() for _ in range(7)]
    with counted_calls(monkeypatch, game_pages, "score_game") as scored:
        for phone in phones:
            assert phone.get(f"/games/{game_id}/live").status_code == 200
        assert len(scored) == 1
        for phone in phones:
            assert phone.get(f"/games/{game_id}").status_code == 200  # the page shares it
        assert len(scored) == 1
        polish = phones[0].get(f"/games/{game_id}/live", headers={"Accept-Language": "pl"})
        assert polish.status_code == 200 and len(scored) == 2
        with app.app_context():
            storage.modify_game(game_id, lambda d: {**d, "players": [
                {**d["players"][0], "coins": 9}, *d["players"][1:]]})
        changed = phones[1].get(f"/games/{game_id}/live").get_data(as_text=True)
        assert len(scored) == 3
    assert "9 coins" in changed or "9" in changed


def test_each_phone_still_sees_its_own_city_and_only_the_owner_its_buttons(app, client, game_id):
    from tests.helpers import own

    own(app, client, game_id)
    owner = client.get(f"/games/{game_id}").get_data(as_text=True)
    stranger = app.test_client().get(f"/games/{game_id}").get_data(as_text=True)
    assert "Delete" in owner and "Delete" not in stranger
    assert "<!--pad-part-->" not in owner and "<!--pad-part-->" not in stranger


def test_a_lock_changes_the_shared_pad_though_not_the_revision(app, client, game_id):
    before = client.get(f"/games/{game_id}/live")
    assert "Edit the cities" in before.get_data(as_text=True)
    with app.app_context():
        storage.set_locked(game_id, True)
    after = client.get(f"/games/{game_id}/live", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and "Edit the cities" not in after.get_data(as_text=True)


def test_another_server_changing_the_game_is_seen_here(tmp_path):
    """Two app instances on one database, as two gunicorn workers or two hosts: the change event
    reaches one of them only; the revision in the key keeps the other right."""
    config = {"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
              "DATABASE": str(tmp_path / "shared.sqlite")}
    here, there = create_app(config), create_app(config)
    try:
        with here.app_context():
            game_id = storage.create_game(game(*CITIES), "Two servers")
        reader = here.test_client()
        first = reader.get(f"/games/{game_id}/live").get_data(as_text=True)
        with there.app_context():
            storage.modify_game(game_id, lambda d: {**d, "players": [
                d["players"][0], {**d["players"][1], "name": "Bobby"}, d["players"][2]]})
        second = reader.get(f"/games/{game_id}/live").get_data(as_text=True)
        assert "Bobby" not in first and "Bobby" in second
    finally:
        dispose(here)
        dispose(there)


@pytest.fixture
def group(app):
    with app.app_context():
        made = groups_service.create("Thursdays", None)
        for _ in range(3):
            game_id = storage.create_game(game(*CITIES), "night")
            groups_service.add_game(made, game_id)
        return made


def test_the_group_page_draws_its_figures_once_per_results_revision(app, client, group,
                                                                    monkeypatch):
    from scorer.web import group_cache

    with counted_calls(monkeypatch, group_cache, "statistics") as counted, \
            counted_calls(monkeypatch, group_cache, "group_charts") as drawn:
        for _ in range(3):
            assert client.get(f"/groups/{group.id}").status_code == 200
        assert len(counted) == 1 and len(drawn) == 1
        assert client.get(f"/groups/{group.id}?players=3").status_code == 200  # other filters
        assert len(counted) == 2
        with app.app_context():  # an unfinished game saved: its group's revision rises, but
            game_id = storage.list_games()[0].id  # nothing the statistics count changes
            storage.modify_game(game_id, lambda d: d)
        assert client.get(f"/groups/{group.id}").status_code == 200
        assert len(counted) == 2 and len(drawn) == 2

        def finish(document):
            for city in document["players"]:
                city["entered"] = True
            return document

        with app.app_context():  # the game completes: its results count
            storage.modify_game(game_id, finish)
        assert "Ada" in client.get(f"/groups/{group.id}").get_data(as_text=True)
        assert len(counted) == 3 and len(drawn) == 3
        with app.app_context():
            groups_service.merge(groups_service.load(group.id), "Ada", "Bob")
        assert client.get(f"/groups/{group.id}").status_code == 200  # a merge: a new revision
        assert len(counted) == 4


def test_the_group_report_is_kept_per_revision_and_counted_only_when_drawn(app, client, group,
                                                                           monkeypatch):
    from scorer.pdf import group_report

    with counted_calls(monkeypatch, group_report, "report_pdf") as drawn:
        first = client.get(f"/groups/{group.id}/report.pdf")
        second = client.get(f"/groups/{group.id}/report.pdf")
        assert first.status_code == second.status_code == 200 and first.data == second.data
        assert len(drawn) == 1
        client.get(f"/groups/{group.id}/report.pdf", headers={"Accept-Language": "nl"})
        assert len(drawn) == 2
        with app.app_context():
            groups_service.rename(groups_service.load(group.id), "Fridays")
        client.get(f"/groups/{group.id}/report.pdf")
        assert len(drawn) == 3


def test_a_busy_report_says_retry_after_two_seconds_even_under_the_rate_limit(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path / "busy.sqlite"), "RATELIMIT_ENABLED": True,
                      "PDF_RENDER_SLOTS": 1, "PDF_RENDER_WAIT": 0.05})
    try:
        with app.app_context():
            made = groups_service.create("Busy", None)
            game_id = storage.create_game(game(*CITIES), "night")
            groups_service.add_game(made, game_id)
        client = app.test_client()
        with app.test_request_context(), render_slots.render_slot():  # another worker draws
            answer = client.get(f"/groups/{made.id}/report.pdf")
            sheet = client.get(f"/games/{game_id}/sheet.pdf")
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
        assert sheet.status_code == 503 and sheet.headers["Retry-After"] == "2"
    finally:
        dispose(app)


def test_static_files_are_kept_for_good_under_versioned_names(client):
    html = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/app\.css\?v=[0-9a-f]{10})"', html).group(1)
    with client.get(css) as kept:
        assert kept.status_code == 200
        assert kept.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    for unversioned in ("/static/app.css", "/static/app.css?v=0000000000"):
        with client.get(unversioned) as answer:
            assert answer.headers["Cache-Control"] == "no-cache"


def test_a_report_kept_for_a_deleted_group_never_reaches_the_group_given_its_pk(app, client):
    """SQLite gives a deleted group's pk to the next group made; a server that never heard of
    the deletion (its event went to another server) still holds the old group's report."""
    from scorer.storage.events import group_changed
    from tests.web.test_pdf_pad import text_of

    with app.app_context():
        first = groups_service.create("Tuesday club", None)
    assert "Tuesday club" in text_of(client.get(f"/groups/{first.id}/report.pdf").data)
    with app.app_context(), group_changed.muted():
        assert groups_service.delete(first)
        second = groups_service.create("Friday club", None)
    assert (second.pk, second.revision) == (first.pk, first.revision)
    report = text_of(client.get(f"/groups/{second.id}/report.pdf").data)
    assert "Friday club" in report and "Tuesday club" not in report
