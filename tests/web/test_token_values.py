"""Victory tokens typed as their values ("1 3 5 5"): reading, writing back, the city page's
field, its messages, and pages from before it (a count per kind) still saving."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer import create_app, storage
from scorer.engine.rules import get_ruleset
from scorer.web.token_values import read, victory_kinds, written
from tests.helpers import city_path, game, player, post_city

KINDS = victory_kinds(get_ruleset("first").tokens)


@pytest.fixture(scope="module")
def english(tmp_path_factory):
    """A request's context (its language) for reading, shared by hypothesis' examples."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test",
                      "DATABASE": str(tmp_path_factory.mktemp("tokens") / "test.sqlite")})
    with app.test_request_context():
        yield


def test_the_victory_kinds_are_typed_and_defeats_are_not():
    assert [(kind.id, kind.value) for kind in KINDS] == [("victory_1", 1), ("victory_3", 3),
                                                         ("victory_5", 5)]


@given(st.dictionaries(st.sampled_from([kind.id for kind in KINDS]), st.integers(0, 6)),
       st.sampled_from([" ", ", ", "+", ""]))
def test_written_tokens_read_back_as_the_same_counts(english, counts, separator):
    text = written(counts, KINDS)
    assert read(text, KINDS) == {kind: count for kind, count in counts.items() if count}
    assert read(text.replace(" ", separator), KINDS) == read(text, KINDS)


@pytest.mark.parametrize(("text", "counts"), [
    ("", {}), ("  ", {}), ("135", {"victory_1": 1, "victory_3": 1, "victory_5": 1}),
    ("5 5,1+1", {"victory_5": 2, "victory_1": 2}), (" 3\t3 ", {"victory_3": 2}),
])
def test_what_a_player_types_is_read(english, text, counts):
    assert read(text, KINDS) == counts


@pytest.mark.parametrize(("text", "message"), [
    ("2", "There is no token of 2: type 1, 3, or 5 for each token."),
    ("1 0", "There is no token of 0: type 1, 3, or 5 for each token."),
    ("1 -1", "Type each token’s value (1, 3, or 5), for example 1 3 5."),
    ("three", "Type each token’s value (1, 3, or 5), for example 1 3 5."),
    ("١", "Type each token’s value (1, 3, or 5), for example 1 3 5."),
    ("1" * 61, "Too long: type at most 60 characters."),
])
def test_anything_else_is_refused_with_one_message(english, text, message):
    with pytest.raises(ValueError) as refused:
        read(text, KINDS)
    assert str(refused.value) == message


@pytest.fixture
def game_id(app):
    with app.app_context():
        return storage.create_game(game(player("Ada", "alexandria"), player("Bob", "gizah"),
                                        player("Cy", "rhodes")))


def form(**fields):
    return {"cards": [], "stages": "0", "coins": "0", "defeat": "0", "action": "stay", **fields}


def saved_tokens(app, game_id):
    with app.app_context():
        return storage.load_game(game_id).document["players"][0].get("tokens", {})


def test_typed_tokens_are_saved_and_shown_back_smallest_first(app, client, game_id):
    answer = post_city(client, app, game_id, 0, form(victories="5 1 5", defeat="1"))
    assert answer.status_code == 302
    assert saved_tokens(app, game_id) == {"victory_1": 1, "victory_5": 2, "defeat": 1}
    html = client.get(city_path(app, game_id, 0)).get_data(as_text=True)
    assert 'value="1 5 5"' in html


def test_a_refused_text_is_shown_back_as_typed_in_dutch_and_nothing_is_saved(app, client, game_id):
    client.set_cookie("lang", "nl")
    answer = post_city(client, app, game_id, 0, form(victories="1 2", coins="4"))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert "Er is geen fiche van 2: typ voor elk fiche 1, 3 of 5." in html
    assert 'value="1 2"' in html and 'aria-invalid="true"' in html
    assert saved_tokens(app, game_id) == {}


def test_a_missing_field_is_refused(app, client, game_id):
    answer = post_city(client, app, game_id, 0, form())
    assert answer.status_code == 422
    assert "This field is required." in answer.get_data(as_text=True)


def test_a_page_from_before_the_typed_field_still_saves_its_counts(app, client, game_id):
    answer = post_city(client, app, game_id, 0, form(victory_1="2", victory_3="", victory_5="1"))
    assert answer.status_code == 302
    assert saved_tokens(app, game_id) == {"victory_1": 2, "victory_5": 1}
    answer = post_city(client, app, game_id, 0, form(victory_1="two", victory_3="0", victory_5="0"))
    assert answer.status_code == 422
    assert saved_tokens(app, game_id) == {"victory_1": 2, "victory_5": 1}
