"""Issue 12 item 7: one new-game page sent several times (double tap, reload, back) makes one
game, also when the requests reach different server processes at the same moment.

Two apps on one database stand for two gunicorn workers (each has its own engine and pool);
requests start together behind a barrier. The database's unique ``creation_key`` is the only
thing shared between them, so these tests hold on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import re
import threading

import pytest

from scorer import create_app, storage
from tests.conftest import dispose

TAPS = 4
TRIALS = 10


@pytest.fixture
def servers(storage_app):
    second = create_app(dict(storage_app.config))
    yield [storage_app, second]
    dispose(second)


def open_new_game_page(server) -> tuple[str, str]:
    """A browser's first visit: the new-game page; its device cookie and the page's nonce."""
    client = server.test_client()
    html = client.get("/games/new?count=3&edition=first").get_data(as_text=True)
    nonce = re.search(r'name="nonce" type="hidden" value="([^"]+)"', html).group(1)
    return client.get_cookie("device").value, nonce


def page_form(nonce: str | None) -> dict:
    data = {"title": "", "count": "3", "action": "save", "edition": "first"}
    if nonce is not None:
        data["nonce"] = nonce
    for index, name in enumerate(("Ada", "Bob", "Cy")):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": "random",
                     f"seats-{index}-side": "random"})
    return data


def taps_at_once(servers, device: str, data: dict) -> list:
    """The same form posted TAPS times at the same moment, alternately to each server."""
    barrier = threading.Barrier(TAPS)
    answers: list = [None] * TAPS

    def tap(number: int) -> None:
        client = servers[number % len(servers)].test_client()
        client.set_cookie("device", device)
        barrier.wait()
        answers[number] = client.post("/games/new", data=data)

    threads = [threading.Thread(target=tap, args=(number,)) for number in range(TAPS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def game_count(app) -> int:
    with app.app_context():
        return len(storage.list_games())


def test_one_page_tapped_at_once_on_two_servers_makes_one_game(servers):
    for trial in range(1, TRIALS + 1):
        device, nonce = open_new_game_page(servers[trial % 2])
        answers = taps_at_once(servers, device, page_form(nonce))
        assert [answer.status_code for answer in answers] == [302] * TAPS
        assert game_count(servers[0]) == trial
        ids = {re.search(r"/games/([^/]+)", answer.headers["Location"]).group(1)
               for answer in answers}
        assert len(ids) == 1  # every tap lands on the one game made
        # one tap made it (and goes on to the invite); the others were told it was saved
        made = [answer for answer in answers if answer.headers["Location"].endswith("/invite")]
        assert len(made) == 1


def test_control_without_the_page_nonce_every_tap_makes_a_game(servers):
    """The race above would see duplicates: the same taps without the page's nonce make four."""
    device, _nonce = open_new_game_page(servers[0])
    answers = taps_at_once(servers, device, page_form(None))
    assert [answer.status_code for answer in answers] == [302] * TAPS
    assert game_count(servers[0]) == TAPS


def test_another_browser_sending_the_same_page_gets_its_own_game(servers):
    device, nonce = open_new_game_page(servers[0])
    (first,) = taps_at_once(servers[:1], device, page_form(nonce))[:1]
    other_device, _ = open_new_game_page(servers[1])
    second = servers[1].test_client()
    second.set_cookie("device", other_device)
    answer = second.post("/games/new", data=page_form(nonce))
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/invite")
    assert answer.headers["Location"] != first.headers["Location"]
    assert game_count(servers[0]) == 2


def test_the_key_is_a_digest_not_the_nonce_or_device_key(servers):
    device, nonce = open_new_game_page(servers[0])
    taps_at_once(servers[:1], device, page_form(nonce))
    with servers[0].app_context(), storage.get_engine().connect() as connection:
        (key,) = connection.exec_driver_sql("SELECT creation_key FROM game").one()
    assert re.fullmatch(r"[0-9a-f]{64}", key) and nonce not in key and device not in key


def test_create_game_once_finds_the_game_its_key_made(storage_app):
    document = {"players": [{"name": "Ada"}, {"name": "Bob"}, {"name": "Cy"}]}
    with storage_app.app_context():
        made, created = storage.create_game_once(document, creation_key="k" * 64)
        again, created_again = storage.create_game_once(document, creation_key="k" * 64)
        plain = storage.create_game(document)
        other, _ = storage.create_game_once(document, creation_key="j" * 64)
        assert (created, created_again, again) == (True, False, made)
        assert len({made, plain, other}) == 3
        assert len(storage.list_games()) == 3
