"""``/api/v1/cards`` as the spec's "Cards and rulings at hand" says, in three languages."""

from __future__ import annotations

import pytest

from scorer.engine.rules import editions
from tests.cards.conftest import LANGUAGES


def get(client, url, language="en"):
    return client.get(url, headers={"Accept-Language": language})


def test_every_entry_answers_in_every_language(client, index, languages):
    for entry in index.entries:
        for code in LANGUAGES:
            answer = get(client, f"/api/v1/cards/{entry.id}?edition={entry.edition}", code)
            assert answer.status_code == 200, (entry.key, code)
            card = answer.get_json()
            assert card["name"] == entry.label.render(languages[code])
            assert (card["id"], card["edition"], card["kind"]) == (entry.id, entry.edition,
                                                                   entry.kind)
            assert card["url"].endswith(f"/cards/{entry.edition}/{entry.id}")
            if entry.kind == "wonder":
                assert card["sides"] and all(stage["effects"] for side in card["sides"]
                                             for stage in side["stages"])
            else:
                assert card["effects"], entry.key
            assert isinstance(card["rulings"], list)


def test_a_card_follows_the_spec(client):
    card = get(client, "/api/v1/cards/guild-of-shadows").get_json()
    assert card == {
        "id": "guild-of-shadows", "kind": "building", "name": "Guild of Shadows",
        "edition": "first", "expansion": "cities", "expansions": ["cities"], "age": 3,
        "ages": [3], "colour": "purple", "cost": card["cost"], "chains_from": [],
        "chains_to": [], "players": [3, 4, 5, 6, 7, 8],
        "effects": ["1 point per black card in the neighbouring cities."],
        "url": "http://localhost/cards/first/guild-of-shadows",
        "rulings": [{"id": "C11", "text": card["rulings"][0]["text"]}]}
    assert card["rulings"][0]["text"].startswith("Guild of Shadows: 1 point per black card")
    polish = get(client, "/api/v1/cards/guild-of-shadows", "pl").get_json()
    assert polish["effects"][0].startswith("1 punkt za ")
    assert polish["effects"][0].endswith(" w sąsiednich miastach.")
    assert polish["rulings"][0]["text"].startswith("Gildia Cieni")


def test_a_wonder_shows_both_sides_and_the_second_edition_is_asked_for(client):
    olympia = get(client, "/api/v1/cards/olympia?edition=second", "nl").get_json()
    assert [side["id"] for side in olympia["sides"]] == ["day", "night"]
    assert olympia["sides"][0]["stages"][1]["effects"] == [
        "Het eerste gebouw van elke kleur kost niets."]
    assert olympia["sides"][1]["stages"][0]["effects"][-1] == (
        "Gratis als het in de eerste beurt van een tijdperk gebouwd wordt.")
    assert {"P1", "C17"} <= {ruling["id"] for ruling in olympia["rulings"]}


def test_an_unknown_id_or_edition_is_refused(client):
    answer = get(client, "/api/v1/cards/strategists-guild?edition=second")
    assert answer.status_code == 404
    assert answer.get_json()["errors"][0]["code"] == "not_found"
    answer = get(client, "/api/v1/cards/altar?edition=third", "pl")
    assert answer.status_code == 422
    assert answer.get_json()["errors"] == [{"path": "edition", "code": "unsupported_edition",
                                            "message": "Nieznana edycja 'third'."}]


def test_search_finds_names_typos_and_effect_words(client):
    found = get(client, "/api/v1/cards?q=Counterfiters").get_json()["cards"]
    assert found[0]["id"] == "counterfeiters-guild"
    found = get(client, "/api/v1/cards?q=gildia%20szpieg%C3%B3w&edition=second&limit=1").get_json()
    assert [card["id"] for card in found["cards"]] == ["spies-guild"]
    black = get(client, "/api/v1/cards?q=black&limit=50").get_json()["cards"]
    assert "guild-of-shadows" in {card["id"] for card in black}
    assert get(client, "/api/v1/cards?q=qqqqzzzz").get_json() == {"cards": []}


def test_search_filters_by_edition_and_expansions(client):
    cards = get(client, "/api/v1/cards?q=guild&expansions=&limit=50").get_json()["cards"]
    assert cards and all(card["expansion"] is None for card in cards)
    cards = get(client, "/api/v1/cards?q=guild&expansions=leaders&edition=first&limit=50"
                ).get_json()["cards"]
    assert "diplomats-guild" in {card["id"] for card in cards}
    assert "guild-of-shadows" not in {card["id"] for card in cards}
    assert len(get(client, "/api/v1/cards?q=guild").get_json()["cards"]) == 10


@pytest.mark.parametrize(("query", "path", "code"), [
    ("q=" + "x" * 101, "q", "too_long"), ("q=a&limit=0", "limit", "invalid"),
    ("q=a&limit=51", "limit", "invalid"), ("q=a&limit=ten", "limit", "invalid"),
    ("q=a&expansions=armadillo", "expansions", "unsupported_expansion"),
    ("q=a&edition=3", "edition", "unsupported_edition")])
def test_bad_questions_answer_422_naming_the_field(client, query, path, code):
    answer = get(client, "/api/v1/cards?" + query, "nl")
    assert answer.status_code == 422
    (error,) = answer.get_json()["errors"]
    assert (error["path"], error["code"]) == (path, code)
    assert error["message"]


def test_answers_are_cacheable_until_the_app_changes(client):
    answer = get(client, "/api/v1/cards/altar")
    assert answer.headers["Cache-Control"] == "public, max-age=3600"
    assert {"Accept-Language", "Cookie"} <= set(answer.vary)
    etag = answer.headers["ETag"]
    again = client.get("/api/v1/cards/altar", headers={"If-None-Match": etag,
                                                        "Accept-Language": "en"})
    assert again.status_code == 304
    polish = get(client, "/api/v1/cards/altar", "pl")
    assert polish.headers["ETag"] != etag
    assert len(editions()) == 2
