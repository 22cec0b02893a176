"""The language switcher's links on every page (scorer.i18n.language_href) are the addresses
``url_for`` built for them, for any page address and served under any script root, though
``url_for`` now runs once per app and code, not three times a page."""

from __future__ import annotations

import pytest
from flask import request, url_for

from scorer import i18n

PATHS = ("/", "/games/abc/players/p1", "/groups/x y/ünï", "/a?b&c=d#e", "/%41%2F+plus",
         "/!$'()*,;:@~", "/games/<b>&\"'")


@pytest.mark.parametrize("root", ["", "/scorer", "/a b"])
def test_the_links_are_what_url_for_built(app, root):
    for path in PATHS:
        for code in app.config["LANGUAGES"]:
            with app.test_request_context(path, environ_overrides={"SCRIPT_NAME": root}):
                assert i18n.language_href(code) == url_for("i18n.set_language", code=code,
                                                           next=request.path)


def test_a_page_builds_no_language_link_with_url_for(app, client, game_id, monkeypatch):
    """After the first page, the switcher's links cost no ``url_for`` (the pages' own links
    still do)."""
    client.get("/")
    real = app.jinja_env.globals["url_for"]
    built = []
    monkeypatch.setitem(app.jinja_env.globals, "url_for",
                        lambda endpoint, **values: built.append(endpoint) or real(endpoint, **values))
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f'href="/language/pl?next=/games/{game_id}"' in page
    assert "i18n.set_language" not in built
