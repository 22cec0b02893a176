"""Issue 12: names people can tell apart (API, forms)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import names
from scorer.engine.names import hidden_characters, normalised, same_name_key
from tests.helpers import filler, game, player, problems_of


def table_of(*names):
    wonders = ("gizah", "rhodes", "babylon", "ephesos")
    return game(*(player(name, wonders[index]) for index, name in enumerate(names)))


@pytest.mark.parametrize("name", ["A\u200bda", "Ada\u202e", "\u2066Ada", "Ad\x07a", "Ada\u00ad", "\ufeffAda",
                                  "Ada\n"])
def test_hidden_characters_are_refused_with_their_codes(name):
    found = problems_of(table_of(name, "Bob", "Cy"))
    assert found[0] == ("players[0].name", "invalid")
    assert hidden_characters(name)


@pytest.mark.parametrize(("first", "second"), [("Ada", "ada"), ("Łukasz", "łUKASZ"),
                                                ("Zoe\u0301", "Zoé"), ("Ada", " Ada ")])
def test_names_equal_up_to_case_normalisation_or_spaces_are_the_same(first, second):
    assert ("players[1].name", "duplicate_name") in problems_of(table_of(first, second, "Cy"))
    assert same_name_key(first) == same_name_key(second)


def test_names_are_normalised_and_trimmed_in_the_report(client):
    answer = client.post("/api/v1/score", json=game(player("  Zoe\u0301 ", "gizah"), *filler(2, ["gizah"])))
    assert answer.status_code == 200
    assert answer.get_json()["players"][0]["name"] == "Zoé" == normalised("  Zoe\u0301 ")


def test_the_api_says_which_characters(client):
    answer = client.post("/api/v1/score", json=table_of("A\u200bda", "Bob", "Cy"),
                         headers={"Accept-Language": "nl"})
    (error,) = answer.get_json()["errors"]
    assert error["code"] == "invalid" and "U+200B" in error["message"]


def test_the_new_game_form_refuses_them_beside_the_field(app, client):
    data = {"title": "", "count": "3", "action": "save", "edition": "first"}
    for index, name in enumerate(("Ada", "A\u200bda", "ADA")):
        data.update({f"seats-{index}-name": name, f"seats-{index}-wonder": "random",
                     f"seats-{index}-side": "random"})
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert "U+200B" in html and "names must differ" in html


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=12))
def test_the_quick_path_for_plain_names_agrees_with_the_walk(name):
    """Plain names skip the character walk; any text must be judged as the walk judges it."""
    walked = []
    for index, char in enumerate(name):
        if names._refused(name, index) and f"U+{ord(char):04X}" not in walked:
            walked.append(f"U+{ord(char):04X}")
    assert hidden_characters(name) == walked
    visible = "".join(char for char in normalised(name)
                      if not (unicodedata.category(char) in ("Cc", "Cf")
                              or char in names.INVISIBLE or names.is_noncharacter(char)))
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", visible).casefold())
    assert same_name_key(name) == " ".join(folded.split())
