"""Issue 22, item 7, on SQLite and PostgreSQL: a retried ``POST /api/v1/games`` with the same
``Idempotency-Key`` and body answers the first game, never a second one; the same key with
another body answers 422."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest

from scorer import storage
from tests.helpers import game, player

ADA = game(player("Ada", "gizah"), player("Bob", "rhodes"), player("Cy", "babylon"))
OTHER = game(player("Dee", "gizah"), player("Bob", "rhodes"), player("Cy", "babylon"))
KEY = {"Idempotency-Key": "0b3c6a0e-8f41-4f7e-9d0e-5d1f0e2a7c11"}


def count(app) -> int:
    with app.app_context():
        return len(storage.list_games())


def test_the_same_key_and_body_answer_the_first_game(storage_app):
    client = storage_app.test_client()
    first = client.post("/api/v1/games", json=ADA, headers=KEY)
    assert first.status_code == 201 and "Idempotent-Replayed" not in first.headers
    # the same body, spaced and ordered otherwise
    again = client.post("/api/v1/games", data=json.dumps(ADA, indent=3, sort_keys=True),
                        content_type="application/json", headers=KEY)
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()  # the same id, urls and owner token
    assert again.headers["Location"] == first.headers["Location"]
    assert count(storage_app) == 1
    # the owner token of the replay works: a program without cookies lost nothing
    token = again.get_json()["owner_token"]
    assert token
    game_id = first.get_json()["id"]
    assert storage_app.test_client().put(f"/api/v1/games/{game_id}/lock",
                                         headers={"X-Owner-Token": token}).status_code == 200


def test_the_same_key_with_another_body_answers_422(storage_app):
    client = storage_app.test_client()
    assert client.post("/api/v1/games", json=ADA, headers=KEY).status_code == 201
    other = client.post("/api/v1/games", json=OTHER, headers=KEY)
    assert other.status_code == 422
    (error,) = other.get_json()["errors"]
    assert error["code"] == "idempotency_key_reused" and error["path"] == "Idempotency-Key"
    assert count(storage_app) == 1
    # another key, or none, creates as before
    assert client.post("/api/v1/games", json=ADA, headers={"Idempotency-Key": "k2"}).status_code == 201
    assert client.post("/api/v1/games", json=ADA).status_code == 201
    assert count(storage_app) == 3


def test_a_key_is_kept_24_hours(storage_app):
    client = storage_app.test_client()
    first = client.post("/api/v1/games", json=ADA, headers=KEY).get_json()["id"]
    with storage_app.app_context(), storage.get_engine().begin() as connection:
        connection.execute(storage.schema.request_key.update().values(
            created_at=storage._now() - timedelta(hours=24, minutes=1)))
    later = client.post("/api/v1/games", json=OTHER, headers=KEY)
    assert later.status_code == 201 and later.get_json()["id"] != first


@pytest.mark.parametrize("bad", ["", "a b", "é", "x" * 256])
def test_a_header_that_is_not_a_key_answers_400(storage_app, bad):
    answer = storage_app.test_client().post("/api/v1/games", json=ADA,
                                            headers={"Idempotency-Key": bad.encode().decode("latin-1")})
    assert answer.status_code == 400
    assert answer.get_json()["errors"][0]["path"] == "Idempotency-Key"
    assert count(storage_app) == 0


def test_the_key_is_the_clients_own(storage_app):
    """Two browsers sending the same key do not see each other's game."""
    one, two = storage_app.test_client(), storage_app.test_client()
    one.set_cookie("device", "a" * 43)
    two.set_cookie("device", "b" * 43)
    first = one.post("/api/v1/games", json=ADA, headers=KEY).get_json()["id"]
    second = two.post("/api/v1/games", json=ADA, headers=KEY).get_json()["id"]
    assert first != second and count(storage_app) == 2


def test_a_deleted_game_is_not_made_again(storage_app):
    client = storage_app.test_client()
    created = client.post("/api/v1/games", json=ADA, headers=KEY).get_json()
    client.delete(f"/api/v1/games/{created['id']}", headers={"X-Owner-Token": created["owner_token"]})
    again = client.post("/api/v1/games", json=ADA, headers=KEY)
    assert again.status_code == 404 and count(storage_app) == 0


def test_retries_at_the_same_moment_make_one_game(storage_app):
    results, barrier = [], threading.Barrier(6)

    def send():
        client = storage_app.test_client()
        barrier.wait()
        results.append(client.post("/api/v1/games", json=ADA, headers=KEY))

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [answer.status_code for answer in results] == [201] * 6
    assert len({answer.get_json()["id"] for answer in results}) == 1
    assert count(storage_app) == 1


def test_the_group_endpoints_that_create_honour_the_key_too(storage_app):
    client = storage_app.test_client()
    first = client.post("/api/v1/groups", json={"name": "Club"}, headers=KEY)
    assert first.status_code == 201
    again = client.post("/api/v1/groups", json={"name": "Club"}, headers=KEY)
    assert again.headers["Idempotent-Replayed"] == "true" and again.get_json() == first.get_json()
    assert client.post("/api/v1/groups", json={"name": "Other"}, headers=KEY).status_code == 422
    group_id = first.get_json()["id"]
    in_group = {"Idempotency-Key": "game-in-club"}
    made = client.post(f"/api/v1/groups/{group_id}/games", json=ADA, headers=in_group)
    retried = client.post(f"/api/v1/groups/{group_id}/games", json=ADA, headers=in_group)
    assert made.status_code == retried.status_code == 201
    assert retried.get_json()["id"] == made.get_json()["id"] and count(storage_app) == 1
    # the same key on another endpoint is another request
    assert client.post("/api/v1/games", json=ADA, headers=in_group).get_json()["id"] != made.get_json()["id"]
