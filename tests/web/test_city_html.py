"""The city page's seat and counters written in Python (scorer/web/city_html.py) are byte for
byte what the template's macros drew: ``reference_templates/city_reference.html`` is
``city.html`` as it was before (the wonder and side through ``control``, the stages, coins and
conflict tokens through ``picks``, ``stepper`` and ``token_values``). Every city page the tests
below ask for (both editions, Leaders, Cities, Armada/Babel/Edifice, names full of HTML;
refused values and the engine's problems beside their fields, a wrong wonder or side; every
language) is drawn by both templates from the same context, and the two must be the same
text."""

from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import ChoiceLoader, FileSystemLoader
from werkzeug.datastructures import MultiDict

from scorer.games import service as games_service
from scorer.web import cities
from tests import helpers
from tests.web.test_pad_html import DOCUMENTS

REFERENCE = Path(__file__).parent / "reference_templates"
LANGUAGES = ("en", "nl", "pl")
#: refused or odd values of the counters, as a phone may send them
TYPED = ({}, {"stages": "9", "coins": "-3", "defeat": "x", "victories": "2 2 zz",
              "wonder": "<nowhere>", "side": "Q"},
         {"stages": "2.5", "coins": "abc", "defeat": "12", "victories": "<b>", "side": "B"},
         {"stages": "", "coins": "", "defeat": "", "victories": ""})


@pytest.fixture
def drawn(app, monkeypatch):
    """Every city page drawn while the test runs, as (old, new) text: each ``city.html`` is
    drawn with the reference template too, from the same context."""
    environment = app.jinja_env.overlay(
        loader=ChoiceLoader([FileSystemLoader(str(REFERENCE)), app.jinja_loader]))
    real = cities.render_template
    pairs = []

    def both(name, **context):
        new = real(name, **context)
        if name == "city.html":
            app.update_template_context(context)
            pairs.append((environment.get_template("city_reference.html").render(context), new))
        return new

    monkeypatch.setattr(cities, "render_template", both)
    return pairs


def form_fields(page: str) -> list[tuple[str, str]]:
    from benchmarks.answers import form_of

    return form_of(page)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_city_page_is_what_the_templates_drew(app, client, drawn, language):
    headers = {"Accept-Language": language}
    for number, (name, document) in enumerate(DOCUMENTS.items()):
        with app.app_context():
            game_id = games_service.create_game(document, name)
            players = games_service.load(game_id).document["players"]
        helpers.own(app, client, game_id)
        for player in players[:2]:
            url = f"/games/{game_id}/players/{player['id']}"
            page = client.get(url, headers=headers)
            assert page.status_code == 200, (name, page.status_code)
            typed = TYPED[number % len(TYPED)]
            fields = [(key, value) for key, value in form_fields(page.get_data(as_text=True))
                      if key not in typed]
            data = fields + list(typed.items()) + [("action", "stay")]
            answer = client.post(url, data=MultiDict(data), headers=headers)
            assert answer.status_code in (302, 422), (name, answer.status_code)
    assert len(drawn) >= 3 * len(DOCUMENTS)
    for old, new in drawn:
        assert new == old


def test_the_comparison_sees_refused_counters(app, client, drawn):
    """The pages compared above hold the counters' messages and refused values, translated."""
    test_the_city_page_is_what_the_templates_drew(app, client, drawn, "pl")
    pages = "".join(new for _old, new in drawn)
    assert 'class="field picks invalid"' in pages
    assert 'class="field stepper-field invalid"' in pages
    assert 'class="field token-values invalid"' in pages
    assert 'id="stages-9"' in pages and 'data-sum-why="' in pages
    assert "&lt;b&gt;" in pages
    assert '<details class="seat-fix" open>' in pages and 'id="wonder-errors"' in pages
    assert 'id="side-errors"' in pages


def test_kept_pieces_follow_the_ruleset_the_language_and_the_values(app, monkeypatch):
    """The seat and counters drawn without messages are kept (city_html._DRAWN) by the form's
    class, the language and the values shown: drawn for every edition and expansion, in every
    language, for two cities, each twice while the store holds all the others' pieces, they
    are what a drawing with an empty store gives (a key without the ruleset, the language or
    a value would hand one of them another's text)."""
    from scorer.engine.rules import editions, expansions, get_ruleset
    from scorer.safety.kept import Kept
    from scorer.web import city_html
    from scorer.web.forms import VICTORIES, token_fields

    shared = city_html._DRAWN
    shared.clear()
    drawn = {}
    for language in LANGUAGES:
        with app.test_request_context(headers={"Accept-Language": language}):
            for edition in editions():
                for played in ((), *((name,) for name in expansions())):
                    ruleset = get_ruleset(edition, played)
                    wonders = list(ruleset.catalog.wonders)
                    for wonder, coins, stages in ((wonders[0], 3, 1), (wonders[-1], 12, 2)):
                        player = {"wonder": wonder, "side": ruleset.side_ids[-1]}
                        form = cities.new_form(ruleset, player, formdata=None, data={
                            **cities.player_data(player, ruleset), "coins": coins,
                            "stages": stages})
                        kinds = token_fields(ruleset)
                        fields = dict.fromkeys(["wonder", "side", "stages", "coins", *kinds], [])
                        maxima = {name: held[0].limit for name, held in kinds.items()}

                        def both(form=form, fields=fields, kinds=kinds, maxima=maxima,
                                 ruleset=ruleset):
                            return (city_html.seat_fix(form, fields),
                                    city_html.counters(form, fields, 3, kinds, VICTORIES, maxima,
                                                       ruleset.max_battles))

                        first, again = both(), both()
                        monkeypatch.setattr(city_html, "_DRAWN", Kept(64))
                        fresh = both()
                        monkeypatch.setattr(city_html, "_DRAWN", shared)
                        assert first == again == fresh, (language, edition, played, wonder)
                        drawn[language, edition, played, wonder] = fresh
    assert len(shared) >= 4 * len(drawn) // 2
    # what the store tells apart draws different text: languages, editions, values
    assert len({seat for seat, _counters in drawn.values()}) >= len(LANGUAGES) * 2 * len(editions())
    assert len({counters for _seat, counters in drawn.values()}) >= len(LANGUAGES) * 2
