"""The pages' forms draw their fields with a cheaper ``html_params`` (scorer/web/form_html.py,
issue 31) and read WTForms' messages from a catalog kept per language
(scorer/web/form_messages.py): the same bytes and the same words as WTForms and Flask-WTF give."""

from __future__ import annotations

import pytest
from markupsafe import Markup
from wtforms.widgets import core as widgets

from scorer.engine.rules import editions, expansions, get_ruleset
from scorer.web import form_html, form_messages
from scorer.web.cities import new_form
from scorer.web.forms import BuildForm, QuickPadForm, build_form, quick_pad_form, setup_form

ATTRIBUTES = [{}, {"class_": "wide", "data_max": 7, "aria_invalid": "true"},
              {"placeholder": 'say "hi" & <bye>', "required": True, "disabled": False},
              {"aria-describedby": Markup('a"b'), "value": 0}, {"data-why": "At most 3."}]


def forms():
    for edition in editions():
        for played in ((), *((name,) for name in expansions())):
            ruleset = get_ruleset(edition, played)
            player = {"wonder": next(iter(ruleset.catalog.wonders)), "side": ruleset.side_ids[0]}
            yield new_form(ruleset, player, formdata=None, data={"coins": 3, "stages": 1})
            yield build_form(ruleset)(formdata=None)
            yield quick_pad_form(ruleset)(formdata=None)
    yield setup_form()(formdata=None)
    yield BuildForm(formdata=None)
    yield QuickPadForm(formdata=None)


def fields(form):
    for field in form:
        yield field
        if hasattr(field, "entries"):
            for entry in field.entries:
                yield from fields(entry.form) if hasattr(entry, "form") else (entry,)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_fields_are_drawn_as_wtforms_draws_them(app, language):
    compared = 0
    with app.test_request_context(headers={"Accept-Language": language}):
        for form in forms():
            for field in fields(form):
                for attributes in ATTRIBUTES:
                    ours = form_html.render(field.widget, field, dict(attributes))
                    theirs = field.widget(field, **dict(attributes))
                    assert ours == theirs and type(ours) is Markup, (field.name, attributes)
                    compared += 1
    assert compared > 500


@pytest.mark.parametrize("value", [True, False, 0, 3, "", 'a"b', "<x>&", Markup("<b>&amp;</b>"),
                                   Markup('say "so"')])
def test_html_params_are_wtforms(value):
    for key in ("value", "class_", "data_sum_max", "aria_label", "for_"):
        assert form_html.html_params(**{key: value, "id": "x"}) == widgets.html_params(
            **{key: value, "id": "x"})


def test_wtforms_messages_are_read_once_per_language(app, client, monkeypatch, game_id):
    """Flask-WTF read WTForms' catalog from disk for every request that built a form."""
    loaded = []
    load = form_messages.support.Translations.load
    monkeypatch.setattr(form_messages.support.Translations, "load",
                        lambda *args, **kw: (kw.get("domain") == "wtforms" and loaded.append(args))
                        or load(*args, **kw))
    form_messages.catalog.cache_clear()
    with app.app_context():
        from scorer.games import service as games_service
        city = games_service.load(game_id).document["players"][0]["id"]
    for language in ("nl", "pl", "nl", "pl", "nl"):
        answer = client.post(f"/games/{game_id}/players/{city}?other=1",
                             data={"cards": "nonsense", "action": "stay"},
                             headers={"Accept-Language": language})
        assert answer.status_code == 422
    assert len(loaded) == 2
    assert "Ongeldige keuze" in client.post(
        f"/games/{game_id}/players/{city}?other=1", data={"cards": "nonsense", "wonder": "x"},
        headers={"Accept-Language": "nl"}).get_data(as_text=True)


def test_chosen_buildings_are_checked_without_walking_every_choice(app, client, monkeypatch,
                                                                   game_id):
    """A save's buildings, all among the ruleset's, pass without WTForms building a Choice of
    each of the hundred (ChosenAmong); one that is not is refused with WTForms' message."""
    from scorer.games import service as games_service
    from scorer.web.forms import ChosenAmong

    with app.app_context():
        city = games_service.load(game_id).document["players"][0]
    walked = []
    walk = ChosenAmong.iter_choices
    monkeypatch.setattr(ChosenAmong, "iter_choices", lambda self: walked.append(1) or walk(self))
    from werkzeug.datastructures import MultiDict

    from tests.web.test_save_parses_once import form_of

    url = f"/games/{game_id}/players/{city['id']}?other=1"
    sent = [*form_of(client.get(url).get_data(as_text=True)), ("action", "stay")]
    assert ("cards", "altar") in sent
    assert client.post(url, data=MultiDict(sent)).status_code == 302 and not walked
    refused = client.post(url, data=MultiDict([*sent, ("cards", "nonsense")]))
    assert refused.status_code == 422 and walked
    assert "&#39;nonsense&#39; is not a valid choice" in refused.get_data(as_text=True)


def test_kept_options_follow_the_choice_and_the_language(app):
    """An option is drawn once and kept (form_html._OPTIONS): the wonder select drawn for each
    wonder chosen, in two languages, twice each, is still WTForms' select, and the options
    are kept."""
    ruleset = get_ruleset("first", ())
    form_html._OPTIONS.clear()
    for language in ("nl", "en"):
        with app.test_request_context(headers={"Accept-Language": language}):
            for wonder in [*ruleset.catalog.wonders, "nowhere"]:
                form = new_form(ruleset, {"wonder": wonder, "side": "A"}, formdata=None,
                                data={"wonder": wonder, "side": "B"})
                for _twice in range(2):
                    for field in (form.wonder, form.side):
                        assert form_html.render(field.widget, field, {}) == field.widget(field)
    assert form_html._OPTIONS
