"""Validation of a game document: every problem at once, each with a path, a code and a message.

Validation is the only way from untrusted JSON to the city model, so nothing downstream has
to guard against bad input, and a user sees every mistake of a form in one go.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .catalog import EDITIONS, GUILDS_EXTRA, Catalog, load_catalog
from .city import TOKEN_VALUES, City, Game
from .messages import ENGLISH, N_, Message, Translator, card_name, wonder_name

MAX_NAME_LENGTH = 40
MIN_PLAYERS, MAX_PLAYERS = 3, 7
SIDES = ("A", "B")
#: Per age a city fights its two neighbours: at most two victory tokens of an age, six defeats.
MAX_TOKENS = {"victory_1": 2, "victory_3": 2, "victory_5": 2, "defeat": 6}
#: Each battle gives one token (a draw none): two battles in each of the three ages.
MAX_BATTLES = 6


@dataclass(frozen=True, slots=True)
class Problem:
    path: str
    code: str
    message: Message

    def as_dict(self, translator: Translator = ENGLISH) -> dict:
        return {"path": self.path, "code": self.code, "message": self.message.render(translator)}


class InvalidDocument(Exception):
    """Raised with every problem found, for callers that prefer exceptions."""

    def __init__(self, problems: list[Problem]):
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems


class Problems(list):
    def add(self, path: str, code: str, text: str, **params: Any) -> None:
        self.append(Problem(path, code, Message(text, params)))


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_count(problems: Problems, path: str, value: Any, *, maximum: int | None = None,
                too_many: tuple[str, str] | None = None) -> int | None:
    """An integer field: the value when it is usable, else None with the problem recorded."""
    if not is_int(value):
        problems.add(path, "invalid", N_("%(field)s must be a whole number."), field=path)
        return None
    if value < 0:
        problems.add(path, "negative_value", N_("%(field)s cannot be negative (got %(value)d)."),
                     field=path, value=value)
        return None
    if maximum is not None and value > maximum and too_many is not None:
        code, text = too_many
        problems.add(path, code, text, field=path, value=value, maximum=maximum)
        return None
    return value


def edition_of(document: dict, problems: Problems) -> Catalog | None:
    edition = document.get("edition", "first")
    if not isinstance(edition, str):
        problems.add("edition", "invalid", N_("The edition must be a text such as \"first\"."))
        return None
    if edition not in EDITIONS:
        problems.add("edition", "unsupported_edition",
                     N_("Edition '%(edition)s' is not supported; use \"first\"."), edition=edition)
        return None
    expansions = document.get("expansions", [])
    if not isinstance(expansions, list):
        problems.add("expansions", "invalid", N_("\"expansions\" must be a list."))
    elif expansions:
        problems.add("expansions", "unsupported_expansion",
                     N_("Expansions are not supported yet; leave \"expansions\" empty."))
    return load_catalog(edition)


def parse_game(document: Any) -> tuple[Game | None, list[Problem]]:
    """The game a document describes, or None and every problem that stops it."""
    problems = Problems()
    if not isinstance(document, dict):
        problems.add("", "invalid", N_("A game must be a JSON object."))
        return None, problems
    catalog = edition_of(document, problems)
    players = document.get("players")
    if not isinstance(players, list):
        problems.add("players", "invalid", N_("\"players\" must be a list of players."))
        return None, problems
    if catalog is None:
        return None, problems
    check_player_count(players, problems)
    holders: dict[str, list[str]] = {}
    cities = [parse_city(catalog, index, raw, problems, holders)
              for index, raw in enumerate(players)]
    check_across_cities(catalog, players, holders, problems)
    if problems:
        return None, problems
    return Game(catalog, tuple(cities)), problems


def check_player_count(players: list, problems: Problems) -> None:
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.add("players", "player_count",
                     N_("A game has 3 to 7 players (or 2 and the Free City); got %(count)d."),
                     count=len(players))
    free = [i for i, p in enumerate(players) if isinstance(p, dict) and p.get("free_city") is True]
    if free and (len(players) != 3 or len(free) != 1):
        problems.add("players", "player_count",
                     N_("The Free City variant has exactly three entries, one of them the Free City."))


def parse_city(catalog: Catalog, index: int, raw: Any, problems: Problems,
               holders: dict[str, list[str]]) -> City | None:
    """One city, or None when it has problems; ``holders`` learns where each building is."""
    at = f"players[{index}]"
    if not isinstance(raw, dict):
        problems.add(at, "invalid", N_("Each player must be a JSON object."))
        return None
    before = len(problems)
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add(f"{at}.name", "invalid", N_("Every player needs a name."))
    elif len(name) > MAX_NAME_LENGTH:
        problems.add(f"{at}.name", "invalid", N_("A name has at most %(maximum)d characters."),
                     maximum=MAX_NAME_LENGTH)
    wonder = parse_wonder(catalog, at, raw, problems)
    side = raw.get("side")
    if not isinstance(side, str):
        problems.add(f"{at}.side", "invalid", N_("The side must be \"A\" or \"B\"."))
        side = None
    elif side not in SIDES:
        problems.add(f"{at}.side", "unknown_side",
                     N_("Unknown side '%(side)s': a wonder has side \"A\" or \"B\"."), side=side)
        side = None
    stages = check_count(problems, f"{at}.stages", raw.get("stages", 0))
    if wonder is not None and side is not None and stages is not None:
        most = len(wonder.sides[side])
        if stages > most:
            problems.add(f"{at}.stages", "too_many_stages",
                         N_("%(wonder)s side %(side)s has %(maximum)d stages, not %(value)d."),
                         wonder=wonder_name(wonder.name), side=side, maximum=most, value=stages)
    cards = parse_cards(catalog, at, raw.get("cards", []), problems, holders)
    coins = check_count(problems, f"{at}.coins", raw.get("coins", 0))
    tokens = parse_tokens(at, raw.get("tokens", {}), problems)
    free_city = raw.get("free_city", False)
    if not isinstance(free_city, bool):
        problems.add(f"{at}.free_city", "invalid", N_("\"free_city\" must be true or false."))
    if len(problems) > before:
        return None
    return City(name=name, wonder=wonder, side=side, stages_built=stages, cards=cards,
                coins=coins, tokens=tokens, free_city=free_city)


def parse_wonder(catalog: Catalog, at: str, raw: dict, problems: Problems):
    wonder_id = raw.get("wonder")
    if not isinstance(wonder_id, str):
        problems.add(f"{at}.wonder", "invalid", N_("The wonder must be a wonder id such as "
                                                   "\"alexandria\"."))
        return None
    if wonder_id not in catalog.wonders:
        problems.add(f"{at}.wonder", "unknown_wonder", N_("Unknown wonder '%(wonder)s'."),
                     wonder=wonder_id)
        return None
    return catalog.wonders[wonder_id]


def parse_cards(catalog: Catalog, at: str, raw: Any, problems: Problems,
                holders: dict[str, list[str]]) -> tuple:
    if not isinstance(raw, list):
        problems.add(f"{at}.cards", "invalid", N_("\"cards\" must be a list of card ids."))
        return ()
    cards, seen = [], {}
    lookup = catalog.by_id
    for position, card_id in enumerate(raw):
        path = f"{at}.cards[{position}]"
        if not isinstance(card_id, str):
            problems.add(path, "invalid", N_("A card must be a card id such as \"altar\"."))
            continue
        card = lookup.get(card_id)
        if card is None:
            problems.add(path, "unknown_card", N_("Unknown card '%(card)s'."), card=card_id)
            continue
        if card.id in seen:
            problems.add(path, "duplicate_building",
                         N_("%(card)s is already in this city (%(first)s): a city never holds "
                            "the same building twice."),
                         card=card_name(card.name), first=seen[card.id])
            continue
        seen[card.id] = path
        cards.append(card)
        holders.setdefault(card.id, []).append(path)
    return tuple(cards)


def parse_tokens(at: str, raw: Any, problems: Problems) -> dict[str, int]:
    if not isinstance(raw, dict):
        problems.add(f"{at}.tokens", "invalid", N_("\"tokens\" must be an object of counts."))
        return {}
    tokens = {}
    for key, value in raw.items():
        path = f"{at}.tokens.{key}"
        if key not in TOKEN_VALUES:
            problems.add(path, "invalid", N_("Unknown conflict token '%(token)s'; use victory_1, "
                                             "victory_3, victory_5 or defeat."), token=key)
            continue
        count = check_count(problems, path, value, maximum=MAX_TOKENS[key], too_many=(
            "too_many_tokens", N_("At most %(maximum)d tokens of this kind fit one city "
                                  "(got %(value)d).")))
        if count:
            tokens[key] = count
    total = sum(tokens.values())
    if total > MAX_BATTLES:
        problems.add(f"{at}.tokens", "too_many_tokens",
                     N_("A city fights two battles per age, so it holds at most %(maximum)d "
                        "conflict tokens in all (got %(value)d)."),
                     maximum=MAX_BATTLES, value=total)
    return tokens


def check_across_cities(catalog: Catalog, players: list, holders: dict[str, list[str]],
                        problems: Problems) -> None:
    """Rules that span the table: names, wonders, copies in the decks, guilds drawn."""
    names: dict[str, int] = {}
    wonders: dict[str, int] = {}
    deck_players = max(len(players), MIN_PLAYERS)
    for index, raw in enumerate(players):
        if not isinstance(raw, dict):
            continue
        name = raw.get("name")
        if isinstance(name, str):
            if name in names:
                problems.add(f"players[{index}].name", "duplicate_name",
                             N_("Two players are called '%(name)s'; names must differ."), name=name)
            names.setdefault(name, index)
        wonder = raw.get("wonder")
        if isinstance(wonder, str) and wonder in catalog.wonders:
            if wonder in wonders:
                problems.add(f"players[{index}].wonder", "duplicate_wonder",
                             N_("%(wonder)s is already played by player %(other)d; each wonder "
                                "is in the game once."),
                             wonder=wonder_name(catalog.wonders[wonder].name),
                             other=wonders[wonder] + 1)
            wonders.setdefault(wonder, index)
    guild_paths = []
    for card_id, paths in holders.items():
        card = catalog.cards[card_id]
        if card.colour == "purple":
            guild_paths.append(paths[0])
            allowed = 1
        else:
            allowed = card.copies_for(deck_players)
        if len(paths) <= allowed:
            continue
        if allowed == 0:
            text = N_("%(card)s is not in the decks for %(players)d players.")
        else:
            text = N_("The decks for %(players)d players hold %(allowed)d × %(card)s, but "
                      "%(count)d cities have it.")
        for path in paths[allowed:]:
            problems.add(path, "too_many_copies", text, players=deck_players, allowed=allowed,
                         card=card_name(card.name), count=len(paths))
    most_guilds = deck_players + GUILDS_EXTRA
    if len(guild_paths) > most_guilds:
        problems.add("players", "too_many_guilds",
                     N_("%(count)d guilds were built, but only %(maximum)d are dealt for "
                        "%(players)d players."),
                     count=len(guild_paths), maximum=most_guilds, players=deck_players)
