"""Languages: complete catalogs, locale negotiation, and engine messages in Dutch and Polish."""

from __future__ import annotations

import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

from scorer import PROJECT_ROOT
from scorer.i18n import translator_for
from tests.helpers import game, own, player

LOCALES = ("nl", "pl")
TRANSLATIONS = PROJECT_ROOT / "translations"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> set:
    """Every msgid the code, templates and catalog data use, freshly extracted."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F",
                    "babel.cfg", "-o", str(pot), "."], cwd=PROJECT_ROOT, check=True)
    with open(pot, "rb") as handle:
        return {(m.context, m.id) for m in read_po(handle) if m.id}


def catalog(locale: str):
    with open(TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle, locale=locale)


#: the gettext functions the Python code calls with a message (babel.cfg's keywords, no context)
GETTEXT_CALLS = frozenset({"_", "_l", "N_", "gettext", "lazy_gettext", "ngettext"})


def test_the_extractor_sees_every_message_of_the_code(extracted):
    """Babel's extractor does not look inside an f-string on Python 3.11, so a ``_("...")``
    written there was dropped from the catalogs the next time they were extracted (and the
    pages showed it in English): every message the code asks for, read from its syntax tree,
    must be among those extracted."""
    import ast

    unseen = []
    for path in sorted((PROJECT_ROOT / "scorer").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in GETTEXT_CALLS and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                message = node.args[0].value
                if not any(found == message or (isinstance(found, tuple) and found[0] == message)
                           for _context, found in extracted):
                    unseen.append(f"{path.relative_to(PROJECT_ROOT)}:{node.lineno}: {message[:50]}")
    assert not unseen, unseen


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_is_translated(locale, extracted):
    entries = {(m.context, m.id): m for m in catalog(locale) if m.id}
    missing = sorted(str(key) for key in extracted if key not in entries)
    assert not missing, f"{locale}: not in the catalog (run pybabel update): {missing[:10]}"
    untranslated = sorted(str(key) for key in extracted if key in entries and (
        not entries[key].string or (isinstance(entries[key].string, tuple)
                                    and not all(entries[key].string))))
    assert not untranslated, f"{locale}: untranslated: {untranslated[:10]}"
    fuzzy = sorted(str(key) for key, m in entries.items() if m.fuzzy)
    assert not fuzzy, f"{locale}: fuzzy: {fuzzy[:10]}"


@pytest.mark.parametrize("locale", LOCALES)
def test_placeholders_survive_translation(locale):
    """A translation that drops or renames a %(name)s would crash at render time."""
    import re

    names = re.compile(r"%\((\w+)\)")
    for message in catalog(locale):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set(names.findall(ids[-1])) - {"num"}
        for text in strings:
            assert wanted <= set(names.findall(text)) | set(names.findall(ids[0])), (locale, ids[0])
            assert set(names.findall(text)) <= set(names.findall(" ".join(ids))), (locale, ids[0])


@pytest.mark.parametrize("locale", LOCALES)
def test_catalogs_are_compiled(locale):
    assert (TRANSLATIONS / locale / "LC_MESSAGES" / "messages.mo").exists()


def test_glossary_exists_and_names_the_rulebook_words():
    text = (TRANSLATIONS / "GLOSSARY.md").read_text("utf-8")
    for word in ("winstpunten", "Tijdperk", "Gilden", "fasen", "Conflict fiches",
                 "punkty zwycięstwa", "Era", "Gildie", "Cud Świata", "etapy", "tarcze"):
        assert word in text


def test_card_and_wonder_names_come_from_the_rulebooks():
    nl = translator_for("nl", str(TRANSLATIONS))
    pl = translator_for("pl", str(TRANSLATIONS))
    assert nl.pgettext("card", "Lumber Yard") == "Houtwerf"
    assert pl.pgettext("card", "Lumber Yard") == "Skład Drzewny"
    assert pl.pgettext("card", "Chamber of Commerce") == "Dom Handlowy"
    assert nl.pgettext("wonder", "The Colossus of Rhodes") == "De Kolossus van Rodos"
    assert pl.pgettext("wonder", "The Pyramids of Giza") == "Piramidy w Gizie"


@pytest.mark.parametrize(("count", "expected"), [(1, "1 punkt"), (2, "2 punkty"), (4, "4 punkty"),
                                                 (5, "5 punktów"), (12, "12 punktów"),
                                                 (22, "22 punkty")])
def test_polish_plural_forms(count, expected):
    pl = translator_for("pl", str(TRANSLATIONS))
    assert pl.ngettext("%(num)d point", "%(num)d points", count) % {"num": count} == expected


def test_locale_choice_cookie_then_browser_then_english(client):
    assert 'lang="en"' in client.get("/").get_data(as_text=True)
    assert 'lang="nl"' in client.get("/", headers={"Accept-Language": "nl-NL,nl;q=0.9"}).get_data(
        as_text=True)
    client.set_cookie("lang", "pl")
    page = client.get("/", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    assert 'lang="pl"' in page


def test_switcher_sets_the_cookie_and_goes_back(client):
    answer = client.get("/language/nl?next=/history")
    assert answer.status_code == 302 and answer.headers["Location"].endswith("/history")
    assert "lang=nl" in answer.headers["Set-Cookie"]
    outside = client.get("/language/pl?next=https://evil.example/")
    assert "evil" not in outside.headers["Location"]


def bad_game() -> dict:
    return game(player("Ada", "alexandria", cards=["lumberyard"]), player("Bob", "gizah"),
                player("Cy", "rhodes"))


@pytest.mark.parametrize(("language", "expected"), [
    ("nl", "Onbekende kaart 'lumberyard'."),
    ("pl", "Nieznana karta 'lumberyard'."),
    ("en", "Unknown card 'lumberyard'."),
])
def test_api_errors_follow_accept_language(client, language, expected):
    answer = client.post("/api/v1/score", json=bad_game(), headers={"Accept-Language": language})
    assert answer.status_code == 422
    assert answer.json["errors"][0]["message"] == expected


def scored(client, language: str) -> dict:
    doc = game(player("Ada", "alexandria", stages=3, coins=14,
                      cards=["altar", "scriptorium", "library", "university", "workshop",
                             "apothecary", "lodge", "chamber-of-commerce", "loom", "glassworks"]),
               player("Bob", "gizah"), player("Cy", "rhodes"), player("Di", "babylon"))
    answer = client.post("/api/v1/score", json=doc, headers={"Accept-Language": language})
    assert answer.status_code == 200
    return answer.json["players"][0]["explanations"]


def test_score_explanations_in_dutch_and_polish(client):
    nl, pl = scored(client, "nl"), scored(client, "pl")
    assert nl["civilian"] == "Civiele gebouwen: Altaar 2 = 2"
    assert pl["civilian"] == "Budowle cywilne: Ołtarz 2 = 2"
    assert nl["science"].startswith("2 passers, 1 tandwiel, 3 tabletten")
    assert pl["science"].startswith("2 cyrkle, 1 koło zębate, 3 tabliczki")
    assert "Kamer van Koophandel" in nl["commercial"]
    assert "Dom Handlowy" in pl["commercial"]
    assert nl["coins"] == "14 munten ÷ 3 = 4" and pl["coins"] == "14 monet ÷ 3 = 4"


def test_every_page_renders_in_every_locale(app, client):
    from scorer import storage

    with app.app_context():
        doc = game(player("Ada", "alexandria", stages=1, cards=["altar"]), player("Bob", "gizah"),
                   player("Cy", "rhodes"))
        game_id = storage.create_game(doc, "Test")
    own(app, client, game_id)
    urls = set()
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint in ("static", "i18n.set_language"):
            continue
        if rule.arguments - {"game_id", "index"}:
            continue
        try:
            with app.test_request_context():
                from flask import url_for
                urls.add(url_for(rule.endpoint, game_id=game_id) if "game_id" in rule.arguments
                         else url_for(rule.endpoint))
        except Exception:  # an endpoint needing other values is not a page
            continue
    assert len(urls) >= 4, urls
    english = {}
    for locale in ("en", "nl", "pl"):
        client.set_cookie("lang", locale)
        for url in sorted(urls):
            answer = client.get(url)
            assert answer.status_code in (200, 302), (locale, url, answer.status_code)
            if answer.mimetype == "text/html" and answer.status_code == 200:
                html = answer.get_data(as_text=True)
                assert f'lang="{locale}"' in html, (locale, url)
                if locale == "en":
                    english[url] = html
                else:
                    assert html != english.get(url), f"{url} is not translated in {locale}"


def test_the_kept_catalog_follows_a_forced_or_switched_language(app):
    """The request keeps its catalog (:func:`scorer.i18n.translator`), yet a locale forced for
    a block (a PDF in another language) or switched in mid-request is translated in that
    language, and the request's own again after the block."""
    from flask_babel import force_locale

    from scorer.i18n import switch_language, translator

    deleted = "The game was deleted."
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert translator().gettext(deleted) == deleted
        with force_locale("pl"):
            assert translator().gettext(deleted) == "Gra została usunięta."
        assert translator().gettext(deleted) == deleted
        assert switch_language("language-pl")
        assert translator().gettext(deleted) == "Gra została usunięta."
        assert app.jinja_env.from_string("{{ _('The game was deleted.') }}").render() == \
            "Gra została usunięta."
