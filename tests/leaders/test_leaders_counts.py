"""Abu Simbel's counts in words a player reads (issue 21 item 3): recruited and buried leaders
named apart, and one leader in the singular, in English, Dutch and Polish."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorer.engine.validation import parse_game
from scorer.i18n import translator_for
from tests.leaders.leaders_docs import city, leaders_game

TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"


def messages(document, locale: str = "en") -> dict[str, str]:
    _, problems = parse_game(document)
    translator = translator_for(locale, str(TRANSLATIONS))
    return {problem.path: problem.message.render(translator) for problem in problems}


def test_recruited_and_buried_are_counted_apart():
    found = messages(leaders_game(city("P", "abu-simbel", "A", 3, leaders=["sappho", "midas", "nero"],
                                       buried=["cleopatra"])))
    assert found["players[0].leaders"] == (
        "A city recruits at most 3 leaders (one per Age, one more per built Roma night stage that "
        "recruits), but this one holds 3 recruited + 1 buried.")


def test_one_buried_leader_is_one_leader():
    found = messages(leaders_game(city("P", "abu-simbel", "A", 2, buried=["cleopatra"])))
    assert found["players[0].buried"].startswith("1 leader is buried, but the built wonder stages "
                                                 "bury only 0")


@pytest.mark.parametrize(("locale", "one", "two"), [
    ("nl", "Er is 1 leider begraven", "Er zijn 2 leiders begraven"),
    ("pl", "Pochowano 1 lidera", "Pochowano 2 liderów")])
def test_plural_forms_in_dutch_and_polish(locale, one, two):
    single = messages(leaders_game(city("P", "abu-simbel", "A", 2, buried=["cleopatra"])), locale)
    double = messages(leaders_game(city("P", "abu-simbel", "A", 2, buried=["cleopatra", "nero"])),
                      locale)
    assert single["players[0].buried"].startswith(one)
    assert double["players[0].buried"].startswith(two)
