"""``POST /api/v1/score``: 200 with the report, 422 with every problem, 400, never 500."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scorer import create_app
from scorer.engine.rules import load_catalog
from scorer.engine.validation import parse_game
from tests.helpers import game, player

URL = "/api/v1/score"


def valid_game() -> dict:
    return game(
        player("Ada", "alexandria", "A", 3, coins=14,
               cards=["altar", "aqueduct", "town-hall", "chamber-of-commerce", "loom",
                      "glassworks", "scriptorium", "library", "spies-guild"],
               victory_1=1, victory_3=1, victory_5=1, defeat=3),
        player("Bob", "olympia", "B", 3, coins=5, cards=["stockade", "walls", "lumber-yard"],
               victory_1=1),
        player("Cy", "babylon", "A", 2, cards=["apothecary", "scientists-guild"], defeat=2),
        player("Di", "gizah", "B", 4, coins=2, cards=["haven", "ore-vein", "forum"]),
    )


def post(client, body, **kwargs):
    if not isinstance(body, (bytes, str)):
        body = json.dumps(body)
    return client.post(URL, data=body, content_type="application/json", **kwargs)


def test_valid_game_answers_200_with_the_report(client):
    answer = post(client, valid_game())
    assert answer.status_code == 200
    assert answer.mimetype == "application/json"
    report = answer.json
    assert report["categories"] == ["military", "coins", "wonder", "civilian", "science",
                                    "commercial", "guilds"]
    assert [p["name"] for p in report["players"]] == ["Ada", "Bob", "Cy", "Di"]
    ada = report["players"][0]
    assert ada["scores"]["military"] == 6 and ada["scores"]["civilian"] == 13
    assert report["players"][1]["copied_guild"] in ("spies-guild", "scientists-guild")
    assert report["winners"] == [p["name"] for p in report["players"] if p["rank"] == 1]


def test_json_helper_and_charset_are_accepted(client):
    assert client.post(URL, json=valid_game()).status_code == 200
    answer = client.post(URL, data=json.dumps(valid_game()).encode(),
                         content_type="text/plain; charset=utf-8")
    assert answer.status_code == 200


def test_invalid_game_answers_422_with_every_error(client):
    doc = valid_game()
    doc["players"][0]["cards"].append("lumberyard")
    doc["players"][2]["side"] = "C"
    doc["players"][3]["coins"] = -1
    answer = post(client, doc)
    assert answer.status_code == 422
    assert answer.json == {"errors": [
        {"path": "players[0].cards[9]", "code": "unknown_card",
         "message": "Unknown card 'lumberyard'."},
        {"path": "players[2].side", "code": "unknown_side",
         "message": "Unknown side 'C': a wonder has side \"A\" or \"B\"."},
        {"path": "players[3].coins", "code": "negative_value",
         "message": "players[3].coins cannot be negative (got −1)."},
    ]}


@pytest.mark.parametrize("body", [b"", b"not json", b"{\"players\": [", b"\xff\xfe{}", b"[]",
                                  b"\"game\"", b"null", b"3", b"[" * 100000])
def test_body_not_a_json_object_answers_400(client, body):
    answer = post(client, body)
    assert answer.status_code == 400
    (error,) = answer.json["errors"]
    assert error["path"] == "" and error["code"] in ("invalid", "invalid_json")
    assert error["message"]


def test_get_is_not_allowed(client):
    assert client.get(URL).status_code == 405


def test_no_csrf_token_needed(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db")})
    assert post(app.test_client(), valid_game()).status_code == 200


def test_nan_and_huge_numbers_are_422_not_500(client):
    doc = valid_game()
    doc["players"][0]["coins"] = float("nan")
    doc["players"][1]["stages"] = 10 ** 40
    doc["players"][2]["tokens"] = {"defeat": float("inf")}
    answer = post(client, doc)
    assert answer.status_code == 422
    assert [e["code"] for e in answer.json["errors"]] == ["invalid", "too_many_stages", "invalid"]


def test_huge_coin_count_is_refused_with_a_clear_error(client):
    """Issue 12: coins have an upper bound no game reaches (999), not 10^4000 accepted."""
    doc = valid_game()
    doc["players"][3]["coins"] = 10 ** 4000
    answer = post(client, doc)
    assert answer.status_code == 422
    (error,) = answer.json["errors"]
    assert error["path"] == "players[3].coins" and "at most 999 coins" in error["message"]


# ---------------------------------------------------------------------------------------
# Property test: thousands of malformed documents, never a 500.

CATALOG = load_catalog()
NEAR_MISSES = st.sampled_from([*CATALOG.card_ids, *CATALOG.wonders, "A", "B", "first",
                               "second", "defeat", "victory_5", "players", "cards", "",
                               "loom-age3", "Ada", "free_city", "day", "night", "ludus",
                               "decorators-guild", "id", "entered", "expansions"])
SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(10 ** 30), max_value=10 ** 30)
           | st.sampled_from([0, -1, 7, 8, 2 ** 63, -(10 ** 100), 10 ** 4000])
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=50) | NEAR_MISSES)
JUNK = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5)
                    | st.dictionaries(st.text(max_size=10) | NEAR_MISSES, inner, max_size=5),
                    max_leaves=12)


def slots(node, found):
    """Every (container, key) inside a document, so a mutation can reach any of them."""
    if isinstance(node, dict):
        for key, value in node.items():
            found.append((node, key))
            slots(value, found)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.append((node, index))
            slots(value, found)
    return found


def valid_second_edition_game() -> dict:
    return {"edition": "second", "players": [
        player("Ada", "gizah", "night", 4, coins=9,
               cards=["decorators-guild", "ludus", "barracks", "well", "theater", "gardens"],
               victory_5=1),
        player("Bob", "babylon", "night", 2, cards=["apothecary", "workshop", "castrum"]),
        player("Cy", "olympia", "day", 2, cards=["stockade", "scientists-guild"], coins=5),
        player("Di", "ephesos", "day"), player("Ed", "rhodes", "night", 2)]}


@st.composite
def malformed(draw):
    doc = copy.deepcopy(draw(st.sampled_from([valid_game(), valid_second_edition_game()])))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        places = slots(doc, [])
        operation = draw(st.sampled_from(["replace", "replace", "delete", "add", "repeat",
                                          "root"]))
        if operation == "root" or not places:
            doc = draw(JUNK)
            continue
        container, key = draw(st.sampled_from(places))
        if operation == "replace":
            container[key] = draw(JUNK)
        elif operation == "delete":
            del container[key]
        elif operation == "add":
            if isinstance(container, dict):
                container[draw(st.text(max_size=10) | NEAR_MISSES)] = draw(JUNK)
            else:
                container.insert(key, draw(JUNK))
        elif isinstance(container, list):
            container.append(copy.deepcopy(container[key]))
        else:
            container[key] = [container[key], copy.deepcopy(container[key])]
    return doc


@pytest.fixture(scope="module")
def shared_client(tmp_path_factory):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False,
                      "DATABASE": str(tmp_path_factory.mktemp("api") / "test.sqlite")})
    return app.test_client()


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=malformed())
def test_malformed_documents_never_answer_500(shared_client, document):
    answer = post(shared_client, document)
    event(f"status {answer.status_code}")
    assert answer.status_code in (200, 400, 422), answer.data[:500]
    body = answer.json
    if not isinstance(document, dict):
        assert answer.status_code == 400
    elif answer.status_code == 200:
        assert parse_game(document)[1] == []
        assert len(body["players"]) == len(document["players"])
    else:
        assert answer.status_code == 422
        assert body["errors"] and all(e["code"] and isinstance(e["path"], str) and e["message"]
                                      for e in body["errors"])


@settings(max_examples=300, deadline=None)
@given(body=st.binary(max_size=200))
def test_random_bytes_never_answer_500(shared_client, body):
    assert post(shared_client, body).status_code in (400, 422)


def test_api_routing_errors_answer_json_not_html(client):
    wrong_method = client.get("/api/v1/score")
    assert wrong_method.status_code == 405 and wrong_method.is_json
    assert wrong_method.json["errors"][0]["code"] == "http_error"
    missing = client.post("/api/v1/nothing", json={})
    assert missing.status_code == 404 and missing.is_json
    too_big = client.post("/api/v1/score", data=b"[" * (2 * 1024 * 1024),
                          content_type="application/json")
    assert too_big.status_code == 413 and too_big.is_json
