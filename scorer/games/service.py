"""Saved games at the table: the one path every read and save takes, from the pages and the API.

Several phones save at once. Each save is a change applied by :func:`storage.modify_game` to the
document as stored at that moment, inside one transaction holding the game's write lock: a city
save replaces that player's city only, a set-up save the seats only, so saves of different
cities never overwrite each other whatever their timing. A save made from an out-of-date form
(the same city, or the set-up, changed since the form was opened) raises :class:`Stale` with
what is stored now instead of being applied: the caller shows both versions and lets the
player choose.

Versions are digests of what a form edits: a city's version covers its own fields (buildings,
stages, coins, tokens, entered), not its seat (name, wonder, side), so renaming a player in the
set-up does not make every open city page stale; the set-up's version covers the seats and the
rules they are played by (edition and expansions), which the set-up page changes too.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from .. import storage
from ..documents import player_ids
from ..engine.expansions import field_owners
from ..engine.rules import DEFAULT_EDITION
from ..engine.validation import Problem, parse_game

#: the fields the set-up page owns; everything else on a player is their city
SEAT_FIELDS = ("id", "name", "wonder", "side", "free_city")
#: the longest title the pages take (and an import keeps: a longer one is shortened, and said)
MAX_TITLE_LENGTH = 80
#: a city as the city page and the API write it, in the order the saved document keeps
CITY_DEFAULTS = {"stages": 0, "cards": [], "coins": 0, "tokens": {}}


class NoSuchGame(LookupError):
    pass


class NoSuchPlayer(LookupError):
    pass


class Stale(Exception):
    """The form or request was made from an older version than the one stored now."""

    def __init__(self, current: dict, version: str):
        super().__init__("changed since it was read")
        self.current = current
        self.version = version


class DropsCities(Exception):
    """The set-up leaves out players whose city is entered: saved only when the host confirms
    (lowering the player count must not quietly throw away a city somebody typed in)."""

    def __init__(self, names: list[str]):
        super().__init__(f"would remove the cities of {', '.join(names)}")
        self.names = names


class Invalid(Exception):
    """The change would make a game the engine refuses; ``document`` is the attempted game."""

    def __init__(self, problems: list[Problem], document: dict):
        super().__init__(f"{len(problems)} problem(s)")
        self.problems = problems
        self.document = document


def digest(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def city_of(player: dict) -> dict:
    """The player's city: every field but the seat."""
    return {key: value for key, value in player.items() if key not in SEAT_FIELDS}


def city_version(player: dict) -> str:
    return "c" + digest(city_of(player))


#: the game document's own fields every set-up version covers (or covers when present)
SETUP_COVERED = frozenset({"edition", "expansions", "players"})


def setup_version(document: dict) -> str:
    seats = [{key: player.get(key) for key in SEAT_FIELDS} for player in document.get("players", [])]
    covered = {"edition": document.get("edition"), "seats": seats}
    # Only when there are any: a game without expansions keeps the version it had before they
    # were covered (its open set-up pages stay current); one with them gets a new one, so a page
    # opened before then is shown back as stale rather than applied.
    if document.get("expansions"):
        covered["expansions"] = document["expansions"]
    # an expansion's game fields (its teams) likewise, only when a game has any
    extra = {key: value for key, value in document.items() if key not in SETUP_COVERED}
    if extra:
        covered["game"] = extra
    return "s" + digest(covered)


def game_version(saved) -> str:
    """Changes with anything on the game's pages: the document, the title, and whether it is
    locked (only when it is: an unlocked game keeps the version it had before locks)."""
    shown = {"title": saved.title, "document": saved.document}
    if getattr(saved, "locked", False):
        shown["locked"] = True
    return "g" + digest(shown)


def revision_tag(saved, locale) -> str:
    """What a game's pages show changes with its revision (every write raises it) and its lock
    (which does not): the validator of the live pad and of the API's game, in a language.
    ``saved`` is a saved game or its :class:`scorer.storage.Stamp`."""
    return f"r{saved.revision}{'-locked' if saved.locked else ''}-{locale}"


# --- reading ---------------------------------------------------------------------------------

def load(game_id: str):
    """The saved game with its player ids, or None."""
    saved = storage.load_game(game_id)
    if saved is not None:
        player_ids.upgrade_legacy(saved.document)
    return saved


def player_at(document: dict, player_id: str) -> tuple[int, dict]:
    index = player_ids.index_of(document, player_id)
    if index is None:
        raise NoSuchPlayer(player_id)
    return index, document["players"][index]


@dataclass(frozen=True)
class Seat:
    """What the score pad says about one player's city before and while it is entered."""

    id: str
    name: str
    entered: bool
    buildings: int


