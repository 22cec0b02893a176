"""Finding and joining a group (issue 29 item 8): the home page lists the groups this browser
knows, the group's page shows the QR code of its link, and New game in the group offers its
players' names as the names are typed (a datalist, who played last first, merged names under
the name the group shows)."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest
import segno

from scorer import storage
from tests import helpers
from tests.groups.test_group_pages import new_group


def entered(document: dict) -> dict:
    for city in document["players"]:
        city["entered"] = True
    return document


def played(client, group_id: str, *names: str) -> None:
    wonders = iter(helpers.WONDERS)
    document = entered(helpers.game(*(helpers.player(name, next(wonders), coins=3) for name in names)))
    assert client.post(f"/api/v1/groups/{group_id}/games", json=document).status_code == 201


@pytest.fixture
def clock(monkeypatch):
    moments = iter(datetime(2026, 11, 26, 19, tzinfo=UTC) + timedelta(minutes=30 * n)
                   for n in range(100))
    monkeypatch.setattr(storage, "_now", lambda: next(moments))


def test_the_home_page_links_to_this_browsers_groups(client, app):
    plain = client.get("/").get_data(as_text=True)
    assert 'href="/groups/new"' in plain and "A group collects the games" in plain
    group_id = new_group(client, "Thursday night")
    home = client.get("/").get_data(as_text=True)
    assert re.search(rf'<a class="game-link" href="/groups/{group_id}"><strong>Thursday night</strong>',
                     home)
    assert f"/groups/{group_id}" not in app.test_client().get("/").get_data(as_text=True)
    client.set_cookie("lang", "pl")
    assert "Grupy" in client.get("/").get_data(as_text=True)


def test_the_group_page_shows_the_qr_code_of_its_link(client, app):
    group_id = new_group(client)
    html = client.get(f"/groups/{group_id}").get_data(as_text=True)
    image = re.search(r'<img src="(/groups/[^"]+/qr\.svg)" alt="([^"]+)"', html)
    assert image and image[1] == f"/groups/{group_id}/qr.svg"
    assert unescape(image[2]) == "QR code of the group's link"
    link = re.search(r'<input type="text" readonly value="([^"]+)" aria-label="Link of the group"', html)[1]
    assert link.endswith(f"/groups/{group_id}")
    answer = client.get(image[1])
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    expected = io.BytesIO()
    segno.make(link, error="m").save(expected, kind="svg", border=4, omitsize=True, xmldecl=False,
                                     svgclass=None, lineclass=None, dark="#000", light="#fff")
    assert answer.data == expected.getvalue()  # the code holds the link the page shows
    assert client.get("/groups/AAAAAAAAAAAAAAAAAAAAAA/qr.svg").status_code == 404
    app.config["PUBLIC_URL"] = "https://scores.example.org"
    html = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert f'value="https://scores.example.org/groups/{group_id}"' in html


def test_new_game_in_the_group_offers_its_players_names_the_latest_first(client, clock):
    group_id = new_group(client)
    played(client, group_id, "Ada", "Bo", "Cy")
    played(client, group_id, "Di", "bo ", "Ed")   # Bo plays again, spelled otherwise
    played(client, group_id, "Flo", "Ada L.", "Gus")
    owner_merge = client.post(f"/groups/{group_id}/merge",
                              data={"source": "Ada L.", "target": "Ada", "name": "Ada Lovelace"})
    assert owner_merge.status_code == 302
    html = client.get(f"/games/new?group={group_id}").get_data(as_text=True)
    names = re.findall(r'<option value="([^"]*)"></option>', html[html.index('<datalist id="group-names">'):])
    # the last game's players first (Ada merged with Ada L., under her chosen name), then the
    # second game's (Bo as last spelled), then the first game's
    assert names[:3] == sorted(["Flo", "Ada Lovelace", "Gus"])
    assert names[3:6] == sorted(["Di", "bo ", "Ed"]) or names[3:6] == sorted(["Di", "bo", "Ed"])
    assert names[6:] == ["Cy"]
    fields = re.findall(r'<input[^>]*name="seats-\d+-name"[^>]*>', html)
    assert fields and all('list="group-names"' in field for field in fields)
    plain = client.get("/games/new").get_data(as_text=True)
    assert "<datalist" not in plain and 'list="group-names"' not in plain
