"""Validation of a trade question: the table as a game document, plus who builds what.

The cities are checked by :func:`parse_game` itself, so a question is refused for exactly the
reasons a game would be; the question's own fields are checked here, and every problem is
reported at once with its path, as for scoring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .catalog import AGES, Card, Catalog
from .city import City, Game
from .expansions import question_owners
from .messages import N_, card_name
from .rules import Ruleset
from .validation import Problem, Problems, check_fields, is_int, parse_game, ruleset_of

#: a hand is dealt seven cards and only shrinks
MAX_HAND = 7
#: the question's own fields, beside the game document's
QUESTION_FIELDS = frozenset({"player", "build", "hand", "age"})


@dataclass(frozen=True, slots=True)
class TradeQuestion:
    """Who builds (``player``, a seat index) what: one card, the next stage, or a whole hand."""

    game: Game
    player: int
    #: the card to build, with its id as asked (``loom-age2`` stays ``loom-age2``)
    card: Card | None = None
    card_id: str | None = None
    wonder_stage: bool = False
    #: ``(id as asked, card)`` per card of the hand, in the hand's order; None when not a hand
    hand: tuple[tuple[str, Card], ...] | None = None
    age: int | None = None
    #: an expansion's own question (what its ``question_fields`` ask) and the expansion asked
    other: object | None = None
    asked_of: object | None = None

    @property
    def builder(self) -> City:
        return self.game.cities[self.player]


def parse_trade_question(document: Any) -> tuple[TradeQuestion | None, list[Problem]]:
    """The question a document asks, or None and every problem found in it."""
    problems = Problems()
    if not isinstance(document, dict):
        problems.add("", "invalid", N_("A trade question must be a JSON object."))
        return None, problems
    owners = question_owners()
    game, game_problems = parse_game(document, QUESTION_FIELDS | owners.keys())
    problems.extend(game_problems)
    ruleset = ruleset_of(document, Problems())
    catalog = ruleset.catalog if ruleset is not None else None
    player = _player(document, problems)
    age = _age(ruleset, document, problems)
    card = card_id = hand = None
    wonder_stage = False
    other = asked_of = None
    asked = [owners[field] for field in owners if field in document]
    if asked:
        asked_of = asked[0]
        played = ruleset is not None and asked_of in ruleset.parts
        other = asked_of.parse_question(ruleset if played else None, document, age, problems)
    elif "build" in document and "hand" in document:
        problems.add("hand", "invalid", N_("Ask about \"build\" or about \"hand\", not both."))
    elif "hand" in document:
        hand = _hand(catalog, document["hand"], age, problems)
    elif "build" in document:
        card_id, card, wonder_stage = _build(catalog, document["build"], age, problems)
    else:
        problems.add("build", "invalid",
                     N_("Say what to build: \"build\": {\"card\": ID} or {\"wonder_stage\": "
                        "true}, or give a \"hand\" of card ids."))
    if problems:
        return None, problems
    return TradeQuestion(game, game.index_of(player), card, card_id, wonder_stage, hand,
                         age, other, asked_of), problems


def _player(document: dict, problems: Problems) -> str | None:
    name = document.get("player")
    if not isinstance(name, str) or not name:
        problems.add("player", "invalid",
                     N_("\"player\" must be the name of the player who builds."))
        return None
    players = document.get("players")
    names = {raw.get("name") for raw in players
             if isinstance(raw, dict) and isinstance(raw.get("name"), str)} \
        if isinstance(players, list) else set()
    if name not in names:
        problems.add("player", "unknown_player",
                     N_("No player is called '%(name)s'; \"player\" must be one of the "
                        "players' names."), name=name)
        return None
    return name


def _age(ruleset: Ruleset | None, document: dict, problems: Problems) -> int | None:
    if document.get("age") is None:
        return None
    age = document["age"]
    if not is_int(age) or age not in (ruleset.ages if ruleset is not None else AGES):
        problems.add("age", "invalid", N_("\"age\" must be 1, 2 or 3 (got %(value)s)."),
                     value=str(age))
        return None
    return age


def _card(catalog: Catalog | None, path: str, card_id: Any, age: int | None,
          problems: Problems) -> Card | None:
    if not isinstance(card_id, str):
        problems.add(path, "unknown_card", N_("Unknown card '%(card)s'."), card=str(card_id))
        return None
    if catalog is None:
        return None
    card = catalog.card(card_id)
    if card is None:
        problems.add(path, "unknown_card", N_("Unknown card '%(card)s'."), card=card_id)
        return None
    if age is not None and age not in card.ages:
        problems.add(path, "wrong_age", N_("%(card)s is not a card of Age %(age)d."),
                     card=card_name(card.name), age=age)
        return None
    return card


def _build(catalog: Catalog | None, build: Any, age: int | None,
           problems: Problems) -> tuple[str | None, Card | None, bool]:
    if not isinstance(build, dict) or ("card" in build) == ("wonder_stage" in build):
        problems.add("build", "invalid",
                     N_("\"build\" must be {\"card\": ID} or {\"wonder_stage\": true}."))
        return None, None, False
    check_fields(problems, "build", build, frozenset({"card", "wonder_stage"}))
    if "wonder_stage" in build:
        if build["wonder_stage"] is not True:
            problems.add("build.wonder_stage", "invalid",
                         N_("\"wonder_stage\" must be true: the next stage is the one built."))
        return None, None, True
    card = _card(catalog, "build.card", build["card"], age, problems)
    return build["card"], card, False


def _hand(catalog: Catalog | None, hand: Any, age: int | None,
          problems: Problems) -> tuple[tuple[str, Card], ...] | None:
    if not isinstance(hand, list):
        problems.add("hand", "invalid", N_("\"hand\" must be a list of card ids."))
        return None
    if len(hand) > MAX_HAND:
        problems.add("hand", "invalid", N_("A hand holds at most %(maximum)d cards (got %(count)d)."),
                     maximum=MAX_HAND, count=len(hand))
        return None
    cards = []
    for position, card_id in enumerate(hand):
        card = _card(catalog, f"hand[{position}]", card_id, age, problems)
        if card is not None:
            cards.append((card_id, card))
    return tuple(cards)
