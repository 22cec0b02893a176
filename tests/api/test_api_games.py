"""Saved games as JSON: create, read with the score report and ETag, and one city read and
replaced with If-Match (412 when stale, 428 without)."""

from __future__ import annotations

import pytest

from tests.helpers import game, player

ADA = player("Ada", "alexandria", cards=["altar", "aqueduct"], coins=5)


@pytest.fixture
def created(client):
    answer = client.post("/api/v1/games", json=game(ADA, player("Bob", "gizah"), player("Cy", "rhodes")))
    assert answer.status_code == 201, answer.json
    return answer


def test_create_answers_the_id_urls_and_player_ids(created):
    body = created.json
    game_id = body["id"]
    assert body["url"] == f"http://localhost/games/{game_id}"
    assert body["api_url"] == created.headers["Location"] == f"http://localhost/api/v1/games/{game_id}"
    assert [p["name"] for p in body["players"]] == ["Ada", "Bob", "Cy"]
    assert len({p["id"] for p in body["players"]}) == 3
    ada = body["players"][0]
    assert ada["url"] == f"http://localhost/games/{game_id}/players/{ada['id']}"
    assert ada["entered"] is True and ada["buildings"] == 2  # a game posted whole is entered


def test_create_keeps_ids_and_entered_flags_the_client_chose(client):
    document = game({**ADA, "id": "ada"}, {**player("Bob", "gizah"), "entered": False},
                    player("Cy", "rhodes"))
    body = client.post("/api/v1/games", json=document).json
    assert body["players"][0]["id"] == "ada"
    assert [p["entered"] for p in body["players"]] == [True, False, True]
    read = client.get(f"/api/v1/games/{body['id']}").json
    assert read["complete"] is False and read["waiting_for"] == ["Bob"]


@pytest.mark.parametrize("ids, code", [(["a b", "b", "c"], "invalid"), (["x", "x", "c"], "duplicate_id"),
                                       (["1", "b", "c"], "invalid")])
def test_create_refuses_bad_or_duplicate_ids(client, ids, code):
    players = [{**player(name, wonder), "id": pid}
               for pid, (name, wonder) in zip(ids, [("A", "gizah"), ("B", "rhodes"), ("C", "babylon")],
                                              strict=True)]
    answer = client.post("/api/v1/games", json=game(*players))
    assert answer.status_code == 422
    assert code in [error["code"] for error in answer.json["errors"]]


def test_create_refuses_an_invalid_game_with_every_problem(client):
    answer = client.post("/api/v1/games", json=game(player("Ada", "atlantis"), player("Ada", "gizah")))
    assert answer.status_code == 422
    codes = {error["code"] for error in answer.json["errors"]}
    assert {"unknown_wonder", "player_count"} <= codes
    assert client.post("/api/v1/games", data="nope", content_type="application/json").status_code == 400


def test_read_answers_document_report_and_an_etag_with_304(client, created):
    game_id = created.json["id"]
    answer = client.get(f"/api/v1/games/{game_id}")
    assert answer.status_code == 200
    body = answer.json
    assert [p["name"] for p in body["document"]["players"]] == ["Ada", "Bob", "Cy"]
    assert all("id" in p for p in body["document"]["players"])
    assert body["report"]["players"][0]["scores"]["civilian"] == 7
    assert body["complete"] is True and body["waiting_for"] == []
    etag = answer.headers["ETag"]
    assert client.get(f"/api/v1/games/{game_id}", headers={"If-None-Match": etag}).status_code == 304
    dutch = client.get(f"/api/v1/games/{game_id}", headers={"Accept-Language": "nl"})
    assert dutch.headers["ETag"] != etag and "Accept-Language" in dutch.headers["Vary"]


def test_unknown_game_or_player_is_404(client, created):
    assert client.get("/api/v1/games/nope").status_code == 404
    assert client.get(f"/api/v1/games/{created.json['id']}/players/nobody").status_code == 404
    answer = client.put(f"/api/v1/games/{created.json['id']}/players/nobody", json={},
                        headers={"If-Match": "*"})
    assert answer.status_code == 404 and answer.json["errors"][0]["code"] == "not_found"


def city_url(created, seat=1):
    return f"/api/v1/games/{created.json['id']}/players/{created.json['players'][seat]['id']}"


def test_city_has_its_own_etag(client, created):
    answer = client.get(city_url(created))
    assert answer.status_code == 200
    assert answer.json["name"] == "Bob" and answer.json["id"] == created.json["players"][1]["id"]
    etag = answer.headers["ETag"]
    assert client.get(city_url(created), headers={"If-None-Match": etag}).status_code == 304
    assert client.get(city_url(created, 0)).headers["ETag"] != etag


