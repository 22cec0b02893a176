"""The card pages and the search through Flask's test client, in three languages."""

from __future__ import annotations

from markupsafe import escape

from tests.cards.conftest import LANGUAGES


def page(client, url, language="en"):
    client.set_cookie("lang", language)
    return client.get(url)


def test_every_entry_has_a_page_in_every_language(client, index, languages):
    for entry in index.entries:
        sentences = list(index.sentences(entry))
        for code in LANGUAGES:
            answer = page(client, f"/cards/{entry.edition}/{entry.id}", code)
            assert answer.status_code == 200, (entry.key, code)
            html = answer.get_data(as_text=True)
            translator = languages[code]
            assert f'lang="{code}"' in html
            assert str(escape(entry.label.render(translator))) in html, (entry.key, code)
            for sentence in sentences:
                assert str(escape(sentence.render(translator))) in html, (entry.key, code)
            for ruling in index.rulings_of(entry):
                assert str(escape(ruling.text.render(translator))) in html


def test_a_wonder_page_shows_both_sides_stage_by_stage(client):
    html = page(client, "/cards/first/olympia").get_data(as_text=True)
    assert html.count("<h2>Side ") == 2
    assert html.count("<strong>Stage ") == 6
    assert "At the end of the game, copies one guild" in html
    assert 'id="ruling-E8"' in html


def test_chains_link_both_ways(client):
    html = page(client, "/cards/first/library").get_data(as_text=True)
    assert 'href="/cards/first/scriptorium"' in html
    assert 'href="/cards/first/senate"' in html


def test_an_unknown_card_is_a_404_page(client):
    assert page(client, "/cards/first/no-such-card").status_code == 404
    assert page(client, "/cards/third/altar").status_code == 404


def test_the_search_form_works_without_the_script(client):
    html = page(client, "/cards?q=Counterfiters").get_data(as_text=True)
    assert 'href="/cards/first/counterfeiters-guild"' in html
    assert "1 card found." in html
    html = page(client, "/cards?q=laznia", "pl").get_data(as_text=True)
    assert 'role="status"' in html
    html = page(client, "/cards?colour=red&age=2&edition=first").get_data(as_text=True)
    assert html.count('class="card-item') == 4
    html = page(client, "/cards").get_data(as_text=True)
    assert 'class="card-item' not in html and 'name="q"' in html


def test_the_results_alone_for_the_script(client):
    answer = page(client, "/cards/found?q=spies&edition=second", "nl")
    html = answer.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="card-results"')
    assert 'href="/cards/second/spies-guild"' in html and "<html" not in html
    assert answer.headers["ETag"]


def test_bad_filters_are_named_and_ignored(client):
    html = page(client, "/cards?q=altar&edition=third&age=x&colour=pink").get_data(as_text=True)
    assert "Edition: not one of the choices." in html
    assert "Age: not one of the choices." in html and "Colour: not one of the choices." in html
    assert 'href="/cards/first/altar"' in html
    html = page(client, "/cards?q=" + "a" * 150).get_data(as_text=True)
    assert "Search: at most 100 characters." in html


def test_every_page_has_the_search_box_in_its_header(client):
    for url in ("/", "/games/new", "/quick", "/cards/first/altar"):
        html = page(client, url).get_data(as_text=True)
        header = html[html.index('<header class="top">'):html.index("</header>")]
        assert 'action="/cards"' in header and 'name="q"' in header, url


def test_card_pages_are_cacheable(client):
    answer = page(client, "/cards/first/altar")
    assert answer.headers["Cache-Control"] == "public, max-age=3600"
    again = client.get("/cards/first/altar", headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304
    assert page(client, "/cards/first/altar", "nl").headers["ETag"] != answer.headers["ETag"]
