"""The group page's figures written in Python (scorer/web/figures_html.py) are byte for byte
the part the template drew: ``reference_templates/_group_figures_reference.html`` is
``_group_figures.html`` as it was, rendered beside today's for varied groups (plain games,
Cities with teams, Armada's typed rows, names full of HTML, shared wins, ties, a merge, rows
held by more than three, too few games for a chart, none at all), in every language, both
sorts, with and without filters; and the page holds the part unchanged."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from jinja2 import ChoiceLoader, FileSystemLoader

from scorer.groups import service
from scorer.web import groups as group_views
from scorer.web.figures import list_moments
from scorer.web.figures_html import figures_html
from scorer.web.group_cache import charts_of, group_statistics
from tests import helpers
from tests.cities import cities_docs

REFERENCE = Path(__file__).parent / "reference_templates"
LANGUAGES = ("en", "nl", "pl")
HTML_NAME = "<b>Ada & \"Bo\"</b> 'x'"


def entered(document: dict) -> dict:
    for city in document["players"]:
        city["entered"] = True
    return document


def city(name, wonder, coins=3, **extra) -> dict:
    return {"name": name, "wonder": wonder, "side": "A", "stages": 0, "cards": [],
            "coins": coins, "tokens": {}, **extra}


def made_groups(app) -> dict[str, str]:
    """Groups of varied games: name -> group id."""
    rng = random.Random(2026)
    made = {}
    with app.app_context():
        empty = service.create("Nobody yet", None)
        made["empty"] = empty.id
        one = service.create("One game", None)
        service.create_game(one, entered(helpers.deal(rng, 4, "first")))
        made["one game"] = one.id
        club = service.create("Club <&>", None)
        for number in range(14):
            document = entered(helpers.deal(rng, 3 + number % 5, "first" if number % 2 else "second"))
            if number % 3 == 0:
                document["players"][0]["name"] = HTML_NAME
            service.create_game(club, document)
        tie = helpers.game(helpers.player("Ada", "rhodes", coins=9),
                           helpers.player("Bo", "gizah", coins=9),
                           helpers.player("Cy", "babylon", coins=0))
        for _ in range(5):  # five holders of the same best: "and 2 more"
            service.create_game(club, entered(tie))
        for number in range(3):
            service.create_game(club, entered(cities_docs.deal(rng, "first", 4 + number,
                                                                teams=True)))
        service.create_game(club, entered({"edition": "first", "expansions": ["armada"],
                                           "players": [city("Ada", "rhodes", naval=5, islands=3),
                                                       city("Bo", "gizah", naval=-2),
                                                       city("Cy", "babylon")]}))
        service.merge(club, "Bo", "Ada", "Ada Bo")
        made["club"] = club.id
    return made


def parts(app, group_id: str, language: str, query: str = "") -> tuple[str, str]:
    """The figures' part as the template drew it and as figures_html writes it."""
    environment = app.jinja_env.overlay(
        loader=ChoiceLoader([FileSystemLoader(str(REFERENCE)), app.jinja_loader]))
    with app.test_request_context(f"/groups/{group_id}?{query}",
                                  headers={"Accept-Language": language}):
        app.preprocess_request()
        from flask import request

        group = service.load(group_id)
        filters = service.parse_filters(group_views.page_filters(request.args))
        sort = request.args.get("sort") or "wins"
        figures = group_statistics(group, filters)
        charts = charts_of(group, filters, figures)
        moments = {key: list_moments(figures[key]) for key in ("best_totals", "closest_games")}
        leaderboard = group_views.sorted_players(figures["players"], sort)
        context = {"group": group, "figures": figures, "filters": filters, "sort": sort,
                   "leaderboard": leaderboard, "charts": charts, "moments": moments,
                   "page_query": group_views.page_query(filters)}
        app.update_template_context(context)
        old = environment.get_template("_group_figures_reference.html").render(context)
        new = figures_html(group, figures, filters, sort, leaderboard, charts, moments,
                           group_views.page_query(filters), group_views.player_url)
    return old, str(new)


