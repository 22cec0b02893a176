"""The groups' JSON API: create a group, games in it, statistics with filters, results.csv,
and the owner's rename, delete and merge; bad input answers a clear error and changes nothing."""

from __future__ import annotations

import csv
import io
import random

from scorer import storage
from tests import helpers


def make_group(client, name="Thursday"):
    answer = client.post("/api/v1/groups", json={"name": name})
    assert answer.status_code == 201, answer.json
    return answer.json


def test_create_group_answers_its_links_and_owner_token(client):
    body = make_group(client)
    assert set(body) == {"id", "url", "api_url", "name", "owner_token"}
    assert body["name"] == "Thursday" and body["url"].endswith(f"/groups/{body['id']}")
    assert client.get(body["api_url"]).json["games"] == []
    assert client.get(body["url"]).status_code == 200


def test_bad_groups_are_refused_and_nothing_is_made(client, app):
    for payload, status in (({"name": "x" * 10_000}, 422), ({"name": ""}, 422), ({}, 422),
                            ({"name": "ok", "colour": "red"}, 422), ([1], 400)):
        answer = client.post("/api/v1/groups", json=payload)
        assert answer.status_code == status
        assert answer.json["errors"][0]["message"]
    assert "60" in client.post("/api/v1/groups", json={"name": "x" * 10_000}).json["errors"][0]["message"]
    assert client.post("/api/v1/groups", data="{", content_type="application/json").status_code == 400
    from sqlalchemy import func, select

    from scorer.storage.schema import game_group
    with app.app_context(), storage.get_engine().connect() as connection:
        assert connection.execute(select(func.count()).select_from(game_group)).scalar() == 0


def test_unknown_group_is_404_everywhere(client):
    for method, path in (("get", "/api/v1/groups/nope"), ("get", "/api/v1/groups/nope/stats"),
                         ("get", "/api/v1/groups/nope/results.csv"),
                         ("post", "/api/v1/groups/nope/games"), ("delete", "/api/v1/groups/nope")):
        answer = getattr(client, method)(path, json={} if method == "post" else None)
        assert answer.status_code == 404
        assert answer.json["errors"][0]["code"] == "not_found"


def test_games_in_a_group_make_its_statistics_and_csv(client, app):
    group = make_group(client)
    rng = random.Random(5)
    ids = []
    for players in (3, 4, 4):
        document = helpers.deal(rng, players)
        for index, city in enumerate(document["players"]):
            city["name"] = ["Ada", "Bo", "Cy", "Di"][index]
        answer = client.post(f"/api/v1/groups/{group['id']}/games", json=document)
        assert answer.status_code == 201
        assert {"id", "owner_token", "url", "api_url", "players"} <= set(answer.json)
        ids.append(answer.json["id"])
    invalid = client.post(f"/api/v1/groups/{group['id']}/games", json={"players": []})
    assert invalid.status_code == 422
    stats = client.get(f"/api/v1/groups/{group['id']}/stats").json
    assert stats["group"] == {"id": group["id"], "name": "Thursday"}
    assert stats["games"] == 3
    assert sorted(p["name"] for p in stats["players"]) == ["Ada", "Bo", "Cy", "Di"]
    assert {p["name"]: p["games"] for p in stats["players"]}["Di"] == 2
    assert client.get(f"/api/v1/groups/{group['id']}/stats?players=4").json["games"] == 2
    assert client.get(f"/api/v1/groups/{group['id']}/stats?expansions=leaders").json["games"] == 0
    assert client.get(f"/api/v1/groups/{group['id']}/stats?expansions=&edition=first").json["games"] == 3
    table = list(csv.reader(io.StringIO(client.get(f"/api/v1/groups/{group['id']}/results.csv")
                                        .data.decode("utf-8"))))
    assert table[0] == ["date", "game", "seat", "name", "player", "edition", "expansions", "team",
                        "wonder", "side", *[row + "_points" if row == "wonder" else row
                                            for row in stats_rows(stats)], "total", "rank",
                        "team_rank"]
    assert len(set(table[0])) == len(table[0])
    assert len(table) == 1 + 3 + 4 + 4
    assert {row[1] for row in table[1:]} == set(ids)


def stats_rows(stats):
    return [row["row"] for row in stats["rows"]]


def test_bad_filters_name_the_parameter(client):
    group = make_group(client)
    for query, path in (("edition=third", "edition"), ("expansions=catan", "expansions"),
                        ("players=2", "players"), ("players=x", "players"), ("player=4", "player"),
                        ("players=3&players=4", "players")):
        answer = client.get(f"/api/v1/groups/{group['id']}/stats?{query}")
        assert answer.status_code == 422, query
        assert answer.json["errors"][0]["path"] == path
    answer = client.get(f"/api/v1/groups/{group['id']}/results.csv?players=99",
                        headers={"Accept-Language": "nl"})
    assert answer.status_code == 422


def test_only_the_owner_renames_deletes_and_merges(client, app):
    group = make_group(client)
    other = app.test_client()
    url = f"/api/v1/groups/{group['id']}"
    assert other.patch(url, json={"name": "Mine"}).status_code == 403
    assert other.delete(url).status_code == 403
    assert other.post(url + "/aliases", json={"source": "a", "target": "b"}).status_code == 403
    token = {"X-Owner-Token": group["owner_token"]}
    assert other.patch(url, json={"name": "x" * 61}, headers=token).status_code == 422
    assert other.patch(url, json={"name": "Friday"}, headers=token).json["name"] == "Friday"
    same = other.post(url + "/aliases", json={"source": "Ada", "target": "ADA "}, headers=token)
    assert same.status_code == 422 and same.json["errors"][0]["code"] == "same_player"
    played = helpers.game(helpers.player("Ada L.", "gizah"), helpers.player("Bo", "rhodes"),
                          helpers.player("Cy", "babylon"))
    assert other.post(url + "/games", json=played).status_code == 201
    assert other.post(url + "/aliases", json={"source": "Ada L.", "target": "Ada"},
                      headers=token).json == {"name": "Ada"}
    assert client.delete(url).status_code == 204  # the creating browser, by its cookie
    assert client.get(url).status_code == 404