def seats(document: dict) -> list[Seat]:
    return [Seat(id=p.get("id", ""), name=p.get("name", ""), entered=player_ids.is_entered(p),
                 buildings=len(p.get("cards") or [])) for p in document.get("players", [])]


def waiting_for(document: dict) -> list[str]:
    """Names of the players whose city is not entered yet (the Free City's too: its buildings
    count for its neighbours' guilds)."""
    return [p.get("name", "") for p in document.get("players", []) if not player_ids.is_entered(p)]


# --- saving ----------------------------------------------------------------------------------

def validated(document: dict) -> storage.Checked:
    """The document with the game the engine parses from it (which the save's results use),
    or :class:`Invalid`."""
    game, problems = parse_game(document)
    if problems:
        raise Invalid(problems, document)
    return storage.Checked(document, game)


def modify(game_id: str, change, title: str | None = None, loaded=None):
    """Apply ``change``; a locked game refuses it (:class:`storage.GameLocked`, answered 403 by
    the app's error handler, checked again under the write lock). ``loaded``: the game as the
    caller just loaded it (:func:`storage.modify_game` starts from it instead of reading it)."""
    saved = storage.modify_game(game_id, change, title=title, refuse_locked=True, loaded=loaded)
    if saved is None:
        raise NoSuchGame(game_id)
    return saved


def create_game(document: dict, title: str | None = None, **options) -> str:
    """Save a new game (already validated) with an id for every player; its public id."""
    return create_game_once(document, title, **options)[0]


def create_game_once(document: dict, title: str | None = None, owner_token_hash: str | None = None,
                     creation_key: str | None = None, group_pk: int | None = None,
                     request: tuple[str, str] | None = None) -> tuple[str, bool]:
    """As :func:`create_game`, unless ``creation_key`` (a page's) or ``request`` (an API
    client's Idempotency-Key) already made a game: ``(public id, created now)`` (see
    :func:`scorer.storage.create_game_once`); ``group_pk`` puts the new game in that group."""
    document = player_ids.assign_missing_ids(copy.deepcopy(document))
    return storage.create_game_once(document, title, owner_token_hash, creation_key,
                                    group_pk=group_pk, request=request)


def made_by(creation_key: str | None) -> str | None:
    """The game a new-game page made (its creation key), if it was sent."""
    return storage.made_by(creation_key)


def with_city(player: dict, city: dict) -> dict:
    """The player's seat with ``city`` as their city, marked entered."""
    updated = {key: player[key] for key in SEAT_FIELDS if key in player}
    updated.update(CITY_DEFAULTS)
    updated.update(city)
    updated["entered"] = True
    return updated


#: what a player may correct of their own seat with their city (a wonder dealt wrongly)
OWN_SEAT_FIELDS = ("wonder", "side")


def as_saved(document: dict, index: int, entered: bool) -> dict:
    """``document`` (a game with a city as typed, at ``index``) as :func:`save_city` writes it
    when nothing else changed meanwhile: the city marked ``entered`` or not. A shallow copy."""
    players = list(document["players"])
    players[index] = dict(players[index], entered=entered)
    return dict(document, players=players)


def save_city(game_id: str, player_id: str, city: dict, is_current: Callable[[str], bool],
              version: Callable[[dict], str] = city_version, seat: dict | None = None,
              entered: bool = True, parsed: storage.Checked | None = None,
              loaded: storage.SavedGame | None = None):
    """Replace one player's city, if the version the form or client read is still the stored one.

    ``is_current(version(player))`` tells, for the player as stored now; ``version`` is
    :func:`city_version` for the pages (the city's own fields) and the API's ETag of the whole
    entry. Returns the saved game. Raises NoSuchGame, NoSuchPlayer, Stale (with the stored
    player) or Invalid; nothing is written then. ``parsed``: a game the caller checked already
    (:func:`as_saved`) and the engine's game of it; when the document to write is equal to
    it, its game is taken instead of parsing the same document a second time. ``loaded``: the
    game as the caller loaded it for this save (see :func:`modify`).
    """
    def change(document: dict) -> storage.Checked:
        player_ids.upgrade_legacy(document)
        index, player = player_at(document, player_id)
        if not is_current(version(player)):
            raise Stale(player, version(player))
        document["players"][index] = dict(with_city(player, city), entered=entered)
        document["players"][index].update(
            {key: value for key, value in (seat or {}).items() if key in OWN_SEAT_FIELDS})
        if parsed is not None and parsed.game is not None and document == parsed.document:
            return storage.Checked(document, parsed.game)
        return validated(document)

    return modify(game_id, change, loaded=loaded)


