"""Groups: create, rename, delete, games in and out, merged names, and filters, checked once.

The pages and the API only translate: they call these functions and show what they raise.
Every check names the field and the problem in a translatable message, and a refused change
writes nothing.
"""

from __future__ import annotations

import re
import unicodedata

from .. import storage
from ..engine.messages import N_, Message
from ..engine.problems import Problems
from ..engine.rules import editions, expansions
from ..engine.validation import Problem, check_name
from ..games import service as games_service
from ..storage import groups as stored
from ..storage import merges as stored_merges
from ..storage.groups import Group
from .statistics import Filters

NAME_LENGTH = 60
GROUP_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
MIN_PLAYERS, MAX_PLAYERS = 3, 8
FILTERS = ("edition", "expansions", "players")


class Refused(ValueError):
    """The request would make something the group cannot hold; nothing was written."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(p.path for p in problems))
        self.problems = problems


def problem(path: str, code: str, text: str, **params) -> Problem:
    return Problem(path, code, Message(text, params))


def clean_name(raw: object, path: str = "name") -> str:
    """The group name as stored: trimmed, runs of white space made one space; Refused when it is
    not 1 to 60 characters of text."""
    if not isinstance(raw, str):
        raise Refused([problem(path, "invalid", N_("The group's name must be text."))])
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name:
        raise Refused([problem(path, "required", N_("Give the group a name."))])
    if len(name) > NAME_LENGTH:
        raise Refused([problem(path, "too_long", N_(
            "The group's name is %(length)d characters long; at most %(limit)d are allowed."),
            length=len(name), limit=NAME_LENGTH)])
    if any(unicodedata.category(char) in ("Cc", "Cf", "Co", "Cs") for char in name):
        raise Refused([problem(path, "invalid", N_(
            "The group's name holds a control or invisible character."))])
    return name


def load(group_id: str) -> Group | None:
    return stored.load_group(group_id) if GROUP_ID.fullmatch(group_id or "") else None


def of_game(saved) -> Group | None:
    """The group a saved game belongs to, if any."""
    pk = getattr(saved, "group_pk", None)
    return stored.load_group_by_pk(pk) if pk is not None else None


def label_of_game(saved) -> stored.GroupLabel | None:
    """The id and name of the group a saved game belongs to, if any (what its pad shows; no
    revision sums read)."""
    pk = getattr(saved, "group_pk", None)
    return stored.group_label_by_pk(pk) if pk is not None else None


def create(name: object, owner_token_hash: str | None) -> Group:
    return stored.create_group(clean_name(name), owner_token_hash)


def rename(group: Group, name: object) -> Group:
    stored.rename_group(group.id, clean_name(name))
    return stored.load_group(group.id) or group


def set_owner(group: Group, owner_token_hash: str) -> bool:
    """Hand the group over (False when it changed owner or was deleted meanwhile)."""
    return stored.set_group_owner(group.id, group.owner_token_hash, owner_token_hash)


def delete(group: Group) -> bool:
    """Delete the group; its games stay (in no group)."""
    return stored.delete_group(group.id)


def create_game(group: Group, document: dict, owner_token_hash: str | None = None,
                creation_key: str | None = None, title: str | None = None,
                request: tuple[str, str] | None = None) -> tuple[str, bool]:
    """A new game in the group (the document already validated): ``(game id, created now)``;
    ``request``: an API client's Idempotency-Key, as for any game."""
    return games_service.create_game_once(document, title, owner_token_hash, creation_key,
                                          group_pk=group.pk, request=request)


def add_game(group: Group, game_id: str) -> bool:
    """Put the game in the group (out of any other one); False when there is no such game."""
    return stored.set_game_group(game_id, group.pk)


def remove_game(group: Group, game_id: str) -> bool:
    """Take the game out of the group (the game stays); False when it is not in it."""
    return stored.set_game_group(game_id, None, only_from=group.pk)


def known_groups(group_ids: list[str]) -> list[Group]:
    """The groups of ``group_ids`` that still exist, in that order."""
    return stored.list_groups(group_ids)


def known_group_labels(group_ids: list[str]) -> list[stored.GroupLabel]:
    """The id and name of the groups of ``group_ids`` that still exist, in that order (what a
    pad offers to add its game to; no revision sums read)."""
    return stored.list_group_labels(group_ids)


def games_of(group: Group, limit: int | None = None) -> tuple[list, int]:
    """The group's games, the most recent first (at most ``limit`` of them), and how many it has."""
    ids = stored.group_game_ids(group.pk)
    return storage.list_games(ids[:limit] if limit is not None else ids), len(ids)


