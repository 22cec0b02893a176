"""Validation of a game document: every problem at once, each with a path, a code and a message.

Validation is the only way from untrusted JSON to the city model, so nothing downstream has
to guard against bad input, and a user sees every mistake of a form in one go.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from . import bounds
from .catalog import Catalog
from .city import City, Game
from .messages import N_, card_name, wonder_name
from .names import hidden_characters, normalised, same_name_key, shows_nothing
from .problems import Problem, Problems
from .rules import (
    DEFAULT_EDITION,
    Ruleset,
    editions,
    expansion_of_field,
    expansion_with,
    get_ruleset,
)
from .rules import expansions as known_expansions

#: the counts a game without expansions adds (shared: nobody changes it)
NO_TALLIES = MappingProxyType({})
MAX_NAME_LENGTH = 40
#: a player's stable id (see docs/entering-cities-together.md): a short text the scorer ignores
MAX_ID_LENGTH = 64
#: what a saved game keeps about each player at the table, in every edition; never scored
TABLE_FIELDS = frozenset({"id", "entered"})
#: compatibility for the pages until they read the ruleset (the same in every edition)
MIN_PLAYERS, MAX_PLAYERS = 3, 7


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


def ruleset_of(document: dict, problems: Problems) -> Ruleset | None:
    """The document's ruleset (edition and expansions), or None with the problem recorded."""
    edition = document.get("edition", DEFAULT_EDITION)
    if not isinstance(edition, str):
        problems.add("edition", "invalid", N_("The edition must be a text such as \"first\"."))
        return None
    if edition not in editions():
        problems.add("edition", "unsupported_edition",
                     N_("Edition '%(edition)s' is not supported; use %(editions)s."),
                     edition=edition, editions=", ".join(f'"{e}"' for e in editions()))
        return None
    expansions = document.get("expansions", [])
    if not isinstance(expansions, list):
        problems.add("expansions", "invalid", N_("\"expansions\" must be a list."))
        return get_ruleset(edition)
    try:
        return get_ruleset(edition, expansions)
    except (KeyError, TypeError):
        problems.add("expansions", "unsupported_expansion",
                     N_("Only these expansions are supported: %(expansions)s."),
                     expansions=", ".join(f'"{name}"' for name in known_expansions()))
        return get_ruleset(edition)


def check_fields(problems: Problems, at: str, raw: dict, allowed: frozenset[str]) -> None:
    """Refuse every field the ruleset does not know: it would be silently ignored otherwise."""
    if raw.keys() <= allowed:
        return
    for key in raw:
        if key not in allowed:
            path = f"{at}.{key}" if at else str(key)
            expansion = expansion_of_field(key)
            if expansion is not None:
                problems.add(path, "invalid",
                             N_("'%(field)s' belongs to the %(expansion)s expansion: add "
                                "\"expansions\": [\"%(expansion)s\"] to the game."),
                             field=str(key), expansion=expansion)
            else:
                problems.add(path, "invalid", N_("Unknown field '%(field)s'."), field=str(key))


def parse_game(document: Any, extra_fields: frozenset[str] = frozenset(),
               ) -> tuple[Game | None, list[Problem]]:
    """The game a document describes, or None and every problem that stops it.

    ``extra_fields``: top-level fields a caller reads itself (a trade question's ``player``).
    """
    problems = Problems()
    if not isinstance(document, dict):
        problems.add("", "invalid", N_("A game must be a JSON object."))
        return None, problems
    too_large = bounds.oversized(document)
    if too_large:
        return None, too_large
    ruleset = ruleset_of(document, problems)
    players = document.get("players")
    if not isinstance(players, list):
        problems.add("players", "invalid", N_("\"players\" must be a list of players."))
        return None, problems
    if ruleset is None:
        return None, problems
    check_fields(problems, "", document, ruleset.game_fields | extra_fields)
    check_player_count(ruleset, players, problems)
    holders: dict[str, list[str]] = {}
    tables = [expansion.new_table(ruleset) for expansion in ruleset.parts]
    cities = [parse_city(ruleset, index, raw, problems, holders, tables)
              for index, raw in enumerate(players)]
    check_across_cities(ruleset, players, holders, problems)
    game_parts: dict = {}
    for expansion, table in zip(ruleset.parts, tables, strict=True):
        expansion.check_table(ruleset, players, table, problems)
        game_parts.update(expansion.parse_game(ruleset, document, table, problems))
    if problems:
        return None, bounds.bounded(problems)
    return Game(ruleset, tuple(cities), game_parts), problems


