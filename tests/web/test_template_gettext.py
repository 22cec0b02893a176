"""The templates' ``_`` (scorer.i18n.template_gettext) gives what Jinja's newstyle ``_`` gave:
every message of every catalog, with and without values (escaped), under autoescape and
without, in every language, and again once kept."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po
from jinja2.ext import _gettext_alias

from scorer import PROJECT_ROOT, i18n

LANGUAGES = ("en", "nl", "pl")
VALUE = re.compile(r"%\((\w+)\)([sdi])")


def messages() -> list[str]:
    with open(PROJECT_ROOT / "translations" / "nl" / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalog = read_po(po)
    return [message.id for message in catalog if message.id and isinstance(message.id, str)]


def values(msgid: str) -> dict:
    return {name: 3 if kind in "di" else "<b>&'\"" for name, kind in VALUE.findall(msgid)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_what_jinja_gave(app, language):
    found = messages()
    assert len(found) > 300
    old_environment = app.jinja_env.overlay()
    old_environment.globals = {**app.jinja_env.globals, "_": _gettext_alias}
    translated = 0
    with app.test_request_context("/", headers={"Accept-Language": language}):
        for autoescape in (True, False):
            template = "{% autoescape " + str(autoescape).lower() + " %}{{ _(m, **v) }}{% endautoescape %}"
            new = app.jinja_env.from_string(template)
            old = old_environment.from_string(template)
            assert new.globals["_"] is i18n.template_gettext
            for msgid in found:
                given = values(msgid)
                try:
                    expected = old.render(m=msgid, v=given)
                except (TypeError, ValueError, KeyError):
                    continue  # a message Jinja could not format cannot be compared
                translated += expected != msgid
                for _twice in range(2):
                    assert new.render(m=msgid, v=given) == expected, (language, msgid)
                if not given:
                    assert new.render(m=msgid, v={}) == old.render(m=msgid, v={})
    assert translated > (1000 if language != "en" else 0)
