"""Validation of a Leaders game's own fields: ``leaders``, ``buried`` and what they bound.

Called by the game validator for every player of a document whose ruleset plays Leaders
(``parse_player``), then once for the whole table (``check_table``). Every problem is
reported with its path, all at once, like every other validation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ...messages import N_, N_plural
from .cards import LEADERS_PER_CITY, Leader
from .catalog import LeaderCatalog
from .recruit import EXTRA_RECRUIT
from .scoring import Buried

BURY = "bury_leader"
#: Nitocris: one more victory token of the Age she is recruited in
EXTRA_VICTORY = "victory_token_now"
#: Tomyris: her defeat tokens go to the neighbour who beat her
DEFEAT_TO_WINNER = "defeat_to_winner"
AGES = (1, 2, 3)
VICTORY_KINDS = ("victory_1", "victory_3", "victory_5")
BASE_VICTORIES_PER_AGE = 2
BASE_DEFEATS = 6
BASE_BATTLES = 6
#: the most any leaders make possible: the Leaders ruleset's static limits, refined per city
LOOSE_LIMITS = {"victory_1": 3, "victory_3": 3, "victory_5": 3, "defeat": BASE_DEFEATS + 3}
LOOSE_BATTLES = BASE_BATTLES + 1 + 3


@dataclass(slots=True)
class TableLeaders:
    """What the per-player checks learn for the table-wide ones."""

    #: leader id -> paths where it appears (face up or buried)
    holders: dict[str, list[str]] = field(default_factory=dict)
    #: per seat: every leader of the city, face up and buried (None: unreadable)
    seats: list[tuple[Leader, ...] | None] = field(default_factory=list)
    #: per seat: the Ages of its buildings that give a victory token of their Age (another
    #: expansion's cards)
    card_victories: list[tuple[int, ...]] = field(default_factory=list)


def _leader(catalog: LeaderCatalog, path: str, value: Any, problems) -> Leader | None:
    if not isinstance(value, str):
        problems.add(path, "invalid", N_("A leader must be a leader id such as \"cleopatra\"."))
        return None
    leader = catalog.leaders.get(value)
    if leader is None:
        problems.add(path, "unknown_leader", N_("Unknown leader '%(leader)s'."), leader=value)
        return None
    if not catalog.allows(leader):
        problems.add(path, "unsupported_expansion",
                     N_("%(leader)s is a leader of the %(expansion)s expansion: add "
                        "\"%(expansion)s\" to the game's \"expansions\" or leave it out."),
                     leader=leader.label, expansion=leader.set)
        return None
    return leader


def parse_player(catalog: LeaderCatalog, wonders: Mapping, at: str, raw: dict, problems,
                 table: TableLeaders,
                 victory_cards: Mapping[str, tuple[int, ...]] = MappingProxyType({})) -> dict:
    """The ``leaders`` and ``buried`` of one player, as City fields; ``victory_cards`` the
    Ages of the buildings that give a victory token (:func:`victory_card_ages`), which the
    token limits allow."""
    leaders: list[Leader] = []
    buried: list[Buried] = []
    seen: dict[str, str] = {}
    readable = True

    def hold(leader: Leader, path: str) -> bool:
        if leader.id in seen:
            problems.add(path, "duplicate_leader",
                         N_("%(leader)s is already in this city (%(first)s): each leader is in "
                            "a game once."), leader=leader.label, first=seen[leader.id])
            return False
        seen[leader.id] = path
        table.holders.setdefault(leader.id, []).append(path)
        return True

    raw_leaders = raw.get("leaders", [])
    if not isinstance(raw_leaders, list):
        problems.add(f"{at}.leaders", "invalid", N_("\"leaders\" must be a list of leader ids."))
        raw_leaders, readable = [], False
    for position, value in enumerate(raw_leaders):
        path = f"{at}.leaders[{position}]"
        leader = _leader(catalog, path, value, problems)
        if leader is not None and hold(leader, path):
            leaders.append(leader)
    raw_buried = raw.get("buried", [])
    if not isinstance(raw_buried, list):
        problems.add(f"{at}.buried", "invalid",
                     N_("\"buried\" must be a list of leader ids or {\"leader\": id, \"age\": n}."))
        raw_buried, readable = [], False
    for position, value in enumerate(raw_buried):
        path = f"{at}.buried[{position}]"
        entry = _buried(catalog, path, value, problems)
        if entry is not None and hold(entry.leader, path):
            buried.append(entry)
    _check_room(wonders, at, raw, leaders, buried, problems)
    table.seats.append((*leaders, *(b.leader for b in buried)) if readable else None)
    table.card_victories.append(_card_victories(victory_cards, raw.get("cards")))
    return {"leaders": tuple(leaders), "buried": tuple(buried)}


def victory_card_ages(cards: Mapping) -> Mapping[str, tuple[int, ...]]:
    """The Ages of every building (by each id it is known by) that gives a victory token of
    its Age: worked out once per ruleset, so a city's check only looks its own ids up."""
    return MappingProxyType({card_id: tuple(card.ages) for card_id, card in cards.items()
                             if any(e.type == EXTRA_VICTORY for e in card.effects)})


