"""Validation of a Cities game's own fields and counts (C2, C3, C12, C14, C5).

Called by the game validator for every player of a document whose ruleset plays Cities
(``parse_player``: ``debt``), then for the table (``check_table``: black cards per Age, the
Raider cards' victory tokens) and the game (``parse_game``: ``teams``). Every problem is
reported with its path, all at once, like every other validation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...messages import N_
from ...names import normalised
from .ruleset import BATTLES, COLOUR, NAME, RAIDER, VICTORIES_PER_AGE
from .scoring import DEBT, TEAMS

MAX_DEBT = 99
#: a victory token of each Age, by the Age
VICTORY_OF_AGE = {1: "victory_1", 2: "victory_3", 3: "victory_5"}


@dataclass(slots=True)
class TableCities:
    """What the per-player checks learn for the table-wide ones."""

    #: Age -> paths of the black cards held, in seat order
    black: dict[int, list[str]] = field(default_factory=dict)
    #: per seat: the Ages of its Raider cards (None: the cards were unreadable)
    raiders: list[tuple[int, ...] | None] = field(default_factory=list)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_player(ruleset, at: str, raw: dict, problems, table: TableCities) -> dict:
    """The player's ``debt`` (0 to 99); what the table checks need of its cards."""
    debt = raw.get(DEBT, 0)
    path = f"{at}.{DEBT}"
    if not _whole(debt):
        problems.add(path, "invalid", N_("%(field)s must be a whole number (the debt tokens' "
                                         "total value)."), field=path)
        debt = 0
    elif debt < 0:
        problems.add(path, "negative_value", N_("%(field)s cannot be negative (got %(value)d)."),
                     field=path, value=debt)
        debt = 0
    elif debt > MAX_DEBT:
        problems.add(path, "invalid", N_("%(field)s: at most %(maximum)d debt, not %(value)d."),
                     field=path, maximum=MAX_DEBT, value=debt)
        debt = 0
    _note_cards(ruleset, at, raw.get("cards", []), table)
    return {DEBT: debt}


def _note_cards(ruleset, at: str, cards: Any, table: TableCities) -> None:
    if not isinstance(cards, list):
        table.raiders.append(None)
        return
    lookup = ruleset.catalog.by_id
    raiders = []
    for position, card_id in enumerate(cards):
        card = lookup.get(card_id) if isinstance(card_id, str) else None
        if card is None or card.colour != COLOUR:
            continue
        for age in card.ages:
            table.black.setdefault(age, []).append(f"{at}.cards[{position}]")
            if any(effect.type == RAIDER for effect in card.effects):
                raiders.append(age)
    table.raiders.append(tuple(raiders))


def check_table(ruleset, players: list, table: TableCities, problems,
                tokens_checked_elsewhere: bool) -> None:
    """C3: at most N black cards of each Age at the table (N players, at most the largest
    table's decks); C12: victory tokens per Age, one more per Raider card of that Age."""
    most = min(len(players), ruleset.largest_deck)
    for age in sorted(table.black):
        paths = table.black[age]
        for path in paths[most:]:
            problems.add(path, "too_many_copies",
                         N_("Each Age deals %(maximum)d black cards at this table, but the "
                            "cities hold %(count)d of Age %(age)d."),
                         maximum=most, count=len(paths), age=age)
    if tokens_checked_elsewhere:
        return
    for index, raw in enumerate(players):
        if index >= len(table.raiders) or table.raiders[index] is None:
            continue
        tokens = raw.get("tokens", {}) if isinstance(raw, dict) else None
        if isinstance(tokens, dict):
            check_tokens(ruleset, f"players[{index}]", tokens, table.raiders[index], problems)


def check_tokens(ruleset, at: str, tokens: dict, raiders: tuple[int, ...], problems) -> None:
    """Two victory tokens of an Age from its conflicts, plus one per Raider card of that Age;
    six battles in all, plus one token per Raider card. Counts the ruleset's own limits
    refuse are reported once, by the game validator."""
    held = 0
    for kind, count in tokens.items():
        limit = ruleset.token(kind)
        if limit is None or not _whole(count) or not 0 <= count <= limit.limit:
            return
    for age, kind in VICTORY_OF_AGE.items():
        count = tokens.get(kind, 0)
        most = VICTORIES_PER_AGE + raiders.count(age)
        held += count
        if count > most:
            problems.add(f"{at}.tokens.{kind}", "too_many_tokens",
                         N_("At most %(maximum)d victory tokens of Age %(age)d fit this city "
                            "(two conflicts, one more per Raider card of that Age; got "
                            "%(value)d)."), maximum=most, age=age, value=count)
            return
    defeats = tokens.get("defeat", 0)
    if _whole(defeats) and defeats >= 0:
        held += defeats
        most = BATTLES + len(raiders)
        if held > most:
            problems.add(f"{at}.tokens", "too_many_tokens",
                         N_("A city fights two battles per age, so it holds at most "
                            "%(maximum)d conflict tokens in all (got %(value)d)."),
                         maximum=most, value=held)


def parse_game(ruleset, document: dict, problems) -> dict:
    """``teams`` (C14): pairs of players seated side by side, every player in one team, at a
    table of 4, 6 or 8 (first edition) or 4 or 6 (second edition)."""
    if TEAMS not in document:
        return {}
    teams = document[TEAMS]
    players = document.get("players")
    if not isinstance(players, list):
        return {}
    if not isinstance(teams, list) or not all(isinstance(team, list) for team in teams):
        problems.add(TEAMS, "invalid", N_("\"teams\" must be a list of teams, each a list of "
                                          "two player names."))
        return {}
    tables = ruleset.data[NAME].team_tables
    if len(players) not in tables:
        problems.add(TEAMS, "invalid",
                     N_("Team play is for %(tables)s players (got %(count)d)."),
                     tables=", ".join(str(size) for size in tables), count=len(players))
        return {}
    seats = {}
    for index, raw in enumerate(players):
        if isinstance(raw, dict) and isinstance(raw.get("name"), str):
            seats[normalised(raw["name"])] = index
    placed: dict[int, str] = {}
    found = []
    count = len(players)
    for number, team in enumerate(teams):
        at = f"{TEAMS}[{number}]"
        if len(team) != 2:
            problems.add(at, "invalid", N_("A team is two players (got %(count)d)."),
                         count=len(team))
            continue
        members = []
        for position, name in enumerate(team):
            path = f"{at}[{position}]"
            seat = seats.get(normalised(name)) if isinstance(name, str) else None
            if seat is None:
                problems.add(path, "invalid", N_("%(field)s is not a player of this game."),
                             field=path)
            elif seat in placed:
                problems.add(path, "invalid", N_("%(name)s is already in a team (%(first)s)."),
                             name=normalised(name), first=placed[seat])
            else:
                placed[seat] = path
                members.append(seat)
        if len(members) == 2 and (members[0] - members[1]) % count not in (1, count - 1):
            problems.add(at, "invalid",
                         N_("Partners sit side by side: %(first)s and %(second)s are not "
                            "neighbours."), first=players[members[0]]["name"],
                         second=players[members[1]]["name"])
        found.append(tuple(members))
    missing = [players[seat]["name"] for seat in sorted(set(seats.values()) - set(placed))]
    if missing:
        problems.add(TEAMS, "invalid", N_("Every player is in a team; not in one: %(names)s."),
                     names=", ".join(missing))
    return {TEAMS: tuple(found)}
