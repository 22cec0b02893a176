"""The city form's fields are copied from the first WTForms built for each unbound field
(scorer/web/page_form.py ClonedFields, issue 31), not built again for every city page and
save: a form built so is field for field the form WTForms builds, for every ruleset and
language, read from a post or from a saved city, and no two forms share what a request may
change."""

from __future__ import annotations

import itertools

from werkzeug.datastructures import MultiDict

from scorer.engine.rules import editions, expansions, get_ruleset
from scorer.web import cities, forms, page_form

POSTS = ({}, {"coins": "7", "stages": "1", "victories": "1 3", "defeat": "2", "wonder": "rhodes",
              "side": "B", "cards": ["altar", "nonsense"], "leaders": ["caesar"]},
         {"coins": "x", "stages": "", "victories": "<b>", "defeat": "-1", "debt": "4"})


def rulesets():
    """Every edition alone, with each expansion, and with all of them at once."""
    for edition in editions():
        for played in ((), *((name,) for name in expansions()), tuple(expansions())):
            try:
                yield get_ruleset(edition, played)
            except (KeyError, ValueError):
                continue


def looks(form) -> list:
    """Everything a field is and shows after the form read its data and was validated."""
    form.validate()
    return [(name, type(field), field.name, field.id, str(field.label.text), field.label.field_id,
             dict(field.flags.__dict__), field.render_kw, field.data, field.raw_data,
             list(field.errors), str(field()) if name != "csrf_token" else "",
             [(c.value, str(c.label)) for c in field.choices] if hasattr(field, "choices") else None)
            for name, field in form._fields.items()]


def built(ruleset, post):
    player = {"wonder": next(iter(ruleset.catalog.wonders)), "side": ruleset.side_ids[0],
              "coins": 3, "stages": 1}
    if post is None:
        return cities.new_form(ruleset, player, formdata=None,
                               data={**cities.player_data(player, ruleset), "version": "v"})
    return cities.new_form(ruleset, player, formdata=MultiDict(
        [(key, value) for key, values in post.items()
         for value in (values if isinstance(values, list) else [values])]))


def test_copied_fields_are_the_fields_wtforms_builds(app, monkeypatch):
    """Each ruleset's form, built while the store holds every other ruleset's fields (built in
    another language too), looks as WTForms' own: its fields, labels, messages and drawing (a
    store keyed by anything less than the unbound field would give a ruleset another's token
    or expansion fields, or a label in another language)."""
    page_form._BUILT.clear()
    compared = 0
    app.config["WTF_CSRF_ENABLED"] = False
    for language in ("en", "pl", "nl"):
        with app.test_request_context(headers={"Accept-Language": language}):
            for ruleset, post in itertools.product(list(rulesets()), (None, *POSTS)):
                copied = looks(built(ruleset, post))
                monkeypatch.setattr(forms.CityForm.Meta, "cloned", frozenset())
                own = looks(built(ruleset, post))
                monkeypatch.undo()
                assert copied == own, (language, ruleset, post)
                compared += 1
    assert compared >= 3 * 2 * 4 and len(page_form._BUILT) > 10


def test_copied_fields_share_nothing_a_request_changes(app):
    form_class = forms.city_form(get_ruleset("first", ()))
    with app.test_request_context():
        first, second = form_class(formdata=None), form_class(formdata=None, data={"coins": 3})
        for name in ("coins", "wonder", "cards"):
            one, other = first[name], second[name]
            assert one is not other and one._form is first and other._form is second
            assert one.meta is first.meta and other.meta is second.meta
            if one.render_kw is not None:
                one.render_kw["data-x"] = "1"
                assert "data-x" not in other.render_kw
            one.flags.changed = True
            one.label.text = "changed"
            assert not other.flags.changed and other.label.text != "changed"
            if hasattr(one, "choices"):
                one.choices.append("x")
                assert "x" not in other.choices
        first.coins.data = 99
        assert second.coins.data == 3
        # the stored field holds no form (none is kept alive by it)
        assert all(field._form is None and field.meta is None
                   for field in page_form._BUILT._values.values())


def test_fields_of_other_classes_are_built_by_wtforms(app):
    """The leaders' buried rows (a list of sub-forms) and the CSRF field are built anew."""
    ruleset = get_ruleset("first", ("leaders",))
    app.config["WTF_CSRF_ENABLED"] = True
    with app.test_request_context():
        first, second = built(ruleset, None), built(ruleset, None)
    assert type(first.buried) not in forms.CityForm.Meta.cloned
    assert first.buried is not second.buried and first.csrf_token is not second.csrf_token


def test_fields_of_the_same_name_and_class_in_two_forms_are_each_their_own(app):
    """Two form classes with a field of one name and class but other arguments (as rulesets'
    token or expansion fields may be): each form gets its own field, however they alternate."""
    small = type("CityForm", (forms.CityForm,), {"coins": forms.number_field("Small", 0, 5)})
    large = type("CityForm", (forms.CityForm,), {"coins": forms.number_field("Large", -9, 50)})
    with app.test_request_context():
        for _round in range(2):
            for form_class, label, top in ((small, "Small", 5), (large, "Large", 50)):
                form = form_class(formdata=MultiDict({"coins": "7"}))
                form.validate()
                assert form.coins.label.text == label
                assert bool(form.coins.errors) == (7 > top)
                assert form.coins.signed == (label == "Large")