def _card_victories(victory_cards: Mapping[str, tuple[int, ...]], held: Any) -> tuple[int, ...]:
    """The Ages of the city's buildings that give a victory token of their Age."""
    if not victory_cards or not isinstance(held, list):
        return ()
    ages: list[int] = []
    for card_id in held:
        if isinstance(card_id, str) and card_id in victory_cards:
            ages.extend(victory_cards[card_id])
    return tuple(ages)


def _buried(catalog: LeaderCatalog, path: str, value: Any, problems) -> Buried | None:
    if isinstance(value, dict):
        unknown = sorted(set(value) - {"leader", "age"})
        for key in unknown:
            problems.add(f"{path}.{key}", "invalid", N_("Unknown field '%(field)s'."), field=key)
        leader = _leader(catalog, f"{path}.leader", value.get("leader"), problems)
        age = value.get("age")
        if age is not None and (isinstance(age, bool) or age not in AGES):
            problems.add(f"{path}.age", "invalid",
                         N_("\"age\" must be 1, 2 or 3 (got %(value)s)."), value=str(age))
            return None
        if leader is None or unknown:
            return None
    else:
        leader, age = _leader(catalog, path, value, problems), None
        if leader is None:
            return None
    if leader.age_cost and age is None:
        problems.add(path, "invalid",
                     N_("%(leader)s costs as many coins as the Age it was recruited in: give "
                        "that Age, {\"leader\": \"%(id)s\", \"age\": 1, 2 or 3}."),
                     leader=leader.label, id=leader.id)
        return None
    return Buried(leader, age)


def _built_stages(wonders: Mapping, raw: dict):
    """The built stages of a player's side when wonder, side and stages are all valid."""
    wonder = wonders.get(raw.get("wonder")) if isinstance(raw.get("wonder"), str) else None
    side, stages = raw.get("side"), raw.get("stages", 0)
    if wonder is None or not isinstance(side, str) or side not in wonder.sides:
        return None
    if isinstance(stages, bool) or not isinstance(stages, int) or not 0 <= stages:
        return None
    return wonder.sides[side][:stages]


def _check_room(wonders: Mapping, at: str, raw: dict, leaders: list, buried: list,
                problems) -> None:
    """Buried leaders only under built burying stages; no more leaders than the city holds."""
    built = _built_stages(wonders, raw)
    if built is None:
        return
    burying = sum(1 for stage in built for effect in stage.effects if effect.type == BURY)
    if len(buried) > burying:
        problems.add_counted(
            f"{at}.buried", "too_many_buried",
            *N_plural("%(num)d leader is buried, but the built wonder stages bury only "
                      "%(maximum)d (Abu Simbel buries one per stage that shows it).",
                      "%(num)d leaders are buried, but the built wonder stages bury only "
                      "%(maximum)d (Abu Simbel buries one per stage that shows it)."),
            len(buried), count=len(buried), maximum=burying)
    slots = LEADERS_PER_CITY + sum(1 for stage in built for effect in stage.effects
                                   if effect.type == EXTRA_RECRUIT)
    held = len(leaders) + len(buried)
    if held > slots and buried:  # a buried leader was recruited too: say which are which
        problems.add(f"{at}.leaders", "too_many_leaders",
                     N_("A city recruits at most %(maximum)d leaders (one per Age, one more per "
                        "built Roma night stage that recruits), but this one holds "
                        "%(recruited)d recruited + %(buried)d buried."),
                     maximum=slots, count=held, recruited=len(leaders), buried=len(buried))
    elif held > slots:
        problems.add(f"{at}.leaders", "too_many_leaders",
                     N_("A city recruits at most %(maximum)d leaders (one per Age, one more per "
                        "built Roma night stage that recruits), but this one holds %(count)d."),
                     maximum=slots, count=held)