def version_is(expected: str | None) -> Callable[[str], bool]:
    """``is_current`` for a version carried by a form (none at all is never current)."""
    return lambda stored: expected is not None and stored == expected


def build_players(current: list[dict], seats: list[dict]) -> list[dict]:
    """The players for the set-up's seats: a seat with a player's id keeps that player's city
    as it is stored now; a new seat gets a new id and an empty city."""
    by_id = {p["id"]: p for p in current if isinstance(p, dict) and isinstance(p.get("id"), str)}
    taken = set(by_id)
    players = []
    for seat in seats:
        player = copy.deepcopy(by_id.get(seat.get("key") or "", {}))
        if not player:
            player = {"id": player_ids.new_player_id(taken), **CITY_DEFAULTS}
            taken.add(player["id"])
        player.pop("free_city", None)
        player.update(name=seat["name"], wonder=seat["wonder"], side=seat["side"])
        if seat.get("free_city"):
            player["free_city"] = True
        ordered = {key: player[key] for key in SEAT_FIELDS if key in player}
        ordered.update(player)
        players.append(ordered)
    return players


def with_game_fields(document: dict, values: dict) -> dict:
    """The game with the set-up's game fields (in place): a value of None removes its field."""
    for key, value in values.items():
        if value is None:
            document.pop(key, None)
        else:
            document[key] = value
    return document


def with_rules(document: dict, edition: str, expansions) -> dict:
    """The game played by ``edition`` and ``expansions`` (in place), writing only what changes:
    a first-edition game saved without ``"edition"`` keeps omitting it, a game without
    expansions gets no empty list. Cities are left as they are: validation then says whether
    they still fit (nothing of them is dropped to make them fit)."""
    if document.get("edition", DEFAULT_EDITION) != edition:
        document["edition"] = edition
    current = document.get("expansions") or []
    if sorted(current) != sorted(expansions):
        if expansions:
            document["expansions"] = list(expansions)
        else:
            document.pop("expansions", None)
    return document


def rules_change(document: dict, edition: str, expansions) -> bool:
    """Whether playing by ``edition`` and ``expansions`` changes the game's rules."""
    return (document.get("edition", DEFAULT_EDITION) != edition
            or sorted(document.get("expansions") or []) != sorted(expansions))


def holds_anything(player: dict) -> bool:
    """Whether the player's city holds anything typed: a building, stage, coin, token, or a
    field of an expansion (a leader, debt, typed points)."""
    typed = any(player.get(field) for field in ("cards", "stages", "coins", *field_owners()))
    tokens = player.get("tokens")
    return typed or (isinstance(tokens, dict) and any(tokens.values()))


def has_city(player: dict) -> bool:
    """Whether the player has a city: entered, or holding anything typed (a game posted whole
    may not say ``entered``)."""
    return player_ids.is_entered(player) or holds_anything(player)


def dropped_cities(players: list[dict], seats: list[dict]) -> list[str]:
    """Names of the players with a city that no seat keeps."""
    kept = {seat.get("key") for seat in seats}
    return [p.get("name", "") for p in players if p.get("id") not in kept and has_city(p)]


def save_setup(game_id: str, seats: list[dict], title: str, expected: str | None,
               rules: tuple[str, list[str]] | None = None, drop_cities: bool = False,
               game_fields: dict | None = None):
    """Replace the seats (order, names, wonders, sides); each city follows its player.

    ``seats`` are dicts with ``key`` (the player id, or empty for a new seat), ``name``,
    ``wonder``, ``side`` (both dealt already) and ``free_city``; ``title`` replaces the title
    ("" clears it); ``rules``, an ``(edition, expansions)`` pair, the game's rules (None keeps
    them). The whole game, every city entered so far included, must validate under the rules
    it ends up with. A player left out whose city is entered is removed only with
    ``drop_cities``. ``game_fields``: fields of the game document the set-up writes (an
    expansion's, such as its teams; None removes one), see :func:`with_game_fields`.
    Raises NoSuchGame, Stale (with the stored document), DropsCities or Invalid.
    """
    def change(document: dict) -> storage.Checked:
        player_ids.upgrade_legacy(document)
        if setup_version(document) != expected:
            raise Stale(copy.deepcopy(document), setup_version(document))
        dropped = dropped_cities(document["players"], seats)
        if dropped and not drop_cities:
            raise DropsCities(dropped)
        if rules is not None:
            with_rules(document, *rules)
        document["players"] = build_players(document["players"], seats)
        return validated(with_game_fields(document, game_fields or {}))

    return modify(game_id, change, title=title)