def check_player_count(ruleset: Ruleset, players: list, problems: Problems) -> None:
    low, high = ruleset.min_players, ruleset.max_players
    if not low <= len(players) <= high:
        if ruleset.free_city:
            problems.add("players", "player_count",
                         N_("A game has %(low)d to %(high)d players (or 2 and the Free City); "
                            "got %(count)d."), low=low, high=high, count=len(players))
        else:
            problems.add("players", "player_count",
                         N_("A game has %(low)d to %(high)d players; got %(count)d."),
                         low=low, high=high, count=len(players))
    free = [i for i, p in enumerate(players) if isinstance(p, dict) and p.get("free_city") is True]
    if ruleset.free_city and free and (len(players) != 3 or len(free) != 1):
        problems.add("players", "player_count",
                     N_("The Free City variant has exactly three entries, one of them the Free City."))


def check_name(problems: Problems, path: str, name: Any) -> bool:
    """A player's name by the rules of :mod:`.names` (text that shows something, nothing
    hidden, at most :data:`MAX_NAME_LENGTH` characters): True, or False with the problem
    recorded at ``path``. Every place a player's name is typed goes through this one check."""
    if not isinstance(name, str) or not name.strip():
        problems.add(path, "invalid", N_("Every player needs a name."))
    elif hidden_characters(name):
        problems.add(path, "invalid", N_(
            "A name cannot hold invisible or text-direction characters (%(codes)s)."),
            codes=", ".join(hidden_characters(name)))
    elif shows_nothing(name):
        problems.add(path, "invalid", N_(
            "A name needs a letter, digit or sign that can be seen, not only accents or spaces."))
    elif len(normalised(name)) > MAX_NAME_LENGTH:
        problems.add(path, "invalid", N_("A name has at most %(maximum)d characters."),
                     maximum=MAX_NAME_LENGTH)
    else:
        return True
    return False