def check_table(players: list, table: TableLeaders, problems,
                limits: Mapping[str, int] = MappingProxyType(LOOSE_LIMITS),
                battles: int = LOOSE_BATTLES) -> None:
    """Table-wide rules: each leader once in a game; conflict tokens the leaders allow.

    ``limits`` and ``battles`` are the ruleset's own token limits (``LOOSE_LIMITS`` and
    ``LOOSE_BATTLES``, or wider when another expansion's cards give tokens too): counts over
    them are the game validator's to report, so that each is reported once."""
    for paths in table.holders.values():
        for path in paths[1:]:
            problems.add(path, "duplicate_leader",
                         N_("This leader is already in another city (%(first)s): each leader "
                            "is in a game once."), first=paths[0])
    seats = len(players)
    for index, raw in enumerate(players):
        if not isinstance(raw, dict) or not isinstance(raw.get("tokens", {}), dict):
            continue
        if index >= len(table.seats) or table.seats[index] is None:
            continue
        check_tokens(f"players[{index}]", raw.get("tokens", {}), table.seats[index],
                     [table.seats[(index + 1) % seats] if (index + 1) % seats < len(table.seats)
                      else None, table.seats[index - 1]], problems,
                     table.card_victories[index] if index < len(table.card_victories) else (),
                     limits, battles)


def token_limits(own: tuple[Leader, ...], neighbours: list) -> tuple[int, int, int, int]:
    """(victory tokens of one Age, how many Ages may have one more, defeats, tokens in all).

    Two battles per Age give at most two victory tokens of that Age and six tokens in all.
    Nitocris adds one victory token of the Age she is recruited in (one Age only). A neighbour
    of Tomyris may also receive her defeat token in each battle he wins against her: up to
    one more defeat per Age (rulings item 20). Telesilla only takes tokens away.
    """
    extra_victory = int(any(e.type == EXTRA_VICTORY for leader in own for e in leader.effects))
    tomyris = sum(1 for seat in neighbours if seat
                  for leader in seat for e in leader.effects if e.type == DEFEAT_TO_WINNER)
    extra_defeats = len(AGES) * min(tomyris, 1) if tomyris else 0
    return (BASE_VICTORIES_PER_AGE, extra_victory, BASE_DEFEATS + extra_defeats,
            BASE_BATTLES + extra_victory + extra_defeats)


def check_tokens(at: str, tokens: dict, own: tuple[Leader, ...], neighbours: list,
                 problems, card_victories: tuple[int, ...] = (),
                 limits: Mapping[str, int] = MappingProxyType(LOOSE_LIMITS),
                 battles: int = LOOSE_BATTLES) -> None:
    """Refine the ruleset's loose token limits (``limits`` and ``battles``: at least
    ``LOOSE_LIMITS``, the most any leaders allow) to what this city's leaders and neighbours
    make possible, with one more victory token of an Age per building of that Age that gives
    one (``card_victories``: their Ages); counts over the ruleset's limits are already reported
    by the game validator."""
    base_per_age, extra_victory, defeats, total = token_limits(own, neighbours)
    total += len(card_victories)
    counts = {kind: value for kind, value in tokens.items()
              if isinstance(value, int) and not isinstance(value, bool) and 0 <= value
              and (kind != "defeat" or value <= limits.get(kind, 0))}
    allowance = extra_victory
    held = 0
    for age, kind in enumerate(VICTORY_KINDS, start=1):
        count = counts.get(kind, 0)
        per_age = base_per_age + card_victories.count(age)
        if count <= per_age:
            held += count
            continue
        if count == per_age + 1 and allowance:
            allowance -= 1
            held += count
            continue
        if count > limits.get(kind, 0):
            continue  # over the ruleset's limit: reported by the game validator
        problems.add(f"{at}.tokens.{kind}", "too_many_tokens",
                     N_("At most %(maximum)d tokens of this kind fit this city with its "
                        "buildings that give one and the leaders at this table (got %(value)d).")
                     if age in card_victories else
                     N_("At most %(maximum)d tokens of this kind fit one city with the leaders "
                        "at this table (got %(value)d)."),
                     maximum=per_age + (1 if allowance else 0),
                     value=count)
    if counts.get("defeat", 0) > defeats:
        problems.add(f"{at}.tokens.defeat", "too_many_tokens",
                     N_("At most %(maximum)d tokens of this kind fit one city with the leaders "
                        "at this table (got %(value)d)."), maximum=defeats, value=counts["defeat"])
    else:
        held += counts.get("defeat", 0)
    # a count over its kind's limit is reported once, not again in the total
    if held > total and held <= battles:
        problems.add(f"{at}.tokens", "too_many_tokens",
                     N_("With the leaders at this table this city can hold at most %(maximum)d "
                        "conflict tokens in all (got %(value)d)."), maximum=total, value=held)
