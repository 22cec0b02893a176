"""No lost update with real interleavings: phones saving at the same moment against a running
server (a threaded WSGI server on 127.0.0.1, one thread per request), 100 trials each.

Each trial starts the requests together behind a barrier, so the server handles them at the
same time; every save must land, in the right player's city, or be refused as out of date.
"""

from __future__ import annotations

import http.client
import json
import re
import threading
import urllib.parse

import pytest
from werkzeug.serving import make_server

from scorer import create_app
from scorer.games.service import city_version
from tests.helpers import game, player

TRIALS = 100


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = create_app({"TESTING": True, "SECRET_KEY": "race", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path_factory.mktemp("race") / "race.sqlite")})
    served = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=served.serve_forever, daemon=True)
    thread.start()
    yield served.server_port
    served.shutdown()
    thread.join()
    served.server_close()


def request(port: int, method: str, path: str, form: dict | None = None, body: object = None,
            headers: dict | None = None) -> tuple[int, dict, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = dict(headers or {})
    payload = None
    if form is not None:
        payload = urllib.parse.urlencode(form, doseq=True)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    elif body is not None:
        payload = json.dumps(body)
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=payload, headers=headers)
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    return response.status, {name.lower(): value for name, value in response.getheaders()}, text


def new_game(port: int) -> dict:
    document = game(player("Ada", "alexandria"), player("Bob", "gizah"), player("Cy", "rhodes"))
    for city in document["players"]:
        city["entered"] = False
    status, _headers, text = request(port, "POST", "/api/v1/games", body=document)
    assert status == 201, text
    return json.loads(text)


def page_version(port: int, game_id: str, player_id: str) -> str:
    """The version a city page opened now carries (read from the API: a page costs more)."""
    status, _headers, text = request(port, "GET", f"/api/v1/games/{game_id}/players/{player_id}")
    assert status == 200
    return city_version(json.loads(text))


def city_form(cards: list[str], version: str, coins: int = 0) -> dict:
    return {"cards": cards, "stages": "0", "coins": str(coins), "victory_1": "0", "victory_3": "0",
            "victory_5": "0", "defeat": "0", "action": "pad", "version": version}


def together(port: int, *calls: tuple[str, str, dict]):
    """Send the requests ``(method, path, options)`` at the same moment (a barrier), each from
    its own thread; their answers in order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(position, method, path, options):
        barrier.wait()
        results[position] = request(port, method, path, **options)

    threads = [threading.Thread(target=run, args=(i, *call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def stored(port: int, game_id: str) -> list[dict]:
    status, _headers, text = request(port, "GET", f"/api/v1/games/{game_id}")
    assert status == 200
    return json.loads(text)["document"]["players"]


def test_two_phones_saving_two_cities_at_once_lose_nothing(server):
    lost = 0
    for trial in range(TRIALS):
        created = new_game(server)
        game_id, ids = created["id"], [p["id"] for p in created["players"]]
        versions = [page_version(server, game_id, pid) for pid in ids[:2]]
        answers = together(
            server,
            ("POST", f"/games/{game_id}/players/{ids[0]}",
             {"form": city_form(["altar"], versions[0], coins=trial)}),
            ("POST", f"/games/{game_id}/players/{ids[1]}",
             {"form": city_form(["baths"], versions[1], coins=trial)}))
        assert [status for status, _h, _t in answers] == [302, 302]
        players = stored(server, game_id)
        lost += (players[0]["cards"] != ["altar"]) + (players[1]["cards"] != ["baths"])
        assert players[0]["coins"] == players[1]["coins"] == trial
    assert lost == 0


def test_set_up_saved_while_a_city_is_saved_loses_neither(server):
    lost = 0
    for trial in range(TRIALS):
        created = new_game(server)
        game_id, ids = created["id"], [p["id"] for p in created["players"]]
        version = page_version(server, game_id, ids[0])
        owner = {"X-Owner-Token": created["owner_token"]}  # the set-up is the owner's
        _status, _headers, html = request(server, "GET", f"/games/{game_id}/setup", headers=owner)
        setup_version = re.search(r'name="version" type="hidden" value="([^"]+)"', html).group(1)
        # the set-up turns the table around and renames Ada while Ada saves her city
        seats = {"title": f"Trial {trial}", "count": "3", "action": "save", "version": setup_version}
        for seat, (pid, name, wonder) in enumerate([(ids[2], "Cy", "rhodes"), (ids[1], "Bob", "gizah"),
                                                    (ids[0], "Adeline", "alexandria")]):
            seats.update({f"seats-{seat}-key": pid, f"seats-{seat}-name": name,
                          f"seats-{seat}-wonder": wonder, f"seats-{seat}-side": "A"})
        answers = together(
            server,
            ("POST", f"/games/{game_id}/setup", {"form": seats, "headers": owner}),
            ("POST", f"/games/{game_id}/players/{ids[0]}",
             {"form": city_form(["altar", "loom"], version, coins=7)}))
        assert [status for status, _h, _t in answers] == [302, 302]
        players = stored(server, game_id)
        assert [p["name"] for p in players] == ["Cy", "Bob", "Adeline"]
        lost += players[2]["cards"] != ["altar", "loom"] or players[2]["coins"] != 7
        lost += players[0]["cards"] != [] or players[1]["cards"] != []  # nothing misdirected
    assert lost == 0


def test_the_same_city_saved_twice_at_once_applies_one_and_shows_the_other_back(server):
    for _trial in range(TRIALS):
        created = new_game(server)
        game_id, pid = created["id"], created["players"][0]["id"]
        version = page_version(server, game_id, pid)
        answers = together(
            server,
            ("POST", f"/games/{game_id}/players/{pid}", {"form": city_form(["altar"], version)}),
            ("POST", f"/games/{game_id}/players/{pid}", {"form": city_form(["baths"], version)}))
        statuses = sorted(status for status, _h, _t in answers)
        assert statuses == [302, 409]
        winner = ["altar"] if answers[0][0] == 302 else ["baths"]
        assert stored(server, game_id)[0]["cards"] == winner


def test_api_puts_of_different_cities_at_once_lose_nothing(server):
    lost = 0
    for trial in range(TRIALS):
        created = new_game(server)
        urls = [urllib.parse.urlsplit(p["api_url"]).path for p in created["players"]]
        etags = [request(server, "GET", url)[1]["etag"] for url in urls]
        answers = together(server, *[
            ("PUT", url, {"body": {"coins": trial + index}, "headers": {"If-Match": etag}})
            for index, (url, etag) in enumerate(zip(urls, etags, strict=True))])
        assert [status for status, _h, _t in answers] == [200, 200, 200]
        players = stored(server, created["id"])
        lost += sum(players[index]["coins"] != trial + index for index in range(3))
    assert lost == 0