QUERIES = ("", "sort=rating", "players=3", "edition=second&sort=rating", "expansions=none",
           "expansions=cities")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_figures_are_what_the_template_drew(app, language):
    for name, group_id in made_groups(app).items():
        for query in QUERIES:
            old, new = parts(app, group_id, language, query)
            assert new == old, (name, language, query)


def test_the_reference_is_not_trivially_equal(app):
    """The comparison sees what matters: escaped names, shared wins, typed rows' tags, teams,
    ties, more holders than shown, every chart, translated labels; and the empty group's line."""
    made = made_groups(app)
    club = parts(app, made["club"], "pl")[0]
    assert "&lt;b&gt;Ada &amp; &#34;Bo&#34;&lt;/b&gt; &#39;x&#39;" in club
    assert 'class="typed-tag"' in club and "Ada Bo" in club
    assert " + " in parts(app, made["club"], "pl", "expansions=cities")[0]  # a team's line
    assert club.count('<figure class="chart">') == 4 and "Gracz" in club
    assert "<small>(" in club and 'aria-sort="descending"' in club
    assert "No complete game counts yet" in parts(app, made["empty"], "en")[0]
    english = parts(app, made["club"], "en")[0]
    assert "shared" in english and "more</small>" in english and "a tie on points" in english
    assert parts(app, made["one game"], "en")[0].count('<figure class="chart">') < 4


def test_the_page_holds_the_part(app, client):
    made = made_groups(app)
    for language in LANGUAGES:
        for query in ("", "sort=rating&players=3"):
            page = client.get(f"/groups/{made['club']}?{query}",
                              headers={"Accept-Language": language}).get_data(as_text=True)
            assert parts(app, made["club"], language, query)[0] in page


def test_every_message_of_the_template_is_found_in_the_module():
    """pybabel reads no call inside an f-string: every message the template had must be a
    plain call in figures_html.py, or the next catalog update would drop its translations."""
    from babel.messages.extract import extract_from_file

    from scorer import PROJECT_ROOT

    keywords = {"_": None, "ngettext": (1, 2)}

    def msgids(method: str, path: Path) -> set:
        options = {"extensions": "jinja2.ext.i18n"} if method == "jinja2" else {}
        return {found[1] for found in extract_from_file(
            method, str(path), keywords=keywords, options=options)}

    template = msgids("jinja2", REFERENCE / "_group_figures_reference.html")
    module = msgids("python", PROJECT_ROOT / "scorer" / "web" / "figures_html.py")
    assert len(template) >= 30 and template <= module, sorted(map(str, template - module))


def test_wonder_names_are_flask_babels_in_every_language(app):
    """group_labels.wonder_label reads the request's kept catalog: the same names as
    Flask-Babel's pgettext("wonder", ...), translated."""
    from flask_babel import pgettext

    from scorer.web import group_labels

    translated = 0
    for language in LANGUAGES:
        with app.test_request_context("/", headers={"Accept-Language": language}):
            app.preprocess_request()
            names = group_labels._known()[1]
            assert len(names) > 7
            for wonder, name in names.items():
                assert group_labels.wonder_label(wonder) == pgettext("wonder", name)
                translated += group_labels.wonder_label(wonder) != name
    assert translated > 0


def test_the_parts_figures_are_those_of_the_filters_whatever_was_written_before(app):
    """figures_html keeps each figure's text per locale, places, value, type and sign: 1 and
    1.0, 0.0 and -0.0, a rate and a count are told apart, in every language, in any order."""
    from scorer.web import figures, figures_html

    values = [(1, 0), (1.0, 0), (1.0, 1), (0.0, 1), (-0.0, 1), (-0.0, 0), (0.5, None),
              (1234567, 0), (-3.25, 2), (None, 1)]
    for language in (*LANGUAGES, "en", "pl"):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            app.preprocess_request()
            fixed, whole, percent = figures_html.numbers()
            for value, places in values:
                if places is None:
                    assert percent(value) == figures.percent(value)
                else:
                    assert fixed(value, places) == figures.fixed(value, places)
                    assert whole(value) == figures.whole(value)
