"""Stable player ids inside a saved game, and which cities have been entered.

A city is addressed by its player's id, never by its seat: seats are reordered, players
renamed and wonders changed while phones hold a city page open, and a save must still land in
the city it was typed for. Ids are short (unique only within one game; the game's own id is
the secret) and always start with a letter, so they never look like the seat numbers of the
old URLs.

A city counts as *entered* once it has been saved from its city page or through the API
(``"entered": true`` on the player in the saved document); the score pad waits for every
city before it announces a winner. Only the set-up page makes cities still to be entered: a
game that arrives whole (saved before this existed, or posted to the API) holds its cities as
entered unless it says ``"entered": false``.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import string

ID_LENGTH = 6
LETTERS = string.ascii_lowercase
ALPHABET = string.ascii_lowercase + string.digits
#: what a client may send as a player id (``POST /api/v1/games``): short and URL-safe
VALID_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")


def new_player_id(taken: set[str] | frozenset[str] = frozenset()) -> str:
    while True:
        candidate = secrets.choice(LETTERS) + "".join(secrets.choice(ALPHABET)
                                                      for _ in range(ID_LENGTH - 1))
        if candidate not in taken:
            return candidate


def ids_of(document: dict) -> list[str | None]:
    players = document.get("players") if isinstance(document, dict) else None
    if not isinstance(players, list):
        return []
    return [p.get("id") if isinstance(p, dict) and isinstance(p.get("id"), str) else None
            for p in players]


def assign_missing_ids(document: dict) -> dict:
    """Give every player without an id a new random one (in place); returns the document."""
    taken = {pid for pid in ids_of(document) if pid}
    for player in document.get("players", []):
        if isinstance(player, dict) and not isinstance(player.get("id"), str):
            player["id"] = new_player_id(taken)
            taken.add(player["id"])
    return document


def legacy_id(index: int, name: object) -> str:
    """The id a player of a game saved before ids existed gets: derived from the seat and name
    the game was stored with, so every load gives the same ids until the game is saved again."""
    digest = hashlib.sha256(f"{index}\x00{name}".encode()).hexdigest()
    return "p" + digest[:ID_LENGTH - 1]


def upgrade_legacy(document: dict) -> dict:
    """A game saved before player ids: ids derived from the stored seats, and every city marked
    entered, so the pad shows it as it did before (a winner, no "waiting for"). In place."""
    players = document.get("players") if isinstance(document, dict) else None
    if not isinstance(players, list):
        return document
    taken = {pid for pid in ids_of(document) if pid}
    for index, player in enumerate(players):
        if not isinstance(player, dict) or isinstance(player.get("id"), str):
            continue
        candidate = legacy_id(index, player.get("name"))
        while candidate in taken:
            candidate = legacy_id(index, f"{player.get('name')}\x00{len(taken)}")
        player["id"] = candidate
        taken.add(candidate)
        player.setdefault("entered", True)
    return document


def index_of(document: dict, player_id: str) -> int | None:
    for index, candidate in enumerate(ids_of(document)):
        if candidate == player_id:
            return index
    return None


def is_entered(player: dict) -> bool:
    return player.get("entered") is True