def test_put_needs_if_match(client, created):
    answer = client.put(city_url(created), json={"cards": ["baths"]})
    assert answer.status_code == 428
    assert answer.json["errors"][0]["code"] == "precondition_required"


def test_put_replaces_the_city_and_answers_the_new_etag(client, created):
    etag = client.get(city_url(created)).headers["ETag"]
    answer = client.put(city_url(created), json={"cards": ["baths"], "coins": 4, "tokens": {"defeat": 1}},
                        headers={"If-Match": etag})
    assert answer.status_code == 200, answer.json
    assert answer.json["cards"] == ["baths"] and answer.json["stages"] == 0
    assert answer.json["name"] == "Bob" and answer.json["entered"] is True
    assert answer.headers["ETag"] != etag
    game_body = client.get(created.json["api_url"]).json
    assert game_body["report"]["players"][1]["scores"]["civilian"] == 3
    assert game_body["document"]["players"][0]["cards"] == ["altar", "aqueduct"]  # Ada untouched


def test_stale_put_answers_412_with_the_current_city(client, created):
    etag = client.get(city_url(created)).headers["ETag"]
    first = client.put(city_url(created), json={"cards": ["baths"]}, headers={"If-Match": etag})
    assert first.status_code == 200
    stale = client.put(city_url(created), json={"cards": ["altar"]}, headers={"If-Match": etag})
    assert stale.status_code == 412
    assert stale.json["errors"][0]["code"] == "stale"
    assert stale.json["current"]["cards"] == ["baths"]
    assert stale.headers["ETag"] == first.headers["ETag"]
    assert client.get(city_url(created)).json["cards"] == ["baths"]


def test_put_with_star_overwrites_whatever_is_there(client, created):
    answer = client.put(city_url(created), json={"coins": 2}, headers={"If-Match": "*"})
    assert answer.status_code == 200 and answer.json["coins"] == 2


def test_put_refuses_a_city_the_game_does_not_allow_with_paths_in_the_body(client, created):
    etag = client.get(city_url(created)).headers["ETag"]
    answer = client.put(city_url(created), json={"cards": ["baths", "atlantis"], "stages": 9},
                        headers={"If-Match": etag})
    assert answer.status_code == 422
    paths = {(error["path"], error["code"]) for error in answer.json["errors"]}
    assert ("cards[1]", "unknown_card") in paths and ("stages", "too_many_stages") in paths
    assert client.get(city_url(created)).headers["ETag"] == etag  # nothing saved


def test_put_cannot_change_the_seat_or_add_unknown_fields(client, created):
    current = client.get(city_url(created))
    etag = current.headers["ETag"]
    same = client.put(city_url(created), json={**current.json, "coins": 1}, headers={"If-Match": etag})
    assert same.status_code == 200  # repeating the seat (what GET gave) is fine
    etag = same.headers["ETag"]
    renamed = client.put(city_url(created), json={"name": "Robert"}, headers={"If-Match": etag})
    assert renamed.status_code == 422 and renamed.json["errors"][0]["path"] == "name"
    unknown = client.put(city_url(created), json={"colour": "red"}, headers={"If-Match": etag})
    assert unknown.status_code == 422 and unknown.json["errors"][0]["path"] == "colour"


def test_pages_and_api_share_one_save_path(app, client, created):
    """A city saved through the API makes a city page opened before it out of date."""
    from tests.helpers import city_version

    game_id = created.json["id"]
    page_version = city_version(app, game_id, 1)
    etag = client.get(city_url(created)).headers["ETag"]
    client.put(city_url(created), json={"cards": ["baths"]}, headers={"If-Match": etag})
    page = client.post(f"/games/{game_id}/players/{created.json['players'][1]['id']}",
                       data={"cards": ["lumber-yard"], "stages": "0", "coins": "0", "victory_1": "0",
                             "victory_3": "0", "victory_5": "0", "defeat": "0", "action": "pad",
                             "version": page_version})
    assert page.status_code == 409


def test_no_csrf_token_needed(tmp_path):
    from scorer import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": str(tmp_path / "c.sqlite")})
    client = app.test_client()
    created = client.post("/api/v1/games", json=game(ADA, player("Bob", "gizah"), player("Cy", "rhodes")))
    assert created.status_code == 201
    url = f"/api/v1/games/{created.json['id']}/players/{created.json['players'][2]['id']}"
    assert client.put(url, json={"coins": 1}, headers={"If-Match": "*"}).status_code == 200