def game_stamps(group: Group, limit: int) -> tuple[list[tuple[str, int, object]], int]:
    """The group's ``limit`` latest games as ``(id, revision, updated_at)``, the most recent
    first (what each one's line on the page is kept by), without their documents, and how
    many games it has."""
    return stored.group_game_stamps(group.pk, limit)


def merge(group: Group, source: object, target: object, shown: object = None) -> str:
    """Count the player ``source`` as ``target`` in this group, past and future games, shown as
    ``shown`` (default: as the player is shown already, or ``target`` as typed). Returns the
    name shown. Saved documents are never rewritten: the merge is kept in the group, and
    decided in one transaction under the group's lock (:mod:`scorer.storage.merges`).

    Refused, naming the field: a name that breaks a player name's rules
    (:func:`~scorer.engine.validation.check_name`), a ``source`` that no game of the group has,
    a ``target`` already counted as ``source``."""
    problems = Problems()
    names = {}
    for path, raw in (("source", source), ("target", target)):
        if check_name(problems, path, raw):
            names[path] = " ".join(unicodedata.normalize("NFC", raw).split())
    chosen = None
    if shown not in (None, ""):
        if check_name(problems, "name", shown):
            chosen = " ".join(unicodedata.normalize("NFC", shown).split())
    if problems:
        raise Refused(list(problems))
    try:
        return stored_merges.merge_names(group.pk, names["source"], names["target"], chosen)
    except stored_merges.MergeRefused as refused:
        raise Refused([merge_problem(refused.code, names["source"], names["target"])]) from None


def merge_problem(code: str, source: str, target: str) -> Problem:
    if code == "no_such_player":
        return problem("source", "not_found", N_(
            "No game of this group has a player called '%(source)s': check the spelling "
            "(merges join the names of players of the group's games)."), source=source)
    if code == "same_player":
        return problem("target", "same_player", N_(
            "'%(source)s' and '%(target)s' are already one player: choose two different "
            "players to merge."), source=source, target=target)
    return problem("", "not_found", N_("There is no such group."))


def merges_of(group: Group) -> list[dict]:
    """The merges in force, in the order they were made: ``source`` and ``target`` as typed,
    ``name`` the name the merged player is shown as."""
    return [{"source": merge.source, "target": merge.target, "name": name}
            for merge, name in stored_merges.merges(group.pk)]


def unmerge(group: Group, source: object) -> bool:
    """Undo the merge of ``source`` (a spelling that compares equal will do): its games count
    as its own again. False when no merge of that name is in force."""
    if not isinstance(source, str) or not source.strip() or storage.unstorable(source):
        return False
    return stored_merges.unmerge(group.pk, source)


def parse_filters(args) -> Filters:
    """The statistics' filters from a query string (a mapping of lists, as Flask's ``args``);
    Refused naming each bad parameter, or one this endpoint does not know."""
    problems = []
    for key in args:
        if key not in FILTERS:
            problems.append(problem(key, "invalid", N_(
                "Unknown filter '%(field)s': use edition, expansions or players."), field=key))
    values = {}
    for key in FILTERS:
        given = args.getlist(key) if hasattr(args, "getlist") else (
            [args[key]] if key in args else [])
        if len(given) > 1:
            problems.append(problem(key, "invalid", N_("Give '%(field)s' once."), field=key))
        elif given:
            values[key] = given[0]
    edition = values.get("edition")
    if edition is not None and edition not in editions():
        problems.append(problem("edition", "invalid", N_(
            "Unknown edition '%(value)s': use %(choices)s."), value=edition[:40],
            choices=", ".join(editions())))
    chosen = None
    if "expansions" in values:
        parts = [part.strip() for part in values["expansions"].split(",") if part.strip()]
        unknown = [part for part in parts if part not in expansions()]
        if unknown:
            problems.append(problem("expansions", "invalid", N_(
                "Unknown expansion '%(value)s': use %(choices)s, separated by commas."),
                value=unknown[0][:40], choices=", ".join(expansions())))
        chosen = tuple(sorted(set(parts)))
    players = None
    if "players" in values:
        text = values["players"].strip()
        if not text.isascii() or not text.isdigit() or not MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
            problems.append(problem("players", "invalid", N_(
                "'players' is a number of players from %(low)d to %(high)d."),
                low=MIN_PLAYERS, high=MAX_PLAYERS))
        else:
            players = int(text)
    if problems:
        raise Refused(problems)
    return Filters(edition=edition, expansions=chosen, players=players)
