"""Problems across the table name the players they are about (issue 21 item 10): a duplicate
wonder names who plays it, a copy too many names the cities holding the card, and an empty
name gets one message, not a second about names that must differ."""

from __future__ import annotations

from scorer.engine.validation import parse_game
from tests.helpers import game, player


def messages(document) -> dict[str, list[str]]:
    _, problems = parse_game(document)
    found: dict[str, list[str]] = {}
    for problem in problems:
        found.setdefault(problem.path, []).append(problem.as_dict()["message"])
    return found


def test_a_duplicate_wonder_names_the_player_who_plays_it():
    found = messages(game(player("Ann", "gizah"), player("Bram", "gizah"), player("Cas", "rhodes")))
    assert found["players[1].wonder"] == [
        "The Pyramids of Giza is already played by Ann; each wonder is in the game once."]


def test_a_copy_too_many_names_the_cities_that_hold_it():
    found = messages(game(player("Ann", "gizah", cards=["lumber-yard"]), player("Bram", "babylon"),
                          player("Cas", "rhodes", cards=["lumber-yard"])))
    assert found["players[2].cards[0]"] == [
        "The decks for 3 players hold 1 × Lumber Yard, but 2 cities have it: Ann, Cas."]


def test_empty_names_get_one_message_each():
    found = messages(game(player("", "gizah"), player("", "babylon"), player("Cas", "rhodes")))
    assert found["players[0].name"] == ["Every player needs a name."]
    assert found["players[1].name"] == ["Every player needs a name."]
