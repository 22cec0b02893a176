"""Issues 28 and 31: a flood of PDF or group-page requests must not slow other tables' pads.

The group page has a per-client limit of its own, every PDF answer counts (a cached report
too), a browser with its own key is counted by it (a club's phones share one address) and an
address by all it sends, and a threaded server holds a refusal before answering 429 (at most
``LIMIT_HOLD_MAX`` at once); a sync worker never sleeps."""

from __future__ import annotations

import threading
import time

import pytest

from scorer import create_app, storage
from scorer.groups import service as groups_service
from scorer.safety import limits
from tests.conftest import dispose
from tests.helpers import game, player

CITIES = [player("Ada", "gizah", cards=["lumber-yard"], coins=3), player("Bob", "rhodes"),
          player("Cy", "babylon")]
THREADED = {"wsgi.multithread": True}
SYNC = {"wsgi.multithread": False}


def key(letter: str) -> str:
    return letter * 43  # the shape of a device key (scorer/games/access.py)


@pytest.fixture
def make(tmp_path):
    made = []

    def make(**config):
        app = create_app({"TESTING": True, "SECRET_KEY": "x", "WTF_CSRF_ENABLED": False,
                          "DATABASE": str(tmp_path / "db.sqlite"), "RATELIMIT_ENABLED": True,
                          **config})
        made.append(app)
        with app.app_context():
            group = groups_service.create("Club", None)
            groups_service.add_game(group, storage.create_game(game(*CITIES), "night"))
        return app, group.id

    yield make
    for app in made:
        dispose(app)


def timed(client, path, **options):
    start = time.perf_counter()
    answer = client.get(path, **options)
    return answer, time.perf_counter() - start


def test_the_group_page_has_a_per_client_limit(make):
    app, group = make(LIMIT_GROUP_PAGE="2 per minute")
    client = app.test_client()
    assert [client.get(f"/groups/{group}").status_code for _ in range(3)] == [200, 200, 429]
    refused = client.get(f"/groups/{group}", headers={"Accept-Language": "nl"})
    assert refused.status_code == 429 and "Retry-After" in refused.headers
    assert "Too many requests" not in refused.text  # translated
    other = app.test_client()
    assert other.get(f"/groups/{group}", environ_base={"REMOTE_ADDR": "192.0.2.7"}).status_code == 200


def test_browsers_behind_one_address_each_have_their_own_budget_but_the_address_is_bounded(make):
    app, group = make(LIMIT_GROUP_PAGE="2 per minute", LIMIT_ADDRESS_FACTOR=3)
    page = f"/groups/{group}"
    phones = []
    for letter in "abc":
        phone = app.test_client()
        phone.set_cookie("device", key(letter))
        phones.append(phone)
    assert [phones[0].get(page).status_code for _ in range(3)] == [200, 200, 429]
    assert [phones[1].get(page).status_code for _ in range(3)] == [200, 200, 429]
    assert [phones[2].get(page).status_code for _ in range(2)] == [200, 200]
    # six pages for the address (3 x 2): a client inventing a new key per request gains nothing
    stranger = app.test_client()
    stranger.set_cookie("device", key("z"))
    assert stranger.get(page).status_code == 429
    assert app.test_client().get(page).status_code == 429  # no key: counted by the address


def test_every_pdf_answer_counts_cached_or_drawn(make):
    app, group = make(LIMIT_PDF="5 per minute", LIMIT_PDF_SERVED="3 per minute")
    client = app.test_client()
    answers = [client.get(f"/groups/{group}/report.pdf").status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]  # one drawn, two from the cache, then refused


def test_a_threaded_server_holds_a_refusal_and_a_sync_worker_does_not(make):
    app, group = make(LIMIT_GROUP_PAGE="1 per minute", LIMIT_HOLD=0.4)
    client = app.test_client()
    page = f"/groups/{group}"
    first, _ = timed(client, page, environ_overrides=THREADED)
    assert first.status_code == 200
    held, seconds = timed(client, page, environ_overrides=THREADED)
    assert held.status_code == 429 and held.headers["Retry-After"] and seconds >= 0.4
    at_once, seconds = timed(client, page, environ_overrides=SYNC)
    assert at_once.status_code == 429 and at_once.headers["Retry-After"] and seconds < 0.3


def test_at_most_hold_max_refusals_are_held_at_once(make):
    app, group = make(LIMIT_GROUP_PAGE="1 per minute", LIMIT_HOLD=1.0, LIMIT_HOLD_MAX=1)
    page = f"/groups/{group}"
    assert app.test_client().get(page).status_code == 200
    times = []

    def refused():
        answer, seconds = timed(app.test_client(), page, environ_overrides=THREADED)
        times.append((answer.status_code, seconds))

    threads = [threading.Thread(target=refused) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [status for status, _ in times] == [429] * 3
    assert sum(seconds >= 1.0 for _, seconds in times) == 1  # one held, two answered at once
    assert sorted(seconds for _, seconds in times)[1] < 0.8


def test_the_hold_capacity_leaves_two_threads_free():
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": ":memory:"})
    assert limits.hold_capacity(app) == 2  # no server said: four threads
    app.config["SERVER_THREADS"] = 8
    assert limits.hold_capacity(app) == 6
    app.config["SERVER_THREADS"] = 2
    assert limits.hold_capacity(app) == 1
    app.config["LIMIT_HOLD_MAX"] = 0
    assert limits.hold_capacity(app) == 0
