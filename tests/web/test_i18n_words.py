"""Dutch and Polish read as written by a native speaker (issue 21 item 9): Dutch joins its
compounds (the rulebook's card names keep their own spelling), no English words are left in
the science line or the quick pad, and the range message is the project's own, not WTForms'."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tests.helpers import game, player, post_city
from tests.web.test_web_city import city

CATALOGS = Path(__file__).resolve().parents[2] / "translations"
#: split compounds the Dutch catalog once had ("Overwinning fiches", "Wonder fasen")
SPLIT = re.compile(r"\b(Overwinning|Nederlaag|Conflict|Wonder|Wetenschaps) (fiche|fase|symbo|gebouw)",
                   re.IGNORECASE)


def messages(locale: str):
    with open(CATALOGS / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return [message for message in read_po(handle) if message.id]


def texts(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def test_dutch_joins_its_compounds_except_in_the_rulebooks_card_names():
    split = [text for message in messages("nl")
             if not any(comment.startswith("nl:") for comment in message.auto_comments)
             for text in texts(message) if SPLIT.search(text)]
    assert split == []


def test_no_english_words_left_in_the_dutch_science_words():
    by_id = {message.id if isinstance(message.id, str) else message.id[0]: message
             for message in messages("nl")}
    assert texts(by_id["%(num)d tablet"]) == ["%(num)d tablet", "%(num)d tabletten"]
    assert "sets" not in texts(by_id["%(num)d set"])[1]
    assert texts(by_id["Tablets"]) == ["Tabletten"]
    assert texts(by_id["%(field)s: one more"]) == ["%(field)s: één meer"]


@pytest.mark.parametrize(("locale", "expected"), [
    ("nl", "Het getal moet tussen 0 en 999 liggen."),
    ("pl", "Liczba musi mieścić się w zakresie od 0 do 999.")])
def test_the_range_message_reads_well(app, client, locale, expected):
    from scorer import storage

    with app.app_context():
        game_id = storage.create_game(game(player("Ada", "alexandria"), player("Bob", "gizah"),
                                           player("Cy", "rhodes")))
    client.set_cookie("lang", locale)
    answer = post_city(client, app, game_id, 0, city(coins="1000"))
    assert answer.status_code == 422
    assert expected in answer.get_data(as_text=True)