def parse_city(ruleset: Ruleset, index: int, raw: Any, problems: Problems,
               holders: dict[str, list[str]], tables: list) -> City | None:
    """One city, or None when it has problems; ``holders`` learns where each building is
    and ``tables`` (one per expansion played, in ``ruleset.parts`` order) what each
    expansion's table-wide checks need."""
    at = f"players[{index}]"
    if not isinstance(raw, dict):
        problems.add(at, "invalid", N_("Each player must be a JSON object."))
        return None
    catalog = ruleset.catalog
    before = len(problems)
    name = raw.get("name")
    check_name(problems, f"{at}.name", name)
    if isinstance(name, str):
        name = normalised(name)
    if "id" in raw and not (isinstance(raw["id"], str) and 0 < len(raw["id"]) <= MAX_ID_LENGTH):
        problems.add(f"{at}.id", "invalid",
                     N_("A player's \"id\" must be a text of 1 to %(maximum)d characters."),
                     maximum=MAX_ID_LENGTH)
    wonder = parse_wonder(catalog, at, raw, problems)
    side = parse_side(ruleset, wonder, at, raw, problems)
    stages = check_count(problems, f"{at}.stages", raw.get("stages", 0))
    if wonder is not None and side is not None and stages is not None:
        most = len(wonder.sides[side])
        if stages > most:
            problems.add(f"{at}.stages", "too_many_stages",
                         N_("%(wonder)s side %(side)s has %(maximum)d stages, not %(value)d."),
                         wonder=wonder_name(wonder.name), side=ruleset.side(side).label,
                         maximum=most, value=stages)
    cards = parse_cards(catalog, at, raw.get("cards", []), problems, holders)
    coins = check_count(problems, f"{at}.coins", raw.get("coins", 0), maximum=bounds.MAX_COINS,
                        too_many=("invalid", N_("%(field)s: at most %(maximum)d coins, not %(value)d.")))
    tokens = parse_tokens(ruleset, at, raw.get("tokens", {}), problems)
    free_city = raw.get("free_city", False)
    if "free_city" in raw and not ruleset.free_city:
        problems.add(f"{at}.free_city", "invalid", ruleset.no_free_city,
                     low=ruleset.min_players, high=ruleset.max_players)
    elif not isinstance(free_city, bool):
        problems.add(f"{at}.free_city", "invalid", N_("\"free_city\" must be true or false."))
    parts: dict = {}
    for expansion, table in zip(ruleset.parts, tables, strict=True):
        parts.update(expansion.parse_player(ruleset, at, raw, problems, table))
    if not isinstance(raw.get("entered", False), bool):
        problems.add(f"{at}.entered", "invalid", N_("\"entered\" must be true or false."))
    check_fields(problems, at, raw, ruleset.player_fields_or_free_city | TABLE_FIELDS)
    if len(problems) > before:
        return None
    return City(name=name, wonder=wonder, side=side, stages_built=stages, cards=cards,
                coins=coins, tokens=tokens, free_city=free_city, parts=parts,
                extra_tallies=expansion_tallies(ruleset, parts))


def expansion_tallies(ruleset: Ruleset, parts: dict) -> Mapping[str, int]:
    """What the expansions played add to the counts end-of-game effects read."""
    if not ruleset.parts:
        return NO_TALLIES
    tallies: dict[str, int] = {}
    for expansion in ruleset.parts:
        tallies.update(expansion.tallies(parts))
    return tallies


def parse_side(ruleset: Ruleset, wonder, at: str, raw: dict, problems: Problems) -> str | None:
    """The side id when the ruleset (and the wonder, if known) has it."""
    side = raw.get("side")
    messages = ruleset.side_messages
    if not isinstance(side, str):
        problems.add(f"{at}.side", "invalid", messages.not_text)
        return None
    if ruleset.side(side) is None or (wonder is not None and side not in wonder.sides):
        problems.add(f"{at}.side", "unknown_side", messages.unknown, side=side)
        return None
    return side


def parse_wonder(catalog: Catalog, at: str, raw: dict, problems: Problems):
    wonder_id = raw.get("wonder")
    if not isinstance(wonder_id, str):
        problems.add(f"{at}.wonder", "invalid", N_("The wonder must be a wonder id such as "
                                                   "\"alexandria\"."))
        return None
    if wonder_id not in catalog.wonders:
        expansion = expansion_with(catalog.edition, "wonder", wonder_id)
        if expansion is not None:
            problems.add(f"{at}.wonder", "unknown_wonder",
                         N_("Wonder '%(wonder)s' belongs to the %(expansion)s expansion: add "
                            "\"expansions\": [\"%(expansion)s\"] to the game."),
                         wonder=wonder_id, expansion=expansion)
        else:
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
            expansion = expansion_with(catalog.edition, "card", card_id)
            if expansion is not None:
                problems.add(path, "unknown_card",
                             N_("Card '%(card)s' belongs to the %(expansion)s expansion: add "
                                "\"expansions\": [\"%(expansion)s\"] to the game."),
                             card=card_id, expansion=expansion)
            else:
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


