"""Every page's chrome (head links, top bar) is drawn once per language and script root
(scorer.web.chrome), and each page still shows it in its own language."""

from __future__ import annotations

from flask import template_rendered


def drawn_parts(app):
    names = []

    def record(_sender, template, context, **_extra):
        names.append(template.name)

    template_rendered.connect(record, app, weak=False)
    return names


def test_the_chrome_is_drawn_once_per_language(app, client):
    names = drawn_parts(app)
    for _ in range(3):
        for language in ("en", "nl", "pl"):
            page = client.get("/", headers={"Accept-Language": language}).get_data(as_text=True)
            assert '<header class="top">' in page and 'rel="manifest"' in page
    assert names.count("_chrome_top.html") == 3 and names.count("_chrome_head.html") == 3


def test_each_language_gets_its_own_chrome(client):
    english = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    dutch = client.get("/", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert ">New game</a>" in english and ">Nieuw spel</a>" in dutch
    assert ">New game</a>" in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)


def test_a_script_root_gets_its_own_links(client):
    plain = client.get("/").get_data(as_text=True)
    mounted = client.get("/", base_url="http://localhost/club").get_data(as_text=True)
    assert 'href="/games/new"' in plain and 'href="/club/games/new"' in mounted
    assert 'href="/club/static/app.css' in mounted


def test_debug_draws_the_chrome_every_time(app, client):
    app.debug = True
    names = drawn_parts(app)
    client.get("/")
    client.get("/")
    assert names.count("_chrome_top.html") == 2
