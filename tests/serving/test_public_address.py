"""Issue 22, items 5 and 6, with the proxy on: the host's public address makes every absolute
link, a request for another host answers 400, and HTTPS answers carry HSTS (never http ones)."""

from __future__ import annotations

import pytest

from scorer import create_app
from tests.conftest import dispose
from tests.helpers import game, player

ADA = game(player("Ada", "gizah"), player("Bob", "rhodes"), player("Cy", "babylon"))
PUBLIC = "https://scores.club.example"
FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}


def make(tmp_path, **config):
    return create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite"),
                       "PROXY_FIX": 1, "WTF_CSRF_ENABLED": False, **config})


@pytest.fixture
def proxied(tmp_path):
    app = make(tmp_path, PUBLIC_URL=PUBLIC)
    yield app
    dispose(app)


def test_a_forwarded_host_the_host_did_not_configure_answers_400(proxied):
    client = proxied.test_client()
    for path in ("/", "/api/v1/games", "/games/new"):
        answer = client.get(path, headers={**FORWARDED, "X-Forwarded-Host": "evil.example"})
        assert answer.status_code == 400, path
    created = client.post("/api/v1/games", json=ADA,
                          headers={**FORWARDED, "X-Forwarded-Host": "evil.example"})
    assert created.status_code == 400 and b"evil.example" not in created.data
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400


def test_every_absolute_link_comes_from_the_public_address(proxied):
    client = proxied.test_client()
    headers = {**FORWARDED, "X-Forwarded-Host": "scores.club.example"}
    created = client.post("/api/v1/games", json=ADA, headers=headers)
    assert created.status_code == 201
    body = created.get_json()
    game_id = body["id"]
    assert created.headers["Location"] == f"{PUBLIC}/api/v1/games/{game_id}"
    assert body["url"] == f"{PUBLIC}/games/{game_id}"
    assert all(p["url"].startswith(PUBLIC + "/games/") for p in body["players"])
    # the page and the health check on the machine itself, reached as localhost, still answer,
    # and their links name the public address, not the host they were asked for
    client.set_cookie("device", "")
    invite = client.get(f"/games/{game_id}/invite", headers={"Host": "localhost"})
    assert invite.status_code == 200 and f"{PUBLIC}/games/{game_id}/join" in invite.text
    assert client.get("/healthz", headers={"Host": "127.0.0.1"}).status_code == 200
    read = client.get(f"/api/v1/games/{game_id}", headers={"Host": "localhost:8000"})
    assert read.get_json()["api_url"] == f"{PUBLIC}/api/v1/games/{game_id}"


def qr_of(link: str) -> bytes:
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="svg", border=4, omitsize=True, xmldecl=False,
                                     svgclass=None, lineclass=None, dark="#000", light="#fff")
    return buffer.getvalue()


def test_the_qr_code_holds_the_public_join_link(proxied):
    client = proxied.test_client()
    game_id = client.post("/api/v1/games", json=ADA, headers=FORWARDED).get_json()["id"]
    for host in ("scores.club.example", "localhost"):
        svg = client.get(f"/games/{game_id}/invite.svg", headers={**FORWARDED, "X-Forwarded-Host": host})
        assert svg.data == qr_of(f"{PUBLIC}/games/{game_id}/join"), host
    assert svg.data != qr_of(f"https://localhost/games/{game_id}/join")


def test_trusted_hosts_alone_also_refuse_other_hosts(tmp_path):
    app = make(tmp_path, TRUSTED_HOSTS=["scores.club.example"])
    client = app.test_client()
    assert client.get("/", headers={"Host": "scores.club.example"}).status_code == 200
    assert client.get("/", headers={"X-Forwarded-Host": "evil.example",
                                    "Host": "scores.club.example"}).status_code == 400
    dispose(app)


def test_a_public_url_that_is_not_an_address_stops_the_start(tmp_path):
    with pytest.raises(ValueError, match="PUBLIC_URL"):
        make(tmp_path, PUBLIC_URL="scores.club.example")


@pytest.mark.parametrize("path", ["/", "/healthz", "/static/style.css", "/no-such-page", "/api/v1/games/x"])
def test_https_answers_carry_hsts_and_http_ones_never(proxied, path):
    client = proxied.test_client()
    secure = client.get(path, headers=FORWARDED)
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    plain = client.get(path, headers={"X-Forwarded-Proto": "http"})
    assert "Strict-Transport-Security" not in plain.headers
    direct = client.get(path, base_url="https://scores.club.example")
    assert "Strict-Transport-Security" in direct.headers


def test_the_host_sets_the_max_age(tmp_path):
    app = make(tmp_path, HSTS_MAX_AGE=600, HSTS_INCLUDE_SUBDOMAINS=True)
    answer = app.test_client().get("/", headers=FORWARDED)
    assert answer.headers["Strict-Transport-Security"] == "max-age=600; includeSubDomains"
    dispose(app)
    off = make(tmp_path, HSTS_MAX_AGE=0)
    assert "Strict-Transport-Security" not in off.test_client().get("/", headers=FORWARDED).headers
    dispose(off)


def test_a_groups_links_come_from_the_public_address(database_url):
    """Issue 28 item 8: ``GET /api/v1/groups/<id>`` and the group's hand-over link as well."""
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "DATABASE_URL": database_url,
                      "PROXY_FIX": 1, "WTF_CSRF_ENABLED": False, "PUBLIC_URL": PUBLIC})
    client = app.test_client()
    created = client.post("/api/v1/groups", json={"name": "Thursday"}, headers=FORWARDED).get_json()
    group_id = created["id"]
    game_id = client.post(f"/api/v1/groups/{group_id}/games", json=ADA,
                          headers=FORWARDED).get_json()["id"]
    read = client.get(f"/api/v1/groups/{group_id}", headers={"Host": "localhost:8000"}).get_json()
    assert read["url"] == f"{PUBLIC}/groups/{group_id}"
    assert read["stats_url"] == f"{PUBLIC}/api/v1/groups/{group_id}/stats"
    assert read["games"] == [{"id": game_id, "url": f"{PUBLIC}/games/{game_id}",
                              "api_url": f"{PUBLIC}/api/v1/games/{game_id}"}]
    owner = app.test_client()
    made = owner.post("/groups/new", data={"name": "Friday"}, headers={"Host": "localhost"})
    mine = made.headers["Location"].rsplit("/", 1)[1]
    page = owner.get(f"/groups/{mine}/owner", headers={"Host": "localhost"}).text
    assert f"{PUBLIC}/groups/{mine}/claim/" in page and "http://localhost/groups" not in page
    dispose(app)