def parse_tokens(ruleset: Ruleset, at: str, raw: Any, problems: Problems) -> dict[str, int]:
    if not isinstance(raw, dict):
        problems.add(f"{at}.tokens", "invalid", N_("\"tokens\" must be an object of counts."))
        return {}
    tokens = {}
    for key, value in raw.items():
        path = f"{at}.tokens.{key}"
        kind = ruleset.token(key)
        if kind is None:
            problems.add(path, "invalid", N_("Unknown conflict token '%(token)s'; use victory_1, "
                                             "victory_3, victory_5 or defeat."), token=key)
            continue
        count = check_count(problems, path, value, maximum=kind.limit, too_many=(
            "too_many_tokens", N_("At most %(maximum)d tokens of this kind fit one city "
                                  "(got %(value)d).")))
        if count:
            tokens[key] = count
    total = sum(tokens.values())
    if total > ruleset.max_battles:
        problems.add(f"{at}.tokens", "too_many_tokens",
                     N_("A city fights two battles per age, so it holds at most %(maximum)d "
                        "conflict tokens in all (got %(value)d)."),
                     maximum=ruleset.max_battles, value=total)
    return tokens


def holder_names(players: list, paths: list[str]) -> list[str]:
    """The names of the cities at ``players[N]...`` paths, each once, in seating order."""
    seats = sorted({int(path[len("players["):path.index("]")]) for path in paths})
    return [str(players[seat].get("name") or f"#{seat + 1}") for seat in seats]


def deck_players_of(ruleset: Ruleset, seats: int) -> int:
    """The table whose decks are dealt: the two-player variant deals three players' decks, a
    table larger than the decks are made for deals the largest (``ruleset.largest_deck``)."""
    return min(max(seats, ruleset.min_players), ruleset.largest_deck)


def check_across_cities(ruleset: Ruleset, players: list, holders: dict[str, list[str]],
                        problems: Problems) -> None:
    """Rules that span the table: names, wonders, copies in the decks, guilds drawn."""
    catalog = ruleset.catalog
    names: dict[str, int] = {}
    wonders: dict[str, int] = {}
    deck_players = deck_players_of(ruleset, len(players))
    for index, raw in enumerate(players):
        if not isinstance(raw, dict):
            continue
        name = raw.get("name")
        if isinstance(name, str) and name.strip():  # a missing name has its own message
            key = same_name_key(name)
            if key in names:
                problems.add(f"players[{index}].name", "duplicate_name",
                             N_("Two players are called '%(name)s'; names must differ."),
                             name=normalised(name))
            names.setdefault(key, index)
        wonder = raw.get("wonder")
        if isinstance(wonder, str) and wonder in catalog.wonders:
            if wonder in wonders:
                first = players[wonders[wonder]].get("name")
                text = (N_("%(wonder)s is already played by %(name)s; each wonder is in the game "
                           "once.") if isinstance(first, str) and first.strip() else
                        N_("%(wonder)s is already played by player %(other)d; each wonder "
                           "is in the game once."))
                problems.add(f"players[{index}].wonder", "duplicate_wonder", text,
                             wonder=wonder_name(catalog.wonders[wonder].name),
                             other=wonders[wonder] + 1, name=first)
            wonders.setdefault(wonder, index)
    guild_paths = []
    for card_id, paths in holders.items():
        card = catalog.cards[card_id]
        if card.is_guild:
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
                      "%(count)d cities have it: %(names)s.")
        names = ", ".join(holder_names(players, paths))
        for path in paths[allowed:]:
            problems.add(path, "too_many_copies", text, players=deck_players, allowed=allowed,
                         card=card_name(card.name), count=len(paths), names=names)
    most_guilds = deck_players + ruleset.guilds_extra
    if len(guild_paths) > most_guilds:
        problems.add("players", "too_many_guilds",
                     N_("%(count)d guilds were built, but only %(maximum)d are dealt for "
                        "%(players)d players."),
                     count=len(guild_paths), maximum=most_guilds, players=deck_players)
