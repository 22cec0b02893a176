"""Macro imports ask Jinja's question (has the page globals the macro file lacks?) in C
(scorer/web/template_imports.py), and Jinja's answer stays the same."""

from __future__ import annotations

from collections.abc import Set

from scorer.web.template_imports import Template


def test_a_page_imports_macros_without_the_generic_set_difference(app, client, game_id,
                                                                  monkeypatch):
    with app.app_context():
        from scorer.games import service as games_service

        player = games_service.load(game_id).document["players"][0]["id"]
    url = f"/games/{game_id}/players/{player}?other=1"
    assert client.get(url).status_code == 200

    def refused(self, other):
        raise AssertionError("an import took the generic Set.__rsub__")

    monkeypatch.setattr(Set, "__rsub__", refused)
    assert isinstance(app.jinja_env.get_template("macros.html"), Template)
    assert client.get(url).status_code == 200
    assert client.get(f"/games/{game_id}").status_code == 200


def test_a_global_of_the_page_only_still_reaches_the_imported_file(app):
    """Jinja's own rule kept: a template given a global the macro file lacks imports a module
    made with it (not the kept one)."""
    environment = app.jinja_env.overlay()
    environment.template_class = Template
    macros = environment.from_string("{% macro shout() %}{{ word|default('none') }}{% endmacro %}")
    page = environment.from_string("{% from macros import shout %}{{ shout() }}",
                                   globals={"macros": macros, "word": "hello"})
    plain = environment.from_string("{% from macros import shout %}{{ shout() }}",
                                    globals={"macros": macros})
    assert page.render() == "hello"
    assert plain.render() == "none"
