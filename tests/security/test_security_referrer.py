"""Issue 28 item 8, on SQLite and PostgreSQL: a form post over HTTPS must come from one of the
site's own pages (Flask-WTF's ``WTF_CSRF_SSL_STRICT`` checks its Referer). A post with no
Referer or another site's is refused with one clear, translated page and changes nothing; it
is never run again as an expired form (which applied it and then said both "nothing was saved"
and "Group created")."""

from __future__ import annotations

import re

import pytest

from scorer import create_app, storage
from scorer.storage.schema import game_group
from tests.conftest import dispose

HTTPS = "https://scores.example"


@pytest.fixture
def csrf_app(database_url):
    app = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": database_url,
                      "TRUSTED_HOSTS": None})
    yield app
    dispose(app)


def groups(app) -> int:
    with app.app_context(), storage.get_engine().connect() as connection:
        return len(connection.execute(game_group.select()).all())


def token(client, path: str) -> str:
    page = client.get(path, base_url=HTTPS)
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.text).group(1)


@pytest.mark.parametrize("referrer", [None, "https://evil.example/groups/new",
                                      "http://scores.example/groups/new"])
def test_an_https_post_from_elsewhere_is_refused_clearly(csrf_app, referrer):
    client = csrf_app.test_client()
    form = {"name": "Thursday", "csrf_token": token(client, "/groups/new")}
    headers = {} if referrer is None else {"Referer": referrer}
    answer = client.post("/groups/new", data=form, base_url=HTTPS, headers=headers)
    assert answer.status_code == 400
    assert "not sent from a page of this site" in answer.text
    assert "nothing was changed" in answer.text and "Group created" not in answer.text
    assert "nothing was saved" not in answer.text
    assert groups(csrf_app) == 0
    after = client.get("/games", base_url=HTTPS).text  # no message left for the next page
    assert "Group created" not in after and "nothing was saved" not in after
    dutch = client.post("/groups/new", data=form, base_url=HTTPS,
                        headers={**headers, "Accept-Language": "nl"})
    assert dutch.status_code == 400 and "not sent from a page of this site" not in dutch.text
    assert '<html lang="nl">' in dutch.text and groups(csrf_app) == 0


def test_an_https_post_from_the_site_itself_is_applied(csrf_app):
    client = csrf_app.test_client()
    form = {"name": "Thursday", "csrf_token": token(client, "/groups/new")}
    answer = client.post("/groups/new", data=form, base_url=HTTPS,
                         headers={"Referer": f"{HTTPS}/groups/new"})
    assert answer.status_code == 302 and groups(csrf_app) == 1
    # a stale token (not the Referer) is still shown again with what was typed
    stale = client.post("/groups/new", data={"name": "Friday", "csrf_token": "old"},
                        base_url=HTTPS, headers={"Referer": f"{HTTPS}/groups/new"})
    assert stale.status_code == 400 and 'value="Friday"' in stale.text and groups(csrf_app) == 1
